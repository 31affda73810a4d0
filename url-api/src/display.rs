//! URL rendering (spec 4.8): the form of a URL meant for people who make a security or trust
//! decision from it, such as the text of an address bar.
//!
//! The rendering starts from the URL serializer's output (spec 4.5) and changes it as 4.8
//! says:
//!
//! - **Hosts** (4.8.3; July 2026: "only if the host is a domain") go through domain to
//!   Unicode, except where the Unicode form could mislead: see [`domain_to_display`] for the
//!   rule. IP addresses and opaque hosts are shown as serialized.
//! - **Percent-encoded bytes** in the path, query, fragment and credentials (4.8.3) are decoded
//!   where the result is printable UTF-8 that re-encodes to the same bytes: see
//!   [`percent_decode_for_display`].
//! - **Bidirectional text** (4.8.3: "as if it were in a left-to-right embedding"): each
//!   component holding a right-to-left character (bidi class R or AL, or an Arabic number,
//!   AN) is wrapped in U+2068 FIRST STRONG ISOLATE … U+2069 POP DIRECTIONAL ISOLATE, and then
//!   the whole rendering in U+2066 LEFT-TO-RIGHT ISOLATE … U+2069. The components are the
//!   credentials, the host, each path segment (an opaque path as a whole), the query and the
//!   fragment; the separators (`://`, `@`, `:`, `/`, `?`, `#`) stay outside the isolates. So
//!   an RTL host cannot pull the path's digits or segments into its run and trade places
//!   with them on screen, and the components read left to right in their URL order. A
//!   rendering without right-to-left text has no isolates. The URL's own text cannot hold
//!   bidi controls: the parser percent-encodes them and this module never decodes them.
//! - **Simplification and elision** (4.8.1, 4.8.2), by [`DisplayOptions`]: credentials are
//!   left out by default ("should not render"); the scheme of `http:` and `https:`, a lone
//!   trailing `/`, the query and the fragment can be; the host alone can be rendered; and a
//!   long host can be cut from its lowest-level label, never into its registrable domain.
//!
//! ```
//! use whatwg_url::Url;
//! use whatwg_url::display::DisplayOptions;
//!
//! let url = Url::parse("https://user:pw@xn--bcher-kva.example/%E6%97%A5%E6%9C%AC?q=%C3%A9#top", None)?;
//! assert_eq!(url.to_display_string(), "https://bücher.example/日本?q=é#top");
//!
//! let mut options = DisplayOptions::new();
//! options.elide_scheme = true;
//! options.elide_query = true;
//! options.elide_fragment = true;
//! assert_eq!(url.to_display_string_with(&options), "bücher.example/日本");
//! assert_eq!(url.to_display_string_with(&DisplayOptions::host_only()), "bücher.example");
//!
//! // 4.8.1: credentials could be mistaken for the host; they are not rendered.
//! let url = Url::parse("https://examplecorp.com@attacker.example/", None)?;
//! assert_eq!(url.to_display_string(), "https://attacker.example/");
//! # Ok::<(), whatwg_url::ParseError>(())
//! ```

mod chars;
mod decode;
mod unicode_host;

use alloc::borrow::Cow;
use alloc::string::String;

use url_core::{HostKind, SchemeType};

use crate::Url;

pub use decode::percent_decode_for_display;
pub use unicode_host::domain_to_display;

/// U+2066 LEFT-TO-RIGHT ISOLATE: opens the whole rendering when it holds RTL text.
const LRI: char = '\u{2066}';
/// U+2068 FIRST STRONG ISOLATE: opens a component that holds RTL text.
const FSI: char = '\u{2068}';
/// U+2069 POP DIRECTIONAL ISOLATE: closes either.
const PDI: char = '\u{2069}';

/// What [`Url::to_display_string_with`] renders and how (spec 4.8). [`DisplayOptions::new`]
/// (also the [`Default`]) renders everything the spec allows except the credentials, with the
/// host in Unicode, percent-encoded bytes decoded and bidi isolation on.
///
/// ```
/// use whatwg_url::display::DisplayOptions;
///
/// let mut options = DisplayOptions::new();
/// options.elide_trailing_slash = true;
/// let url = whatwg_url::Url::parse("http://example.com/", None)?;
/// assert_eq!(url.to_display_string_with(&options), "http://example.com");
/// # Ok::<(), whatwg_url::ParseError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct DisplayOptions {
    /// Render only the host (4.8.1: "browsers may render only a URL's host"), with its
    /// hostname only (no port). A URL whose host is null or empty is rendered as if this
    /// were off.
    pub host_only: bool,
    /// Leave out `http://` and `https://` (4.8.1). The spec allows it only where "the display
    /// surface only ever permits a single scheme"; other schemes are always rendered.
    pub elide_scheme: bool,
    /// Leave out the username and password (4.8.1: they "should not" be rendered, as they
    /// can be mistaken for the host). On by default.
    pub elide_credentials: bool,
    /// Leave out a path that is just `/` when nothing is rendered after it and the URL has a
    /// non-empty host (`https://example.com/` as `https://example.com`).
    pub elide_trailing_slash: bool,
    /// Leave out the query.
    pub elide_query: bool,
    /// Leave out the fragment.
    pub elide_fragment: bool,
    /// Render a domain through domain to Unicode where it cannot mislead
    /// ([`domain_to_display`], 4.8.3). On by default.
    pub unicode_host: bool,
    /// Decode percent-encoded bytes where the result is printable and re-encodes to the same
    /// bytes ([`percent_decode_for_display`], 4.8.3). On by default.
    pub decode_percent: bool,
    /// Wrap right-to-left components in bidi isolates (4.8.3; see the [module
    /// docs](self)). On by default.
    pub bidi_isolation: bool,
    /// When set, a domain longer than this many characters loses domain labels from its
    /// lowest level, replaced by `…` (4.8.2: `examplecorp.com.evil.com` as `…com.evil.com`),
    /// but never its registrable domain (with the `psl` feature; without it, never its last
    /// two labels), even if that is longer.
    pub max_host_chars: Option<usize>,
}

