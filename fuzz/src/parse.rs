//! Target `parse`: the URL parser on arbitrary input, with and without a base.
//!
//! Input: `input` or `input 0xFF base` (see [`crate::input`]). Properties:
//! - nothing panics;
//! - `Url::can_parse(x, base) == Url::parse(x, base).is_ok()`;
//! - `Url::parse_with_encoding` with UTF-8 taken through the encoding override's general steps
//!   gives what `Url::parse` gives;
//! - the fast path (no validation-error sink) and the general path (every validation error
//!   collected) give the same URL or the same failure, and a failure is the last error
//!   reported; every reported offset lies within the input; with a sink, the quiet fast path
//!   gives the record and the errors of the state machine alone;
//! - `Url::parse_into` over a reused `Url` (holding the previous inputs' results, or the base)
//!   gives the record `Url::parse` gives, or the same failure and `about:blank`;
//! - the record's invariants hold (`url_core::UrlRecord::check_invariants`);
//! - idempotence: the href parses to the same href, the same components and an equal record;
//! - with a base: `base.join(x)` equals `Url::parse(x, Some(base))`, and
//!   `base.join(base.make_relative(url))` gives the URL back;
//! - the file-path properties of [`crate::file_paths`]: a `file:` URL's POSIX and Windows
//!   paths come back as themselves, the URL's path written as a path converts as the URL does,
//!   and the input read as a path stays under its root and comes back.

use url_core::{ReportedError, Utf8};
use whatwg_url::{Component, Encoded, Encoder, Url};

use crate::input;

/// Every getter of the `URL` interface (spec 6.1) and the record's typed accessors, owned, so
/// two URLs can be compared component by component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Components {
    /// The getters, in [`Component::ALL`]'s order.
    pub getters: Vec<(Component, String)>,
    /// The query, `None` when null.
    pub query: Option<String>,
    /// The fragment, `None` when null.
    pub fragment: Option<String>,
    /// The host's kind, `None` when null.
    pub host_kind: Option<whatwg_url::HostKind>,
    /// The port number, `None` when null.
    pub port_number: Option<u16>,
    /// Whether the path is opaque.
    pub opaque_path: bool,
}

impl Components {
    /// The components of `url`.
    pub fn of(url: &Url) -> Components {
        Components {
            getters: Component::ALL
                .into_iter()
                .map(|c| (c, url.component(c).into_owned()))
                .collect(),
            query: url.query().map(Into::into),
            fragment: url.fragment().map(Into::into),
            host_kind: url.host_kind(),
            port_number: url.port_number(),
            opaque_path: url.has_opaque_path(),
        }
    }
}

/// The components by name agree with the rest of the API: each getter lies at its
/// `component_range` in the href, is what `write_component` writes, and the origin is the
/// origin record's serialization.
fn check_components(url: &Url) {
    let href = url.href();
    for component in Component::ALL {
        let value = url.component(component);
        let mut written = String::new();
        url.write_component(component, &mut written)
            .expect("a String takes every write");
        assert_eq!(written, value, "write_component({component}) of {href:?}");
        match url.component_range(component) {
            Some(range) => assert_eq!(href.get(range), Some(&*value), "{component} of {href:?}"),
            None => assert!(
                value.is_empty() || component == Component::Origin,
                "no range for {component} {value:?} in {href:?}"
            ),
        }
    }
    assert_eq!(
        url.component(Component::Origin),
        url.origin_record().ascii_serialization(),
        "origin of {href:?}"
    );
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let (input, base) = input::input_and_base(data);
    check_one(&input, None);
    if let Some(base) = base {
        check_one(&input, Some(&base));
    }
}

/// UTF-8 that does not say so ([`Encoder::is_utf8`] is `false`): `Url::parse_with_encoding`
/// takes the encoding override's general steps with it (for a query that is not ASCII), and
/// must give what `Url::parse` gives.
struct Utf8ByTheGeneralSteps;

impl Encoder for Utf8ByTheGeneralSteps {
    fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
        emit(Encoded::Bytes(input.as_bytes()));
    }
}

/// The properties for `input` parsed against `base`.
pub fn check_one(input: &str, base: Option<&str>) {
    let parsed = Url::parse(input, base);
    assert_eq!(
        Url::can_parse(input, base),
        parsed.is_ok(),
        "can_parse disagrees with parse for {input:?} (base {base:?})"
    );
    fast_path_agrees(input, base);
    parse_into_agrees(input, base);
    // UTF-8 through the encoding override's general steps (an encoder that does not say it is
    // UTF-8): the URL `Url::parse` gives, or the same failure.
    assert_eq!(
        Url::parse_with_encoding(input, base, &Utf8ByTheGeneralSteps),
        parsed,
        "parse_with_encoding (UTF-8, general steps) disagrees with parse for {input:?} (base {base:?})"
    );
    let Ok(url) = parsed else {
        crate::file_paths::check(input, None);
        return;
    };
    check_url(&url);
    if let Some(base) = base.and_then(|b| Url::parse(b, None).ok()) {
        let joined = base.join(input);
        assert_eq!(
            joined.as_ref().ok(),
            Some(&url),
            "join disagrees with parse for {input:?} against {base:?}"
        );
        // make_relative: every reference it gives joins back to the URL.
        if let Some(relative) = base.make_relative(&url) {
            assert_eq!(
                base.join(&relative).as_ref().ok(),
                Some(&url),
                "make_relative gave {relative:?} from {base:?} to {url:?}"
            );
        }
    }
    crate::file_paths::check(input, Some(&url));
}

