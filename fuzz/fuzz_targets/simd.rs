//! libFuzzer target `simd`: see `url_fuzz::simd`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::simd::check(data));
