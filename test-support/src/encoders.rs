//! Test encoders for the encoding hook of `percent` (spec 1.3 "percent-encode after encoding"),
//! as a macro so that this crate needs no dependency on the crate under test.

/// Defines `struct Latin1`, an encoder for the hook of the `percent` crate named by the argument
/// (`percent` from another crate's tests, `crate` inside `percent`): each code point up to
/// U+00FF is its own byte, every other one is unmappable (the Encoding Standard's "encode or
/// fail" error). windows-1252 agrees with it on the code points tests use (ASCII, é, ö, å).
///
/// Use: `test_support::latin1_encoder!(percent);` among a test file's items, then `&Latin1`
/// wherever an encoder is taken.
#[macro_export]
macro_rules! latin1_encoder {
    ($percent:tt) => {
        /// Latin-1: code points above U+00FF are unmappable.
        struct Latin1;

        impl $percent::Encoder for Latin1 {
            fn encode(&self, input: &str, emit: &mut dyn FnMut($percent::Encoded<'_>)) {
                for c in input.chars() {
                    match u8::try_from(c) {
                        Ok(b) => emit($percent::Encoded::Bytes(&[b])),
                        Err(_) => emit($percent::Encoded::Unmappable(c)),
                    }
                }
            }
        }
    };
}