/// What a parse would change in a `file:` URL that the `protocol` setter made: switching a
/// special URL to `file` keeps its host and path as they are (4.4 scheme state, step 2.1 with
/// a state override), and two steps apply only when a `file:` URL is parsed. So
/// `http://localhost/c|` with `protocol = "file"` is `file://localhost/c|`, whose href parses
/// to `file:///c:`.
#[derive(Clone, Copy, Debug)]
pub struct FileQuirks {
    /// The host is `localhost`, which the file host state makes the empty host.
    pub localhost: bool,
    /// The first path segment is a Windows drive letter with `|`, which the path state
    /// writes `c:` (the Windows drive letter quirk).
    pub bar: bool,
}

/// The [`FileQuirks`] of `url`, or `None` for a URL whose href parses back to it.
pub fn file_quirks(url: &Url) -> Option<FileQuirks> {
    if url.protocol() != "file:" || url.has_opaque_path() || url.host_kind().is_none() {
        return None;
    }
    let first = url.pathname().split('/').nth(1).unwrap_or_default();
    let quirks = FileQuirks {
        localhost: url.host_kind() == Some(whatwg_url::HostKind::Domain)
            && url.hostname() == "localhost",
        bar: matches!(first.as_bytes(), [letter, b'|'] if letter.is_ascii_alphabetic()),
    };
    (quirks.localhost || quirks.bar).then_some(quirks)
}

/// The href of the `file:` URL `url` with the changes that `apply` holds made: the host
/// `localhost` empty, a first segment `c|` written `c:` (a part of [`file_quirks`]`(url)`).
pub fn file_href(url: &Url, apply: FileQuirks) -> String {
    let mut href = String::from("file://");
    // A `file:` URL has no credentials and no port: its href is these parts.
    if !apply.localhost {
        href.push_str(url.host());
    }
    let path = url.pathname();
    match path.get(3..) {
        Some(rest) if apply.bar => {
            href.push_str(path.get(..2).unwrap_or_default());
            href.push(':');
            href.push_str(rest);
        }
        _ => href.push_str(path),
    }
    for (mark, part) in [('?', url.query()), ('#', url.fragment())] {
        if let Some(part) = part {
            href.push(mark);
            href.push_str(part);
        }
    }
    href
}

/// The href that a parse of `url`'s href gives, where the standard makes it differ from
/// `url`'s own ([`FileQuirks`]).
pub fn href_reparsed_by_the_standard(url: &Url) -> Option<String> {
    file_quirks(url).map(|quirks| file_href(url, quirks))
}

/// The invariants of a parsed URL: the record's own checker, and idempotence of parse ∘ href
/// (but for [`href_reparsed_by_the_standard`], where the href must parse to that URL, which
/// is then checked).
pub fn check_url(url: &Url) {
    if let Err(e) = url.as_core().check_invariants() {
        panic!("record invariant broken: {e}");
    }
    check_components(url);
    let href = url.href();
    let reparsed = match Url::parse(href, None) {
        Ok(u) => u,
        Err(e) => panic!("href {href:?} does not parse again: {e}"),
    };
    if let Some(expected) = href_reparsed_by_the_standard(url) {
        assert_eq!(reparsed.href(), expected, "parse(href) of {href:?}");
        assert!(
            href_reparsed_by_the_standard(&reparsed).is_none(),
            "{expected:?} parses to a URL whose href does not parse to it"
        );
        return check_url(&reparsed);
    }
    assert_eq!(
        Components::of(&reparsed),
        Components::of(url),
        "parse(href) differs for {href:?}"
    );
    assert!(
        reparsed.as_core().equals(url.as_core(), false),
        "parse(href) is not equal to the URL for {href:?}"
    );
    if let Err(e) = reparsed.as_core().check_invariants() {
        panic!("record invariant broken after re-parse: {e}");
    }
    // The serialization without fragment is the href up to the fragment.
    let without = url.as_core().as_str_without_fragment();
    assert!(
        href.starts_with(without)
            && url
                .fragment()
                .is_none_or(|f| href.len() == without.len() + 1 + f.len()),
        "serialization without fragment {without:?} of {href:?}"
    );
}

