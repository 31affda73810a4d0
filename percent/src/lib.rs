//! Percent-encoding as the [WHATWG URL Standard](https://url.spec.whatwg.org/) defines it
//! (section 1.3), and the code-point classes of sections 1 and 4.1 that every other layer uses.
//!
//! Every percent-encode set of the standard is a public `const` [`AsciiSet`]. Encoding works on
//! runs: the scanner finds the first byte that needs encoding by table lookup and copies the run
//! before it whole, so input that needs nothing costs one pass and no allocation.
//!
//! ```
//! use percent::{utf8_percent_encode, percent_decode, PATH, USERINFO};
//!
//! assert_eq!(utf8_percent_encode("/a b/ç", PATH), "/a%20b/%C3%A7");
//! assert_eq!(utf8_percent_encode("user:pass", USERINFO), "user%3Apass");
//! // Nothing to encode: the input comes back borrowed.
//! assert!(matches!(utf8_percent_encode("plain", PATH), std::borrow::Cow::Borrowed(_)));
//! assert_eq!(&*percent_decode(b"%41%zz%"), b"A%zz%");
//! ```
//!
//! | spec 1.3 | here |
//! | --- | --- |
//! | percent-encode a byte | [`percent_encode_byte_into`] |
//! | percent-decode a byte sequence | [`percent_decode`], [`percent_decode_into`], [`percent_decode_iter`] |
//! | percent-decode a string | [`percent_decode_str`] |
//! | the percent-encode sets | [`C0_CONTROL`], [`FRAGMENT`], [`QUERY`], [`SPECIAL_QUERY`], [`PATH`], [`USERINFO`], [`COMPONENT`], [`FORM_URLENCODED`] |
//! | percent-encode after encoding | [`percent_encode_after_encoding`] with an [`Encoder`] |
//! | UTF-8 percent-encode | [`utf8_percent_encode`], [`utf8_percent_encode_into`], [`percent_encode_into`] |
//!
//! The crate is `no_std`; the default `alloc` feature adds the functions that allocate
//! (everything but the sets, the scanner [`first_byte_to_encode`], the lazy decoder and the
//! classes). The optional `encoding` feature adds `EncodingRsEncoder`: the legacy encodings of
//! the Encoding Standard, by WHATWG label, through `encoding_rs` (the crate has no dependency
//! without it).
#![no_std]
// Library code never panics on input: no unwrap/expect/panic, no unchecked indexing (each
// allowed exception says why its index is in range). Tests may use them freely.

#[cfg(feature = "alloc")]
extern crate alloc;

pub mod classes;
mod decode;
mod encode;
#[cfg(feature = "encoding")]
mod encoding;
mod set;
mod table;

pub use decode::{PercentDecode, is_percent_encoded_byte, percent_decode_iter};
#[cfg(feature = "alloc")]
pub use decode::{percent_decode, percent_decode_into, percent_decode_str};
pub use encode::{Encoded, Encoder, Utf8, first_byte_to_encode};
#[cfg(feature = "alloc")]
pub use encode::{
    percent_encode_after_encoding, percent_encode_byte_into, percent_encode_into,
    utf8_percent_encode, utf8_percent_encode_into,
};
#[cfg(feature = "encoding")]
pub use encoding::EncodingRsEncoder;
/// `encoding_rs`, whose [`Encoding`](encoding_rs::Encoding)s [`EncodingRsEncoder::new`] takes
/// (feature `encoding`).
#[cfg(feature = "encoding")]
pub use encoding_rs;
pub use table::{ByteTable, scan};
// The README's example runs as a doctest too.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use set::{
    AsciiSet, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY, SPECIAL_QUERY,
    USERINFO,
};
