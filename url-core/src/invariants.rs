//! The record's invariants, checked on demand (for tests and fuzzing).

use crate::parts::Parts;
use crate::scheme::SchemeType;
use crate::url::UrlRecord;
use alloc::format;
use alloc::string::String;
use host::HostKind;

impl UrlRecord {
    /// Checks that the offsets agree with the serialization and that every component can be
    /// re-derived from it: the message says what does not hold.
    ///
    /// ```
    /// let url = url_core::UrlRecord::parse("https://user@example.com:8080/a?b#c", None)?;
    /// assert_eq!(url.check_invariants(), Ok(()));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    // `#[inline]`: compiled only where called (tests, fuzz targets, the `url` facade), not with
    // every build of this crate.
    #[inline]
    pub fn check_invariants(&self) -> Result<(), String> {
        self.check_record()?;
        let s = self.as_str();
        let fail = |what: &str| Err(format!("{what} in {s:?} ({self:?})"));
        // Re-derive: serializing the components gives the same string and offsets.
        let rebuilt = Parts::of(self).build().map_err(|e| format!("{e}"))?;
        if rebuilt.serialization != self.serialization
            || rebuilt.scheme_end != self.scheme_end
            || rebuilt.username_end != self.username_end
            || rebuilt.host_start != self.host_start
            || rebuilt.host_end != self.host_end
            || rebuilt.path_start != self.path_start
            || rebuilt.query_start != self.query_start
            || rebuilt.fragment_start != self.fragment_start
            || rebuilt.port != self.port
            || rebuilt.host != self.host
        {
            return fail(&format!("re-serialized differently: {rebuilt:?}"));
        }
        Ok(())
    }

    /// The record's own rules, without re-deriving it: every offset relation (in order, on
    /// the delimiters they name, within the serialization) and spec 4.1's rules on hosts,
    /// ports, schemes and paths. [`UrlRecord::from_parts`] debug-asserts them for every record made.
    // `#[inline]`: called by `check_invariants` and by debug assertions only, so a release
    // build of this crate does not compile it.
    #[inline]
    pub(crate) fn check_record(&self) -> Result<(), String> {
        let s = self.as_str();
        let len = s.len();
        let fail = |what: &str| Err(format!("{what} in {s:?} ({self:?})"));
        // Offsets are in order and on character boundaries.
        let q = self.query_start.map(|q| q.get() as usize);
        let f = self.fragment_start.map(|f| f.get() as usize);
        let order = [
            self.scheme_end as usize,
            self.username_end as usize,
            self.host_start as usize,
            self.host_end as usize,
            self.path_start as usize,
            q.unwrap_or(self.path_start as usize),
            f.unwrap_or(self.path_start as usize),
        ];
        if order
            .windows(2)
            .take(4)
            .any(|w| matches!(w, [a, b] if a > b))
            || order.iter().any(|&o| o > len)
        {
            return fail("offsets out of order");
        }
        if q.is_some_and(|q| q < self.path_start as usize)
            || f.is_some_and(|f| f < self.path_start as usize || q.is_some_and(|q| f < q))
        {
            return fail("query or fragment before the path");
        }
        if !s.is_ascii() {
            return fail("serialization not ASCII");
        }
        // The scheme.
        let scheme = self.scheme();
        let mut scheme_bytes = scheme.bytes();
        if !scheme_bytes.next().is_some_and(|b| b.is_ascii_lowercase())
            || !scheme_bytes.all(|b| matches!(b, b'a'..=b'z' | b'0'..=b'9' | b'+' | b'-' | b'.'))
        {
            return fail("bad scheme");
        }
        if s.as_bytes().get(self.scheme_end as usize) != Some(&b':') {
            return fail("no ':' after the scheme");
        }
        if SchemeType::from_scheme(scheme) != self.scheme_type {
            return fail("scheme type");
        }
        // Delimiters.
        if q.is_some_and(|q| s.as_bytes().get(q) != Some(&b'?')) {
            return fail("query_start is not '?'");
        }
        if f.is_some_and(|f| s.as_bytes().get(f) != Some(&b'#')) {
            return fail("fragment_start is not '#'");
        }
        // Host rules (spec 4.1's table).
        match (self.host, self.scheme_type) {
            (None, t) if t.is_special() => return fail("special URL without host"),
            (Some(HostKind::Empty), t) if t.is_special() && t != SchemeType::File => {
                return fail("special URL with empty host");
            }
            (Some(HostKind::Opaque), t) if t.is_special() => return fail("opaque host"),
            (Some(HostKind::Domain), SchemeType::NotSpecial) => return fail("domain host"),
            _ => {}
        }
        if self.opaque_path && (self.is_special() || self.host.is_some()) {
            return fail("opaque path with a host or a special scheme");
        }
        if self.port.is_some() && (self.port == self.default_port() || self.host.is_none()) {
            return fail("default port or port without host");
        }
        if let Some(host) = self.host_str() {
            if self.host().is_none() && self.host != Some(HostKind::Empty) {
                return fail("host does not re-parse as its kind");
            }
            if self.host == Some(HostKind::Empty) && !host.is_empty() {
                return fail("empty host kind with text");
            }
            if self.includes_credentials() && self.cannot_have_username_password_port() {
                return fail("credentials on a URL that cannot have them");
            }
        }
        // A list path's segments start with "/".
        if !self.opaque_path && !self.path().is_empty() && !self.path().starts_with('/') {
            return fail("list path without leading '/'");
        }
        Ok(())
    }
}
