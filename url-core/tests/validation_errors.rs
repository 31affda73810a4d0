//! Every URL-level validation error of the spec's table (1.1): an input that produces it,
//! at which byte offset of the input as given, and a close input that does not.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

use url_core::{ParseError, ReportedError, UrlRecord, Utf8, ValidationError as V};

fn errors(input: &str, base: Option<&str>) -> (Result<UrlRecord, ParseError>, Vec<ReportedError>) {
    let base = base.map(|b| UrlRecord::parse(b, None).expect("base parses"));
    let mut errors = Vec::new();
    let result = UrlRecord::parse_with(input, base.as_ref(), &Utf8, &mut errors);
    (result, errors)
}

/// (error, input, base, offset, close input that does not produce it)
const CASES: &[(V, &str, Option<&str>, usize, &str)] = &[
    // Basic URL parser step 1: leading or trailing C0 control or space.
    (V::InvalidUrlUnit, " https://a/", None, 0, "https://a/"),
    (
        V::InvalidUrlUnit,
        "https://a/\u{1}",
        None,
        10,
        "https://a/%01",
    ),
    // Step 2: a tab or newline anywhere (the first one).
    (
        V::InvalidUrlUnit,
        "https://a/b\nc",
        None,
        11,
        "https://a/bc",
    ),
    // Path, query, fragment and opaque path states: not a URL code point, or a bad "%".
    (
        V::InvalidUrlUnit,
        "https://a/b c",
        None,
        11,
        "https://a/b%20c",
    ),
    (
        V::InvalidUrlUnit,
        "https://a/%zz",
        None,
        10,
        "https://a/%20z",
    ),
    (
        V::InvalidUrlUnit,
        "https://a/?q\"",
        None,
        12,
        "https://a/?q%22",
    ),
    (
        V::InvalidUrlUnit,
        "https://a/#f`",
        None,
        12,
        "https://a/#f%60",
    ),
    (
        V::InvalidUrlUnit,
        "https://a/#é%4",
        None,
        13,
        "https://a/#é%41",
    ),
    (V::InvalidUrlUnit, "mailto:a b", None, 8, "mailto:a%20b"),
    (V::InvalidUrlUnit, "mailto:a\u{7f}", None, 8, "mailto:a~"),
    // Scheme state (file), special relative or authority, special authority slashes and
    // ignore slashes states.
    (
        V::SpecialSchemeMissingFollowingSolidus,
        "file:a",
        None,
        5,
        "file://a",
    ),
    (
        V::SpecialSchemeMissingFollowingSolidus,
        "https:a",
        Some("https://b/"),
        6,
        "https://a",
    ),
    (
        V::SpecialSchemeMissingFollowingSolidus,
        "https:/a",
        None,
        6,
        "https://a",
    ),
    (
        V::SpecialSchemeMissingFollowingSolidus,
        "https:///a",
        None,
        8,
        "https://a",
    ),
    // No scheme state.
    (V::MissingSchemeNonRelativeUrl, "a", None, 0, "a:"),
    (
        V::MissingSchemeNonRelativeUrl,
        "a",
        Some("sc:opaque"),
        0,
        "#a",
    ),
    // Relative, relative slash, file, file slash, path start and path states.
    (V::InvalidReverseSolidus, "\\a", Some("https://b/"), 0, "/a"),
    (
        V::InvalidReverseSolidus,
        "/\\a",
        Some("https://b/"),
        1,
        "//a",
    ),
    (
        V::InvalidReverseSolidus,
        "https://a\\b",
        None,
        9,
        "https://a/b",
    ),
    (
        V::InvalidReverseSolidus,
        "https://a/b\\c",
        None,
        11,
        "https://a/b/c",
    ),
    (
        V::InvalidReverseSolidus,
        "file:\\\\h/",
        None,
        5,
        "file://h/",
    ),
    (V::InvalidReverseSolidus, "file:/\\h/", None, 6, "file://h/"),
    // Authority state: each "@".
    (V::InvalidCredentials, "https://u@a/", None, 9, "https://a/"),
    (
        V::InvalidCredentials,
        "https://u:p@a/",
        None,
        11,
        "https://u:1/",
    ),
    // Authority state and host state.
    (V::HostMissing, "https://u@/", None, 10, "https://u@a/"),
    (V::HostMissing, "https:///", None, 9, "https://a/"),
    (V::HostMissing, "https://:1/", None, 8, "https://a:1/"),
    // Port state.
    (
        V::PortOutOfRange,
        "https://a:65536/",
        None,
        10,
        "https://a:65535/",
    ),
    (V::PortInvalid, "https://a:1x/", None, 11, "https://a:1/"),
    // File state: a Windows drive letter with a file base.
    (
        V::FileInvalidWindowsDriveLetter,
        "C|/x",
        Some("file:///a/b"),
        0,
        "Cx/x",
    ),
    // File host state.
    (
        V::FileInvalidWindowsDriveLetterHost,
        "file://C:/x",
        None,
        7,
        "file:///C:/x",
    ),
];

