//! `file:` URLs and file-system paths, in both path styles on every platform.
//!
//! The URL Standard defines `file:` URLs but not their mapping to paths; this module follows
//! what the platforms themselves do (POSIX `realpath`, lexically; Win32's full-path
//! normalization), close to Node.js (`url.fileURLToPath`, `url.pathToFileURL`) and rust-url
//! (`Url::to_file_path`, `Url::from_file_path`), with the differences listed in
//! `MIGRATING.md`, and names every refusal ([`FilePathError`]).
//!
//! - POSIX paths are bytes ([`Url::from_posix_path`], [`Url::to_posix_path`]): any byte but
//!   NUL, UTF-8 or not (a Unix `OsStr`). Bytes outside the URL path set are percent-encoded one
//!   by one, so a non-UTF-8 name survives the round trip.
//! - Windows paths are UTF-16 code units ([`Url::from_windows_path`], [`Url::to_windows_path`]),
//!   lone surrogates included: they are written as their WTF-8 bytes, percent-encoded, and read
//!   back the same way.
//! - On the host platform, [`Url::from_file_path`], [`Url::from_directory_path`] and
//!   [`Url::to_file_path`] (feature `std`) take and give `std::path` types.
//!
//! Each direction normalizes with the rules of `rules.rs` (and `unc.rs` for servers), then
//! builds the URL's serialization and lets the URL parser check it, or reads the parsed URL.
//!
#![doc = include_str!("rules.md")]

mod error;
mod posix;
mod rules;
mod unc;
mod windows;
mod wtf8;

pub use error::FilePathError;

use crate::Url;

impl Url {
    /// The `file:` URL of an absolute POSIX path, given as bytes (a Unix `OsStr`'s).
    ///
    /// A run of `/` is one, `.` and `..` are resolved lexically (`..` stays at `/`), a name
    /// that is a drive letter gets its colon encoded (`C%3A`: in the URL `C:` would be a root),
    /// a trailing `/` is kept: the POSIX table of [`FilePathError`]. Errors:
    /// [`FilePathError::RelativePath`] unless the path starts with `/`,
    /// [`FilePathError::NulByte`].
    ///
    /// ```
    /// use whatwg_url::Url;
    /// assert_eq!(Url::from_posix_path(b"/tmp/a b#1.txt")?.href(), "file:///tmp/a%20b%231.txt");
    /// assert_eq!(Url::from_posix_path(b"/caf\xc3\xa9/\xff")?.href(), "file:///caf%C3%A9/%FF");
    /// assert_eq!(Url::from_posix_path(b"/a//../b/./c/")?.href(), "file:///b/c/");
    /// assert_eq!(Url::from_posix_path(b"/C:/../x")?.href(), "file:///x");
    /// assert_eq!(Url::from_posix_path(b"/C:/x")?.href(), "file:///C%3A/x");
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

    /// The POSIX path of a `file:` URL, as bytes: its path percent-decoded, an empty segment
    /// dropped (`file:///a//b` is `/a/b`, as a run of `/` reads). The query and fragment are
    /// ignored.
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
    /// Understood: `C:\…` (also `C:/…`), `\\server\share\…`, `\\?\C:\…`, `\\?\UNC\server\share\…`,
    /// `\\.\C:\…` and `\\.\UNC\server\share\…`. Normalized as Win32 does (runs of separators,
    /// `.`, `..` that never leaves `C:\` or `\\server\share`); a verbatim `\\?\` path is taken
    /// literally: the Windows table of [`FilePathError`]. Errors:
    /// [`FilePathError::RelativePath`] (`a\b`, `\a`), [`FilePathError::DriveRelative`] (`C:a`,
    /// `C:`), [`FilePathError::IncompleteUncPath`], [`FilePathError::UnsupportedHost`] (a server
    /// name the host parser rejects, `[::1]`), [`FilePathError::UnsupportedPrefix`] (other device
    /// paths), [`FilePathError::VerbatimPath`], [`FilePathError::TrailingDotOrSpace`],
    /// [`FilePathError::DeviceName`], [`FilePathError::NulByte`].
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let wide = |s: &str| s.encode_utf16().collect::<Vec<u16>>();
    /// assert_eq!(Url::from_windows_path(&wide(r"C:\Users\a b\x.txt"))?.href(), "file:///C:/Users/a%20b/x.txt");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\Server\share\x"))?.href(), "file://server/share/x");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\?\UNC\server\share\x"))?.href(), "file://server/share/x");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\server\share\..\..\x"))?.href(), "file://server/share/x");
    /// assert_eq!(Url::from_windows_path(&wide(r"\\--1.ipv6-literal.net\s\x"))?.href(), "file://[::1]/s/x");
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
    /// host (a domain in Unicode, an IPv6 address in the `ipv6-literal.net` form), `C:\…`
    /// otherwise; `/` becomes `\` and an empty segment is dropped (as a run of separators
    /// reads), the path is percent-decoded and read as WTF-8. The query and fragment are
    /// ignored. Never a verbatim (`\\?\`) path: a name Win32 would change is refused instead.
    ///
    /// Errors: [`FilePathError::NotAFileUrl`], [`FilePathError::MissingDriveLetter`],
    /// [`FilePathError::DriveRelative`] (`file:///C:`), [`FilePathError::TrailingDotOrSpace`],
    /// [`FilePathError::DeviceName`],
    /// [`FilePathError::EncodedSeparator`] (`%2F`, `%5C`), [`FilePathError::NotUnicode`],
    /// [`FilePathError::NulByte`], [`FilePathError::IncompleteUncPath`] (`file://server/`),
    /// [`FilePathError::UnsupportedHost`] (`file://./pipe/x` would be the device path
    /// `\\.\pipe\x`; a domain under `ipv6-literal.net` that is no IPv6 address).
    ///
    /// ```
    /// use whatwg_url::Url;
    /// let path = |s: &str| Url::parse(s, None).unwrap().to_windows_path().map(|p| String::from_utf16(&p).unwrap());
    /// assert_eq!(path("file:///C:/a%20b/")?, r"C:\a b\");
    /// assert_eq!(path("file://nas/share/f.txt")?, r"\\nas\share\f.txt");
    /// assert_eq!(path("file://xn--hst-sna/s")?, r"\\höst\s");
    /// assert_eq!(path("file://[2001:db8::1]/s")?, r"\\2001-db8--1.ipv6-literal.net\s");
    /// assert!(path("file:///no-drive").is_err());
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn to_windows_path(&self) -> Result<alloc::vec::Vec<u16>, FilePathError> {
        windows::from_url(self)
    }
}

#[cfg(feature = "std")]
mod host_platform;
