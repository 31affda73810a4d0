//! Unicode ToASCII (UTS #46) with the relaxed settings, as the domain parser runs it (spec 3.3,
//! step 4), for a domain that `idna` refuses because of a label's length.
//!
//! `idna` (after ICU) refuses a non-ASCII label of more than 1,000 code points, and an `xn--`
//! label with more than 2,000 bytes of Punycode, because RFC 3492's algorithms are quadratic
//! in the length. Neither the URL Standard nor UTS #46 has such a limit (whether one should is
//! an open question of the URL Standard), and the reference implementation (whatwg-url with
//! `tr46`) and ada both take such labels: `https://` then 1,001 `é` is a URL there. So where
//! `idna` fails on a domain of more than 1,000 bytes (the shortest that can have such a
//! label), the domain comes here, and its labels are processed by UTS #46 section 4's steps
//! with the Punycode of `punycode_long.rs` (O(n log n), maxint 2^31 − 1 as in the reference
//! implementation).
//!
//! The steps use the same Unicode data as `idna`, through the same adapter (`idna_adapter`):
//! the mapping and normalization, the validity of a decoded label, General_Category,
//! Canonical_Combining_Class (virama), Bidi_Class and Joining_Type. Where `idna` takes a
//! domain, this gives its result: the `host` fuzz target compares the two on every domain,
//! through `uts46_to_ascii_without_length_limits` (feature `testing`).

use crate::punycode::has_ace_prefix;
use alloc::string::String;
use alloc::vec::Vec;
use idna_adapter::{
    Adapter, BidiClass, FIRST_BC_MASK, JoiningTypeMask, LAST_LTR_MASK, LAST_RTL_MASK,
    LEFT_OR_DUAL_JOINING_MASK, MIDDLE_LTR_MASK, MIDDLE_RTL_MASK, RIGHT_OR_DUAL_JOINING_MASK,
    RTL_MASK,
};

/// The fewest bytes of a domain that `idna` can refuse for a label's length: a label of more
/// than 1,000 code points (`PUNYCODE_ENCODE_MAX_INPUT_LENGTH`) has more than 1,000 bytes, and
/// one of more than 2,000 bytes of Punycode (`PUNYCODE_DECODE_MAX_INPUT_LENGTH`) more still.
pub(crate) const IDNA_LIMIT: usize = 1000;

const ZWNJ: char = '\u{200C}';
const ZWJ: char = '\u{200D}';

/// A label after steps 1 to 3 (Map, Normalize, Break), and after step 4's decoding.
struct Label {
    /// The label's code points: as mapped, or decoded from Punycode (step 4.2).
    chars: Vec<char>,
    /// The `xn--` label as mapped (ASCII, lower case) where it came from an ASCII label of the
    /// input: ToASCII gives it back as it is, not encoded again (as `idna` does).
    ascii_input: Option<String>,
}

/// Unicode ToASCII of `domain` with CheckHyphens, UseSTD3ASCIIRules and VerifyDnsLength
/// false, CheckBidi and CheckJoiners true, Transitional_Processing and IgnoreInvalidPunycode
/// false, with no limit on a label's length; with UTS #46's validity criterion that no decoded
/// label begins with `xn--`, which `relaxed.rs` adds to `idna`. `None` on an error.
pub(crate) fn to_ascii(domain: &str) -> Option<String> {
    // ToASCII step 2: a label with a non-ASCII code point becomes `xn--` and its Punycode.
    processed(domain, |label, out| {
        if let Some(ascii) = &label.ascii_input {
            out.push_str(ascii);
        } else if label.chars.iter().all(char::is_ascii) {
            out.extend(label.chars.iter());
        } else {
            out.push_str("xn--");
            crate::punycode_long::encode(&label.chars, out)?;
        }
        Some(())
    })
}

/// Unicode ToUnicode of `domain` with the settings of [`to_ascii`]: the labels as processed,
/// decoded; `None` on an error.
pub(crate) fn to_unicode(domain: &str) -> Option<String> {
    processed(domain, |label, out| {
        out.extend(label.chars.iter());
        Some(())
    })
}

/// The labels of `domain` after [`process`], each written by `write`, joined with `.`; `None`
/// where processing or `write` records an error.
fn processed(
    domain: &str,
    mut write: impl FnMut(&Label, &mut String) -> Option<()>,
) -> Option<String> {
    let labels = process(&crate::uts46::ADAPTER, domain)?;
    let mut out = String::with_capacity(domain.len());
    for (k, label) in labels.iter().enumerate() {
        if k > 0 {
            out.push('.');
        }
        write(label, &mut out)?;
    }
    Some(out)
}

