//! `--guess-scheme`: an input without a scheme gets one, as curl guesses it (and trurl, which
//! uses curl's parser): when the host name's first label is `ftp`, `dict`, `ldap`, `imap`,
//! `smtp` or `pop3` (ASCII case-insensitively), that scheme; otherwise `http`. This is curl's
//! heuristic for what a person typing a bare host name meant, not a fact about URLs: which
//! schemes are special, and how a host is parsed, stays with `whatwg-url`.

use whatwg_url::{ParseError, ReportedError, Url, ValidationError};

/// curl's guesses: the host name's first label, with its dot, and the scheme it gives.
const BY_FIRST_LABEL: [(&str, &str); 6] = [
    ("ftp.", "ftp"),
    ("dict.", "dict"),
    ("ldap.", "ldap"),
    ("imap.", "imap"),
    ("smtp.", "smtp"),
    ("pop3.", "pop3"),
];

/// The scheme curl would guess for a URL whose host name is `host`.
pub fn scheme_for_host(host: &str) -> &'static str {
    BY_FIRST_LABEL
        .iter()
        .find(|(label, _)| {
            host.get(..label.len())
                .is_some_and(|start| start.eq_ignore_ascii_case(label))
        })
        .map_or("http", |&(_, scheme)| scheme)
}

/// Whether `text`, parsed as `parsed`, is to get a guessed scheme: the parser found no scheme
/// (`example.com/x`, failing with missing-scheme-non-relative-URL), or what it took for a
/// scheme is followed by a port number (`localhost:8080`, `example.com:8080/x`: to the
/// standard a non-special scheme and an opaque path, to curl a host and a port). An input
/// that starts with a slash names no host, and is left alone.
pub fn wanted(text: &str, parsed: &Result<Url, ParseError>) -> bool {
    if text.trim_start().starts_with(['/', '\\']) {
        return false;
    }
    match parsed {
        Err(ParseError::Invalid(e)) => e.error == ValidationError::MissingSchemeNonRelativeUrl,
        Err(_) => false,
        Ok(url) => !url.is_special() && url.has_opaque_path() && starts_with_port(url.pathname()),
    }
}

/// A port number (ASCII digits) that ends the text or a path segment.
fn starts_with_port(path: &str) -> bool {
    let digits = path.bytes().take_while(u8::is_ascii_digit).count();
    digits > 0 && matches!(path.as_bytes().get(digits), None | Some(b'/'))
}

/// A parse of `text` with a guessed scheme: the URL, its validation errors (offsets into
/// `text`, not into the text with the scheme), and the scheme. `None` when the guess does not
/// parse either: the input's own failure says more.
pub fn parse(text: &str, want_errors: bool) -> Option<(Url, Vec<ReportedError>, &'static str)> {
    let (url, errors) = parse_with("http", text, want_errors)?;
    let scheme = scheme_for_host(url.hostname());
    if scheme == "http" {
        return Some((url, errors, scheme));
    }
    let (url, errors) = parse_with(scheme, text, want_errors)?;
    Some((url, errors, scheme))
}

fn parse_with(scheme: &str, text: &str, want_errors: bool) -> Option<(Url, Vec<ReportedError>)> {
    let guessed = format!("{scheme}://{text}");
    let prefix = scheme.len() + 3;
    if want_errors {
        let (url, errors) = Url::parse_with_validation(&guessed, None);
        let errors = errors
            .into_iter()
            .map(|e| ReportedError {
                error: e.error,
                offset: e.offset.saturating_sub(prefix),
            })
            .collect();
        Some((url.ok()?, errors))
    } else {
        Some((Url::parse(&guessed, None).ok()?, Vec::new()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn curls_guesses() {
        for (host, scheme) in [
            ("ftp.example.com", "ftp"),
            ("FTP.example.com", "ftp"),
            ("dict.org", "dict"),
            ("ldap.example", "ldap"),
            ("imap.example", "imap"),
            ("smtp.example", "smtp"),
            ("pop3.example", "pop3"),
            ("ftp", "http"),
            ("ftpx.example", "http"),
            ("example.com", "http"),
            ("", "http"),
        ] {
            assert_eq!(scheme_for_host(host), scheme, "{host}");
        }
    }

    #[test]
    fn what_is_guessed() {
        let wants = |text: &str| wanted(text, &Url::parse(text, None));
        assert!(wants("example.com"));
        assert!(wants("example.com/a?b"));
        assert!(wants("localhost:8080"));
        assert!(wants("example.com:8080/x"));
        assert!(!wants("https://example.com"));
        assert!(!wants("mailto:me@example.com"));
        assert!(!wants("urn:isbn:0451450523"));
        assert!(!wants("/just/a/path"));
        assert!(!wants("a:1x"));
    }
}
