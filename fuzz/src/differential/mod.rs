//! Target `differential` (feature `differential`): the same input through this project, ada
//! (`ada-url`) and rust-url (`url`).
//!
//! Input: `input` or `input 0xFF base`, as for [`crate::parse`]. Both parsers must fail, or
//! both succeed with the same href and the same value of every getter. A divergence that is
//! not one of the known classes ([`classify`], documented with the WPT case or spec step that
//! shows which side is right in `fuzz/DIVERGENCES.md`) fails the check.
//!
//! ada is also the cross-check for rust-url: the file path and drive letter classes, and the
//! catch-all [`RUST_URL_OTHER`], accept a rust-url divergence only where ada sides with us
//! ([`Divergence::ada_agrees`]).

use std::fmt;

use whatwg_url::Component;

use icu_properties::props::BidiClass;

use crate::input;

mod ada;
mod rust_url;
mod shapes;

use ada::*;
use rust_url::*;
pub use shapes::*;

/// Every divergence of ada and rust-url from this project on `input` against `base`.
pub fn compare(input: &str, base: Option<&str>) -> Vec<Divergence> {
    let ours = ours(input, base);
    let ada = ada(input, base);
    let rust_url = rust_url(input, base);
    let ada_agrees = ada_sides_with_us(ours.as_ref(), ada.as_ref(), rust_url.as_ref());
    let mut found = Vec::new();
    for (other, theirs) in [(Other::Ada, ada), (Other::RustUrl, rust_url)] {
        if theirs != ours {
            found.push(Divergence {
                other,
                input: input.into(),
                base: base.map(Into::into),
                ours: ours.clone(),
                theirs,
                ada_agrees: other == Other::RustUrl && ada_agrees,
            });
        }
    }
    found
}

/// See [`Divergence::ada_agrees`].
fn ada_sides_with_us(ours: Option<&Shape>, ada: Option<&Shape>, theirs: Option<&Shape>) -> bool {
    match (ours, ada, theirs) {
        // The getters, not the href (which they make up: an ada divergence in the host
        // shows there too).
        (Some(ours), Some(ada), Some(theirs)) => ours
            .0
            .iter()
            .zip(ada.0.iter().zip(theirs.0.iter()))
            .skip(1)
            .all(|(o, (a, t))| o == t || o == a),
        _ => ada == ours,
    }
}

/// A known class of divergence: its name (a heading of `fuzz/DIVERGENCES.md`).
pub type Class = &'static str;

/// The test that recognizes a class.
pub type Recognizer = fn(&Divergence) -> bool;