impl DisplayOptions {
    /// Everything but the credentials, with the host in Unicode, decoding and isolation on.
    pub const fn new() -> DisplayOptions {
        DisplayOptions {
            host_only: false,
            elide_scheme: false,
            elide_credentials: true,
            elide_trailing_slash: false,
            elide_query: false,
            elide_fragment: false,
            unicode_host: true,
            decode_percent: true,
            bidi_isolation: true,
            max_host_chars: None,
        }
    }

    /// Only the host (4.8.1), in Unicode where it cannot mislead.
    ///
    /// ```
    /// use whatwg_url::{display::DisplayOptions, Url};
    ///
    /// let url = Url::parse("https://www.xn--mller-kva.example:8443/a?b#c", None)?;
    /// assert_eq!(url.to_display_string_with(&DisplayOptions::host_only()), "www.müller.example");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub const fn host_only() -> DisplayOptions {
        let mut options = DisplayOptions::new();
        options.host_only = true;
        options
    }
}

impl Default for DisplayOptions {
    fn default() -> DisplayOptions {
        DisplayOptions::new()
    }
}

impl Url {
    /// The URL rendered for people (spec 4.8) with [`DisplayOptions::new`]: the host in
    /// Unicode unless that could mislead, printable percent-encoded UTF-8 decoded, no
    /// credentials, and right-to-left components isolated. See the [`display`](crate::display)
    /// module.
    ///
    /// ```
    /// use whatwg_url::Url;
    ///
    /// let url = Url::parse("http://xn--nxasmm1c.example/%CE%B1?%CE%B2#%CE%B3", None)?;
    /// assert_eq!(url.to_display_string(), "http://βόλος.example/α?β#γ");
    /// // A spoof: Cyrillic "аррӏе" looks like "apple", so the ASCII form stays.
    /// let url = Url::parse("https://xn--80ak6aa92e.com/", None)?;
    /// assert_eq!(url.to_display_string(), "https://xn--80ak6aa92e.com/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn to_display_string(&self) -> String {
        self.to_display_string_with(&DisplayOptions::new())
    }

    /// The URL rendered for people (spec 4.8) with `options`.
    ///
    /// ```
    /// use whatwg_url::{display::DisplayOptions, Url};
    ///
    /// // An RTL host is isolated, so it cannot swap places with the path on screen.
    /// let url = Url::parse("https://xn--4dbrk0ce.example/1/2", None)?;
    /// assert_eq!(
    ///     url.to_display_string(),
    ///     "\u{2066}https://\u{2068}ישראל.example\u{2069}/1/2\u{2069}"
    /// );
    /// let mut options = DisplayOptions::new();
    /// options.bidi_isolation = false;
    /// assert_eq!(url.to_display_string_with(&options), "https://ישראל.example/1/2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn to_display_string_with(&self, options: &DisplayOptions) -> String {
        let mut rendering = Rendering {
            out: String::with_capacity(self.href().len() + 8),
            options,
            isolated: false,
        };
        let url = &self.inner;
        let host = self.display_host(options);
        let has_host = host.as_deref().is_some_and(|h| !h.is_empty());
        if let Some(host) = host.as_deref().filter(|_| options.host_only && has_host) {
            rendering.component(host, false);
            return rendering.finish();
        }

        // The URL serializer (spec 4.5), step by step.
        // Step 1: the scheme and ":" (4.8.1: http(s) may be left out, with the "//").
        let elide_scheme = options.elide_scheme
            && matches!(url.scheme_type(), SchemeType::Http | SchemeType::Https);
        if !elide_scheme {
            rendering.out.push_str(url.scheme());
            rendering.out.push(':');
        }
        // Step 2: the authority.
        if let Some(host) = &host {
            if !elide_scheme {
                rendering.out.push_str("//");
            }
            if url.includes_credentials() && !options.elide_credentials {
                rendering.component(url.username(), true);
                if !url.password().is_empty() {
                    rendering.out.push(':');
                    rendering.component(url.password(), true);
                }
                rendering.out.push('@');
            }
            rendering.component(host, false);
            if let Some(port) = url.port_str() {
                rendering.out.push(':');
                rendering.out.push_str(port);
            }
        }
        // Step 3: the "/." that keeps a path starting with "//" from reading as a host.
        let path = url.path();
        if host.is_none() && !url.has_opaque_path() && path.starts_with("//") {
            rendering.out.push_str("/.");
        }
        let query = url.query().filter(|_| !options.elide_query);
        let fragment = url.fragment().filter(|_| !options.elide_fragment);
        // Step 4: the path, each segment its own component (an opaque path is one).
        match url.path_segments() {
            None => rendering.component(path, true),
            Some(_)
                if options.elide_trailing_slash
                    && path == "/"
                    && has_host
                    && query.is_none()
                    && fragment.is_none() => {}
            Some(segments) => {
                for segment in segments {
                    rendering.out.push('/');
                    rendering.component(segment, true);
                }
            }
        }
        // Steps 5 and 6: the query and the fragment.
        if let Some(query) = query {
            rendering.out.push('?');
            rendering.component(query, true);
        }
        if let Some(fragment) = fragment {
            rendering.out.push('#');
            rendering.component(fragment, true);
        }
        rendering.finish()
    }

    /// The host as rendered: domain to Unicode where it cannot mislead, then elided to
    /// `max_host_chars`; other hosts as serialized. `None` when the host is null.
    fn display_host(&self, options: &DisplayOptions) -> Option<Cow<'_, str>> {
        let serialized = self.inner.host_str()?;
        if self.inner.host_kind() != Some(HostKind::Domain) {
            return Some(Cow::Borrowed(serialized));
        }
        let host = if options.unicode_host {
            domain_to_display(serialized)
        } else {
            Cow::Borrowed(serialized)
        };
        Some(match options.max_host_chars {
            Some(max) => elide_host(host, max, self.kept_labels()),
            None => host,
        })
    }

    /// How many labels (counting from the top level) host elision keeps at least: those of
    /// the registrable domain, or all of them when the host is a public suffix.
    #[cfg(feature = "psl")]
    fn kept_labels(&self) -> usize {
        let labels = |s: &str| s.split('.').count();
        match self.registrable_domain() {
            Some(domain) => labels(domain),
            None => self.inner.host_str().map_or(0, labels),
        }
    }

    /// How many labels host elision keeps at least: without the Public Suffix List, two.
    #[cfg(not(feature = "psl"))]
    fn kept_labels(&self) -> usize {
        2
    }
}

