//! The ends-in-a-number checker, the IPv4 parser and the IPv4 serializer (spec 3.5, 3.6;
//! July 2026 edition).

use crate::validation::{ReportedError, ValidationError, ValidationSink};
use alloc::string::String;
use core::net::Ipv4Addr;
use percent::ByteTable;

/// The ends-in-a-number checker (spec 3.5, July 2026 edition).
///
/// Strictly split `input` on `.`; if the last part is empty, drop it; then the (new) last part
/// decides: `true` if it is non-empty and all ASCII digits, or if it parses as an IPv4 number
/// (that is, it is `0x`/`0X` followed by zero or more ASCII hex digits).
///
/// The standard only calls this with a non-empty string; the empty string answers `false`.
///
/// ```
/// use host::ends_in_a_number;
/// assert!(ends_in_a_number("example.255"));
/// assert!(ends_in_a_number("1.2.3.4."));
/// assert!(ends_in_a_number("a.0x"));
/// assert!(!ends_in_a_number("example.com"));
/// assert!(!ends_in_a_number("0x.g"));
/// ```
#[inline]
pub fn ends_in_a_number(input: &str) -> bool {
    ends_in_a_number_utf8(input.as_bytes())
}

/// [`ends_in_a_number`] on the UTF-8 bytes of the input (the checker looks only at `.` and
/// ASCII bytes, which UTF-8 never uses inside a multi-byte character): for a caller that holds
/// bytes, such as `url-core`'s fast path, so that it need not make a `&str` first.
///
/// ```
/// assert!(host::ends_in_a_number_utf8(b"example.255"));
/// assert!(!host::ends_in_a_number_utf8(b"example.com"));
/// ```
#[inline]
pub fn ends_in_a_number_utf8(input: &[u8]) -> bool {
    // Steps 4 and 5 can only answer true when the last part ends in an ASCII digit, an ASCII
    // hex digit or "x"/"X" ("0x"), and a trailing "." is dropped first (step 2): one table
    // load rejects nearly every domain ("com", "org", "net", ...).
    match input.last() {
        Some(&b) if MAY_END_A_NUMBER.contains(b, 1) => ends_in_a_number_steps(input),
        _ => false,
    }
}

/// The bytes that the last part of an input that ends in a number may end with, and `.` (class
/// 1).
static MAY_END_A_NUMBER: ByteTable = ByteTable::EMPTY
    .with_range(b'0', b'9', 1)
    .with_range(b'a', b'f', 1)
    .with_range(b'A', b'F', 1)
    .with_bytes(b"xX.", 1);

/// The ends-in-a-number checker's steps, for an input the table did not reject.
fn ends_in_a_number_steps(bytes: &[u8]) -> bool {
    // Step 2 (July 2026): if the last item of parts is the empty string, remove it.
    let bytes = bytes.strip_suffix(b".").unwrap_or(bytes);
    // Step 3: let last be the last item in parts.
    let last = match bytes.iter().rposition(|&b| b == b'.') {
        Some(dot) => bytes.get(dot + 1..).unwrap_or_default(),
        None => bytes,
    };
    // Step 4: if last is non-empty and contains only ASCII digits, return true.
    if !last.is_empty() && last.iter().all(u8::is_ascii_digit) {
        return true;
    }
    // Step 5: if parsing last as an IPv4 number does not return failure, return true. This is
    // equivalent to checking that last is "0X" or "0x", followed by zero or more ASCII hex digits.
    matches!(last, [b'0', b'x' | b'X', rest @ ..] if rest.iter().all(u8::is_ascii_hexdigit))
}

/// Values above this are out of range for every IPv4 part; the number parser saturates here so
/// that arbitrarily long parts cannot overflow.
const SATURATED: u64 = 1 << 33;

/// The IPv4 number parser (spec 3.5): `None` for failure, else the number (saturated at 2^33,
/// which is out of range anyway) and whether a validation error applies (hex or octal form).
fn parse_ipv4_number(input: &[u8]) -> Option<(u64, bool)> {
    // Step 1: if input is the empty string, then return failure.
    if input.is_empty() {
        return None;
    }
    // Steps 2-4: a leading 0 selects octal, a leading 0x or 0X hexadecimal.
    let (digits, radix, validation_error) = match input {
        [b'0', b'x' | b'X', rest @ ..] => (rest, 16, true),
        [b'0', rest @ ..] if !rest.is_empty() => (rest, 8, true),
        _ => (input, 10, false),
    };
    // Step 5: if input is the empty string, then return (0, true).
    if digits.is_empty() {
        return Some((0, true));
    }
    // Steps 6-7: every code point must be a radix-R digit; output is the value.
    let mut output: u64 = 0;
    for &b in digits {
        let digit = char::from(b).to_digit(radix)?;
        output = (output * u64::from(radix) + u64::from(digit)).min(SATURATED);
    }
    Some((output, validation_error))
}

