//! Windows paths (UTF-16 code units) to and from `file:` URLs.

use alloc::string::String;
use alloc::vec::Vec;

use super::posix::parse_built;
use super::{FilePathError, SEGMENT, file_path_of, has_encoded_separator};
use crate::Url;
use host::{HostKind, NoSink};

/// Where the path's segments start, and the URL's host (a UNC server) or drive letter.
enum Root<'a> {
    /// `C:\…`: the drive letter with its colon.
    Drive(&'a [u8]),
    /// `\\server\share\…`: the server's host serialization.
    Unc(String),
}

/// `file://` + the server or `/` + the drive, then the segments, each percent-encoded,
/// parsed. With `directory`, a `/` ends the path.
pub(super) fn to_url(path: &[u16], directory: bool) -> Result<Url, FilePathError> {
    if path.contains(&0) {
        return Err(FilePathError::NulByte);
    }
    let bytes = wtf8_encode(path);
    let (root, rest, verbatim) = root(&bytes)?;
    let mut serialization = String::with_capacity(8 + bytes.len() + 1);
    serialization.push_str("file://");
    match root {
        Root::Drive(drive) => {
            serialization.push('/');
            percent::percent_encode_into(drive, SEGMENT, &mut serialization);
            // A drive letter is `[A-Za-z]:`, which SEGMENT leaves as it is.
        }
        Root::Unc(server) => serialization.push_str(&server),
    }
    // In a `\\?\` path only `\` separates; `/` is a character of the name, which a URL path
    // cannot hold (a `%2F` would be refused on the way back).
    let is_separator = |b: &u8| *b == b'\\' || (!verbatim && *b == b'/');
    if verbatim && rest.contains(&b'/') {
        return Err(FilePathError::UnsupportedPrefix);
    }
    // Windows reads a run of separators as one (`C:\a\\b` is `C:\a\b`): empty segments are
    // dropped but a last one, which keeps the trailing separator.
    let mut segments = rest.split(is_separator).peekable();
    while let Some(segment) = segments.next() {
        if segment.is_empty() && segments.peek().is_some() {
            continue;
        }
        serialization.push('/');
        percent::percent_encode_into(segment, SEGMENT, &mut serialization);
    }
    if directory && !serialization.ends_with('/') {
        serialization.push('/');
    }
    parse_built(&serialization)
}

/// Splits an absolute Windows path into its root and the rest after the root's separator
/// (empty for a bare root like `C:\`), and says whether it was a verbatim (`\\?\`) path.
fn root(bytes: &[u8]) -> Result<(Root<'_>, &[u8], bool), FilePathError> {
    let sep = |b: u8| b == b'\\' || b == b'/';
    match bytes {
        // `\\?\` (verbatim) and `\\.\` (device) prefixes: only a drive or a UNC path.
        [b'\\', b'\\', kind @ (b'?' | b'.'), b'\\', rest @ ..] => {
            let verbatim = *kind == b'?';
            if let Some((drive, after)) = drive(rest) {
                return Ok((Root::Drive(drive), after, verbatim));
            }
            match rest {
                [u, n, c, b'\\', unc_path @ ..] if [*u, *n, *c].eq_ignore_ascii_case(b"UNC") => {
                    let (server, after) = unc(unc_path, verbatim)?;
                    Ok((Root::Unc(server), after, verbatim))
                }
                _ => Err(FilePathError::UnsupportedPrefix),
            }
        }
        [a, b, rest @ ..] if sep(*a) && sep(*b) => {
            let (server, after) = unc(rest, false)?;
            Ok((Root::Unc(server), after, false))
        }
        _ => match drive(bytes) {
            Some((drive, after)) => Ok((Root::Drive(drive), after, false)),
            None => Err(FilePathError::RelativePath),
        },
    }
}

/// `C:\rest` or `C:` at the end: the drive (`C:`) and the rest. `C:rest` is drive-relative.
fn drive(bytes: &[u8]) -> Option<(&[u8], &[u8])> {
    match bytes {
        [letter, b':', sep, ..] if letter.is_ascii_alphabetic() && matches!(sep, b'\\' | b'/') => {
            Some((bytes.get(..2)?, bytes.get(3..)?))
        }
        _ => None,
    }
}

