//! Generated paths and `file:` URLs for the property tests, from [`Rng`]: the shapes the rules
//! are about come often (runs of separators, `.` and `..` at every depth, drive letters inside
//! POSIX names, trailing dots and spaces, DOS device names, UNC and verbatim roots, IPv4 and
//! IPv6 servers), among random bytes and UTF-16 units.

use test_support::rng::Rng;

/// Names that a rule is about, for both styles.
const SPECIAL_NAMES: &[&str] = &[
    ".", "..", "", "C:", "c:", "C|", "z:", "a.", "b ", "...", "a. .", "NUL", "con.txt", "COM1",
    "lpt¹", "CONOUT$", "nul:x", "a:b", "%41", "%2e", "%2e%2e", "x%", "~", "höst", "中",
];

/// Bytes of a generated POSIX name (any byte but `/` and NUL can come too).
const NAME_BYTES: &[u8] = b"a%#?\\|:. \n\t\x7f\xff\xc3\xa9C";

/// A POSIX name: a special one, or random bytes.
fn posix_name(rng: &mut Rng) -> Vec<u8> {
    if rng.one_in(3) {
        return rng.pick(SPECIAL_NAMES).as_bytes().to_vec();
    }
    (0..1 + rng.below(5))
        .map(|_| {
            if rng.one_in(3) {
                (rng.next_u64() as u8).max(1)
            } else {
                *rng.pick(NAME_BYTES)
            }
        })
        .map(|b| if b == b'/' { b'_' } else { b })
        .collect()
}

/// An absolute POSIX path (sometimes with a leading `//`), up to 7 names deep, with runs of `/`
/// and dot segments anywhere.
pub fn posix_path(rng: &mut Rng) -> Vec<u8> {
    let mut path = if rng.one_in(8) {
        b"//".to_vec()
    } else {
        b"/".to_vec()
    };
    let names = rng.below(8);
    for i in 0..names {
        path.extend(posix_name(rng));
        if i + 1 < names || rng.one_in(3) {
            let run = 1 + usize::from(rng.one_in(5)) * rng.below(3);
            path.extend(std::iter::repeat_n(b'/', run));
        }
    }
    path
}

/// UTF-16 units of a generated Windows name (lone surrogates included).
const NAME_UNITS: &[u16] = &[
    0x61, 0x25, 0x23, 0x3F, 0x7C, 0x20, 0xE9, 0xD800, 0xDC00, 0x4E2D, 0x2E, 0x3A, 0x41,
];

/// A Windows name: a special one, or random units (never a separator).
fn windows_name(rng: &mut Rng) -> Vec<u16> {
    if rng.one_in(3) {
        return rng.pick(SPECIAL_NAMES).encode_utf16().collect();
    }
    (0..1 + rng.below(5))
        .map(|_| {
            if rng.one_in(4) {
                (rng.next_u64() as u16).max(1)
            } else {
                *rng.pick(NAME_UNITS)
            }
        })
        .map(|u| if u == 0x2F || u == 0x5C { 0x5F } else { u })
        .collect()
}

/// UNC servers of every kind: names (any case, IDNA), IPv4, IPv6 in the `ipv6-literal.net`
/// form (with a zone, which no URL holds), and forms Windows does not take.
pub const SERVERS: &[&str] = &[
    "server",
    "NAS",
    "höst",
    "xn--hst-sna",
    "192.168.0.1",
    "--1.ipv6-literal.net",
    "2001-DB8--1.IPV6-LITERAL.NET",
    "fe80--1s4.ipv6-literal.net",
    "0-0-0-0-0-0-0-1.ipv6-literal.net",
    "not-an-address.ipv6-literal.net",
    "[::1]",
    "localhost",
    "a%41",
    ".",
];

/// The roots of Windows paths: drives, UNC, verbatim and device forms, and relative or
/// drive-relative starts. Each is followed by a separator, or by nothing.
fn windows_root(rng: &mut Rng) -> String {
    let letter = char::from(if rng.one_in(2) {
        b'C'
    } else {
        b'a' + rng.below(26) as u8
    });
    let server = *rng.pick(SERVERS);
    let share = if rng.one_in(6) { ".." } else { "share" };
    match rng.below(11) {
        0..=2 => format!("{letter}:"),
        3..=5 => {
            let run = "\\".repeat(1 + usize::from(rng.one_in(4)) * rng.below(3));
            format!(r"\\{server}{run}{share}")
        }
        6 => format!(r"\\?\{letter}:"),
        7 => format!(r"\\?\UNC\{server}\{share}"),
        8 => format!(r"\\.\{letter}:"),
        9 => format!(r"\\.\UNC\{server}\{share}"),
        _ => String::from(if rng.one_in(2) { "" } else { "relative" }),
    }
}

/// A Windows path: a root, then up to 6 names with `\` or `/` (and runs of them) between.
pub fn windows_path(rng: &mut Rng) -> Vec<u16> {
    let mut path: Vec<u16> = windows_root(rng).encode_utf16().collect();
    let names = rng.below(7);
    if names == 0 && rng.one_in(2) {
        path.push(0x5C);
    }
    for _ in 0..names {
        for _ in 0..1 + usize::from(rng.one_in(5)) * rng.below(3) {
            path.push(if rng.one_in(4) { 0x2F } else { 0x5C });
        }
        path.extend(windows_name(rng));
    }
    if names > 0 && rng.one_in(4) {
        path.push(0x5C);
    }
    path
}

