//! libFuzzer target `parse`: see `url_fuzz::parse`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::parse::check(data));
