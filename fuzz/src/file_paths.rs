//! The file-path properties of `whatwg_url` (`url-api/src/file_path/rules.md`), for the `parse` target: a parsed `file:`
//! URL, and the input itself read as a POSIX and as a Windows path.
//!
//! 1. A path that converts never names a location outside its root: the URL keeps the path's
//!    drive, or its server and share; a POSIX path's URL has no drive letter.
//! 2. `from_path(to_path(u))` gives the same path again and is a fixed point, and
//!    `from_path(p)` comes back from `to_path` as itself.
//! 3. One shape, one rule: the URL's path written as a path (its twin) converts to the same
//!    path as the URL, or both are refused.

use whatwg_url::{FilePathError, HostKind, Url};

/// Every file-path property that applies to `input` and its parsed URL (when it parsed).
pub fn check(input: &str, url: Option<&Url>) {
    if let Some(url) = url {
        url_round_trip(url);
        twins(url);
    }
    posix_path(input.as_bytes());
    windows_path(input);
}

/// Property 2 from a URL, for both styles.
fn url_round_trip(url: &Url) {
    if let Ok(path) = url.to_posix_path() {
        let normal = Url::from_posix_path(&path)
            .unwrap_or_else(|e| panic!("POSIX path {path:?} of {url:?}: {e}"));
        assert_eq!(
            normal.to_posix_path().as_ref(),
            Ok(&path),
            "POSIX path of {url:?} through {normal:?}"
        );
    }
    if let Ok(path) = url.to_windows_path() {
        let normal = Url::from_windows_path(&path)
            .unwrap_or_else(|e| panic!("Windows path {path:?} of {url:?}: {e}"));
        assert_eq!(
            normal.to_windows_path().as_ref(),
            Ok(&path),
            "Windows path of {url:?} through {normal:?}"
        );
        // The root is the URL's: a UNC path exactly when the URL has a host.
        assert_eq!(
            path.starts_with(&[0x5C, 0x5C]),
            !url.hostname().is_empty(),
            "{url:?}"
        );
    }
}

/// The percent-decoded names of a URL's path (after its leading `/`).
fn decoded_names(url: &Url) -> Vec<Vec<u8>> {
    let path = url.pathname();
    path.strip_prefix('/')
        .unwrap_or(path)
        .split('/')
        .map(|s| percent::percent_decode(s.as_bytes()).into_owned())
        .collect()
}

/// Property 3: the URL's decoded path as a path of each style converts as the URL does.
fn twins(url: &Url) {
    if url.scheme() != "file" {
        return;
    }
    let path = url.pathname();
    let lower = path.to_ascii_lowercase();
    if lower.contains("%2f") || lower.contains("%5c") {
        return; // a name holding a separator has no path twin
    }
    let names = decoded_names(url);
    if url.hostname().is_empty() {
        let mut twin = Vec::new();
        for name in &names {
            twin.push(b'/');
            twin.extend_from_slice(name);
        }
        let from_twin = Url::from_posix_path(&twin).and_then(|u| u.to_posix_path());
        assert_eq!(
            from_twin,
            url.to_posix_path(),
            "POSIX twin {twin:?} of {url:?}"
        );
    }
    let Ok(joined) = String::from_utf8(names.join(&b'\\')) else {
        return; // not UTF-16 as it is (lone surrogates, other bytes)
    };
    let twin = match url.host_kind() {
        Some(HostKind::Ipv6) => {
            let address = url.hostname().trim_matches(['[', ']']).replace(':', "-");
            format!(r"\\{address}.ipv6-literal.net\{joined}")
        }
        // The host `.` is left out: its twin `\\.\…` is the device prefix, read before any
        // server, while the URL is refused for naming one.
        Some(HostKind::Domain) if url.hostname() == "." => return,
        Some(HostKind::Domain) => {
            let server = whatwg_url::node::domain_to_unicode(url.hostname());
            if server.is_empty() {
                return;
            }
            format!(r"\\{server}\{joined}")
        }
        Some(HostKind::Ipv4) => format!(r"\\{}\{joined}", url.hostname()),
        // Without a host the path starts at a drive; without one there is no root a Windows
        // path could start with (a twin would read `file:////server/share` as `\\server\share`).
        _ if names.first().is_some_and(|n| is_drive(n)) => joined,
        _ => {
            assert!(
                url.to_windows_path().is_err(),
                "{url:?} has no drive letter"
            );
            return;
        }
    };
    let units: Vec<u16> = twin.encode_utf16().collect();
    let from_twin = Url::from_windows_path(&units).and_then(|u| u.to_windows_path());
    match (url.to_windows_path(), from_twin) {
        (a, b) if a == b => {}
        // A URL path without a drive letter is a relative or drive-relative path as a twin.
        (Err(FilePathError::MissingDriveLetter), Err(_)) => {}
        (a, b) => panic!("Windows twin {twin:?} of {url:?}: {b:?}, the URL: {a:?}"),
    }
}

/// `C:` (the URL parser has made `C|` into `C:` in a first segment).
fn is_drive(name: &[u8]) -> bool {
    matches!(name, [letter, b':'] if letter.is_ascii_alphabetic())
}

/// Properties 1 and 2 from the input read as a POSIX path.
fn posix_path(path: &[u8]) {
    let Ok(url) = Url::from_posix_path(path) else {
        return;
    };
    let first = decoded_names(&url);
    let pathname = url.pathname().as_bytes();
    assert!(
        !matches!(pathname, [b'/', l, b':' | b'|', rest @ ..] if l.is_ascii_alphabetic() && matches!(rest.first(), None | Some(b'/'))),
        "POSIX path {path:?} gave {url:?}: a drive letter ({first:?})"
    );
    let back = url
        .to_posix_path()
        .unwrap_or_else(|e| panic!("{url:?} of {path:?}: {e}"));
    assert_eq!(
        Url::from_posix_path(&back).as_ref(),
        Ok(&url),
        "POSIX path {path:?} through {back:?}"
    );
}

/// Properties 1 and 2 from the input read as a Windows path.
fn windows_path(input: &str) {
    let units: Vec<u16> = input.encode_utf16().collect();
    let Ok(url) = Url::from_windows_path(&units) else {
        return;
    };
    let back = url
        .to_windows_path()
        .unwrap_or_else(|e| panic!("{url:?} of {input:?}: {e}"));
    assert_eq!(
        Url::from_windows_path(&back).as_ref(),
        Ok(&url),
        "Windows path {input:?} through {back:?}"
    );
    // The root: the same drive letter, or the same share.
    let body = input
        .strip_prefix(r"\\?\")
        .or_else(|| input.strip_prefix(r"\\.\"))
        .unwrap_or(input);
    let names = decoded_names(&url);
    let first = names.first().map(Vec::as_slice).unwrap_or_default();
    if url.hostname().is_empty() {
        assert!(
            body.as_bytes().get(..2) == Some(first),
            "Windows path {input:?} gave {url:?}: another drive"
        );
    } else {
        let prefixed = body.len() != input.len();
        let body = match body.get(..3) {
            Some(unc) if prefixed && unc.eq_ignore_ascii_case("UNC") => {
                body.get(3..).unwrap_or_default()
            }
            _ => body,
        };
        let mut parts = body.split(['\\', '/']).filter(|p| !p.is_empty());
        let _server = parts.next();
        assert_eq!(
            parts.next().map(str::as_bytes),
            Some(first),
            "Windows path {input:?} gave {url:?}: another share"
        );
    }
}
