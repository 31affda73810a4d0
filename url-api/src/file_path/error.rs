//! [`FilePathError`]: every refusal of a path/URL conversion, with its reason.

use core::fmt;

/// What a path/URL conversion could not do, and why. Each rule of the tables below that
/// refuses names its variant here, and the same variant comes from both directions for the
/// same shape.
///
#[doc = include_str!("rules.md")]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilePathError {
    /// The URL's scheme is not `file`.
    NotAFileUrl,
    /// The path is not absolute: relative (`a/b`, `..\a`), or rooted without a drive (`\foo`
    /// on Windows).
    RelativePath,
    /// A Windows drive letter without the separator that makes it a root: `C:foo` and `C:` are
    /// relative to the current directory of drive C, and so is the URL `file:///C:`, whose
    /// path would be `C:`.
    DriveRelative,
    /// The path, or the URL's decoded path, holds a NUL byte (no file system takes one).
    NulByte,
    /// A host that the path style cannot express: any host for a POSIX path; for a Windows
    /// path, a UNC server name that the URL host parser rejects, an IPv6 address written in
    /// brackets (Windows writes it as
    /// `--1.ipv6-literal.net`), and a name under `ipv6-literal.net` that is not an IPv6
    /// address without zone.
    UnsupportedHost,
    /// The URL's path holds an encoded separator (`%2F`; for Windows also `%5C`): decoding it
    /// would split a segment in two.
    EncodedSeparator,
    /// A Windows path from a URL whose decoded path is not UTF-8 (or WTF-8): Windows paths are
    /// UTF-16.
    NotUnicode,
    /// A Windows path prefix other than a drive or UNC path (`\\.\pipe\…`, `\\?\Volume{…}\`,
    /// `\\?\GLOBALROOT\…`, a bare volume `\\?\C:`), and the URL host `.` or a server the host
    /// parser maps to it (`。`), which would write one (`file://./pipe/x`): device namespaces
    /// have no `file:` URL.
    UnsupportedPrefix,
    /// A UNC path without its share (`\\server`, `\\server\`, `file://server/`), or with `.`
    /// or `..` where the share belongs: `\\server\share` is the root, and a path must name it.
    IncompleteUncPath,
    /// A URL without a host whose path does not start with a drive letter, for a Windows path.
    MissingDriveLetter,
    /// A verbatim path (`\\?\…`) that Windows would take literally where its normalized
    /// reading differs: a `/` in a name, an empty name (a run of `\`), or a name `.` or `..`.
    /// Taken literally it names another file than the one its URL names.
    VerbatimPath,
    /// A Windows name that ends in `.` or a space: Windows' full-path normalization strips
    /// them, so `C:\a.\b ` opens `C:\a\b`, a file other than the one the name spells (and the
    /// URL `file:///C:/a./b%20` names).
    TrailingDotOrSpace,
    /// A Windows name reserved for a DOS device (`CON`, `PRN`, `AUX`, `NUL`, `COM0`–`COM9`,
    /// `LPT0`–`LPT9`, `CONIN$`, `CONOUT$`, also with an extension or a stream: `nul.txt`,
    /// `COM1:`): Win32 opens the device (`\\.\NUL`) instead of a file.
    DeviceName,
}

impl fmt::Display for FilePathError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FilePathError::NotAFileUrl => "the URL's scheme is not \"file\"",
            FilePathError::RelativePath => "the path is not absolute",
            FilePathError::DriveRelative => {
                "a drive letter without a separator after it names the drive's current directory"
            }
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
            FilePathError::VerbatimPath => {
                "a \\\\?\\ path whose literal names differ from its normalized ones (/, an empty name, . or ..)"
            }
            FilePathError::TrailingDotOrSpace => {
                "a Windows name ending in a dot or a space, which Windows strips"
            }
            FilePathError::DeviceName => "a Windows name reserved for a DOS device",
        })
    }
}

impl core::error::Error for FilePathError {}
