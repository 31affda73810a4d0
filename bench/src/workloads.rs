//! The workloads beyond absolute parsing (`cargo xtask bench --workloads`, and after the
//! datasets in a full run): relative references against a base, setters, URLSearchParams, the
//! cost of listening for validation errors, bulk parsing into a reused URL, and two generated
//! sets (host-heavy, long URLs).
//!
//! Each table row is one implementation of one operation over every input, timed in
//! interleaved rounds; the ratio is taken to ada round by round (to plain parse for the
//! validation row), and the `floor` row allocates and copies each input and does nothing else.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::options::Options;
use crate::stats::median;

/// The base every relative reference is resolved against.
const BASE: &str = "https://www.example.com/docs/guide/chapter-1/index.html?lang=en#top";

/// A timed operation: its name and one pass over the inputs (the count of failures).
pub(crate) struct Entry<'a> {
    pub name: &'static str,
    pub pass: Box<dyn Fn() -> usize + 'a>,
}

/// Times `entries` in interleaved rounds and prints the table; ratios to the entry named
/// `reference` (ada, or plain parse).
pub(crate) fn table(
    title: &str,
    count: usize,
    entries: &[Entry<'_>],
    reference: &str,
    opts: &Options,
) {
    for e in entries {
        black_box((e.pass)());
    }
    let t = Instant::now();
    black_box((entries[0].pass)());
    let one = t.elapsed().max(Duration::from_micros(1));
    let passes = (Duration::from_millis(20).as_nanos() / one.as_nanos()).max(1) as usize;
    let mut per_op: Vec<Vec<f64>> = vec![Vec::new(); entries.len()];
    let start = Instant::now();
    let mut rounds = 0;
    while rounds < opts.min_rounds || (start.elapsed() < opts.budget && rounds < 1000) {
        for (i, e) in entries.iter().enumerate() {
            let t = Instant::now();
            for _ in 0..passes {
                black_box((e.pass)());
            }
            per_op[i].push(t.elapsed().as_nanos() as f64 / (passes * count) as f64);
        }
        rounds += 1;
    }
    let reference = entries.iter().position(|e| e.name == reference);
    let failures: Vec<usize> = entries.iter().map(|e| (e.pass)()).collect();
    println!("\n#### {title} ({count} inputs, {rounds} rounds x {passes} passes)\n");
    println!("| implementation | median ns/op | ratio | failures |");
    println!("|---|---:|---:|---:|");
    for (i, e) in entries.iter().enumerate() {
        let ratio = match reference {
            Some(r) => {
                let mut ratios: Vec<f64> = per_op[i]
                    .iter()
                    .zip(&per_op[r])
                    .map(|(a, b)| a / b)
                    .collect();
                format!("{:.2}", median(&mut ratios))
            }
            None => "n/a".to_owned(),
        };
        println!(
            "| {} | {:.1} | {ratio} | {} |",
            e.name,
            median(&mut per_op[i].clone()),
            failures[i]
        );
    }
}

/// ada on each relative reference of `rel` against [`BASE`] as a string (ada has no join on
/// a parsed base: both relative tables time this).
#[cfg(feature = "competitors")]
fn ada_relative(rel: &[String]) -> Entry<'_> {
    Entry {
        name: "ada-url 4",
        pass: Box::new(move || {
            rel.iter()
                .filter(|r| black_box(ada_url::Url::parse(r.as_str(), Some(BASE))).is_err())
                .count()
        }),
    }
}

fn floor<'a>(inputs: &'a [String]) -> Entry<'a> {
    Entry {
        name: "floor (allocate + copy)",
        pass: Box::new(move || {
            inputs
                .iter()
                .map(|s| black_box(String::from(black_box(s.as_str()))).len())
                .filter(|&n| n == usize::MAX)
                .count()
        }),
    }
}

