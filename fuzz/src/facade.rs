//! Target `facade` (feature `facade`): the `url` facade (`url-compat/`, rust-url's API on
//! whatwg-url) driven by a sequence of API calls, against whatwg-url and against rust-url.
//!
//! The input is an [`arbitrary`] [`Script`]: a URL (with an optional base) and the calls of
//! rust-url's API to make on it. Checked:
//! - the facade parses exactly as whatwg-url does (same success, same href);
//! - a parse where rust-url answers otherwise is one of `fuzz/DIVERGENCES.md`'s classes (the
//!   differential target's [`crate::differential::classify`]);
//! - after every call the facade's record is consistent (`Url::check_invariants`: the
//!   serialization parses to itself with the same component boundaries), and its
//!   `Position` slices are the standard's components;
//! - a call after which rust-url's URL differs from the facade's is class F1 of
//!   DIVERGENCES.md: the facade's result is exactly the standard's setter on whatwg-url (the
//!   model below), so rust-url departs from the standard.

use arbitrary::{Arbitrary, Unstructured};
use url_facade::Position;

/// A URL and the calls to make on it.
#[derive(Arbitrary, Debug)]
pub struct Script {
    input: String,
    base: Option<String>,
    calls: Vec<Call>,
}

/// One call of rust-url's API.
#[derive(Arbitrary, Debug, Clone)]
pub enum Call {
    /// `Url::set_fragment`.
    SetFragment(Option<String>),
    /// `Url::set_query`.
    SetQuery(Option<String>),
    /// `Url::set_path`.
    SetPath(String),
    /// `Url::set_port`.
    SetPort(Option<u16>),
    /// `Url::set_username`.
    SetUsername(String),
    /// `Url::set_password`.
    SetPassword(Option<String>),
    /// `Url::set_scheme`.
    SetScheme(String),
    /// `Url::set_host`.
    SetHost(Option<String>),
    /// `query_pairs_mut().append_pair`.
    AppendPair(String, String),
    /// `path_segments_mut().push`.
    PushSegment(String),
    /// `path_segments_mut().pop`.
    PopSegment,
    /// `Url::join` (the result replaces the URL).
    Join(String),
}

/// Checks one script (see the module docs).
pub fn check(data: &[u8]) {
    let Ok(script) = Script::arbitrary_take_rest(Unstructured::new(data)) else {
        return;
    };
    let base = script.base.as_deref();
    let standard = whatwg_url::Url::parse(&script.input, base);
    let facade = match base {
        Some(b) => url_facade::Url::parse(b).and_then(|b| b.join(&script.input)),
        None => url_facade::Url::parse(&script.input),
    };
    match (&standard, &facade) {
        (Ok(s), Ok(f)) => assert_eq!(s.href(), f.as_str(), "{script:?}"),
        (Err(_), Err(_)) => {}
        _ => panic!("facade and whatwg-url disagree on success: {script:?}"),
    }
    for d in crate::differential::compare(&script.input, base) {
        if d.other == crate::differential::Other::RustUrl {
            assert!(
                crate::differential::classify(&d).is_some(),
                "unexplained rust-url divergence: {d}"
            );
        }
    }
    let (Ok(mut url), Ok(mut theirs)) = (
        facade,
        url::Url::parse(standard.as_ref().map(|u| u.href()).unwrap_or_default()),
    ) else {
        return;
    };
    for call in script.calls.iter().take(16) {
        let mut model = url.as_whatwg().clone();
        let modelled = apply_model(&mut model, call);
        apply(&mut url, call);
        consistent(&url, call);
        // rust-url panics on some calls (F2 of fuzz/DIVERGENCES.md; with debug assertions on
        // more): taken as a divergence here. libfuzzer-sys's panic hook aborts the process, so
        // it is set aside around the call.
        let hook = std::panic::take_hook();
        std::panic::set_hook(Box::new(|_| {}));
        let survived = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
            apply_rust_url(&mut theirs, call);
        }))
        .is_ok();
        std::panic::set_hook(hook);
        if !survived || theirs.as_str() != url.as_str() {
            // F1: the facade gives the standard's setter result; rust-url does not.
            if modelled && survived {
                assert_eq!(
                    model.href(),
                    url.as_str(),
                    "facade differs from the standard's setter after {call:?}"
                );
            }
            // Go on from the same URL on both sides.
            match url::Url::parse(url.as_str()) {
                Ok(u) => theirs = u,
                Err(_) => return,
            }
        }
    }
}

