//! The route set rows of the URLPattern section: the GitHub API table (130 routes,
//! `github_routes.rs`) as `{ pathname }` URL patterns in a `RouteSet`, the same patterns tried
//! in table order with `exec` (the loop a server without a route set runs), and `matchit` (the
//! radix-tree router under axum, in its own syntax), on one request path per route plus misses.
//! Every lookup reads the groups (`RouteSet`: the borrowed `RouteMatch`; exec loop: the owned
//! result; matchit: its params). Before timing, the three must choose the same route for every
//! path, with the same groups.

use std::hint::black_box;
use std::time::Instant;

use whatwg_url::Url;
use whatwg_urlpattern::{ComponentName, RouteSet, UrlPattern, UrlPatternInit, UrlPatternOptions};

use crate::github_routes::ROUTES;
use crate::stats::median;

/// The value a request path gives each parameter name.
fn param_value(name: &str) -> &'static str {
    match name {
        "owner" => "rust-lang",
        "repo" => "rust",
        "user" | "target_user" => "octocat",
        "org" => "whatwg",
        "sha" => "6dcb09b5b57875f334f61aebed695e2e4193db5e",
        "number" => "1347",
        "name" => "bug",
        "branch" => "main",
        "ref" => "v1.2.0",
        "keyword" => "router",
        "email" => "octocat%40github.com",
        "state" => "open",
        _ => "42",
    }
}

