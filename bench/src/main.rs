//! `cargo xtask bench`: this project's `url-api` side by side with ada (`ada-url`) and
//! rust-url (`url`), in one process, in interleaved rounds (A B C A B C …).
//!
//! For each dataset and each variant (parse; parse + read href; can_parse) it prints, per
//! implementation: median ns per URL, MB/s, the median over rounds of the time ratio to ada
//! (measured round by round, so machine noise hits all implementations alike), failures, and
//! heap allocations per URL counted at the malloc level (C++ allocations included).
//!
//! Usage: `url-bench [--quick] [--budget-ms N] [--min-rounds N] [FILE ...]`; without files it
//! reads every `*.txt` of `fixtures/datasets` (or `$URL_DATASETS_DIR`). `--quick` is a 400 ms budget and 5 rounds.
//! Each dataset's tables are followed by the other workloads (`workloads.rs`: relative
//! references, setters, URLSearchParams, validation; `arrow.rs`: the Arrow kernels; then two
//! generated sets), and the
//! URLPattern section (`urlpattern.rs`) comes last. `--workloads` runs the workloads alone,
//! `--urlpattern` the URLPattern section alone, `--routes` its route set rows alone
//! (`routeset.rs`). Every table has a `floor` row: allocate and copy the input, nothing else.

mod arrow;
mod github_routes;
mod hostile;
mod malloc_count;
mod options;
mod routeset;
mod stats;
mod urlpattern;
mod workloads;

use options::{Options, options};
use stats::median;
use std::hint::black_box;
use std::path::PathBuf;
use std::time::{Duration, Instant};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Variant {
    Parse,
    ParseHref,
    CanParse,
}

impl Variant {
    fn name(self) -> &'static str {
        match self {
            Variant::Parse => "parse",
            Variant::ParseHref => "parse + href",
            Variant::CanParse => "can_parse",
        }
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Impl {
    Ours,
    /// `url_core::UrlRecord` directly, measured for `can_parse` only (url-api's `can_parse` may
    /// parse in full).
    OursCore,
    #[cfg(feature = "competitors")]
    Ada,
    #[cfg(feature = "competitors")]
    RustUrl,
    /// The `url` facade: rust-url's API on our parser (`url-compat/`).
    #[cfg(feature = "competitors")]
    Facade,
    /// Allocate and copy the input, nothing else: what no parser can beat.
    Floor,
}

impl Impl {
    fn all(variant: Variant) -> Vec<Impl> {
        let mut all = vec![Impl::Ours];
        if variant == Variant::CanParse {
            all.push(Impl::OursCore);
        }
        #[cfg(feature = "competitors")]
        all.extend([Impl::Ada, Impl::RustUrl, Impl::Facade]);
        all.push(Impl::Floor);
        all
    }

    fn name(self) -> &'static str {
        match self {
            Impl::Ours => "url-api (ours)",
            Impl::OursCore => "url-core (ours)",
            #[cfg(feature = "competitors")]
            Impl::Ada => "ada-url 4",
            #[cfg(feature = "competitors")]
            Impl::RustUrl => "url 2.5",
            #[cfg(feature = "competitors")]
            Impl::Facade => "url facade (ours)",
            Impl::Floor => "floor (allocate + copy)",
        }
    }
}

/// One pass over every URL; returns the number of failures. Each arm is monomorphized so
/// that no indirect call sits in the timed loop.
fn pass(imp: Impl, variant: Variant, urls: &[String]) -> usize {
    fn run(urls: &[String], f: impl Fn(&str) -> bool) -> usize {
        urls.iter().filter(|u| !f(black_box(u.as_str()))).count()
    }
    match (imp, variant) {
        (Impl::Floor, _) => run(urls, |u| black_box(String::from(u)).len() != usize::MAX),
        (Impl::Ours, Variant::Parse) => {
            run(urls, |u| black_box(whatwg_url::Url::parse(u, None)).is_ok())
        }
        (Impl::Ours, Variant::ParseHref) => run(urls, |u| match whatwg_url::Url::parse(u, None) {
            Ok(url) => {
                black_box(url.href().len());
                true
            }
            Err(_) => false,
        }),
        (Impl::Ours, Variant::CanParse) => run(urls, |u| whatwg_url::Url::can_parse(u, None)),
        (Impl::OursCore, Variant::CanParse) => {
            run(urls, |u| url_core::UrlRecord::can_parse(u, None))
        }
        (Impl::OursCore, _) => run(urls, |u| {
            black_box(url_core::UrlRecord::parse(u, None)).is_ok()
        }),
        #[cfg(feature = "competitors")]
        (Impl::Ada, Variant::Parse) => {
            run(urls, |u| black_box(ada_url::Url::parse(u, None)).is_ok())
        }
        #[cfg(feature = "competitors")]
        (Impl::Ada, Variant::ParseHref) => run(urls, |u| match ada_url::Url::parse(u, None) {
            Ok(url) => {
                black_box(url.href().len());
                true
            }
            Err(_) => false,
        }),
        #[cfg(feature = "competitors")]
        (Impl::Ada, Variant::CanParse) => run(urls, |u| ada_url::Url::can_parse(u, None)),
        #[cfg(feature = "competitors")]
        (Impl::RustUrl, Variant::Parse) => run(urls, |u| black_box(url::Url::parse(u)).is_ok()),
        #[cfg(feature = "competitors")]
        (Impl::RustUrl, Variant::ParseHref) => run(urls, |u| match url::Url::parse(u) {
            Ok(url) => {
                black_box(url.as_str().len());
                true
            }
            Err(_) => false,
        }),
        // rust-url has no can_parse; parsing is what a user would do.
        #[cfg(feature = "competitors")]
        (Impl::RustUrl, Variant::CanParse) => run(urls, |u| url::Url::parse(u).is_ok()),
        #[cfg(feature = "competitors")]
        (Impl::Facade, Variant::Parse) => {
            run(urls, |u| black_box(url_facade::Url::parse(u)).is_ok())
        }
        #[cfg(feature = "competitors")]
        (Impl::Facade, Variant::ParseHref) => run(urls, |u| match url_facade::Url::parse(u) {
            Ok(url) => black_box(url.as_str()).len() != usize::MAX,
            Err(_) => false,
        }),
        #[cfg(feature = "competitors")]
        (Impl::Facade, Variant::CanParse) => run(urls, |u| url_facade::Url::parse(u).is_ok()),
    }
}

