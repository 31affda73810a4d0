//! libFuzzer target `differential`: see `url_fuzz::differential`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::differential::check(data));
