//! The bridge to `form-urlencoded` (spec 5): the only place this crate parses or serializes
//! application/x-www-form-urlencoded text.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use crate::search_params::UrlSearchParams;

/// The application/x-www-form-urlencoded string parser (spec 5.3) on `input`, collected into
/// owned pairs (the list of a `URLSearchParams`).
pub(crate) fn parse(input: &str) -> Vec<(String, String)> {
    form_urlencoded::parse_str_to_vec(input)
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with UTF-8, appended to `out`.
pub(crate) fn serialize(list: &[(String, String)], out: &mut String) {
    // At least every name and value, `=` and `&`: one allocation for most lists.
    let least: usize = list.iter().map(|(n, v)| n.len() + v.len() + 2).sum();
    out.reserve(least);
    form_urlencoded::Serializer::new(out).extend_pairs(list);
}

impl fmt::Display for UrlSearchParams {
    /// The stringifier (spec 6.2): the application/x-www-form-urlencoded serializer (spec 5.2)
    /// run on the list.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::new();
    /// params.append("q", "a&b c");
    /// assert_eq!(params.to_string(), "q=a%26b+c");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut out = String::new();
        self.serialize_into(&mut out);
        f.write_str(&out)
    }
}

impl UrlSearchParams {
    /// The serialization (the stringifier, as [`Display`](fmt::Display)), built in one
    /// allocation for most lists: what `to_string()` gives, without the formatter's copy.
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("b=2&a=1 2");
    /// assert_eq!(params.serialize(), "b=2&a=1+2");
    /// assert_eq!(params.serialize(), params.to_string());
    /// ```
    pub fn serialize(&self) -> String {
        let mut out = String::new();
        self.serialize_into(&mut out);
        out
    }
}
