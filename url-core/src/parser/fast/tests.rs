//! The fast path's own tests: the scanner on every chunk boundary, the small recognizers, and
//! each decision the fast path takes early, against the general path (the state machine)
//! wherever it gives a record.

use super::classify::{FRAGMENT_STOP, HOST_STOP, PATH_STOP, STOP, scan};
use super::{is_serialized_ipv4, parse_normal, port};
use crate::url::UrlRecord;
use alloc::vec;

/// The general path's record for `input`, which the fast path must equal where it answers.
/// (The state machine directly, not the `testing` hook: these tests build without features.)
fn general(input: &str) -> UrlRecord {
    UrlRecord::parse_general(input, None, &percent::Utf8, &mut host::NoSink, None).unwrap()
}

#[test]
fn scan_finds_the_first_stop_at_every_position_and_length() {
    // A stop byte at each position of inputs from 0 to 40 bytes: below one chunk, in a
    // chunk, in the overlapping last chunk.
    for len in 0..40 {
        let clean = vec![b'a'; len];
        assert_eq!(scan(&clean, 0, PATH_STOP), len, "no stop in {len} bytes");
        for at in 0..len {
            let mut bytes = clean.clone();
            bytes[at] = b' ';
            for from in 0..=at {
                assert_eq!(
                    scan(&bytes, from, PATH_STOP),
                    at,
                    "len {len}, stop {at}, from {from}"
                );
            }
            assert_eq!(scan(&bytes, at + 1, PATH_STOP), len);
        }
    }
}

#[test]
fn the_stop_table_holds_the_sets_it_is_built_from() {
    // A few members and non-members per scan (the full sets come from `percent` and `host`).
    let stops = |b: u8, class| STOP.contains(b, class);
    assert!(stops(b'A', HOST_STOP) && stops(b':', HOST_STOP) && stops(0x80, HOST_STOP));
    assert!(!stops(b'a', HOST_STOP) && !stops(b'-', HOST_STOP));
    assert!(stops(b' ', PATH_STOP) && stops(b'?', PATH_STOP) && stops(b'.', PATH_STOP));
    assert!(!stops(b'\\', PATH_STOP) && !stops(b'/', PATH_STOP));
    assert!(stops(b' ', FRAGMENT_STOP) && stops(b'`', FRAGMENT_STOP));
    assert!(!stops(b'#', FRAGMENT_STOP) && !stops(b'?', FRAGMENT_STOP));
}

#[test]
fn the_tail_tables_hold_the_sets_they_are_built_from() {
    use super::classify::{
        T_DOT, T_FRAGMENT, T_PATH, T_QUERY, T_SLASH, T_SPECIAL_PATH, T_SPECIAL_QUERY, TAIL,
        UNITS_TAIL,
    };
    let has = |table: &percent::ByteTable, b: u8, class| table.contains(b, class);
    // Dot-segment bytes are not stops of their own, `/` is not a stop.
    for b in [b'.', b'%', b'/'] {
        assert!(
            !has(&TAIL, b, T_PATH | T_SPECIAL_PATH | T_QUERY | T_FRAGMENT),
            "{b}"
        );
    }
    assert!(has(&TAIL, b'.', T_DOT) && has(&TAIL, b'%', T_DOT) && has(&TAIL, b'/', T_SLASH));
    assert!(has(&TAIL, b'?', T_PATH) && has(&TAIL, b'#', T_SPECIAL_PATH));
    assert!(has(&TAIL, b'\\', T_SPECIAL_PATH) && !has(&TAIL, b'\\', T_PATH));
    assert!(has(&TAIL, b'\'', T_SPECIAL_QUERY) && !has(&TAIL, b'\'', T_QUERY));
    assert!(has(&TAIL, b'#', T_QUERY) && !has(&TAIL, b'#', T_FRAGMENT));
    assert!(has(&TAIL, 0x80, T_PATH | T_QUERY | T_FRAGMENT) && has(&TAIL, b'`', T_FRAGMENT));
    // URL units: `%`, `|` and `^` stop a special URL's path, query and fragment; `.` and `'`
    // do not stop its path.
    for b in [b'%', b'|', b'^', b'{'] {
        assert!(has(&UNITS_TAIL, b, T_SPECIAL_PATH), "{b}");
        assert!(has(&UNITS_TAIL, b, T_SPECIAL_QUERY) && has(&UNITS_TAIL, b, T_FRAGMENT));
    }
    assert!(!has(&UNITS_TAIL, b'.', T_SPECIAL_PATH) && !has(&UNITS_TAIL, b'\'', T_FRAGMENT));
}