/// The known classes: which implementation, the name, and the test that recognizes one.
/// Each test is mechanical (what differs, and how), never a list of inputs.
pub const CLASSES: &[(Other, Class, Recognizer)] = &[
    (
        Other::RustUrl,
        "R17 rust-url refuses a label past ICU's limits on length",
        rust_url_long_label,
    ),
    (
        Other::RustUrl,
        "R1 rust-url fails on an ASCII domain with an invalid xn-- label",
        rust_url_xn_label,
    ),
    (
        Other::RustUrl,
        "R2 rust-url fails on three or more slashes against a base",
        rust_url_slashes_against_base,
    ),
    (
        Other::RustUrl,
        "R3 rust-url drops the host of a file URL whose path starts with a drive letter",
        rust_url_file_host_dropped,
    ),
    (
        Other::RustUrl,
        "R4 rust-url collapses the leading empty segments of a file URL's path",
        rust_url_file_empty_segments,
    ),
    (
        Other::RustUrl,
        "R5 rust-url does not normalize a | drive letter after an empty host",
        rust_url_pipe_drive_letter,
    ),
    (
        Other::RustUrl,
        "R6 rust-url treats a backslash as a separator in relative non-special URLs",
        rust_url_non_special_backslash,
    ),
    (
        Other::RustUrl,
        "R7 rust-url keeps the space before ? or # at the end of an opaque path",
        rust_url_opaque_path_space,
    ),
    (
        Other::RustUrl,
        "R8 rust-url does not percent-encode ^ in paths",
        rust_url_caret_in_path,
    ),
    (
        Other::RustUrl,
        "R9 rust-url gives a blob: URL the origin of an inner URL that is not http(s)",
        rust_url_blob_origin,
    ),
    (
        Other::RustUrl,
        "R10 rust-url keeps a Windows drive letter segment that the path state removes",
        rust_url_drive_letter_kept,
    ),
    (
        Other::RustUrl,
        "R11 rust-url ends the port of a non-special URL at a backslash",
        rust_url_port_backslash,
    ),
    (
        Other::RustUrl,
        "R12 rust-url glues a relative path to a file base path ending in a drive letter",
        rust_url_glued_to_drive_letter,
    ),
    (
        Other::RustUrl,
        "R14 rust-url splits a file path segment that only starts like a drive letter",
        rust_url_drive_letter_split,
    ),
    (
        Other::RustUrl,
        "R16 rust-url accepts an empty host after credentials in a non-special URL",
        rust_url_empty_host_after_credentials,
    ),
    (
        Other::RustUrl,
        "R13 rust-url panics on a debug assertion",
        rust_url_panics,
    ),
    (
        Other::Ada,
        "A2 ada gives some characters of a Bidi domain another bidi class than UnicodeData.txt",
        ada_bidi_classes,
    ),
    (
        Other::Ada,
        "A1 ada applies the bidi rule to fewer labels and characters than UTS 46",
        ada_bidi_rule,
    ),
    (
        Other::Ada,
        "A4 ada keeps the xn-- labels of a non-ASCII domain without validating them",
        ada_mapped_to_ascii,
    ),
    (
        Other::Ada,
        "A3 ada does not apply the CONTEXTJ rules to U+200C and U+200D",
        ada_joiners,
    ),
    (
        Other::Ada,
        "A5 ada leaves a mapped label out of Normalization Form C",
        ada_not_nfc,
    ),
    (Other::Ada, A6, ada_unicode_17),
];

/// The one ada class that combines with the others ([`classify_specific`]).
const A6: Class = "A6 ada's IDNA table is Unicode 17's, without the code points of Unicode 18";

/// The general drive letter class, tried after [`CLASSES`] and their combinations: rust-url
/// handles a Windows drive letter in a path otherwise than the standard, where ada sides with
/// us.
pub const RUST_URL_DRIVE_LETTERS: (Class, Recognizer) = (
    "R15 rust-url mishandles Windows drive letters in paths in other ways",
    rust_url_drive_letter_path,
);

/// rust-url differs where ada sides with us, and no class above explains how.
pub const RUST_URL_OTHER: Class = "R-other rust-url deviates where ours and ada agree";

/// The known class of `d`, or `None` when it is unexplained.
///
/// An ada divergence must be one of the ada classes. A rust-url divergence gets the most
/// specific rust-url class that recognizes it, alone or combined with R3, R4 and R8 (the file path
/// and drive letter classes also need [`Divergence::ada_agrees`]); failing that, the general
/// drive letter class [`RUST_URL_DRIVE_LETTERS`], and, when ada sides with us,
/// [`RUST_URL_OTHER`].
pub fn classify(d: &Divergence) -> Option<Class> {
    if let Some(class) = classify_specific(d) {
        return Some(class);
    }
    if let Some(neutral) = with_neutral_hosts(d) {
        return classify(&neutral);
    }
    if d.other != Other::RustUrl || !d.ada_agrees {
        return None;
    }
    let (drive_letters, recognizes) = RUST_URL_DRIVE_LETTERS;
    Some(if recognizes(d) {
        drive_letters
    } else {
        RUST_URL_OTHER
    })
}

/// Whether ada sides with us on `d` once the hosts are neutral ([`with_neutral_hosts`]): the
/// cross-check for a rust-url divergence when ada has an explained divergence of its own.
pub fn ada_agrees_with_neutral_hosts(d: &Divergence) -> bool {
    with_neutral_hosts(d).is_some()
}

