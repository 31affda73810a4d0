//! The character classes of URL rendering (spec 4.8.3): what renders invisibly, what can be
//! mistaken for the structure of a URL or for an ASCII letter, and a coarse script table for
//! the mixed-script rule. The tables are small and conservative on purpose: a character they
//! flag stays percent-encoded (in a path, query or fragment) or keeps its host in the ASCII
//! form, which is always correct, only less readable.

use icu_properties::CodePointMapData;
use icu_properties::props::BidiClass;
use percent::classes::is_noncharacter;

/// The Bidi_Class of `c`, from ICU4X: the same Unicode data, and the same version, as the IDNA
/// of the host layer (`idna` through `idna_adapter`), already in the dependency tree.
fn bidi_class(c: char) -> BidiClass {
    CodePointMapData::<BidiClass>::new().get(c)
}

/// Whether `c` renders as nothing, as blank space, or changes how the text around it is
/// ordered or joined: the bidi classes of controls, whitespace, separators and explicit
/// formatting (BN, B, S, WS, LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI), noncharacters,
/// private use, and the invisible letters and marks listed in [`INVISIBLE`].
pub(crate) fn is_invisible(c: char) -> bool {
    matches!(
        bidi_class(c),
        BidiClass::BoundaryNeutral
            | BidiClass::ParagraphSeparator
            | BidiClass::SegmentSeparator
            | BidiClass::WhiteSpace
            | BidiClass::LeftToRightEmbedding
            | BidiClass::LeftToRightOverride
            | BidiClass::RightToLeftEmbedding
            | BidiClass::RightToLeftOverride
            | BidiClass::PopDirectionalFormat
            | BidiClass::LeftToRightIsolate
            | BidiClass::RightToLeftIsolate
            | BidiClass::FirstStrongIsolate
            | BidiClass::PopDirectionalIsolate
    ) || is_noncharacter(c)
        || is_private_use(c)
        || in_ranges(c, INVISIBLE)
}

/// Whether `c` is a strong right-to-left character or an Arabic number (bidi classes R, AL,
/// AN): text holding one can be reordered with its neighbours by the bidi algorithm.
pub(crate) fn is_right_to_left(c: char) -> bool {
    matches!(
        bidi_class(c),
        BidiClass::RightToLeft | BidiClass::ArabicLetter | BidiClass::ArabicNumber
    )
}

/// Whether `c` is a nonspacing or enclosing mark (bidi class NSM): it draws over the character
/// before it.
pub(crate) fn is_mark(c: char) -> bool {
    bidi_class(c) == BidiClass::NonspacingMark
}

/// Whether `c` can be mistaken for a character that structures a URL (`/`, `\`, `?`, `#`,
/// `@`, `:`, `.`, `%`), or is a padlock that can be mistaken for a security indicator (the
/// spec's example, U+1F512).
pub(crate) fn is_structure_lookalike(c: char) -> bool {
    in_ranges(c, STRUCTURE_LOOKALIKES)
}

/// Whether `c` is a letter outside ASCII that a reader takes for an ASCII letter when it sits
/// among ASCII letters (`ı` for `i`, `ɑ` for `a`, small capitals, modifier letters).
pub(crate) fn is_latin_lookalike(c: char) -> bool {
    in_ranges(c, LATIN_LOOKALIKES)
}

/// Whether `c` belongs to the Cyrillic or Greek letters that look like lower-case ASCII
/// letters: a label made only of these (and digits and hyphens) is a whole-script confusable,
/// like `аррӏе` (U+0430 U+0440 U+0440 U+04CF U+0435) for `apple`.
pub(crate) fn is_ascii_lookalike_letter(c: char) -> bool {
    matches!(
        c,
        // Cyrillic: а с е һ і ј ӏ о р ԛ ѕ ԝ х у ԁ ь п г ѵ ѡ ԍ к
        '\u{430}' | '\u{441}' | '\u{435}' | '\u{4BB}' | '\u{456}' | '\u{458}' | '\u{4CF}'
            | '\u{43E}' | '\u{440}' | '\u{51B}' | '\u{455}' | '\u{51D}' | '\u{445}' | '\u{443}'
            | '\u{501}' | '\u{44C}' | '\u{43F}' | '\u{433}' | '\u{475}' | '\u{461}' | '\u{50D}'
            | '\u{43A}'
            // Greek: α γ ι κ ν ο ρ τ υ χ
            | '\u{3B1}' | '\u{3B3}' | '\u{3B9}' | '\u{3BA}' | '\u{3BD}' | '\u{3BF}' | '\u{3C1}'
            | '\u{3C4}' | '\u{3C5}' | '\u{3C7}'
    )
}

