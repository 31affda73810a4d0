//! `AsciiSet` and the percent-encode sets of spec 1.3.

/// A set of ASCII bytes, usable in `const` context.
///
/// Every percent-encode set of the standard also contains all non-ASCII code points; an
/// `AsciiSet` stores only the ASCII part, and [`AsciiSet::should_percent_encode`] adds the rest.
/// Membership is one table lookup.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    /// One bit per ASCII byte.
    mask: [u32; 4],
}

impl AsciiSet {
    /// The set with no members.
    pub const EMPTY: AsciiSet = AsciiSet { mask: [0; 4] };

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
        let mut mask = self.mask;
        if byte < 0x80 {
            mask[(byte >> 5) as usize] |= 1 << (byte & 31);
        }
        AsciiSet { mask }
    }

    /// This set with `byte` removed.
    pub const fn remove(self, byte: u8) -> AsciiSet {
        let mut mask = self.mask;
        if byte < 0x80 {
            mask[(byte >> 5) as usize] &= !(1 << (byte & 31));
        }
        AsciiSet { mask }
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
        AsciiSet {
            mask: [
                self.mask[0] | other.mask[0],
                self.mask[1] | other.mask[1],
                self.mask[2] | other.mask[2],
                self.mask[3] | other.mask[3],
            ],
        }
    }

    /// Whether the ASCII byte `byte` is a member (always false for non-ASCII bytes).
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        byte < 0x80 && (self.mask[(byte >> 5) as usize] >> (byte & 31)) & 1 == 1
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
        byte >= 0x80 || self.contains(byte)
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

/// The C0 control percent-encode set: the C0 controls and every code point above U+007E (~).
pub const C0_CONTROL: &AsciiSet = &AsciiSet::EMPTY.add_range(0x00, 0x1F).add(0x7F);

/// The fragment percent-encode set: C0 control set, space, `"`, `<`, `>` and `` ` ``.
pub const FRAGMENT: &AsciiSet = &C0_CONTROL.union(AsciiSet::from_bytes(b" \"<>`"));

/// The query percent-encode set: C0 control set, space, `"`, `#`, `<` and `>`.
/// (Not defined through the fragment set: it leaves `` ` `` alone.)
pub const QUERY: &AsciiSet = &C0_CONTROL.union(AsciiSet::from_bytes(b" \"#<>"));

/// The special-query percent-encode set: the query set and `'`.
pub const SPECIAL_QUERY: &AsciiSet = &QUERY.add(b'\'');

/// The path percent-encode set: the query set and `?`, `^`, `` ` ``, `{` and `}`.
pub const PATH: &AsciiSet = &QUERY.union(AsciiSet::from_bytes(b"?^`{}"));

/// The userinfo percent-encode set: the path set and `/`, `:`, `;`, `=`, `@`, `[` to `]`, and `|`.
pub const USERINFO: &AsciiSet = &PATH.union(AsciiSet::from_bytes(b"/:;=@[\\]|"));

/// The component percent-encode set: the userinfo set and `$` to `&`, `+` and `,`.
/// With UTF-8 it gives the same result as JavaScript's `encodeURIComponent()`.
pub const COMPONENT: &AsciiSet = &USERINFO.union(AsciiSet::from_bytes(b"$%&+,"));

/// The application/x-www-form-urlencoded percent-encode set: the component set and `!`,
/// `'` to `)`, and `~`. It keeps only ASCII alphanumerics, `*`, `-`, `.` and `_`.
pub const FORM_URLENCODED: &AsciiSet = &COMPONENT.union(AsciiSet::from_bytes(b"!'()~"));
