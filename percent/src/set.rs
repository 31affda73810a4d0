//! `AsciiSet` and the percent-encode sets of spec 1.3.

/// A set of ASCII bytes, usable in `const` context.
///
/// Every percent-encode set of the standard also contains all non-ASCII code points; an
/// `AsciiSet` stores only the ASCII part as members, and [`AsciiSet::should_percent_encode`]
/// adds the rest.
///
/// Internally the set is a 256-entry table indexed by byte that answers "must this byte of
/// UTF-8 input be percent-encoded?" (entries 0x80 to 0xFF are always `true`), so the
/// scanner's test is one load per byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    /// `encode[b]`: byte `b` must be percent-encoded (a member, or not ASCII).
    encode: [bool; 256],
}

/// The table of the empty set: only the non-ASCII bytes are encoded.
#[allow(clippy::indexing_slicing)] // bounded by the array length
const fn empty_table() -> [bool; 256] {
    let mut table = [false; 256];
    let mut b = 0x80;
    while b < 256 {
        table[b] = true;
        b += 1;
    }
    table
}

// A `u8` index into a 256-entry table is always in range (and the const loops are bounded by
// the array lengths they index), so this indexing cannot panic.
#[allow(clippy::indexing_slicing)]
impl AsciiSet {
    /// The set with no members.
    pub const EMPTY: AsciiSet = AsciiSet {
        encode: empty_table(),
    };

    /// Builds a set from a list of ASCII bytes. Non-ASCII bytes are ignored.
    pub const fn from_bytes(bytes: &[u8]) -> AsciiSet {
        let mut set = AsciiSet::EMPTY;
        let mut i = 0;
        while i < bytes.len() {
            set = set.add(bytes[i]);
            i += 1;
        }
        set
    }

    /// This set with `byte` added (non-ASCII bytes are ignored: they are implied members).
    pub const fn add(self, byte: u8) -> AsciiSet {
        let mut encode = self.encode;
        if byte < 0x80 {
            encode[byte as usize] = true;
        }
        AsciiSet { encode }
    }

    /// This set with `byte` removed (non-ASCII bytes are ignored: they stay implied members).
    pub const fn remove(self, byte: u8) -> AsciiSet {
        let mut encode = self.encode;
        if byte < 0x80 {
            encode[byte as usize] = false;
        }
        AsciiSet { encode }
    }

    /// This set with every byte of `start..=end` added.
    pub const fn add_range(self, start: u8, end: u8) -> AsciiSet {
        let mut set = self;
        let mut b = start;
        while b <= end {
            set = set.add(b);
            if b == u8::MAX {
                break;
            }
            b += 1;
        }
        set
    }

    /// The union of two sets.
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        let mut encode = self.encode;
        let mut b = 0;
        while b < 256 {
            encode[b] = encode[b] || other.encode[b];
            b += 1;
        }
        AsciiSet { encode }
    }

    /// Whether the ASCII byte `byte` is a member (always false for non-ASCII bytes).
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        byte < 0x80 && self.encode[byte as usize]
    }

    /// Whether `c` is a member, counting the non-ASCII code points every percent-encode set has.
    #[inline]
    pub const fn contains_char(&self, c: char) -> bool {
        if (c as u32) < 0x80 {
            self.contains(c as u8)
        } else {
            true
        }
    }

    /// Whether a byte of UTF-8 input must be percent-encoded under this set: it is a member,
    /// or it is not ASCII (part of a non-ASCII code point, which every set contains).
    #[inline]
    pub const fn should_percent_encode(&self, byte: u8) -> bool {
        self.encode[byte as usize]
    }

    /// The byte-indexed table behind [`AsciiSet::should_percent_encode`], for scanners.
    #[inline]
    pub(crate) const fn encode_table(&self) -> &[bool; 256] {
        &self.encode
    }
}

impl core::fmt::Debug for AsciiSet {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut list = f.debug_set();
        for b in 0u8..0x80 {
            if self.contains(b) {
                list.entry(&(b as char));
            }
        }
        list.finish()
    }
}

/// The C0 control percent-encode set (spec 1.3): the C0 controls and every code point above U+007E (~).
pub const C0_CONTROL: &AsciiSet = &AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

/// The fragment percent-encode set (spec 1.3): C0 control set, space, `"`, `<`, `>` and `` ` ``.
pub const FRAGMENT: &AsciiSet = &C0_CONTROL.union(AsciiSet::from_bytes(b" \"<>`"));

/// The query percent-encode set (spec 1.3): C0 control set, space, `"`, `#`, `<` and `>`.
/// (Not defined through the fragment set: it leaves `` ` `` alone.)
pub const QUERY: &AsciiSet = &C0_CONTROL.union(AsciiSet::from_bytes(b" \"#<>"));

/// The special-query percent-encode set (spec 1.3): the query set and `'`.
pub const SPECIAL_QUERY: &AsciiSet = &QUERY.add(b'\'');

/// The path percent-encode set (spec 1.3): the query set and `?`, `^`, `` ` ``, `{` and `}`.
pub const PATH: &AsciiSet = &QUERY.union(AsciiSet::from_bytes(b"?^`{}"));

/// The userinfo percent-encode set (spec 1.3): the path set and `/`, `:`, `;`, `=`, `@`, `[` to `]`, and `|`.
pub const USERINFO: &AsciiSet = &PATH.union(AsciiSet::from_bytes(b"/:;=@[\\]|"));

/// The component percent-encode set (spec 1.3): the userinfo set and `$` to `&`, `+` and `,`.
/// With UTF-8 it gives the same result as JavaScript's `encodeURIComponent()`.
pub const COMPONENT: &AsciiSet = &USERINFO.union(AsciiSet::from_bytes(b"$%&+,"));

/// The application/x-www-form-urlencoded percent-encode set (spec 1.3): the component set and `!`,
/// `'` to `)`, and `~`. It keeps only ASCII alphanumerics, `*`, `-`, `.` and `_`.
pub const FORM_URLENCODED: &AsciiSet = &COMPONENT.union(AsciiSet::from_bytes(b"!'()~"));
