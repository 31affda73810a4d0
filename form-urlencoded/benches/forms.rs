#![allow(missing_docs)] // criterion_group! generates an undocumented `pub fn`.
//! Parsing and serializing ~1000 name-value pairs. Run with
//! `cargo bench -p whatwg-form-urlencoded --bench forms`.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;

/// 1000 pairs, a mix of plain ones, ones with spaces and reserved characters, and non-ASCII.
fn pairs() -> Vec<(String, String)> {
    (0..1000)
        .map(|i| match i % 4 {
            0 => (format!("field{i}"), format!("value{i}")),
            1 => (format!("q{i}"), format!("search terms & more {i}")),
            2 => (format!("name_{i}"), format!("caf\u{e9} \u{2603} {i}")),
            _ => (format!("k{i}"), String::new()),
        })
        .collect()
}

fn parse(c: &mut Criterion) {
    let plain: String = (0..1000)
        .map(|i| format!("field{i}=value{i}"))
        .collect::<Vec<_>>()
        .join("&");
    let mixed = form_urlencoded::serialize_utf8(pairs());
    let mut group = c.benchmark_group("parse");
    for (shape, input) in [("plain", &plain), ("mixed", &mixed)] {
        group.throughput(Throughput::Bytes(input.len() as u64));
        group.bench_function(format!("{shape}/1000 pairs"), |b| {
            b.iter(|| {
                form_urlencoded::parse(black_box(input.as_bytes()))
                    .map(|(name, value)| name.len() + value.len())
                    .sum::<usize>()
            })
        });
    }
    group.finish();
}

fn serialize(c: &mut Criterion) {
    let pairs = pairs();
    let mut group = c.benchmark_group("serialize");
    group.bench_function("mixed/1000 pairs", |b| {
        b.iter(|| form_urlencoded::serialize_utf8(black_box(&pairs)).len())
    });
    let mut out = String::new();
    group.bench_function("mixed/1000 pairs, reused buffer", |b| {
        b.iter(|| {
            out.clear();
            form_urlencoded::Serializer::new(&mut out).extend_pairs(black_box(&pairs));
            out.len()
        })
    });
    group.finish();
}

criterion_group!(benches, parse, serialize);
criterion_main!(benches);
