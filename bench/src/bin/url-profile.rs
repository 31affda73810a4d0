//! A small driver for instruction-level profiling (`valgrind --tool=callgrind`): runs one
//! implementation and one variant over a file of URLs, inside one function that callgrind can
//! be told to count alone.
//!
//! ```text
//! valgrind --tool=callgrind --toggle-collect='url_profile::profiled_pass' \
//!     target/release/url-profile ours parse fixtures/datasets/kasztp.txt
//! ```
//!
//! The pattern names the function exactly: `*profiled_pass*` also matches the closure-taking
//! helper `profiled_pass::run`, whose calls then toggle collection off again, so that for `ours`
//! almost nothing is counted. (Add `--branch-sim=yes` for simulated branch mispredictions.)
//!
//! Usage: `url-profile <ours|core|general|ada|url|facade> <parse|href|can_parse> FILE [PASSES]`, and
//! for `ours` and `ada` also `hostname` (parse, then read the hostname), for
//! `ours` also `bulk` (the same with each URL parsed into one reused `Url`), `validation`, `relative`, `setters` (parse, then the four setters of the
//! bench's setter workload) and `search_params`; `arrow <parse|href>` runs that kernel of
//! `whatwg-url-arrow` on the file as one `Utf8` column (built before the counted function,
//! `profiled_pass_arrow`: count it with `--toggle-collect='url_profile::profiled_pass_arrow'`).
//! FILE may also be `hostile:NAME`, one URL of a hostile shape (`tabs`, `idna`, `idna-mixed`,
//! `idna-100k`, `idna-mixed-100k`, `idna-16k`, `dotdot`, `dotdot-encoded`, `push-pop`,
//! `long-path`, `long-host`, `non-ascii-path`; `bench/src/hostile.rs`), all of them made
//! first.
//! `urlpattern <test|new>` runs `whatwg-urlpattern` on the file's URLs (parsed before the
//! counted function, `profiled_pass_urlpattern`): `test` matches each URL against a table of
//! patterns with `test_url` and `exec_url` and looks it up in a `RouteSet` of the same table;
//! `new` compiles the table once a URL (the constructor's cost); `routes` looks each URL up in
//! the `RouteSet` only.
//! `github <path|url|build|matchit|matchit-build> - [PASSES]` runs the route set rows of the
//! bench (the GitHub API table, `routeset.rs`) in `profiled_pass_github`: each request path
//! looked up with its groups read, by pathname or by parsed URL, or the table built (compiled
//! and filed), or the same with matchit (built with the `competitors` feature). The printed
//! count of lookups gives instructions per lookup: `Ir / (lookups * passes)`. Count matchit's
//! lookups with `--toggle-collect='url_profile::profiled_matchit'` (its table is built
//! outside), the builds with `profiled_build` and `profiled_build_matchit` (the tables are
//! not dropped).
//! Per setter, without a variant each: add `--dump-before='*basic_parse_override'
//! --dump-after='*basic_parse_override'` on a file of a few hundred URLs; for `setters` each URL
//! then writes eight dumps, in turn the steps before a setter's state override and the override
//! itself, for pathname, search, hash and hostname (dump `k` is step `(k - 1) % 8`).
//! `core` is `url_core::UrlRecord` directly (without the API wrapper), `general` its parser without
//! the fast path for already normal URLs. `floor <heap|inline>` only copies each URL: into an
//! exact-size allocation (the bench's `floor` row), or into 120 bytes on the stack when it fits. Prints the number of URLs, failures,
//! and passes, so that instructions per URL are `Ir / (URLs * passes)`.

use std::hint::black_box;

#[path = "../hostile.rs"]
mod hostile;

#[path = "../github_routes.rs"]
mod github_routes;
// The route set rows' table, requests and lookups; their timing loop is not used here.
#[allow(dead_code)]
#[path = "../routeset.rs"]
mod routeset;
#[allow(dead_code)]
#[path = "../stats.rs"]
mod stats;

