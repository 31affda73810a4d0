//! A host's public suffix and registrable domain (spec 3.2), on the Public Suffix List
//! compiled into the [`psl`] crate (feature `psl`, off by default: it is most of a clean build).
//!
//! The list is matched on the domain as the host parser produces it: ASCII, lowercase, with
//! IDN labels in Punycode (`xn--`). The `psl` crate holds every rule in both its Unicode and
//! its Punycode form, so a parsed domain needs no conversion.
//!
//! ```
//! use host::Host;
//!
//! let host = Host::parse("sub.www.EXAMPLE.com").unwrap();
//! assert_eq!(host.public_suffix(), Some("com"));
//! assert_eq!(host.registrable_domain(), Some("example.com"));
//!
//! let host = Host::parse("whatwg.github.io.").unwrap();
//! assert_eq!(host.public_suffix(), Some("github.io."));
//! assert_eq!(host.registrable_domain(), Some("whatwg.github.io."));
//!
//! // Not a domain: null.
//! assert_eq!(Host::parse("192.0.2.1").unwrap().public_suffix(), None);
//! ```
//!
//! The Public Suffix List changes over time (and differs between clients); the answers are
//! those of the list in the `psl` version this crate was built with. Do not rest a security
//! boundary on them: the standard prefers origins for that.
//!
//! Why `psl`: it compiles the list into a `match` on labels (no data to load, `no_std`,
//! `forbid(unsafe_code)`), and a new version is released with each list update, so keeping the
//! list current is a `cargo update`. Measured over the 48,009 hosts of the `kasztp` dataset
//! (registrable domain, release build with LTO): `psl` 2.1 about 50 ns per host;
//! `publicsuffix` 2.3 about 170 ns per host, plus 3.9 ms to parse the list text at start, and
//! it ships no list: we would have to vendor the 230 kB list file and keep it updated
//! ourselves. The two agreed except on 89 hosts, all explained by the older list given to
//! `publicsuffix` (Debian's 2023 copy).

use crate::host::{Host, HostRef};
use psl::Psl as _;

impl<'a> HostRef<'a> {
    /// The public suffix of this host (spec 3.2), `None` (null) unless the host is a domain.
    ///
    /// 1. If host is not a domain, return null.
    /// 2. Let trailingDot be `.` if host ends with `.`, otherwise the empty string.
    /// 3. Let publicSuffix be the public suffix the Public Suffix List algorithm determines
    ///    for host (without its trailing dot). When no rule matches, the `*` rule prevails:
    ///    the last label, so unknown TLDs are their own public suffix.
    /// 4. Return publicSuffix followed by trailingDot.
    ///
    /// The answer is a slice of the domain: the public suffix is always a run of its last
    /// labels. The domain is expected as the host parser writes it (ASCII lowercase; list
    /// rules are matched case-sensitively).
    ///
    /// ```
    /// use host::HostRef;
    /// assert_eq!(HostRef::Domain("www.example.co.uk").public_suffix(), Some("co.uk"));
    /// assert_eq!(HostRef::Domain("example.com.").public_suffix(), Some("com."));
    /// assert_eq!(HostRef::Domain("example.unknowntld").public_suffix(), Some("unknowntld"));
    /// assert_eq!(HostRef::Opaque("example.com").public_suffix(), None);
    /// assert_eq!(HostRef::Empty.public_suffix(), None);
    /// ```
    pub fn public_suffix(&self) -> Option<&'a str> {
        // Step 1.
        let HostRef::Domain(domain) = *self else {
            return None;
        };
        // Steps 2-4: the suffix of the domain made of publicSuffix and trailingDot.
        domain.get(public_suffix_start(domain)..)
    }

    /// The registrable domain of this host (spec 3.2): its public suffix and the domain label
    /// preceding it, or `None` (null).
    ///
    /// 1. If host's public suffix is null, or it equals host, return null.
    /// 2. Let trailingDot be `.` if host ends with `.`, otherwise the empty string.
    /// 3. Let registrableDomain be the registrable domain the Public Suffix List algorithm
    ///    determines for host (without its trailing dot): the public suffix and one more label.
    /// 4. Return registrableDomain followed by trailingDot.
    ///
    /// ```
    /// use host::HostRef;
    /// assert_eq!(HostRef::Domain("a.b.example.co.uk").registrable_domain(), Some("example.co.uk"));
    /// assert_eq!(HostRef::Domain("example.com.").registrable_domain(), Some("example.com."));
    /// assert_eq!(HostRef::Domain("co.uk").registrable_domain(), None);
    /// assert_eq!(HostRef::Domain("github.io").registrable_domain(), None);
    /// ```
    pub fn registrable_domain(&self) -> Option<&'a str> {
        let HostRef::Domain(domain) = *self else {
            return None;
        };
        // Step 1: a domain's public suffix is never null; it equals host when it is the whole
        // domain (host equality of domains is string equality, spec 3.7).
        let start = public_suffix_start(domain);
        if start == 0 {
            return None;
        }
        // Steps 2-4. The public suffix is not the whole domain, so the labels before it end
        // with the `.` that separates them from it; the label preceding the public suffix runs
        // from the `.` before that one (or the start) to it.
        let before_suffix = domain.get(..start).unwrap_or_default();
        let before_separator = before_suffix.strip_suffix('.').unwrap_or(before_suffix);
        let label_start = before_separator.rfind('.').map_or(0, |dot| dot + 1);
        domain.get(label_start..)
    }
}

impl Host {
    /// The public suffix of this host (spec 3.2); see [`HostRef::public_suffix`].
    pub fn public_suffix(&self) -> Option<&str> {
        self.as_ref().public_suffix()
    }

    /// The registrable domain of this host (spec 3.2); see [`HostRef::registrable_domain`].
    pub fn registrable_domain(&self) -> Option<&str> {
        self.as_ref().registrable_domain()
    }
}

/// Where the public suffix followed by trailingDot (spec 3.2, public suffix steps 2-4) starts
/// in `domain`. The list is run on the domain without its trailingDot (one trailing `.`, if
/// any); that is a prefix of `domain`, so an offset in it is one in `domain`.
fn public_suffix_start(domain: &str) -> usize {
    let labels = domain.strip_suffix('.').unwrap_or(domain);
    labels.len().saturating_sub(public_suffix_len(labels))
}

/// The length in bytes of the public suffix of `labels` (a domain without its trailing dot) by
/// the Public Suffix List algorithm.
fn public_suffix_len(labels: &str) -> usize {
    // An empty last label (`labels` empty or ending in `.`: the host was `.` or ended in `..`)
    // matches no rule of the list, so the `*` rule prevails and the public suffix is that empty
    // label. (The `psl` crate would instead drop one more trailing dot.)
    if labels.is_empty() || labels.ends_with('.') {
        return 0;
    }
    match psl::List.suffix(labels.as_bytes()) {
        Some(suffix) => suffix.as_bytes().len(),
        // Not expected for a non-empty domain; the `*` rule: the last label.
        None => labels.len() - labels.rfind('.').map_or(0, |dot| dot + 1),
    }
}
