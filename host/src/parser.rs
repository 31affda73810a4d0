//! The host parser (spec 3.5, July 2026 edition), writing the host serializer's output (3.6).

use crate::domain::{
    NON_ASCII, PERCENT, classified_ascii_domain_into, classified_domain_to_ascii_into, classify,
};
use crate::ipv4::{ends_in_a_number, parse_ipv4, serialize_ipv4_into};
use crate::ipv6::{parse_ipv6, serialize_ipv6_into};
use crate::kind::HostKind;
use crate::opaque::parse_opaque_host_into;
use crate::validation::{NoSink, OffsetSink, ReportedError, ValidationError, ValidationSink};
use alloc::borrow::Cow;
use alloc::string::String;
use percent::{is_percent_encoded_byte, percent_decode_str};

/// A sink that reports every error at one fixed offset: used when the text a lower parser saw
/// (the percent-decoded, IDNA-mapped domain) has no byte-for-byte relation to the input.
struct AtSink<'a, S: ?Sized> {
    inner: &'a mut S,
    offset: usize,
}

impl<S: ValidationSink + ?Sized> ValidationSink for AtSink<'_, S> {
    const ENABLED: bool = S::ENABLED;

    #[inline(always)]
    fn report(&mut self, error: ValidationError, _: usize) {
        self.inner.report(error, self.offset)
    }
}

/// The host parser (spec 3.5, July 2026 edition) with `isOpaque`, appending the host
/// serializer's output (spec 3.6; an IPv6 address in brackets) to `out`.
///
/// Returns the host's kind. On failure `out` is left as it was and the failing validation
/// error is returned (it was also reported to `sink`). Every host-level validation error is
/// reported at the spec's step. Offsets are byte offsets in `input`:
///
/// - IPv6 errors: the position in `input` (the `[` counts); `IPv6-unclosed` is at 0, the
///   unclosed `[`.
/// - `domain-percent-encoded`: the first `%` that starts a percent-encoded byte.
/// - `domain-to-ASCII`: 0 (the error concerns the whole domain).
/// - IPv4 errors: their position in `input` when the domain is `input` itself, byte for byte
///   (ASCII, nothing percent-decoded); otherwise 0, since positions in the decoded, mapped
///   domain have no counterpart in `input`.
/// - The opaque-host parser's `host-invalid-code-point` and `invalid-URL-unit`: the offending
///   code point.
///
/// The returned error's offset is in `input` too: a caller that passes an [`OffsetSink`] to
/// shift reported offsets into its own input adds the same base to the returned one.
///
/// With `is_opaque`, the empty input gives [`HostKind::Empty`] (the opaque-host parser returns
/// the empty string, which the URL parser treats as the empty host) and appends nothing.
/// Without it, the standard asserts a non-empty input; the empty input fails with
/// `domain-to-ASCII` (the domain parser's result would be empty).
///
/// ```
/// use host::{parse_host_into, HostKind, NoSink};
/// let mut out = String::new();
/// assert_eq!(parse_host_into("EXAMPLE.com", false, &mut out, &mut NoSink), Ok(HostKind::Domain));
/// assert_eq!(out, "example.com");
/// out.clear();
/// assert_eq!(parse_host_into("0x7f.1", false, &mut out, &mut NoSink), Ok(HostKind::Ipv4));
/// assert_eq!(out, "127.0.0.1");
/// out.clear();
/// assert_eq!(parse_host_into("[0:0::1]", true, &mut out, &mut NoSink), Ok(HostKind::Ipv6));
/// assert_eq!(out, "[::1]");
/// ```
pub fn parse_host_into<S: ValidationSink>(
    input: &str,
    is_opaque: bool,
    out: &mut String,
    sink: &mut S,
) -> Result<HostKind, ReportedError> {
    // Step 1: if input starts with U+005B ([), it is an IPv6 address.
    if let Some(rest) = input.strip_prefix('[') {
        // Step 1.1: if input does not end with U+005D (]), IPv6-unclosed validation error,
        // return failure.
        let Some(inside) = rest.strip_suffix(']') else {
            let error = ValidationError::Ipv6Unclosed;
            sink.report(error, 0);
            return Err(ReportedError { error, offset: 0 });
        };
        // Step 1.2: return the result of IPv6 parsing input without its brackets.
        let mut shifted = OffsetSink {
            inner: sink,
            base: 1,
        };
        let address = parse_ipv6(inside, &mut shifted).map_err(|e| ReportedError {
            error: e.error,
            offset: e.offset + 1,
        })?;
        out.push('[');
        serialize_ipv6_into(address, out);
        out.push(']');
        return Ok(HostKind::Ipv6);
    }
    // Step 2: if isOpaque is true, then return the result of opaque-host parsing input.
    if is_opaque {
        return Ok(if parse_opaque_host_into(input, out, sink)? {
            HostKind::Opaque
        } else {
            HostKind::Empty
        });
    }
    // Step 3: assert: input is not the empty string (handled by the domain parser: failure).
    let bytes = input.as_bytes();
    let start = out.len();
    // Whether positions in the domain parser's result are positions in input.
    let same_offsets;
    // Whether domain (input percent-decoded, step 4) is an ASCII string.
    let domain_is_ascii;
    // Whether the Latin-1 shortcut runs on input below (and, past that branch, did not take it).
    let latin1_tried = !S::ENABLED && !bytes.is_ascii();
    if latin1_tried && crate::latin1::to_ascii_into(input, out) {
        // Steps 4 to 6 with no one listening, on a domain that the Latin-1 shortcut takes
        // (`latin1.rs`: it has no `%`, so domain is input) before input is classified: what
        // the domain parser's step 4 would run on it below.
        same_offsets = false;
        domain_is_ascii = false;
    } else {
        let classes = classify(bytes);
        if classes & (NON_ASCII | PERCENT) == 0 {
            // Fast path: ASCII with nothing to percent-decode, so domain is input (step 4) and
            // the domain parser's result is input ASCII-lowercased (steps 5-6; July 2026).
            same_offsets = true;
            domain_is_ascii = true;
            let mut at_start = AtSink {
                inner: &mut *sink,
                offset: 0,
            };
            classified_ascii_domain_into(input, classes, &mut at_start, out)?;
        } else {
            // July 2026: if input contains a percent-encoded byte, domain-percent-encoded
            // validation error, before percent-decoding.
            if S::ENABLED {
                let first_percent = bytes.iter().position(|&b| b == b'%').unwrap_or(bytes.len());
                if let Some(offset) =
                    (first_percent..bytes.len()).find(|&i| is_percent_encoded_byte(bytes, i))
                {
                    sink.report(ValidationError::DomainPercentEncoded, offset);
                }
            }
            // Step 4: let domain be the result of running UTF-8 decode without BOM on the
            // percent-decoding of input (a byte sequence that is not UTF-8 gives U+FFFD, on which
            // the domain parser fails).
            // Without a `%` (the scan above says), domain is input and its classes are known.
            let (domain, domain_classes): (Cow<'_, str>, u8) = match classes & PERCENT {
                0 => (Cow::Borrowed(input), classes),
                _ => match percent_decode_str(input) {
                    Cow::Borrowed(_) => (Cow::Borrowed(input), classes),
                    Cow::Owned(decoded) => {
                        let decoded = match String::from_utf8(decoded) {
                            Ok(decoded) => decoded,
                            Err(e) => String::from_utf8_lossy(e.as_bytes()).into_owned(),
                        };
                        let decoded_classes = classify(decoded.as_bytes());
                        (Cow::Owned(decoded), decoded_classes)
                    }
                },
            };
            domain_is_ascii = domain_classes & NON_ASCII == 0;
            same_offsets = classes & NON_ASCII == 0 && *domain == *input;
            // Steps 5-6: let asciiDomain be the result of running the domain parser with domain
            // and false; if it is failure, return failure (out is unchanged on failure).
            classified_domain_to_ascii_into(
                &domain,
                domain_classes,
                // Not again on input itself (domain is input unless it was percent-decoded).
                latin1_tried && matches!(domain, Cow::Borrowed(_)),
                &mut AtSink {
                    inner: &mut *sink,
                    offset: 0,
                },
                out,
            )?;
        }
    }
    let ascii_domain = out.get(start..).unwrap_or_default();
    // The ends-in-a-number checker's assert (added in the July 2026
    // edition): its input is never empty, as
    // the domain parser returned failure for an empty result.
    debug_assert!(!ascii_domain.is_empty());
    // Step 7: if asciiDomain ends in a number, return the result of IPv4 parsing asciiDomain.
    if ends_in_a_number(ascii_domain) {
        // Later in July 2026 (whatwg/url#925): if domain is not an ASCII string,
        // IPv4-non-ASCII-input validation error, before any error of the IPv4 parser.
        if S::ENABLED && !domain_is_ascii {
            sink.report(ValidationError::Ipv4NonAsciiInput, first_non_ascii(bytes));
        }
        let parsed = if same_offsets {
            parse_ipv4(ascii_domain, sink)
        } else {
            // Positions in asciiDomain are not positions in input: the errors point at 0.
            // Without a listener, through the copy of the IPv4 parser above: one copy, not two,
            // in a program that does not listen.
            let parsed = if S::ENABLED {
                parse_ipv4(
                    ascii_domain,
                    &mut AtSink {
                        inner: &mut *sink,
                        offset: 0,
                    },
                )
            } else {
                parse_ipv4(ascii_domain, sink)
            };
            parsed.map_err(|e| ReportedError {
                error: e.error,
                offset: 0,
            })
        };
        out.truncate(start);
        serialize_ipv4_into(parsed?, out);
        return Ok(HostKind::Ipv4);
    }
    // Step 8: return asciiDomain.
    Ok(HostKind::Domain)
}