#[inline(never)]
fn profiled_pass(imp: &str, variant: &str, urls: &[String]) -> usize {
    fn run(urls: &[String], mut f: impl FnMut(&str) -> bool) -> usize {
        urls.iter().filter(|u| !f(black_box(u.as_str()))).count()
    }
    match (imp, variant) {
        ("ours", "parse") => run(urls, |u| black_box(whatwg_url::Url::parse(u, None)).is_ok()),
        ("ours", "href") => run(urls, |u| {
            whatwg_url::Url::parse(u, None).is_ok_and(|url| black_box(url.href().len()) > 0)
        }),
        ("ours", "can_parse") => run(urls, |u| whatwg_url::Url::can_parse(u, None)),
        // The bulk workload: each URL parsed and its hostname read, with a new `Url` each
        // (`hostname`) or into one reused `Url` (`bulk`).
        ("ours", "hostname") => run(urls, |u| {
            whatwg_url::Url::parse(u, None).is_ok_and(|url| black_box(url.hostname().len()) > 0)
        }),
        ("ours", "bulk") => {
            let mut url = whatwg_url::Url::default();
            run(urls, |u| {
                url.parse_into(u, None).is_ok() && black_box(url.hostname().len()) > 0
            })
        }
        ("core", "parse") => run(urls, |u| {
            black_box(url_core::UrlRecord::parse(u, None)).is_ok()
        }),
        ("core", "href") => run(urls, |u| {
            url_core::UrlRecord::parse(u, None).is_ok_and(|url| black_box(url.as_str().len()) > 0)
        }),
        ("core", "can_parse") => run(urls, |u| url_core::UrlRecord::can_parse(u, None)),
        // The workloads of `cargo xtask bench --workloads`, ours only.
        ("ours", "validation") => run(urls, |u| {
            black_box(whatwg_url::Url::parse_with_validation(u, None))
                .0
                .is_ok()
        }),
        ("ours", "relative") => run(urls, |u| {
            black_box(whatwg_url::Url::parse(
                u,
                Some("https://www.example.com/docs/guide/index.html"),
            ))
            .is_ok()
        }),
        ("ours", "setters") => run(urls, |u| match whatwg_url::Url::parse(u, None) {
            Ok(mut url) => {
                url.set_pathname("/a/b c");
                url.set_search("?q=1&r=2");
                url.set_hash("#frag");
                url.set_hostname("example.org");
                black_box(url.href().len()) > 0
            }
            Err(_) => false,
        }),
        ("ours", "search_params") => run(urls, |u| {
            let query = u.split_once('?').map_or("", |(_, q)| q);
            let mut params = whatwg_url::UrlSearchParams::parse(query);
            params.append("added", "a b");
            params.sort();
            black_box(params.to_string().len()) > 0
        }),
        // A parse's floor two ways: the input copied into an exact-size allocation (the
        // bench's `floor` row), or, when it fits, into 120 bytes on the stack, which a `Url`
        // keeping short serializations inline would pay instead (docs/performance.md, what
        // bounds a parse).
        ("floor", "heap") => run(urls, |u| black_box(String::from(u)).len() != usize::MAX),
        ("floor", "inline") => run(urls, |u| {
            let mut inline = [0u8; 120];
            match inline.get_mut(..u.len()) {
                Some(to) => {
                    to.copy_from_slice(u.as_bytes());
                    black_box(&inline).len() != usize::MAX
                }
                None => black_box(u.as_bytes().to_vec()).len() != usize::MAX,
            }
        }),
        ("general", _) => run(urls, |u| {
            black_box(url_core::UrlRecord::parse_without_fast_path(u, None)).is_ok()
        }),
        #[cfg(feature = "competitors")]
        ("ada", "parse") => run(urls, |u| black_box(ada_url::Url::parse(u, None)).is_ok()),
        #[cfg(feature = "competitors")]
        ("ada", "href") => run(urls, |u| {
            ada_url::Url::parse(u, None).is_ok_and(|url| black_box(url.href().len()) > 0)
        }),
        #[cfg(feature = "competitors")]
        ("ada", "hostname") => run(urls, |u| {
            ada_url::Url::parse(u, None).is_ok_and(|url| black_box(url.hostname().len()) > 0)
        }),
        #[cfg(feature = "competitors")]
        ("ada", "can_parse") => run(urls, |u| ada_url::Url::can_parse(u, None)),
        #[cfg(feature = "competitors")]
        ("url", "search_params") => run(urls, |u| {
            let query = u.split_once('?').map_or("", |(_, q)| q);
            let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(query.as_bytes())
                .into_owned()
                .collect();
            pairs.push(("added".to_owned(), "a b".to_owned()));
            pairs.sort_by(|a, b| a.0.cmp(&b.0));
            let s = url::form_urlencoded::Serializer::new(String::new())
                .extend_pairs(&pairs)
                .finish();
            black_box(s.len()) > 0
        }),
        #[cfg(feature = "competitors")]
        ("url", "parse") => run(urls, |u| black_box(url::Url::parse(u)).is_ok()),
        #[cfg(feature = "competitors")]
        ("facade", "parse") => run(urls, |u| black_box(url_facade::Url::parse(u)).is_ok()),
        #[cfg(feature = "competitors")]
        ("url", "href" | "can_parse") => run(urls, |u| {
            url::Url::parse(u).is_ok_and(|url| black_box(url.as_str().len()) > 0)
        }),
        _ => {
            eprintln!("unknown implementation or variant: {imp} {variant}");
            std::process::exit(2);
        }
    }
}

