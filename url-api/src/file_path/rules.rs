//! The normalization rules of the module docs' tables, written once: both directions (path →
//! URL, URL → path) of both styles run a path's names through [`resolve`] and, for Windows,
//! each name through [`check_windows_name`]. With them, what both styles share: the bytes a
//! segment encodes, the separators a URL path may not encode, the `file:` check. (Here, not in
//! the parent module, so that `posix.rs` and `windows.rs` do not reach back into it.)

use alloc::vec::Vec;

use super::FilePathError;
use crate::{SchemeType, Url};
use percent::{AsciiSet, PATH};

/// The bytes of a path segment that are percent-encoded in a `file:` URL: the URL path
/// percent-encode set (spec 1.3: C0 controls, space, `"`, `#`, `<`, `>`, `?`, `` ` ``, `{`,
/// `}`, and every non-ASCII byte), and
/// - `%`, so that a name holding `%41` stays that name;
/// - `\`, a separator in the path of a special URL;
/// - `|`, so that a segment `C|` is not read as the drive letter `C:`.
pub(super) const SEGMENT: &AsciiSet = &PATH.add(b'%').add(b'\\').add(b'|');

/// `/`, the separator of a POSIX path and of a URL path: one named function, so that every
/// split on it is one type (one compiled `Split`, one [`resolve`]).
pub(super) fn is_slash(byte: &u8) -> bool {
    *byte == b'/'
}

/// Whether a URL path holds `%2F`/`%2f` (or, with `backslash`, `%5C`/`%5c`).
pub(super) fn has_encoded_separator(path: &str, backslash: bool) -> bool {
    path.as_bytes().windows(3).any(|w| match w {
        [b'%', b'2', b'f' | b'F'] => true,
        [b'%', b'5', b'c' | b'C'] => backslash,
        _ => false,
    })
}

/// The `file:` URL's path for a path conversion, or why there is none.
pub(super) fn file_path_of(url: &Url) -> Result<&str, FilePathError> {
    if url.scheme_type() != SchemeType::File {
        return Err(FilePathError::NotAFileUrl);
    }
    Ok(url.pathname())
}

/// The names of a path after its root, normalized, and whether it ends as a directory.
pub(super) struct Resolved<'a> {
    /// The names, none empty, `.` or `..`.
    pub names: Vec<&'a [u8]>,
    /// The path ends with a separator, or with a `.` or `..` name (which name a directory).
    pub directory: bool,
}

/// Separators and dot segments, the same for both styles and both directions:
/// - a run of separators is one separator (an empty name between two is dropped; POSIX
///   `realpath`, Win32 `GetFullPathNameW`);
/// - `.` is dropped, `..` drops the name before it and never the root (the POSIX `/`, the
///   Windows `X:\` or `\\server\share`);
/// - a separator, `.` or `..` at the end makes the result a directory (`/a/b/..` is `/a/`).
///
/// `names` is what lies between the separators after the root.
pub(super) fn resolve<'a>(names: impl Iterator<Item = &'a [u8]>) -> Resolved<'a> {
    let mut out = Vec::new();
    let mut directory = false;
    for name in names {
        directory = true;
        match name {
            b"" | b"." => {}
            b".." => {
                out.pop();
            }
            name => {
                out.push(name);
                directory = false;
            }
        }
    }
    Resolved {
        names: out,
        directory,
    }
}

/// Whether a name is a Windows drive letter (`C:`, spec 4.2 Windows drive letter, with `|`
/// too): the URL parser reads such a first segment as a root that `..` cannot leave.
pub(super) fn is_drive_letter(name: &[u8]) -> bool {
    matches!(name, [letter, b':' | b'|'] if letter.is_ascii_alphabetic())
}

/// The rules of a Windows name (a segment after the root, or a UNC share), outside verbatim
/// paths and in every URL: refused where Win32's full-path normalization would open another
/// file than the name spells.
pub(super) fn check_windows_name(name: &[u8]) -> Result<(), FilePathError> {
    if matches!(name.last(), Some(b'.' | b' ')) {
        return Err(FilePathError::TrailingDotOrSpace);
    }
    if is_device_name(name) {
        return Err(FilePathError::DeviceName);
    }
    Ok(())
}

/// `CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`, `LPT0`–`LPT9` (and `COM¹²³`, `LPT¹²³`), `CONIN$`,
/// `CONOUT$`, in any case, alone or before a `.` (an extension) or `:` (a stream), with spaces
/// before those: the names Win32 turns into `\\.\NUL` and the like (`RtlIsDosDeviceName_U`).
fn is_device_name(name: &[u8]) -> bool {
    let end = name
        .iter()
        .position(|&b| b == b'.' || b == b':')
        .unwrap_or(name.len());
    let mut base = name.get(..end).unwrap_or_default();
    while let [rest @ .., b' '] = base {
        base = rest;
    }
    const DEVICES: [&[u8]; 6] = [b"CON", b"PRN", b"AUX", b"NUL", b"CONIN$", b"CONOUT$"];
    if DEVICES
        .iter()
        .any(|device| base.eq_ignore_ascii_case(device))
    {
        return true;
    }
    match base {
        [a, b, c, number @ ..] => {
            let port = [*a, *b, *c];
            (port.eq_ignore_ascii_case(b"COM") || port.eq_ignore_ascii_case(b"LPT"))
                && matches!(number, [b'0'..=b'9'] | [0xC2, 0xB9 | 0xB2 | 0xB3])
        }
        _ => false,
    }
}
