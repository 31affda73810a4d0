//! POSIX paths (bytes) to and from `file:` URLs: the POSIX table of the module docs.

use alloc::string::String;
use alloc::vec::Vec;

use super::FilePathError;
use super::rules::{
    SEGMENT, file_path_of, has_encoded_separator, is_drive_letter, is_slash, resolve,
};
use crate::Url;

/// `file://` + the path's names after [`resolve`], each percent-encoded; a name that is a
/// Windows drive letter gets its colon encoded (`C%3A`), so that the URL parser does not read
/// it as a drive. With `directory`, a `/` ends the path.
pub(super) fn to_url(path: &[u8], directory: bool) -> Result<Url, FilePathError> {
    let Some(rest) = path.strip_prefix(b"/") else {
        return Err(FilePathError::RelativePath);
    };
    if path.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let resolved = resolve(rest.split(is_slash));
    let mut serialization = String::with_capacity(8 + path.len() + 2 * resolved.names.len());
    serialization.push_str("file://");
    for name in &resolved.names {
        serialization.push('/');
        match name {
            [letter, b':'] if is_drive_letter(name) => {
                serialization.push(char::from(*letter));
                serialization.push_str("%3A");
            }
            _ => percent::percent_encode_into(name, SEGMENT, &mut serialization),
        }
    }
    if directory || resolved.directory || resolved.names.is_empty() {
        serialization.push('/');
    }
    parse_built(&serialization)
}

/// Parses a serialization this module built: it is a valid `file:` URL by construction (only
/// ASCII outside the path percent-encode set, after `file://`), with no dot segment or drive
/// letter the parser would act on.
pub(super) fn parse_built(serialization: &str) -> Result<Url, FilePathError> {
    // Cannot fail: a failure here would be a bug in the building, reported as the path's.
    Url::parse(serialization, None).map_err(|_| FilePathError::UnsupportedHost)
}

/// The percent-decoded path of a `file:` URL without host, its names through [`resolve`]
/// (the URL parser has removed `.` and `..`; a run of `/` is one, as when reading a path).
pub(super) fn from_url(url: &Url) -> Result<Vec<u8>, FilePathError> {
    let path = file_path_of(url)?;
    if !url.hostname().is_empty() {
        return Err(FilePathError::UnsupportedHost);
    }
    if has_encoded_separator(path, false) {
        return Err(FilePathError::EncodedSeparator);
    }
    let decoded = percent::percent_decode(path.as_bytes());
    if decoded.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let rest = decoded.strip_prefix(b"/").unwrap_or(&decoded);
    let resolved = resolve(rest.split(is_slash));
    let mut out = Vec::with_capacity(decoded.len());
    for name in &resolved.names {
        out.push(b'/');
        out.extend_from_slice(name);
    }
    if resolved.directory || out.is_empty() {
        out.push(b'/');
    }
    Ok(out)
}