fn is_private_use(c: char) -> bool {
    matches!(c, '\u{E000}'..='\u{F8FF}' | '\u{F0000}'..='\u{10FFFF}')
}

fn in_ranges(c: char, ranges: &[(char, char)]) -> bool {
    ranges.iter().any(|&(first, last)| first <= c && c <= last)
}

/// Invisible or blank characters whose bidi class does not already say so.
const INVISIBLE: &[(char, char)] = &[
    ('\u{A0}', '\u{A0}'),       // no-break space
    ('\u{34F}', '\u{34F}'),     // combining grapheme joiner
    ('\u{61C}', '\u{61C}'),     // Arabic letter mark
    ('\u{115F}', '\u{1160}'),   // Hangul choseong and jungseong fillers
    ('\u{17B4}', '\u{17B5}'),   // Khmer inherent vowels
    ('\u{180B}', '\u{180F}'),   // Mongolian free variation selectors and vowel separator
    ('\u{200B}', '\u{200F}'),   // zero width space, (non-)joiner, LRM, RLM
    ('\u{2028}', '\u{202F}'),   // separators, embeddings, narrow no-break space
    ('\u{205F}', '\u{206F}'),   // medium space, word joiner, invisible operators, isolates
    ('\u{2800}', '\u{2800}'),   // braille pattern blank
    ('\u{3164}', '\u{3164}'),   // Hangul filler
    ('\u{FE00}', '\u{FE0F}'),   // variation selectors
    ('\u{FEFF}', '\u{FEFF}'),   // zero width no-break space
    ('\u{FFA0}', '\u{FFA0}'),   // halfwidth Hangul filler
    ('\u{FFF0}', '\u{FFFD}'),   // specials, the object and replacement characters
    ('\u{1BCA0}', '\u{1BCA3}'), // shorthand format controls
    ('\u{1D173}', '\u{1D17A}'), // musical symbol formatting
    ('\u{E0000}', '\u{E0FFF}'), // tags, variation selectors supplement
];

/// Look-alikes of `/`, `\`, `?`, `#`, `@`, `:`, `.`, `%`, and padlocks.
const STRUCTURE_LOOKALIKES: &[(char, char)] = &[
    ('\u{589}', '\u{589}'),     // ։ Armenian full stop (:)
    ('\u{5C3}', '\u{5C3}'),     // ׃ Hebrew sof pasuq (:)
    ('\u{66A}', '\u{66A}'),     // ٪ Arabic percent sign
    ('\u{6D4}', '\u{6D4}'),     // ۔ Arabic full stop (.)
    ('\u{703}', '\u{704}'),     // Syriac colons
    ('\u{1735}', '\u{1735}'),   // ᜵ Philippine single punctuation (/)
    ('\u{2024}', '\u{2026}'),   // one and two dot leaders, ellipsis
    ('\u{2044}', '\u{2044}'),   // ⁄ fraction slash
    ('\u{2047}', '\u{2049}'),   // ⁇ ⁈ ⁉
    ('\u{2215}', '\u{2216}'),   // ∕ ∖ division slash, set minus
    ('\u{2236}', '\u{2236}'),   // ∶ ratio
    ('\u{2571}', '\u{2573}'),   // ╱ ╲ ╳ box drawings diagonals
    ('\u{29F5}', '\u{29F9}'),   // ⧵ ⧶ ⧷ ⧸ ⧹ solidus operators
    ('\u{2E2E}', '\u{2E2E}'),   // ⸮ reversed question mark
    ('\u{2F03}', '\u{2F03}'),   // ⼃ Kangxi radical slash
    ('\u{3002}', '\u{3002}'),   // 。 ideographic full stop
    ('\u{A789}', '\u{A789}'),   // ꞉ modifier letter colon
    ('\u{FE13}', '\u{FE13}'),   // ︓ presentation form colon
    ('\u{FE52}', '\u{FE6B}'),   // small form variants of punctuation
    ('\u{FF03}', '\u{FF05}'),   // ＃ ＄ ％
    ('\u{FF0E}', '\u{FF0F}'),   // ． ／
    ('\u{FF1A}', '\u{FF1A}'),   // ：
    ('\u{FF1F}', '\u{FF20}'),   // ？ ＠
    ('\u{FF3C}', '\u{FF3C}'),   // ＼
    ('\u{FF61}', '\u{FF61}'),   // ｡ halfwidth ideographic full stop
    ('\u{1F50F}', '\u{1F513}'), // 🔏 🔐 🔑 🔒 🔓
];

