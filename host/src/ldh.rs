//! Strict domain to ASCII (spec 3.3, step 1: UTS #46 ToASCII with CheckHyphens and
//! VerifyDnsLength) on a domain of ASCII letters, digits, hyphens and dots, decided without
//! `idna`: the label rules, and a word-at-a-time test that settles most domains at once.

/// Strict ToASCII's checks (spec 3.3, step 1) on a domain of ASCII letters, digits, hyphens
/// and dots (UseSTD3ASCIIRules holds: the caller's scan has made sure of it): `Some(true)` when
/// they pass (the domain parser then reports nothing and returns the domain ASCII-lowercased),
/// `Some(false)` when they fail (it reports `domain-to-ASCII`), `None` when an `xn--` label
/// needs Punycode validation (ask [`crate::domain_to_ascii`]). For a fast path that has
/// scanned the domain already and needs only this answer.
///
/// ```
/// use host::strict_ldh_domain;
/// assert_eq!(strict_ldh_domain(b"www.Example.com"), Some(true));
/// assert_eq!(strict_ldh_domain(b"example.com."), Some(false)); // VerifyDnsLength
/// assert_eq!(strict_ldh_domain(b"a..example"), Some(false)); // VerifyDnsLength
/// assert_eq!(strict_ldh_domain(b"ab--c.example"), Some(false)); // CheckHyphens
/// assert_eq!(strict_ldh_domain(b"-a.example"), Some(false)); // CheckHyphens
/// assert_eq!(strict_ldh_domain(b"xn--nxasmq6b.example"), None); // Punycode: ask idna
/// ```
#[inline]
pub fn strict_ldh_domain(domain: &[u8]) -> Option<bool> {
    // VerifyDnsLength: at most 253 bytes (no trailing root dot is allowed, so the whole
    // domain counts) and not empty.
    if domain.is_empty() || domain.len() > 253 {
        return Some(false);
    }
    // Without a hyphen, CheckHyphens has nothing to refuse and no label is Punycode; in 63
    // bytes no label is longer. What is left of VerifyDnsLength: no empty label.
    if domain.len() <= 63
        && domain.first() != Some(&b'.')
        && domain.last() != Some(&b'.')
        && !has_hyphen_or_double_dot(domain)
    {
        return Some(true);
    }
    let mut verdict = Some(true);
    for label in domain.split(|&b| b == b'.') {
        match strict_ldh_label(label) {
            Some(true) => {}
            Some(false) => return Some(false),
            None => verdict = None,
        }
    }
    verdict
}

/// Strict ToASCII's checks (spec 3.3, step 1) on one label of a domain made of ASCII letters,
/// digits and hyphens (UseSTD3ASCIIRules holds): `Some(true)` when they pass, `Some(false)`
/// when they fail, `None` for a Punycode label (`xn--`), whose checks apply to its decoded form
/// (ask [`crate::domain_to_ascii`]). The domain as a whole must also be at most 253 bytes
/// (VerifyDnsLength). For a scanner that meets the labels one by one.
///
/// ```
/// use host::strict_ldh_label;
/// assert_eq!(strict_ldh_label(b"example"), Some(true));
/// assert_eq!(strict_ldh_label(b"my-site"), Some(true));
/// assert_eq!(strict_ldh_label(b""), Some(false)); // VerifyDnsLength: empty label
/// assert_eq!(strict_ldh_label(&[b'a'; 64]), Some(false)); // VerifyDnsLength: over 63
/// assert_eq!(strict_ldh_label(b"-a"), Some(false)); // CheckHyphens
/// assert_eq!(strict_ldh_label(b"ab--c"), Some(false)); // CheckHyphens: positions 3 and 4
/// assert_eq!(strict_ldh_label(b"xn--nxasmq6b"), None);
/// ```
#[inline]
pub fn strict_ldh_label(label: &[u8]) -> Option<bool> {
    match label {
        // VerifyDnsLength: no empty label (this includes a trailing dot), none above 63.
        [] => Some(false),
        _ if label.len() > 63 => Some(false),
        // CheckHyphens: no hyphen first or last.
        [b'-', ..] | [.., b'-'] => Some(false),
        [a, b, b'-', b'-', ..] => {
            if a.eq_ignore_ascii_case(&b'x') && b.eq_ignore_ascii_case(&b'n') {
                // A Punycode label: the checks apply to its decoded form.
                None
            } else {
                // CheckHyphens: no "--" in positions 3 and 4.
                Some(false)
            }
        }
        _ => Some(true),
    }
}

