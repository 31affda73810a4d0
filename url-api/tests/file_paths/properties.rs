//! The three properties of the file-path rules (`url-api/src/file_path/rules.md`), on generated paths and URLs of both styles (on any host):
//! 1. a path that converts never names a location outside its root (`/`, the drive, the
//!    share): the URL's root is the path's, and its names are the path's normalized names;
//! 2. `to_path(from_path(p))` names the same file as `p` under the platform's own
//!    normalization ([`model`]), and `from_path` gives the URL back; `from_path(to_path(u))`
//!    is `u`'s normal form, which gives the very same path (and is `u` when `u` is in normal
//!    form, as every URL `from_path` writes is);
//! 3. one shape, written as a path and as a URL, gets the same answer or the same refusal.
//!
//! Each test prints its case counts (`cargo test -p whatwg-url --test file_paths -- --nocapture
//! properties`) and asserts minimums, so that a generator that stopped reaching a shape fails.

use test_support::rng::Rng;
use whatwg_url::{FilePathError, Url};

use super::generate::{self, Twin};
use super::model::{self, Location, Root};

/// One path style's four conversions, so that each property is written once.
struct Style {
    name: &'static str,
    from_path: fn(&[u8]) -> Result<Url, FilePathError>,
    to_path: fn(&Url) -> Result<Vec<u8>, FilePathError>,
    /// The file a path names (`None`: no file on a root).
    model: fn(&[u8]) -> Option<Location>,
    /// The root and names a URL gives this style.
    url_model: fn(&Url) -> Option<Location>,
}

fn units(path: &[u8]) -> Vec<u16> {
    // Windows paths travel through these tests as WTF-8.
    let mut out = Vec::new();
    let mut rest = path;
    while !rest.is_empty() {
        match std::str::from_utf8(rest) {
            Ok(s) => {
                out.extend(s.encode_utf16());
                break;
            }
            Err(e) => {
                let (ok, bad) = rest.split_at(e.valid_up_to());
                out.extend(std::str::from_utf8(ok).unwrap().encode_utf16());
                let u = (u16::from(bad[0] & 0x0F) << 12)
                    | (u16::from(bad[1] & 0x3F) << 6)
                    | u16::from(bad[2] & 0x3F);
                out.push(u);
                rest = &bad[3..];
            }
        }
    }
    out
}

const POSIX: Style = Style {
    name: "POSIX",
    from_path: Url::from_posix_path,
    to_path: Url::to_posix_path,
    model: model::posix,
    url_model: |url| {
        let mut names = model::decoded_names(url);
        names.retain(|n| !n.is_empty());
        Some(Location {
            root: Root::Slash,
            names,
        })
    },
};

const WINDOWS: Style = Style {
    name: "Windows",
    from_path: |p| Url::from_windows_path(&units(p)),
    to_path: |u| u.to_windows_path().map(|p| model::wtf8(&p)),
    model: |p| model::windows(&units(p)),
    url_model: model::windows_url,
};

/// Converted and refused counts of one property run.
#[derive(Default, Debug)]
struct Counts {
    converted: usize,
    refused: usize,
}

/// Properties 1 and 2 from a path.
fn check_path(style: &Style, path: &[u8], counts: &mut Counts) {
    let shown = String::from_utf8_lossy(path);
    let Ok(url) = (style.from_path)(path) else {
        counts.refused += 1;
        return;
    };
    counts.converted += 1;
    let named = (style.model)(path).unwrap_or_else(|| {
        panic!(
            "{}: {shown:?} names no file but converts to {url}",
            style.name
        )
    });
    // 1: the URL's root is the path's, and its names are the normalized names.
    assert_eq!(
        (style.url_model)(&url).as_ref(),
        Some(&named),
        "{}: {shown:?} → {url}",
        style.name
    );
    // On POSIX no first segment may be a drive letter, which the URL parser would not pop.
    let first = url.pathname().as_bytes();
    assert!(
        !matches!(first, [b'/', l, b':' | b'|', ..] if l.is_ascii_alphabetic() && matches!(first.get(3), None | Some(b'/')))
            || style.name == "Windows",
        "{shown:?} → {url}: a drive letter"
    );
    // 2: the path back names the same file, and converts to the same URL.
    let back =
        (style.to_path)(&url).unwrap_or_else(|e| panic!("{}: {url} of {shown:?}: {e}", style.name));
    assert_eq!(
        (style.model)(&back).as_ref(),
        Some(&named),
        "{}: {shown:?} → {url} → {:?}",
        style.name,
        String::from_utf8_lossy(&back)
    );
    assert_eq!(
        (style.from_path)(&back).as_ref(),
        Ok(&url),
        "{}: {shown:?}",
        style.name
    );
}

