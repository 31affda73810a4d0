//! rust-url's file path conversions (feature `std`), on whatwg-url's: the rules of
//! `whatwg_url::FilePathError` with rust-url's `Result<_, ()>`.

use crate::Url;
use std::path::{Path, PathBuf};

impl Url {
    /// Convert a file name as `std::path::Path` into an URL in the `file` scheme.
    ///
    /// This returns `Err` if the given path is not absolute or, on Windows, if the prefix is
    /// not a disk prefix (e.g. `C:`) or a UNC prefix (`\\`). whatwg-url's
    /// `Url::from_file_path` gives the reason (`FilePathError`).
    ///
    /// ```
    /// # if cfg!(unix) {
    /// use url::Url;
    /// let url = Url::from_file_path("/tmp/foo.txt").unwrap();
    /// assert_eq!(url.as_str(), "file:///tmp/foo.txt");
    /// assert!(Url::from_file_path("../foo.txt").is_err());
    /// // As rust-url: runs of separators, `.` segments and a trailing separator go.
    /// assert_eq!(Url::from_file_path("/a//b/./c/").unwrap().as_str(), "file:///a/b/c");
    /// # }
    /// ```
    #[allow(clippy::result_unit_err)]
    pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let path = components(path.as_ref());
        #[cfg(unix)]
        if let Some(url) = with_nul_bytes(&path, false) {
            return url;
        }
        whatwg_url::Url::from_file_path(path)
            .map(Url::from_whatwg)
            .map_err(|_| ())
    }

    /// Convert a directory name as `std::path::Path` into an URL in the `file` scheme: as
    /// [`Url::from_file_path`], with a trailing `/` so that relative references join inside
    /// the directory.
    #[allow(clippy::result_unit_err)]
    pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, ()> {
        let path = components(path.as_ref());
        #[cfg(unix)]
        if let Some(url) = with_nul_bytes(&path, true) {
            return url;
        }
        whatwg_url::Url::from_directory_path(path)
            .map(Url::from_whatwg)
            .map_err(|_| ())
    }

    /// Assuming the URL is in the `file` scheme or similar, convert its path to an absolute
    /// `std::path::Path`.
    ///
    /// Returns `Err` if the host is neither empty nor `"localhost"` (except on Windows,
    /// where `file:` URLs may have a non-local host), or if the path does not name a file of
    /// this platform (whatwg-url's `Url::to_file_path` gives the reason).
    #[allow(clippy::result_unit_err)]
    pub fn to_file_path(&self) -> Result<PathBuf, ()> {
        #[cfg(unix)]
        if self.path().contains("%00") {
            return nul_bytes_to_path(self);
        }
        let path = self.inner.to_file_path().map_err(|_| ())?;
        #[cfg(unix)]
        let path = drive_letter_with_slash(path);
        Ok(path)
    }
}

/// The path as rust-url reads it: through `Path::components`, which drops runs of separators,
/// `.` segments (but a leading one) and a trailing separator (`/a//b/./c/` is `/a/b/c`). The
/// standard has no rule for file paths, so rust-url's API decides; whatwg-url's own
/// conversions keep every segment (`whatwg_url::Url::from_file_path`).
fn components(path: &Path) -> PathBuf {
    path.components().collect()
}

/// A POSIX path with NUL bytes, as rust-url converts it: each NUL is written `%00`.
/// whatwg-url refuses such a path (`FilePathError::NulByte`: no file system names a file with
/// a NUL); the standard says nothing of file paths, so the facade keeps rust-url's answer.
/// The NULs go through the conversion as bytes 0x01 (percent-encoded the same way by the path
/// percent-encode set), then `%01` becomes `%00`; a path that has both bytes is refused.
#[cfg(unix)]
fn with_nul_bytes(path: &Path, directory: bool) -> Option<Result<Url, ()>> {
    use std::os::unix::ffi::OsStrExt;
    let bytes = path.as_os_str().as_bytes();
    if !bytes.contains(&0) {
        return None;
    }
    if bytes.contains(&1) {
        return Some(Err(()));
    }
    let stand_in: std::vec::Vec<u8> = bytes.iter().map(|&b| if b == 0 { 1 } else { b }).collect();
    let url = if directory {
        whatwg_url::Url::from_posix_directory_path(&stand_in)
    } else {
        whatwg_url::Url::from_posix_path(&stand_in)
    };
    Some(
        url.ok()
            .and_then(|u| Url::parse(&u.href().replace("%01", "%00")).ok())
            .ok_or(()),
    )
}

/// The way back of [`with_nul_bytes`]: `%00` in the path is a NUL byte of the POSIX path.
#[cfg(unix)]
fn nul_bytes_to_path(url: &Url) -> Result<PathBuf, ()> {
    use std::os::unix::ffi::OsStringExt;
    if url.path().contains("%01") {
        return Err(());
    }
    let stand_in = Url::parse(&url.as_str().replace("%00", "%01")).map_err(|_| ())?;
    let bytes = stand_in.inner.to_posix_path().map_err(|_| ())?;
    let bytes = bytes
        .into_iter()
        .map(|b| if b == 1 { 0 } else { b })
        .collect();
    Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
}

/// rust-url's rule for a POSIX path that ends like a Windows drive letter (`/c:`): it gets a
/// trailing `/` (servo/rust-url#505: `/c:/` converts to `file:///c:` and back to `/c:/`).
#[cfg(unix)]
fn drive_letter_with_slash(path: PathBuf) -> PathBuf {
    use std::os::unix::ffi::OsStringExt;
    let mut bytes = path.into_os_string().into_vec();
    if let [.., letter, b':' | b'|'] = bytes.as_slice() {
        if bytes.len() > 2 && letter.is_ascii_alphabetic() {
            bytes.push(b'/');
        }
    }
    PathBuf::from(std::ffi::OsString::from_vec(bytes))
}
