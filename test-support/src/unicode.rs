//! Unicode versions of the IDNA fixtures and of the IDNA data in use, decided from the data.
//!
//! `IdnaTestV2.json` is generated from one Unicode version's `IdnaTestV2.txt`; the host layer's
//! IDNA runs on whatever Unicode data the dependency tree resolved (ICU4X through `idna_adapter`).
//! When the two differ (after a `cargo update`), a code point that one version leaves unassigned
//! and the other assigns changes status (an unassigned code point is disallowed by UTS #46), and
//! the cases that contain it may rightly give another result. [`status_changed`] finds those
//! code points from the data itself: the general category of the data in use against
//! [`ASSIGNED`], the assigned code points of the fixtures' version.

/// The Unicode version of `IdnaTestV2.json` and `IdnaTestV2-removed.json` as web-platform-tests
/// synced them in July 2026: generated from Unicode 17.0.0's `IdnaTestV2.txt`.
pub const FIXTURE_VERSION: (u8, u8) = (17, 0);

/// One code point first assigned in each Unicode version (DerivedAge), newest last: the version of
/// a Unicode data set is the newest one whose code point it assigns.
pub const VERSION_PROBES: [((u8, u8), u32); 4] = [
    ((15, 1), 0x2FFC),  // IDEOGRAPHIC DESCRIPTION CHARACTER SURROUND FROM RIGHT
    ((16, 0), 0x10D40), // GARAY VOWEL SIGN A (the Garay block)
    ((17, 0), 0x20C1),  // SAUDI RIYAL SIGN
    ((18, 0), 0x0558),  // in the Armenian block, unassigned until 18.0 (ICU4X 2.4 data)
];

/// The Unicode version of a data set, given which code points it assigns (General_Category not
/// Cn): the newest version of [`VERSION_PROBES`] whose code point is assigned, `None` when it is
/// older than all of them.
pub fn data_version(is_assigned: impl Fn(u32) -> bool) -> Option<(u8, u8)> {
    VERSION_PROBES
        .iter()
        .rev()
        .find(|(_, cp)| is_assigned(*cp))
        .map(|(version, _)| *version)
}

/// Formats a version as `17.0`.
pub fn version_string(version: (u8, u8)) -> String {
    format!("{}.{}", version.0, version.1)
}

/// Whether code point `cp` is assigned (General_Category not Cn) in [`FIXTURE_VERSION`].
pub fn assigned_in_fixture_version(cp: u32) -> bool {
    ASSIGNED
        .binary_search_by(|&(first, last)| {
            if last < cp {
                core::cmp::Ordering::Less
            } else if first > cp {
                core::cmp::Ordering::Greater
            } else {
                core::cmp::Ordering::Equal
            }
        })
        .is_ok()
}

/// Whether `cp` is assigned in one of the two versions and not in the other: in
/// [`FIXTURE_VERSION`] (by [`ASSIGNED`]) and in the data in use (`is_assigned`).
pub fn status_changed(cp: u32, is_assigned: impl Fn(u32) -> bool) -> bool {
    assigned_in_fixture_version(cp) != is_assigned(cp)
}

#[path = "unicode_assigned.rs"]
mod assigned;
pub use assigned::ASSIGNED;

/// The text of `unicode_assigned.rs`, the file that holds [`ASSIGNED`], as `cargo xtask
/// unicode-table` writes it: `whatwg-host`'s test `unicode_versions` compares it with what the
/// generator writes from the data in use.
pub const ASSIGNED_SOURCE: &str = include_str!("unicode_assigned.rs");
