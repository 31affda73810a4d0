#![doc = include_str!("../README.md")]
#![no_std]
#![forbid(unsafe_code)]

extern crate alloc;

mod conversions;
mod form;
mod linked;
mod search_params;
#[cfg(feature = "serde")]
mod serde_impl;
mod setters;
mod url;

pub use linked::SearchParamsMut;
pub use search_params::{IntoIter, Iter, PairLengthError, UrlSearchParams};
pub use setters::SetterError;
pub use url::Url;
pub use url_core::{
    HostKind, HostRef, Origin, ParseError, PathSegments, ReportedError, SchemeType, ValidationError,
};
