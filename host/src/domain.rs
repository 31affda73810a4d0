//! The domain parser ("domain to ASCII") and domain to Unicode (spec 3.3, July 2026 edition),
//! through the `idna` crate's UTS #46 implementation.
//!
//! An ASCII domain never needs `idna` for its result (July 2026: it is ASCII-lowercased
//! whatever ToASCII says). ToASCII with the strict settings is run only to decide whether to
//! report `domain-to-ASCII`, and even then a table scan settles most ASCII domains: only
//! domains with an `xn--` label go through `idna`.

use crate::ldh::strict_ldh_domain;
use crate::punycode::has_ace_prefix;
use crate::relaxed::{to_ascii_relaxed, whole};
use crate::sets::FORBIDDEN_DOMAIN_CODE_POINTS;
use crate::validation::{ReportedError, ValidationError, ValidationSink};
use alloc::borrow::Cow;
use alloc::string::String;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};
use percent::ByteTable;

/// The `domain-to-ASCII` error as the domain parser reports it. The error concerns the domain
/// as a whole, so its offset is 0 (the start of the domain).
const DOMAIN_TO_ASCII: ReportedError = ReportedError {
    error: ValidationError::DomainToAscii,
    offset: 0,
};

/// Unicode ToASCII (UTS #46) with the strict settings: CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength true; CheckBidi and CheckJoiners true (always, in `idna`);
/// Transitional_Processing and IgnoreInvalidPunycode false (always, in `idna`).
fn to_ascii_strict(domain: &str) -> Option<Cow<'_, str>> {
    crate::uts46::to_ascii(
        domain,
        AsciiDenyList::STD3,
        Hyphens::Check,
        DnsLength::Verify,
    )
}

/// What a table scan tells about strict ToASCII on an ASCII domain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum StrictAscii {
    /// Every label is LDH, 1 to 63 bytes, with no hyphen first, last or in positions 3-4, and
    /// the domain is at most 253 bytes with no trailing dot: strict ToASCII succeeds and returns
    /// the domain ASCII-lowercased.
    Valid,
    /// Strict ToASCII records an error.
    Invalid,
    /// Otherwise valid, but an `xn--` label needs Punycode validation: ask `idna`.
    NeedsIdna,
}

/// Decides strict ToASCII for an ASCII domain by table where possible. `classes` is
/// [`classify`] of `domain`.
fn scan_strict_ascii(domain: &[u8], classes: u8) -> StrictAscii {
    // UseSTD3ASCIIRules: letters, digits, hyphens (and the label separator) only.
    if classes & NOT_LDH_OR_DOT != 0 {
        return StrictAscii::Invalid;
    }
    match strict_ldh_domain(domain) {
        Some(true) => StrictAscii::Valid,
        Some(false) => StrictAscii::Invalid,
        None => StrictAscii::NeedsIdna,
    }
}

/// Byte classes for one-pass scans of a domain.
pub(crate) const NON_ASCII: u8 = 1;
/// `%`.
pub(crate) const PERCENT: u8 = 2;
/// A forbidden domain code point other than `%` (spec 3.2).
pub(crate) const FORBIDDEN: u8 = 4;
/// An ASCII upper-case letter.
pub(crate) const UPPER: u8 = 8;
/// Anything but a letter, digit, hyphen or `.` (what UseSTD3ASCIIRules rejects).
const NOT_LDH_OR_DOT: u8 = 16;

/// Classes of every byte, built from the forbidden domain code points (spec 3.2).
const CLASS: ByteTable = {
    let mut table = ByteTable::EMPTY;
    let mut b = 0u8;
    loop {
        let classes = if b >= 0x80 {
            NON_ASCII | NOT_LDH_OR_DOT
        } else if b == b'%' {
            PERCENT | FORBIDDEN | NOT_LDH_OR_DOT
        } else if FORBIDDEN_DOMAIN_CODE_POINTS.contains(b) {
            FORBIDDEN | NOT_LDH_OR_DOT
        } else if b.is_ascii_uppercase() {
            UPPER
        } else if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.') {
            0
        } else {
            NOT_LDH_OR_DOT
        };
        table = table.with(b, classes);
        if b == u8::MAX {
            break table;
        }
        b += 1;
    }
};

/// The union of the classes of `bytes`, in one pass (a table load per byte, OR-ed, no branch
/// per byte).
#[inline]
pub(crate) fn classify(bytes: &[u8]) -> u8 {
    CLASS.classes_of(bytes)
}

