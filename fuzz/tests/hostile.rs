//! Hostile input: megabyte inputs of every shape that trips URL parsers (dot segments, huge
//! hosts and labels, IPv6 with thousands of colons, `%` storms, 10^5 query pairs, long `xn--`
//! labels, nested `blob:`), through `url-api`. Each test asserts the exact result; speed is
//! the benchmarks' business, but a quadratic path would make these tests time out.

use whatwg_url::{HostKind, Url};

/// About a megabyte.
const MB: usize = 1 << 20;

fn parse(input: &str) -> Url {
    Url::parse(input, None).unwrap_or_else(|e| {
        panic!(
            "{e} for {:?}... ({} bytes)",
            &input[..input.len().min(60)],
            input.len()
        )
    })
}

fn fails(input: &str) {
    assert!(
        Url::parse(input, None).is_err(),
        "{:?}... ({} bytes) parsed",
        &input[..input.len().min(60)],
        input.len()
    );
}

#[test]
fn dot_dot_segments_collapse_to_the_root() {
    let url = parse(&format!("http://h/{}", "../".repeat(MB / 3)));
    assert_eq!(url.href(), "http://h/");
    let url = parse(&format!("http://h/a/b/{}c", "../".repeat(MB / 3)));
    assert_eq!(url.href(), "http://h/c");
    let url = parse(&format!("http://h/{}", "a/../".repeat(MB / 5)));
    assert_eq!(url.href(), "http://h/");
}

#[test]
fn percent_encoded_dot_segments_collapse_too() {
    let url = parse(&format!("http://h/{}", "%2e%2e/".repeat(MB / 7)));
    assert_eq!(url.href(), "http://h/");
    let url = parse(&format!("http://h/x/{}y", ".%2E/%2e/".repeat(MB / 9)));
    assert_eq!(url.href(), "http://h/y");
    // Not special: the same rules; and a backslash is not a separator there.
    let url = parse(&format!("web+x://h/{}", "%2E./".repeat(MB / 5)));
    assert_eq!(url.href(), "web+x://h/");
}

#[test]
fn single_dots_vanish_and_many_segments_stay() {
    let url = parse(&format!("http://h/a/{}b", "./".repeat(MB / 2)));
    assert_eq!(url.href(), "http://h/a/b");
    let n = MB / 2;
    let url = parse(&format!("http://h/{}", "a/".repeat(n)));
    assert_eq!(url.pathname().len(), 2 * n + 1);
    assert_eq!(url.path_segments().map(Iterator::count), Some(n + 1));
}

#[test]
fn huge_hosts_and_labels() {
    // One label of a megabyte (no length limit outside beStrict), lowercased.
    let label = "A".repeat(MB);
    let url = parse(&format!("http://{label}/"));
    assert_eq!(url.hostname(), label.to_ascii_lowercase());
    assert_eq!(url.href().len(), "http:///".len() + MB);
    // Half a million labels.
    let host = format!("{}com", "a.".repeat(MB / 2));
    let url = parse(&format!("https://{host}:8080/"));
    assert_eq!(url.hostname(), host);
    assert_eq!(url.host(), format!("{host}:8080"));
    assert_eq!(url.host_kind(), Some(HostKind::Domain));
    // Many non-ASCII labels, each through IDNA.
    let n = MB / 16;
    let url = parse(&format!("http://{}com/", "\u{e9}.".repeat(n)));
    assert_eq!(url.hostname(), format!("{}com", "xn--9ca.".repeat(n)));
    // An opaque host of a megabyte, percent-encoded where needed.
    let url = parse(&format!("web+x://{}/", "\u{e9}".repeat(MB / 2)));
    assert_eq!(url.hostname(), "%C3%A9".repeat(MB / 2));
    // A forbidden code point at the very end of a huge host.
    fails(&format!("http://{}^/", "a".repeat(MB)));
}

