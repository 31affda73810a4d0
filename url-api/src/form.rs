//! The bridge to `form-urlencoded` (spec 5): the only place this crate parses or serializes
//! application/x-www-form-urlencoded text.

use alloc::string::String;
use core::fmt;

use crate::pair_list::PairList;
use crate::search_params::UrlSearchParams;

/// The application/x-www-form-urlencoded string parser (spec 5.3) on `input`: the list of a
/// `URLSearchParams`.
pub(crate) fn parse(input: &str) -> PairList {
    // Decoding never lengthens: `%XX` (3 bytes) becomes 1 byte or, invalid, part of a U+FFFD
    // (3 bytes for up to 3 such bytes); `+` becomes a space. So the input's length holds every
    // name and value, and a little more holds an `append` or two without growing. There is at
    // most one pair per `&`-separated piece.
    const ROOM: usize = 32;
    let pieces = input.bytes().filter(|&b| b == b'&').count() + 1;
    let mut list = PairList::with_capacity(pieces + 1, input.len() + ROOM);
    for (name, value) in form_urlencoded::parse_str(input) {
        list.push(&name, &value);
    }
    list
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with UTF-8, appended to `out`.
pub(crate) fn serialize(list: &PairList, out: &mut String) {
    // At least every name and value, `=` and `&`: one allocation for most lists.
    out.reserve(list.text().len() + 2 * list.len());
    form_urlencoded::Serializer::new(out).extend_pairs(list.iter());
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
