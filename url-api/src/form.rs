//! The bridge to `form-urlencoded` (spec 5): the only place this crate parses or serializes
//! application/x-www-form-urlencoded text.

use alloc::string::String;
use alloc::vec::Vec;

/// The application/x-www-form-urlencoded string parser (spec 5.3) on `input`, collected into
/// owned pairs (the list of a `URLSearchParams`).
pub(crate) fn parse(input: &str) -> Vec<(String, String)> {
    form_urlencoded::parse_to_vec(input.as_bytes())
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with UTF-8, appended to `out`.
pub(crate) fn serialize(list: &[(String, String)], out: &mut String) {
    // At least every name and value, `=` and `&`: one allocation for most lists.
    let least: usize = list.iter().map(|(n, v)| n.len() + v.len() + 2).sum();
    out.reserve(least);
    form_urlencoded::Serializer::new(out).extend_pairs(list);
}
