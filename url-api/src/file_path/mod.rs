//! `file:` URLs and file-system paths, in both path styles on every platform.
//!
//! The URL Standard defines `file:` URLs but not their mapping to paths; this module follows
//! what Node.js (`url.fileURLToPath`, `url.pathToFileURL`) and rust-url (`Url::to_file_path`,
//! `Url::from_file_path`) do, with the differences listed in `MIGRATING.md`, and names every
//! failure ([`FilePathError`]).
//!
//! - POSIX paths are bytes ([`Url::from_posix_path`], [`Url::to_posix_path`]): any byte but
//!   NUL, UTF-8 or not (a Unix `OsStr`). Bytes outside the URL path set are percent-encoded one
//!   by one, so a non-UTF-8 name survives the round trip.
//! - Windows paths are UTF-16 code units ([`Url::from_windows_path`], [`Url::to_windows_path`]),
//!   lone surrogates included: they are written as their WTF-8 bytes, percent-encoded, and read
//!   back the same way. Drive letters (`C:\`), UNC paths (`\\server\share\`), and the `\\?\`
//!   and `\\.\` prefixes for a drive or UNC path are understood; `/` is a separator as `\` is.
//! - On the host platform, [`Url::from_file_path`], [`Url::from_directory_path`] and
//!   [`Url::to_file_path`] (feature `std`) take and give `std::path` types.
//!
//! Both directions build or read the URL's serialization and let the URL parser decide the
//! rest: `.` and `..` segments are removed by the parser (lexically, as Node's `path.resolve`
//! does), a server name is parsed by the host parser (IDNA included), and `C|` is the drive
//! letter `C:` (spec 4.4 file states).

mod posix;
mod windows;

use core::fmt;

use crate::{SchemeType, Url};
use percent::{AsciiSet, PATH};

/// What a path/URL conversion could not do, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathError {
    /// The URL's scheme is not `file`.
    NotAFileUrl,
    /// The path is not absolute: relative (`a/b`, `..\a`), drive-relative (`C:foo`, `C:`), or
    /// rooted without a drive (`\foo` on Windows).
    RelativePath,
    /// The path, or the URL's decoded path, holds a NUL byte (no file system takes one).
    NulByte,
    /// A host that the path style cannot express: any host for a POSIX path; for a Windows
    /// path, a UNC server name that the URL host parser rejects, and the host `.` (`\\.\` is
    /// the device namespace).
    UnsupportedHost,
    /// The URL's path holds an encoded separator (`%2F`; for Windows also `%5C`): decoding it
    /// would split a segment in two.
    EncodedSeparator,
    /// A Windows path from a URL whose decoded path is not UTF-8 (or WTF-8): Windows paths are
    /// UTF-16.
    NotUnicode,
    /// A Windows path prefix other than a drive or UNC path (`\\.\pipe\…`, `\\?\Volume{…}\`,
    /// `\\?\GLOBALROOT\…`): device namespaces have no `file:` URL.
    UnsupportedPrefix,
    /// A UNC path without its share (`\\server`, `\\server\`).
    IncompleteUncPath,
    /// A URL without a host whose path does not start with a drive letter, for a Windows path.
    MissingDriveLetter,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilePathError::NotAFileUrl => "the URL's scheme is not \"file\"",
            FilePathError::RelativePath => "the path is not absolute",
            FilePathError::NulByte => "the path holds a NUL byte",
            FilePathError::UnsupportedHost => "the host cannot be part of a path of this style",
            FilePathError::EncodedSeparator => {
                "the URL's path holds an encoded path separator (%2F or %5C)"
            }
            FilePathError::NotUnicode => "the URL's decoded path is not UTF-8",
            FilePathError::UnsupportedPrefix => {
                "a Windows device path (\\\\.\\ or \\\\?\\ other than a drive or UNC path)"
            }
            FilePathError::IncompleteUncPath => "a UNC path without a share name",
            FilePathError::MissingDriveLetter => {
                "a file URL without host whose path has no drive letter"
            }
        })
    }
}

impl core::error::Error for FilePathError {}

/// The bytes of a path segment that are percent-encoded in a `file:` URL: the URL path
/// percent-encode set (spec 1.3: C0 controls, space, `"`, `#`, `<`, `>`, `?`, `` ` ``, `{`,
/// `}`, and every non-ASCII byte), and
/// - `%`, so that a name holding `%41` stays that name;
/// - `\`, a separator in the path of a special URL;
/// - `|`, so that a segment `C|` is not read as the drive letter `C:`.
pub(super) const SEGMENT: &AsciiSet = &PATH.add(b'%').add(b'\\').add(b'|');

/// Whether a URL path holds `%2F`/`%2f` (or, with `backslash`, `%5C`/`%5c`).
fn has_encoded_separator(path: &str, backslash: bool) -> bool {
    path.as_bytes().windows(3).any(|w| match w {
        [b'%', b'2', b'f' | b'F'] => true,
        [b'%', b'5', b'c' | b'C'] => backslash,
        _ => false,
    })
}

/// The `file:` URL's path for a path conversion, or why there is none.
fn file_path_of(url: &Url) -> Result<&str, FilePathError> {
    if url.scheme_type() != SchemeType::File {
        return Err(FilePathError::NotAFileUrl);
    }
    Ok(url.pathname())
}

