//! `AsciiSet` and the percent-encode sets of spec 1.3.

use crate::table::ByteTable;

/// A set of ASCII bytes, usable in `const` context.
///
/// Every percent-encode set of the standard also contains all non-ASCII code points; an
/// `AsciiSet` stores only the ASCII part as members, and [`AsciiSet::should_percent_encode`]
/// adds the rest.
///
/// Internally the set is a [`ByteTable`] whose [`AsciiSet::ENCODE`] class answers "must this
/// byte of UTF-8 input be percent-encoded?" (0x80 to 0xFF always are), so the scanner's test is
/// one load per byte.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct AsciiSet {
    /// Byte `b` is in [`AsciiSet::ENCODE`]: it must be percent-encoded (a member, or not ASCII).
    table: ByteTable,
}

impl AsciiSet {
    /// The class of [`AsciiSet::table`] that holds the bytes to percent-encode.
    pub const ENCODE: u8 = 1;

    /// The empty set (no ASCII member; the non-ASCII bytes are always encoded).
    pub const EMPTY: AsciiSet = AsciiSet {
        table: ByteTable::EMPTY.with_range(0x80, 0xFF, AsciiSet::ENCODE),
    };

    /// The set of the ASCII bytes in `bytes` (non-ASCII bytes are ignored).
    pub const fn from_bytes(bytes: &[u8]) -> AsciiSet {
        let mut set = AsciiSet::EMPTY;
        let mut rest = bytes;
        while let [b, tail @ ..] = rest {
            set = set.add(*b);
            rest = tail;
        }
        set
    }

    /// This set with `byte` added (a non-ASCII byte changes nothing).
    pub const fn add(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet {
                table: self.table.with(byte, AsciiSet::ENCODE),
            }
        } else {
            self
        }
    }

    /// This set with `byte` removed (a non-ASCII byte changes nothing).
    pub const fn remove(self, byte: u8) -> AsciiSet {
        if byte < 0x80 {
            AsciiSet {
                table: self.table.without(byte, AsciiSet::ENCODE),
            }
        } else {
            self
        }
    }

    /// This set with the bytes `start..=end` added (non-ASCII ones ignored).
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

    /// The union of this set and `other`.
    pub const fn union(self, other: AsciiSet) -> AsciiSet {
        AsciiSet {
            table: self
                .table
                .with_class_of(&other.table, AsciiSet::ENCODE, AsciiSet::ENCODE),
        }
    }

    /// Whether the ASCII byte `byte` is a member (always `false` for a non-ASCII byte).
    #[inline]
    pub const fn contains(&self, byte: u8) -> bool {
        byte < 0x80 && self.table.contains(byte, AsciiSet::ENCODE)
    }

    /// Whether code point `c` is in the percent-encode set this describes: an ASCII member,
    /// or any non-ASCII code point.
    #[inline]
    pub const fn contains_char(&self, c: char) -> bool {
        if (c as u32) < 0x80 {
            self.contains(c as u8)
        } else {
            true
        }
    }

    /// Whether byte `byte` of UTF-8 input must be percent-encoded: a member, or any byte of a
    /// non-ASCII code point.
    #[inline]
    pub const fn should_percent_encode(&self, byte: u8) -> bool {
        self.table.contains(byte, AsciiSet::ENCODE)
    }

    /// The set as a table: [`AsciiSet::ENCODE`] holds the bytes to encode, for [`crate::scan`]
    /// or for building a table of several classes ([`ByteTable::with_class_of`]).
    #[inline]
    pub const fn table(&self) -> &ByteTable {
        &self.table
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
