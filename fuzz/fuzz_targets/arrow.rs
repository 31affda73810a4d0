//! libFuzzer target `arrow`: see `url_fuzz::arrow`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::arrow::check(data));