/// A relative reference made of `url`, by `i`: path-relative, query-only, `../` and
/// scheme-relative forms in turn.
pub fn relative_reference(url: &str, i: usize) -> String {
    let after_scheme = url.split_once("://").map_or(url, |(_, rest)| rest);
    let (authority, path) = after_scheme
        .find('/')
        .map_or((after_scheme, "/"), |i| after_scheme.split_at(i));
    let last = path.rsplit('/').next().unwrap_or("");
    match i % 4 {
        0 => format!("{last}x"),
        1 => match path.split_once('?') {
            Some((_, query)) => format!("?{query}"),
            None => "?page=2".to_owned(),
        },
        2 => format!("../..{path}"),
        _ => format!("//{authority}{path}"),
    }
}

/// Absolute parsing of one set of URLs (the generated sets), with the floor.
fn parse_table(title: &str, urls: &[String], opts: &Options) {
    let mut entries = vec![Entry {
        name: "url-api (ours)",
        pass: Box::new(move || {
            urls.iter()
                .filter(|u| black_box(whatwg_url::Url::parse(u, None)).is_err())
                .count()
        }),
    }];
    #[cfg(feature = "competitors")]
    entries.extend([
        Entry {
            name: "ada-url 4",
            pass: Box::new(move || {
                urls.iter()
                    .filter(|u| black_box(ada_url::Url::parse(u.as_str(), None)).is_err())
                    .count()
            }),
        },
        Entry {
            name: "url 2.5",
            pass: Box::new(move || {
                urls.iter()
                    .filter(|u| black_box(url::Url::parse(u)).is_err())
                    .count()
            }),
        },
    ]);
    entries.push(floor(urls));
    table(title, urls.len(), &entries, "ada-url 4", opts);
}

/// The host-heavy set: IDNA, IPv4 in every form the parser reads, IPv6.
pub fn host_heavy() -> Vec<String> {
    let hosts = [
        "bücher.example",
        "例え.テスト",
        "xn--nxasmq6b.example",
        "straße.de",
        "ÖBB.at",
        "127.0.0.1",
        "0x7f.1",
        "2130706433",
        "0177.0.0.1",
        "192.168.0.257",
        "1.2.3",
        "[::1]",
        "[2001:db8::1]",
        "[::ffff:192.0.2.1]",
        "[2001:DB8:0:0:8:800:200C:417A]",
        "EXAMPLE.COM",
        "a.b.c.d.e.example",
        "xn--bcher-kva.example",
        "münchen.例え.jp",
        "%65xample.com",
    ];
    (0..10_000)
        .map(|i| format!("https://{}/p/{i}?q={}", hosts[i % hosts.len()], i % 7))
        .collect()
}

/// The long-URL set: 1–8 KB paths and queries.
pub fn long_urls() -> Vec<String> {
    (0..1_000)
        .map(|i| {
            let n = 1024 * (1 + i % 8);
            let mut url = String::from("https://example.com");
            while url.len() < n / 2 {
                url.push_str("/segment-");
                url.push_str(&(i % 97).to_string());
            }
            url.push('?');
            while url.len() < n {
                url.push_str("key=value%20with%20space&");
            }
            url
        })
        .collect()
}

