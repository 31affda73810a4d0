//! libFuzzer target `percent`: see `url_fuzz::percent`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::percent::check(data));