/// URL hosts for generated `file:` URLs.
const URL_HOSTS: &[&str] = &[
    "",
    "",
    "",
    "",
    "",
    "",
    "",
    "localhost",
    "server",
    "xn--hst-sna",
    "192.168.0.1",
    "[::1]",
    "[2001:db8::1]",
    "--1.ipv6-literal.net",
    "0-0-0-0-0-0-0-1.ipv6-literal.net",
    "foo.ipv6-literal.net",
    ".",
    "C:",
];

/// URL path segments: names, the special names percent-encoded or not, escapes of every kind.
const URL_SEGMENTS: &[&str] = &[
    "a",
    "B",
    "C:",
    "c|",
    "C%3A",
    "a.",
    "b%20",
    "...",
    "con.txt",
    "a:b",
    "%41",
    "%2e",
    "%2E%2e",
    ".",
    "..",
    "",
    "%FF",
    "%ED%A0%80",
    "%C3%A9",
    "%25",
    "x%",
    "%7C",
    "a%3Fb",
    "d",
    "e",
];

/// Segments that every style refuses, drawn less often.
const URL_REFUSED: &[&str] = &["%00", "%2F", "%5c", "NUL"];

/// Drive letters as a URL writes them.
const URL_DRIVES: &[&str] = &["C:", "c|", "C%3A", "z:", "C"];

/// A `file:` URL as a string: a host, then up to 6 segments (without a host, often a drive
/// letter first), sometimes a query and fragment.
pub fn file_url(rng: &mut Rng) -> String {
    let host = *rng.pick(URL_HOSTS);
    let mut url = format!("file://{host}");
    if host.is_empty() && !rng.one_in(3) {
        url.push('/');
        let drive = *rng.pick(URL_DRIVES);
        url.push_str(drive);
    }
    for _ in 0..rng.below(7) {
        url.push('/');
        let segments = if rng.one_in(12) {
            URL_REFUSED
        } else {
            URL_SEGMENTS
        };
        let segment = *rng.pick(segments);
        url.push_str(segment);
    }
    if rng.one_in(5) {
        url.push_str("/?q#f");
    }
    url
}

/// One shape written twice, as a path and as a `file:` URL (property 3). No `.` or `..`: in a
/// URL those are the URL parser's (spec 4.4 path state), resolved before a conversion sees
/// them, by the standard's rules and not the platform's.
pub struct Twin {
    pub path: Vec<u8>,
    pub url: String,
}

/// Servers as a path writes them and as a URL host writes the same server. (`localhost` and
/// `.` are left out: the URL parser makes `localhost` the empty host, and `\\.\` is the device
/// prefix in a path.)
const TWIN_SERVERS: &[(&str, &str)] = &[
    ("server", "server"),
    ("NAS", "NAS"),
    ("höst", "höst"),
    ("192.168.0.1", "192.168.0.1"),
    ("--1.ipv6-literal.net", "[::1]"),
    ("2001-db8--1.ipv6-literal.net", "[2001:db8::1]"),
    ("fe80--1s4.ipv6-literal.net", "fe80--1s4.ipv6-literal.net"),
    (
        "not-an-address.ipv6-literal.net",
        "not-an-address.ipv6-literal.net",
    ),
];

/// A name's bytes in a URL: percent-encoded but for ASCII letters, digits and `.:-_~`.
fn url_encode(name: &[u8], out: &mut String) {
    for &b in name {
        if b.is_ascii_alphanumeric() || b".:-_~".contains(&b) {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
}

/// A twin of either style: names without `.`/`..`, runs of separators between them, and for
/// Windows a drive (also a bare `C:`) or a UNC root with a run before the share.
pub fn twin(rng: &mut Rng, windows: bool) -> Twin {
    let (sep, mut path, mut url) = if !windows {
        (b'/', b"/".to_vec(), String::from("file:///"))
    } else if rng.one_in(2) {
        let letter = char::from(b'A' + rng.below(26) as u8);
        if rng.one_in(8) {
            return Twin {
                path: format!("{letter}:").into_bytes(),
                url: format!("file:///{letter}:"),
            };
        }
        (
            b'\\',
            format!("{letter}:\\").into_bytes(),
            format!("file:///{letter}:/"),
        )
    } else {
        let (server, host) = *rng.pick(TWIN_SERVERS);
        let run = 1 + usize::from(rng.one_in(4)) * rng.below(3);
        (
            b'\\',
            format!(r"\\{server}{}", "\\".repeat(run)).into_bytes(),
            format!("file://{host}{}", "/".repeat(run)),
        )
    };
    let names = rng.below(6) + usize::from(windows);
    for i in 0..names {
        let mut name = if windows {
            let units = windows_name(rng);
            String::from_utf16_lossy(&units).into_bytes()
        } else {
            posix_name(rng)
        };
        if name.is_empty() || name == b"." || name == b".." {
            name = b"n".to_vec();
        }
        path.extend(&name);
        url_encode(&name, &mut url);
        if i + 1 < names || rng.one_in(3) {
            let run = 1 + usize::from(rng.one_in(4)) * rng.below(3);
            path.extend(std::iter::repeat_n(sep, run));
            url.push_str(&"/".repeat(run));
        }
    }
    Twin { path, url }
}