/// [`parse_host_into`] with validation errors unreported ([`NoSink`]). Not generic: compiled
/// once, in this crate, and shared by every caller that does not listen (url-core's parser,
/// [`crate::Host::parse`]), instead of a copy of the host parser in each calling crate.
///
/// ```
/// let mut out = String::new();
/// assert_eq!(host::parse_host_into_unreported("EXAMPLE.com", false, &mut out), Ok(host::HostKind::Domain));
/// assert_eq!(out, "example.com");
/// ```
pub fn parse_host_into_unreported(
    input: &str,
    is_opaque: bool,
    out: &mut String,
) -> Result<HostKind, ReportedError> {
    parse_host_into(input, is_opaque, out, &mut NoSink)
}

/// The offset of the first byte of `input` that spells a non-ASCII code point: a byte of 0x80 or
/// more, or a `%` whose two hex digits give one (the first digit is 8 or more). Where the
/// `IPv4-non-ASCII-input` error points; 0 when there is none (not reached: the caller found
/// domain non-ASCII).
fn first_non_ascii(input: &[u8]) -> usize {
    (0..input.len())
        .find(|&i| match input.get(i) {
            Some(&b) if b >= 0x80 => true,
            Some(b'%') => {
                is_percent_encoded_byte(input, i)
                    && input
                        .get(i + 1)
                        .is_some_and(|h| h.to_ascii_lowercase() >= b'8')
            }
            _ => false,
        })
        .unwrap_or(0)
}
