//! libFuzzer target `setters`: see `url_fuzz::setters`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::setters::check(data));
