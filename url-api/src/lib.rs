#![doc = include_str!("../README.md")]
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing (each
// allowed exception says why its index is in range). Tests may use them freely.

extern crate alloc;

mod bulk;
mod component;
mod conversions;
pub mod display;
/// The migration tables from rust-url 2.5.8 and Node.js's `url` module (`MIGRATING.md`).
#[doc = include_str!("../MIGRATING.md")]
pub mod migrating {}
#[cfg(feature = "psl")]
mod domain_info;
mod encoding;
mod file_path;
mod form;
#[cfg(feature = "url")]
mod interop;
mod linked;
mod network;
pub mod node;
mod pair_list;
mod parse;
mod relative;
mod scheme;
mod search_params;
mod segments;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod stringifier;
#[cfg(feature = "testing")]
mod testing;
mod url;
mod utf16;
mod valid;

pub use component::{Component, UnknownComponent};
pub use file_path::FilePathError;
#[cfg(feature = "url")]
pub use interop::InteropError;
pub use linked::SearchParamsMut;
/// The standard's percent-decode (spec 1.3: a `%` not followed by two hex digits stays as
/// it is), for programs that show a component decoded; the components themselves stay encoded.
pub use percent::{percent_decode, percent_decode_str};
pub use scheme::{SPECIAL_SCHEMES, any_special_scheme, default_port, is_special_scheme};
pub use search_params::{IntoIter, Iter, PairLengthError, UrlSearchParams};
pub use segments::PathSegmentsMut;
pub use url::Url;
#[cfg(feature = "encoding")]
pub use url_core::EncodingRsEncoder;
pub use url_core::SetterError;
/// Whether the `pathname` setter of a special URL (not `file`) would give its value back as
/// it is: for programs that canonicalize path text and want to skip the setter when it would
/// change nothing (URLPattern's pathname encoding callback).
pub use url_core::is_canonical_special_path;
pub use url_core::{Encoded, Encoder, Utf8};
pub use url_core::{
    HostKind, HostRef, Origin, ParseError, PathSegments, ReportedError, SchemeType, ValidationError,
};
pub use valid::{is_valid_url_string, is_valid_url_string_against};
