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

use icu_properties::props::BidiClass;

use crate::input;

/// The getters compared, in this order: href, origin, protocol, username, password, host,
/// hostname, port, pathname, search, hash.
pub const FIELDS: [&str; 11] = [
    "href", "origin", "protocol", "username", "password", "host", "hostname", "port", "pathname",
    "search", "hash",
];

/// A parsed URL as its getters' values (see [`FIELDS`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape(pub [String; 11]);

impl Shape {
    /// The value of getter `field`.
    pub fn get(&self, field: &str) -> &str {
        FIELDS
            .iter()
            .position(|f| *f == field)
            .map_or("", |i| self.0[i].as_str())
    }

    /// The href.
    pub fn href(&self) -> &str {
        &self.0[0]
    }
}

/// The other implementations.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Other {
    /// ada, through the `ada-url` crate.
    Ada,
    /// rust-url, the `url` crate.
    RustUrl,
}

impl fmt::Display for Other {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Other::Ada => "ada",
            Other::RustUrl => "rust-url",
        })
    }
}

/// This project's result.
pub fn ours(input: &str, base: Option<&str>) -> Option<Shape> {
    let url = whatwg_url::Url::parse(input, base).ok()?;
    Some(Shape([
        url.href().into(),
        url.origin(),
        url.protocol().into(),
        url.username().into(),
        url.password().into(),
        url.host().into(),
        url.hostname().into(),
        url.port().into(),
        url.pathname().into(),
        url.search().into(),
        url.hash().into(),
    ]))
}

/// ada's result.
pub fn ada(input: &str, base: Option<&str>) -> Option<Shape> {
    let url = ada_url::Url::parse(input, base).ok()?;
    Some(Shape([
        url.href().into(),
        url.origin(),
        url.protocol().into(),
        url.username().into(),
        url.password().into(),
        url.host().into(),
        url.hostname().into(),
        url.port().into(),
        url.pathname().into(),
        url.search().into(),
        url.hash().into(),
    ]))
}

/// What [`rust_url`] gives for every getter when rust-url panics (its debug assertions do,
/// in debug builds; `cargo xtask fuzz differential` builds with `-O`, without them).
pub const PANICKED: &str = "<rust-url panicked>";

/// rust-url's result (`Url::join` on the parsed base, as its `URL` API does). A panic is
/// caught and reported as [`PANICKED`] in every getter.
pub fn rust_url(input: &str, base: Option<&str>) -> Option<Shape> {
    std::panic::catch_unwind(|| rust_url_unguarded(input, base))
        .unwrap_or_else(|_| Some(Shape(std::array::from_fn(|_| PANICKED.to_owned()))))
}

fn rust_url_unguarded(input: &str, base: Option<&str>) -> Option<Shape> {
    use url::quirks;
    let url = match base {
        Some(base) => url::Url::parse(base).ok()?.join(input).ok()?,
        None => url::Url::parse(input).ok()?,
    };
    Some(Shape([
        quirks::href(&url).into(),
        quirks::origin(&url),
        quirks::protocol(&url).into(),
        quirks::username(&url).into(),
        quirks::password(&url).into(),
        quirks::host(&url).into(),
        quirks::hostname(&url).into(),
        quirks::port(&url).into(),
        quirks::pathname(&url).into(),
        quirks::search(&url).into(),
        quirks::hash(&url).into(),
    ]))
}

/// One input on which another implementation disagrees with this project.
#[derive(Clone, Debug)]
pub struct Divergence {
    /// Which implementation.
    pub other: Other,
    /// The input.
    pub input: String,
    /// The base.
    pub base: Option<String>,
    /// This project's result (`None`: failure).
    pub ours: Option<Shape>,
    /// The other implementation's result (`None`: failure).
    pub theirs: Option<Shape>,
    /// For a rust-url divergence: ada sides with us (ada follows the standard, so this is the
    /// cross-check that our side is right). When both we and rust-url parse: ada parses and
    /// gives our value for every getter (href aside) on which rust-url differs from us;
    /// otherwise ada's result is exactly ours. Always false for an ada divergence.
    pub ada_agrees: bool,
}

