//! Windows paths (UTF-16 code units) to and from `file:` URLs: the Windows table of the module
//! docs. Both directions split the path into a root (`X:\`, or `\\server\share`, which `..`
//! never leaves) and names, run the names through [`resolve`] and each name through
//! [`check_windows_name`]; servers go through [`unc`].

use alloc::string::String;
use alloc::vec::Vec;

use super::posix::parse_built;
use super::rules::{
    SEGMENT, check_windows_name, file_path_of, has_encoded_separator, is_slash, resolve,
};
use super::{FilePathError, unc, wtf8};
use crate::Url;

/// What a path or URL is rooted at.
enum Root<'a> {
    /// `C:\…`: the drive letter with its colon.
    Drive(&'a [u8]),
    /// `\\server\share\…`: the server as its URL host serialization, and the share.
    Unc(String, &'a [u8]),
}

/// `C:` (a drive letter as Windows writes it: `C|` is the URL parser's, not Windows').
fn is_drive(name: &[u8]) -> bool {
    matches!(name, [letter, b':'] if letter.is_ascii_alphabetic())
}

/// `file://` + the server or `/` + the drive, then the names, each percent-encoded, parsed.
/// With `directory`, a `/` ends the path.
pub(super) fn to_url(path: &[u16], directory: bool) -> Result<Url, FilePathError> {
    if path.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let bytes = wtf8::encode(path);
    // A verbatim path (`\\?\`) is taken literally: only `\` separates, and nothing of the
    // normalization applies; we accept it when the literal reading is its normal form.
    let verbatim = bytes.starts_with(br"\\?\");
    let is_separator = |b: &u8| *b == b'\\' || (!verbatim && *b == b'/');
    let parts: Vec<&[u8]> = bytes.split(is_separator).collect();
    if verbatim {
        check_verbatim(parts.get(3..).unwrap_or_default())?;
    }
    let (root, names) = match parts.as_slice() {
        [b"", b"", b"?" | b".", rest @ ..] if verbatim || bytes.starts_with(br"\\.\") => match rest
        {
            [drive, names @ ..] if is_drive(drive) && !names.is_empty() => {
                (Root::Drive(drive), names)
            }
            [unc, rest @ ..] if unc.eq_ignore_ascii_case(b"UNC") => unc_root(rest)?,
            _ => return Err(FilePathError::UnsupportedPrefix),
        },
        [b"", b"", rest @ ..] => unc_root(rest)?,
        [drive, names @ ..] if is_drive(drive) && !names.is_empty() => (Root::Drive(drive), names),
        [first, ..]
            if first.get(1) == Some(&b':')
                && first.first().is_some_and(u8::is_ascii_alphabetic) =>
        {
            return Err(FilePathError::DriveRelative);
        }
        _ => return Err(FilePathError::RelativePath),
    };
    let resolved = resolve(names.iter().copied());
    let mut serialization = String::with_capacity(8 + bytes.len() + 2 * names.len());
    serialization.push_str("file://");
    match &root {
        Root::Drive(drive) => {
            serialization.push('/');
            // `[A-Za-z]:`, which SEGMENT leaves as it is.
            percent::percent_encode_into(drive, SEGMENT, &mut serialization);
        }
        Root::Unc(server, share) => {
            check_windows_name(share)?;
            serialization.push_str(server);
            serialization.push('/');
            percent::percent_encode_into(share, SEGMENT, &mut serialization);
        }
    }
    for name in &resolved.names {
        check_windows_name(name)?;
        serialization.push('/');
        percent::percent_encode_into(name, SEGMENT, &mut serialization);
    }
    let bare_drive = matches!(root, Root::Drive(_)) && resolved.names.is_empty();
    if directory || resolved.directory || bare_drive {
        serialization.push('/');
    }
    parse_built(&serialization)
}

/// The names of a verbatim path after `\\?\`: none may hold `/`, be `.` or `..`, or be empty
/// (but the last, a trailing `\`), since Windows would take each literally.
fn check_verbatim(parts: &[&[u8]]) -> Result<(), FilePathError> {
    let last = parts.len().saturating_sub(1);
    for (i, part) in parts.iter().enumerate() {
        if part.contains(&b'/') || matches!(*part, b"." | b"..") || (part.is_empty() && i != last) {
            return Err(FilePathError::VerbatimPath);
        }
    }
    Ok(())
}

/// `server`, then the share: the first name after it (a run of separators is one), and the
/// names after the share.
fn unc_root<'a, 'p>(parts: &'p [&'a [u8]]) -> Result<(Root<'a>, &'p [&'a [u8]]), FilePathError> {
    let [server, rest @ ..] = parts else {
        return Err(FilePathError::IncompleteUncPath);
    };
    // `//./…` and `//?/…` are the device and verbatim prefixes written with `/`.
    if matches!(*server, b"." | b"?") {
        return Err(FilePathError::UnsupportedPrefix);
    }
    if server.is_empty() {
        return Err(FilePathError::IncompleteUncPath);
    }
    let skipped = rest.iter().take_while(|part| part.is_empty()).count();
    match rest.get(skipped..).unwrap_or_default() {
        [share, names @ ..] if !matches!(*share, b"." | b"..") => {
            Ok((Root::Unc(unc::server_to_host(server)?, share), names))
        }
        _ => Err(FilePathError::IncompleteUncPath),
    }
}

/// The Windows path of a `file:` URL (see [`Url::to_windows_path`]).
pub(super) fn from_url(url: &Url) -> Result<Vec<u16>, FilePathError> {
    let path = file_path_of(url)?;
    if has_encoded_separator(path, true) {
        return Err(FilePathError::EncodedSeparator);
    }
    let decoded = percent::percent_decode(path.as_bytes());
    if decoded.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let parts: Vec<&[u8]> = decoded
        .strip_prefix(b"/")
        .unwrap_or(&decoded)
        .split(is_slash)
        .collect();
    let mut out: Vec<u8> = Vec::with_capacity(decoded.len() + url.hostname().len() + 2);
    let (names, is_drive_root) = if url.hostname().is_empty() {
        // `/C:` or `/C:/…`: the URL parser has already made `C|` into `C:`.
        match parts.as_slice() {
            [drive] if is_drive(drive) => return Err(FilePathError::DriveRelative),
            [drive, names @ ..] if is_drive(drive) => {
                out.extend_from_slice(drive);
                (names, true)
            }
            _ => return Err(FilePathError::MissingDriveLetter),
        }
    } else {
        let server = unc::host_to_server(url)?;
        let skipped = parts.iter().take_while(|part| part.is_empty()).count();
        let [share, names @ ..] = parts.get(skipped..).unwrap_or_default() else {
            return Err(FilePathError::IncompleteUncPath);
        };
        check_windows_name(share)?;
        out.extend_from_slice(br"\\");
        out.extend_from_slice(server.as_bytes());
        out.push(b'\\');
        out.extend_from_slice(share);
        (names, false)
    };
    let resolved = resolve(names.iter().copied());
    for name in &resolved.names {
        check_windows_name(name)?;
        out.push(b'\\');
        out.extend_from_slice(name);
    }
    if resolved.directory || (is_drive_root && resolved.names.is_empty()) {
        out.push(b'\\');
    }
    let mut units = Vec::with_capacity(out.len());
    wtf8::decode_into(&out, &mut units).ok_or(FilePathError::NotUnicode)?;
    Ok(units)
}