#[inline(never)]
fn profiled_pass_arrow(variant: &str, urls: &arrow_array::StringArray) -> usize {
    use arrow_array::Array;
    let result = match variant {
        "parse" => whatwg_url_arrow::parse(urls, None).map(|table| table.null_count()),
        "href" => whatwg_url_arrow::href(urls, None).map(|column| column.null_count()),
        _ => {
            eprintln!("unknown variant of arrow: {variant}");
            std::process::exit(2);
        }
    };
    result.unwrap_or_else(|e| {
        eprintln!("{e}");
        std::process::exit(1);
    })
}

/// The URLPattern workload's table: hostnames, pathnames, protocols, a `(regexp)` group,
/// search and hash, so that every component's matching is exercised.
const PATTERNS: [&str; 8] = [
    "https://*.example.com/*",
    "http{s}?://:host/:path*",
    "*://*/*.html",
    "https://www.:site.com/:first/*",
    "https://*/people/:letter/:name/",
    "*://*/:dir(\\w+)/*",
    "https://blog.*/*?*",
    "ftp://*:*@*/*#*",
];

#[inline(never)]
fn profiled_pass_urlpattern(variant: &str, urls: &[whatwg_url::Url]) -> usize {
    use whatwg_urlpattern::{RouteSet, UrlPattern};
    let compile = |p: &str| UrlPattern::new(p.into(), None, Default::default());
    match variant {
        "new" => urls
            .iter()
            .map(|_| PATTERNS.iter().filter(|p| compile(p).is_err()).count())
            .sum(),
        "test" => {
            let patterns: Vec<UrlPattern> =
                PATTERNS.iter().filter_map(|p| compile(p).ok()).collect();
            let mut routes = RouteSet::new();
            for (i, p) in PATTERNS.iter().enumerate() {
                if let Ok(p) = compile(p) {
                    routes.add(p, i);
                }
            }
            urls.iter()
                .filter(|u| {
                    let tested = patterns.iter().filter(|p| p.test_url(u)).count();
                    let executed = patterns.iter().filter_map(|p| p.exec_url(u)).count();
                    let found = routes.find(u).map(|m| {
                        m.index + m.input(whatwg_urlpattern::ComponentName::Hostname).len()
                    });
                    black_box((tested, executed, found)).0 == 0
                })
                .count()
        }
        "routes" => {
            let mut routes = RouteSet::new();
            for (i, p) in PATTERNS.iter().enumerate() {
                if let Ok(p) = compile(p) {
                    routes.add(p, i);
                }
            }
            urls.iter()
                .filter(|u| black_box(routes.find(u).map(|m| m.index)).is_none())
                .count()
        }
        _ => {
            eprintln!("unknown variant of urlpattern: {variant}");
            std::process::exit(2);
        }
    }
}