/// The domain parser on an ASCII domain (spec 3.3, July 2026, steps 1, 2, 3 and 5).
/// `Ok(None)` means the result is `domain` ASCII-lowercased; `Ok(Some(_))` is strict
/// ToASCII's result, returned by step 2 when `BE_STRICT`.
/// `classes` is [`classify`] of `domain` (the caller has scanned it already).
///
/// beStrict is a constant so that the URL parser's copy (beStrict false, no listener) holds no
/// strict ToASCII: every codegen unit that calls `Uts46::new()` holds its own copy of the ICU4X
/// data it points at (some 105 KB of a release binary), and the relaxed run
/// ([`to_ascii_relaxed`]) already holds one.
fn ascii_domain<'a, const BE_STRICT: bool, S: ValidationSink>(
    domain: &'a str,
    classes: u8,
    sink: &mut S,
) -> Result<Option<Cow<'a, str>>, ReportedError> {
    let bytes = domain.as_bytes();
    let mut reported = false;
    // Step 1: run ToASCII with the strict settings; on failure, domain-to-ASCII validation
    // error. Only needed when someone listens, or when beStrict makes it decide the result.
    if S::ENABLED || BE_STRICT {
        let strict_ok = match scan_strict_ascii(bytes, classes) {
            StrictAscii::Valid => true,
            StrictAscii::Invalid => false,
            StrictAscii::NeedsIdna => match to_ascii_strict(domain) {
                // Step 2: if beStrict, return the result of step 1.
                Some(result) if BE_STRICT => return Ok(Some(result)),
                Some(_) => true,
                None => false,
            },
        };
        if !strict_ok {
            sink.report(DOMAIN_TO_ASCII.error, DOMAIN_TO_ASCII.offset);
            reported = true;
            // Step 2: if beStrict, return failure if step 1 failed.
            if BE_STRICT {
                return Err(DOMAIN_TO_ASCII);
            }
        }
    }
    // Step 3 (and step 2's result for a domain the scan found valid): the domain
    // ASCII-lowercased. Step 5: failure if the result is empty or contains a forbidden domain
    // code point (lowercasing does not change either).
    if bytes.is_empty() || classes & FORBIDDEN != 0 {
        if !reported {
            sink.report(DOMAIN_TO_ASCII.error, DOMAIN_TO_ASCII.offset);
        }
        return Err(DOMAIN_TO_ASCII);
    }
    Ok(None)
}

/// The domain parser with `beStrict` false on an ASCII domain that the caller has classified
/// in its own scan (`classes` is [`classify`] of `domain`), appending the result to `out`. On
/// failure `out` is unchanged.
pub(crate) fn classified_ascii_domain_into<S: ValidationSink>(
    domain: &str,
    classes: u8,
    sink: &mut S,
    out: &mut String,
) -> Result<(), ReportedError> {
    // With beStrict false the result is always the lowercased domain.
    ascii_domain::<false, S>(domain, classes, sink)?;
    let start = out.len();
    out.push_str(domain);
    if classes & UPPER != 0 {
        if let Some(written) = out.get_mut(start..) {
            written.make_ascii_lowercase();
        }
    }
    Ok(())
}

/// The domain parser on a non-ASCII domain (spec 3.3, July 2026, steps 1, 2, 4 and 5);
/// beStrict a constant as in [`ascii_domain`]. `latin1_tried`: the caller has run the Latin-1
/// shortcut (`latin1.rs`) on `domain`, and it did not take it.
fn non_ascii_domain<'a, const BE_STRICT: bool, S: ValidationSink>(
    domain: &'a str,
    sink: &mut S,
    latin1_tried: bool,
) -> Result<Cow<'a, str>, ReportedError> {
    let mut reported = false;
    let mut strict_result = None;
    // Step 1: ToASCII with the strict settings, when someone listens or beStrict needs it.
    if S::ENABLED || BE_STRICT {
        strict_result = to_ascii_strict(domain);
        if strict_result.is_none() {
            sink.report(DOMAIN_TO_ASCII.error, DOMAIN_TO_ASCII.offset);
            reported = true;
        }
        // Step 2: if beStrict, return failure if step 1 failed, else its result.
        if BE_STRICT {
            return strict_result.ok_or(DOMAIN_TO_ASCII);
        }
    }
    // Step 4: ToASCII with the relaxed settings; failure if it fails. When the strict run
    // succeeded its result is the relaxed one too (the strict flags only reject more), so it
    // is reused.
    let result = match strict_result {
        Some(result) => Some(result),
        None if latin1_tried => whole(domain),
        None => to_ascii_relaxed(domain),
    };
    // Step 5: failure if the result is empty or contains a forbidden domain code point.
    match result {
        Some(result) if !result.is_empty() && classify(result.as_bytes()) & FORBIDDEN == 0 => {
            Ok(result)
        }
        _ => {
            if !reported {
                sink.report(DOMAIN_TO_ASCII.error, DOMAIN_TO_ASCII.offset);
            }
            Err(DOMAIN_TO_ASCII)
        }
    }
}