#[test]
fn serialized_ipv4_is_exactly_the_serializer_output() {
    for host in ["0.0.0.0", "1.2.3.4", "255.255.255.255", "10.0.200.99"] {
        assert!(is_serialized_ipv4(host.as_bytes()), "{host}");
    }
    for host in [
        "256.1.1.1",
        "01.2.3.4",
        "1.2.3",
        "1.2.3.4.5",
        "1..3.4",
        "0x1.2.3.4",
        "",
    ] {
        assert!(!is_serialized_ipv4(host.as_bytes()), "{host}");
    }
}

#[test]
fn port_keeps_only_ports_written_as_the_serializer_would() {
    assert_eq!(port(b":8080/", 0), Some((8080, 5)));
    assert_eq!(port(b":0", 0), Some((0, 2)));
    assert_eq!(port(b":65535", 0), Some((65535, 6)));
    // Left to the general path: a leading zero, an overflow, no digit.
    assert_eq!(port(b":080", 0), None);
    assert_eq!(port(b":65536", 0), None);
    assert_eq!(port(b":123456", 0), None);
    assert_eq!(port(b":/", 0), None);
}

/// The early decisions of the fast path, each marked at the state that takes it in the
/// general path. An accepted input must give the general path's record; a declined one is
/// left to the general path.
#[test]
fn each_early_decision_agrees_with_the_general_path() {
    let accepted = [
        "https://example.com/a/b?q=1#f", // already normal
        "https://EXAMPLE.com/",          // host state: the domain lowercased
        "HTTPS://example.com/",          // scheme state: the scheme lowercased
        "https://example.com",           // path start state: a special URL's empty path is "/"
        "https://example.com:443/",      // port state: the default port dropped
        "http://example.com:8080/x",     // port state: another port kept
        "http://192.168.0.1/",           // host parser: an IPv4 address as serialized
        "foo://host/p?q#f",              // not special: an opaque host
        "foo:/p",                        // not special without a host
        "mailto:me@example.com",         // opaque path
        "file:///etc/hosts",             // file with an empty host
    ];
    for input in accepted {
        let fast = parse_normal(input, None).unwrap_or_else(|| panic!("declined {input:?}"));
        assert_eq!(fast, general(input), "{input:?}");
        assert_eq!(fast.check_invariants(), Ok(()), "{input:?}");
    }
    let declined = [
        "https://user@example.com/",  // authority state: credentials
        "https://example.com/a/../b", // path state: a double-dot segment
        "https://example.com/a/./b",  // path state: a single-dot segment
        "https://example.com/a b",    // path state: a byte to encode
        "https://example.com/%2e/",   // path state: a percent-encoded dot segment
        "https://ex%41mple.com/",     // host parser: percent-decoding
        "https://bücher.example/",    // host parser: IDNA
        "https://[::1]/",             // host parser: IPv6 (re-serialized)
        "https://0x7f.1/",            // host parser: IPv4 in another spelling
        "https://example.com:080/",   // port state: a leading zero
        "https:example.com",          // special authority slashes missing
        "https://example.com\\a",     // a backslash in a special URL
        "/relative",                  // no scheme: needs a base
        " https://example.com/",      // leading space: stripped by the general path
        "https://example.com/?a b",   // query state: a byte to encode
        "https://example.com/#a b",   // fragment state: a byte to encode
    ];
    for input in declined {
        assert_eq!(parse_normal(input, None), None, "accepted {input:?}");
    }
}

/// The path, query and fragment pass (`tail.rs`) at every chunk alignment: a dot segment, a
/// `?`, a `#`, a `%` and a byte to encode at each position of paths of 0 to 24 bytes after hosts
/// of 1 to 9 bytes, and of 25 to 110 bytes (the windows after the first, and the blocks after
/// them) after hosts of 1 and 8 bytes, special or not. Where the fast path answers, it must
/// give the general path's record; where the insert is harmless, it must answer.
#[test]
fn the_tail_pass_agrees_with_the_general_path_at_every_alignment() {
    let harmless = ["?", "#", "/.a", "/a.", "?#", "#?", "?.", "#/..", "/%41"];
    let other = [
        "/.", "/..", "/%2e", "/.%2E/", ".", "%", " ", "\\", "%2", "^", "`", "{", "\"",
    ];
    let check = |host_len: usize, path_len: usize| {
        let host = "h".repeat(host_len);
        let path: alloc::string::String = (0..path_len)
            .map(|k| if k % 5 == 0 { '/' } else { 'a' })
            .collect();
        for at in 0..=path_len {
            for insert in harmless.iter().chain(&other) {
                let mut path = path.clone();
                path.insert_str(at, insert);
                for input in [
                    alloc::format!("https://{host}{path}"),
                    alloc::format!("foo://{host}{path}"),
                ] {
                    match parse_normal(&input, None) {
                        Some(fast) => assert_eq!(fast, general(&input), "{input:?}"),
                        None => assert!(
                            !harmless.contains(insert) || !path.starts_with('/'),
                            "declined {input:?}"
                        ),
                    }
                }
            }
        }
    };
    for host_len in 1..=9 {
        for path_len in 0..=24 {
            check(host_len, path_len);
        }
    }
    for host_len in [1, 8] {
        for path_len in 25..=110 {
            check(host_len, path_len);
        }
    }
}

