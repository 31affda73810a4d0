//! The oracle of the property tests: what file a path names under its platform's own
//! normalization, written from the platforms' documentation without the library's code
//! (POSIX: `realpath` lexically; Windows: "File path formats on Windows systems", the steps of
//! `GetFullPathNameW`: separators, `.` and `..` under a root that is never popped, trailing
//! periods and spaces trimmed; a `\\?\` path skips all of that).

use std::net::{Ipv4Addr, Ipv6Addr};

use whatwg_url::{HostKind, Url};

/// Where a path is rooted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Root {
    /// POSIX `/`.
    Slash,
    /// A drive, its letter upper-cased (Windows compares drive letters without case).
    Drive(u8),
    /// `\\server\share`.
    Unc(Server, Vec<u8>),
}

/// A UNC server, as Windows tells servers apart.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Server {
    /// A DNS name, in its ASCII form (lower case).
    Name(String),
    /// An IPv4 address.
    V4(Ipv4Addr),
    /// An IPv6 address (`…ipv6-literal.net` in a path).
    V6(Ipv6Addr),
}

/// The file a path names: its root and the names under it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Location {
    pub root: Root,
    pub names: Vec<Vec<u8>>,
}

/// `realpath`, lexically: `None` for a relative path.
pub fn posix(path: &[u8]) -> Option<Location> {
    if path.first() != Some(&b'/') {
        return None;
    }
    let mut names: Vec<Vec<u8>> = Vec::new();
    for name in path.split(|&b| b == b'/') {
        match name {
            b"" | b"." => {}
            b".." => drop(names.pop()),
            _ => names.push(name.to_vec()),
        }
    }
    Some(Location {
        root: Root::Slash,
        names,
    })
}

/// A server name of a path as Windows reads it (the DNS name through IDNA, as any resolver).
pub fn server(name: &str) -> Option<Server> {
    if let Some(label) = name.to_ascii_lowercase().strip_suffix(".ipv6-literal.net") {
        return label.replace('-', ":").parse().ok().map(Server::V6);
    }
    if let Ok(v4) = name.parse() {
        return Some(Server::V4(v4));
    }
    let ascii = whatwg_url::node::domain_to_ascii(name);
    (!ascii.is_empty()).then_some(Server::Name(ascii))
}

/// UTF-16 as WTF-8 (a lone surrogate as the three bytes of its code point), which is how a
/// URL holds it.
pub fn wtf8(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::new();
    for c in char::decode_utf16(units.iter().copied()) {
        match c {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(e) => {
                let u = e.unpaired_surrogate();
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

/// The location of a Windows path: `None` for a path Windows would not resolve to a file on
/// a drive or share.
pub fn windows(path: &[u16]) -> Option<Location> {
    let bytes = wtf8(path);
    let verbatim = bytes.starts_with(br"\\?\");
    let prefixed = verbatim || bytes.starts_with(br"\\.\");
    let body: Vec<u8> = match bytes.get(..4).filter(|_| prefixed) {
        Some(_) => bytes[4..].to_vec(),
        None => bytes.clone(),
    };
    let body: Vec<u8> = if verbatim {
        body
    } else {
        body.iter()
            .map(|&b| if b == b'/' { b'\\' } else { b })
            .collect()
    };
    let parts: Vec<&[u8]> = body.split(|&b| b == b'\\').collect();
    match parts.as_slice() {
        [unc, server, share, rest @ ..] if verbatim && unc.eq_ignore_ascii_case(b"UNC") => {
            let root = Root::Unc(server_of(server)?, share.to_vec());
            finish(root, rest, true)
        }
        [unc, rest @ ..] if prefixed && unc.eq_ignore_ascii_case(b"UNC") => unc_location(rest),
        [drive, rest @ ..] if drive.len() == 2 && drive[1] == b':' && !rest.is_empty() => {
            if !drive[0].is_ascii_alphabetic() {
                return None;
            }
            finish(Root::Drive(drive[0].to_ascii_uppercase()), rest, verbatim)
        }
        [b"", b"", rest @ ..] if !prefixed => unc_location(rest),
        _ => None,
    }
}

/// `server\share\…` outside a verbatim path: runs between server and share are one (as in
/// Node's path.win32).
fn unc_location(parts: &[&[u8]]) -> Option<Location> {
    let mut it = parts.iter().copied();
    let server = it.next().filter(|s| !s.is_empty())?;
    let share = it.by_ref().find(|s| !s.is_empty())?;
    let after: Vec<&[u8]> = it.collect();
    finish(Root::Unc(server_of(server)?, share.to_vec()), &after, false)
}

fn server_of(name: &[u8]) -> Option<Server> {
    server(std::str::from_utf8(name).ok()?)
}

fn finish(root: Root, rest: &[&[u8]], verbatim: bool) -> Option<Location> {
    if let Root::Unc(_, share) = &root {
        if share.is_empty() || share == b"." || share == b".." {
            return None;
        }
    }
    let mut names: Vec<Vec<u8>> = Vec::new();
    for &name in rest {
        if verbatim {
            if !name.is_empty() {
                names.push(name.to_vec());
            }
            continue;
        }
        match name {
            b"" | b"." => {}
            b".." => drop(names.pop()),
            _ => {
                // Trim characters: trailing periods and spaces go (the documented rule for
                // the last name, which Win32 applies to every name it opens).
                let mut trimmed = name;
                while let [rest @ .., b'.' | b' '] = trimmed {
                    trimmed = rest;
                }
                names.push(trimmed.to_vec());
            }
        }
    }
    Some(Location { root, names })
}

/// The root a `file:` URL names on Windows: its drive, or its host and share; and the names
/// after it, percent-decoded (an empty name dropped, as a run of separators).
pub fn windows_url(url: &Url) -> Option<Location> {
    let mut names = decoded_names(url);
    let root = match url.host_kind() {
        Some(HostKind::Empty) | None => {
            let drive = names.first().filter(|d| d.len() == 2 && d[1] == b':')?;
            let root = Root::Drive(drive[0].to_ascii_uppercase());
            names.remove(0);
            root
        }
        Some(kind) => {
            let host = url.hostname();
            let server = match kind {
                HostKind::Ipv6 => Server::V6(host.trim_matches(['[', ']']).parse().ok()?),
                _ => server(host)?,
            };
            let share = names.iter().position(|n| !n.is_empty())?;
            let share = names.drain(..=share).next_back()?;
            Root::Unc(server, share)
        }
    };
    names.retain(|n| !n.is_empty());
    Some(Location { root, names })
}

/// The names of a URL's path, percent-decoded (with empty ones).
pub fn decoded_names(url: &Url) -> Vec<Vec<u8>> {
    let path = url.pathname();
    path.strip_prefix('/')
        .unwrap_or(path)
        .split('/')
        .map(|s| decode(s.as_bytes()))
        .collect()
}

/// Percent-decoding, for the oracle's own reading of a URL.
pub fn decode(s: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < s.len() {
        let hex = |b: u8| (b as char).to_digit(16);
        match (
            s[i],
            s.get(i + 1).copied().and_then(hex),
            s.get(i + 2).copied().and_then(hex),
        ) {
            (b'%', Some(h), Some(l)) => {
                out.push((h * 16 + l) as u8);
                i += 3;
            }
            (b, _, _) => {
                out.push(b);
                i += 1;
            }
        }
    }
    out
}
