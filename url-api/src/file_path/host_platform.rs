//! The host platform's paths (`std::path`): Windows paths on Windows, POSIX paths elsewhere.

extern crate std;

use std::path::{Path, PathBuf};

use super::FilePathError;
use crate::Url;

impl Url {
    /// The `file:` URL of an absolute path of this platform (rust-url's `from_file_path`):
    /// [`Url::from_windows_path`] on Windows, [`Url::from_posix_path`] elsewhere. A relative
    /// path is an error ([`FilePathError::RelativePath`]): resolve it first, for instance with
    /// `std::path::absolute`.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use whatwg_url::Url;
    /// let url = Url::from_file_path("/tmp/report 1.txt")?;
    /// assert_eq!(url.href(), "file:///tmp/report%201.txt");
    /// assert_eq!(url.to_file_path()?, std::path::Path::new("/tmp/report 1.txt"));
    /// # }
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_file_path(path: impl AsRef<Path>) -> Result<Url, FilePathError> {
        to_url(path.as_ref(), false)
    }

    /// [`Url::from_file_path`] for a directory: the URL's path ends with `/`, so that
    /// [`Url::join`] resolves names inside it.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use whatwg_url::Url;
    /// let dir = Url::from_directory_path("/srv/www")?;
    /// assert_eq!(dir.join("index.html").unwrap().href(), "file:///srv/www/index.html");
    /// # }
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn from_directory_path(path: impl AsRef<Path>) -> Result<Url, FilePathError> {
        to_url(path.as_ref(), true)
    }

    /// The path of this platform that a `file:` URL names (rust-url's `to_file_path`):
    /// [`Url::to_windows_path`] on Windows, [`Url::to_posix_path`] elsewhere.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// use whatwg_url::{FilePathError, Url};
    /// let url = Url::parse("file:///etc/hosts", None).unwrap();
    /// assert_eq!(url.to_file_path()?, std::path::PathBuf::from("/etc/hosts"));
    /// let web = Url::parse("https://example.com/", None).unwrap();
    /// assert_eq!(web.to_file_path(), Err(FilePathError::NotAFileUrl));
    /// # }
    /// # Ok::<(), whatwg_url::FilePathError>(())
    /// ```
    pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
        from_url(self)
    }
}

#[cfg(windows)]
fn to_url(path: &Path, directory: bool) -> Result<Url, FilePathError> {
    use std::os::windows::ffi::OsStrExt;
    let wide: std::vec::Vec<u16> = path.as_os_str().encode_wide().collect();
    super::windows::to_url(&wide, directory)
}

#[cfg(windows)]
fn from_url(url: &Url) -> Result<PathBuf, FilePathError> {
    use std::os::windows::ffi::OsStringExt;
    let wide = super::windows::from_url(url)?;
    Ok(PathBuf::from(std::ffi::OsString::from_wide(&wide)))
}

#[cfg(not(windows))]
fn to_url(path: &Path, directory: bool) -> Result<Url, FilePathError> {
    super::posix::to_url(os_bytes(path)?.as_ref(), directory)
}

#[cfg(not(windows))]
fn from_url(url: &Url) -> Result<PathBuf, FilePathError> {
    let bytes = super::posix::from_url(url)?;
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStringExt;
        Ok(PathBuf::from(std::ffi::OsString::from_vec(bytes)))
    }
    #[cfg(not(unix))]
    {
        std::string::String::from_utf8(bytes)
            .map(PathBuf::from)
            .map_err(|_| FilePathError::NotUnicode)
    }
}

/// A path's bytes: exact on Unix; elsewhere (WASI, …) its UTF-8 when it has one.
#[cfg(not(windows))]
fn os_bytes(path: &Path) -> Result<std::borrow::Cow<'_, [u8]>, FilePathError> {
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        Ok(std::borrow::Cow::Borrowed(path.as_os_str().as_bytes()))
    }
    #[cfg(not(unix))]
    {
        path.to_str()
            .map(|s| std::borrow::Cow::Borrowed(s.as_bytes()))
            .ok_or(FilePathError::NotUnicode)
    }
}
