//! Replays the seed corpus (built in memory from the WPT fixtures and every dataset line) and
//! every committed regression input (`regressions/<target>/*`) through each target's check.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::PathBuf;
use std::sync::OnceLock;

use url_fuzz::seeds::{self, Strings};

fn strings() -> &'static Strings {
    static STRINGS: OnceLock<Strings> = OnceLock::new();
    STRINGS.get_or_init(seeds::fixture_strings)
}

fn lines() -> &'static [String] {
    static LINES: OnceLock<Vec<String>> = OnceLock::new();
    LINES.get_or_init(seeds::dataset_lines)
}

/// The committed regression inputs of `target`, with their file names.
fn regressions(target: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("regressions")
        .join(target);
    let mut inputs: Vec<(String, Vec<u8>)> = std::fs::read_dir(&dir)
        .into_iter()
        .flatten()
        .filter_map(Result::ok)
        .filter(|e| e.path().is_file())
        .map(|e| {
            let path = e.path();
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            (e.file_name().to_string_lossy().into_owned(), bytes)
        })
        .collect();
    inputs.sort();
    inputs
}

/// Runs `target`'s check on its seeds and regression inputs; fails listing the inputs that
/// failed (the first few in full).
fn replay(target: &str, check: fn(&[u8])) {
    let seeds = seeds::seeds_for(target, strings(), lines());
    assert!(!seeds.is_empty(), "no seeds for {target}");
    let regressions = regressions(target);
    let inputs = seeds
        .iter()
        .map(|s| ("seed".to_owned(), s.as_slice()))
        .chain(regressions.iter().map(|(n, b)| (n.clone(), b.as_slice())));
    let mut total = 0;
    let mut failures: Vec<String> = Vec::new();
    for (name, data) in inputs {
        total += 1;
        if let Err(panic) = catch_unwind(AssertUnwindSafe(|| check(data))) {
            let message = panic
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| panic.downcast_ref::<&str>().map(|s| (*s).to_owned()))
                .unwrap_or_default();
            failures.push(format!(
                "{name} {:?}: {message}",
                String::from_utf8_lossy(data)
            ));
        }
    }
    println!(
        "replay {target}: {total} inputs ({} seeds, {} regressions), {} failed",
        seeds.len(),
        regressions.len(),
        failures.len()
    );
    assert!(
        failures.is_empty(),
        "{} of {total} inputs fail the {target} check:\n{}",
        failures.len(),
        failures
            .iter()
            .take(10)
            .map(|f| f.chars().take(2000).collect::<String>())
            .collect::<Vec<_>>()
            .join("\n\n")
    );
}

#[test]
fn replay_parse() {
    replay("parse", url_fuzz::parse::check);
}

#[test]
fn replay_setters() {
    replay("setters", url_fuzz::setters::check);
}

#[test]
fn replay_search_params() {
    replay("search_params", url_fuzz::search_params::check);
}

#[test]
fn replay_host() {
    replay("host", url_fuzz::host::check);
}

#[test]
fn replay_percent() {
    replay("percent", url_fuzz::percent::check);
}

#[test]
fn replay_simd() {
    replay("simd", url_fuzz::simd::check);
}

#[test]
fn replay_form_urlencoded() {
    replay("form_urlencoded", url_fuzz::form_urlencoded::check);
}

#[test]
fn replay_validity() {
    replay("validity", url_fuzz::validity::check);
}

#[test]
fn replay_routeset() {
    replay("routeset", url_fuzz::routeset::check);
}

#[test]
fn replay_arrow() {
    replay("arrow", url_fuzz::arrow::check);
}

#[test]
fn replay_urlpattern() {
    replay("urlpattern", url_fuzz::urlpattern::check);
}

#[cfg(feature = "differential")]
#[test]
fn replay_differential() {
    replay("differential", url_fuzz::differential::check);
}

#[cfg(feature = "facade")]
#[test]
fn replay_facade() {
    replay("facade", url_fuzz::facade::check);
}

#[test]
fn percent_encode_sets_match_the_spec() {
    url_fuzz::percent::check_sets();
}

#[test]
fn every_target_has_a_binary_and_is_listed() {
    let manifest = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/Cargo.toml"))
        .unwrap_or_default();
    for name in url_fuzz::ALL_TARGET_NAMES {
        assert!(
            manifest.contains(&format!("name = \"{name}\"")),
            "no [[bin]] for {name}"
        );
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("fuzz_targets")
            .join(format!("{name}.rs"));
        assert!(path.is_file(), "{} missing", path.display());
    }
    for target in url_fuzz::TARGETS {
        assert!(url_fuzz::ALL_TARGET_NAMES.contains(&target.name));
    }
}
