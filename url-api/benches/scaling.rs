//! Scaling: the cost per byte of parsing URLs with one huge component must stay flat as the
//! component grows from 1 KB to 64 KB and 1 MB (the bound: ns/byte at 1 MB within 2x of 1 KB).
//!
//! Shapes: a long path, query, host, userinfo and fragment; many `../` (a deep path popped
//! again), many `%2e%2e/`, many `&` pairs (the URL parser on the query, and `URLSearchParams`
//! on it). For each shape and size the bench times the parse (best of several runs, each of
//! enough repetitions to last ~50 ms at least) and prints ns/byte and the ratio of ns/byte at
//! 1 MB to ns/byte at 1 KB. A timing harness of its own (criterion would spend minutes on
//! megabyte inputs); it prints and asserts nothing.
//!
//! Run: `cargo bench -p whatwg-url --bench scaling`.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use std::hint::black_box;
use std::time::{Duration, Instant};
use whatwg_url::{Url, UrlSearchParams};

/// Repeats `unit` until the result is at least `len` bytes, between `prefix` and `suffix`.
fn fill(prefix: &str, unit: &str, suffix: &str, len: usize) -> String {
    let mut s = String::with_capacity(len + prefix.len() + suffix.len() + unit.len());
    s.push_str(prefix);
    while s.len() < len {
        s.push_str(unit);
    }
    s.push_str(suffix);
    s
}

/// A shape: its name, and how to make an input of about `len` bytes.
type Shape = (&'static str, fn(usize) -> String);

/// The shapes.
fn shapes() -> Vec<Shape> {
    vec![
        ("path", |n| fill("https://example.com/", "segment/", "", n)),
        ("path (encoded)", |n| {
            fill("https://example.com/", "a b/", "", n)
        }),
        ("query", |n| {
            fill("https://example.com/?", "abcdefgh", "", n)
        }),
        ("fragment", |n| {
            fill("https://example.com/#", "abcdefgh", "", n)
        }),
        ("host", |n| fill("https://", "label.", "com/", n)),
        ("host (upper case)", |n| {
            fill("https://", "LABEL.", "com/", n)
        }),
        ("userinfo", |n| {
            fill("https://", "user", ":pass@example.com/", n)
        }),
        ("many ../", |n| {
            let half = fill("https://example.com/", "a/", "", n / 2);
            fill(&half, "../", "", n)
        }),
        ("many %2e%2e/", |n| {
            let half = fill("https://example.com/", "a/", "", n / 2);
            fill(&half, "%2e%2e/", "", n)
        }),
        ("many & pairs", |n| {
            fill("https://example.com/?", "a=1&", "", n)
        }),
        ("opaque path", |n| fill("data:", "text/plain,", "", n)),
    ]
}

/// Best time per run of `f`, over runs of enough repetitions to last `min_run` each.
fn time(mut f: impl FnMut(), min_run: Duration) -> Duration {
    let start = Instant::now();
    f();
    let once = start.elapsed().max(Duration::from_nanos(1));
    let reps = (min_run.as_nanos() / once.as_nanos()).clamp(1, 1_000_000) as u32;
    let mut best = Duration::MAX;
    for _ in 0..5 {
        let start = Instant::now();
        for _ in 0..reps {
            f();
        }
        best = best.min(start.elapsed() / reps);
    }
    best
}

fn main() {
    const SIZES: [usize; 3] = [1 << 10, 1 << 16, 1 << 20];
    let min_run = Duration::from_millis(50);
    println!("| shape | ns/byte 1 KB | ns/byte 64 KB | ns/byte 1 MB | ratio 1 MB / 1 KB |");
    println!("|---|---:|---:|---:|---:|");
    for (name, make) in shapes() {
        let per_byte: Vec<f64> = SIZES
            .iter()
            .map(|&n| {
                let input = make(n);
                let d = time(
                    || {
                        black_box(Url::parse(black_box(&input), None).ok());
                    },
                    min_run,
                );
                d.as_nanos() as f64 / input.len() as f64
            })
            .collect();
        print_row(&format!("{name} (URL parse)"), &per_byte);
    }
    // URLSearchParams on many pairs: parse, sort, serialize.
    let per_byte: Vec<f64> = SIZES
        .iter()
        .map(|&n| {
            let q = fill("", "a=1&b=two+words&", "", n);
            let d = time(
                || {
                    black_box(UrlSearchParams::parse(black_box(&q)));
                },
                min_run,
            );
            d.as_nanos() as f64 / q.len() as f64
        })
        .collect();
    print_row("many & pairs (URLSearchParams parse)", &per_byte);
    let per_byte: Vec<f64> = SIZES
        .iter()
        .map(|&n| {
            let q = fill("", "z=1&b=2&a=3&", "", n);
            let params = UrlSearchParams::parse(&q);
            let d = time(
                || {
                    let mut p = params.clone();
                    p.sort();
                    black_box(p.to_string());
                },
                min_run,
            );
            d.as_nanos() as f64 / q.len() as f64
        })
        .collect();
    print_row("many & pairs (clone + sort + serialize)", &per_byte);
}

fn print_row(name: &str, per_byte: &[f64]) {
    let ratio = per_byte[2] / per_byte[0];
    println!(
        "| {name} | {:.3} | {:.3} | {:.3} | {ratio:.2} |",
        per_byte[0], per_byte[1], per_byte[2]
    );
}
