//! Criterion benchmarks of the host parser (spec 3.5 + 3.6 serialization).
//!
//! `kasztp`: every host of `fixtures/datasets/kasztp.txt` (or `$URL_DATASETS_DIR/kasztp.txt`),
//! extracted once at start with a simple scan: the text between `://` and the next `/`, `?` or
//! `#`, without userinfo and port. Then small groups for ASCII domains, IDNA domains, IPv4 and
//! IPv6 addresses. Each group measures one pass over its hosts with `NoSink` (validation errors
//! ignored, the default) and one collecting errors into a `Vec`.
//!
//! Run: `cargo bench -p whatwg-host --bench host -- --measurement-time 3`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use host::{NoSink, ReportedError, parse_host_into};
use std::hint::black_box;

mod common;
use common::kasztp_hosts;

fn bench_group(c: &mut Criterion, name: &str, hosts: &[String]) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(hosts.len() as u64));
    let mut out = String::with_capacity(256);
    group.bench_function(BenchmarkId::new("parse", "NoSink"), |b| {
        b.iter(|| {
            for host in hosts {
                out.clear();
                let _ = black_box(parse_host_into(
                    black_box(host),
                    false,
                    &mut out,
                    &mut NoSink,
                ));
            }
        })
    });
    let mut errors: Vec<ReportedError> = Vec::with_capacity(16);
    group.bench_function(BenchmarkId::new("parse", "Vec sink"), |b| {
        b.iter(|| {
            for host in hosts {
                out.clear();
                errors.clear();
                let _ = black_box(parse_host_into(
                    black_box(host),
                    false,
                    &mut out,
                    &mut errors,
                ));
            }
        })
    });
    group.finish();
}

fn owned(hosts: &[&str]) -> Vec<String> {
    hosts.iter().map(|h| (*h).to_owned()).collect()
}

fn benches(c: &mut Criterion) {
    let kasztp = kasztp_hosts();
    bench_group(c, "kasztp", &kasztp);
    bench_group(
        c,
        "ascii",
        &owned(&[
            "www.example.com",
            "EXAMPLE.COM",
            "api.github.com",
            "a-b.c-d.example.co.uk",
            "localhost",
        ]),
    );
    bench_group(
        c,
        "idna",
        &owned(&[
            "faß.example",
            "☕.example",
            "Bücher.de",
            "βόλος.com",
            "xn--fa-hia.example",
        ]),
    );
    bench_group(
        c,
        "ipv4",
        &owned(&[
            "192.168.0.1",
            "127.1",
            "0x7f.0.0.1",
            "4294967295",
            "10.0.0.255",
        ]),
    );
    bench_group(
        c,
        "ipv6",
        &owned(&[
            "[::1]",
            "[2001:db8:85a3::8a2e:370:7334]",
            "[::ffff:192.0.2.1]",
            "[fe80::1:2:3:4]",
            "[1:2:3:4:5:6:7:8]",
        ]),
    );
}

criterion_group!(host_benches, benches);
criterion_main!(host_benches);
