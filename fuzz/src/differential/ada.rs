//! ada's divergence classes (A1–A6 of `fuzz/DIVERGENCES.md`): each predicate recognizes one way
//! ada departs from the standard, decided from the Unicode data and the other parsers.

use super::*;

/// Characters of the right-to-left blocks (Hebrew, Arabic, Syriac, Thaana, NKo, ... and
/// their presentation forms): what makes a domain a Bidi domain name.
pub(super) fn is_rtl_block(c: char) -> bool {
    matches!(u32::from(c), 0x0590..=0x08FF | 0xFB1D..=0xFDFF | 0xFE70..=0xFEFF | 0x10800..=0x10FFF | 0x1E800..=0x1EFFF)
}

pub(super) fn ada_bidi_rule(d: &Divergence) -> bool {
    let (None, Some(_)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    if failure.and_then(|e| e.validation_error())
        != Some(whatwg_url::ValidationError::DomainToAscii)
    {
        return false;
    }
    // Without the right-to-left characters (and the joiners, whose context they gave), we
    // parse it: the bidi rule is why we fail.
    let left_to_right = |s: &str| -> String {
        s.chars()
            .filter(|c| !matches!(c, '\u{200C}' | '\u{200D}'))
            .map(|c| if is_rtl_block(c) { 'a' } else { c })
            .collect()
    };
    // A host may be percent-encoded: look at its characters.
    let input = decode_non_ascii(&d.input);
    let base = d.base.as_deref().map(decode_non_ascii);
    let rtl = input.chars().any(is_rtl_block)
        || base.as_deref().is_some_and(|b| b.chars().any(is_rtl_block));
    rtl && self::ours(
        &left_to_right(&input),
        base.as_deref().map(left_to_right).as_deref(),
    )
    .is_some()
}

/// `host` with each `xn--` label decoded from Punycode (`None` if one does not decode).
pub(super) fn decoded_labels(host: &str) -> Option<String> {
    let labels: Option<Vec<String>> = host
        .split('.')
        .map(|label| match label.strip_prefix("xn--") {
            Some(code) => idna::punycode::decode_to_string(code),
            None => Some(label.to_owned()),
        })
        .collect();
    labels.map(|labels| labels.join("."))
}

pub(super) fn ada_mapped_to_ascii(d: &Divergence) -> bool {
    // We fail on a non-ASCII domain (ToASCII, relaxed, fails on an invalid xn-- label); ada's
    // host is ASCII with such a label, and as ASCII input we keep it (the July 2026
    // edition, 3.3 domain to ASCII, step 3 looks at the input, not at its mapping).
    let (None, Some(theirs)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    let host = theirs.component(Component::Hostname);
    // The xn-- label came from the input, kept as it was, not from ada's own ToASCII: it is
    // written in the input (or the base), or it is invalid on its own (not Punycode, or a
    // label we reject), which ada's ToASCII never outputs.
    // Written as the host parser reads it: percent-decoded (`xn--zgb%59` is `xn--zgbY`).
    let written_in = |text: &str, label: &str| {
        String::from_utf8_lossy(&percent::percent_decode_str(&prepared(text)))
            .to_ascii_lowercase()
            .contains(label)
    };
    let kept = |label: &str| {
        let written =
            written_in(&d.input, label) || d.base.as_deref().is_some_and(|b| written_in(b, label));
        // A label we reject: as ASCII input we keep it but report `domain-to-ASCII` (its
        // decoded form breaks a validity criterion, say NFC, that mapping a non-ASCII
        // spelling of it would have repaired).
        let rejected = || {
            let (_, errors) =
                whatwg_url::Url::parse_with_validation(&format!("https://{label}/"), None);
            errors
                .iter()
                .any(|e| e.error == whatwg_url::ValidationError::DomainToAscii)
        };
        written
            || rejected()
            || label
                .strip_prefix("xn--")
                .and_then(idna::punycode::decode_to_string)
                .is_none_or(|unicode| self::ours(&format!("https://{unicode}/"), None).is_none())
    };
    // Or the input spells an `xn--` label in characters that map to ASCII (`xn--zgb０s`, a
    // fullwidth digit) and ada's host, decoded, is a domain we reject: its labels were never
    // validated in their context (here the Bidi Rule against the label `8`).
    let spelled =
        written_in(&d.input, "xn--") || d.base.as_deref().is_some_and(|b| written_in(b, "xn--"));
    let rejected_decoded = || {
        decoded_labels(host).is_some_and(|unicode| {
            let failure = whatwg_url::Url::parse(&format!("https://{unicode}/"), None).err();
            failure.and_then(|e| e.validation_error())
                == Some(whatwg_url::ValidationError::DomainToAscii)
        })
    };
    failure.and_then(|e| e.validation_error()) == Some(whatwg_url::ValidationError::DomainToAscii)
        && host.is_ascii()
        && host
            .split('.')
            .any(|l| l.starts_with("xn--") && (kept(l) || (spelled && rejected_decoded())))
        && self::ours(theirs.href(), None).is_some()
}

pub(super) fn ada_bidi_classes(d: &Divergence) -> bool {
    // Exactly one side fails, and we fail (if we do) in the domain's ToASCII.
    match (&d.ours, &d.theirs) {
        (Some(_), None) => {}
        (None, Some(_)) => {
            let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
            if failure.and_then(|e| e.validation_error())
                != Some(whatwg_url::ValidationError::DomainToAscii)
            {
                return false;
            }
        }
        _ => return false,
    }
    // Every right-to-left character beyond the basic Hebrew and Arabic letters and digits
    // replaced by a basic one of the same Bidi_Class (UnicodeData.txt): ada then agrees with
    // us, and our verdict stays what it was. The only property of those characters that the
    // bidi rule (RFC 5893 section 2) reads is their class, so ada's class for them is what
    // differs.
    // Classes matter only in a Bidi domain (RFC 5893 section 1.4: one with an R, AL or AN
    // character); without one, replacing marks (NSM) alone would explain anything.
    let replace = |s: &str| -> String { s.chars().map(basic_of_same_bidi_class).collect() };
    let input = replace(&d.input);
    let base = d.base.as_deref().map(replace);
    let bidi = has_right_to_left(&decode_non_ascii(&d.input))
        || d.base
            .as_deref()
            .is_some_and(|b| has_right_to_left(&decode_non_ascii(b)));
    if bidi && (input != d.input || base != d.base) {
        let ours = self::ours(&input, base.as_deref());
        if ours.is_some() == d.ours.is_some() && ours == ada(&input, base.as_deref()) {
            return true;
        }
    }
    // The characters may be in an xn-- label: when we parse, take our host in Unicode.
    let Some(ours) = &d.ours else {
        return false;
    };
    d.theirs.is_none() && ada_takes_our_host_replaced(ours, replace, has_right_to_left)
}

/// Whether our host (`ours` parsed), its `xn--` labels decoded, holds characters for which
/// `when` holds and that `replace` changes, and is then a host that both we and ada parse:
/// for a divergence in characters that an `xn--` label hides from the input.
fn ada_takes_our_host_replaced(
    ours: &Shape,
    replace: impl Fn(&str) -> String,
    when: impl Fn(&str) -> bool,
) -> bool {
    let Some(unicode) = decoded_labels(ours.component(Component::Hostname)) else {
        return false;
    };
    let replaced = replace(&unicode);
    let url = format!("https://{replaced}/");
    when(&unicode)
        && replaced != unicode
        && self::ours(&url, None).is_some()
        && ada(&url, None).is_some()
}

/// The Bidi_Class of `c`, from the Unicode data of our IDNA (ICU4X, the version whatwg-host
/// pins).
pub(super) fn bidi_class(c: char) -> BidiClass {
    icu_properties::CodePointMapData::<BidiClass>::new().get(c)
}

/// Whether `text` has a character of Bidi_Class R, AL or AN.
pub(super) fn has_right_to_left(text: &str) -> bool {
    text.chars().any(|c| {
        matches!(
            bidi_class(c),
            BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
        )
    })
}

/// A basic Hebrew letter, Arabic letter, Arabic-Indic digit, Arabic mark, Devanagari virama
/// or `©` of the Bidi_Class of `c` (R, AL, AN, NSM or non-ASCII ON), if `c` is such a
/// character but not a basic one already (combining diacritical marks U+0300..U+036F count as
/// basic); otherwise `c`. A virama's replacement is a virama: CONTEXTJ (RFC 5892 appendix A.1
/// and A.2) reads its combining class, so a joiner after any other mark would no longer be
/// valid, and the canonical order of the marks around it stays as it was.
pub(super) fn basic_of_same_bidi_class(c: char) -> char {
    use icu_properties::props::CanonicalCombiningClass;
    let basic = matches!(c, '\u{A9}' | '\u{300}'..='\u{36F}' | '\u{5D0}'..='\u{5EA}' | '\u{620}'..='\u{65F}' | '\u{660}'..='\u{669}' | '\u{94D}');
    let virama = icu_properties::CodePointMapData::<CanonicalCombiningClass>::new().get(c)
        == CanonicalCombiningClass::Virama;
    match bidi_class(c) {
        _ if basic => c,
        // U+094D DEVANAGARI SIGN VIRAMA (Unicode 1.1): NSM and combining class 9.
        BidiClass::NonspacingMark if virama => '\u{94D}',
        // A virama of another class (a spacing one, L) stays as it is.
        _ if virama => c,
        BidiClass::RightToLeft => '\u{5D0}',
        BidiClass::ArabicLetter => '\u{627}',
        BidiClass::ArabicNumber => '\u{660}',
        BidiClass::NonspacingMark => '\u{64E}',
        // A symbol newer than ada's bidi data (U+1F6DE WHEEL, Unicode 14): a neutral one as
        // old as IDNA, U+00A9.
        BidiClass::OtherNeutral if !c.is_ascii() => '\u{A9}',
        _ => c,
    }
}

pub(super) fn ada_not_nfc(d: &Divergence) -> bool {
    // Both parse, only the host differs, and ada's host, its xn-- labels decoded, is a spelling
    // of ours: our domain parser (UTS #46 ToASCII, which normalizes to NFC, UTS #46 section 4
    // step 2) maps it to exactly our host. ada encoded the label without normalizing it.
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let Some(decoded) = decoded_labels(theirs.component(Component::Hostname)) else {
        return false;
    };
    only(
        d,
        &[
            Component::Href,
            Component::Origin,
            Component::Host,
            Component::Hostname,
        ],
    ) && !decoded.is_ascii()
        && self::ours(&format!("https://{decoded}/"), None).is_some_and(|again| {
            again.component(Component::Hostname) == ours.component(Component::Hostname)
        })
}

pub(super) fn ada_joiners(d: &Divergence) -> bool {
    // We fail on the domain (CheckJoiners is true, spec 3.3), ada parses; without the joiners
    // we parse it too.
    let is_joiner = |c: char| matches!(c, '\u{200C}' | '\u{200D}');
    let (None, Some(_)) = (&d.ours, &d.theirs) else {
        return false;
    };
    let failure = whatwg_url::Url::parse(&d.input, d.base.as_deref()).err();
    let without = |s: &str| s.replace(is_joiner, "");
    failure.and_then(|e| e.validation_error()) == Some(whatwg_url::ValidationError::DomainToAscii)
        && (d.input.contains(is_joiner) || d.base.as_deref().is_some_and(|b| b.contains(is_joiner)))
        && self::ours(
            &without(&d.input),
            d.base.as_deref().map(without).as_deref(),
        )
        .is_some()
}

/// The code points that Unicode 18.0 assigns and Unicode 17.0 left unassigned (13,007 in 51
/// ranges): those whose General_Category is Cn in ICU4X's data for Unicode 17
/// (`icu_properties_data` 2.3) and is not in its data for Unicode 18 (2.4, what the workspace
/// lock gives `whatwg-host`). UTS #46 disallows an unassigned code point; ada 4.0's IDNA
/// mapping table is Unicode 17.0's.
const NEW_IN_UNICODE_18: &[std::ops::RangeInclusive<u32>] = &[
    0x558..=0x558,
    0x58B..=0x58C,
    0x5C8..=0x5C9,
    0xB53..=0xB54,
    0x1ADE..=0x1ADF,
    0x1AEC..=0x1AF0,
    0x208F..=0x208F,
    0x209D..=0x209F,
    0x20C2..=0x20C4,
    0x2E60..=0x2E63,
    0xA7DD..=0xA7DD,
    0xA7E2..=0xA7E2,
    0xAB6C..=0xAB6D,
    0x107BB..=0x107BF,
    0x10EC9..=0x10ECF,
    0x10ED9..=0x10EEE,
    0x10EF0..=0x10EF9,
    0x11B0A..=0x11B0A,
    0x11DF0..=0x11DF1,
    0x1246F..=0x1246F,
    0x12475..=0x1247F,
    0x12550..=0x12686,
    0x18CD6..=0x18CDA,
    0x18D1F..=0x18D20,
    0x18E00..=0x19191,
    0x191A0..=0x191D2,
    0x1B123..=0x1B128,
    0x1B168..=0x1B168,
    0x1CED2..=0x1CED4,
    0x1CEDD..=0x1CEDF,
    0x1CEF1..=0x1CEFD,
    0x1D127..=0x1D128,
    0x1D1EB..=0x1D1FF,
    0x1D250..=0x1D281,
    0x1D6A6..=0x1D6A6,
    0x1DB00..=0x1DB1C,
    0x1DF1F..=0x1DF24,
    0x1DF2B..=0x1DF81,
    0x1DF90..=0x1DF96,
    0x1DFCD..=0x1DFFF,
    0x1F1AE..=0x1F1AE,
    0x1F6D9..=0x1F6D9,
    0x1F7DA..=0x1F7DB,
    0x1F7F1..=0x1F7FF,
    0x1FA8B..=0x1FA8D,
    0x1FACC..=0x1FACC,
    0x1FADD..=0x1FADD,
    0x1FAEB..=0x1FAEB,
    0x1FAF9..=0x1FAFA,
    0x2B81E..=0x2B81E,
    0x3D000..=0x3FC3F,
];

/// Whether Unicode 18.0 assigned `c` ([`NEW_IN_UNICODE_18`]).
pub(super) fn is_new_in_unicode_18(c: char) -> bool {
    NEW_IN_UNICODE_18
        .iter()
        .any(|range| range.contains(&u32::from(c)))
}

/// `c`, or for a code point new in Unicode 18 one of Unicode 17 with its Bidi_Class (the one
/// property of it that the other validity checks of UTS #46 read besides being assigned): a
/// CJK ideograph for L, the euro sign for ET, else as [`basic_of_same_bidi_class`] (a test
/// checks that each has one).
fn of_unicode_17(c: char) -> char {
    if !is_new_in_unicode_18(c) {
        return c;
    }
    match bidi_class(c) {
        BidiClass::LeftToRight => '\u{4E00}',
        // The currency signs U+20C2..U+20C4.
        BidiClass::EuropeanTerminator => '\u{20AC}',
        _ => basic_of_same_bidi_class(c),
    }
}

/// `text` with each character [`of_unicode_17`].
fn text_of_unicode_17(text: &str) -> String {
    text.chars().map(of_unicode_17).collect()
}

pub(super) fn ada_unicode_17(d: &Divergence) -> bool {
    // We parse, ada fails; with every code point new in Unicode 18 replaced by one of Unicode
    // 17 of the same Bidi_Class, ada gives exactly our result (and we still parse): ada's
    // table does not know those code points.
    let (Some(ours), None) = (&d.ours, &d.theirs) else {
        return false;
    };
    if without_unicode_18(d).is_some_and(|rest| rest.ours == rest.theirs) {
        return true;
    }
    // Or in an xn-- label: our host in Unicode, replaced, is a host ada takes.
    ada_takes_our_host_replaced(ours, text_of_unicode_17, |_| true)
}

/// `d` (we parse, ada fails) put again with every code point new in Unicode 18 in the input
/// and the base replaced by one of Unicode 17 ([`of_unicode_17`]), where that changes the text
/// and we still parse it: what is left of `d` once A6 is taken out, for the other classes to
/// explain (a Bidi domain with one of those code points may also hold a character of A2).
pub(super) fn without_unicode_18(d: &Divergence) -> Option<Divergence> {
    let (Some(_), None) = (&d.ours, &d.theirs) else {
        return None;
    };
    let (input, base) = (
        decode_non_ascii(&d.input),
        d.base.as_deref().map(decode_non_ascii),
    );
    let (replaced, replaced_base) = (
        text_of_unicode_17(&input),
        base.as_deref().map(text_of_unicode_17),
    );
    if replaced == input && replaced_base == base {
        return None;
    }
    let ours = self::ours(&replaced, replaced_base.as_deref())?;
    Some(Divergence {
        other: Other::Ada,
        theirs: ada(&replaced, replaced_base.as_deref()),
        input: replaced,
        base: replaced_base,
        ours: Some(ours),
        ada_agrees: false,
    })
}

/// The same for code points new in Unicode 18 that an `xn--` label hides from the text: `d`
/// (we parse, ada fails) reduced to our host, its `xn--` labels decoded and those code points
/// replaced, as the host of an `https:` URL. Only where the host is all that ada fails on:
/// with the hosts of the input and the base made neutral ([`with_neutral_host_text`]), ada
/// and we parse alike.
pub(super) fn host_without_unicode_18(d: &Divergence) -> Option<Divergence> {
    let (Some(ours), None) = (&d.ours, &d.theirs) else {
        return None;
    };
    let (input, base) = with_neutral_host_text(d)?;
    let neutral = self::ours(&input, base.as_deref());
    if neutral.is_none() || neutral != ada(&input, base.as_deref()) {
        return None;
    }
    let unicode = decoded_labels(ours.component(Component::Hostname))?;
    let replaced = text_of_unicode_17(&unicode);
    if replaced == unicode {
        return None;
    }
    let url = format!("https://{replaced}/");
    Some(Divergence {
        other: Other::Ada,
        ours: Some(self::ours(&url, None)?),
        theirs: ada(&url, None),
        input: url,
        base: None,
        ada_agrees: false,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_virama_of_class_nsm_becomes_the_devanagari_virama_and_a_spacing_one_stays() {
        // TULU-TIGALARI CONJOINER (Unicode 16), SIDDHAM SIGN VIRAMA: NSM, combining class 9.
        assert_eq!(basic_of_same_bidi_class('\u{113D0}'), '\u{94D}');
        assert_eq!(basic_of_same_bidi_class('\u{115BF}'), '\u{94D}');
        assert_eq!(basic_of_same_bidi_class('\u{94D}'), '\u{94D}');
        // REJANG VIRAMA: L, combining class 9.
        assert_eq!(basic_of_same_bidi_class('\u{A953}'), '\u{A953}');
        // Other marks and right-to-left characters: OLD UYGHUR LETTER ZAYIN (R), ARABIC LARGE
        // CIRCLE BELOW (NSM), HEBREW LIGATURE YIDDISH DOUBLE VAV (R).
        assert_eq!(basic_of_same_bidi_class('\u{10F74}'), '\u{5D0}');
        assert_eq!(basic_of_same_bidi_class('\u{8D1}'), '\u{64E}');
        assert_eq!(basic_of_same_bidi_class('\u{5F0}'), '\u{5D0}');
    }

    #[test]
    fn each_code_point_new_in_unicode_18_has_one_of_unicode_17_of_its_bidi_class() {
        let new = NEW_IN_UNICODE_18.iter().cloned().flatten();
        for c in new.filter_map(char::from_u32) {
            let old = of_unicode_17(c);
            assert!(!is_new_in_unicode_18(old), "U+{:04X}", u32::from(c));
            assert_eq!(bidi_class(old), bidi_class(c), "U+{:04X}", u32::from(c));
        }
    }
}
