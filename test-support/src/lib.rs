//! Test helpers shared by every crate of the workspace: a dev-dependency only, published so that
//! each crate's packaged tests build from its `.crate` alone.
//!
//! - [`json`]: a small JSON reader that accepts lone UTF-16 surrogates in strings, as the WPT
//!   fixtures hold them, and turns each into U+FFFD the way a browser's USVString conversion does
//!   (the raw UTF-16 stays available for UTF-16 entry points).
//! - [`fixture`] / [`load`]: finds a fixture by one lookup order
//!   (`$URL_WPT_DIR`, else the repository's `fixtures/wpt`); a missing fixture
//!   panics with a message that says how to get it.
//! - [`datasets`]: the real-URL lists of `fixtures/datasets`, and [`rng::Rng`], a
//!   deterministic generator for property tests.
//! - [`suites`]: other projects' test vectors, kept in `fixtures/suites` (`$URL_SUITES_DIR`).
//! - [`spec_sets`]: the percent-encode sets as the standard writes them, and UTF-8
//!   percent-encoding with them, an oracle independent of `whatwg-percent`.
//! - [`unicode`]: the Unicode version of the IDNA fixtures and the code points it assigns.
//! - [`Conformance`]: counts passed/total for one fixture file, prints the row that
//!   `cargo xtask conformance` collects, and fails the test listing the failures.
// A test helper: a fixture that does not read is a failed test, so the workspace's rules against
// panicking in library code do not apply here.
#![allow(
    clippy::panic,
    clippy::expect_used,
    clippy::unwrap_used,
    clippy::indexing_slicing
)]

mod conformance;
pub mod datasets;
mod encoders;
mod fixtures;
pub mod json;
pub mod rng;
pub mod routes;
pub mod spec_sets;
pub mod suites;
pub mod unicode;

pub use conformance::{Conformance, field_eq, note};
pub use fixtures::{cases, fixture, load, workspace_root};
pub use json::Value;

/// The README's example, compiled and run as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