#[test]
fn plain_host_end_stops_at_the_first_byte_outside_its_set_and_no_host_scan_stops_before() {
    use super::classify::{
        UNITS_STOP, UNITS_UPPER_HOST, UPPER_HOST, UPPER_HOST_STOP, plain_host_end,
    };
    let plain = |b: u8| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.';
    // The set holds nothing that stops a host scan (the premise of skipping it), with or
    // without a listener.
    for b in (0..=u8::MAX).filter(|&b| plain(b)) {
        assert!(!STOP.contains(b, HOST_STOP) && !UPPER_HOST.contains(b, UPPER_HOST_STOP));
        assert!(!UNITS_STOP.contains(b, HOST_STOP));
        assert!(!UNITS_UPPER_HOST.contains(b, UPPER_HOST_STOP));
    }
    // Every byte value at every position of inputs up to 35 bytes long, from every start: the
    // first byte outside the set (or the end), or for input shorter than one block, the start.
    for len in 0..36 {
        for at in 0..len {
            for b in 0..=u8::MAX {
                let mut bytes = vec![b'a'; len];
                bytes[at] = b;
                for from in 0..=len {
                    let end = plain_host_end(&bytes, from);
                    let first = (from..len).find(|&k| !plain(bytes[k])).unwrap_or(len);
                    let expected = if len < 16 { from } else { first };
                    assert_eq!(end, expected, "{bytes:?} from {from}");
                }
            }
        }
    }
}

#[test]
fn the_bytes_the_tail_pass_skips_are_in_no_class_of_its_tables_but_slash() {
    use super::classify::{T_SLASH, TAIL, UNITS_TAIL};
    for b in (0..=u8::MAX).filter(|&b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'-' | b'_'))
    {
        assert_eq!(TAIL.get(b) & !T_SLASH, 0, "{b}");
        assert_eq!(UNITS_TAIL.get(b) & !T_SLASH, 0, "{b}");
    }
}

#[test]
fn the_bytes_the_tail_pass_skips_in_the_query_and_fragment_stop_neither() {
    use super::classify::{T_FRAGMENT, T_QUERY, T_SPECIAL_QUERY, TAIL};
    for b in (0x21..0x7F).filter(|b| !b"\"#'<>`".contains(b)) {
        assert_eq!(
            TAIL.get(b) & (T_QUERY | T_SPECIAL_QUERY | T_FRAGMENT),
            0,
            "{b}"
        );
    }
}

#[test]
fn strict_ldh_window_is_strict_domain_to_asciis_label_checks_up_to_the_window() {
    use super::classify::{WINDOW, label_marks, strict_ldh_window};
    // Every host of up to nine bytes of `a`, `-` and `.`, and longer ones of a pseudo-random
    // mix, at the start of inputs whose rest (past the `/` that ends the host) holds `-` and
    // `.` too, so that marks past the host's end are in its blocks: the verdict is
    // `host::strict_ldh_domain`'s, the general step it replaces, for every host the marks
    // cover: in one block, in two, or in the input's last sixteen bytes.
    let check = |host: &[u8]| {
        for tail in [
            &b"/"[..],
            b"/-.-..-/a.b-c",
            b"/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        ] {
            let input = [b"ab://", host, tail].concat();
            let Some(labels) = label_marks(&input, 5, host.len()) else {
                // Input shorter than one block, or a host longer than the window.
                assert!(input.len() < 16 || host.len() > WINDOW, "{input:?}");
                continue;
            };
            let expected = host::strict_ldh_domain(host) == Some(true);
            assert_eq!(strict_ldh_window(labels, host.len()), expected, "{input:?}");
        }
    };
    let alphabet = [b'a', b'-', b'.'];
    for len in 1..=9u32 {
        for mut n in 0..3usize.pow(len) {
            let host: vec::Vec<u8> = (0..len)
                .map(|_| {
                    let b = alphabet[n % 3];
                    n /= 3;
                    b
                })
                .collect();
            check(&host);
        }
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    for _ in 0..20_000 {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let len = 10 + (state % 30) as usize;
        let host: vec::Vec<u8> = (0..len)
            .map(|k| match (state >> (k % 60)) & 7 {
                0 => b'-',
                1 => b'.',
                _ => b'x',
            })
            .collect();
        check(&host);
    }
}