/// matchit's spelling of a route: `:name` segments as `{name}`.
#[cfg(feature = "competitors")]
pub fn matchit_syntax(route: &str) -> String {
    route
        .split('/')
        .map(|seg| match seg.strip_prefix(':') {
            Some(name) => format!("{{{name}}}"),
            None => seg.to_owned(),
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// One request path per route, then paths no route matches.
pub fn paths() -> Vec<String> {
    let mut paths: Vec<String> = ROUTES
        .iter()
        .map(|route| {
            route
                .split('/')
                .map(|seg| seg.strip_prefix(':').map_or(seg, param_value))
                .collect::<Vec<_>>()
                .join("/")
        })
        .collect();
    for miss in [
        "/",
        "/repos",
        "/repos/rust-lang",
        "/repos/rust-lang/rust/unknown",
        "/repos/rust-lang/rust/pulls/1347/reviews",
        "/repos/rust-lang/rust/git/blobs",
        "/users/octocat/unknown",
        "/user/keys/42/extra",
        "/gists/42/stars",
        "/search",
        "/search/commits",
        "/legacy/user/search",
        "/orgs/whatwg/members/octocat/x",
        "/teams/42/repos/rust-lang",
        "/notifications/threads",
        "/emojis/smile",
        "/user/",
        "/users/",
        "/favicon.ico",
        "/api/v3/user",
    ] {
        paths.push(miss.to_owned());
    }
    paths
}

pub fn pattern(pathname: &str) -> UrlPattern {
    let init = UrlPatternInit {
        pathname: Some(pathname.to_owned()),
        ..Default::default()
    };
    UrlPattern::new((&init).into(), None, UrlPatternOptions::default()).expect("a valid route")
}

pub fn build_set() -> RouteSet<usize> {
    ROUTES
        .iter()
        .enumerate()
        .map(|(i, r)| (pattern(r), i))
        .collect()
}

#[cfg(feature = "competitors")]
pub fn build_matchit() -> matchit::Router<usize> {
    let mut router = matchit::Router::new();
    for (i, r) in ROUTES.iter().enumerate() {
        router
            .insert(matchit_syntax(r), i)
            .expect("a valid matchit route");
    }
    router
}

/// The sum of the group values' lengths: what reading every group costs.
pub fn set_lookup(set: &RouteSet<usize>, path: &str) -> usize {
    match set.find_pathname(path) {
        Some(m) => {
            m.index
                + m.groups(ComponentName::Pathname)
                    .map(|(_, v)| v.map_or(0, str::len))
                    .sum::<usize>()
        }
        None => usize::MAX,
    }
}

pub fn set_lookup_url(set: &RouteSet<usize>, url: &Url) -> usize {
    match set.find(url) {
        Some(m) => {
            m.index
                + m.groups(ComponentName::Pathname)
                    .map(|(_, v)| v.map_or(0, str::len))
                    .sum::<usize>()
        }
        None => usize::MAX,
    }
}

fn exec_loop(patterns: &[UrlPattern], url: &Url) -> usize {
    patterns
        .iter()
        .enumerate()
        .find_map(|(i, p)| {
            let r = p.exec_url(url)?;
            Some(
                i + r
                    .pathname
                    .groups
                    .iter()
                    .map(|(_, v)| v.as_ref().map_or(0, String::len))
                    .sum::<usize>(),
            )
        })
        .unwrap_or(usize::MAX)
}

#[cfg(feature = "competitors")]
pub fn matchit_lookup(router: &matchit::Router<usize>, path: &str) -> usize {
    match router.at(path) {
        Ok(m) => *m.value + m.params.iter().map(|(_, v)| v.len()).sum::<usize>(),
        Err(_) => usize::MAX,
    }
}

/// ns per call of `f` over every path, `reps` times.
fn per_lookup(n: usize, reps: usize, mut f: impl FnMut() -> usize) -> f64 {
    let t = Instant::now();
    let mut sink = 0usize;
    for _ in 0..reps {
        sink = sink.wrapping_add(f());
    }
    black_box(sink);
    t.elapsed().as_nanos() as f64 / (n * reps).max(1) as f64
}

/// Tables built one after another for one timing of a build row.
const BUILDS: usize = 4;

/// ns per table of `build`, over [`BUILDS`] tables (dropped outside the timing).
fn per_table<T>(mut build: impl FnMut() -> T) -> f64 {
    let mut built = Vec::with_capacity(BUILDS);
    let t = Instant::now();
    for _ in 0..BUILDS {
        built.push(build());
    }
    let ns = t.elapsed().as_nanos() as f64 / BUILDS as f64;
    drop(black_box(built));
    ns
}

/// Our three build rows: the route set, the patterns alone, the compiled patterns filed.
fn time_builds(build: &mut Vec<f64>, build_loop: &mut Vec<f64>, file: &mut Vec<f64>) {
    build.push(per_table(build_set));
    let mut compiled: Vec<Vec<UrlPattern>> = Vec::with_capacity(BUILDS);
    build_loop.push(per_table(|| {
        compiled.push(ROUTES.iter().map(|r| pattern(r)).collect());
    }));
    file.push(per_table(|| {
        let patterns = compiled.pop().unwrap_or_default();
        patterns
            .into_iter()
            .enumerate()
            .map(|(i, p)| (p, i))
            .collect::<RouteSet<usize>>()
    }));
}

/// Allocations (and reallocations) made by one call of `f`, by `counted` (the bench binary's
/// `malloc_count::counted_dyn`).
fn allocations<T>(counted: fn(&mut dyn FnMut()) -> (u64, u64), f: impl FnOnce() -> T) -> u64 {
    let mut f = Some(f);
    let mut built = None;
    let (allocations, reallocations) = counted(&mut || built = f.take().map(|f| f()));
    drop(black_box(built));
    allocations + reallocations
}

/// Runs the rows; `rounds` interleaved rounds; `counted`, the allocation counter.
pub fn run(rounds: usize, counted: fn(&mut dyn FnMut()) -> (u64, u64)) {
    let paths = paths();
    let urls: Vec<Url> = paths
        .iter()
        .map(|p| Url::parse(&format!("https://api.github.com{p}"), None).expect("a URL"))
        .collect();
    let set = build_set();
    let patterns: Vec<UrlPattern> = ROUTES.iter().map(|r| pattern(r)).collect();
    #[cfg(feature = "competitors")]
    let router = build_matchit();

    // The three choose the same route, with the same groups, for every path.
    let mut hits = 0;
    for (path, url) in paths.iter().zip(&urls) {
        assert_eq!(url.pathname(), path, "the bench's paths are canonical");
        let ours = set.find_pathname(path).map(|m| m.index);
        let by_url = set.find(url).map(|m| m.index);
        let looped = patterns.iter().position(|p| p.exec_url(url).is_some());
        assert_eq!(ours, looped, "RouteSet and the exec loop differ on {path}");
        assert_eq!(
            by_url, looped,
            "RouteSet by Url and the exec loop differ on {path}"
        );
        assert_eq!(
            set_lookup(&set, path),
            exec_loop(&patterns, url),
            "groups differ on {path}"
        );
        #[cfg(feature = "competitors")]
        {
            let theirs = router.at(path).ok().map(|m| *m.value);
            assert_eq!(ours, theirs, "RouteSet and matchit differ on {path}");
            assert_eq!(
                set_lookup(&set, path),
                matchit_lookup(&router, path),
                "groups differ on {path}"
            );
        }
        hits += usize::from(ours.is_some());
    }
    assert_eq!(hits, ROUTES.len(), "one path per route hits it");

    let n = paths.len();
    let (mut by_path, mut by_url, mut looped, mut theirs) = (vec![], vec![], vec![], vec![]);
    let (mut build, mut build_loop, mut build_theirs) = (vec![], vec![], vec![]);
    let mut file = vec![];
    for round in 0..rounds.max(1) {
        by_path.push(per_lookup(n, 400, || {
            paths
                .iter()
                .map(|p| set_lookup(&set, black_box(p)))
                .fold(0, usize::wrapping_add)
        }));
        by_url.push(per_lookup(n, 400, || {
            urls.iter()
                .map(|u| set_lookup_url(&set, black_box(u)))
                .fold(0, usize::wrapping_add)
        }));
        looped.push(per_lookup(n, 4, || {
            urls.iter()
                .map(|u| exec_loop(&patterns, black_box(u)))
                .fold(0, usize::wrapping_add)
        }));
        #[cfg(feature = "competitors")]
        theirs.push(per_lookup(n, 400, || {
            paths
                .iter()
                .map(|p| matchit_lookup(&router, black_box(p)))
                .fold(0, usize::wrapping_add)
        }));
        // The builds: ours and matchit's in turn, which of them first alternating by round
        // (the first after the lookup loops meets colder caches), each timed over
        // `BUILDS` tables built one after another and dropped after the timing.
        let ours_first = round % 2 == 0;
        if ours_first {
            time_builds(&mut build, &mut build_loop, &mut file);
        }
        #[cfg(feature = "competitors")]
        build_theirs.push(per_table(build_matchit));
        if !ours_first {
            time_builds(&mut build, &mut build_loop, &mut file);
        }
    }
    println!(
        "\n### URLPattern route set: the GitHub API ({} routes, {} request paths of which {} miss, {} interleaved rounds)\n",
        ROUTES.len(),
        n,
        n - hits,
        rounds.max(1)
    );
    println!("| workload | unit | RouteSet | exec loop | matchit 0.8 | RouteSet / matchit |");
    println!("|---|---|---:|---:|---:|---:|");
    let fmt = |x: f64| {
        if x.is_nan() {
            "n/a".to_owned()
        } else {
            format!("{x:.1}")
        }
    };
    let row = |name: &str,
               unit: &str,
               ours: &mut Vec<f64>,
               looped: &mut Vec<f64>,
               theirs: &mut Vec<f64>,
               scale: f64| {
        let mut ratios: Vec<f64> = ours.iter().zip(theirs.iter()).map(|(a, b)| a / b).collect();
        let ratio = median(&mut ratios);
        let (o, l, t) = (
            median(ours) / scale,
            median(looped) / scale,
            median(theirs) / scale,
        );
        let ratio = if ratio.is_nan() {
            "n/a".to_owned()
        } else {
            format!("{ratio:.2}")
        };
        println!(
            "| {name} | {unit} | {} | {} | {} | {ratio} |",
            fmt(o),
            fmt(l),
            fmt(t)
        );
    };
    row(
        "lookup by pathname, groups read",
        "ns/lookup",
        &mut by_path,
        &mut looped.clone(),
        &mut theirs.clone(),
        1.0,
    );
    row(
        "lookup by parsed Url, groups read",
        "ns/lookup",
        &mut by_url,
        &mut looped,
        &mut theirs,
        1.0,
    );
    row(
        "build the table (RouteSet: compile + trie; exec loop: compile)",
        "µs/table",
        &mut build,
        &mut build_loop,
        &mut build_theirs.clone(),
        1000.0,
    );
    row(
        "of which the trie (compiled patterns filed)",
        "µs/table",
        &mut file,
        &mut vec![],
        &mut build_theirs,
        1000.0,
    );
    #[cfg(feature = "competitors")]
    let theirs_allocs = allocations(counted, build_matchit) as f64;
    #[cfg(not(feature = "competitors"))]
    let theirs_allocs = f64::NAN;
    row(
        "allocations and reallocations per table",
        "count",
        &mut vec![allocations(counted, build_set) as f64],
        &mut vec![allocations(counted, || {
            ROUTES.iter().map(|r| pattern(r)).collect::<Vec<_>>()
        }) as f64],
        &mut vec![theirs_allocs],
        1.0,
    );
}
