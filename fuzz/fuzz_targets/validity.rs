//! libFuzzer target `validity`: see `url_fuzz::validity`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::validity::check(data));