#[test]
fn ipv6_with_thousands_of_colons() {
    fails(&format!("http://[{}]/", ":".repeat(MB)));
    fails(&format!("http://[{}1]/", "1:".repeat(MB / 2)));
    fails(&format!("http://[::{}]/", "0".repeat(MB)));
    fails(&format!("http://[{}/", "::".repeat(MB / 2)));
    fails(&format!("http://[1:2:3:4:5:6:7:8{}]/", ":".repeat(MB)));
    // A huge valid-looking IPv4 tail is still only four parts.
    fails(&format!("http://[::{}1.2.3.4]/", "0".repeat(MB)));
    // And the valid ones, after a megabyte of path.
    let url = parse(&format!("http://[0:0::1]/{}", "x".repeat(MB)));
    assert_eq!(url.hostname(), "[::1]");
    assert_eq!(url.pathname().len(), MB + 1);
}

#[test]
fn percent_storms() {
    // Lone "%" are kept as they are in paths, queries and fragments.
    let storm = "%".repeat(MB);
    let url = parse(&format!("http://h/{storm}?{storm}#{storm}"));
    assert_eq!(url.pathname(), format!("/{storm}"));
    assert_eq!(url.search(), format!("?{storm}"));
    assert_eq!(url.hash(), format!("#{storm}"));
    // In a special host, "%" is a forbidden domain code point.
    fails(&format!("http://{storm}/"));
    fails(&format!("http://{}/", "%25".repeat(MB / 3)));
    // Percent-encoded letters in a host decode (and lowercase).
    let url = parse(&format!("http://{}/", "%41".repeat(MB / 3)));
    assert_eq!(url.hostname(), "a".repeat(MB / 3));
    // A megabyte of "%" in the userinfo.
    let url = parse(&format!("http://{storm}:{storm}@h/"));
    assert_eq!(url.username(), storm);
    assert_eq!(url.password(), storm);
}

#[test]
fn a_hundred_thousand_query_pairs_sort() {
    let n = 100_000;
    // Names in descending order, each twice, values numbering the occurrences.
    let mut query = String::new();
    for round in 0..2 {
        for i in (0..n).rev() {
            if !query.is_empty() {
                query.push('&');
            }
            query.push_str(&format!("k{i:06}={round}"));
        }
    }
    let mut url = parse(&format!("https://example.com/?{query}#f"));
    assert_eq!(url.search_params().size(), 2 * n);
    url.search_params_mut().sort();
    let mut expected = String::from("https://example.com/?");
    for i in 0..n {
        if i > 0 {
            expected.push('&');
        }
        // The sort is stable: round 0 before round 1.
        expected.push_str(&format!("k{i:06}=0&k{i:06}=1"));
    }
    expected.push_str("#f");
    assert_eq!(url.href(), expected);
    url.search_params_mut().delete("k000000", None);
    assert_eq!(url.search_params().size(), 2 * n - 2);
    assert!(url.search().starts_with("?k000001=0&k000001=1&"));
}

#[test]
fn long_xn_labels() {
    // July 2026: an ASCII domain is kept (lowercased) whatever ToASCII says of its labels.
    let label = format!("xn--{}", "a".repeat(MB));
    let url = parse(&format!("https://{}/", label.to_ascii_uppercase()));
    assert_eq!(url.hostname(), label);
    let many = format!("{}x", "xn--a.".repeat(MB / 6));
    let url = parse(&format!("https://{many}/"));
    assert_eq!(url.hostname(), many);
    // With a non-ASCII label beside it, the domain goes through ToASCII (relaxed), where this
    // label fails: its Punycode decodes to a megabyte of U+0080, which is disallowed.
    fails(&format!("https://\u{e9}.{label}/"));
}

