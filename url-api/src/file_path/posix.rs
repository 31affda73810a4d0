//! POSIX paths (bytes) to and from `file:` URLs.

use alloc::string::String;
use alloc::vec::Vec;

use super::{FilePathError, SEGMENT, file_path_of, has_encoded_separator};
use crate::Url;

/// `file://` + the path's segments, each percent-encoded, parsed (which resolves `.` and
/// `..`). With `directory`, a `/` ends the path.
pub(super) fn to_url(path: &[u8], directory: bool) -> Result<Url, FilePathError> {
    if path.first() != Some(&b'/') {
        return Err(FilePathError::RelativePath);
    }
    if path.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let mut serialization = String::with_capacity(7 + path.len() + 1);
    serialization.push_str("file://");
    for segment in path.split(|&b| b == b'/').skip(1) {
        serialization.push('/');
        percent::percent_encode_into(segment, SEGMENT, &mut serialization);
    }
    if directory && !serialization.ends_with('/') {
        serialization.push('/');
    }
    parse_built(&serialization)
}

/// Parses a serialization this module built: it is a valid `file:` URL by construction (only
/// ASCII outside the path percent-encode set, after `file://`).
pub(super) fn parse_built(serialization: &str) -> Result<Url, FilePathError> {
    // Cannot fail: a failure here would be a bug in the building, reported as the path's.
    Url::parse(serialization, None).map_err(|_| FilePathError::UnsupportedHost)
}

/// The percent-decoded path of a `file:` URL without host.
pub(super) fn from_url(url: &Url) -> Result<Vec<u8>, FilePathError> {
    let path = file_path_of(url)?;
    if !url.hostname().is_empty() {
        return Err(FilePathError::UnsupportedHost);
    }
    if has_encoded_separator(path, false) {
        return Err(FilePathError::EncodedSeparator);
    }
    let decoded = percent::percent_decode(path.as_bytes()).into_owned();
    if decoded.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    Ok(decoded)
}