/// The IPv4 parser (spec 3.5, July 2026 edition).
///
/// The standard runs it only on a domain that [ends in a number](crate::ends_in_a_number);
/// on any other input it fails with `IPv4-non-numeric-part`. Offsets are byte offsets in
/// `input`:
/// - `IPv4-empty-part`: the trailing `.`;
/// - `IPv4-too-many-parts`: the start of the fifth part;
/// - `IPv4-too-few-parts`: 0 (the address as a whole), reported right after the part count is
///   known (after the `IPv4-too-many-parts` check, before any part is parsed);
/// - `IPv4-non-numeric-part`, `IPv4-non-decimal-part`, `IPv4-out-of-range-part`: the start of
///   the part.
///
/// On failure the error is reported to `sink` and returned.
///
/// ```
/// use host::{parse_ipv4, NoSink};
/// use std::net::Ipv4Addr;
/// assert_eq!(parse_ipv4("0xAB.012.0X12.12", &mut NoSink), Ok(Ipv4Addr::new(171, 10, 18, 12)));
/// assert_eq!(parse_ipv4("100.100.25600", &mut NoSink), Ok(Ipv4Addr::new(100, 100, 100, 0)));
/// assert!(parse_ipv4("1.2.3.4.5", &mut NoSink).is_err());
/// ```
pub fn parse_ipv4<S: ValidationSink>(input: &str, sink: &mut S) -> Result<Ipv4Addr, ReportedError> {
    let bytes = input.as_bytes();
    // Step 1: let parts be the result of strictly splitting input on U+002E (.).
    // Step 2: if the last item in parts is the empty string, IPv4-empty-part validation error,
    // and remove it if parts's size is greater than 1.
    let body = match bytes.strip_suffix(b".") {
        Some(body) => {
            sink.report(ValidationError::Ipv4EmptyPart, bytes.len() - 1);
            body
        }
        None => {
            if bytes.is_empty() {
                sink.report(ValidationError::Ipv4EmptyPart, 0);
            }
            bytes
        }
    };
    // Step 3: if parts's size is greater than 4, IPv4-too-many-parts validation error, return
    // failure. Counting dots finds the fifth part's start without allocating.
    let mut part_count = 1;
    for (i, &b) in body.iter().enumerate() {
        if b == b'.' {
            part_count += 1;
            if part_count == 5 {
                return Err(fail(sink, ValidationError::Ipv4TooManyParts, i + 1));
            }
        }
    }
    // July 2026: fewer than 4 parts is an IPv4-too-few-parts validation error (not a failure).
    if part_count < 4 {
        sink.report(ValidationError::Ipv4TooFewParts, 0);
    }
    // Steps 4-5: parse each part into numbers (and remember where each part starts).
    let mut numbers = [0u64; 4];
    let mut starts = [0usize; 4];
    let mut start = 0;
    for (index, part) in body.split(|&b| b == b'.').enumerate() {
        // Step 5.1-5.2: if result is failure, IPv4-non-numeric-part validation error, return failure.
        let Some((number, non_decimal)) = parse_ipv4_number(part) else {
            return Err(fail(sink, ValidationError::Ipv4NonNumericPart, start));
        };
        // Step 5.3: if result[1] is true, IPv4-non-decimal-part validation error.
        if non_decimal {
            sink.report(ValidationError::Ipv4NonDecimalPart, start);
        }
        // Step 5.4: append result[0] to numbers.
        if let (Some(slot), Some(at)) = (numbers.get_mut(index), starts.get_mut(index)) {
            *slot = number;
            *at = start;
        }
        start += part.len() + 1;
    }
    let numbers = numbers.get(..part_count).unwrap_or_default();
    let starts = starts.get(..part_count).unwrap_or_default();
    // Step 6: if any item in numbers is greater than 255, IPv4-out-of-range-part validation
    // error (reported once, at the first such part).
    if let Some(i) = numbers.iter().position(|&n| n > 255) {
        let offset = starts.get(i).copied().unwrap_or(0);
        sink.report(ValidationError::Ipv4OutOfRangePart, offset);
        // Step 7: if any but the last item in numbers is greater than 255, return failure.
        if i + 1 != part_count {
            return Err(ReportedError {
                error: ValidationError::Ipv4OutOfRangePart,
                offset,
            });
        }
    }
    let (&last, init) = numbers.split_last().unwrap_or((&0, &[]));
    // Step 8: if the last item in numbers is greater than or equal to 256^(5 − numbers's size),
    // then return failure (step 6 reported its IPv4-out-of-range-part: the limit is above 255).
    if last >= 1u64 << (8 * (5 - part_count)) {
        let offset = starts.last().copied().unwrap_or(0);
        return Err(ReportedError {
            error: ValidationError::Ipv4OutOfRangePart,
            offset,
        });
    }
    // Steps 9-12: ipv4 is the last number plus each other number times 256^(3 − counter).
    let mut ipv4 = last;
    for (counter, &n) in init.iter().enumerate() {
        ipv4 += n << (8 * (3 - counter));
    }
    // Step 13: return ipv4 (it fits: each part was checked against its limit above).
    Ok(Ipv4Addr::from_bits(u32::try_from(ipv4).unwrap_or(u32::MAX)))
}

