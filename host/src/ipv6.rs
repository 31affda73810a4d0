//! The IPv6 parser and the IPv6 serializer (spec 3.5, 3.6; July 2026 edition).

use crate::validation::{ReportedError, ValidationError, ValidationSink};
use alloc::string::String;
use core::net::Ipv6Addr;

/// Reports `error` at `offset` and returns it, for failure steps.
#[inline]
fn fail<S: ValidationSink>(sink: &mut S, error: ValidationError, offset: usize) -> ReportedError {
    sink.report(error, offset);
    ReportedError { error, offset }
}

/// The IPv6 parser (spec 3.5, July 2026 edition), on the text between the brackets.
///
/// Offsets are byte offsets in `input` (the host parser adds 1 for the `[`); an error found at
/// the end of the input (an unexpected EOF) has offset `input.len()`. Each
/// `IPv6-piece-leading-zero` is reported at the start of its piece.
///
/// ```
/// use host::{parse_ipv6, NoSink};
/// use std::net::Ipv6Addr;
/// assert_eq!(parse_ipv6("0:0::1", &mut NoSink), Ok(Ipv6Addr::LOCALHOST));
/// assert_eq!(parse_ipv6("::ffff:192.0.2.1", &mut NoSink), Ok("::ffff:192.0.2.1".parse().unwrap()));
/// assert!(parse_ipv6("1:::2", &mut NoSink).is_err());
/// ```
pub fn parse_ipv6<S: ValidationSink>(input: &str, sink: &mut S) -> Result<Ipv6Addr, ReportedError> {
    let input = input.as_bytes();
    // Steps 1-4: address is all zeros; pieceIndex is 0; compress is null; pointer is 0.
    let mut address = [0u16; 8];
    let mut piece_index: usize = 0;
    let mut compress: Option<usize> = None;
    let mut pointer: usize = 0;
    let c = |pointer: usize| input.get(pointer).copied();

    // Step 5: if c is U+003A (:), then remaining must start with U+003A (:).
    if c(pointer) == Some(b':') {
        if c(pointer + 1) != Some(b':') {
            return Err(fail(sink, ValidationError::Ipv6InvalidCompression, pointer));
        }
        pointer += 2;
        piece_index += 1;
        compress = Some(piece_index);
    }

    // Step 6: while c is not the EOF code point.
    while let Some(current) = c(pointer) {
        // Step 6.1: if pieceIndex is 8, IPv6-too-many-pieces validation error, return failure.
        if piece_index == 8 {
            return Err(fail(sink, ValidationError::Ipv6TooManyPieces, pointer));
        }
        // Step 6.2: if c is U+003A (:), a compression.
        if current == b':' {
            if compress.is_some() {
                return Err(fail(
                    sink,
                    ValidationError::Ipv6MultipleCompression,
                    pointer,
                ));
            }
            pointer += 1;
            piece_index += 1;
            compress = Some(piece_index);
            continue;
        }
        // Steps 6.3-6.4: read up to four ASCII hex digits into value.
        let piece_start = pointer;
        let mut value: u16 = 0;
        let mut length: u32 = 0;
        while length < 4 {
            let Some(digit) = c(pointer).and_then(|b| char::from(b).to_digit(16)) else {
                break;
            };
            // Four hex digits fit in 16 bits.
            value = value.wrapping_mul(0x10).wrapping_add(digit as u16);
            pointer += 1;
            length += 1;
        }
        match c(pointer) {
            // Step 6.5: if c is U+002E (.), the rest is an IPv4 address.
            Some(b'.') => {
                // Step 6.5.1: if length is 0, IPv4-in-IPv6-invalid-code-point, failure.
                if length == 0 {
                    return Err(fail(
                        sink,
                        ValidationError::Ipv4InIpv6InvalidCodePoint,
                        pointer,
                    ));
                }
                // Step 6.5.2: decrease pointer by length.
                pointer -= length as usize;
                // Step 6.5.3: if pieceIndex > 6, IPv4-in-IPv6-too-many-pieces, failure.
                if piece_index > 6 {
                    return Err(fail(
                        sink,
                        ValidationError::Ipv4InIpv6TooManyPieces,
                        pointer,
                    ));
                }
                // Steps 6.5.4-6.5.5: read the IPv4 part.
                let mut numbers_seen = 0;
                while let Some(current) = c(pointer) {
                    // Step 6.5.5.1: let ipv4Piece be null.
                    let mut ipv4_piece: Option<u16> = None;
                    // Step 6.5.5.2: after the first number, a U+002E (.) must come next.
                    if numbers_seen > 0 {
                        if current == b'.' && numbers_seen < 4 {
                            pointer += 1;
                        } else {
                            return Err(fail(
                                sink,
                                ValidationError::Ipv4InIpv6InvalidCodePoint,
                                pointer,
                            ));
                        }
                    }
                    // Step 6.5.5.3: if c is not an ASCII digit, failure.
                    if !c(pointer).is_some_and(|b| b.is_ascii_digit()) {
                        return Err(fail(
                            sink,
                            ValidationError::Ipv4InIpv6InvalidCodePoint,
                            pointer,
                        ));
                    }
                    // Step 6.5.5.4: while c is an ASCII digit.
                    while let Some(digit @ b'0'..=b'9') = c(pointer) {
                        let number = u16::from(digit - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            // A leading 0 is not allowed.
                            Some(0) => {
                                return Err(fail(
                                    sink,
                                    ValidationError::Ipv4InIpv6InvalidCodePoint,
                                    pointer,
                                ));
                            }
                            Some(piece) => Some(piece * 10 + number),
                        };
                        // If ipv4Piece is greater than 255, failure.
                        if ipv4_piece.is_some_and(|piece| piece > 255) {
                            return Err(fail(
                                sink,
                                ValidationError::Ipv4InIpv6OutOfRangePart,
                                pointer,
                            ));
                        }
                        pointer += 1;
                    }
                    // Step 6.5.5.5: address[pieceIndex] × 0x100 + ipv4Piece.
                    if let Some(piece) = address.get_mut(piece_index) {
                        *piece = piece
                            .wrapping_mul(0x100)
                            .wrapping_add(ipv4_piece.unwrap_or(0));
                    }
                    // Steps 6.5.5.6-6.5.5.7.
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece_index += 1;
                    }
                }
                // Step 6.5.6: if numbersSeen is not 4, IPv4-in-IPv6-too-few-parts, failure.
                if numbers_seen != 4 {
                    return Err(fail(sink, ValidationError::Ipv4InIpv6TooFewParts, pointer));
                }
                // Step 6.5.7: break.
                break;
            }
            // Step 6.6: otherwise, if c is U+003A (:), increase pointer; EOF is a failure.
            Some(b':') => {
                pointer += 1;
                if c(pointer).is_none() {
                    return Err(fail(sink, ValidationError::Ipv6InvalidCodePoint, pointer));
                }
            }
            // Step 6.7: otherwise, if c is not the EOF code point, failure.
            Some(_) => return Err(fail(sink, ValidationError::Ipv6InvalidCodePoint, pointer)),
            None => {}
        }
        // July 2026: if length > 1 and value < 16^(length − 1), IPv6-piece-leading-zero
        // validation error. Checked once the piece is known to be a piece (not the start of an
        // embedded IPv4 address, not followed by an invalid code point), as the reference
        // implementation (jsdom/whatwg-url) does.
        if length > 1 && u32::from(value) < 1 << (4 * (length - 1)) {
            sink.report(ValidationError::Ipv6PieceLeadingZero, piece_start);
        }
        // Steps 6.8-6.9: address[pieceIndex] is value; increase pieceIndex.
        if let Some(piece) = address.get_mut(piece_index) {
            *piece = value;
        }
        piece_index += 1;
    }

    match compress {
        // Step 7: if compress is non-null, move the pieces after it to the end.
        Some(compress) => {
            let mut swaps = piece_index - compress;
            piece_index = 7;
            while piece_index != 0 && swaps > 0 {
                address.swap(piece_index, compress + swaps - 1);
                piece_index -= 1;
                swaps -= 1;
            }
        }
        // Step 8: otherwise, if pieceIndex is not 8, IPv6-too-few-pieces, failure.
        None => {
            if piece_index != 8 {
                return Err(fail(sink, ValidationError::Ipv6TooFewPieces, input.len()));
            }
        }
    }
    // Step 9: return address.
    Ok(Ipv6Addr::from(address))
}