/// Runs every workload on `urls` (a dataset).
pub fn run_dataset(urls: &[String], opts: &Options) {
    let parsed: Vec<whatwg_url::Url> = urls
        .iter()
        .filter_map(|u| whatwg_url::Url::parse(u, None).ok())
        .collect();
    let relatives: Vec<String> = urls
        .iter()
        .enumerate()
        .map(|(i, u)| relative_reference(u, i))
        .collect();
    let queries: Vec<String> = parsed
        .iter()
        .map(|u| u.query().unwrap_or("").to_owned())
        .collect();
    let base = whatwg_url::Url::parse(BASE, None).expect("the base parses");
    let hrefs: Vec<String> = parsed.iter().map(|u| u.href().to_owned()).collect();

    // Relative references, the base as a string.
    let rel = &relatives;
    let mut entries = vec![Entry {
        name: "url-api (ours): Url::parse(input, Some(base))",
        pass: Box::new(move || {
            rel.iter()
                .filter(|r| black_box(whatwg_url::Url::parse(r, Some(BASE))).is_err())
                .count()
        }),
    }];
    #[cfg(feature = "competitors")]
    entries.extend([
        ada_relative(rel),
        Entry {
            name: "url 2.5: Url::parse(base)?.join(input)",
            pass: Box::new(move || {
                rel.iter()
                    .filter(|r| {
                        url::Url::parse(BASE)
                            .and_then(|b| black_box(b.join(r)))
                            .is_err()
                    })
                    .count()
            }),
        },
    ]);
    entries.push(floor(rel));
    table(
        "relative reference, base as a string",
        rel.len(),
        &entries,
        "ada-url 4",
        opts,
    );

    // Relative references through a parsed base.
    let b = &base;
    let mut entries = vec![Entry {
        name: "url-api (ours): base.join(input)",
        pass: Box::new(move || rel.iter().filter(|r| black_box(b.join(r)).is_err()).count()),
    }];
    #[cfg(feature = "competitors")]
    {
        let rust_base = url::Url::parse(BASE).expect("the base parses");
        entries.extend([
            ada_relative(rel),
            Entry {
                name: "url 2.5: base.join(input)",
                pass: Box::new(move || {
                    rel.iter()
                        .filter(|r| black_box(rust_base.join(r)).is_err())
                        .count()
                }),
            },
        ]);
    }
    entries.push(floor(rel));
    table(
        "relative reference, parsed base",
        rel.len(),
        &entries,
        "ada-url 4",
        opts,
    );

    // Setters: clone, set pathname, search, hash, hostname, read href.
    let p = &parsed;
    let mut entries = vec![Entry {
        name: "url-api (ours)",
        pass: Box::new(move || {
            p.iter()
                .map(|u| {
                    let mut u = u.clone();
                    u.set_pathname("/a/b c");
                    u.set_search("?q=1&r=2");
                    u.set_hash("#frag");
                    u.set_hostname("example.org");
                    black_box(u.href().len())
                })
                .filter(|&n| n == 0)
                .count()
        }),
    }];
    #[cfg(feature = "competitors")]
    {
        let ada: Vec<ada_url::Url> = urls
            .iter()
            .filter_map(|u| ada_url::Url::parse(u.as_str(), None).ok())
            .collect();
        let rust: Vec<url::Url> = urls
            .iter()
            .filter_map(|u| url::Url::parse(u).ok())
            .collect();
        entries.extend([
            Entry {
                name: "ada-url 4",
                pass: Box::new(move || {
                    ada.iter()
                        .map(|u| {
                            let mut u = u.clone();
                            let _ = u.set_pathname(Some("/a/b c"));
                            u.set_search(Some("?q=1&r=2"));
                            u.set_hash(Some("#frag"));
                            let _ = u.set_hostname(Some("example.org"));
                            black_box(u.href().len())
                        })
                        .filter(|&n| n == 0)
                        .count()
                }),
            },
            Entry {
                name: "url 2.5",
                pass: Box::new(move || {
                    rust.iter()
                        .map(|u| {
                            let mut u = u.clone();
                            u.set_path("/a/b c");
                            u.set_query(Some("q=1&r=2"));
                            u.set_fragment(Some("frag"));
                            let _ = u.set_host(Some("example.org"));
                            black_box(u.as_str().len())
                        })
                        .filter(|&n| n == 0)
                        .count()
                }),
            },
        ]);
    }
    entries.push(floor(&hrefs));
    table(
        "setters: clone, set pathname, search, hash, hostname, read href",
        parsed.len(),
        &entries,
        "ada-url 4",
        opts,
    );

    // URLSearchParams: parse a query, append, sort, serialize.
    let q = &queries;
    let mut entries = vec![Entry {
        name: "url-api (ours)",
        pass: Box::new(move || {
            q.iter()
                .map(|q| {
                    let mut params = whatwg_url::UrlSearchParams::parse(q);
                    params.append("added", "a b");
                    params.sort();
                    black_box(params.to_string().len())
                })
                .filter(|&n| n == 0)
                .count()
        }),
    }];
    #[cfg(feature = "competitors")]
    entries.extend([
        Entry {
            name: "ada-url 4",
            pass: Box::new(move || {
                q.iter()
                    .map(|q| match ada_url::UrlSearchParams::parse(q.as_str()) {
                        Ok(mut params) => {
                            params.append("added", "a b");
                            params.sort();
                            black_box(params.to_string().len())
                        }
                        Err(_) => 0,
                    })
                    .filter(|&n| n == 0)
                    .count()
            }),
        },
        Entry {
            name: "url 2.5 (form_urlencoded + sort)",
            pass: Box::new(move || {
                q.iter()
                    .map(|q| {
                        let mut pairs: Vec<(String, String)> =
                            url::form_urlencoded::parse(q.as_bytes())
                                .into_owned()
                                .collect();
                        pairs.push(("added".to_owned(), "a b".to_owned()));
                        pairs.sort_by(|a, b| a.0.cmp(&b.0));
                        let s = url::form_urlencoded::Serializer::new(String::new())
                            .extend_pairs(&pairs)
                            .finish();
                        black_box(s.len())
                    })
                    .filter(|&n| n == 0)
                    .count()
            }),
        },
    ]);
    entries.push(floor(q));
    table(
        "URLSearchParams: parse a query, append, sort, serialize",
        q.len(),
        &entries,
        "ada-url 4",
        opts,
    );

    bulk_table(urls, opts);

    // The cost of listening for validation errors.
    let entries = vec![
        Entry {
            name: "url-api (ours): parse",
            pass: Box::new(move || {
                urls.iter()
                    .filter(|u| black_box(whatwg_url::Url::parse(u, None)).is_err())
                    .count()
            }),
        },
        Entry {
            name: "url-api (ours): parse_with_validation",
            pass: Box::new(move || {
                urls.iter()
                    .filter(|u| {
                        black_box(whatwg_url::Url::parse_with_validation(u, None))
                            .0
                            .is_err()
                    })
                    .count()
            }),
        },
        floor(urls),
    ];
    table(
        "parse_with_validation against parse",
        urls.len(),
        &entries,
        "url-api (ours): parse",
        opts,
    );
}

