//! libFuzzer target `form_urlencoded`: see `url_fuzz::form_urlencoded`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::form_urlencoded::check(data));
