//! `UrlRecord::parse` over each file of `fixtures/datasets` (one URL per line, BOM stripped,
//! empty lines skipped): URLs/s (`parse/urls/<file>`) and MB/s (`parse/bytes/<file>`).
//! Before measuring, prints the heap allocations per URL, counted by an instrumented global
//! allocator.
//!
//! `cargo bench -p whatwg-url-core --bench parse -- --measurement-time 3`

use criterion::{Criterion, Throughput, black_box, criterion_main};
use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;
use url_core::UrlRecord;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn parse_all(lines: &[String]) -> usize {
    let mut ok = 0;
    for line in lines {
        if let Ok(url) = UrlRecord::parse(black_box(line), None) {
            ok += black_box(url).as_str().len() & 1;
        }
    }
    ok
}

fn bench(c: &mut Criterion) {
    let data = test_support::datasets::load();
    for (name, lines) in &data {
        let region = Region::new(GLOBAL);
        let parsed = lines
            .iter()
            .filter(|l| UrlRecord::parse(l, None).is_ok())
            .count();
        let stats = region.change();
        println!(
            "allocations: {name}: {} URLs, {parsed} parse, {:.3} allocations/URL, {:.3} reallocations/URL",
            lines.len(),
            stats.allocations as f64 / lines.len() as f64,
            stats.reallocations as f64 / lines.len() as f64,
        );
    }
    let mut group = c.benchmark_group("parse");
    for (name, lines) in &data {
        let bytes: usize = lines.iter().map(String::len).sum();
        group.throughput(Throughput::Elements(lines.len() as u64));
        group.bench_function(format!("urls/{name}"), |b| b.iter(|| parse_all(lines)));
        group.throughput(Throughput::Bytes(bytes as u64));
        group.bench_function(format!("bytes/{name}"), |b| b.iter(|| parse_all(lines)));
    }
    group.finish();
}

// The macro's generated function carries no doc comment.
#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(benches, super::bench);
}
use group::benches;
criterion_main!(benches);