/// Bulk parsing: each URL parsed and its hostname read, nothing kept. Ours into one `Url`
/// reused for the whole pass (`Url::parse_into`, as a batch or a thread keeps one), against
/// our own and ada's parse of a new URL each.
fn bulk_table(urls: &[String], opts: &Options) {
    let mut entries = vec![
        Entry {
            name: "url-api (ours): parse_into a reused Url",
            pass: Box::new(move || {
                let mut url = whatwg_url::Url::default();
                urls.iter()
                    .filter(|u| {
                        url.parse_into(u, None).is_err() || black_box(url.hostname()).is_empty()
                    })
                    .count()
            }),
        },
        Entry {
            name: "url-api (ours): Url::parse",
            pass: Box::new(move || {
                urls.iter()
                    .filter(|u| {
                        whatwg_url::Url::parse(u, None)
                            .map_or(true, |url| black_box(url.hostname()).is_empty())
                    })
                    .count()
            }),
        },
    ];
    #[cfg(feature = "competitors")]
    entries.push(Entry {
        name: "ada-url 4",
        pass: Box::new(move || {
            urls.iter()
                .filter(|u| {
                    ada_url::Url::parse(u.as_str(), None)
                        .map_or(true, |url| black_box(url.hostname()).is_empty())
                })
                .count()
        }),
    });
    entries.push(floor(urls));
    table(
        "bulk: parse and read the hostname",
        urls.len(),
        &entries,
        "ada-url 4",
        opts,
    );
}

/// The generated sets (after the datasets).
pub fn run_generated(opts: &Options) {
    println!("\n### generated: host-heavy (IDNA, IPv4 forms, IPv6; 10,000 URLs)");
    parse_table("parse", &host_heavy(), opts);
    println!("\n### generated: long URLs (1-8 KB; 1,000 URLs)");
    parse_table("parse", &long_urls(), opts);
    println!(
        "\n### generated: hostile shapes (one URL each, of about 1 MB but the IDNA hosts of 100 KB and idna-16k)"
    );
    for (name, url) in crate::hostile::shapes() {
        parse_table(&format!("parse, hostile: {name}"), &[url], opts);
    }
}