impl Url {
    /// The `file:` URL of an absolute POSIX path, given as bytes (a Unix `OsStr`'s).
    ///
    /// `.` and `..` segments are resolved lexically; a trailing `/` is kept. Errors:
    /// [`FilePathError::RelativePath`] unless the path starts with `/`,
    /// [`FilePathError::NulByte`].
    ///
    /// ```
    /// use whatwg_url::Url;
    /// assert_eq!(Url::from_posix_path(b"/tmp/a b#1.txt")?.href(), "file:///tmp/a%20b%231.txt");
    /// assert_eq!(Url::from_posix_path(b"/caf\xc3\xa9/\xff")?.href(), "file:///caf%C3%A9/%FF");
    /// assert_eq!(Url::from_posix_path(b"/a/../b/./c/")?.href(), "file:///b/c/");
    /// assert!(Url::from_posix_path(b"relative").is_err());
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_posix_path(path: &[u8]) -> Result<Url, FilePathError> {
        posix::to_url(path, false)
    }

    /// [`Url::from_posix_path`] for a directory: the URL's path ends with `/`.
    ///
    /// ```
    /// use whatwg_url::Url;
    /// assert_eq!(Url::from_posix_directory_path(b"/srv/www")?.href(), "file:///srv/www/");
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_posix_directory_path(path: &[u8]) -> Result<Url, FilePathError> {
        posix::to_url(path, true)
    }

    /// The POSIX path of a `file:` URL, as bytes: its path percent-decoded. The query and
    /// fragment are ignored.
    ///
    /// Errors: [`FilePathError::NotAFileUrl`], [`FilePathError::UnsupportedHost`] for a host
    /// other than the empty one (`localhost` is made empty by the URL parser),
    /// [`FilePathError::EncodedSeparator`] for `%2F`, [`FilePathError::NulByte`] for `%00`.
    ///
    /// ```
    /// use whatwg_url::{FilePathError, Url};
    /// let url = Url::parse("file://localhost/tmp/a%20b/%FF?q#f", None).unwrap();
    /// assert_eq!(url.to_posix_path()?, b"/tmp/a b/\xff");
    /// let remote = Url::parse("file://server/share", None).unwrap();
    /// assert_eq!(remote.to_posix_path(), Err(FilePathError::UnsupportedHost));
    /// # Ok::<(), FilePathError>(())
    /// ```
    pub fn to_posix_path(&self) -> Result<alloc::vec::Vec<u8>, FilePathError> {
        posix::from_url(self)
    }

    /// The `file:` URL of an absolute Windows path, given as UTF-16 code units (a Windows
    /// `OsStr`'s; lone surrogates allowed).
    ///
    /// Understood: `C:\…` (also `C:/…`), `\\server\share\…`, `\\?\C:\…`, `\\?\UNC\server\share\…`
    /// and `\\.\C:\…`. Errors: [`FilePathError::RelativePath`] (`a\b`, `C:a`, `\a`),
    /// [`FilePathError::IncompleteUncPath`], [`FilePathError::UnsupportedHost`] (a server name
    /// the host parser rejects), [`FilePathError::UnsupportedPrefix`] (other device paths),
    /// [`FilePathError::NulByte`].
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let wide = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    /// assert_eq!(Url::from_windows_path(&wide(r"C:\Users\a b\x.txt"))?.href(), "file:///C:/Users/a%20b/x.txt");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\Server\share\x"))?.href(), "file://server/share/x");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\?\UNC\server\share\x"))?.href(), "file://server/share/x");
    /// assert_eq!(Url::from_windows_path(&[0x43, 0x3A, 0x5C, 0xD800])?.href(), "file:///C:/%ED%A0%80");
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_windows_path(path: &[u16]) -> Result<Url, FilePathError> {
        windows::to_url(path, false)
    }

    /// [`Url::from_windows_path`] for a directory: the URL's path ends with `/`.
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let wide: Vec<u16> = r"C:\foo\bar".encode_utf16().collect();
    /// assert_eq!(Url::from_windows_directory_path(&wide)?.href(), "file:///C:/foo/bar/");
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_windows_directory_path(path: &[u16]) -> Result<Url, FilePathError> {
        windows::to_url(path, true)
    }

    /// The Windows path of a `file:` URL, as UTF-16 code units: `\\host\…` for a URL with a
    /// host (shown in Unicode), `C:\…` otherwise; `/` becomes `\` and a run of separators is
    /// one (as Windows reads it), the path is percent-decoded and read as WTF-8. The query and
    /// fragment are ignored.
    ///
    /// Errors: [`FilePathError::NotAFileUrl`], [`FilePathError::MissingDriveLetter`],
    /// [`FilePathError::EncodedSeparator`] (`%2F`, `%5C`), [`FilePathError::NotUnicode`],
    /// [`FilePathError::NulByte`], [`FilePathError::IncompleteUncPath`] (`file://server/`),
    /// [`FilePathError::UnsupportedHost`] (`file://./pipe/x` would be the device path
    /// `\\.\pipe\x`).
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let path = |s: &str| Url::parse(s, None).unwrap().to_windows_path().map(|p| String::from_utf16(&p).unwrap());
    /// assert_eq!(path("file:///C:/a%20b/")?, r"C:\a b\");
    /// assert_eq!(path("file://nas/share/f.txt")?, r"\\nas\share\f.txt");
    /// assert_eq!(path("file://xn--hst-sna/s")?, r"\\höst\s");
    /// assert!(path("file:///no-drive").is_err());
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<alloc::vec::Vec<u16>, FilePathError> {
        windows::from_url(self)
    }
}

#[cfg(feature = "std")]
mod host_platform;