/// The host-neutral cross-check, for a rust-url divergence where ada cannot side with us
/// because ada has a divergence of its own on the same input, explained by an ada class. Every
/// ada class (A1 to A6) is about domain to ASCII, so the same question can be put to ada with
/// each non-ASCII, percent-encoded or `xn--` host written in the input and the base replaced
/// by `x` (see [`neutral_hosts`]). The result is that divergence, when the replacement changes
/// nothing but the hosts for us and for rust-url (every other getter, and which of them differ,
/// stay the same) and ada sides with us on it; its class is then the class of `d`.
fn with_neutral_hosts(d: &Divergence) -> Option<Divergence> {
    if d.other != Other::RustUrl || d.ada_agrees {
        return None;
    }
    let ada_divergence = Divergence {
        other: Other::Ada,
        theirs: ada(&d.input, d.base.as_deref()),
        ada_agrees: false,
        ..d.clone()
    };
    if ada_divergence.theirs == d.ours || classify_specific(&ada_divergence).is_none() {
        return None;
    }
    let (input, base) = with_neutral_host_text(d)?;
    let ours = self::ours(&input, base.as_deref());
    let ada = ada(&input, base.as_deref());
    let theirs = rust_url(&input, base.as_deref());
    let neutral = Divergence {
        other: Other::RustUrl,
        ada_agrees: ada_sides_with_us(ours.as_ref(), ada.as_ref(), theirs.as_ref()),
        input,
        base,
        ours,
        theirs,
    };
    let outside_hosts = |a: &Option<Shape>, b: &Option<Shape>| match (a, b) {
        (Some(a), Some(b)) => Component::ALL
            .into_iter()
            .filter(|c| !matches!(c, Component::Href | Component::Origin))
            .filter(|c| !matches!(c, Component::Host | Component::Hostname))
            .all(|c| a.component(c) == b.component(c)),
        (None, None) => true,
        _ => false,
    };
    (neutral.ada_agrees
        && outside_hosts(&d.ours, &neutral.ours)
        && outside_hosts(&d.theirs, &neutral.theirs)
        && neutral.fields() == d.fields())
    .then_some(neutral)
}

/// The input and the base of `d`, each with [`neutral_hosts`], if that changes either.
fn with_neutral_host_text(d: &Divergence) -> Option<(String, Option<String>)> {
    let base_scheme = d
        .base
        .as_deref()
        .and_then(|b| self::ours(b, None))
        .map(|b| {
            b.component(Component::Protocol)
                .trim_end_matches(':')
                .to_owned()
        });
    let base = d.base.as_deref().map(|b| neutral_hosts(b, None));
    let input = neutral_hosts(&d.input, base_scheme.as_deref());
    (input != d.input || base != d.base).then_some((input, base))
}

/// `text` with its host replaced by `x` when it is a special URL's host written with
/// non-ASCII, `%` or `xn--` (the hosts that reach domain to ASCII's Unicode steps); everything
/// else, tabs and newlines included, stays as it was (rust-url, for one, does not remove them
/// before every check). `base_scheme` is the scheme of the base, which decides whether a
/// scheme-less (or same-scheme) input has a host of its own. Drive letters, `localhost`, IP
/// addresses and plain ASCII domains are left alone.
pub fn neutral_hosts(text: &str, base_scheme: Option<&str>) -> String {
    // The host is found in the text as the parser sees it ([`prepared`]); `raw[i]` is where
    // byte i of that text stands in `text`.
    let trimmed = text.trim_matches(|c: char| c <= ' ');
    let offset = text.len() - text.trim_start_matches(|c: char| c <= ' ').len();
    let mut seen = String::with_capacity(trimmed.len());
    let mut raw = Vec::with_capacity(trimmed.len());
    for (i, c) in trimmed.char_indices() {
        if !matches!(c, '\t' | '\n' | '\r') {
            seen.push(c);
            raw.extend((0..c.len_utf8()).map(|k| offset + i + k));
        }
    }
    let Some((start, end)) = written_host(&seen, base_scheme) else {
        return text.to_owned();
    };
    let host = &seen[start..end];
    let unicode =
        !host.is_ascii() || host.contains('%') || host.to_ascii_lowercase().contains("xn--");
    match (
        raw.get(start),
        end.checked_sub(1).and_then(|last| raw.get(last)),
    ) {
        (Some(&from), Some(&last)) if unicode && !host.contains('[') => {
            format!("{}x{}", &text[..from], &text[last + 1..])
        }
        _ => text.to_owned(),
    }
}