/// Finds the IPv6 address compressed piece index (spec 3.6): the first longest run of at
/// least two 0 pieces.
fn compressed_piece_index(pieces: &[u16; 8]) -> Option<usize> {
    let mut longest_index = None;
    let mut longest_size = 1;
    let mut found_index = None;
    let mut found_size = 0;
    for (piece_index, &piece) in pieces.iter().enumerate() {
        if piece != 0 {
            if found_size > longest_size {
                longest_index = found_index;
                longest_size = found_size;
            }
            found_index = None;
            found_size = 0;
        } else {
            if found_index.is_none() {
                found_index = Some(piece_index);
            }
            found_size += 1;
        }
    }
    if found_size > longest_size {
        return found_index;
    }
    longest_index
}

/// Appends the shortest lowercase hexadecimal form of `piece` to `out`.
#[inline]
fn push_hex_u16(piece: u16, out: &mut String) {
    let mut shift = 12;
    while shift > 0 && (piece >> shift) == 0 {
        shift -= 4;
    }
    loop {
        let nibble = ((piece >> shift) & 0xF) as u8;
        out.push(char::from(if nibble < 10 {
            b'0' + nibble
        } else {
            b'a' + nibble - 10
        }));
        if shift == 0 {
            break;
        }
        shift -= 4;
    }
}

/// The IPv6 serializer (spec 3.6): appends the compressed lowercase form of `address` to
/// `out`, without brackets. The first longest run of two or more 0 pieces becomes `::`.
///
/// ```
/// let mut out = String::new();
/// host::serialize_ipv6_into("2001:db8:0:0:1:0:0:1".parse().unwrap(), &mut out);
/// assert_eq!(out, "2001:db8::1:0:0:1");
/// ```
pub fn serialize_ipv6_into(address: Ipv6Addr, out: &mut String) {
    let pieces = address.segments();
    // Step 2: let compress be the compressed piece index.
    let compress = compressed_piece_index(&pieces);
    // Step 3: let ignore0 be false.
    let mut ignore0 = false;
    // Step 4: for each pieceIndex of address's pieces's indices.
    for (piece_index, &piece) in pieces.iter().enumerate() {
        if ignore0 && piece == 0 {
            continue;
        }
        ignore0 = false;
        if compress == Some(piece_index) {
            out.push_str(if piece_index == 0 { "::" } else { ":" });
            ignore0 = true;
            continue;
        }
        push_hex_u16(piece, out);
        if piece_index != 7 {
            out.push(':');
        }
    }
}
