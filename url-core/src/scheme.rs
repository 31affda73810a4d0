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

/// Little-endian words of the first eight bytes of the common special-scheme prefixes, and the
/// masks that keep as many bytes as each prefix has.
const fn word(prefix: &[u8]) -> u64 {
    let mut word = 0u64;
    let mut shift = 0;
    let mut rest = prefix;
    while let [b, tail @ ..] = rest {
        word |= (*b as u64) << shift;
        shift += 8;
        rest = tail;
    }
    word
}
const fn mask(len: u32) -> u64 {
    u64::MAX >> (64 - 8 * len)
}

/// `0x20` in each of the first `len` bytes: OR-ed into a word, it lowercases ASCII letters
/// there (and changes no byte into a letter that was not one of the two cases of it).
const fn letters(len: u32) -> u64 {
    0x2020_2020_2020_2020 & mask(len)
}

/// Special-scheme recognition without string compares: an input whose first eight bytes start
/// with `https://`, `http://`, `file://`, `wss://`, `ws://` or `ftp://` (the scheme in any
/// case) is recognized with one load and a few masked compares. Gives the index of the `:`,
/// the scheme, and whether the scheme has upper-case letters. The scheme state (its step 1,
/// scanning the scheme) and the fast path both start with it.
// Named constants, so that the words are computed at compile time (a `const fn` called in a
// run-time expression is only folded if the optimizer chooses to).
const HTTPS_WORD: u64 = word(b"https://");
const HTTP_WORD: u64 = word(b"http://");
const FILE_WORD: u64 = word(b"file://");
const WSS_WORD: u64 = word(b"wss://");
const WS_WORD: u64 = word(b"ws://");
const FTP_WORD: u64 = word(b"ftp://");

#[inline(always)]
pub(crate) fn special_scheme_and_slashes(bytes: &[u8]) -> Option<(usize, SchemeType, bool)> {
    let first = <[u8; 8]>::try_from(bytes.get(..8)?).ok()?;
    let w = u64::from_le_bytes(first);
    // The scheme's length, and its "://" right after it; a letter without its 0x20 bit is
    // upper case (tested with the length as a constant in each arm).
    let upper = |len: u32| w & letters(len) != letters(len);
    let (len, scheme_type, upper) = if w | letters(5) == HTTPS_WORD {
        (5, SchemeType::Https, upper(5))
    } else if (w & mask(7)) | letters(4) == HTTP_WORD {
        (4, SchemeType::Http, upper(4))
    } else if (w & mask(7)) | letters(4) == FILE_WORD {
        (4, SchemeType::File, upper(4))
    } else if (w & mask(6)) | letters(3) == WSS_WORD {
        (3, SchemeType::Wss, upper(3))
    } else if (w & mask(5)) | letters(2) == WS_WORD {
        (2, SchemeType::Ws, upper(2))
    } else if (w & mask(6)) | letters(3) == FTP_WORD {
        (3, SchemeType::Ftp, upper(3))
    } else {
        return None;
    };
    Some((len, scheme_type, upper))
}
