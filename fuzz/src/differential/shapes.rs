//! The three parsers side by side: each one's getters for an input ([`Shape`]), and what two
//! of them disagree on ([`Divergence`]).

use super::*;

/// A parsed URL as its getters' values: whatwg-url's components, in [`Component::ALL`]'s
/// order (href, origin, protocol, …, hash).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape(pub [String; Component::ALL.len()]);

impl Shape {
    /// The shape whose getter `c` gives `getter(c)`.
    fn of(getter: impl FnMut(Component) -> String) -> Shape {
        Shape(Component::ALL.map(getter))
    }

    /// The value of the getter of `c`.
    pub fn component(&self, c: Component) -> &str {
        let i = Component::ALL.iter().position(|&x| x == c);
        i.and_then(|i| self.0.get(i)).map_or("", String::as_str)
    }

    /// Sets the value of the getter of `c`.
    pub fn set(&mut self, c: Component, value: String) {
        let i = Component::ALL.iter().position(|&x| x == c);
        if let Some(slot) = i.and_then(|i| self.0.get_mut(i)) {
            *slot = value;
        }
    }

    /// The href.
    pub fn href(&self) -> &str {
        self.component(Component::Href)
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
    Some(Shape::of(|c| url.component(c).into_owned()))
}

/// ada's result.
pub fn ada(input: &str, base: Option<&str>) -> Option<Shape> {
    let url = ada_url::Url::parse(input, base).ok()?;
    // ada's getter of each of our components.
    Some(Shape::of(|c| match c {
        Component::Href => url.href().into(),
        Component::Origin => url.origin(),
        Component::Protocol => url.protocol().into(),
        Component::Username => url.username().into(),
        Component::Password => url.password().into(),
        Component::Host => url.host().into(),
        Component::Hostname => url.hostname().into(),
        Component::Port => url.port().into(),
        Component::Pathname => url.pathname().into(),
        Component::Search => url.search().into(),
        Component::Hash => url.hash().into(),
        other => format!("<no ada getter for {other}>"),
    }))
}

/// What [`rust_url`] gives for every getter when rust-url panics (its debug assertions do,
/// in debug builds; `cargo xtask fuzz differential` builds with `-O`, without them).
pub const PANICKED: &str = "<rust-url panicked>";

/// rust-url's result (`Url::join` on the parsed base, as its `URL` API does). A panic is
/// caught and reported as [`PANICKED`] in every getter.
pub fn rust_url(input: &str, base: Option<&str>) -> Option<Shape> {
    std::panic::catch_unwind(|| rust_url_unguarded(input, base))
        .unwrap_or_else(|_| Some(Shape::of(|_| PANICKED.to_owned())))
}

fn rust_url_unguarded(input: &str, base: Option<&str>) -> Option<Shape> {
    use url::quirks;
    let url = match base {
        Some(base) => url::Url::parse(base).ok()?.join(input).ok()?,
        None => url::Url::parse(input).ok()?,
    };
    // rust-url's getter (its `quirks` module, the `URL` API) of each of our components.
    Some(Shape::of(|c| match c {
        Component::Href => quirks::href(&url).into(),
        Component::Origin => quirks::origin(&url),
        Component::Protocol => quirks::protocol(&url).into(),
        Component::Username => quirks::username(&url).into(),
        Component::Password => quirks::password(&url).into(),
        Component::Host => quirks::host(&url).into(),
        Component::Hostname => quirks::hostname(&url).into(),
        Component::Port => quirks::port(&url).into(),
        Component::Pathname => quirks::pathname(&url).into(),
        Component::Search => quirks::search(&url).into(),
        Component::Hash => quirks::hash(&url).into(),
        other => format!("<no rust-url getter for {other}>"),
    }))
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
    pub fn fields(&self) -> Vec<Component> {
        match (&self.ours, &self.theirs) {
            (Some(a), Some(b)) => Component::ALL
                .iter()
                .zip(a.0.iter().zip(b.0.iter()))
                .filter(|(_, (x, y))| x != y)
                .map(|(&c, _)| c)
                .collect(),
            _ => Vec::new(),
        }
    }

    /// A short summary: who failed, or which getters differ.
    pub fn summary(&self) -> String {
        match (&self.ours, &self.theirs) {
            (Some(_), None) => format!("{} fails, we parse", self.other),
            (None, Some(_)) => format!("we fail, {} parses", self.other),
            _ => {
                let names: Vec<&str> = self.fields().iter().map(|c| c.name()).collect();
                names.join(",")
            }
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
