//! libFuzzer target `urlpattern`: see `url_fuzz::urlpattern`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| url_fuzz::urlpattern::check(data));
