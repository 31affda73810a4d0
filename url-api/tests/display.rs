//! URL rendering (spec 4.8): the spec's examples, right-to-left hosts and paths, `xn--` spoofs,
//! and properties over every URL of `urltestdata.json`.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use whatwg_url::Url;
use whatwg_url::display::DisplayOptions;

const LRI: char = '\u{2066}';
const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

fn render(input: &str) -> String {
    Url::parse(input, None).unwrap().to_display_string()
}

fn render_with(input: &str, options: &DisplayOptions) -> String {
    Url::parse(input, None)
        .unwrap()
        .to_display_string_with(options)
}

fn options(change: impl FnOnce(&mut DisplayOptions)) -> DisplayOptions {
    let mut options = DisplayOptions::new();
    change(&mut options);
    options
}

// 4.8.1 Simplify non-human-readable or irrelevant components.

#[test]
fn spec_credentials_are_not_rendered() {
    // "https://examplecorp.com@attacker.example/": the username looks like a host.
    assert_eq!(
        render("https://examplecorp.com@attacker.example/"),
        "https://attacker.example/"
    );
    assert_eq!(render("https://u:p@h.example/x"), "https://h.example/x");
    // Shown only on request.
    let shown = options(|o| o.elide_credentials = false);
    assert_eq!(
        render_with("https://u:p@h.example/x", &shown),
        "https://u:p@h.example/x"
    );
    assert_eq!(render_with("ftp://u@h/", &shown), "ftp://u@h/");
}

#[test]
fn spec_host_only() {
    // "https://examplecorp.attacker.com/": rendering only the host shows who it is.
    let host_only = DisplayOptions::host_only();
    assert_eq!(
        render_with("https://examplecorp.attacker.com/login?next=/", &host_only),
        "examplecorp.attacker.com"
    );
    assert_eq!(render_with("http://[::1]:8080/", &host_only), "[::1]");
    // Without a host there is nothing to render alone: the whole URL is rendered.
    assert_eq!(
        render_with("mailto:me@example.com", &host_only),
        "mailto:me@example.com"
    );
    assert_eq!(
        render_with("file:///etc/hosts", &host_only),
        "file:///etc/hosts"
    );
}

#[test]
fn spec_scheme_of_http_and_https_may_be_left_out() {
    let elide = options(|o| o.elide_scheme = true);
    assert_eq!(
        render_with("https://example.com/a", &elide),
        "example.com/a"
    );
    assert_eq!(
        render_with("http://example.com:81/", &elide),
        "example.com:81/"
    );
    // Other schemes stay: leaving them out would change what the URL means.
    assert_eq!(
        render_with("ftp://example.com/", &elide),
        "ftp://example.com/"
    );
    assert_eq!(
        render_with("wss://example.com/", &elide),
        "wss://example.com/"
    );
    assert_eq!(render_with("data:,x", &elide), "data:,x");
}

#[test]
fn trailing_slash_query_and_fragment_may_be_left_out() {
    let slash = options(|o| o.elide_trailing_slash = true);
    assert_eq!(
        render_with("https://example.com/", &slash),
        "https://example.com"
    );
    assert_eq!(
        render_with("https://example.com/?q", &slash),
        "https://example.com/?q"
    );
    assert_eq!(
        render_with("https://example.com/a/", &slash),
        "https://example.com/a/"
    );
    // "file:///" has an empty host: "file://" would not read as a URL with a path.
    assert_eq!(render_with("file:///", &slash), "file:///");

    let all = options(|o| {
        o.elide_trailing_slash = true;
        o.elide_query = true;
        o.elide_fragment = true;
    });
    assert_eq!(
        render_with("https://example.com/?q=1#top", &all),
        "https://example.com"
    );
    assert_eq!(
        render_with("https://example.com/a?q=1#top", &all),
        "https://example.com/a"
    );
    let query_only = options(|o| o.elide_fragment = true);
    assert_eq!(
        render_with("https://example.com/a?q=1#top", &query_only),
        "https://example.com/a?q=1"
    );
}

// 4.8.2 Elision.

#[test]
fn spec_elision_keeps_the_registrable_domain() {
    let narrow = |n| options(|o| o.max_host_chars = Some(n));
    // "examplecorp.com.evil.com should be elided as ...com.evil.com".
    assert_eq!(
        render_with("https://examplecorp.com.evil.com/", &narrow(13)),
        "https://…com.evil.com/"
    );
    // Never into the registrable domain: not "...examplecorp.com" for
    // "not-really-examplecorp.com".
    assert_eq!(
        render_with("https://not-really-examplecorp.com/", &narrow(10)),
        "https://not-really-examplecorp.com/"
    );
    assert_eq!(
        render_with("https://a.b.not-really-examplecorp.com/", &narrow(10)),
        "https://…not-really-examplecorp.com/"
    );
    // Labels go only as far as needed.
    assert_eq!(
        render_with("https://one.two.three.example.com/", &narrow(20)),
        "https://…three.example.com/"
    );
    // A host that fits is untouched.
    assert_eq!(
        render_with("https://www.example.com/", &narrow(40)),
        "https://www.example.com/"
    );
}

