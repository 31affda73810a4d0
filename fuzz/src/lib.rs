//! The fuzz targets' check functions, usable without libFuzzer.
//!
//! Each target is a module with one `check(data: &[u8])` function that panics when a property
//! does not hold. The binaries in `fuzz_targets/` are thin wrappers that libFuzzer drives
//! (`cargo xtask fuzz <target>`); `tests/replay.rs` runs the same functions over the seed corpus
//! (built in memory from the WPT fixtures and the datasets, see [`seeds`]) and over the inputs
//! in `regressions/<target>/`.
//!
//! Inputs are bytes in the small format of [`input`]: chunks separated by `0xFF` (a byte that
//! never occurs in UTF-8), so a fixture string is a meaningful input as it is, and a URL with a
//! base is `input 0xFF base`. Structured targets give the first byte of each later chunk a
//! meaning (which setter, which operation).
//!
//! ```
//! // A URL, then a base.
//! url_fuzz::parse::check(b"../x?y#z\xffhttps://example.org/a/b");
//! // A URL, then the `pathname` setter given "/p q".
//! let mut data = b"https://example.org/\xff".to_vec();
//! data.push(url_fuzz::setters::Setter::Pathname as u8);
//! data.extend_from_slice(b"/p q");
//! url_fuzz::setters::check(&data);
//! ```

pub mod arrow;
pub mod file_paths;
pub mod form_urlencoded;
pub mod host;
pub mod input;
pub mod parse;
pub mod percent;
pub mod routeset;
pub mod search_params;
pub mod seeds;
pub mod setters;
pub mod simd;
pub mod urlpattern;
pub mod validity;

#[cfg(feature = "differential")]
pub mod differential;
#[cfg(feature = "facade")]
pub mod facade;

/// The workspace README's examples run as doctests of this crate: it depends
/// on all five library packages and, unlike them, is never packaged (a published crate may not
/// include a file from outside its folder).
#[cfg(doctest)]
#[doc = include_str!("../../README.md")]
pub struct WorkspaceReadme;

/// The guide's pages (`docs/`): their Rust examples run as doctests here, as the README's do.
#[cfg(doctest)]
pub mod guide {
    #[doc = include_str!("../../docs/architecture.md")]
    pub struct Architecture;
    #[doc = include_str!("../../docs/compatibility.md")]
    pub struct Compatibility;
    #[doc = include_str!("../../docs/contributing.md")]
    pub struct Contributing;
    #[doc = include_str!("../../docs/file-paths.md")]
    pub struct FilePaths;
    #[doc = include_str!("../../docs/performance.md")]
    pub struct Performance;
    #[doc = include_str!("../../docs/weight.md")]
    pub struct Weight;
}

/// A fuzz target: its name (the `fuzz_targets/<name>.rs` binary) and its check function.
#[derive(Clone, Copy, Debug)]
pub struct Target {
    /// The binary's name, as `cargo fuzz run` takes it.
    pub name: &'static str,
    /// The check: panics when a property fails for `data`.
    pub check: fn(&[u8]),
    /// The cargo features the binary needs besides `libfuzzer`.
    pub features: &'static [&'static str],
}

/// Every target whose check runs in a default build (the differential target needs the
/// `differential` feature; see [`ALL_TARGET_NAMES`]).
pub const TARGETS: &[Target] = &[
    Target {
        name: "parse",
        check: parse::check,
        features: &[],
    },
    Target {
        name: "setters",
        check: setters::check,
        features: &[],
    },
    Target {
        name: "search_params",
        check: search_params::check,
        features: &[],
    },
    Target {
        name: "host",
        check: host::check,
        features: &[],
    },
    Target {
        name: "percent",
        check: percent::check,
        features: &[],
    },
    Target {
        name: "simd",
        check: simd::check,
        features: &[],
    },
    Target {
        name: "form_urlencoded",
        check: form_urlencoded::check,
        features: &[],
    },
    Target {
        name: "validity",
        check: validity::check,
        features: &[],
    },
    Target {
        name: "urlpattern",
        check: urlpattern::check,
        features: &[],
    },
    Target {
        name: "routeset",
        check: routeset::check,
        features: &[],
    },
    Target {
        name: "arrow",
        check: arrow::check,
        features: &[],
    },
    #[cfg(feature = "differential")]
    Target {
        name: "differential",
        check: differential::check,
        features: &["differential"],
    },
    #[cfg(feature = "facade")]
    Target {
        name: "facade",
        check: facade::check,
        features: &["facade"],
    },
];

/// The names of all targets, including those behind features.
pub const ALL_TARGET_NAMES: [&str; 13] = [
    "parse",
    "setters",
    "search_params",
    "host",
    "percent",
    "simd",
    "form_urlencoded",
    "validity",
    "urlpattern",
    "routeset",
    "arrow",
    "differential",
    "facade",
];

/// The target called `name`, if it is built in.
pub fn target(name: &str) -> Option<&'static Target> {
    TARGETS.iter().find(|t| t.name == name)
}