/// The GitHub API route set: lookups (or builds) of `variant`; returns the sum of the results.
#[inline(never)]
fn profiled_pass_github(
    variant: &str,
    set: &whatwg_urlpattern::RouteSet<usize>,
    paths: &[String],
    urls: &[whatwg_url::Url],
) -> usize {
    let sum = |f: &dyn Fn(usize) -> usize| (0..paths.len()).map(f).fold(0, usize::wrapping_add);
    match variant {
        "path" => sum(&|i| routeset::set_lookup(set, black_box(&paths[i]))),
        "url" => sum(&|i| routeset::set_lookup_url(set, black_box(&urls[i]))),
        "build" => {
            // Dropped outside the count, as the bench drops it outside the timing.
            let built = profiled_build();
            let n = built.len();
            std::mem::forget(built);
            n
        }
        #[cfg(feature = "competitors")]
        "matchit" => {
            let router = black_box(routeset::build_matchit());
            // Built outside the count: only the lookups are counted below.
            profiled_matchit(&router, paths)
        }
        #[cfg(feature = "competitors")]
        "matchit-build" => {
            let built = profiled_build_matchit();
            let found = usize::from(built.at("/").is_ok());
            std::mem::forget(built);
            found
        }
        _ => {
            eprintln!("unknown variant of github: {variant}");
            std::process::exit(2);
        }
    }
}

/// The table built (compiled and filed; count with
/// `--toggle-collect='url_profile::profiled_build'`).
#[inline(never)]
fn profiled_build() -> whatwg_urlpattern::RouteSet<usize> {
    routeset::build_set()
}

/// matchit's table built (count with `--toggle-collect='url_profile::profiled_build_matchit'`).
#[cfg(feature = "competitors")]
#[inline(never)]
fn profiled_build_matchit() -> matchit::Router<usize> {
    routeset::build_matchit()
}

/// matchit's lookups alone (count with `--toggle-collect='url_profile::profiled_matchit'`).
#[cfg(feature = "competitors")]
#[inline(never)]
fn profiled_matchit(router: &matchit::Router<usize>, paths: &[String]) -> usize {
    paths
        .iter()
        .map(|p| routeset::matchit_lookup(router, black_box(p)))
        .fold(0, usize::wrapping_add)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    if let [imp, variant, _, rest @ ..] = args.as_slice()
        && imp == "github"
    {
        let passes: usize = rest.first().and_then(|p| p.parse().ok()).unwrap_or(1);
        let paths = routeset::paths();
        let urls: Vec<whatwg_url::Url> = paths
            .iter()
            .map(|p| whatwg_url::Url::parse(&format!("https://api.github.com{p}"), None))
            .collect::<Result<_, _>>()
            .expect("the bench's URLs parse");
        let set = routeset::build_set();
        let mut sum = 0;
        for _ in 0..passes {
            sum = profiled_pass_github(variant, &set, &paths, &urls);
        }
        println!("{} lookups, sum {sum}, {passes} passes", paths.len());
        return;
    }
    let [imp, variant, file, rest @ ..] = args.as_slice() else {
        eprintln!(
            "usage: url-profile <ours|core|general|ada|url|facade|arrow> <parse|href|can_parse> FILE [PASSES]"
        );
        std::process::exit(2);
    };
    let passes: usize = rest.first().and_then(|p| p.parse().ok()).unwrap_or(1);
    let urls = match file.strip_prefix("hostile:") {
        Some(name) => match hostile::shapes().into_iter().find(|(n, _)| *n == name) {
            Some((_, url)) => vec![url],
            None => {
                eprintln!("no hostile shape {name}");
                std::process::exit(2);
            }
        },
        None => read_urls(file),
    };
    let mut failures = 0;
    if imp == "urlpattern" {
        let parsed: Vec<whatwg_url::Url> = urls
            .iter()
            .filter_map(|u| whatwg_url::Url::parse(u, None).ok())
            .collect();
        for _ in 0..passes {
            failures = profiled_pass_urlpattern(variant, black_box(&parsed));
        }
    } else if imp == "arrow" {
        let column = arrow_array::StringArray::from_iter_values(&urls);
        for _ in 0..passes {
            failures = profiled_pass_arrow(variant, black_box(&column));
        }
    } else {
        for _ in 0..passes {
            failures = profiled_pass(imp, variant, &urls);
        }
    }
    println!("{} URLs, {failures} failures, {passes} passes", urls.len());
}

/// The URLs of `file`, one a line (without a byte order mark and empty lines).
fn read_urls(file: &str) -> Vec<String> {
    let text = std::fs::read_to_string(file).unwrap_or_else(|e| {
        eprintln!("{file}: {e}");
        std::process::exit(1);
    });
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    text.lines()
        .filter(|l| !l.is_empty())
        .map(str::to_owned)
        .collect()
}
