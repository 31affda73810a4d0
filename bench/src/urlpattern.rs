//! The URLPattern section of `cargo xtask bench`: `whatwg-urlpattern` (ours) against the
//! `urlpattern` crate (Deno's, on rust-url and `regex`), on a table of 50 REST routes and a
//! stream of 10,000 request URLs, in interleaved rounds (median ns, and the median over rounds
//! of the ratio ours / urlpattern).
//!
//! Rows: constructing the 50 patterns; `test` and `exec` of every route against every request
//! (each request parsed once, by each crate's own URL parser: the `urlpattern` crate takes a
//! `url::Url` by value, so it is cloned per call as its API requires); a router: the first
//! matching route of each request (ours: `RouteSet::find`; theirs: `exec` over the routes in
//! order), from the request string; and `test_url` of a literal-or-wildcard pathname pattern on
//! a parsed URL.

use std::hint::black_box;

use crate::stats::median;
use std::time::Instant;

use whatwg_urlpattern::{
    RegexEngine, RegressEngine, RouteSet, UrlPattern, UrlPatternInit, UrlPatternOptions,
};

const RESOURCES: [&str; 10] = [
    "users", "posts", "comments", "orders", "products", "carts", "invoices", "teams", "projects",
    "tickets",
];

/// The route table: five shapes per resource.
pub fn routes() -> Vec<String> {
    let mut routes = Vec::new();
    for r in RESOURCES {
        let base = format!("https://api.example.com/api/v1/{r}");
        routes.push(base.clone());
        routes.push(format!("{base}/:id"));
        routes.push(format!("{base}/:id/edit"));
        routes.push(format!("{base}/:id(\\d+)/history"));
        routes.push(format!("{base}/:id/:sub/*"));
    }
    routes
}

/// A deterministic stream of request URLs: four in five hit a route.
pub fn requests(n: usize) -> Vec<String> {
    let mut state: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |m: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % m as u64) as usize
    };
    (0..n)
        .map(|_| {
            let r = RESOURCES[next(RESOURCES.len())];
            let id = next(100_000);
            match next(10) {
                0 => format!("https://api.example.com/api/v1/{r}"),
                1 | 2 => format!("https://api.example.com/api/v1/{r}/{id}?fields=name,id"),
                3 => format!("https://api.example.com/api/v1/{r}/{id}/edit"),
                4 => format!("https://api.example.com/api/v1/{r}/{id}/history"),
                5 | 6 => format!(
                    "https://api.example.com/api/v1/{r}/{id}/items/{}/x",
                    next(50)
                ),
                7 => format!("https://www.example.com/{r}/{id}"),
                8 => format!("https://api.example.com/api/v2/{r}/{id}"),
                _ => format!("https://api.example.com/api/v1/{r}/u{id}/history#top"),
            }
        })
        .collect()
}

struct Row {
    name: &'static str,
    unit: &'static str,
    ours: Vec<f64>,
    /// Ours with `RegressEngine` (backtracking) instead of the default engine.
    regress: Vec<f64>,
    theirs: Vec<f64>,
}

impl Row {
    fn new(name: &'static str, unit: &'static str) -> Self {
        Row {
            name,
            unit,
            ours: vec![],
            regress: vec![],
            theirs: vec![],
        }
    }
}

fn time(per: usize, f: impl FnOnce() -> usize) -> f64 {
    let t = Instant::now();
    black_box(f());
    t.elapsed().as_nanos() as f64 / per.max(1) as f64
}

fn ours_pattern(s: &str) -> UrlPattern {
    UrlPattern::new(s.into(), None, UrlPatternOptions::default()).expect("a valid route")
}

fn regress_pattern(s: &str) -> UrlPattern<RegressEngine> {
    UrlPattern::with_engine(s.into(), None, UrlPatternOptions::default(), RegressEngine)
        .expect("a valid route")
}

/// The timed closures of ours, for either engine.
struct Ours<E: RegexEngine> {
    patterns: Vec<UrlPattern<E>>,
    router: RouteSet<usize, E>,
    make: fn(&str) -> UrlPattern<E>,
}

impl<E: RegexEngine> Ours<E> {
    fn new(routes: &[String], make: fn(&str) -> UrlPattern<E>) -> Self {
        let mut router = RouteSet::default();
        for (i, r) in routes.iter().enumerate() {
            router.add(make(r), i);
        }
        Ours {
            patterns: routes.iter().map(|r| make(r)).collect(),
            router,
            make,
        }
    }

    /// Samples one round of the first four rows into `pick(row)`.
    fn round(
        &self,
        routes: &[String],
        requests: &[String],
        urls: &[whatwg_url::Url],
        rows: &mut [Row],
        pick: fn(&mut Row) -> &mut Vec<f64>,
    ) {
        let calls = routes.len() * requests.len();
        let sample = time(routes.len(), || {
            routes.iter().map(|r| (self.make)(r).pathname().len()).sum()
        });
        pick(&mut rows[0]).push(sample);
        let sample = time(calls, || {
            urls.iter()
                .map(|u| self.patterns.iter().filter(|p| p.test_url(u)).count())
                .sum()
        });
        pick(&mut rows[1]).push(sample);
        let sample = time(calls, || {
            urls.iter()
                .map(|u| self.patterns.iter().filter_map(|p| p.exec_url(u)).count())
                .sum()
        });
        pick(&mut rows[2]).push(sample);
        let sample = time(requests.len(), || {
            requests
                .iter()
                .filter_map(|r| whatwg_url::Url::parse(r, None).ok())
                .filter_map(|u| self.router.find(&u).map(|m| m.index))
                .sum()
        });
        pick(&mut rows[3]).push(sample);
    }
}

