//! Special schemes and their default ports (spec 4.2).

/// A URL's scheme, classified: one of the special schemes of spec 4.2, or not special.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SchemeType {
    /// A scheme that is not special (`data`, `mailto`, `web+demo`, ...).
    NotSpecial,
    /// `ftp` (default port 21).
    Ftp,
    /// `file` (no default port).
    File,
    /// `http` (default port 80).
    Http,
    /// `https` (default port 443).
    Https,
    /// `ws` (default port 80).
    Ws,
    /// `wss` (default port 443).
    Wss,
}

impl SchemeType {
    /// Classifies an ASCII-lowercase scheme (spec 4.2, special scheme table).
    #[inline]
    pub fn from_scheme(scheme: &str) -> SchemeType {
        // By length first: most schemes are rejected without comparing bytes.
        match (scheme.len(), scheme.as_bytes()) {
            (4, b"http") => SchemeType::Http,
            (5, b"https") => SchemeType::Https,
            (4, b"file") => SchemeType::File,
            (2, b"ws") => SchemeType::Ws,
            (3, b"wss") => SchemeType::Wss,
            (3, b"ftp") => SchemeType::Ftp,
            _ => SchemeType::NotSpecial,
        }
    }

    /// Whether the scheme is a special scheme (spec 4.2).
    #[inline]
    pub const fn is_special(self) -> bool {
        !matches!(self, SchemeType::NotSpecial)
    }

    /// The scheme's default port (spec 4.2): `None` for `file` and for schemes that are not
    /// special.
    #[inline]
    pub const fn default_port(self) -> Option<u16> {
        match self {
            SchemeType::Http | SchemeType::Ws => Some(80),
            SchemeType::Https | SchemeType::Wss => Some(443),
            SchemeType::Ftp => Some(21),
            SchemeType::File | SchemeType::NotSpecial => None,
        }
    }
}

/// The default port of `scheme` (spec 4.2): `None` unless `scheme` is a special scheme with one.
#[inline]
pub fn default_port(scheme: &str) -> Option<u16> {
    SchemeType::from_scheme(scheme).default_port()
}

/// Whether `scheme` (ASCII lowercase) is a special scheme (spec 4.2).
#[inline]
pub fn is_special_scheme(scheme: &str) -> bool {
    SchemeType::from_scheme(scheme).is_special()
}
