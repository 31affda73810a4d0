//! The Unicode data that `idna` uses (ICU4X) against `test_support::unicode`: the table of code
//! points assigned in the IDNA fixtures' Unicode version is exact whenever the data in use is of
//! that version, and a newer data set (the committed `Cargo.lock`'s ICU4X 2.4, Unicode 18) only
//! adds code points; code points new in Unicode 18 map as UTS #46's Unicode 18 mapping table says.

use host::{NoSink, domain_to_ascii};
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;
use test_support::unicode::{
    ASSIGNED, FIXTURE_VERSION, assigned_in_fixture_version, data_version, version_string,
};

fn assigned_in_use(cp: u32) -> bool {
    CodePointMapData::<GeneralCategory>::new().get32(cp) != GeneralCategory::Unassigned
}

#[test]
fn table_is_sorted_and_disjoint() {
    for pair in ASSIGNED.windows(2) {
        let [(first, last), (next, _)] = pair else {
            unreachable!()
        };
        assert!(first <= last && last + 1 < *next, "{pair:x?}");
    }
}

#[test]
fn fixture_table_against_the_data_in_use() {
    let data = data_version(assigned_in_use).expect("the data in use is Unicode 15.1 or newer");
    println!(
        "Unicode data in use: {}; fixtures: {}",
        version_string(data),
        version_string(FIXTURE_VERSION)
    );
    let differing: Vec<u32> = (0..=0x10_FFFF)
        .filter(|&cp| assigned_in_use(cp) != assigned_in_fixture_version(cp))
        .collect();
    if data == FIXTURE_VERSION {
        assert!(
            differing.is_empty(),
            "data of the fixtures' version, yet {} code points differ from the table, first U+{:04X}",
            differing.len(),
            differing[0]
        );
    } else {
        // Unicode never unassigns a code point: a newer version only adds, an older one only lacks.
        let newer = data > FIXTURE_VERSION;
        let wrong: Vec<&u32> = differing
            .iter()
            .filter(|&&cp| assigned_in_use(cp) != newer)
            .collect();
        assert!(
            wrong.is_empty(),
            "code points that moved the other way: {wrong:x?}"
        );
        assert!(
            !differing.is_empty(),
            "another version, yet the same assigned code points"
        );
    }
}

/// Code points that Unicode 18.0 assigns, with their status in UTS #46's `IdnaMappingTable.txt`
/// of that version (as the `idna` 3.20 package of Python ships it, `uts46data.py` version 18.0.0)
/// and the domain to ASCII of each alone (spec 3.3; `xn--` labels by RFC 3492): U+3EC7D (SMALL
/// SEAL CHARACTER-3EC7D) and U+18E61 (JURCHEN CHARACTER-18E61) are valid, U+0558 (MODIFIER
/// LETTER ARMENIAN SMALL EH) is mapped to U+0567. With data older than 18.0 each is unassigned,
/// which UTS #46 disallows: the domain fails.
#[test]
fn unicode_18_code_points_map_as_the_mapping_table_says() {
    let cases = [
        ("\u{3EC7D}", "xn--q23s"),
        ("\u{18E61}", "xn--hf7f"),
        ("\u{558}", "xn--49a"),
        ("a\u{3EC7D}.b\u{18E61}", "xn--a-7v33b.xn--b-pk0o"),
    ];
    let unicode_18 = data_version(assigned_in_use).is_some_and(|version| version >= (18, 0));
    for (input, ascii) in cases {
        let result = domain_to_ascii(input, false, &mut NoSink);
        if unicode_18 {
            assert_eq!(result.as_deref(), Ok(ascii), "{input:?}");
        } else {
            assert!(result.is_err(), "{input:?} before Unicode 18: {result:?}");
        }
    }
}
