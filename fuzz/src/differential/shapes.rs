//! The three parsers side by side: each one's getters for an input ([`Shape`]), and what two
//! of them disagree on ([`Divergence`]).

use super::*;

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
