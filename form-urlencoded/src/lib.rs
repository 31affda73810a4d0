//! The application/x-www-form-urlencoded format of the
//! [WHATWG URL Standard](https://url.spec.whatwg.org/) (section 5): the parser that turns a
//! query string or form body into name-value pairs, and the serializer that does the reverse.
//!
//! ```
//! use form_urlencoded::{parse, serialize_utf8};
//!
//! // Parsing (spec 5.1): split on &, skip empty pieces, split at the first =, + is a space,
//! // percent-decode, then UTF-8 decode with U+FFFD for invalid bytes.
//! let pairs: Vec<_> = parse(b"name=Ada+Lovelace&&city=Z%C3%BCrich&flag").collect();
//! assert_eq!(pairs[0], ("name".into(), "Ada Lovelace".into()));
//! assert_eq!(pairs[1], ("city".into(), "Zürich".into()));
//! assert_eq!(pairs[2], ("flag".into(), "".into()));
//!
//! // Nothing to decode: the pair borrows from the input.
//! let (name, _) = parse(b"plain=1").next().unwrap();
//! assert!(matches!(name, std::borrow::Cow::Borrowed("plain")));
//!
//! // Serializing (spec 5.2): space as +, everything but ASCII alphanumerics and *-._ encoded.
//! assert_eq!(serialize_utf8([("q", "a b&c"), ("é", "~")]), "q=a+b%26c&%C3%A9=%7E");
//! ```
//!
//! | spec 5 | here |
//! | --- | --- |
//! | application/x-www-form-urlencoded parser | [`parse()`] (an iterator, [`Parse`]), [`parse_to_vec`] |
//! | application/x-www-form-urlencoded string parser | [`parse_str`], [`parse_str_to_vec`] |
//! | application/x-www-form-urlencoded serializer | [`serialize()`], [`serialize_utf8`], [`Serializer`] |
//!
//! The serializer takes the encoding as an [`Encoder`] (from the `percent` crate, re-exported
//! here): [`Utf8`] is the default, and a legacy encoding plugs in by implementing the trait.
//!
//! The crate is `no_std` (it needs `alloc`) and has no `unsafe` code.
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing (each
// allowed exception says why its index is in range). Tests may use them freely.

extern crate alloc;

mod parse;
mod serialize;

pub use parse::{Parse, parse, parse_str, parse_str_to_vec, parse_to_vec};
#[cfg(feature = "encoding")]
pub use percent::EncodingRsEncoder;
pub use percent::{Encoded, Encoder, Utf8};
pub use serialize::{Serializer, serialize, serialize_utf8};

// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
