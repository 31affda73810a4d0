//! Generated route tables and request URLs, for checking a URLPattern route set against the
//! patterns' own `exec` tried in table order (the property tests of `whatwg-urlpattern` draw
//! from [`Rng`](crate::rng::Rng), the fuzz target `routeset` from its input bytes).
//!
//! The pieces overlap on purpose: fixed segments that are also `:name` values, `(regexp)`
//! groups beside plain groups, modifiers, `*` in several places, custom prefixes, other
//! components (protocol, hostname, search) and `ignoreCase`, so that the first match depends
//! on the table's order and most requests match several routes.

/// A source of choices: `choose(n)` is a number in `0..n`.
pub trait Choose {
    /// A number in `0..n` (`n` > 0).
    fn choose(&mut self, n: usize) -> usize;
}

impl Choose for crate::rng::Rng {
    fn choose(&mut self, n: usize) -> usize {
        self.below(n)
    }
}

/// Choices read from bytes, one a byte; zero once they run out.
pub struct Bytes<'a>(pub &'a [u8]);

impl Choose for Bytes<'_> {
    fn choose(&mut self, n: usize) -> usize {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                usize::from(b) % n.max(1)
            }
            None => 0,
        }
    }
}

fn pick<'a>(c: &mut impl Choose, items: &[&'a str]) -> &'a str {
    items[c.choose(items.len())]
}

/// Path segments of patterns (each written after a `/`).
const PATTERN_SEGMENTS: &[&str] = &[
    "a",
    "b",
    "users",
    "x.json",
    ":id",
    ":id",
    ":name",
    ":id(\\d+)",
    "(\\d+)",
    ":name.json",
    "v:ver",
    ":file.:ext",
    "*",
    "*.json",
    ":opt?",
    ":rest+",
    ":any*",
    "{:x}?",
    "{a/b}?",
    "a{-:y}?",
    "",
    "A",
    "([a-z]+)",
    ":id([0-9a-f]+)",
    "%C3%A9",
    "é",
];

/// Path segments of requests.
const URL_SEGMENTS: &[&str] = &[
    "a", "b", "A", "users", "123", "x.json", "y.json", "v1", "", "ab-c", "7", "é", "%2F",
    "f.tar.gz", "a-b", "beef",
];

/// Starts of patterns: the components before the pathname ("" for a pathname alone).
const PATTERN_ORIGINS: &[&str] = &[
    "",
    "",
    "",
    "https://example.com",
    "https://*.example.com",
    "http{s}?://example.com",
    "*://*",
    "https://:sub.example.com",
    "https://example.com:8080",
];

/// Ends of patterns (search and hash).
const PATTERN_ENDS: &[&str] = &["", "", "", "?q=:q", "?*", "#:h", "\\?x"];

/// A route: a constructor string (or, when `pathname_only`, a pathname for
/// `{ pathname }`), and whether it ignores case.
#[derive(Clone, Debug)]
pub struct GenRoute {
    /// The pattern.
    pub pattern: String,
    /// Whether `pattern` is the pathname of a `{ pathname }` pattern.
    pub pathname_only: bool,
    /// `ignoreCase`.
    pub ignore_case: bool,
}

/// A route table of up to `max` routes.
pub fn route_table(c: &mut impl Choose, max: usize) -> Vec<GenRoute> {
    let n = 1 + c.choose(max.max(1));
    (0..n).map(|_| route(c)).collect()
}

fn route(c: &mut impl Choose) -> GenRoute {
    let origin = pick(c, PATTERN_ORIGINS);
    let mut path = String::new();
    for _ in 0..c.choose(5) {
        path.push('/');
        path.push_str(pick(c, PATTERN_SEGMENTS));
    }
    if path.is_empty() || c.choose(8) == 0 {
        path.push('/');
    }
    let ignore_case = c.choose(6) == 0;
    if origin.is_empty() {
        return GenRoute {
            pattern: path,
            pathname_only: true,
            ignore_case,
        };
    }
    GenRoute {
        pattern: format!("{origin}{path}{}", pick(c, PATTERN_ENDS)),
        pathname_only: false,
        ignore_case,
    }
}

/// A request URL.
pub fn request(c: &mut impl Choose) -> String {
    let origin = pick(
        c,
        &[
            "https://example.com",
            "https://api.example.com",
            "http://example.com",
            "https://EXAMPLE.com:8080",
            "ftp://example.com",
            "https://a.b.example.com",
        ],
    );
    let mut url = String::from(origin);
    for _ in 0..c.choose(6) {
        url.push('/');
        url.push_str(pick(c, URL_SEGMENTS));
    }
    url.push_str(pick(c, &["", "", "?q=1", "?x", "#top", "?q=a#b"]));
    url
}
