//! libFuzzer target `routeset`: see `url_fuzz::routeset`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::routeset::check(data));