/// Where the host of a special URL is written in `text` (already [`prepared`]), following the
/// states that lead to the host state (spec 4.4: scheme, special authority (ignore) slashes,
/// relative slash, file slash and file host states; the authority state's last `@`).
fn written_host(text: &str, base_scheme: Option<&str>) -> Option<(usize, usize)> {
    let scheme_end = text.find(':').filter(|&i| {
        let scheme = &text[..i];
        scheme.starts_with(|c: char| c.is_ascii_alphabetic())
            && scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c))
    });
    let (scheme, after_scheme) = match scheme_end {
        Some(i) => (text[..i].to_ascii_lowercase(), i + 1),
        None => (base_scheme?.to_owned(), 0),
    };
    if !whatwg_url::is_special_scheme(&scheme) {
        return None;
    }
    let rest = &text[after_scheme..];
    let slashes = rest
        .bytes()
        .take_while(|&c| matches!(c, b'/' | b'\\'))
        .count();
    // Without two slashes, an input relative to a base of its scheme (or to a file base) is a
    // path; a special URL of another scheme skips any number of slashes to its authority.
    let relative = scheme == "file" || scheme_end.is_none() || base_scheme == Some(scheme.as_str());
    if relative && slashes < 2 {
        return None;
    }
    let start = after_scheme + if scheme == "file" { 2 } else { slashes };
    let authority_len = text[start..]
        .find(['/', '\\', '?', '#'])
        .unwrap_or(text.len() - start);
    let authority = &text[start..start + authority_len];
    if scheme == "file" {
        return Some((start, start + authority_len));
    }
    let host_start = authority.rfind('@').map_or(0, |i| i + 1);
    let host_len = authority[host_start..]
        .find(':')
        .unwrap_or(authority.len() - host_start);
    Some((start + host_start, start + host_start + host_len))
}

