//! Criterion benchmark of the public suffix and registrable domain (spec 3.2).
//!
//! `kasztp`: every host of `fixtures/datasets/kasztp.txt` (or `$URL_DATASETS_DIR/kasztp.txt`),
//! extracted at start by the scan of `common` and run through the host parser outside the
//! timed loop (the public suffix is defined on a parsed host). One pass over all the parsed
//! hosts, domains or not, computes each host's public suffix, and another each host's
//! registrable domain.
//!
//! Run: `cargo bench -p whatwg-host --bench public_suffix -- --measurement-time 3`.

// `criterion_group!` defines an undocumented public function.
#![allow(missing_docs)]

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use host::Host;
use std::hint::black_box;

mod common;
use common::kasztp_hosts;

fn bench_public_suffix(c: &mut Criterion) {
    let hosts: Vec<Host> = kasztp_hosts()
        .iter()
        .filter_map(|host| Host::parse(host).ok())
        .collect();
    let domains = hosts
        .iter()
        .filter(|host| matches!(host, Host::Domain(_)))
        .count();
    eprintln!("kasztp: {} parsed hosts, {domains} domains", hosts.len());

    let mut group = c.benchmark_group("kasztp");
    group.throughput(Throughput::Elements(hosts.len() as u64));
    group.bench_function(BenchmarkId::new("public_suffix", "psl"), |b| {
        b.iter(|| {
            for host in &hosts {
                black_box(black_box(host).public_suffix());
            }
        })
    });
    group.bench_function(BenchmarkId::new("registrable_domain", "psl"), |b| {
        b.iter(|| {
            for host in &hosts {
                black_box(black_box(host).registrable_domain());
            }
        })
    });
    group.finish();
}

criterion_group!(benches, bench_public_suffix);
criterion_main!(benches);
