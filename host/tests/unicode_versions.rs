//! The Unicode data that `idna` uses (ICU4X) against `test_support::unicode`: the table of code
//! points assigned in the IDNA fixtures' Unicode version is exact whenever the data in use is of
//! that version (as with the committed `Cargo.lock`), and a newer data set only adds code points.

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
