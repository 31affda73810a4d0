//! libFuzzer target `search_params`: see `url_fuzz::search_params`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::search_params::check(data));
