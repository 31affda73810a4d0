//! Criterion benchmarks of each setter of the `URL` interface (spec 6.1) and of
//! `URLSearchParams` parse, sort and serialize (spec 6.2).
//!
//! Each setter runs on a clone of one ordinary URL with an ordinary value (the clone is part
//! of what is measured, and measured alone as `clone`).
//!
//! Run: `cargo bench -p whatwg-url --bench setters -- --measurement-time 3`.
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
// test code: a panic is a failed test

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use whatwg_url::{Url, UrlSearchParams};

/// A setter under test: its name, a value, and how to call it.
type Case = (&'static str, &'static str, fn(&mut Url, &str));

const URL: &str =
    "https://user:pass@www.example.com:8080/path/to/page.html?q=rust&lang=en#section-2";

fn setters(c: &mut Criterion) {
    let url = Url::parse(URL, None).expect("the benchmark URL parses");
    let mut group = c.benchmark_group("setter");
    group.bench_function("clone", |b| b.iter(|| black_box(black_box(&url).clone())));
    let cases: [Case; 10] = [
        ("href", "https://example.org/a/b?c#d", |u, v| {
            let _ = u.set_href(v);
        }),
        ("protocol", "http", Url::set_protocol),
        ("username", "someone", Url::set_username),
        ("password", "secret", Url::set_password),
        ("host", "example.org:9090", Url::set_host),
        ("hostname", "EXAMPLE.org", Url::set_hostname),
        ("port", "9090", Url::set_port),
        ("pathname", "/a/./b/../c d", Url::set_pathname),
        ("search", "?x=1&y=two words", Url::set_search),
        ("hash", "#top", Url::set_hash),
    ];
    for (name, value, set) in cases {
        group.bench_with_input(BenchmarkId::new(name, value), value, |b, value| {
            b.iter(|| {
                let mut url = url.clone();
                set(&mut url, black_box(value));
                url
            })
        });
    }
    group.finish();
}

/// A query of `n` pairs, some of which need decoding.
fn query(n: usize) -> String {
    let mut q = String::new();
    for i in 0..n {
        if i > 0 {
            q.push('&');
        }
        let name = ["q", "lang", "page", "z", "a", "sort", "utm_source", "id"][i % 8];
        q.push_str(name);
        q.push('=');
        if i % 5 == 0 {
            q.push_str("two+words%21");
        } else {
            q.push_str(&i.to_string());
        }
    }
    q
}

fn search_params(c: &mut Criterion) {
    let mut group = c.benchmark_group("search_params");
    for n in [8, 64, 1024] {
        let q = query(n);
        let params = UrlSearchParams::parse(&q);
        group.throughput(Throughput::Bytes(q.len() as u64));
        group.bench_with_input(BenchmarkId::new("parse", n), &q, |b, q| {
            b.iter(|| UrlSearchParams::parse(black_box(q)))
        });
        group.bench_with_input(BenchmarkId::new("sort", n), &params, |b, params| {
            b.iter(|| {
                let mut params = params.clone();
                params.sort();
                params
            })
        });
        group.bench_with_input(BenchmarkId::new("serialize", n), &params, |b, params| {
            b.iter(|| black_box(params).to_string())
        });
    }
    group.finish();
}

criterion_group!(benches, setters, search_params);
criterion_main!(benches);