#[cfg(feature = "psl")]
#[test]
fn elision_knows_multi_label_public_suffixes() {
    let narrow = options(|o| o.max_host_chars = Some(5));
    assert_eq!(
        render_with("https://login.bank.co.uk/", &narrow),
        "https://…bank.co.uk/"
    );
}

// 4.8.3 Internationalization and special characters.

#[test]
fn spec_hosts_through_domain_to_unicode() {
    assert_eq!(
        render("https://xn--bcher-kva.example/"),
        "https://bücher.example/"
    );
    assert_eq!(render("https://xn--fa-hia.de/"), "https://faß.de/");
    assert_eq!(render("http://xn--e1afmkfd.xn--p1ai/"), "http://пример.рф/");
    assert_eq!(render("https://xn--r8jz45g.jp/"), "https://例え.jp/");
    // Only a domain (July 2026): an opaque host stays as it is, percent-encoding included.
    assert_eq!(render("foo://xn--bcher-kva/"), "foo://xn--bcher-kva/");
    assert_eq!(render("foo://b%C3%BCcher/"), "foo://b%C3%BCcher/");
    // Invalid Punycode is left alone by domain to Unicode.
    assert_eq!(
        render("https://xn--8i7caa.example/"),
        "https://xn--8i7caa.example/"
    );
    // The ASCII form on request.
    let ascii = options(|o| o.unicode_host = false);
    assert_eq!(
        render_with("https://xn--bcher-kva.example/", &ascii),
        "https://xn--bcher-kva.example/"
    );
}

#[test]
fn xn_spoofs_keep_the_ascii_form() {
    for spoof in [
        "https://xn--80ak6aa92e.com/", // аррӏе.com, all Cyrillic, looks like apple.com
        "https://xn--pypal-4ve.com/",  // pаypal.com with a Cyrillic а
        "https://xn--ggle-0nda.com/",  // gοοgle.com with Greek ο
        "https://xn--ntel-kza.com/",   // ıntel.com with a dotless i
        "https://xn--n3h.example/",    // ☃.example: no script at all
        "https://xn--exampleevil-0h8f.com/", // example∕evil.com, U+2215 division slash
    ] {
        // Each is a valid IDN: domain to Unicode alone would show it in Unicode.
        let host = Url::parse(spoof, None).unwrap().hostname().to_owned();
        assert_ne!(host::domain_to_unicode(&host), host, "{spoof}");
        assert_eq!(render(spoof), spoof, "{spoof}");
    }
    // One spoofed label keeps the whole host ASCII.
    assert_eq!(
        render("https://xn--bcher-kva.xn--pypal-4ve.com/"),
        "https://xn--bcher-kva.xn--pypal-4ve.com/"
    );
}

#[test]
fn spec_percent_decoding_where_it_is_printable() {
    assert_eq!(
        render("https://example.com/caf%C3%A9/%E6%97%A5%E6%9C%AC?q=%C3%A9#%C3%A9"),
        "https://example.com/café/日本?q=é#é"
    );
    // What the parser encoded comes back as written.
    assert_eq!(
        render("https://example.com/ümlaut?ü#ü"),
        "https://example.com/ümlaut?ü#ü"
    );
    // "unless that renders those sequences invisible": zero width space, RLO, a filler.
    assert_eq!(
        render("https://example.com/a%E2%80%8Bb/%E2%80%AE/%E3%85%A4"),
        "https://example.com/a%E2%80%8Bb/%E2%80%AE/%E3%85%A4"
    );
    // "may choose to not decode certain sequences that present spoofing risks (e.g., U+1F512)".
    assert_eq!(
        render("https://example.com/%F0%9F%94%92"),
        "https://example.com/%F0%9F%94%92"
    );
    // A slash look-alike would fake a path segment.
    assert_eq!(
        render("https://example.com/a%EF%BC%8Fb"),
        "https://example.com/a%EF%BC%8Fb"
    );
    // ASCII and invalid UTF-8 stay encoded.
    assert_eq!(
        render("https://example.com/%41%2F%20%FF%C3"),
        "https://example.com/%41%2F%20%FF%C3"
    );
    // Off on request.
    let raw = options(|o| o.decode_percent = false);
    assert_eq!(
        render_with("https://example.com/caf%C3%A9", &raw),
        "https://example.com/caf%C3%A9"
    );
}

