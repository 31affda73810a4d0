//! trurl's encodings and its view of the query: the pairs between separators, each kept
//! encoded in trurl's form (decoded, then encoded again: `+` for a space, lowercase hex) and
//! decoded. These are trurl's interface (how its query options read and write a query and how
//! it prints values), not the URL Standard's: the standard's parser and setters take the query
//! trurl mode writes as it is.

use std::borrow::Cow;

/// The bytes trurl leaves unencoded: ASCII letters and digits, `-`, `.`, `_`, `~`.
fn unreserved(byte: u8) -> bool {
    byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'.' | b'_' | b'~')
}

const HEX: &[u8; 16] = b"0123456789abcdef";

/// Percent-encodes every byte of `text` but the unreserved ones and those `keep` accepts, in
/// lowercase hex (curl's escaping); a space is `+` when `plus`.
pub fn encode(text: &[u8], keep: impl Fn(u8) -> bool, plus: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text {
        if plus && byte == b' ' {
            out.push('+');
        } else if unreserved(byte) || keep(byte) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 15)]));
        }
    }
    out
}

/// The value of a trurl `--set COMPONENT=VALUE` as trurl encodes it before setting it
/// (`:=` skips this): a path keeps its slashes, a query gets `+` for a space.
pub fn encode_set(component: &str, value: &str) -> String {
    match component {
        "path" => encode(value.as_bytes(), |b| b == b'/', false),
        "query" => encode(value.as_bytes(), |_| false, true),
        _ => encode(value.as_bytes(), |_| false, false),
    }
}

/// Percent-decodes `text` (spec 1.3: a `%` without two hex digits stays).
pub fn decode(text: &str) -> Cow<'_, [u8]> {
    whatwg_url::percent_decode_str(text)
}

/// One side of a pair in trurl's form: `+` read as a space, decoded, encoded again.
fn normalize_side(side: &str) -> String {
    let spaced = side.replace('+', " ");
    encode(&decode(&spaced), |b| b == b'*', true)
}

/// A pair (`name=value` or `name`) in trurl's form: each side decoded and encoded again; the
/// first `=` is kept.
pub fn normalize(pair: &str) -> String {
    match pair.split_once('=') {
        Some((name, value)) => format!("{}={}", normalize_side(name), normalize_side(value)),
        None => normalize_side(pair),
    }
}

/// trurl's encoding of data given for a pair (`--append query=`, `--replace`): each side of
/// the first `=` encoded, then put in trurl's form.
pub fn from_data(data: &str) -> String {
    let encoded = match data.split_once('=') {
        Some((name, value)) => format!(
            "{}={}",
            encode(name.as_bytes(), |_| false, false),
            encode(value.as_bytes(), |_| false, false)
        ),
        None => encode(data.as_bytes(), |_| false, false),
    };
    normalize(&encoded)
}

/// The name of a pair (all of it without `=`).
pub fn name(pair: &str) -> &str {
    pair.split_once('=').map_or(pair, |(name, _)| name)
}

/// The pairs of `query` between `separator`s, empty ones left out.
pub fn split(query: &str, separator: char) -> impl Iterator<Item = &str> {
    query.split(separator).filter(|pair| !pair.is_empty())
}

/// A decoded pair: name and value (`None` without `=`), as bytes.
pub fn decoded(pair: &str) -> (Vec<u8>, Option<Vec<u8>>) {
    match pair.split_once('=') {
        Some((name, value)) => (decode(name).into_owned(), Some(decode(value).into_owned())),
        None => (decode(pair).into_owned(), None),
    }
}

/// trurl's `--qtrim` pattern: a name, or a prefix when it ends with `*` (`\*` for a literal
/// one), compared without regard to ASCII case against the name of a pair in trurl's form.
pub fn trims(pattern: &str, pair: &str) -> bool {
    let name = name(pair).as_bytes();
    if let Some(literal) = pattern.strip_suffix("\\*") {
        let exact = format!("{literal}*");
        return name.eq_ignore_ascii_case(exact.as_bytes());
    }
    match pattern.strip_suffix('*') {
        Some(prefix) => name
            .get(..prefix.len())
            .is_some_and(|start| start.eq_ignore_ascii_case(prefix.as_bytes())),
        None => name.eq_ignore_ascii_case(pattern.as_bytes()),
    }
}

/// trurl's `--sort-query` order: the pairs compared byte by byte with ASCII letters folded to
/// lowercase, up to the shorter one's length (pairs equal that far keep their order).
pub fn sort(pairs: &mut [String]) {
    pairs.sort_by(|a, b| {
        let fold = |s: &String| s.bytes().map(|b| b | 0x20).collect::<Vec<u8>>();
        let (a, b) = (fold(a), fold(b));
        let len = a.len().min(b.len());
        a[..len].cmp(&b[..len])
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trurls_forms() {
        assert_eq!(normalize("a%20b=c+d%5D*"), "a+b=c+d%5d*");
        assert_eq!(normalize("x"), "x");
        assert_eq!(from_data("quest=%00"), "quest=%2500");
        assert_eq!(from_data("a b"), "a+b");
        assert_eq!(encode_set("path", "/a b\\"), "/a%20b%5c");
        assert_eq!(encode_set("query", "user=me x"), "user%3dme+x");
        assert_eq!(&*decode("%41%g1%"), b"A%g1%");
        assert!(trims("utm_*", "UTM_source=x"));
        assert!(!trims("utm_*", "utm=x"));
        assert!(trims("\\*", "*=moo"));
        assert!(!trims("\\*", "x=moo"));
        let mut pairs = vec!["utm=1".to_owned(), "B=2".into(), "a=3".into()];
        sort(&mut pairs);
        assert_eq!(pairs, ["a=3", "B=2", "utm=1"]);
    }
}
