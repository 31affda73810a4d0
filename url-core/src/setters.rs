//! Record edits that the API setters (spec 6) need besides the state override. Each one
//! changes one component in place, through [`UrlRecord::splice`](crate::splice).

use crate::splice::Edit;
use crate::url::UrlRecord;
use alloc::string::String;
use percent::{FRAGMENT, QUERY, SPECIAL_QUERY, USERINFO, utf8_percent_encode};

/// Which half of the userinfo [`UrlRecord::set_userinfo`] sets.
#[derive(Clone, Copy)]
enum Userinfo {
    Username,
    Password,
}

impl UrlRecord {
    /// Set the username (spec 4.4): `username`, UTF-8 percent-encoded with the userinfo
    /// percent-encode set, becomes the URL's username. The caller checks "cannot have a
    /// username/password/port" first (the API setter returns early then); on such a URL this
    /// does nothing.
    ///
    /// ```
    /// let mut url = url_core::UrlRecord::parse("https://example.com/", None)?;
    /// url.set_username("a b@c");
    /// assert_eq!(url.as_str(), "https://a%20b%40c@example.com/");
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn set_username(&mut self, username: &str) {
        self.set_userinfo(username, Userinfo::Username);
    }

    /// Set the password (spec 4.4): like [`UrlRecord::set_username`], for the password.
    pub fn set_password(&mut self, password: &str) {
        self.set_userinfo(password, Userinfo::Password);
    }

    /// The username or the password, as the two setters above say: one compiled copy of the
    /// userinfo splice for both.
    fn set_userinfo(&mut self, value: &str, which: Userinfo) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let value = utf8_percent_encode(value, USERINFO);
        // The other one, copied (no allocation when empty): the splice borrows the record
        // mutably.
        let other = String::from(match which {
            Userinfo::Username => self.password(),
            Userinfo::Password => self.username(),
        });
        let (username, password) = match which {
            Userinfo::Username => (&*value, &*other),
            Userinfo::Password => (&*other, &*value),
        };
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice(Edit::Userinfo { username, password });
    }

    /// Sets the port; the scheme's default port is stored as null, as the port state does.
    /// Does nothing on a URL that cannot have a port.
    pub fn set_port(&mut self, port: Option<u16>) {
        if self.cannot_have_username_password_port() {
            return;
        }
        let port = port.filter(|&p| Some(p) != self.default_port());
        let _ = self.splice(Edit::Port(port));
    }

    /// Empties the path: a list path becomes « » (the `pathname` setter's "empty this's URL's
    /// path"); an opaque path becomes the empty string.
    pub fn clear_path(&mut self) {
        // Removing text never makes the URL too long.
        let _ = self.splice(Edit::Path(""));
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
        let _ = self.splice(Edit::Query(encoded.as_deref()));
    }

    /// Sets the query to the empty string: the `search` setter's step 5, before it parses
    /// the value into the query. What `set_query(Some(""))` does, without calling the
    /// percent-encoder for nothing (measured: that call and the general `Option` handling
    /// cost the search setter about 120 instructions).
    ///
    /// ```
    /// let mut url = url_core::UrlRecord::parse("https://example.com/p?a=1#f", None)?;
    /// url.set_empty_query();
    /// assert_eq!(url.as_str(), "https://example.com/p?#f");
    /// assert_eq!(url.query(), Some(""));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn set_empty_query(&mut self) {
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice(Edit::Query(Some("")));
    }

    /// Sets the fragment to the empty string: the `hash` setter's step 5, like
    /// [`UrlRecord::set_empty_query`].
    ///
    /// ```
    /// let mut url = url_core::UrlRecord::parse("https://example.com/p?a=1", None)?;
    /// url.set_empty_fragment();
    /// assert_eq!(url.as_str(), "https://example.com/p?a=1#");
    /// assert_eq!(url.fragment(), Some(""));
    /// # Ok::<(), url_core::ParseError>(())
    /// ```
    pub fn set_empty_fragment(&mut self) {
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice(Edit::Fragment(Some("")));
    }

    /// Sets the fragment to null or to `fragment`, percent-encoding with the fragment
    /// percent-encode set as the fragment state does.
    pub fn set_fragment(&mut self, fragment: Option<&str>) {
        let encoded = fragment.map(|f| utf8_percent_encode(f, FRAGMENT));
        // Fails only when the URL would be too long: then it stays as it was.
        let _ = self.splice(Edit::Fragment(encoded.as_deref()));
    }
}
