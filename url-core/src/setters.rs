//! Record edits that the API setters (spec 6) need besides the state override. Each one
//! changes one component: the query and the fragment are spliced into the serialization in
//! place; the others serialize the record again (linear in the URL's length).

use crate::error::ParseError;
use crate::parts::Parts;
use crate::url::{Url, to_u32};
use core::num::NonZeroU32;
use percent::{FRAGMENT, QUERY, SPECIAL_QUERY, USERINFO, utf8_percent_encode};

impl Url {
    /// Replaces `self` with `rebuilt`, unless that failed (too long).
    fn replace_with(&mut self, rebuilt: Result<Url, crate::ParseError>) {
        if let Ok(url) = rebuilt {
            *self = url;
        }
    }

    /// Set the username (spec 4.4): `username`, UTF-8 percent-encoded with the userinfo
    /// percent-encode set, becomes the URL's username. The caller checks "cannot have a
    /// username/password/port" first (the API setter returns early then); on such a URL this
    /// does nothing.
    ///
    /// ```
    /// let mut url = url_core::Url::parse("https://example.com/", None)?;
    /// url.set_username("a b@c");
    /// assert_eq!(url.as_str(), "https://a%20b%40c@example.com/");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn set_username(&mut self, username: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let encoded = utf8_percent_encode(username, USERINFO);
        let rebuilt = Parts {
            username: &encoded,
            ..Parts::of(self)
        }
        .build();
        self.replace_with(rebuilt);
    }

    /// Set the password (spec 4.4): like [`Url::set_username`], for the password.
    pub fn set_password(&mut self, password: &str) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let encoded = utf8_percent_encode(password, USERINFO);
        let rebuilt = Parts {
            password: &encoded,
            ..Parts::of(self)
        }
        .build();
        self.replace_with(rebuilt);
    }

    /// Sets the port; the scheme's default port is stored as null, as the port state does.
    /// Does nothing on a URL that cannot have a port.
    pub fn set_port(&mut self, port: Option<u16>) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let port = port.filter(|&p| Some(p) != self.default_port());
        let rebuilt = Parts {
            port,
            ..Parts::of(self)
        }
        .build();
        self.replace_with(rebuilt);
    }

    /// Empties the path: a list path becomes « » (the `pathname` setter's "empty this's URL's
    /// path"); an opaque path becomes the empty string.
    pub fn clear_path(&mut self) {
        // With a host there is no `/.` guard (spec 4.5, step 3): the path is cut out in place.
        if self.host.is_some() {
            let (start, end) = (self.path_start as usize, self.path_end() as usize);
            self.serialization.replace_range(start..end, "");
            let removed = (end - start) as u32;
            self.query_start = self
                .query_start
                .and_then(|q| NonZeroU32::new(q.get() - removed));
            self.fragment_start = self
                .fragment_start
                .and_then(|f| NonZeroU32::new(f.get() - removed));
            return;
        }
        let rebuilt = Parts {
            path: "",
            ..Parts::of(self)
        }
        .build();
        self.replace_with(rebuilt);
    }

    /// Sets the query to null or to `query`. Bytes the query state would percent-encode
    /// (special-query set for special URLs, query set otherwise; UTF-8) are encoded, so text
    /// that already is a serialized query (e.g. `application/x-www-form-urlencoded` output)
    /// is kept as is. No validation errors.
    pub fn set_query(&mut self, query: Option<&str>) {
        let set = if self.is_special() {
            SPECIAL_QUERY
        } else {
            QUERY
        };
        let encoded = query.map(|q| utf8_percent_encode(q, set));
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice_query(encoded.as_deref());
    }

    /// Sets the fragment to null or to `fragment`, percent-encoding with the fragment
    /// percent-encode set as the fragment state does.
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        let encoded = fragment.map(|f| utf8_percent_encode(f, FRAGMENT));
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice_fragment(encoded.as_deref());
    }

    /// Replaces the query with `query` (null, or text already encoded as a query), in place.
    /// On failure (the URL would be longer than `u32::MAX` bytes) nothing changes.
    pub(crate) fn splice_query(&mut self, query: Option<&str>) -> Result<(), ParseError> {
        let start = self.path_end() as usize;
        let end = self
            .fragment_start
            .map_or(self.serialization.len(), |f| f.get() as usize);
        let added = query.map_or(0, |q| 1 + q.len());
        let new_len = self.serialization.len() - (end - start) + added;
        if u32::try_from(new_len).is_err() {
            return Err(ParseError::TooLong);
        }
        match query {
            None => self.serialization.replace_range(start..end, ""),
            Some(q) if end == self.serialization.len() => {
                self.serialization.truncate(start);
                self.serialization.reserve_exact(added);
                self.serialization.push('?');
                self.serialization.push_str(q);
            }
            Some(q) => {
                self.serialization.replace_range(start..end, "?");
                self.serialization.insert_str(start + 1, q);
            }
        }
        self.query_start = query.and_then(|_| NonZeroU32::new(to_u32(start)));
        self.fragment_start = self
            .fragment_start
            .and_then(|_| NonZeroU32::new(to_u32(start + added)));
        Ok(())
    }

    /// Replaces the fragment with `fragment` (null, or text already encoded as a fragment),
    /// in place. On failure (the URL would be longer than `u32::MAX` bytes) nothing changes.
    pub(crate) fn splice_fragment(&mut self, fragment: Option<&str>) -> Result<(), ParseError> {
        let start = self
            .fragment_start
            .map_or(self.serialization.len(), |f| f.get() as usize);
        let added = fragment.map_or(0, |f| 1 + f.len());
        if u32::try_from(start + added).is_err() {
            return Err(ParseError::TooLong);
        }
        self.serialization.truncate(start);
        self.fragment_start = None;
        if let Some(fragment) = fragment {
            self.serialization.reserve_exact(added);
            self.fragment_start = NonZeroU32::new(to_u32(start));
            self.serialization.push('#');
            self.serialization.push_str(fragment);
        }
        Ok(())
    }
}