/// UTS #46 section 4 (Processing), steps 1 to 4, on `domain`: its labels, or `None` where a
/// step records an error.
fn process(adapter: &Adapter, domain: &str) -> Option<Vec<Label>> {
    let mut labels = map_normalize_break(adapter, domain);
    // Step 4: convert and validate each label.
    for label in &mut labels {
        // Step 1 records an error for a disallowed code point (mapped to U+FFFD, itself
        // disallowed).
        if label.chars.contains(&'\u{FFFD}') {
            return None;
        }
        if label.chars.starts_with(&['x', 'n', '-', '-']) {
            decode(adapter, label)?;
        }
        check_label(adapter, &label.chars)?;
    }
    // Validity criterion CheckBidi: every label of a Bidi domain name (one with a code point of
    // Bidi_Class R, AL or AN) satisfies RFC 5893's Bidi Rule.
    let bidi = labels
        .iter()
        .flat_map(|label| &label.chars)
        .any(|&c| RTL_MASK.intersects(adapter.bidi_class(c).to_mask()));
    if bidi
        && !labels
            .iter()
            .all(|label| satisfies_bidi_rule(adapter, &label.chars))
    {
        return None;
    }
    Some(labels)
}

/// Steps 1 to 3 (Map, Normalize, Break). An ASCII label of the input maps to itself
/// lower-cased (UseSTD3ASCIIRules false: every ASCII code point is valid, or mapped to lower
/// case) and normalizes to itself; `.` neither composes nor is composed, so each label of the
/// input is mapped and normalized alone, and mapping may give more labels (U+3002 maps to
/// `.`).
fn map_normalize_break(adapter: &Adapter, domain: &str) -> Vec<Label> {
    let mut labels = Vec::new();
    let label = |chars: Vec<char>| Label {
        chars,
        ascii_input: None,
    };
    for input in domain.split('.') {
        if input.is_ascii() {
            let lower = input.to_ascii_lowercase();
            let mut mapped = label(lower.chars().collect());
            if has_ace_prefix(lower.as_bytes()) {
                mapped.ascii_input = Some(lower);
            }
            labels.push(mapped);
            continue;
        }
        let input: Vec<char> = input.chars().collect();
        let mapped = map_normalize(adapter, &input);
        labels.extend(
            mapped
                .split(|&c| c == '.')
                .map(|chars| label(chars.to_vec())),
        );
    }
    labels
}

/// Steps 1 and 2 (Map, Normalize) on `chars`. Out of line, and the one call of the
/// normalizer here: each is a copy of its code in every binary that parses URLs.
#[inline(never)]
fn map_normalize(adapter: &Adapter, chars: &[char]) -> Vec<char> {
    let mut mapped = Vec::with_capacity(chars.len());
    for c in adapter.map_normalize(chars.iter().copied()) {
        mapped.push(c);
    }
    mapped
}

/// Step 4 on an `xn--` label (mapped: lower case): steps 4.1 to 4.4, the label's code points
/// replaced by the decoded ones; `None` on an error.
fn decode(adapter: &Adapter, label: &mut Label) -> Option<()> {
    // 4.1: the label must be ASCII.
    let mut punycode = Vec::with_capacity(label.chars.len());
    for &c in label.chars.get(4..)? {
        punycode.push(u8::try_from(c).ok().filter(u8::is_ascii)?);
    }
    // 4.2: Punycode decode, an error on failure (IgnoreInvalidPunycode false).
    let decoded = crate::punycode_long::decode(&punycode)?;
    // 4.3: an error if the decoded label is empty or all ASCII.
    if decoded.iter().all(char::is_ascii) {
        return None;
    }
    // 4.4, the validity criteria: in NFC, and each code point valid. Mapping and normalizing
    // change every code point that is not valid (a `mapped` one is mapped, an `ignored` one
    // dropped, a `disallowed` one made U+FFFD, itself disallowed, which is left as it is and
    // so looked for) and every label that is not in NFC, so the label is valid if it comes
    // back as it was and has no U+FFFD. (`idna` checks with `normalize_validate`, which makes
    // an `ignored` code point U+FFFD: the same labels fail.) And no `.`.
    let validated = map_normalize(adapter, &decoded);
    if validated != decoded || validated.iter().any(|&c| c == '\u{FFFD}' || c == '.') {
        return None;
    }
    // With CheckHyphens false, the decoded label must not begin with `xn--`.
    if validated.starts_with(&['x', 'n', '-', '-']) {
        return None;
    }
    label.chars = validated;
    Some(())
}

/// The validity criteria of section 4.1 that look at a label's code points in context: no
/// combining mark first, and CheckJoiners (RFC 5892's CONTEXTJ rules for U+200C and U+200D).
fn check_label(adapter: &Adapter, chars: &[char]) -> Option<()> {
    if chars.first().is_some_and(|&c| adapter.is_mark(c)) {
        return None;
    }
    for (index, &c) in chars.iter().enumerate() {
        if c != ZWNJ && c != ZWJ {
            continue;
        }
        let (before, after) = (chars.get(..index)?, chars.get(index + 1..)?);
        // Both may follow a virama; ZWJ only that.
        match before.last() {
            None => return None,
            Some(&previous) if adapter.is_virama(previous) => continue,
            Some(_) if c == ZWJ => return None,
            Some(_) => {}
        }
        // ZWNJ: (Joining_Type L or D) (T)* ZWNJ (T)* (R or D).
        let joins =
            joins_across_transparent(adapter, before.iter().rev(), LEFT_OR_DUAL_JOINING_MASK)
                && joins_across_transparent(adapter, after.iter(), RIGHT_OR_DUAL_JOINING_MASK);
        if !joins {
            return None;
        }
    }
    Some(())
}