/// Whether `domain`, made of ASCII letters, digits, hyphens and dots, holds a hyphen or two
/// dots in a row. Eight bytes at a time, as words whose bytes are compared all at once; the
/// words start seven bytes apart, so that each pair of neighbours lies in one of them, and the
/// last is the domain's last eight bytes (a shorter domain is its first and last four bytes, or
/// under four, padded with `a`).
#[inline]
fn has_hyphen_or_double_dot(domain: &[u8]) -> bool {
    debug_assert!(
        domain
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.')),
        "{domain:?}"
    );
    const ONES: u64 = 0x0101_0101_0101_0101;
    const TOPS: u64 = 0x8080_8080_8080_8080;
    // Of these bytes, only `-` (0x2D) is below 0x2E and only `-` and `.` are below 0x2F. Adding
    // 0x80 - n to a byte below 0x80 sets its top bit exactly when it is n or more, and carries
    // into no other byte.
    // `pairs`: the top bits of the bytes whose pair with the next byte counts.
    let hits = |word: u64, pairs: u64| {
        let hyphens = !word.wrapping_add(ONES * (0x80 - 0x2E));
        let hyphens_or_dots = !word.wrapping_add(ONES * (0x80 - 0x2F));
        // Byte k of the shifted word is byte k + 1 (byte 7 gets none).
        (hyphens | hyphens_or_dots & hyphens_or_dots >> 8 & pairs) & TOPS
    };
    let Some(last) = domain.last_chunk::<8>() else {
        return match (domain.first_chunk::<4>(), domain.last_chunk::<4>()) {
            // Four to seven bytes: the first four and the last four (which may overlap) as one
            // word, in which bytes 3 and 4 are not neighbours.
            (Some(first), Some(last)) => {
                let first = u64::from(u32::from_le_bytes(*first));
                let word = first | u64::from(u32::from_le_bytes(*last)) << 32;
                hits(word, TOPS & !(0x80 << 24)) != 0
            }
            _ => {
                let padded = domain
                    .iter()
                    .rev()
                    .fold(ONES * u64::from(b'a'), |w, &b| w << 8 | u64::from(b));
                hits(padded, TOPS) != 0
            }
        };
    };
    let mut found = hits(u64::from_le_bytes(*last), TOPS);
    let mut at = 0;
    while at + 8 < domain.len() {
        if let Some(chunk) = domain.get(at..).and_then(<[u8]>::first_chunk::<8>) {
            found |= hits(u64::from_le_bytes(*chunk), TOPS);
        }
        at += 7;
    }
    found != 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::String;
    use alloc::vec;
    use alloc::vec::Vec;

    /// Strict ToASCII's checks on an LDH domain, label by label as UTS #46 words them.
    fn strict_ldh_by_the_rules(domain: &[u8]) -> Option<bool> {
        if domain.is_empty() || domain.len() > 253 {
            return Some(false);
        }
        let mut verdict = Some(true);
        for label in domain.split(|&b| b == b'.') {
            let lower = label.to_ascii_lowercase();
            if lower.starts_with(b"xn--") {
                verdict = verdict.and(None);
            }
            let hyphens_3_4 = lower.get(2..4) == Some(b"--".as_slice());
            let bad = label.is_empty()
                || label.len() > 63
                || label.starts_with(b"-")
                || label.ends_with(b"-")
                || (hyphens_3_4 && !lower.starts_with(b"xn--"));
            if bad {
                return Some(false);
            }
        }
        verdict
    }

    #[test]
    fn ldh_domains_by_words_agree_with_the_rules() {
        // Every string of up to 9 bytes over `a`, `.`, `-`, and strings of `a` up to 70 bytes
        // with a motif at every offset (so that each pair lands at every place of a word).
        let mut domains: Vec<Vec<u8>> = vec![Vec::new()];
        let mut last: Vec<Vec<u8>> = vec![Vec::new()];
        for _ in 0..9 {
            last = last
                .iter()
                .flat_map(|d| [b'a', b'.', b'-'].map(|b| [d.as_slice(), &[b]].concat()))
                .collect();
            domains.extend(last.iter().cloned());
        }
        for len in 1..70usize {
            for motif in [
                &b".."[..],
                b"-",
                b".",
                b"a.",
                b"-.",
                b"xn--",
                b"ab--",
                b"X.",
            ] {
                for at in 0..=len.saturating_sub(motif.len()) {
                    let mut d = vec![b'a'; len];
                    if let Some(place) = d.get_mut(at..at + motif.len()) {
                        place.copy_from_slice(motif);
                    }
                    domains.push(d);
                }
            }
        }
        for d in domains {
            let expected = d.contains(&b'-') || d.windows(2).any(|pair| pair == b"..");
            assert_eq!(
                has_hyphen_or_double_dot(&d),
                expected,
                "{:?}",
                String::from_utf8_lossy(&d)
            );
            assert_eq!(
                strict_ldh_domain(&d),
                strict_ldh_by_the_rules(&d),
                "{:?}",
                String::from_utf8_lossy(&d)
            );
        }
    }
}
