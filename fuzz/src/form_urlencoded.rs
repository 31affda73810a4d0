//! Target `form_urlencoded`: the application/x-www-form-urlencoded parser and serializer
//! (spec 5) against a reference model written from the spec's steps.
//!
//! Input: the whole input is parsed as bytes; its chunks, each split at `0xFE` into a name and
//! a value, are serialized. Properties:
//! - the parser gives what [`model_parse`] gives, through every entry point;
//! - the serializer gives what [`model_serialize`] gives;
//! - parse ∘ serialize is the identity on pairs, and serialize ∘ parse ∘ serialize is
//!   serialize.

use std::borrow::Borrow;

use crate::input;

/// Pairs of a `URLSearchParams` list.
pub type Pairs = Vec<(String, String)>;

/// The application/x-www-form-urlencoded parser (spec 5.1), step by step and byte by byte.
pub fn model_parse(input: &[u8]) -> Pairs {
    // Step 1: split on "&".
    let mut output = Vec::new();
    for sequence in input.split(|&b| b == b'&') {
        // Step 3.1: skip empty sequences.
        if sequence.is_empty() {
            continue;
        }
        // Steps 3.2-3.3: split at the first "=".
        let (name, value) = match sequence.iter().position(|&b| b == b'=') {
            Some(i) => (&sequence[..i], &sequence[i + 1..]),
            None => (sequence, &[][..]),
        };
        // Steps 3.4-3.5: "+" becomes a space, then percent-decode and UTF-8 decode without BOM
        // or fail (invalid sequences become U+FFFD).
        let decode = |bytes: &[u8]| {
            let plus: Vec<u8> = bytes
                .iter()
                .map(|&b| if b == b'+' { b' ' } else { b })
                .collect();
            String::from_utf8_lossy(&model_percent_decode(&plus)).into_owned()
        };
        output.push((decode(name), decode(value)));
    }
    output
}

/// Percent-decode a byte sequence (spec 1.3), byte by byte.
pub fn model_percent_decode(input: &[u8]) -> Vec<u8> {
    let mut output = Vec::with_capacity(input.len());
    let mut i = 0;
    while i < input.len() {
        let byte = input[i];
        let hex = |j: usize| input.get(j).and_then(|&b| (b as char).to_digit(16));
        match (byte, hex(i + 1), hex(i + 2)) {
            (b'%', Some(high), Some(low)) => {
                // Both digits are below 16.
                output.push(u8::try_from(high * 16 + low).unwrap_or_default());
                i += 3;
            }
            _ => {
                output.push(byte);
                i += 1;
            }
        }
    }
    output
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with UTF-8, byte by byte: ASCII
/// alphanumerics and `*-._` as they are, space as `+`, every other byte `%XX`.
pub fn model_serialize<P: Borrow<(String, String)>>(pairs: &[P]) -> String {
    let mut output = String::new();
    let encode = |s: &str, output: &mut String| {
        for &b in s.as_bytes() {
            match b {
                b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'*' | b'-' | b'.' | b'_' => {
                    output.push(b as char)
                }
                b' ' => output.push('+'),
                _ => {
                    const HEX: &[u8; 16] = b"0123456789ABCDEF";
                    output.push('%');
                    output.push(HEX[usize::from(b >> 4)] as char);
                    output.push(HEX[usize::from(b & 15)] as char);
                }
            }
        }
    };
    for (i, pair) in pairs.iter().enumerate() {
        let (name, value) = pair.borrow();
        if i > 0 {
            output.push('&');
        }
        encode(name, &mut output);
        output.push('=');
        encode(value, &mut output);
    }
    output
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    // The parser, through each entry point.
    let pairs = form_urlencoded::parse_to_vec(data);
    assert_eq!(pairs, model_parse(data), "parse {data:?}");
    let lazy: Pairs = form_urlencoded::parse(data)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(lazy, pairs, "the lazy parser on {data:?}");
    let text = input::text(data);
    let from_str: Pairs = form_urlencoded::parse_str(&text)
        .map(|(n, v)| (n.into_owned(), v.into_owned()))
        .collect();
    assert_eq!(from_str, model_parse(text.as_bytes()), "parse_str {text:?}");
    round_trip(&pairs);

    // Pairs from the chunks.
    let chunk_pairs: Pairs = input::chunks(data)
        .map(|chunk| {
            let (name, value) = input::pair(chunk);
            (name.into_owned(), value.unwrap_or_default().into_owned())
        })
        .collect();
    round_trip(&chunk_pairs);
}

/// serialize then parse gives `pairs` back; the serializer agrees with the model and with
/// itself through each entry point.
pub fn round_trip(pairs: &[(String, String)]) {
    let serialized = form_urlencoded::serialize_utf8(pairs);
    assert_eq!(serialized, model_serialize(pairs), "serialize {pairs:?}");
    let mut appended = String::from("prefix?");
    let mut serializer = form_urlencoded::Serializer::new(&mut appended);
    for (name, value) in pairs {
        serializer.append_pair(name, value);
    }
    assert_eq!(
        appended.strip_prefix("prefix?"),
        Some(serialized.as_str()),
        "Serializer::append_pair after a prefix"
    );
    let parsed = form_urlencoded::parse_to_vec(serialized.as_bytes());
    // Every pair comes back, even an empty one ("=" parses to ("", "")).
    assert_eq!(parsed, pairs, "parse(serialize(pairs)) for {serialized:?}");
    assert_eq!(
        form_urlencoded::serialize_utf8(&parsed),
        serialized,
        "serialize is not stable under parse"
    );
}