#[test]
fn rtl_host_is_isolated_from_the_path() {
    // ישראל.example (Hebrew) with a numeric path: unisolated, "/1/2" could be drawn to the
    // left of the host in an RTL context.
    assert_eq!(
        render("https://xn--4dbrk0ce.example/1/2"),
        format!("{LRI}https://{FSI}ישראל.example{PDI}/1/2{PDI}")
    );
    // Arabic: مثال.مصر (both labels Arabic).
    assert_eq!(
        render("https://xn--mgbh0fb.xn--wgbh1c/"),
        format!("{LRI}https://{FSI}مثال.مصر{PDI}/{PDI}")
    );
    // With a port: the port stays outside the isolate.
    assert_eq!(
        render("https://xn--4dbrk0ce.example:8080/"),
        format!("{LRI}https://{FSI}ישראל.example{PDI}:8080/{PDI}")
    );
}

#[test]
fn rtl_path_segments_query_and_fragment_are_isolated_one_by_one() {
    let url =
        "https://example.com/%D7%A9%D7%9C%D7%95%D7%9D/12/%D7%A2%D7%95%D7%9C%D7%9D?%D7%90=1#%D7%91";
    assert_eq!(
        render(url),
        format!(
            "{LRI}https://example.com/{FSI}שלום{PDI}/12/{FSI}עולם{PDI}?{FSI}א=1{PDI}#{FSI}ב{PDI}{PDI}"
        )
    );
    // No right-to-left text, no isolates.
    assert_eq!(
        render("https://example.com/a/1?b#c"),
        "https://example.com/a/1?b#c"
    );
    // Isolation off on request.
    let plain = options(|o| o.bidi_isolation = false);
    assert_eq!(
        render_with(url, &plain),
        "https://example.com/שלום/12/עולם?א=1#ב"
    );
}

#[test]
fn other_hosts_and_paths() {
    assert_eq!(
        render("http://192.168.0.1:8080/x"),
        "http://192.168.0.1:8080/x"
    );
    assert_eq!(render("http://[::1]/"), "http://[::1]/");
    assert_eq!(render("file:///C:/Users/%C3%A9"), "file:///C:/Users/é");
    // An opaque path is one component.
    assert_eq!(render("mailto:%C3%A9@example.com"), "mailto:é@example.com");
    // The "/." that keeps "//" from reading as a host is kept.
    assert_eq!(
        render("web+demo:/.//not-a-host/"),
        "web+demo:/.//not-a-host/"
    );
    // An empty query and fragment are rendered as serialized.
    assert_eq!(render("https://example.com/?#"), "https://example.com/?#");
}

/// Every character of a rendering that is not ASCII: from a decoded percent-encoding or a
/// Unicode host, or an isolate of our own, never a bidi control or invisible character of
/// the input.
fn check_rendering(href: &str, rendering: &str) -> Result<(), String> {
    let mut depth = 0i32;
    for c in rendering.chars() {
        match c {
            LRI | FSI => depth += 1,
            PDI => depth -= 1,
            '\u{200B}'..='\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2060}'..='\u{206F}' => {
                return Err(format!("{href}: control {c:?} in {rendering:?}"));
            }
            _ => {}
        }
        if depth < 0 {
            return Err(format!("{href}: unbalanced isolates in {rendering:?}"));
        }
    }
    if depth != 0 {
        return Err(format!("{href}: unclosed isolates in {rendering:?}"));
    }
    Ok(())
}

#[test]
fn renderings_parse_back_to_the_same_url() {
    // 4.8.3: the decoded sequences re-encode to the same bytes, and a rendered host goes back
    // through the host parser to the same host. With the credentials shown, no elision and no
    // isolates, a rendering is the URL itself, for every URL of urltestdata.json.
    let full = options(|o| {
        o.elide_credentials = false;
        o.bidi_isolation = false;
    });
    let fixture = test_support::load("urltestdata.json");
    let mut checked = 0;
    for case in fixture.as_array().unwrap() {
        let Some(input) = case.str_field("input") else {
            continue;
        };
        let Ok(url) = Url::parse(input, case.str_field("base")) else {
            continue;
        };
        let rendering = url.to_display_string_with(&full);
        let again = Url::parse(&rendering, None)
            .unwrap_or_else(|e| panic!("{:?} renders as {rendering:?}: {e}", url.href()));
        // Percent-encoded bytes that were written in lower case come back in upper case.
        assert!(
            again.href().eq_ignore_ascii_case(url.href()),
            "{:?} renders as {rendering:?}, which parses as {:?}",
            url.href(),
            again.href()
        );
        check_rendering(url.href(), &url.to_display_string()).unwrap();
        checked += 1;
    }
    assert!(checked > 500, "only {checked} URLs");
}
