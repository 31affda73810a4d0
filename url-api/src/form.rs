//! The bridge to `form-urlencoded` (spec 5): the only place this crate parses or serializes
//! application/x-www-form-urlencoded text.

use alloc::string::String;

use crate::pair_list::PairList;

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
