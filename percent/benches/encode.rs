#![allow(missing_docs)] // criterion_group! generates an undocumented `pub fn`.
//! Percent-encoding and decoding of long strings: 1 KB and 1 MB, all-plain, mixed and
//! all-encode. Run with `cargo bench -p whatwg-percent --bench encode`.

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use percent::{COMPONENT, PATH, percent_decode, percent_encode_into, utf8_percent_encode};
use std::hint::black_box;

const SIZES: [(&str, usize); 2] = [("1KB", 1 << 10), ("1MB", 1 << 20)];

/// `len` bytes of `pattern` repeated (cut on a char boundary).
fn repeat_to(pattern: &str, len: usize) -> String {
    let mut s = pattern.repeat(len / pattern.len() + 1);
    let mut end = len;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    s
}

/// The three shapes of input: nothing to encode, some, and everything.
fn inputs(len: usize) -> [(&'static str, String); 3] {
    [
        (
            "plain",
            repeat_to("abcdefghijklmnopqrstuvwxyz0123456789-._~/", len),
        ),
        (
            "mixed",
            repeat_to("/path/to/some file?q=caf\u{e9}&x=<1>/", len),
        ),
        ("encode", repeat_to("\u{3042}\u{3044} \"<>", len)),
    ]
}

fn encode(c: &mut Criterion) {
    let mut group = c.benchmark_group("encode");
    for (size, len) in SIZES {
        for (shape, input) in inputs(len) {
            group.throughput(Throughput::Bytes(input.len() as u64));
            let id = format!("{shape}/{size}");
            group.bench_with_input(
                BenchmarkId::new("utf8_percent_encode", &id),
                &input,
                |b, s| b.iter(|| utf8_percent_encode(black_box(s), PATH).len()),
            );
            let mut out = String::with_capacity(input.len() * 3);
            group.bench_with_input(
                BenchmarkId::new("percent_encode_into", &id),
                &input,
                |b, s| {
                    b.iter(|| {
                        out.clear();
                        percent_encode_into(black_box(s.as_bytes()), COMPONENT, &mut out);
                        out.len()
                    })
                },
            );
        }
    }
    group.finish();
}

fn decode(c: &mut Criterion) {
    let mut group = c.benchmark_group("decode");
    for (size, len) in SIZES {
        for (shape, input) in inputs(len) {
            // Decode what the component set made of each shape: no %, some %XX, all %XX.
            let encoded = utf8_percent_encode(&input, COMPONENT).into_owned();
            group.throughput(Throughput::Bytes(encoded.len() as u64));
            let id = format!("{shape}/{size}");
            group.bench_with_input(BenchmarkId::new("percent_decode", &id), &encoded, |b, s| {
                b.iter(|| percent_decode(black_box(s.as_bytes())).len())
            });
        }
    }
    group.finish();
}

criterion_group!(benches, encode, decode);
criterion_main!(benches);