/// 4.8.2: drops domain labels from the lowest level until `host` fits in `max` characters,
/// keeping at least `keep` labels, and marks the cut with `…`.
fn elide_host(host: Cow<'_, str>, max: usize, keep: usize) -> Cow<'_, str> {
    if host.chars().count() <= max {
        return host;
    }
    let labels = host.split('.').count();
    // Label boundaries from the left: cut after the first `drop` labels and their dots.
    let mut cut = 0;
    for (dropped, (index, _)) in host.match_indices('.').enumerate() {
        if dropped + 1 > labels.saturating_sub(keep) {
            break;
        }
        cut = index + 1;
        let rest = host.get(cut..).unwrap_or_default();
        if rest.chars().count() < max {
            break;
        }
    }
    if cut == 0 {
        return host;
    }
    let mut elided = String::from("…");
    elided.push_str(host.get(cut..).unwrap_or_default());
    Cow::Owned(elided)
}

/// The rendering being written, and whether a component was isolated.
struct Rendering<'o> {
    out: String,
    options: &'o DisplayOptions,
    isolated: bool,
}

impl Rendering<'_> {
    /// Appends a component: percent-decoded if `decode` and the options say so, and in an
    /// FSI … PDI isolate if it holds right-to-left text.
    fn component(&mut self, text: &str, decode: bool) {
        let text = if decode && self.options.decode_percent {
            percent_decode_for_display(text)
        } else {
            Cow::Borrowed(text)
        };
        if self.options.bidi_isolation && text.chars().any(chars::is_right_to_left) {
            self.out.push(FSI);
            self.out.push_str(&text);
            self.out.push(PDI);
            self.isolated = true;
        } else {
            self.out.push_str(&text);
        }
    }

    /// The rendering, in an LRI … PDI isolate if a component was isolated (4.8.3: "as if it
    /// were in a left-to-right embedding").
    fn finish(self) -> String {
        if !self.isolated {
            return self.out;
        }
        let mut out = String::with_capacity(self.out.len() + 6);
        out.push(LRI);
        out.push_str(&self.out);
        out.push(PDI);
        out
    }
}