impl Divergence {
    /// The getters whose values differ (empty when exactly one side failed).
    pub fn fields(&self) -> Vec<&'static str> {
        match (&self.ours, &self.theirs) {
            (Some(a), Some(b)) => FIELDS
                .iter()
                .zip(a.0.iter().zip(b.0.iter()))
                .filter(|(_, (x, y))| x != y)
                .map(|(f, _)| *f)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A short summary: who failed, or which getters differ.
    pub fn summary(&self) -> String {
        match (&self.ours, &self.theirs) {
            (Some(_), None) => format!("{} fails, we parse", self.other),
            (None, Some(_)) => format!("we fail, {} parses", self.other),
            _ => self.fields().join(","),
        }
    }
}

impl fmt::Display for Divergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {:?}", self.other, self.input)?;
        if let Some(base) = &self.base {
            write!(f, " against {base:?}")?;
        }
        let show = |s: &Option<Shape>| s.as_ref().map_or("failure".into(), |s| format!("{s:?}"));
        write!(
            f,
            "\n  ours:   {}\n  theirs: {}",
            show(&self.ours),
            show(&self.theirs)
        )
    }
}

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
];

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
/// ada class (A1 to A5) is about domain to ASCII, so the same question can be put to ada with
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
    let base_scheme = d
        .base
        .as_deref()
        .and_then(|b| self::ours(b, None))
        .map(|b| b.get("protocol").trim_end_matches(':').to_owned());
    let base = d.base.as_deref().map(|b| neutral_hosts(b, None));
    let input = neutral_hosts(&d.input, base_scheme.as_deref());
    if input == d.input && base == d.base {
        return None;
    }
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
        (Some(a), Some(b)) => [
            "protocol", "username", "password", "port", "pathname", "search", "hash",
        ]
        .iter()
        .all(|&field| a.get(field) == b.get(field)),
        (None, None) => true,
        _ => false,
    };
    (neutral.ada_agrees
        && outside_hosts(&d.ours, &neutral.ours)
        && outside_hosts(&d.theirs, &neutral.theirs)
        && neutral.fields() == d.fields())
    .then_some(neutral)
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
    if !SPECIAL.contains(&format!("{scheme}:").as_str()) {
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
    if d.other != Other::RustUrl {
        return None;
    }
    // R4 combines with the others: collapse the leading slashes of our file path as rust-url
    // does, then classify what is left.
    if let Some(ours) = &d.ours
        && ours.get("protocol") == "file:"
        && ours.get("pathname").starts_with("//")
    {
        let path = ours.get("pathname");
        let collapsed = format!("/{}", path.trim_start_matches('/'));
        let mut shape = ours.clone();
        shape.0[0] = ours.href().replacen(path, &collapsed, 1);
        shape.0[8] = collapsed;
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
        && ours.get("protocol") == "file:"
        && !ours.get("host").is_empty()
        && theirs.get("host").is_empty()
        && starts_with_drive_letter(ours.get("pathname"))
        && let Some(after_host) = theirs.href().strip_prefix("file://")
    {
        let mut shape = theirs.clone();
        shape.0[0] = format!("file://{}{after_host}", ours.get("host"));
        shape.0[5] = ours.get("host").to_owned();
        shape.0[6] = ours.get("hostname").to_owned();
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
    let path = theirs.get("pathname");
    if !path.contains('^') {
        return None;
    }
    let mut encoded = theirs.clone();
    let new_path = path.replace('^', "%5E");
    encoded.0[0] = theirs.href().replacen(path, &new_path, 1);
    encoded.0[8] = new_path;
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
    if !only(d, &["origin"]) || ours.get("protocol") != "blob:" {
        return None;
    }
    let path = ours.get("pathname");
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
        [a, b, c].map(|r| r.as_ref().map(|s| s.get("host").to_owned()))
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
/// they stand, and decodes them in a host anyway.
fn decode_non_ascii(text: &str) -> String {
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
fn only(d: &Divergence, allowed: &[&str]) -> bool {
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

const SPECIAL: [&str; 6] = ["http:", "https:", "ws:", "wss:", "ftp:", "file:"];

/// `/X:` or `/X|` followed by the end or `/`: a path starting with a Windows drive letter.
fn starts_with_drive_letter(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() >= 3
        && b[0] == b'/'
        && b[1].is_ascii_alphabetic()
        && matches!(b[2], b':' | b'|')
        && (b.len() == 3 || b[3] == b'/')
}

fn rust_url_xn_label(d: &Divergence) -> bool {
    // The base is where rust-url fails, for this reason.
    if let Some(base) = &d.base
        && let (Some(_), None) = (self::ours(base, None), rust_url(base, None))
    {
        return rust_url_xn_label(&Divergence {
            other: d.other,
            input: base.clone(),
            base: None,
            ours: self::ours(base, None),
            theirs: None,
            ada_agrees: d.ada_agrees,
        });
    }
    // The inner URL of a blob: URL fails in rust-url, for this reason (so its origin is opaque).
    if let Some((ours, theirs)) = both(d)
        && only(d, &["origin"])
        && ours.get("protocol") == "blob:"
        && theirs.get("origin") == "null"
    {
        let inner = ours.get("pathname");
        return rust_url_xn_label(&Divergence {
            other: d.other,
            input: inner.into(),
            base: None,
            ours: self::ours(inner, None),
            theirs: rust_url(inner, None),
            ada_agrees: d.ada_agrees,
        });
    }
    let Some(ours) = they_fail(d) else {
        return false;
    };
    let host = ours.get("hostname");
    SPECIAL.contains(&ours.get("protocol"))
        && host.split('.').any(|label| label.starts_with("xn--"))
        && url::quirks::domain_to_ascii(host).is_empty()
}

fn rust_url_slashes_against_base(d: &Divergence) -> bool {
    let Some(ours) = they_fail(d) else {
        return false;
    };
    let input = prepared(&d.input);
    d.base.is_some()
        && SPECIAL.contains(&ours.get("protocol"))
        && input
            .chars()
            .take(3)
            .filter(|c| matches!(c, '/' | '\\'))
            .count()
            == 3
}

fn rust_url_file_host_dropped(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    d.ada_agrees
        && ours.get("protocol") == "file:"
        && only(d, &["href", "host", "hostname"])
        && theirs.get("host").is_empty()
        && starts_with_drive_letter(ours.get("pathname"))
}

fn rust_url_file_empty_segments(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.get("pathname");
    d.ada_agrees
        && ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && path.starts_with("//")
        && theirs.get("pathname") == format!("/{}", path.trim_start_matches('/'))
}

fn rust_url_pipe_drive_letter(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let theirs_path = theirs.get("pathname");
    d.ada_agrees
        && ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && starts_with_drive_letter(theirs_path)
        && theirs_path.get(2..3) == Some("|")
        && ours.get("pathname") == theirs_path.replacen('|', ":", 1)
}

fn rust_url_non_special_backslash(d: &Divergence) -> bool {
    // Only a relative input against a non-special base (which we parse).
    let Some(base) = d.base.as_deref().and_then(|b| self::ours(b, None)) else {
        return false;
    };
    let input = prepared(&d.input);
    let leading = input.len() - input.trim_start_matches(['/', '\\']).len();
    if SPECIAL.contains(&base.get("protocol")) || !input[..leading].contains('\\') {
        return false;
    }
    // rust-url reads a backslash in the leading run of slashes as a slash, or as the start of
    // an authority, depending on where it stands; we keep it as a path code point (spec 4.4:
    // only special URLs treat U+005C as a separator). Any such input diverges, whatever
    // rust-url then makes of it.
    true
}

fn rust_url_glued_to_drive_letter(d: &Divergence) -> bool {
    // Against a file base whose path has more than one segment and ends in a drive letter,
    // rust-url writes the relative path right after that drive letter (no "/", not replaced).
    let (Some((ours, theirs)), Some(base)) = (both(d), d.base.as_deref()) else {
        return false;
    };
    let Some(base) = self::ours(base, None) else {
        return false;
    };
    let base_path = base.get("pathname");
    let Some((_, drive)) = base_path.rsplit_once('/') else {
        return false;
    };
    d.ada_agrees
        && ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && base_path.matches('/').count() > 1
        && starts_with_drive_letter(&format!("/{drive}"))
        && theirs
            .get("pathname")
            .replacen(&format!("/{drive}"), "/", 1)
            == ours.get("pathname")
}

fn rust_url_port_backslash(d: &Divergence) -> bool {
    // We fail on the input or on its base; that string is not special and a backslash follows
    // the ':' of its port, which rust-url takes for the end of the port.
    if d.ours.is_some() || d.theirs.is_none() {
        return false;
    }
    let failing = match &d.base {
        Some(base) if self::ours(base, None).is_none() => base.as_str(),
        _ => d.input.as_str(),
    };
    let text = prepared(failing);
    // The string's own non-special scheme, or a scheme-relative input against a non-special
    // base (which we parse): then the check below parses against that base.
    let (rest, base) = match text.split_once("://") {
        Some((scheme, rest))
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            if SPECIAL.contains(&format!("{}:", scheme.to_ascii_lowercase()).as_str()) {
                return false;
            }
            (rest, None)
        }
        _ => match (
            text.strip_prefix("//"),
            d.base.as_deref().filter(|_| failing == d.input),
        ) {
            (Some(rest), Some(base))
                if self::ours(base, None)
                    .is_some_and(|b| !SPECIAL.contains(&b.get("protocol"))) =>
            {
                (rest, Some(base))
            }
            _ => return false,
        },
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_and_port = authority.rsplit('@').next().unwrap_or_default();
    // An IPv6 address's colons are inside its brackets.
    let after_host = match host_and_port.split_once(']') {
        Some((_, after)) if host_and_port.starts_with('[') => after,
        _ => host_and_port,
    };
    let Some((_, port)) = after_host.split_once(':') else {
        return false;
    };
    let digits = port.len() - port.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // With a `/` after the digits (where rust-url ends the port) we parse it. `port` is a
    // suffix of `text` up to the end of the authority: find it from the end, not by search (the
    // same characters may come earlier, in the userinfo).
    let authority_end = text.len() - rest.len() + authority.len();
    let slash_at = authority_end - port.len() + digits;
    port[digits..].starts_with('\\')
        && self::ours(
            &format!("{}/{}", &text[..slash_at], &text[slash_at..]),
            base,
        )
        .is_some()
}

fn rust_url_empty_host_after_credentials(d: &Divergence) -> bool {
    // We fail on the input or on its base (ada too); that string is not special, and its
    // authority has an `@` with nothing after the last one: spec 4.4 authority state, step
    // 2.1 (atSignSeen and an empty buffer: host-missing, failure).
    if d.ours.is_some() || d.theirs.is_none() || !d.ada_agrees {
        return false;
    }
    let failing = match &d.base {
        Some(base) if self::ours(base, None).is_none() => base.as_str(),
        _ => d.input.as_str(),
    };
    let text = prepared(failing);
    let rest = match text.split_once("://") {
        Some((scheme, rest))
            if scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            if SPECIAL.contains(&format!("{}:", scheme.to_ascii_lowercase()).as_str()) {
                return false;
            }
            rest
        }
        // A scheme-relative input against a non-special base (which we parse).
        _ => match (
            text.strip_prefix("//"),
            d.base.as_deref().and_then(|b| self::ours(b, None)),
        ) {
            (Some(rest), Some(base)) if !SPECIAL.contains(&base.get("protocol")) => rest,
            _ => return false,
        },
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    authority.ends_with('@')
}

fn rust_url_opaque_path_space(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.get("pathname");
    only(d, &["href", "pathname"])
        && !path.starts_with('/')
        && path
            .strip_suffix("%20")
            .is_some_and(|rest| theirs.get("pathname") == format!("{rest} "))
}

fn rust_url_caret_in_path(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    only(d, &["href", "pathname"])
        && theirs.get("pathname").contains('^')
        && ours.get("pathname") == theirs.get("pathname").replace('^', "%5E")
}

fn rust_url_blob_origin(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    // Spec 4.7: the origin of the path's URL only when that URL's scheme is http(s) (or
    // file, whose origin is opaque too); rust-url takes it for any scheme, nested blob: too.
    let inner = ours.get("pathname").to_ascii_lowercase();
    only(d, &["origin"])
        && ours.get("protocol") == "blob:"
        && ours.get("origin") == "null"
        && theirs.get("origin") != "null"
        && !inner.starts_with("http:")
        && !inner.starts_with("https:")
}

fn rust_url_drive_letter_kept(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    // Their path is ours with one more segment, a Windows drive letter.
    let segments: Vec<&str> = theirs.get("pathname").split('/').collect();
    d.ada_agrees
        && only(d, &["href", "pathname"])
        && theirs.get("pathname").starts_with('/')
        && (0..segments.len()).any(|i| {
            let mut without = segments.clone();
            let drive = without.remove(i);
            starts_with_drive_letter(&format!("/{drive}"))
                && without.join("/") == ours.get("pathname")
        })
}

fn rust_url_drive_letter_split(d: &Divergence) -> bool {
    // A file path's first segment starts with "X:" but is no drive letter (the third code point
    // is not /, \, ? or #, spec 4.2 "starts with a Windows drive letter"); rust-url splits it
    // after "X:".
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.get("pathname");
    d.ada_agrees
        && ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && path.len() > 3
        && starts_with_drive_letter(&path[..3])
        && theirs.get("pathname") == format!("{}/{}", &path[..3], &path[3..])
}

fn rust_url_drive_letter_path(d: &Divergence) -> bool {
    // Everything else rust-url does with Windows drive letters in paths (R3, R5, R10, R12 and
    // R14 meeting in one path, drive letters in the middle of a base path, "X|" forms, ...),
    // accepted only where ada, which follows the standard, sides with us. A drive
    // letter must be in play: in the input, in the base's path or in either result's path.
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let file = ours.get("protocol") == "file:";
    let base_path = d
        .base
        .as_deref()
        .and_then(|b| self::ours(b, None))
        .map(|b| b.get("pathname").to_owned())
        .unwrap_or_default();
    d.ada_agrees
        && only(d, &["href", "host", "hostname", "pathname"])
        && (file || has_drive_letter_segment(theirs.get("pathname")))
        && (has_drive_letter_segment(ours.get("pathname"))
            || has_drive_letter_segment(theirs.get("pathname"))
            || has_drive_letter_segment(&base_path)
            || has_drive_letter_segment(&prepared(&d.input)))
}

/// Some segment of `text` (split at `/` and `\`; a leading `file:` taken off) starts with a
/// Windows drive letter (spec 4.2: an ASCII alpha, then `:` or `|`).
fn has_drive_letter_segment(text: &str) -> bool {
    let text = match text.get(..5) {
        Some(scheme) if scheme.eq_ignore_ascii_case("file:") => &text[5..],
        _ => text,
    };
    text.split(['/', '\\']).any(|segment| {
        let b = segment.as_bytes();
        b.len() >= 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
    })
}

fn rust_url_panics(d: &Divergence) -> bool {
    d.theirs.as_ref().is_some_and(|t| t.href() == PANICKED)
}

/// Characters of the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, NKo, ... and
/// their presentation forms): what makes a domain a Bidi domain name.
fn is_rtl_block(c: char) -> bool {
    matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
}

fn ada_bidi_rule(d: &Divergence) -> bool {
    let (None, Some(_)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    if failure.and_then(|e| e.validation_error())
        != Some(whatwg_url::ValidationError::DomainToAscii)
    {
        return false;
    }
    // Without the right-to-left characters (and the joiners, whose context they gave), we
    // parse it: the bidi rule is why we fail.
    let left_to_right = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '\u{200C}' | '\u{200D}'))
            .map(|c| if is_rtl_block(c) { 'a' } else { c })
            .collect()
    };
    // A host may be percent-encoded: look at its characters.
    let input = decode_non_ascii(&d.input);
    let base = d.base.as_deref().map(decode_non_ascii);
    let rtl = input.chars().any(is_rtl_block)
        || base.as_deref().is_some_and(|b| b.chars().any(is_rtl_block));
    rtl && self::ours(
        &left_to_right(&input),
        base.as_deref().map(left_to_right).as_deref(),
    )
    .is_some()
}

/// `host` with each `xn--` label decoded from Punycode (`None` if one does not decode).
fn decoded_labels(host: &str) -> Option<String> {
    let labels: Option<Vec<String>> = host
        .split('.')
        .map(|label| match label.strip_prefix("xn--") {
            Some(code) => idna::punycode::decode_to_string(code),
            None => Some(label.to_owned()),
        })
        .collect();
    labels.map(|labels| labels.join("."))
}

fn ada_mapped_to_ascii(d: &Divergence) -> bool {
    // We fail on a non-ASCII domain (ToASCII, relaxed, fails on an invalid xn-- label); ada's
    // host is ASCII with such a label, and as ASCII input we keep it (CHANGES-2026-07, 3.3
    // step 3 looks at the input, not at its mapping).
    let (None, Some(theirs)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    let host = theirs.get("hostname");
    // The xn-- label came from the input, kept as it was, not from ada's own ToASCII: it is
    // written in the input (or the base), or it is invalid on its own (not Punycode, or a
    // label we reject), which ada's ToASCII never outputs.
    // Written as the host parser reads it: percent-decoded (`xn--zgb%59` is `xn--zgbY`).
    let written_in = |text: &str, label: &str| {
        String::from_utf8_lossy(&percent::percent_decode_str(&prepared(text)))
            .to_ascii_lowercase()
            .contains(label)
    };
    let kept = |label: &str| {
        let written =
            written_in(&d.input, label) || d.base.as_deref().is_some_and(|b| written_in(b, label));
        // A label we reject: as ASCII input we keep it but report `domain-to-ASCII` (its
        // decoded form breaks a validity criterion, say NFC, that mapping a non-ASCII
        // spelling of it would have repaired).
        let rejected = || {
            let (_, errors) =
                whatwg_url::Url::parse_with_validation(&format!("https://{label}/"), None);
            errors
                .iter()
                .any(|e| e.error == whatwg_url::ValidationError::DomainToAscii)
        };
        written
            || rejected()
            || label
                .strip_prefix("xn--")
                .and_then(idna::punycode::decode_to_string)
                .is_none_or(|unicode| self::ours(&format!("https://{unicode}/"), None).is_none())
    };
    // Or the input spells an `xn--` label in characters that map to ASCII (`xn--zgb０s`, a
    // fullwidth digit) and ada's host, decoded, is a domain we reject: its labels were never
    // validated in their context (here the Bidi Rule against the label `8`).
    let spelled =
        written_in(&d.input, "xn--") || d.base.as_deref().is_some_and(|b| written_in(b, "xn--"));
    let rejected_decoded = || {
        decoded_labels(host).is_some_and(|unicode| {
            let failure = whatwg_url::Url::parse(&format!("https://{unicode}/"), None).err();
            failure.and_then(|e| e.validation_error())
                == Some(whatwg_url::ValidationError::DomainToAscii)
        })
    };
    failure.and_then(|e| e.validation_error()) == Some(whatwg_url::ValidationError::DomainToAscii)
        && host.is_ascii()
        && host
            .split('.')
            .any(|l| l.starts_with("xn--") && (kept(l) || (spelled && rejected_decoded())))
        && self::ours(theirs.href(), None).is_some()
}

fn ada_bidi_classes(d: &Divergence) -> bool {
    // Exactly one side fails, and we fail (if we do) in the domain's ToASCII.
    match (&d.ours, &d.theirs) {
        (Some(_), None) => {}
        (None, Some(_)) => {
            let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
            if failure.and_then(|e| e.validation_error())
                != Some(whatwg_url::ValidationError::DomainToAscii)
            {
                return false;
            }
        }
        _ => return false,
    }
    // Every right-to-left character beyond the basic Hebrew and Arabic letters and digits
    // replaced by a basic one of the same Bidi_Class (UnicodeData.txt): ada then agrees with
    // us, and our verdict stays what it was. The only property of those characters that the
    // bidi rule (RFC 5893 section 2) reads is their class, so ada's class for them is what
    // differs.
    // Classes matter only in a Bidi domain (RFC 5893 section 1.4: one with an R, AL or AN
    // character); without one, replacing marks (NSM) alone would explain anything.
    let replace = |s: &str| -> String { s.chars().map(basic_of_same_bidi_class).collect() };
    let input = replace(&d.input);
    let base = d.base.as_deref().map(replace);
    let bidi = has_right_to_left(&decode_non_ascii(&d.input))
        || d.base
            .as_deref()
            .is_some_and(|b| has_right_to_left(&decode_non_ascii(b)));
    if bidi && (input != d.input || base != d.base) {
        let ours = self::ours(&input, base.as_deref());
        if ours.is_some() == d.ours.is_some() && ours == ada(&input, base.as_deref()) {
            return true;
        }
    }
    // The characters may be in an xn-- label: when we parse, take our host in Unicode.
    let Some(ours) = &d.ours else {
        return false;
    };
    let Some(unicode) = decoded_labels(ours.get("hostname")) else {
        return false;
    };
    let replaced = replace(&unicode);
    if !has_right_to_left(&unicode) {
        return false;
    }
    let url = format!("https://{replaced}/");
    // ada failed on our host; with those characters replaced it parses it.
    d.theirs.is_none()
        && replaced != unicode
        && self::ours(&url, None).is_some()
        && ada(&url, None).is_some()
}

/// The Bidi_Class of `c`, from the Unicode data of our IDNA (ICU4X, the version whatwg-host
/// pins).
fn bidi_class(c: char) -> BidiClass {
    icu_properties::CodePointMapData::<BidiClass>::new().get(c)
}

/// Whether `text` has a character of Bidi_Class R, AL or AN.
fn has_right_to_left(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(
            bidi_class(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
        )
    })
}

/// A basic Hebrew letter, Arabic letter, Arabic-Indic digit, Arabic mark or `©` of the
/// Bidi_Class of `c` (R, AL, AN, NSM or non-ASCII ON), if `c` is such a character but not a
/// basic one already
/// (combining diacritical marks U+0300..U+036F count as basic); otherwise `c`. A virama
/// stays: CONTEXTJ (RFC 5892 appendix A.1 and A.2) reads its combining class, so a joiner
/// after it would no longer be valid.
fn basic_of_same_bidi_class(c: char) -> char {
    use icu_properties::props::CanonicalCombiningClass;
    let basic = matches!(c, '\u{A9}' | '\u{300}'..='\u{36F}' | '\u{5D0}'..='\u{5EA}' | '\u{620}'..='\u{65F}' | '\u{660}'..='\u{669}');
    let virama = icu_properties::CodePointMapData::<CanonicalCombiningClass>::new().get(c)
        == CanonicalCombiningClass::Virama;
    match bidi_class(c) {
        _ if basic || virama => c,
        BidiClass::RightToLeft => '\u{5D0}',
        BidiClass::ArabicLetter => '\u{627}',
        BidiClass::ArabicNumber => '\u{660}',
        BidiClass::NonspacingMark => '\u{64E}',
        // A symbol newer than ada's bidi data (U+1F6DE WHEEL, Unicode 14): a neutral one as
        // old as IDNA, U+00A9.
        BidiClass::OtherNeutral if !c.is_ascii() => '\u{A9}',
        _ => c,
    }
}

fn ada_not_nfc(d: &Divergence) -> bool {
    // Both parse, only the host differs, and ada's host, its xn-- labels decoded, is a spelling
    // of ours: our domain parser (UTS #46 ToASCII, which normalizes to NFC, UTS #46 section 4
    // step 2) maps it to exactly our host. ada encoded the label without normalizing it.
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let Some(decoded) = decoded_labels(theirs.get("hostname")) else {
        return false;
    };
    only(d, &["href", "origin", "host", "hostname"])
        && !decoded.is_ascii()
        && self::ours(&format!("https://{decoded}/"), None)
            .is_some_and(|again| again.get("hostname") == ours.get("hostname"))
}

fn ada_joiners(d: &Divergence) -> bool {
    // We fail on the domain (CheckJoiners is true, spec 3.3), ada parses; without the joiners
    // we parse it too.
    let is_joiner = |c: char| matches!(c, '\u{200C}' | '\u{200D}');
    let (None, Some(_)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    let without = |s: &str| s.replace(is_joiner, "");
    failure.and_then(|e| e.validation_error()) == Some(whatwg_url::ValidationError::DomainToAscii)
        && (d.input.contains(is_joiner) || d.base.as_deref().is_some_and(|b| b.contains(is_joiner)))
        && self::ours(
            &without(&d.input),
            d.base.as_deref().map(without).as_deref(),
        )
        .is_some()
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
