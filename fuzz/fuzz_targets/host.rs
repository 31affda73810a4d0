//! libFuzzer target `host`: see `url_fuzz::host`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::host::check(data));
