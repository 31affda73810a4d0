//! WTF-8: UTF-16 code units, lone surrogates included, as bytes and back, so that any Windows
//! path survives its URL's percent-encoding.

use alloc::vec::Vec;

/// UTF-16 code units as WTF-8: UTF-8, with each lone surrogate as the three bytes UTF-8 would
/// give its code point.
pub(super) fn encode(units: &[u16]) -> Vec<u8> {
    let mut out = Vec::with_capacity(units.len());
    for decoded in char::decode_utf16(units.iter().copied()) {
        match decoded {
            Ok(c) => out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes()),
            Err(lone) => {
                let u = lone.unpaired_surrogate();
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

/// Appends WTF-8 `bytes` to `out` as UTF-16; `None` (with `out` partly written) when they are
/// not WTF-8.
pub(super) fn decode_into(mut bytes: &[u8], out: &mut Vec<u16>) -> Option<()> {
    loop {
        match core::str::from_utf8(bytes) {
            Ok(text) => {
                out.extend(text.encode_utf16());
                return Some(());
            }
            Err(e) => {
                let (valid, rest) = bytes.split_at(e.valid_up_to());
                out.extend(core::str::from_utf8(valid).ok()?.encode_utf16());
                // A surrogate code point: ED A0..BF 80..BF, which UTF-8 refuses.
                match rest {
                    [0xED, b1 @ 0xA0..=0xBF, b2 @ 0x80..=0xBF, tail @ ..] => {
                        out.push(0xD000 | (u16::from(*b1 & 0x3F) << 6) | u16::from(*b2 & 0x3F));
                        bytes = tail;
                    }
                    _ => return None,
                }
            }
        }
    }
}