fn load(path: &PathBuf) -> Result<Vec<String>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    Ok(text
        .lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect())
}

fn bench(urls: &[String], bytes: usize, variant: Variant, opts: &Options) {
    let impls = Impl::all(variant);
    // Warm-up, failure count and allocation count: one untimed pass each.
    let mut failures = Vec::new();
    let mut allocs = Vec::new();
    for &imp in &impls {
        pass(imp, variant, urls);
        let (failed, counts) = malloc_count::counted(|| pass(imp, variant, urls));
        failures.push(failed);
        allocs.push(counts);
    }
    // Each round runs every implementation once, in the same order; a round is made of
    // enough passes to last ~20 ms so that timer resolution does not matter.
    let t = Instant::now();
    pass(Impl::Ours, variant, urls);
    let one = t.elapsed().max(Duration::from_micros(1));
    let passes = (Duration::from_millis(20).as_nanos() / one.as_nanos()).max(1) as usize;
    let mut per_url: Vec<Vec<f64>> = vec![Vec::new(); impls.len()];
    let start = Instant::now();
    let mut rounds = 0;
    while rounds < opts.min_rounds || (start.elapsed() < opts.budget && rounds < 1000) {
        for (i, &imp) in impls.iter().enumerate() {
            let t = Instant::now();
            for _ in 0..passes {
                black_box(pass(imp, variant, urls));
            }
            let ns = t.elapsed().as_nanos() as f64 / (passes * urls.len()) as f64;
            per_url[i].push(ns);
        }
        rounds += 1;
    }
    println!(
        "\n#### {} ({} URLs, {} rounds x {} passes)\n",
        variant.name(),
        urls.len(),
        rounds,
        passes
    );
    println!(
        "| implementation | median ns/URL | MB/s | ratio to ada | failures | mallocs/URL | mallocs/success | reallocs/URL |"
    );
    println!("|---|---:|---:|---:|---:|---:|---:|---:|");
    let ada_index = impls.iter().position(|i| i.name().starts_with("ada"));
    for (i, &imp) in impls.iter().enumerate() {
        let med = median(&mut per_url[i].clone());
        let mbps = bytes as f64 / urls.len() as f64 / med * 1e3;
        let ratio = match ada_index {
            Some(a) => {
                let mut ratios: Vec<f64> = per_url[i]
                    .iter()
                    .zip(&per_url[a])
                    .map(|(x, y)| x / y)
                    .collect();
                format!("{:.2}", median(&mut ratios))
            }
            None => "n/a".to_owned(),
        };
        let n = urls.len() as f64;
        let successes = (urls.len() - failures[i]).max(1) as f64;
        println!(
            "| {} | {:.1} | {:.1} | {} | {} | {:.3} | {:.3} | {:.3} |",
            imp.name(),
            med,
            mbps,
            ratio,
            failures[i],
            allocs[i].0 as f64 / n,
            allocs[i].0 as f64 / successes,
            allocs[i].1 as f64 / n,
        );
    }
}

fn main() {
    let opts = match options() {
        Ok(o) => o,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(2);
        }
    };
    if !cfg!(feature = "competitors") {
        println!("(built without the `competitors` feature: only this project is measured)");
    }
    if opts.routes_only {
        routeset::run(opts.min_rounds, malloc_count::counted_dyn);
        return;
    }
    if opts.urlpattern_only {
        urlpattern::run(opts.min_rounds);
        return;
    }
    for file in &opts.files {
        let urls = match load(file) {
            Ok(u) => u,
            Err(e) => {
                eprintln!("{e}");
                std::process::exit(1);
            }
        };
        let bytes: usize = urls.iter().map(String::len).sum();
        println!(
            "\n### {} ({} URLs, {} bytes)",
            file.display(),
            urls.len(),
            bytes
        );
        if !opts.workloads_only {
            for variant in [Variant::Parse, Variant::ParseHref, Variant::CanParse] {
                bench(&urls, bytes, variant, &opts);
            }
        }
        workloads::run_dataset(&urls, &opts);
        arrow::run_dataset(&urls, &opts);
    }
    workloads::run_generated(&opts);
    if !opts.workloads_only {
        urlpattern::run(opts.min_rounds);
    }
}