/// Makes `call` on a URL of rust-url's API: the facade's or rust-url's own (the same method
/// names and signatures, so one body for both).
macro_rules! apply {
    ($url:expr, $call:expr) => {
        match $call {
            Call::SetFragment(f) => $url.set_fragment(f.as_deref()),
            Call::SetQuery(q) => $url.set_query(q.as_deref()),
            Call::SetPath(p) => $url.set_path(p),
            Call::SetPort(p) => drop($url.set_port(*p)),
            Call::SetUsername(u) => drop($url.set_username(u)),
            Call::SetPassword(p) => drop($url.set_password(p.as_deref())),
            Call::SetScheme(s) => drop($url.set_scheme(s)),
            Call::SetHost(h) => drop($url.set_host(h.as_deref())),
            Call::AppendPair(k, v) => drop($url.query_pairs_mut().append_pair(k, v)),
            Call::PushSegment(s) => {
                if let Ok(mut segments) = $url.path_segments_mut() {
                    segments.push(s);
                }
            }
            Call::PopSegment => {
                if let Ok(mut segments) = $url.path_segments_mut() {
                    segments.pop();
                }
            }
            Call::Join(input) => {
                if let Ok(joined) = $url.join(input) {
                    *$url = joined;
                }
            }
        }
    };
}

fn apply(url: &mut url_facade::Url, call: &Call) {
    apply!(url, call)
}

fn apply_rust_url(url: &mut url::Url, call: &Call) {
    apply!(url, call)
}

/// The standard's setter for `call` on whatwg-url (spec 6.1), where the standard has one:
/// `true` when the call was modelled.
fn apply_model(url: &mut whatwg_url::Url, call: &Call) -> bool {
    match call {
        Call::SetFragment(None) => url.set_hash(""),
        Call::SetFragment(Some(f)) => url.set_hash(&format!("#{f}")),
        Call::SetQuery(None) => url.set_search(""),
        Call::SetQuery(Some(q)) => url.set_search(&format!("?{q}")),
        Call::SetPath(p) if !url.has_opaque_path() => url.set_pathname(p),
        Call::SetUsername(u) => url.set_username(u),
        Call::SetPassword(p) => url.set_password(p.as_deref().unwrap_or_default()),
        Call::SetPort(p) => url.set_port(&p.map(|p| p.to_string()).unwrap_or_default()),
        _ => return false,
    }
    true
}

/// The facade's record after a call: the serialization parses to itself with the same
/// boundaries, and each `Position` range is the standard's component.
fn consistent(url: &url_facade::Url, call: &Call) {
    if let Err(e) = url.check_invariants() {
        panic!("after {call:?}: {e}");
    }
    let w = url.as_whatwg();
    assert_eq!(&url[..Position::AfterScheme], w.scheme(), "after {call:?}");
    assert_eq!(
        &url[Position::BeforePath..Position::AfterPath],
        w.pathname(),
        "after {call:?}"
    );
    assert_eq!(
        &url[Position::BeforeHost..Position::AfterHost],
        w.hostname(),
        "after {call:?}"
    );
    assert_eq!(
        &url[Position::BeforeUsername..Position::AfterUsername],
        w.username(),
        "after {call:?}"
    );
    assert_eq!(
        &url[Position::BeforePassword..Position::AfterPassword],
        w.password(),
        "after {call:?}"
    );
    assert_eq!(
        &url[Position::BeforePort..Position::AfterPort],
        w.port(),
        "after {call:?}"
    );
    assert_eq!(url.query(), w.query(), "after {call:?}");
    assert_eq!(url.fragment(), w.fragment(), "after {call:?}");
    if let Some(q) = w.query() {
        assert_eq!(
            &url[Position::BeforeQuery..Position::AfterQuery],
            q,
            "after {call:?}"
        );
    }
    if let Some(f) = w.fragment() {
        assert_eq!(&url[Position::BeforeFragment..], f, "after {call:?}");
    }
}