/// The domain parser (spec 3.3, July 2026 edition; formerly "domain to ASCII") with beStrict
/// false, as the host parser runs it (step 5), on a domain that the caller has classified in
/// its own scan (`classes` is [`classify`] of `domain`), appending the result to `out`. On
/// failure `out` is unchanged. `latin1_tried`: the caller has run the Latin-1 shortcut
/// (`latin1.rs`) on `domain`, and it did not take it.
pub(crate) fn classified_domain_to_ascii_into<S: ValidationSink>(
    domain: &str,
    classes: u8,
    latin1_tried: bool,
    sink: &mut S,
    out: &mut String,
) -> Result<(), ReportedError> {
    let result = if classes & NON_ASCII == 0 {
        match ascii_domain::<false, S>(domain, classes, sink)? {
            Some(result) => result,
            None => {
                let start = out.len();
                out.push_str(domain);
                if classes & UPPER != 0 {
                    if let Some(written) = out.get_mut(start..) {
                        written.make_ascii_lowercase();
                    }
                }
                debug_assert_domain_result(out.get(start..).unwrap_or_default());
                return Ok(());
            }
        }
    } else {
        // Step 4 when step 1 need not run (no one listens, and beStrict is false): the Latin-1
        // shortcut writes relaxed ToASCII's result into `out` itself; the result is never
        // empty and has no forbidden domain code point, so step 5 holds. (Once on a domain:
        // where the caller has run it, it is not run again.)
        if !S::ENABLED && !latin1_tried && crate::latin1::to_ascii_into(domain, out) {
            return Ok(());
        }
        // With no one listening the shortcut has run, here or in the caller.
        non_ascii_domain::<false, S>(domain, sink, !S::ENABLED)?
    };
    debug_assert_domain_result(&result);
    out.push_str(&result);
    Ok(())
}

/// 3.3 domain to ASCII, the step before the last: "Assert: result is not the empty string
/// and does not contain a forbidden domain code point" (UTS 46 guarantees it when beStrict is
/// true; the steps before it return failure otherwise).
fn debug_assert_domain_result(result: &str) {
    debug_assert!(
        !result.is_empty() && !result.chars().any(crate::is_forbidden_domain_code_point),
        "domain to ASCII gave {result:?}"
    );
}

/// The domain parser (spec 3.3, July 2026 edition; formerly "domain to ASCII").
///
/// 1. Runs Unicode ToASCII with the strict settings (CheckHyphens, UseSTD3ASCIIRules and
///    VerifyDnsLength true; CheckBidi and CheckJoiners true; Transitional_Processing and
///    IgnoreInvalidPunycode false). If it fails, `domain-to-ASCII` validation error.
/// 2. If `be_strict`: failure if step 1 failed, else its result.
/// 3. Otherwise an ASCII `domain` gives `domain` ASCII-lowercased, whatever ToASCII said;
/// 4. a non-ASCII one gives ToASCII with the relaxed settings (all three flags false), or failure.
/// 5. Failure if the result is empty or contains a forbidden domain code point.
///
/// Step 1 runs only when `sink` listens ([`ValidationSink::ENABLED`]) or `be_strict` is set,
/// and an ASCII domain without an `xn--` label is settled by a table scan rather than `idna`.
/// The error (reported, and returned on failure) is `domain-to-ASCII` at offset 0: it concerns
/// the domain as a whole. It is reported at most once.
///
/// ```
/// use host::{domain_to_ascii, NoSink, ValidationError};
/// assert_eq!(domain_to_ascii("EXAMPLE.com", false, &mut NoSink).unwrap(), "example.com");
/// assert_eq!(domain_to_ascii("faß.example", false, &mut NoSink).unwrap(), "xn--fa-hia.example");
/// // Reported, but not a failure: UseSTD3ASCIIRules rejects `_`.
/// let mut errors = Vec::new();
/// assert_eq!(domain_to_ascii("a_b.example", false, &mut errors).unwrap(), "a_b.example");
/// assert_eq!(errors[0].error, ValidationError::DomainToAscii);
/// assert!(domain_to_ascii("a_b.example", true, &mut NoSink).is_err());
/// assert!(domain_to_ascii("exa#mple.org", false, &mut NoSink).is_err());
/// ```
pub fn domain_to_ascii<'a, S: ValidationSink>(
    domain: &'a str,
    be_strict: bool,
    sink: &mut S,
) -> Result<Cow<'a, str>, ReportedError> {
    let classes = classify(domain.as_bytes());
    let result = match (classes & NON_ASCII != 0, be_strict) {
        (true, false) => return non_ascii_domain::<false, S>(domain, sink, false),
        (true, true) => return non_ascii_domain::<true, S>(domain, sink, false),
        (false, false) => ascii_domain::<false, S>(domain, classes, sink)?,
        (false, true) => ascii_domain::<true, S>(domain, classes, sink)?,
    };
    Ok(match result {
        Some(result) => result,
        None if classes & UPPER != 0 => Cow::Owned(domain.to_ascii_lowercase()),
        None => Cow::Borrowed(domain),
    })
}

