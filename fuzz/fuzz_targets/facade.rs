//! libFuzzer target `facade`: see `url_fuzz::facade`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::facade::check(data));
