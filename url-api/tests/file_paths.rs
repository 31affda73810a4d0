//! `file:` URLs and paths of both styles, on every platform: the vectors of rust-url's
//! `tests/unit.rs` (url 2.5.8) and of Node.js's `url.fileURLToPath` / `url.pathToFileURL`
//! documentation, where we differ said at the assert; the examples of `url-api/src/file_path/rules.md`; the three
//! properties of the rules over generated paths and URLs (`properties.rs`); hostile input.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

#[path = "file_paths/generate.rs"]
mod generate;
#[path = "file_paths/model.rs"]
mod model;
#[path = "file_paths/properties.rs"]
mod properties;

use whatwg_url::{FilePathError as E, HostKind, Url};

fn wide(s: &str) -> Vec<u16> {
    s.encode_utf16().collect()
}

fn from_windows(path: &str) -> Result<String, E> {
    Url::from_windows_path(&wide(path)).map(|u| u.href().to_owned())
}

fn to_windows(href: &str) -> Result<String, E> {
    Url::parse(href, None)
        .unwrap()
        .to_windows_path()
        .map(|p| String::from_utf16(&p).unwrap())
}

fn from_posix(path: &[u8]) -> Result<String, E> {
    Url::from_posix_path(path).map(|u| u.href().to_owned())
}

fn to_posix(href: &str) -> Result<Vec<u8>, E> {
    Url::parse(href, None).unwrap().to_posix_path()
}

/// rust-url `new_file_paths`, `new_path_bad_utf8`, `new_directory_paths`, servo/rust-url#505 (unix).
#[test]
fn rust_url_posix_vectors() {
    assert_eq!(from_posix(b"relative"), Err(E::RelativePath));
    assert_eq!(from_posix(b"../relative"), Err(E::RelativePath));
    assert_eq!(
        Url::from_posix_directory_path(b"relative").map(|_| ()),
        Err(E::RelativePath)
    );
    for (path, url_path) in [
        (&b"/foo/bar"[..], "/foo/bar"),
        (b"/foo/ba%00r", "/foo/ba%2500r"),
        (b"/foo/ba\\r", "/foo/ba%5Cr"),
        (b"/foo/ba\x80r", "/foo/ba%80r"),
    ] {
        let url = Url::from_posix_path(path).unwrap();
        assert_eq!(url.hostname(), "");
        assert_eq!(url.pathname(), url_path);
        assert_eq!(url.to_posix_path().unwrap(), path);
    }
    // rust-url gives `/c:/`, whose `c:` the URL parser then reads as a drive letter that `..`
    // cannot pop; the colon is encoded so that the name stays a name.
    let url = Url::from_posix_path(b"/c:/").unwrap();
    assert_eq!(url.pathname(), "/c%3A/");
    assert_eq!(url.to_posix_path().unwrap(), b"/c:/");
    // rust-url gives `/foo/ba%00r` for a NUL byte; no file system takes one, so we refuse it.
    assert_eq!(from_posix(b"/foo/ba\0r"), Err(E::NulByte));
    let dir = Url::from_posix_directory_path(b"/foo/bar").unwrap();
    assert_eq!(dir.pathname(), "/foo/bar/");
}