/// The classes of [`CLASSES`], alone or combined with R3, R4 and R8.
fn classify_specific(d: &Divergence) -> Option<Class> {
    let found = CLASSES
        .iter()
        .find(|(other, _, test)| *other == d.other && test(d))
        .map(|(_, class, _)| *class);
    if found.is_some() {
        return found;
    }
    // Only the origin of a blob: URL differs: the other side parses its inner URL (spec 4.7,
    // the blob URL's path parsed as a URL) where we fail, or the other way round. That inner
    // URL's divergence is the explanation.
    if let Some(inner) = inner_blob_divergence(d) {
        return classify_specific(&inner);
    }
    // One side fails on the base alone, the other parses it: the base's divergence is the
    // explanation.
    if let Some(base) = d.base.as_deref()
        && (d.ours.is_none() || d.theirs.is_none())
    {
        let ours = self::ours(base, None);
        let ada = ada(base, None);
        let theirs = match d.other {
            Other::Ada => ada.clone(),
            Other::RustUrl => rust_url(base, None),
        };
        if ours.is_some() != theirs.is_some() {
            return classify_specific(&Divergence {
                other: d.other,
                input: base.to_owned(),
                base: None,
                ada_agrees: d.other == Other::RustUrl && ada == ours,
                ours,
                theirs,
            });
        }
    }
    // A6 combines with the other ada classes: take the code points new in Unicode 18 out,
    // then classify what is left.
    let explained = |rest: Divergence| classify_specific(&rest).is_some();
    if d.other == Other::Ada
        && (without_unicode_18(d).is_some_and(explained)
            || host_without_unicode_18(d).is_some_and(explained))
    {
        return Some(A6);
    }
    if d.other != Other::RustUrl {
        return None;
    }
    // R4 combines with the others: collapse the leading slashes of our file path as rust-url
    // does, then classify what is left.
    if let Some(ours) = &d.ours
        && ours.component(Component::Protocol) == "file:"
        && ours.component(Component::Pathname).starts_with("//")
    {
        let path = ours.component(Component::Pathname);
        let collapsed = format!("/{}", path.trim_start_matches('/'));
        let mut shape = ours.clone();
        shape.set(Component::Href, ours.href().replacen(path, &collapsed, 1));
        shape.set(Component::Pathname, collapsed);
        let rest = Divergence {
            ours: Some(shape),
            ..d.clone()
        };
        if rest.ours == rest.theirs || classify_specific(&rest).is_some() {
            return Some(CLASSES[3].1);
        }
    }
    // R3 combines with the others: give rust-url's result the host it dropped, then classify
    // what is left, with the cross-check redone on what is left, so the general classes may
    // explain it too.
    if let Some((ours, theirs)) = both(d)
        && d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && !ours.component(Component::Host).is_empty()
        && theirs.component(Component::Host).is_empty()
        && starts_with_drive_letter(ours.component(Component::Pathname))
        && let Some(after_host) = theirs.href().strip_prefix("file://")
    {
        let mut shape = theirs.clone();
        shape.set(
            Component::Href,
            format!("file://{}{after_host}", ours.component(Component::Host)),
        );
        shape.set(Component::Host, ours.component(Component::Host).to_owned());
        shape.set(
            Component::Hostname,
            ours.component(Component::Hostname).to_owned(),
        );
        let ada = ada(&d.input, d.base.as_deref());
        let rest = Divergence {
            ada_agrees: ada_sides_with_us(Some(ours), ada.as_ref(), Some(&shape)),
            theirs: Some(shape),
            ..d.clone()
        };
        if rest.ours == rest.theirs || classify(&rest).is_some() {
            return Some(CLASSES[2].1);
        }
    }
    // R8 combines with the others: undo it (encode the `^` of rust-url's path), then classify
    // what is left.
    let theirs = d.theirs.as_ref()?;
    let path = theirs.component(Component::Pathname);
    if !path.contains('^') {
        return None;
    }
    let mut encoded = theirs.clone();
    let new_path = path.replace('^', "%5E");
    encoded.set(Component::Href, theirs.href().replacen(path, &new_path, 1));
    encoded.set(Component::Pathname, new_path);
    let rest = Divergence {
        theirs: Some(encoded),
        ..d.clone()
    };
    if rest.theirs == rest.ours {
        return Some(CLASSES[7].1);
    }
    classify_specific(&rest)
}

/// When only the origin of a `blob:` URL differs, the divergence of its inner URL (its path,
/// parsed without a base), if the two sides differ on it.
fn inner_blob_divergence(d: &Divergence) -> Option<Divergence> {
    let (ours, _) = both(d)?;
    if !only(d, &[Component::Origin]) || ours.component(Component::Protocol) != "blob:" {
        return None;
    }
    let path = ours.component(Component::Pathname);
    let results = |input: &str| {
        let ada = ada(input, None);
        let theirs = match d.other {
            Other::Ada => ada.clone(),
            Other::RustUrl => rust_url(input, None),
        };
        (self::ours(input, None), ada, theirs)
    };
    // The path is percent-encoded; the recognizers read the input's characters, so take the
    // decoded path (and its results) when it gives all three sides the same hosts (or
    // failures): the origin depends on nothing else.
    let decoded = decode_non_ascii(path);
    let hosts = |(a, b, c): &(Option<Shape>, Option<Shape>, Option<Shape>)| {
        [a, b, c].map(|r| r.as_ref().map(|s| s.component(Component::Host).to_owned()))
    };
    let encoded = results(path);
    let decoded_results = results(&decoded);
    let (input, (inner_ours, ada, theirs)) = if hosts(&decoded_results) == hosts(&encoded) {
        (decoded, decoded_results)
    } else {
        (path.to_owned(), encoded)
    };
    let ada_agrees = d.other == Other::RustUrl
        && ada_sides_with_us(inner_ours.as_ref(), ada.as_ref(), theirs.as_ref());
    (theirs != inner_ours).then_some(Divergence {
        other: d.other,
        input,
        base: None,
        ada_agrees,
        ours: inner_ours,
        theirs,
    })
}

