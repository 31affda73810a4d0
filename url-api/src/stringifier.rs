//! The stringifier of `URLSearchParams` (spec 6.2): `Display`, `serialize` and `to_string`.
//! Apart from `search_params.rs` so that the list's own file stays under the size limit; the
//! serializer itself is `form::serialize`, reached through `UrlSearchParams::serialize_into`.

use alloc::string::String;
use core::fmt;

use crate::search_params::UrlSearchParams;

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

    /// `toString()` (spec 6.2): the same string as [`Display`](fmt::Display) writes, which is
    /// what `params.to_string()` calls. Through `ToString` it would be formatted into a
    /// buffer of its own first and then copied (two allocations); this is
    /// [`serialize`](Self::serialize), one. Generic code (`T: ToString`, `format!`) still
    /// goes through `Display`, with the same result.
    ///
    /// ```
    /// use std::string::ToString;
    /// let mut params = whatwg_url::UrlSearchParams::parse("q=a&b=c d");
    /// params.sort();
    /// assert_eq!(params.to_string(), "b=c+d&q=a");
    /// assert_eq!(params.to_string(), ToString::to_string(&params));
    /// assert_eq!(params.to_string(), format!("{params}"));
    /// ```
    #[allow(
        clippy::inherent_to_string_shadow_display,
        reason = "the same string as Display, in one allocation instead of two"
    )]
    #[inline]
    pub fn to_string(&self) -> String {
        self.serialize()
    }
}
