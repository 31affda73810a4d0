//! Target `differential` (feature `differential`): the same input through this project, ada
//! (`ada-url`) and rust-url (`url`).
//!
//! Input: `input` or `input 0xFF base`, as for [`crate::parse`]. Both parsers must fail, or
//! both succeed with the same href and the same value of every getter. A divergence that is
//! not one of the known classes ([`classify`], documented with the WPT case or spec step that
//! shows which side is right in `fuzz/DIVERGENCES.md`) fails the check.

use std::fmt;

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
    let url = url_api::Url::parse(input, base).ok()?;
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

/// rust-url's result (`Url::join` on the parsed base, as its `URL` API does).
pub fn rust_url(input: &str, base: Option<&str>) -> Option<Shape> {
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
    let mut found = Vec::new();
    for (other, theirs) in [
        (Other::Ada, ada(input, base)),
        (Other::RustUrl, rust_url(input, base)),
    ] {
        if theirs != ours {
            found.push(Divergence {
                other,
                input: input.into(),
                base: base.map(Into::into),
                ours: ours.clone(),
                theirs,
            });
        }
    }
    found
}

/// A known class of divergence: its name (a heading of `fuzz/DIVERGENCES.md`).
pub type Class = &'static str;

/// The known classes: which implementation, the name, and the test that recognizes one.
/// Each test is mechanical (what differs, and how), never a list of inputs.
pub const CLASSES: &[(Other, Class, fn(&Divergence) -> bool)] = &[
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
        "R10 rust-url keeps a drive letter on .. in non-file URLs",
        rust_url_drive_letter_not_file,
    ),
];

/// The known class of `d`, or `None` when it is unexplained.
pub fn classify(d: &Divergence) -> Option<Class> {
    CLASSES
        .iter()
        .find(|(other, _, test)| *other == d.other && test(d))
        .map(|(_, class, _)| *class)
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
        && input.chars().take(3).filter(|c| matches!(c, '/' | '\\')).count() == 3
}

fn rust_url_file_host_dropped(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    ours.get("protocol") == "file:"
        && only(d, &["href", "host", "hostname"])
        && theirs.get("host").is_empty()
        && starts_with_drive_letter(ours.get("pathname"))
}

fn rust_url_file_empty_segments(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.get("pathname");
    ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && path.starts_with("//")
        && theirs.get("pathname") == format!("/{}", path.trim_start_matches('/'))
}

fn rust_url_pipe_drive_letter(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let theirs_path = theirs.get("pathname");
    ours.get("protocol") == "file:"
        && only(d, &["href", "pathname"])
        && starts_with_drive_letter(theirs_path)
        && theirs_path.get(2..3) == Some("|")
        && ours.get("pathname") == theirs_path.replacen('|', ":", 1)
}

fn rust_url_non_special_backslash(d: &Divergence) -> bool {
    let Some(ours) = &d.ours else {
        return false;
    };
    let input = prepared(&d.input);
    !SPECIAL.contains(&ours.get("protocol"))
        && d.base.is_some()
        && input.contains('\\')
        && self::ours(&input.replace('\\', "/"), d.base.as_deref()) == d.theirs
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

fn rust_url_drive_letter_not_file(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let ours_path = ours.get("pathname");
    ours.get("protocol") != "file:"
        && only(d, &["href", "pathname"])
        && theirs
            .get("pathname")
            .strip_prefix(ours_path.trim_end_matches('/'))
            .is_some_and(|rest| starts_with_drive_letter(rest.trim_end_matches('/')))
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