/// The fast path (no sink) against the general path (every validation error collected).
fn fast_path_agrees(input: &str, base: Option<&str>) {
    let base = match base
        .map(|b| url_core::UrlRecord::parse(b, None))
        .transpose()
    {
        Ok(base) => base,
        Err(_) => return,
    };
    let fast = url_core::UrlRecord::parse(input, base.as_ref());
    // The fast path for already-normal URLs against the general path alone: the whole record,
    // not only the serialization (a wrong boundary would give the same href).
    let slow = url_core::UrlRecord::parse_without_fast_path(input, base.as_ref());
    assert_eq!(
        fast.as_ref().map(record),
        slow.as_ref().map(record),
        "the fast path disagrees with the general path for {input:?}"
    );
    let mut errors: Vec<ReportedError> = Vec::new();
    let general = url_core::UrlRecord::parse_with(input, base.as_ref(), &Utf8, &mut errors);
    assert_eq!(
        fast, general,
        "the parser with a validation-error sink disagrees for {input:?}"
    );
    // The quiet fast path (a listener, a normal URL with nothing to report) against the state
    // machine alone: the same record and the same errors.
    let mut general_errors: Vec<ReportedError> = Vec::new();
    let state_machine = url_core::UrlRecord::parse_with_without_fast_path(
        input,
        base.as_ref(),
        &mut general_errors,
    );
    assert_eq!(
        general.as_ref().map(record),
        state_machine.as_ref().map(record),
        "the quiet fast path disagrees with the general path for {input:?}"
    );
    assert_eq!(
        errors, general_errors,
        "the quiet fast path reports other errors than the general path for {input:?}"
    );
    for e in &errors {
        assert!(
            e.offset <= input.len(),
            "validation error {e:?} past the end of {input:?}"
        );
    }
    if let Err(url_core::ParseError::Invalid(failure)) = general {
        assert_eq!(
            errors.last(),
            Some(&failure),
            "the failure of {input:?} is not the last reported error"
        );
        assert!(
            failure.is_failure(),
            "{input:?} failed with {failure:?}, not a failure in the spec's table"
        );
    }
}

std::thread_local! {
    /// The URL `parse_into` writes to, kept from one input to the next: its previous content
    /// (and buffer) is whatever the earlier inputs left.
    static REUSED: core::cell::RefCell<url_core::UrlRecord> =
        core::cell::RefCell::new(url_core::UrlRecord::default());
}

/// `parse_into` over a reused record, and over a copy of the base, against `parse`: the whole
/// record, or the same failure with `about:blank` left.
fn parse_into_agrees(input: &str, base: Option<&str>) {
    let base = match base
        .map(|b| url_core::UrlRecord::parse(b, None))
        .transpose()
    {
        Ok(base) => base,
        Err(_) => return,
    };
    let want = url_core::UrlRecord::parse(input, base.as_ref());
    let blank = url_core::UrlRecord::default();
    let check = |url: &mut url_core::UrlRecord, previous: &str| {
        let got = url.parse_into(input, base.as_ref());
        match &want {
            Ok(want) => {
                assert_eq!(
                    got,
                    Ok(()),
                    "parse_into failed on {input:?} into {previous:?}"
                );
                assert_eq!(
                    record(url),
                    record(want),
                    "parse_into disagrees with parse on {input:?} into {previous:?}"
                );
                if let Err(e) = url.check_invariants() {
                    panic!("record invariant broken by parse_into of {input:?}: {e}");
                }
            }
            Err(error) => {
                assert_eq!(got.as_ref(), Err(error), "parse_into of {input:?}");
                assert_eq!(
                    record(url),
                    record(&blank),
                    "parse_into left {:?} after failing on {input:?}",
                    url.as_str()
                );
            }
        }
    };
    REUSED.with(|reused| {
        let mut url = reused.borrow_mut();
        let previous = url.as_str().to_owned();
        check(&mut url, &previous);
    });
    if let Some(base) = &base {
        check(&mut base.clone(), base.as_str());
    }
    // And through the API, into a URL holding the input's own parse (or `about:blank`).
    let mut url = want.clone().map(Url::from).unwrap_or_default();
    let api_base = base.clone().map(Url::from);
    assert_eq!(
        url.parse_into(input, api_base.as_ref()),
        want.as_ref().map(|_| ()).map_err(|e| *e)
    );
    assert_eq!(
        url.href(),
        want.as_ref().map_or("about:blank", |w| w.as_str())
    );
}

/// Every component of a record as its getters give it, for comparing two parses field by field.
fn record(url: &url_core::UrlRecord) -> impl PartialEq + core::fmt::Debug + '_ {
    (
        (url.as_str(), url.scheme(), url.username(), url.password()),
        (url.host_kind(), url.host_str(), url.port(), url.port_str()),
        (
            url.has_opaque_path(),
            url.path(),
            url.query(),
            url.fragment(),
        ),
    )
}
