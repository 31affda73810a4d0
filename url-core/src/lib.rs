//! The URL record, the basic URL parser, the URL serializer, origins and equality of the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/) (section 4, July 2026 edition).
//!
//! This is the layer below the API. Its [`UrlRecord`] is what the standard calls a *URL record*
//! (spec 4.1), with the algorithms of section 4 that act on one: the basic URL parser with a
//! parsed base and with a state override, the serializer, "set the username" and the like.
//! It is not the `URL` interface of section 6: that is `whatwg_url::Url` (package
//! `whatwg-url`), which wraps one record and adds string bases, `searchParams` and Rust
//! conventions. The setter steps of spec 6.1 (their early returns and errors) are here, as
//! [`UrlRecord::try_set_pathname`] and its siblings, so that each of the API's setters is one call
//! of this layer. Where the two have other methods of the same name, the record's follow
//! section 4: [`UrlRecord::parse`] takes a parsed base
//! (`Option<&UrlRecord>`, the basic URL parser's *base*) where the API takes a string, and
//! [`UrlRecord::set_username`] is the standard's "set the username", which leaves a URL that cannot
//! have credentials as it is, where the API's `username` setter returns first and says so.
//! Most programs want `whatwg-url`; this crate is for those that build on the record itself.
//!
//! ```
//! use url_core::{UrlRecord, ValidationError};
//!
//! let base = UrlRecord::parse("https://example.com/a/b?q#f", None)?;
//! let url = UrlRecord::parse("../c?x=1#top", Some(&base))?;
//! assert_eq!(url.as_str(), "https://example.com/c?x=1#top");
//! assert_eq!(url.host_str(), Some("example.com"));
//! assert_eq!(url.path(), "/c");
//! assert_eq!(url.query(), Some("x=1"));
//! assert_eq!(url.origin().ascii_serialization(), "https://example.com");
//!
//! // Validation errors, with byte offsets in the input as given.
//! let mut errors = Vec::new();
//! let url = UrlRecord::parse_with("  https:\\\\h/a b", None, &percent::Utf8, &mut errors)?;
//! assert_eq!(url.as_str(), "https://h/a%20b");
//! assert_eq!(errors[0].error, ValidationError::InvalidUrlUnit);
//! assert_eq!(errors[0].offset, 0); // the leading spaces
//! assert!(errors.iter().any(|e| e.error == ValidationError::SpecialSchemeMissingFollowingSolidus));
//! # Ok::<(), url_core::ParseError>(())
//! ```
//!
//! A [`UrlRecord`] is its serialization in one `String` plus `u32` offsets (64 bytes in all on
//! 64-bit targets); getters are slices and [`UrlRecord::as_str`] is free. The parser writes that
//! serialization directly while it runs: a successful parse of an ordinary URL allocates
//! once. An input that is already a normal absolute URL (lowercase scheme and domain, no
//! credentials, nothing to percent-encode, no dot segments: most URLs met in practice) takes a
//! fast path that checks it in one scan and copies it whole into an exact-size buffer, and
//! [`UrlRecord::can_parse`] recognizes such an input without building a record. Against a special
//! base, a normal query, fragment, directory-relative path or scheme-relative reference is
//! the base's serialization up to a point followed by the input, built the same way. The fast
//! paths give exactly the record the state machine gives (the crate's tests compare the two on
//! every WPT input, the benchmark datasets and generated inputs and references).
//!
//! The URL parser wrapper of spec 4.4 is [`UrlRecord::parse`]; its blob URL entry step is left
//! out (blob URL stores belong to the embedder), so it equals the basic URL parser without
//! url and state override. [`UrlRecord::basic_parse_override`] is the basic URL parser with a url
//! and a state override, which the setter steps (`UrlRecord::try_set_*`) run.
//!
//! # Validation errors
//!
//! The standard's validation error types (spec 1.1) are one enum, [`ValidationError`], defined
//! in `whatwg-host` (`host/src/validation.rs`) and re-exported here with [`ReportedError`] and
//! the sinks. That file writes the list once (a macro makes the enum, `ALL`, `COUNT` and the
//! spec names) and answers each question about a type (such as [`ValidationError::is_failure`])
//! in an exhaustive `match`. The host parser reports the host-level types; this crate's parser
//! the URL-level ones, from its states (`parser/states_*.rs`) and input preparation
//! (`parser/input.rs`), to the sink given to [`UrlRecord::parse_with`] (held by the parser as
//! `parser/report.rs` says, which also hands the host parser that sink). The fast path's list of
//! what the general path can report on an input it takes is `GENERAL_PATH_REPORTS` in
//! `parser/fast/quiet.rs`, checked by `tests/fast_path.rs`.
//!
//! # Unsafe code
//!
//! The crate denies `unsafe_code` (the workspace forbids it, which a module could not relax) and
//! allows it in one private module only: the fast path's block scans
//! (`parser/fast/classify/simd.rs`), a few `core::arch` intrinsics behind a safe API, each
//! `unsafe` block with its `SAFETY` comment.
//! They are compiled on x86_64 with the `sse2` target feature and on aarch64 with `neon` (each
//! architecture's baseline; no runtime detection); on other targets and under Miri a 256-entry
//! table in safe code takes their place. Tests compare the vector code, a scalar twin of its
//! operations, the table and the byte predicates on every byte value at every position (also
//! under Miri), and a fuzz target compares them on arbitrary input.
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing (each
// allowed exception says why its index is in range). Tests may use them freely.

extern crate alloc;

mod error;
mod invariants;
mod origin;
mod parser;
mod parts;
mod path;
mod scheme;
mod setter_error;
mod setter_steps;
mod setters;
mod splice;
mod state_override;
mod url;

pub use error::{Overridden, OverrideError, ParseError};
pub use host::{
    FnSink, HostKind, HostRef, NoSink, OffsetSink, ReportedError, ValidationError, ValidationSink,
};
pub use origin::{OpaqueOrigin, Origin, TupleOrigin};
pub use parser::is_canonical_special_path;
pub use path::PathSegments;
#[cfg(feature = "encoding")]
pub use percent::EncodingRsEncoder;
pub use percent::{Encoded, Encoder, Utf8};
pub use scheme::{SchemeType, default_port, is_special_scheme};
pub use setter_error::SetterError;
pub use state_override::StateOverride;
pub use url::UrlRecord;

/// The validation error types the general path can report on an input the fast path takes
/// (for the fast path's tests).
#[doc(hidden)]
#[cfg(feature = "testing")]
pub use parser::GENERAL_PATH_REPORTS;
/// For the fuzz target `simd`: the vector block operations against their scalar twin. Not API.
#[doc(hidden)]
#[cfg(feature = "testing")]
pub use parser::simd_testing;

/// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeDoctests;