/// Reports `error` at `offset` and returns it, for failure steps.
#[inline]
fn fail<S: ValidationSink>(sink: &mut S, error: ValidationError, offset: usize) -> ReportedError {
    sink.report(error, offset);
    ReportedError { error, offset }
}

/// The IPv4 serializer (spec 3.6): appends the dotted-decimal form of `address` to `out`.
///
/// ```
/// let mut out = String::new();
/// host::serialize_ipv4_into(std::net::Ipv4Addr::new(192, 0, 2, 1), &mut out);
/// assert_eq!(out, "192.0.2.1");
/// ```
pub fn serialize_ipv4_into(address: Ipv4Addr, out: &mut String) {
    // At most 15 bytes, written into a buffer and appended once (a push a byte brings a
    // capacity check and a grow call each).
    let mut buffer = [0u8; 15];
    let mut len = 0;
    let mut put = |b: u8| {
        if let Some(slot) = buffer.get_mut(len) {
            *slot = b;
            len += 1;
        }
    };
    // Step 3: the four numbers `n % 256` are prepended last first, so they come out most
    // significant first, each serialized in decimal, with "." between them.
    for (i, n) in address.octets().into_iter().enumerate() {
        if i > 0 {
            put(b'.');
        }
        if n >= 100 {
            put(b'0' + n / 100);
        }
        if n >= 10 {
            put(b'0' + (n / 10) % 10);
        }
        put(b'0' + n % 10);
    }
    out.push_str(core::str::from_utf8(buffer.get(..len).unwrap_or_default()).unwrap_or_default());
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The checker as the standard words it: split on ".", drop a trailing empty part, then
    /// the last part decides.
    fn reference(input: &str) -> bool {
        let mut parts: alloc::vec::Vec<&str> = input.split('.').collect();
        if parts.last() == Some(&"") && parts.len() > 1 {
            parts.pop();
        }
        let last = parts.last().copied().unwrap_or("");
        if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
            return true;
        }
        let hex = last.strip_prefix("0x").or_else(|| last.strip_prefix("0X"));
        hex.is_some_and(|h| h.bytes().all(|b| b.is_ascii_hexdigit()))
    }

    #[test]
    fn quick_reject_agrees_with_the_steps() {
        let pieces = [
            "", ".", "0", "1", "9", "0x", "0X", "x", "a", "f", "g", "z", "ab", "12",
        ];
        let mut input = alloc::string::String::new();
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    input.clear();
                    input.push_str(a);
                    input.push_str(b);
                    input.push_str(c);
                    assert_eq!(ends_in_a_number(&input), reference(&input), "{input:?}");
                }
            }
        }
    }

    /// The serializer against the standard's steps (prepend `n % 256`, then "." unless it was
    /// the fourth, then `n / 256`), on every octet value in every position, appended after
    /// existing text.
    #[test]
    fn serializer_follows_the_steps() {
        let by_the_steps = |address: Ipv4Addr| {
            let mut output = alloc::string::String::new();
            let mut n = address.to_bits();
            for i in 1..=4 {
                output.insert_str(0, &alloc::format!("{}", n % 256));
                if i != 4 {
                    output.insert(0, '.');
                }
                n /= 256;
            }
            output
        };
        for v in 0..=255u8 {
            for address in [
                Ipv4Addr::new(v, 0, 255, 9),
                Ipv4Addr::new(1, v, 10, 100),
                Ipv4Addr::new(255, 99, v, 0),
                Ipv4Addr::new(0, 200, 7, v),
                Ipv4Addr::new(v, v, v, v),
            ] {
                let mut out = alloc::string::String::from("host:");
                serialize_ipv4_into(address, &mut out);
                assert_eq!(out, alloc::format!("host:{}", by_the_steps(address)));
            }
        }
    }
}