/// Domain to Unicode (spec 3.3, July 2026 edition): Unicode ToUnicode with CheckHyphens and
/// UseSTD3ASCIIRules false, CheckBidi and CheckJoiners true, Transitional_Processing and
/// IgnoreInvalidPunycode false. If ToUnicode records an error, the domain is returned
/// unchanged (so an invalid `xn--` label round-trips). Errors include UTS #46's rule that with
/// CheckHyphens false no label may begin with `xn--` after decoding (`xn--xn---epa` decodes
/// to `xn--é`), which `idna` 1.1 does not check.
///
/// ```
/// use host::domain_to_unicode;
/// assert_eq!(domain_to_unicode("xn--fa-hia.example"), "faß.example");
/// assert_eq!(domain_to_unicode("example.com"), "example.com");
/// assert_eq!(domain_to_unicode("xn--8i7caa"), "xn--8i7caa");
/// assert_eq!(domain_to_unicode("xn--xn---epa"), "xn--xn---epa");
/// ```
pub fn domain_to_unicode(domain: &str) -> Cow<'_, str> {
    let (result, errors) =
        crate::uts46::UTS46.to_unicode(domain.as_bytes(), AsciiDenyList::EMPTY, Hyphens::Allow);
    // UTS #46 validity criterion 4 (see `relaxed.rs`): a label of the result that
    // begins with `xn--` was decoded from Punycode (an undecodable one is already an error),
    // and with CheckHyphens false it is an error.
    match errors {
        Ok(())
            if !result
                .split('.')
                .any(|label| has_ace_prefix(label.as_bytes())) =>
        {
            result
        }
        // `idna` refuses labels past its limits on length, which UTS #46 does not have
        // (`long_labels.rs`).
        Err(_) if domain.len() > crate::long_labels::IDNA_LIMIT => {
            crate::long_labels::to_unicode(domain).map_or(Cow::Borrowed(domain), Cow::Owned)
        }
        _ => Cow::Borrowed(domain),
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use alloc::vec::Vec;

    /// Every input of the IDNA fixtures plus generated ASCII domains.
    fn inputs() -> Vec<String> {
        let mut all = Vec::new();
        for file in ["toascii.json", "IdnaTestV2.json", "IdnaTestV2-removed.json"] {
            let fixture = test_support::load(file);
            for case in fixture.as_array().unwrap_or_default() {
                if let Some(input) = case.str_field("input") {
                    all.push(input.into());
                }
            }
        }
        // Generated ASCII domains around the table scan's edges.
        let pieces = [
            "a", "Z", "0", "-", ".", "_", "xn--", "XN--", "zca", "ab--c", "%", "é",
        ];
        let mut state: u32 = 1;
        for _ in 0..20_000 {
            let mut s = String::new();
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            let len = (state >> 16) % 8;
            for _ in 0..len {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                s.push_str(pieces[((state >> 16) as usize) % pieces.len()]);
            }
            all.push(s);
        }
        all.push("a".repeat(63));
        all.push("a".repeat(64));
        all.push(["a"; 127].join("."));
        all.push(["a"; 128].join("."));
        all
    }

    #[test]
    fn table_scan_agrees_with_strict_to_ascii() {
        for input in inputs().iter().filter(|s| s.is_ascii()) {
            let strict = to_ascii_strict(input);
            match scan_strict_ascii(input.as_bytes(), classify(input.as_bytes())) {
                StrictAscii::Valid => {
                    assert_eq!(
                        strict.as_deref(),
                        Some(input.to_ascii_lowercase().as_str()),
                        "{input:?}"
                    )
                }
                StrictAscii::Invalid => assert!(strict.is_none(), "{input:?}"),
                StrictAscii::NeedsIdna => {}
            }
        }
    }

    #[test]
    fn strict_success_gives_the_relaxed_result() {
        for input in inputs() {
            if let Some(strict) = to_ascii_strict(&input) {
                assert_eq!(Some(strict), to_ascii_relaxed(&input), "{input:?}");
            }
        }
    }

    #[test]
    fn results_do_not_depend_on_the_sink() {
        for input in inputs() {
            for be_strict in [false, true] {
                let mut errors: Vec<ReportedError> = Vec::new();
                let loud = domain_to_ascii(&input, be_strict, &mut errors);
                let quiet = domain_to_ascii(&input, be_strict, &mut crate::NoSink);
                assert_eq!(loud, quiet, "{input:?} beStrict={be_strict}");
                // At most one report, and a failure is reported.
                assert!(errors.len() <= 1, "{input:?}");
                if let Err(e) = loud {
                    assert_eq!(errors, [e], "{input:?}");
                }
            }
        }
    }
}
