//! Heap allocations per parsed URL over `../shared/datasets` (the issue's "one heap
//! allocation for a successful parse of an ordinary URL"), counted by an instrumented global
//! allocator and printed. Run with `--nocapture` to see the figures.

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use url_core::Url;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

#[test]
fn allocations_per_url() {
    for (name, lines) in test_support::datasets::load() {
        let mut ok = 0usize;
        let region = Region::new(GLOBAL);
        for line in &lines {
            if let Ok(url) = Url::parse(line, None) {
                ok += 1;
                std::hint::black_box(&url);
            }
        }
        let stats = region.change();
        let per_url = stats.allocations as f64 / lines.len() as f64;
        let reallocs = stats.reallocations as f64 / lines.len() as f64;
        println!(
            "allocations: {name}: {} URLs ({ok} parse), {per_url:.3} allocations/URL, {reallocs:.3} reallocations/URL",
            lines.len()
        );
        // An ordinary URL costs one allocation (its serialization); hosts that need IDNA
        // and inputs with tabs or newlines may cost more, failures may cost none.
        assert!(per_url <= 1.25, "{name}: {per_url} allocations per URL");
    }
}