/// rust-url `new_path_windows_fun`, `new_directory_paths`, `test_windows_unc_path`,
/// servo/rust-url#505
/// (windows): their `cfg(windows)` tests, run here on every platform.
#[test]
fn rust_url_windows_vectors() {
    assert_eq!(from_windows("relative"), Err(E::RelativePath));
    assert_eq!(from_windows(r"..\relative"), Err(E::RelativePath));
    assert_eq!(from_windows(r"\drive-relative"), Err(E::RelativePath));
    assert_eq!(from_windows(r"\\ucn\"), Err(E::IncompleteUncPath));
    let url = Url::from_windows_path(&wide(r"C:\foo\bar")).unwrap();
    assert_eq!((url.hostname(), url.pathname()), ("", "/C:/foo/bar"));
    assert_eq!(to_windows(url.href()).unwrap(), r"C:\foo\bar");
    // rust-url gives `/C:/foo/ba%00r`; we refuse the NUL byte.
    assert_eq!(from_windows("C:\\foo\\ba\0r"), Err(E::NulByte));
    assert_eq!(to_windows("file:///C:/foo/ba%80r"), Err(E::NotUnicode));
    assert!(from_windows(r"\\?\C:\foo\bar").is_ok());
    assert_eq!(to_windows("file:///C%3A/foo/bar").unwrap(), r"C:\foo\bar");
    let dir = Url::from_windows_directory_path(&wide(r"C:\foo\bar")).unwrap();
    assert_eq!(dir.pathname(), "/C:/foo/bar/");

    assert_eq!(
        from_windows(r"\\host\share\path\file.txt").unwrap(),
        "file://host/share/path/file.txt"
    );
    assert_eq!(
        from_windows(r"\\höst\share\path\file.txt").unwrap(),
        "file://xn--hst-sna/share/path/file.txt"
    );
    let ip = Url::from_windows_path(&wide(r"\\192.168.0.1\share\path\file.txt")).unwrap();
    assert_eq!(ip.host_kind(), Some(HostKind::Ipv4));
    assert_eq!(
        to_windows(ip.href()).unwrap(),
        r"\\192.168.0.1\share\path\file.txt"
    );
    assert_eq!(
        from_windows(r"\\?\UNC\host\share\path\file.txt").unwrap(),
        "file://host/share/path/file.txt"
    );
    assert_eq!(
        from_windows(r"\\.\some\path\file.txt"),
        Err(E::UnsupportedPrefix)
    );
    // servo/rust-url#505: rust-url reads `c:///` through std's `Path`, which upper-cases the drive
    // letter; we keep it as written, as Node does. Repeated separators are one, as on Windows.
    assert_eq!(from_windows("c:///").unwrap(), "file:///c:/");
    assert_eq!(to_windows("file:///c:/").unwrap(), r"c:\");
}

/// The examples of Node's `url.fileURLToPath` and `url.pathToFileURL` documentation, and the
/// errors its tests name (ERR_INVALID_URL_SCHEME, ERR_INVALID_FILE_URL_HOST,
/// ERR_INVALID_FILE_URL_PATH).
#[test]
fn node_vectors() {
    assert_eq!(to_windows("file:///C:/path/").unwrap(), r"C:\path\");
    assert_eq!(to_windows("file://nas/foo.txt").unwrap(), r"\\nas\foo.txt");
    assert_eq!(
        to_posix("file:///你好.txt").unwrap(),
        "/你好.txt".as_bytes()
    );
    assert_eq!(to_posix("file:///hello world").unwrap(), b"/hello world");
    assert_eq!(from_posix(b"/foo#1").unwrap(), "file:///foo%231");
    assert_eq!(
        from_posix(b"/some/path%.c").unwrap(),
        "file:///some/path%25.c"
    );
    assert_eq!(
        from_posix(b"/foo\nbar\r\t?").unwrap(),
        "file:///foo%0Abar%0D%09%3F"
    );
    assert_eq!(to_posix("https://example.com/"), Err(E::NotAFileUrl));
    assert_eq!(to_windows("https://example.com/"), Err(E::NotAFileUrl));
    assert_eq!(to_posix("file://host/a"), Err(E::UnsupportedHost));
    assert_eq!(to_posix("file:///a%2Fb"), Err(E::EncodedSeparator));
    assert_eq!(to_posix("file:///a%2fb"), Err(E::EncodedSeparator));
    assert_eq!(to_windows("file:///C:/a%5Cb"), Err(E::EncodedSeparator));
    assert_eq!(to_windows("file:///C:/a%2fb"), Err(E::EncodedSeparator));
    assert_eq!(to_windows("file:///no-drive"), Err(E::MissingDriveLetter));
    // A `\` is a character of a POSIX name; `%5C` decodes to it.
    assert_eq!(to_posix("file:///a%5Cb").unwrap(), b"/a\\b");
    // `localhost` is the empty host of a file URL (spec 4.4 file host state).
    assert_eq!(
        to_posix("file://localhost/etc/fstab").unwrap(),
        b"/etc/fstab"
    );
    // The query and fragment are not part of the path (as in Node and rust-url).
    assert_eq!(to_posix("file:///a?b#c").unwrap(), b"/a");
}

#[test]
fn windows_forms() {
    for (path, href) in [
        (r"C:/mixed\seps/x", "file:///C:/mixed/seps/x"),
        (r"C:\a\\\b\", "file:///C:/a/b/"),
        (r"C:\a\..\..\b\.\c", "file:///C:/b/c"),
        (r"\\?\C:\x\y", "file:///C:/x/y"),
        (r"\\.\D:\x", "file:///D:/x"),
        (r"\\?\unc\Server\share", "file://server/share"),
        (r"//server/share/x", "file://server/share/x"),
        (r"C:\100%\#?|", "file:///C:/100%25/%23%3F%7C"),
        (r"C:\C|\x", "file:///C:/C%7C/x"),
        (r"\\--1.ipv6-literal.net\share\x", "file://[::1]/share/x"),
        (r"\\server\\share\\x", "file://server/share/x"),
        (r"\\.\UNC\server\share\x", "file://server/share/x"),
    ] {
        assert_eq!(from_windows(path).unwrap(), href, "{path}");
    }
    for (path, error) in [
        ("C:", E::DriveRelative),
        ("C:foo", E::DriveRelative),
        (r"\\?\C:", E::UnsupportedPrefix),
        (r"\\.\C:", E::UnsupportedPrefix),
        (r"\\[::1]\s", E::UnsupportedHost),
        ("", E::RelativePath),
        (r"\\server", E::IncompleteUncPath),
        (r"\\server\", E::IncompleteUncPath),
        (r"\\\share", E::IncompleteUncPath),
        (
            r"\\?\Volume{b75e2c83-0000-0000-0000-602f00000000}\x",
            E::UnsupportedPrefix,
        ),
        (r"\\.\pipe\name", E::UnsupportedPrefix),
        (r"\\?\C:\a/b", E::VerbatimPath),
        (r"\\a%41\s", E::UnsupportedHost),
        (r"\\a b\s", E::UnsupportedHost),
        (r"\\a@b\s", E::UnsupportedHost),
        (r"\\[::1\s", E::UnsupportedHost),
        (r"\\fe80--1s4.ipv6-literal.net\s", E::UnsupportedHost),
        (r"\\x.ipv6-literal.net\s", E::UnsupportedHost),
        (r"\\localhost\s", E::UnsupportedHost),
        (r"\\a<b\s", E::UnsupportedHost),
    ] {
        assert_eq!(from_windows(path), Err(error), "{path}");
    }
    // A lone surrogate survives as its WTF-8 bytes.
    let lone = [
        u16::from(b'C'),
        u16::from(b':'),
        u16::from(b'\\'),
        0xDC00,
        0x61,
    ];
    let url = Url::from_windows_path(&lone).unwrap();
    assert_eq!(url.pathname(), "/C:/%ED%B0%80a");
    assert_eq!(url.to_windows_path().unwrap(), lone);
    // A decoded path that is neither UTF-8 nor WTF-8.
    assert_eq!(to_windows("file:///C:/%C0%80"), Err(E::NotUnicode));
    assert_eq!(to_windows("file:///C:/%00"), Err(E::NulByte));
    assert_eq!(to_windows("file:///C:"), Err(E::DriveRelative));
    assert_eq!(to_windows("file:///C|/x").unwrap(), r"C:\x");
    // Runs of separators are one, as Windows reads them (found by the parse fuzz target's
    // path round trip); a UNC URL without a share names no file.
    assert_eq!(
        to_windows("file:///c:////foo/bar.html").unwrap(),
        r"c:\foo\bar.html"
    );
    assert_eq!(
        to_windows("file://lion//localhost//pig").unwrap(),
        r"\\lion\localhost\pig"
    );
    assert_eq!(to_windows("file://server/"), Err(E::IncompleteUncPath));
    assert_eq!(to_windows("file://server//"), Err(E::IncompleteUncPath));
    // A host `.` would make a device path (found by the parse fuzz target), and `//./` is the
    // device prefix written with `/`: the same refusal both ways.
    assert_eq!(to_windows("file://./pipe/x"), Err(E::UnsupportedPrefix));
    assert_eq!(from_windows("//./pipe/x"), Err(E::UnsupportedPrefix));
    assert_eq!(from_windows(r"\\.\pipe\x"), Err(E::UnsupportedPrefix));
    // A server the host parser maps to `.` (found by the parse fuzz target).
    assert_eq!(from_windows("//\u{3002}/s/x"), Err(E::UnsupportedPrefix));
    assert_eq!(from_windows("\\\\\u{FF0E}\\s"), Err(E::UnsupportedPrefix));
}

/// Each example of `url-api/src/file_path/rules.md`'s "Why", with the answer the platform gives or the refusal.
#[test]
fn issue_27_examples() {
    // A `..` never climbs out of a UNC share, nor renames it: `\\server\share` is the root.
    assert_eq!(
        from_windows(r"\\server\share\..\bar.txt").unwrap(),
        "file://server/share/bar.txt"
    );
    assert_eq!(
        from_windows(r"\\server\share\a\..\..\..\bar.txt").unwrap(),
        "file://server/share/bar.txt"
    );
    assert_eq!(from_windows(r"C:\..\..\x").unwrap(), "file:///C:/x");
    // `..` where the share belongs names no share.
    assert_eq!(
        from_windows(r"\\server\..\foo\bar.txt"),
        Err(E::IncompleteUncPath)
    );
    // Verbatim: `..` is a name Windows takes literally, which a URL cannot hold.
    assert_eq!(
        from_windows(r"\\?\UNC\server\share\..\x"),
        Err(E::VerbatimPath)
    );
    // A POSIX name `C:` stays a name (`C%3A`): `..` pops it, and the path comes back.
    assert_eq!(from_posix(b"/C:/../x").unwrap(), "file:///x");
    assert_eq!(to_posix("file:///x").unwrap(), b"/x");
    assert_eq!(from_posix(b"/c:/foo/../../bar").unwrap(), "file:///bar");
    assert_eq!(from_posix(b"/C:/x").unwrap(), "file:///C%3A/x");
    assert_eq!(to_posix("file:///C%3A/x").unwrap(), b"/C:/x");
    // `%3A` is not a drive letter to the URL parser, `|` is (so it is encoded as `%7C`).
    let url = Url::parse("file:///C%3A/..", None).unwrap();
    assert_eq!(url.pathname(), "/");
    assert_eq!(
        Url::parse("file:///C|/..", None).unwrap().pathname(),
        "/C:/"
    );
    assert_eq!(from_posix(b"/C|/x").unwrap(), "file:///C%7C/x");
    // Separator runs: one separator, both ways, also between server and share.
    assert_eq!(
        to_windows("file://server//share/dir").unwrap(),
        r"\\server\share\dir"
    );
    assert_eq!(
        from_windows(r"\\server\\\share\dir").unwrap(),
        "file://server/share/dir"
    );
    assert_eq!(from_posix(b"/a////b").unwrap(), "file:///a/b");
    assert_eq!(to_posix("file:///a////b").unwrap(), b"/a/b");
    assert_eq!(from_posix(b"//a/b//").unwrap(), "file:///a/b/");
    // Verbatim paths are taken literally or refused, never normalized.
    assert_eq!(from_windows(r"\\?\C:/"), Err(E::VerbatimPath));
    assert_eq!(from_windows(r"\\?\C:/foo"), Err(E::VerbatimPath));
    assert_eq!(from_windows(r"\\?\C:\foo\..\bar.txt"), Err(E::VerbatimPath));
    assert_eq!(from_windows(r"\\?\C:\foo\\bar"), Err(E::VerbatimPath));
    assert_eq!(
        from_windows(r"\\?\C:\foo\bar.txt").unwrap(),
        "file:///C:/foo/bar.txt"
    );
    // IPv6 servers in the form Windows takes, both ways.
    assert_eq!(
        to_windows("file://[::1]/share/x").unwrap(),
        r"\\--1.ipv6-literal.net\share\x"
    );
    assert_eq!(
        from_windows(r"\\--1.ipv6-literal.net\share\x").unwrap(),
        "file://[::1]/share/x"
    );
    assert_eq!(
        to_windows("file://[2001:db8::8:800:200c:417a]/s").unwrap(),
        r"\\2001-db8--8-800-200c-417a.ipv6-literal.net\s"
    );
    assert_eq!(from_windows(r"\\[::1]\share\x"), Err(E::UnsupportedHost));
    // A domain in the zone is the address Windows reads it as.
    assert_eq!(
        to_windows("file://0-0-0-0-0-0-0-1.ipv6-literal.net/s").unwrap(),
        r"\\--1.ipv6-literal.net\s"
    );
    assert_eq!(
        to_windows("file://x.ipv6-literal.net/s"),
        Err(E::UnsupportedHost)
    );
    // Drive-relative forms, both ways.
    assert_eq!(to_windows("file:///C:"), Err(E::DriveRelative));
    assert_eq!(to_windows("file:///C|"), Err(E::DriveRelative));
    assert_eq!(from_windows("C:"), Err(E::DriveRelative));
    assert_eq!(to_windows("file:///C:/").unwrap(), r"C:\");
    // Trailing dots and spaces: refused both ways (Win32 would strip them).
    for path in [
        r"C:\a.",
        r"C:\a.\b",
        r"C:\b ",
        r"C:\...",
        r"\\server\share.\x",
    ] {
        assert_eq!(from_windows(path), Err(E::TrailingDotOrSpace), "{path}");
    }
    for url in [
        "file:///C:/a.",
        "file:///C:/a./b",
        "file:///C:/b%20",
        "file://s/share%20/x",
    ] {
        assert_eq!(to_windows(url), Err(E::TrailingDotOrSpace), "{url}");
    }
    // ... and POSIX names keep them.
    assert_eq!(from_posix(b"/a./b ").unwrap(), "file:///a./b%20");
    // `:` after the root: an NTFS stream of a file under the root, kept both ways.
    assert_eq!(from_windows(r"C:\a:b").unwrap(), "file:///C:/a:b");
    assert_eq!(to_windows("file:///C:/a:b").unwrap(), r"C:\a:b");
    assert_eq!(from_windows(r"C:\x\D:\..\y").unwrap(), "file:///C:/x/y");
    // DOS device names open a device, not a file.
    for path in [
        r"C:\NUL",
        r"C:\x\con.txt",
        r"C:\COM1",
        r"C:\lpt¹",
        r"C:\nul .x",
        r"C:\AUX:s",
    ] {
        assert_eq!(from_windows(path), Err(E::DeviceName), "{path}");
    }
    assert_eq!(to_windows("file:///C:/x/NUL"), Err(E::DeviceName));
    assert_eq!(
        from_windows(r"C:\NULL\COM10\CONSOLE").unwrap(),
        "file:///C:/NULL/COM10/CONSOLE"
    );
}

#[test]
fn hostile_paths() {
    let long = format!("/{}", "a/".repeat(32 * 1024));
    assert_eq!(
        Url::from_posix_path(long.as_bytes()).unwrap().pathname(),
        long
    );
    let dots = format!("/{}x", "../".repeat(20_000));
    assert_eq!(from_posix(dots.as_bytes()).unwrap(), "file:///x");
    let escapes = "%".repeat(64 * 1024);
    let url = Url::from_posix_path(format!("/{escapes}").as_bytes()).unwrap();
    assert_eq!(url.pathname().len(), 1 + 3 * escapes.len());
    let server = "a".repeat(70_000);
    assert!(from_windows(&format!(r"\\{server}\s")).is_ok());
    let labels = format!(r"\\{}\s", "é.".repeat(10_000));
    assert!(matches!(
        from_windows(&labels),
        Ok(_) | Err(E::UnsupportedHost)
    ));
    let seps = format!("C:{}", r"\".repeat(50_000));
    assert_eq!(from_windows(&seps).unwrap(), "file:///C:/");
}

#[cfg(all(feature = "std", unix))]
#[test]
fn host_platform_is_posix_here() {
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::path::{Path, PathBuf};
    let path = Path::new(OsStr::from_bytes(b"/foo/ba\x80r"));
    let url = Url::from_file_path(path).unwrap();
    assert_eq!(url.to_file_path(), Ok(PathBuf::from(path)));
    assert_eq!(
        Url::from_file_path("relative").map(|_| ()),
        Err(E::RelativePath)
    );
    assert_eq!(
        Url::from_directory_path("/foo/bar").unwrap().pathname(),
        "/foo/bar/"
    );
}

/// The tables of Node's `test/parallel/test-url-fileurltopath.js` and
/// `test-url-pathtofileurl.js`: each path gives the URL, and the URL gives the path back.
#[test]
fn node_round_trip_tables() {
    let posix: &[(&str, &str)] = &[
        ("/foo", "file:///foo"),
        ("/FOO", "file:///FOO"),
        ("/dir/foo", "file:///dir/foo"),
        ("/dir/", "file:///dir/"),
        ("/foo.mjs", "file:///foo.mjs"),
        ("/foo bar", "file:///foo%20bar"),
        ("/foo?bar", "file:///foo%3Fbar"),
        ("/foo#bar", "file:///foo%23bar"),
        ("/foo&bar", "file:///foo&bar"),
        ("/foo=bar", "file:///foo=bar"),
        ("/foo:bar", "file:///foo:bar"),
        ("/foo;bar", "file:///foo;bar"),
        ("/foo%bar", "file:///foo%25bar"),
        ("/foo\\bar", "file:///foo%5Cbar"),
        ("/foo\u{8}bar", "file:///foo%08bar"),
        ("/foo\tbar", "file:///foo%09bar"),
        ("/foo\nbar", "file:///foo%0Abar"),
        ("/foo\rbar", "file:///foo%0Dbar"),
        ("/fóóbàr", "file:///f%C3%B3%C3%B3b%C3%A0r"),
        ("/€", "file:///%E2%82%AC"),
        ("/🚀", "file:///%F0%9F%9A%80"),
    ];
    for &(path, href) in posix {
        assert_eq!(from_posix(path.as_bytes()).unwrap(), href, "{path:?}");
        assert_eq!(to_posix(href).unwrap(), path.as_bytes(), "{href}");
    }
    let windows: &[(&str, &str)] = &[
        (r"C:\foo", "file:///C:/foo"),
        (r"C:\FOO", "file:///C:/FOO"),
        (r"C:\dir\foo", "file:///C:/dir/foo"),
        (r"C:\dir\", "file:///C:/dir/"),
        (r"C:\foo.mjs", "file:///C:/foo.mjs"),
        (r"C:\foo bar", "file:///C:/foo%20bar"),
        (r"C:\foo?bar", "file:///C:/foo%3Fbar"),
        (r"C:\foo#bar", "file:///C:/foo%23bar"),
        (r"C:\foo&bar", "file:///C:/foo&bar"),
        (r"C:\foo=bar", "file:///C:/foo=bar"),
        (r"C:\foo:bar", "file:///C:/foo:bar"),
        (r"C:\foo;bar", "file:///C:/foo;bar"),
        (r"C:\foo%bar", "file:///C:/foo%25bar"),
        ("C:\\foo\u{8}bar", "file:///C:/foo%08bar"),
        ("C:\\foo\tbar", "file:///C:/foo%09bar"),
        ("C:\\foo\nbar", "file:///C:/foo%0Abar"),
        ("C:\\foo\rbar", "file:///C:/foo%0Dbar"),
        (r"C:\fóóbàr", "file:///C:/f%C3%B3%C3%B3b%C3%A0r"),
        (r"C:\€", "file:///C:/%E2%82%AC"),
        (r"C:\🚀", "file:///C:/%F0%9F%9A%80"),
        (r"\\nas\My Docs\File.doc", "file://nas/My%20Docs/File.doc"),
    ];
    for &(path, href) in windows {
        assert_eq!(from_windows(path).unwrap(), href, "{path:?}");
        assert_eq!(to_windows(href).unwrap(), path, "{href}");
    }
}