/// `text` with every percent-encoded byte 0x80 or above decoded (the UTF-8 of non-ASCII
/// characters), the ASCII ones left encoded: the parser encodes those characters again where
/// they stand, and decodes them in a host anyway. Read as the basic URL parser reads it: ASCII
/// tab and newline removed first (spec 4.4, step 3), so that `%C\n3` is the escape `%C3`.
fn decode_non_ascii(text: &str) -> String {
    let text: String = text
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        let hex = bytes
            .get(i + 1..i + 3)
            .and_then(|h| std::str::from_utf8(h).ok())
            .and_then(|h| u8::from_str_radix(h, 16).ok());
        match hex {
            Some(byte) if b == b'%' && byte >= 0x80 => {
                out.push(byte);
                i += 3;
            }
            _ => {
                out.push(b);
                i += 1;
            }
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// The basic URL parser's steps 1 to 3 on `input`: leading and trailing C0 control or space
/// removed, then every ASCII tab or newline.
pub fn prepared(input: &str) -> String {
    input
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect()
}

/// Both sides parsed, and only getters among `allowed` differ.
fn only(d: &Divergence, allowed: &[Component]) -> bool {
    let fields = d.fields();
    !fields.is_empty() && fields.iter().all(|f| allowed.contains(f))
}

/// We parse, they fail.
fn they_fail(d: &Divergence) -> Option<&Shape> {
    match (&d.ours, &d.theirs) {
        (Some(ours), None) => Some(ours),
        _ => None,
    }
}

fn both(d: &Divergence) -> Option<(&Shape, &Shape)> {
    Some((d.ours.as_ref()?, d.theirs.as_ref()?))
}

/// Whether `protocol` (a `protocol` getter's value, `https:`) names a special scheme.
fn special(protocol: &str) -> bool {
    whatwg_url::is_special_scheme(protocol.strip_suffix(':').unwrap_or(protocol))
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let (input, base) = input::input_and_base(data);
    for d in compare(&input, base.as_deref()) {
        if classify(&d).is_none() {
            panic!("unexplained divergence ({}): {d}", d.summary());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::neutral_hosts;

    #[test]
    fn neutral_hosts_replaces_only_the_host_a_special_url_writes() {
        let cases: &[(&str, Option<&str>, &str)] = &[
            (
                "https://user:pw@\u{e0}\u{328}:8080/x",
                None,
                "https://user:pw@x:8080/x",
            ),
            ("HTTP:\\\\/xn--a.b/?q", None, "HTTP:\\\\/x/?q"),
            ("http:%C3%A0.com/p", None, "http:x/p"),
            ("file://\u{e0}/w:", None, "file://x/w:"),
            ("file:\\\\xn--zgb1296k\\C|", None, "file:\\\\x\\C|"),
            ("//\u{e0}.com/p", Some("https"), "//x/p"),
            (" \t//\u{e0}\n.com/p ", Some("file"), " \t//x/p "),
            ("\nhttps://a\tb\u{e0}/\n", None, "\nhttps://x/\n"),
            ("https://\u{e0}/w:\n:", None, "https://x/w:\n:"),
            // Paths, not hosts.
            ("http:\u{e0}/p", Some("http"), "http:\u{e0}/p"),
            ("/\u{e0}/p", Some("https"), "/\u{e0}/p"),
            ("file:/\u{e0}", None, "file:/\u{e0}"),
            // Not a domain that reaches domain to ASCII's Unicode steps, or not special.
            ("file://C:/x", None, "file://C:/x"),
            (
                "https://example.com/\u{e0}",
                None,
                "https://example.com/\u{e0}",
            ),
            ("https://[::1]/", None, "https://[::1]/"),
            ("foo://\u{e0}/", None, "foo://\u{e0}/"),
        ];
        for (input, base_scheme, expected) in cases {
            assert_eq!(neutral_hosts(input, *base_scheme), *expected, "{input:?}");
        }
    }
}