#[cfg(feature = "competitors")]
fn theirs_pattern(s: &str) -> urlpattern::UrlPattern {
    let init = urlpattern::UrlPatternInit::parse_constructor_string::<regex::Regex>(s, None)
        .expect("a valid route");
    urlpattern::UrlPattern::parse(init, Default::default()).expect("a valid route")
}

/// Runs the section; `rounds` interleaved rounds.
pub fn run(rounds: usize) {
    let routes = routes();
    let requests = requests(10_000);
    let ours = Ours::new(&routes, ours_pattern);
    let with_regress = Ours::new(&routes, regress_pattern);
    let ours_urls: Vec<whatwg_url::Url> = requests
        .iter()
        .map(|r| whatwg_url::Url::parse(r, None).expect("a URL"))
        .collect();
    #[cfg(feature = "competitors")]
    let router = &ours.router;
    let static_pattern = UrlPattern::new(
        (&UrlPatternInit {
            pathname: Some("/api/v1/*".into()),
            ..Default::default()
        })
            .into(),
        None,
        UrlPatternOptions::default(),
    )
    .expect("a pattern");

    #[cfg(feature = "competitors")]
    let theirs: Vec<urlpattern::UrlPattern> = routes.iter().map(|r| theirs_pattern(r)).collect();
    #[cfg(feature = "competitors")]
    let theirs_urls: Vec<url::Url> = requests
        .iter()
        .map(|r| url::Url::parse(r).expect("a URL"))
        .collect();

    // Both crates agree on which route each request hits first.
    #[cfg(feature = "competitors")]
    for (req, url) in requests.iter().zip(&theirs_urls) {
        let mine = router
            .find(&whatwg_url::Url::parse(req, None).expect("a URL"))
            .map(|m| *m.value);
        let other = theirs.iter().position(|p| {
            p.test(urlpattern::UrlPatternMatchInput::Url(url.clone()))
                .unwrap_or(false)
        });
        assert_eq!(mine, other, "the two crates disagree on {req}");
    }

    #[cfg(feature = "competitors")]
    let calls = routes.len() * requests.len();
    let mut rows = vec![
        Row::new("construct (50 routes)", "ns/pattern"),
        Row::new("test: every route × every request", "ns/call"),
        Row::new("exec: every route × every request", "ns/call"),
        Row::new("router: first match, from the request string", "ns/request"),
        Row::new("test_url: `/api/v1/*` on a parsed URL", "ns/call"),
    ];
    for _ in 0..rounds {
        ours.round(&routes, &requests, &ours_urls, &mut rows, |r| &mut r.ours);
        with_regress.round(&routes, &requests, &ours_urls, &mut rows, |r| {
            &mut r.regress
        });
        rows[4].ours.push(time(requests.len(), || {
            ours_urls
                .iter()
                .filter(|u| static_pattern.test_url(u))
                .count()
        }));
        #[cfg(feature = "competitors")]
        {
            use urlpattern::UrlPatternMatchInput as In;
            rows[0].theirs.push(time(routes.len(), || {
                routes
                    .iter()
                    .map(|r| theirs_pattern(r).pathname().len())
                    .sum()
            }));
            rows[1].theirs.push(time(calls, || {
                theirs_urls
                    .iter()
                    .map(|u| {
                        theirs
                            .iter()
                            .filter(|p| p.test(In::Url(u.clone())).unwrap_or(false))
                            .count()
                    })
                    .sum()
            }));
            rows[2].theirs.push(time(calls, || {
                theirs_urls
                    .iter()
                    .map(|u| {
                        theirs
                            .iter()
                            .filter_map(|p| p.exec(In::Url(u.clone())).ok().flatten())
                            .count()
                    })
                    .sum()
            }));
            rows[3].theirs.push(time(requests.len(), || {
                requests
                    .iter()
                    .filter_map(|r| url::Url::parse(r).ok())
                    .filter_map(|u| {
                        theirs
                            .iter()
                            .position(|p| p.exec(In::Url(u.clone())).ok().flatten().is_some())
                    })
                    .sum()
            }));
        }
    }
    println!(
        "\n### URLPattern ({} routes, {} request URLs, {rounds} interleaved rounds)\n",
        routes.len(),
        requests.len()
    );
    println!(
        "| workload | unit | whatwg-urlpattern (ours) | ours with RegressEngine | urlpattern 0.6 | ours / urlpattern |"
    );
    println!("|---|---|---:|---:|---:|---:|");
    let fmt = |x: f64| {
        if x.is_nan() {
            "n/a".to_owned()
        } else {
            format!("{x:.1}")
        }
    };
    for row in &mut rows {
        let ours = median(&mut row.ours.clone());
        let regress = median(&mut row.regress.clone());
        let theirs = median(&mut row.theirs.clone());
        let mut ratios: Vec<f64> = row
            .ours
            .iter()
            .zip(&row.theirs)
            .map(|(a, b)| a / b)
            .collect();
        let ratio = median(&mut ratios);
        let ratio = if ratio.is_nan() {
            "n/a".to_owned()
        } else {
            format!("{ratio:.3}")
        };
        println!(
            "| {} | {} | {} | {} | {} | {ratio} |",
            row.name,
            row.unit,
            fmt(ours),
            fmt(regress),
            fmt(theirs)
        );
    }
    crate::routeset::run(rounds, crate::malloc_count::counted_dyn);
}