/// Letters taken for ASCII letters (or punctuation) among ASCII letters.
const LATIN_LOOKALIKES: &[(char, char)] = &[
    ('\u{131}', '\u{131}'),   // ı dotless i
    ('\u{138}', '\u{138}'),   // ĸ kra
    ('\u{17F}', '\u{17F}'),   // ſ long s (f)
    ('\u{1C0}', '\u{1C3}'),   // ǀ ǁ ǂ ǃ clicks (l, ll, ≠, !)
    ('\u{237}', '\u{237}'),   // ȷ dotless j
    ('\u{251}', '\u{251}'),   // ɑ alpha
    ('\u{261}', '\u{261}'),   // ɡ script g
    ('\u{269}', '\u{26A}'),   // ɩ ɪ iota, small capital i
    ('\u{274}', '\u{274}'),   // ɴ small capital n
    ('\u{280}', '\u{280}'),   // ʀ small capital r
    ('\u{28F}', '\u{28F}'),   // ʏ small capital y
    ('\u{2B0}', '\u{2FF}'),   // modifier letters (ʻ ʼ ˈ ː …)
    ('\u{338}', '\u{338}'),   // combining long solidus overlay
    ('\u{1D00}', '\u{1D2B}'), // small capitals
];

/// A script, coarsely (by Unicode block), for the mixed-script rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Script {
    /// Digits, `-` and other characters shared by every script.
    Common,
    /// Combining marks, which take the script of the character before them.
    Inherited,
    Latin,
    Greek,
    Cyrillic,
    Han,
    Hiragana,
    Katakana,
    Bopomofo,
    Hangul,
    /// Any other script of the table, by the first code point of its block.
    Other(u32),
    /// A character the table does not know: treated as suspicious.
    Unknown,
}

/// The script of `c` (by block; see [`Script`]).
pub(crate) fn script(c: char) -> Script {
    use Script::*;
    let cp = u32::from(c);
    match cp {
        0x30..=0x39 | 0x2D | 0x2E | 0x5F => Common,
        0x41..=0x5A | 0x61..=0x7A => Latin,
        0xC0..=0x24F if cp != 0xD7 && cp != 0xF7 => Latin,
        0x250..=0x2AF => Latin,
        0x300..=0x36F | 0x1AB0..=0x1AFF | 0x1DC0..=0x1DFF | 0x20D0..=0x20FF => Inherited,
        0xFE20..=0xFE2F => Inherited,
        0x370..=0x3FF | 0x1F00..=0x1FFF => Greek,
        0x400..=0x52F | 0x1C80..=0x1C8F | 0x2DE0..=0x2DFF | 0xA640..=0xA69F => Cyrillic,
        0x1D00..=0x1DBF | 0x1E00..=0x1EFF | 0x2C60..=0x2C7F | 0xA720..=0xA7FF => Latin,
        0xAB30..=0xAB6F => Latin,
        0x3005 | 0x3007 | 0x3021..=0x3029 | 0x3038..=0x303B => Han,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF => Han,
        0x20000..=0x2FA1F | 0x30000..=0x323AF => Han,
        0x3099..=0x309A => Inherited,
        0x309B..=0x309C | 0x30FB..=0x30FC => Common,
        0x3041..=0x309F => Hiragana,
        0x30A0..=0x30FF | 0x31F0..=0x31FF | 0xFF66..=0xFF9F => Katakana,
        0x3100..=0x312F | 0x31A0..=0x31BF => Bopomofo,
        0x1100..=0x11FF | 0x3130..=0x318F | 0xA960..=0xA97F | 0xAC00..=0xD7FF => Hangul,
        _ => match OTHER_SCRIPTS
            .iter()
            .find(|&&(first, last, _)| first <= cp && cp <= last)
        {
            Some(&(_, _, id)) => Other(id),
            None => Unknown,
        },
    }
}