#[test]
fn long_non_ascii_labels() {
    // One label of 131,072 code points: UTS #46 sets no limit on a label's length (the
    // reference implementation and ada take it), and its Punycode is `9ca` and `a`s.
    let n = MB / 8;
    let url = parse(&format!("https://{}/", "\u{c9}".repeat(n)));
    let ascii = format!("xn--9ca{}", "a".repeat(n - 1));
    assert_eq!(url.hostname(), ascii);
    // The same label as Punycode beside a non-ASCII label: decoded, valid, kept as written.
    let url = parse(&format!("https://\u{e9}.{}/", ascii.to_ascii_uppercase()));
    assert_eq!(url.hostname(), format!("xn--9ca.{ascii}"));
    // 100,000 code points of 20,000 different values: RFC 3492's encoder makes a pass over
    // the label for each value, 2 × 10^9 steps.
    let label: String = (0..100_000u32)
        .map(|k| char::from_u32(0x4E00 + (k * 7_919) % 20_000).unwrap_or('a'))
        .collect();
    let url = parse(&format!("https://{label}/"));
    assert!(url.hostname().starts_with("xn--"));
    assert_eq!(
        whatwg_url::node::domain_to_unicode(url.hostname()),
        label,
        "the Punycode decodes to the label"
    );
}

#[test]
fn deeply_nested_blob_urls() {
    let n = MB / 5;
    let input = format!("{}https://example.com/", "blob:".repeat(n));
    let url = parse(&input);
    assert_eq!(url.href(), input);
    assert!(url.has_opaque_path());
    // The origin of a blob: URL is that of its path only when the path is an http(s) URL
    // (spec 4.7); here it is another blob: URL.
    assert_eq!(url.origin(), "null");
    assert_eq!(
        parse("blob:https://example.com:443/x").origin(),
        "https://example.com"
    );
}

#[test]
fn whitespace_and_control_storms() {
    let spaces = " ".repeat(MB);
    let url = parse(&format!("{spaces}\u{0}http://h/\u{1f}{spaces}"));
    assert_eq!(url.href(), "http://h/");
    let newlines = "\n\t\r".repeat(MB / 3);
    let url = parse(&format!(
        "ht{newlines}tp://h{newlines}/p{newlines}?q{newlines}#f"
    ));
    assert_eq!(url.href(), "http://h/p?q#f");
}

#[test]
fn huge_ports_and_numbers() {
    let zeros = "0".repeat(MB);
    assert_eq!(parse(&format!("http://h:{zeros}80/")).href(), "http://h/");
    assert_eq!(parse(&format!("http://h:{zeros}1/")).port(), "1");
    fails(&format!("http://h:1{zeros}/"));
    // IPv4 numbers with a megabyte of leading zeros.
    assert_eq!(parse(&format!("http://{zeros}/")).hostname(), "0.0.0.0");
    assert_eq!(parse(&format!("http://0x{zeros}1/")).hostname(), "0.0.0.1");
    // A leading zero makes a part octal (spec 3.5, IPv4 number parser): 0127 is 87.
    assert_eq!(
        parse(&format!("http://{zeros}127.0.0.{zeros}1/")).hostname(),
        "87.0.0.1"
    );
    fails(&format!("http://1{zeros}/"));
}

#[test]
fn many_at_signs_in_the_authority() {
    let n = MB / 2;
    let url = parse(&format!("http://{}h/", "a@".repeat(n)));
    // Every "@" but the last belongs to the username, percent-encoded.
    let mut username = "a%40".repeat(n - 1);
    username.push('a');
    assert_eq!(url.username(), username);
    assert_eq!(url.hostname(), "h");
}

#[test]
fn setters_with_megabyte_values() {
    let mut url = parse("https://example.com/a/b?q#f");
    url.set_pathname(&"../".repeat(MB / 3));
    assert_eq!(url.href(), "https://example.com/?q#f");
    url.set_search(&"&".repeat(MB));
    assert_eq!(url.search().len(), MB + 1);
    url.search_params_mut().sort();
    assert_eq!(url.href(), "https://example.com/#f");
    url.set_hash(&"#".repeat(MB));
    assert_eq!(url.hash().len(), MB);
    url.set_host(&format!("{}:{}", "b".repeat(MB), "9".repeat(MB)));
    assert_eq!(url.hostname(), "b".repeat(MB));
    assert_eq!(url.port(), "");
    url.set_username(&"@".repeat(MB / 2));
    assert_eq!(url.username(), "%40".repeat(MB / 2));
}