/// `server\share\rest`: the server's host serialization (parsed as the URL's host would be)
/// and `share\rest`.
fn unc(bytes: &[u8], verbatim: bool) -> Result<(String, &[u8]), FilePathError> {
    let is_separator = |b: &u8| *b == b'\\' || (!verbatim && *b == b'/');
    let end = bytes.iter().position(is_separator);
    let (server, after) = match end {
        Some(end) => (
            bytes.get(..end).unwrap_or_default(),
            bytes.get(end + 1..).unwrap_or_default(),
        ),
        None => (bytes, &[][..]),
    };
    let share_end = after.iter().position(is_separator).unwrap_or(after.len());
    if server.is_empty() || share_end == 0 {
        return Err(FilePathError::IncompleteUncPath);
    }
    // `//./…` and `//?/…` are the device and verbatim prefixes written with `/`.
    if matches!(server, [b'.' | b'?']) {
        return Err(FilePathError::UnsupportedPrefix);
    }
    // The host parser decodes `%XX` in a domain: a server name holding `%` would name another
    // server. `localhost` is the empty host in a `file:` URL (spec 4.4 file host state), which
    // would lose the UNC path.
    let server = core::str::from_utf8(server).map_err(|_| FilePathError::UnsupportedHost)?;
    if server.contains('%') || server.eq_ignore_ascii_case("localhost") {
        return Err(FilePathError::UnsupportedHost);
    }
    let mut host = String::new();
    match host::parse_host_into(server, false, &mut host, &mut NoSink) {
        Ok(HostKind::Domain | HostKind::Ipv4 | HostKind::Ipv6) if host != "localhost" => {
            Ok((host, after))
        }
        _ => Err(FilePathError::UnsupportedHost),
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
    let hostname = url.hostname();
    let mut out: Vec<u16> = Vec::with_capacity(decoded.len() + hostname.len() + 2);
    let tail: &[u8] = if hostname.is_empty() {
        // `/C:` or `/C:/…`: the URL parser has already made `C|` into `C:`.
        match decoded.as_ref() {
            [b'/', letter, b':'] if letter.is_ascii_alphabetic() => {
                out.extend([u16::from(*letter), u16::from(b':'), u16::from(b'\\')]);
                &[]
            }
            [b'/', letter, b':', b'/', ..] if letter.is_ascii_alphabetic() => {
                decoded.get(1..).unwrap_or_default()
            }
            _ => return Err(FilePathError::MissingDriveLetter),
        }
    } else {
        // `\\.\…` would be a device path (`file://./pipe/x` must not name `\\.\pipe\x`).
        if hostname == "." {
            return Err(FilePathError::UnsupportedHost);
        }
        out.extend([u16::from(b'\\'); 2]);
        let unicode = match url.host_kind() {
            Some(HostKind::Domain) => host::domain_to_unicode(hostname),
            _ => hostname.into(),
        };
        out.extend(unicode.encode_utf16());
        &decoded
    };
    let mut decoded_tail = Vec::with_capacity(tail.len());
    wtf8_decode_into(tail, &mut decoded_tail).ok_or(FilePathError::NotUnicode)?;
    // `/` becomes `\`, and a run of separators is one, as Windows reads it (and as
    // `Url::from_windows_path` writes it, so that path → URL → path is the identity).
    let backslash = u16::from(b'\\');
    for unit in decoded_tail {
        let unit = if unit == u16::from(b'/') {
            backslash
        } else {
            unit
        };
        if unit != backslash || out.last() != Some(&backslash) {
            out.push(unit);
        }
    }
    // `\\server` or `\\server\` names no share, so no file.
    if !hostname.is_empty() && !names_a_share(&out) {
        return Err(FilePathError::IncompleteUncPath);
    }
    Ok(out)
}

/// Whether a UNC path (`\\server\…`) has a share name after its server.
fn names_a_share(unc: &[u16]) -> bool {
    let backslash = u16::from(b'\\');
    let after_server = unc
        .get(2..)
        .unwrap_or_default()
        .iter()
        .skip_while(|&&u| u != backslash);
    after_server.skip(1).any(|&u| u != backslash)
}

/// UTF-16 code units as WTF-8: UTF-8, with each lone surrogate as the three bytes UTF-8 would
/// give its code point.
pub(super) fn wtf8_encode(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(lone) => {
                let u = lone.unpaired_surrogate();
                out.extend([
                    0xE0 | (u >> 12) as u8,
                    0x80 | ((u >> 6) & 0x3F) as u8,
                    0x80 | (u & 0x3F) as u8,
                ]);
            }
        }
    }
    out
}

/// Appends WTF-8 `bytes` to `out` as UTF-16; `None` (with `out` partly written) when they are
/// not WTF-8.
pub(super) fn wtf8_decode_into(mut bytes: &[u8], out: &mut Vec<u16>) -> Option<()> {
    loop {
        match core::str::from_utf8(bytes) {
            Ok(text) => {
                out.extend(text.encode_utf16());
                return Some(());
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                out.extend(core::str::from_utf8(valid).ok()?.encode_utf16());
                // A surrogate code point: ED A0..BF 80..BF, which UTF-8 refuses.
                match rest {
                    [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, tail @ ..] => {
                        out.push(0xD000 | (u16::from(*b1 & 0x3F) << 6) | u16::from(*b2 & 0x3F));
                        bytes = tail;
                    }
                    _ => return None,
                }
            }
        }
    }
}