/// Property 2 from a URL.
fn check_url(style: &Style, url: &Url, counts: &mut Counts) {
    let Ok(path) = (style.to_path)(url) else {
        counts.refused += 1;
        return;
    };
    counts.converted += 1;
    let shown = String::from_utf8_lossy(&path);
    // The path is on the URL's root, with the URL's names.
    assert_eq!(
        (style.model)(&path),
        (style.url_model)(url),
        "{}: {url} → {shown:?}",
        style.name
    );
    let normal = (style.from_path)(&path)
        .unwrap_or_else(|e| panic!("{}: {url} → {shown:?}: {e}", style.name));
    assert_eq!(
        (style.to_path)(&normal).as_ref(),
        Ok(&path),
        "{}: {url} → {shown:?} → {normal}",
        style.name
    );
    let again = (style.from_path)(&(style.to_path)(&normal).unwrap()).unwrap();
    assert_eq!(
        again, normal,
        "{}: {normal} is not a fixed point",
        style.name
    );
}

/// Property 3 on one twin.
fn check_twin(style: &Style, twin: &Twin, counts: &mut Counts) {
    let url = Url::parse(&twin.url, None).unwrap_or_else(|e| panic!("{}: {e}", twin.url));
    let from_path = (style.from_path)(&twin.path).map(|u| (style.to_path)(&u).unwrap());
    let from_url = (style.to_path)(&url);
    let shown = String::from_utf8_lossy(&twin.path);
    assert_eq!(
        from_path, from_url,
        "{}: path {shown:?} and URL {}",
        style.name, twin.url
    );
    match from_path {
        Ok(_) => counts.converted += 1,
        Err(_) => counts.refused += 1,
    }
}

fn report(what: &str, counts: &Counts, min_converted: usize, min_refused: usize) {
    println!(
        "properties: {what}: {} cases, {} converted, {} refused",
        counts.converted + counts.refused,
        counts.converted,
        counts.refused
    );
    assert!(
        counts.converted >= min_converted && counts.refused >= min_refused,
        "{what}: {counts:?}"
    );
}

const PATHS: usize = 20_000;
const URLS: usize = 20_000;
const TWINS: usize = 10_000;

#[test]
fn properties_posix_paths() {
    let mut rng = Rng::new(0x5EED_F11E);
    let mut counts = Counts::default();
    for _ in 0..PATHS {
        check_path(&POSIX, &generate::posix_path(&mut rng), &mut counts);
    }
    report("POSIX paths", &counts, PATHS, 0);
}

#[test]
fn properties_windows_paths() {
    let mut rng = Rng::new(0x5EED_0057);
    let mut counts = Counts::default();
    for _ in 0..PATHS {
        let path = model::wtf8(&generate::windows_path(&mut rng));
        check_path(&WINDOWS, &path, &mut counts);
    }
    report("Windows paths", &counts, PATHS / 4, PATHS / 4);
}

#[test]
fn properties_urls() {
    let mut rng = Rng::new(0x5EED_0F11);
    for style in [&POSIX, &WINDOWS] {
        let mut counts = Counts::default();
        for _ in 0..URLS {
            if let Ok(url) = Url::parse(&generate::file_url(&mut rng), None) {
                check_url(style, &url, &mut counts);
            }
        }
        report(&format!("{} URLs", style.name), &counts, URLS / 5, URLS / 5);
    }
}

#[test]
fn properties_same_rule_both_ways() {
    let mut rng = Rng::new(0x5EED_7817);
    for (style, windows) in [(&POSIX, false), (&WINDOWS, true)] {
        let mut counts = Counts::default();
        for _ in 0..TWINS {
            check_twin(style, &generate::twin(&mut rng, windows), &mut counts);
        }
        let min_refused = if windows { TWINS / 10 } else { 0 };
        report(
            &format!("{} twins", style.name),
            &counts,
            TWINS / 3,
            min_refused,
        );
    }
}