/// Whether the first code point of `chars` that is not of Joining_Type T is of a type in
/// `mask`.
fn joins_across_transparent<'a>(
    adapter: &Adapter,
    chars: impl Iterator<Item = &'a char>,
    mask: JoiningTypeMask,
) -> bool {
    for &c in chars {
        let joining = adapter.joining_type(c);
        if joining.to_mask().intersects(mask) {
            return true;
        }
        if !joining.is_transparent() {
            return false;
        }
    }
    false
}

/// RFC 5893 section 2, the Bidi Rule, on a label of a Bidi domain name (an empty one
/// satisfies it).
fn satisfies_bidi_rule(adapter: &Adapter, chars: &[char]) -> bool {
    let class = |c: char| adapter.bidi_class(c);
    let Some((&first, rest)) = chars.split_first() else {
        return true;
    };
    // Rule 1: the first character is of class L, R or AL.
    let first = class(first);
    if !FIRST_BC_MASK.intersects(first.to_mask()) {
        return false;
    }
    let ltr = first.is_ltr();
    // The end, past any NSMs: rules 3 and 6.
    let mut middle = rest;
    while let Some((&last, before)) = middle.split_last() {
        if class(last).is_nonspacing_mark() {
            middle = before;
            continue;
        }
        let last = class(last);
        let last_mask = if ltr { LAST_LTR_MASK } else { LAST_RTL_MASK };
        if !last_mask.intersects(last.to_mask()) {
            return false;
        }
        return if ltr {
            // Rule 5: only L, EN, ES, CS, ET, ON, BN and NSM.
            before
                .iter()
                .all(|&c| MIDDLE_LTR_MASK.intersects(class(c).to_mask()))
        } else {
            // Rule 2: only R, AL, AN, EN, ES, CS, ET, ON, BN and NSM; rule 4: not both EN
            // and AN.
            rtl_middle_and_numbers(before.iter().map(|&c| class(c)), last)
        };
    }
    true
}

/// Rules 2 and 4 of the Bidi Rule on an RTL label whose classes before its last non-NSM one
/// (`last`) are `middle`.
fn rtl_middle_and_numbers(middle: impl Iterator<Item = BidiClass>, last: BidiClass) -> bool {
    let (mut european, mut arabic) = (false, false);
    for class in middle.chain([last]) {
        if !MIDDLE_RTL_MASK.intersects(class.to_mask()) {
            return false;
        }
        european |= class.is_european_number();
        arabic |= class.is_arabic_number();
    }
    !(european && arabic)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn takes_labels_idna_refuses_for_their_length() {
        // 1,001 `é`s: the reference implementation and ada give `xn--9caaa…a` (1,007
        // bytes in all).
        let long = "\u{e9}".repeat(1001);
        let ascii = to_ascii(&long).unwrap();
        assert_eq!(ascii.len(), 1007);
        assert!(ascii.starts_with("xn--9caaa"));
        // Its Punycode comes back, decoded, as the label, and through `xn--` again as itself.
        assert_eq!(to_unicode(&ascii).as_deref(), Some(long.as_str()));
        let mixed = format!("{}.{ascii}", "\u{fc}".repeat(3));
        assert_eq!(to_ascii(&mixed), Some(format!("xn--tdaaa.{ascii}")));
        // Errors still count in long labels: a disallowed code point, a bad Bidi label.
        assert_eq!(to_ascii(&format!("{long}\u{FFFD}")), None);
        assert_eq!(to_ascii(&format!("{long}.1\u{5D0}")), None);
        assert_eq!(to_ascii(&format!("{long}\u{5D0}")), None);
        // A value past the reference's maxint is an error there too.
        assert_eq!(to_ascii(&format!("{}\u{10FFFD}", "a".repeat(3000))), None);
    }

    #[test]
    fn long_labels_take_time_in_proportion() {
        // 200,000 distinct-enough code points: RFC 3492's passes would take 10^10 steps.
        let label: String = (0..200_000u32)
            .map(|k| char::from_u32(0x4E00 + k % 20_000).unwrap())
            .collect();
        let ascii = to_ascii(&label).unwrap();
        assert_eq!(to_unicode(&ascii), Some(label));
    }

    #[test]
    fn a_mapped_dot_breaks_a_label() {
        assert_eq!(
            to_ascii(&format!("{}\u{3002}b", "\u{e9}".repeat(1001))).map(|a| a.ends_with(".b")),
            Some(true)
        );
        assert_eq!(to_unicode("a\u{3002}B"), Some("a.b".to_string()));
        assert_eq!(to_unicode("xn--bcher-kva"), Some("b\u{fc}cher".to_string()));
    }
}
