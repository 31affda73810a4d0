//! Shared by the host benches: the hosts of `fixtures/datasets/kasztp.txt` (or
//! `$URL_DATASETS_DIR/kasztp.txt`), extracted once at start by a simple scan (not the URL
//! parser): the text between `://` and the next `/`, `?` or `#`, without userinfo and port.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

/// The host of one URL line, by a simple scan (not the URL parser).
pub fn host_of(line: &str) -> Option<&str> {
    let after_scheme = &line[line.find("://")? + 3..];
    let authority = match after_scheme.find(['/', '?', '#']) {
        Some(end) => &after_scheme[..end],
        None => after_scheme,
    };
    let host_port = match authority.rfind('@') {
        Some(at) => &authority[at + 1..],
        None => authority,
    };
    let host = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(end) => &host_port[..=end],
            None => host_port,
        }
    } else {
        match host_port.find(':') {
            Some(colon) => &host_port[..colon],
            None => host_port,
        }
    };
    (!host.is_empty()).then_some(host)
}

/// Every host of the dataset, in order (duplicates kept).
pub fn kasztp_hosts() -> Vec<String> {
    let path = test_support::datasets::dir().join("kasztp.txt");
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (set URL_DATASETS_DIR)", path.display()));
    let text = text.strip_prefix('\u{FEFF}').unwrap_or(&text);
    text.lines()
        .filter_map(host_of)
        .map(str::to_owned)
        .collect()
}