/// Blocks of the other scripts in use for domain names: `(first, last, script)`, the script
/// named by the first code point of its main block.
const OTHER_SCRIPTS: &[(u32, u32, u32)] = &[
    (0x0530, 0x058F, 0x0530), // Armenian
    (0x0590, 0x05FF, 0x0590), // Hebrew
    (0x0600, 0x06FF, 0x0600), // Arabic
    (0x0700, 0x074F, 0x0700), // Syriac
    (0x0750, 0x077F, 0x0600), // Arabic supplement
    (0x0780, 0x07BF, 0x0780), // Thaana
    (0x08A0, 0x08FF, 0x0600), // Arabic extended-A
    (0x0900, 0x097F, 0x0900), // Devanagari
    (0x0980, 0x09FF, 0x0980), // Bengali
    (0x0A00, 0x0A7F, 0x0A00), // Gurmukhi
    (0x0A80, 0x0AFF, 0x0A80), // Gujarati
    (0x0B00, 0x0B7F, 0x0B00), // Oriya
    (0x0B80, 0x0BFF, 0x0B80), // Tamil
    (0x0C00, 0x0C7F, 0x0C00), // Telugu
    (0x0C80, 0x0CFF, 0x0C80), // Kannada
    (0x0D00, 0x0D7F, 0x0D00), // Malayalam
    (0x0D80, 0x0DFF, 0x0D80), // Sinhala
    (0x0E00, 0x0E7F, 0x0E00), // Thai
    (0x0E80, 0x0EFF, 0x0E80), // Lao
    (0x0F00, 0x0FFF, 0x0F00), // Tibetan
    (0x1000, 0x109F, 0x1000), // Myanmar
    (0x10A0, 0x10FF, 0x10A0), // Georgian
    (0x1200, 0x139F, 0x1200), // Ethiopic
    (0x13A0, 0x13FF, 0x13A0), // Cherokee
    (0x1780, 0x17FF, 0x1780), // Khmer
    (0x1800, 0x18AF, 0x1800), // Mongolian
    (0x1C90, 0x1CBF, 0x10A0), // Georgian extended
    (0x2D00, 0x2D2F, 0x10A0), // Georgian supplement
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invisible() {
        for c in [
            '\u{200B}',
            '\u{200D}',
            '\u{202E}',
            '\u{2066}',
            '\u{AD}',
            '\u{A0}',
            '\u{3000}',
            '\u{3164}',
            '\u{FEFF}',
            '\u{E000}',
            '\u{FFFF}',
            '\u{85}',
            '\u{E0041}',
            '\u{200E}',
        ] {
            assert!(is_invisible(c), "{c:?}");
        }
        for c in ['é', 'ß', 'א', '日', '😀', '\u{301}'] {
            assert!(!is_invisible(c), "{c:?}");
        }
    }

    #[test]
    fn scripts() {
        assert_eq!(script('a'), Script::Latin);
        assert_eq!(script('é'), Script::Latin);
        assert_eq!(script('а'), Script::Cyrillic);
        assert_eq!(script('α'), Script::Greek);
        assert_eq!(script('7'), Script::Common);
        assert_eq!(script('\u{301}'), Script::Inherited);
        assert_eq!(script('日'), Script::Han);
        assert_eq!(script('か'), Script::Hiragana);
        assert_eq!(script('ア'), Script::Katakana);
        assert_eq!(script('한'), Script::Hangul);
        assert_eq!(script('א'), Script::Other(0x590));
        assert_eq!(script('\u{8A0}'), script('ب'));
        assert_eq!(script('😀'), Script::Unknown);
    }

    #[test]
    fn right_to_left() {
        assert!(is_right_to_left('א'));
        assert!(is_right_to_left('ب'));
        assert!(is_right_to_left('\u{661}')); // Arabic-indic digit one (AN)
        assert!(!is_right_to_left('a'));
        assert!(!is_right_to_left('1'));
    }
}
