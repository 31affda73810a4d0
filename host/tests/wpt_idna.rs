//! WPT `IdnaTestV2.json` and `IdnaTestV2-removed.json`: every case through the host parser
//! (spec 3.5, `isOpaque` false), whose domain step is the domain parser ("domain to ASCII",
//! `beStrict` false).
//!
//! This mirrors the WPT runners, which parse `https://<input>/x` with `:`, `/`, `?`, `#` and
//! `\` percent-encoded so that they reach the host parser, and compare `host` with the expected
//! output (`null`: the URL parser fails). As in those runners, the leading strings are comments
//! and an empty input is not a case: the host parser requires a non-empty input (spec 3.5,
//! step 3) and `https:///x` does not reach it with an empty host.
//!
//! The fixtures are of one Unicode version and the IDNA data in use may be of a newer one (the
//! committed `Cargo.lock`'s ICU4X 2.4 is Unicode 18, the fixtures 17). A case with a
//! code point that one version assigns and the other does not is set apart in a row of its own,
//! decided from the Unicode data (`test_support::unicode`), and not scored: every other case
//! must pass.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

mod common;

use common::host_case;
use icu_properties::CodePointMapData;
use icu_properties::props::GeneralCategory;
use test_support::unicode::{FIXTURE_VERSION, data_version, status_changed, version_string};
use test_support::{Conformance, cases, note};

/// Whether the Unicode data in use (ICU4X, as `idna` uses it) assigns `cp`.
fn assigned_in_use(cp: u32) -> bool {
    CodePointMapData::<GeneralCategory>::new().get32(cp) != GeneralCategory::Unassigned
}

/// The IDNA label separators of UTS #46 (full stop and its ideographic and fullwidth forms).
const LABEL_SEPARATORS: [char; 4] = ['.', '\u{3002}', '\u{FF0E}', '\u{FF61}'];

/// Whether `text`, or a label of it spelled in Punycode (`xn--`), holds a code point whose
/// status changed between the fixtures' Unicode version and the data in use.
fn has_changed_code_point(text: &str) -> bool {
    let changed = |s: &str| {
        s.chars()
            .any(|c| status_changed(u32::from(c), assigned_in_use))
    };
    changed(text)
        || text.split(LABEL_SEPARATORS).any(|label| {
            label
                .get(..4)
                .is_some_and(|prefix| prefix.eq_ignore_ascii_case("xn--"))
                && label
                    .get(4..)
                    .and_then(idna::punycode::decode_to_string)
                    .is_some_and(|decoded| changed(&decoded))
        })
}

fn run(file: &str) {
    let fixture = cases(file);
    let data = data_version(assigned_in_use);
    let data_name = data.map_or_else(|| "older than 15.1".to_owned(), version_string);
    note(&format!(
        "Unicode: IDNA data in use {data_name} (ICU4X, through idna_adapter); IdnaTestV2 fixtures {}",
        version_string(FIXTURE_VERSION)
    ));
    let mut conformance = Conformance::new(file);
    let mut changed = Conformance::informational(&format!(
        "{file}: a code point changed status, Unicode {} to {data_name}",
        version_string(FIXTURE_VERSION)
    ));
    for case in &fixture {
        let input = case.str_field("input").expect("case has an input");
        if input.is_empty() {
            continue;
        }
        let expected = case.get("output").and_then(|o| o.as_str());
        let name = match case.str_field("comment") {
            Some(comment) => format!("ToASCII({input:?}) {comment}"),
            None => format!("ToASCII({input:?})"),
        };
        let outcome = host_case(input, expected);
        let row = if has_changed_code_point(input) || expected.is_some_and(has_changed_code_point) {
            &mut changed
        } else {
            &mut conformance
        };
        row.check(&name, outcome);
    }
    changed.finish();
    conformance.finish();
}

#[test]
fn wpt_idna_test_v2() {
    run("IdnaTestV2.json");
}

#[test]
fn wpt_idna_test_v2_removed() {
    run("IdnaTestV2-removed.json");
}