#[test]
fn every_url_level_error_with_offset_and_a_close_miss() {
    for &(error, input, base, offset, close) in CASES {
        let (result, found) = errors(input, base);
        assert!(
            found.contains(&ReportedError { error, offset }),
            "{input:?}: expected {error} at {offset}, got {found:?}"
        );
        if error.is_failure() {
            assert_eq!(
                result.unwrap_err(),
                ParseError::Invalid(ReportedError { error, offset })
            );
        } else {
            assert!(result.is_ok(), "{input:?} must parse");
        }
        let (close_result, close_found) = errors(close, base);
        assert!(close_result.is_ok(), "{close:?} must parse");
        assert!(
            close_found.iter().all(|e| e.error != error),
            "{close:?}: unexpected {error} in {close_found:?}"
        );
    }
    // Every URL-level error of the table is covered.
    for error in V::ALL {
        let url_level = matches!(
            error,
            V::InvalidUrlUnit
                | V::SpecialSchemeMissingFollowingSolidus
                | V::MissingSchemeNonRelativeUrl
                | V::InvalidReverseSolidus
                | V::InvalidCredentials
                | V::HostMissing
                | V::PortOutOfRange
                | V::PortInvalid
                | V::FileInvalidWindowsDriveLetter
                | V::FileInvalidWindowsDriveLetterHost
        );
        if url_level {
            assert!(CASES.iter().any(|c| c.0 == error), "no case for {error}");
        }
    }
}

/// Offsets are in the input as given: the stripped prefix and removed tabs and newlines
/// are counted back in.
#[test]
fn offsets_map_back_through_stripping_and_tab_removal() {
    let (result, found) = errors("  ht\ttps://u@a/b\r\n c", None);
    assert_eq!(result.unwrap().as_str(), "https://u@a/b%20c");
    assert_eq!(
        found,
        [
            ReportedError {
                error: V::InvalidUrlUnit,
                offset: 0
            },
            ReportedError {
                error: V::InvalidUrlUnit,
                offset: 4
            },
            ReportedError {
                error: V::InvalidCredentials,
                offset: 12
            },
            ReportedError {
                error: V::InvalidUrlUnit,
                offset: 18
            },
        ]
    );
    // A host-level error inside a host that had a tab removed before it.
    let (_, found) = errors("https://\t1.2.3/", None);
    assert!(
        found.contains(&ReportedError {
            error: V::Ipv4TooFewParts,
            offset: 9
        }),
        "{found:?}"
    );
}

/// Host-level errors come from the host parser, shifted to the host's place in the input.
#[test]
fn host_errors_are_shifted() {
    let (result, found) = errors("https://exam%70le.org/", None);
    assert_eq!(result.unwrap().host_str(), Some("example.org"));
    assert!(
        found
            .iter()
            .any(|e| e.error == V::DomainPercentEncoded && e.offset >= 8),
        "{found:?}"
    );
    let (result, _) = errors("https://[::1/", None);
    assert_eq!(
        result.unwrap_err().validation_error(),
        Some(V::Ipv6Unclosed)
    );
}

/// A valid URL string produces no validation error at all.
#[test]
fn valid_inputs_report_nothing() {
    for input in [
        "https://example.com/",
        "https://example.com:8080/a/b?c=d#e",
        "file:///C:/x",
        "mailto:someone@example.com",
        "sc://host/path?%25#%41",
    ] {
        let (result, found) = errors(input, None);
        assert!(result.is_ok() && found.is_empty(), "{input:?}: {found:?}");
    }
}
