//! Unicode ToASCII (UTS #46) with the relaxed settings, as the domain parser runs it on a
//! non-ASCII domain (spec 3.3, step 4): the Latin-1 shortcut (`latin1.rs`), else `idna` on the
//! whole domain.
//!
//! `idna` already passes quickly over the ASCII labels before the first label it has to map.
//! Taking the plain ASCII labels after it out as well (ToASCII of the other labels, the plain
//! ones put back lowercased) pays only on long runs of them: a URL whose host is `пример.`
//! and 200 bytes of such labels took 15,781 instructions that way against 27,363 in one call,
//! but one with `пример.example.com` 7,927 against 7,504, and `www.例え.example.co.jp` 7,259
//! against 6,967 (callgrind, `url-profile ours parse`). Real hosts are short, and the step
//! was 4 KB of every binary that parses URLs, so the domain goes to `idna` whole.

use crate::punycode::has_ace_prefix;
use alloc::borrow::Cow;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens};

/// Unicode ToASCII (UTS #46) with the relaxed settings: CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength false; the other flags as in the strict run (the domain parser's step 1).
pub(crate) fn to_ascii_relaxed(domain: &str) -> Option<Cow<'_, str>> {
    // Processing steps 1 to 4 and ToASCII step 2 without `idna` for ASCII and Latin-1 letters
    // (`latin1.rs`).
    if let Some(result) = crate::latin1::to_ascii(domain) {
        return Some(Cow::Owned(result));
    }
    whole(domain)
}

/// Unicode ToASCII (UTS #46) with the relaxed settings: CheckHyphens, UseSTD3ASCIIRules and
/// VerifyDnsLength false; CheckBidi and CheckJoiners true (always, in `idna`);
/// Transitional_Processing and IgnoreInvalidPunycode false (always, in `idna`). On the whole
/// domain, in one call; where `idna` refuses it and it is long enough to have a label past
/// `idna`'s limits on length, which UTS #46 does not have, by `long_labels.rs`.
pub(crate) fn whole(domain: &str) -> Option<Cow<'_, str>> {
    match idna_relaxed(domain) {
        Some(ascii) => Some(ascii),
        None if domain.len() > crate::long_labels::IDNA_LIMIT => {
            crate::long_labels::to_ascii(domain).map(Cow::Owned)
        }
        None => None,
    }
}

/// [`whole`] by `idna` alone, with the `xn--` criterion of [`has_label_decoding_to_xn`] added.
fn idna_relaxed(domain: &str) -> Option<Cow<'_, str>> {
    crate::uts46::to_ascii(
        domain,
        AsciiDenyList::EMPTY,
        Hyphens::Allow,
        DnsLength::Ignore,
    )
    .filter(|ascii| !has_label_decoding_to_xn(ascii))
}

/// Whether a label of `ascii` (ToASCII's output) is Punycode for a label that itself begins
/// with `xn--`.
///
/// UTS #46 (since Unicode 15.1) validity criterion 4: with CheckHyphens false, a label must not
/// begin with `xn--`; it applies to the decoded form of a Punycode label, so ToASCII with the
/// relaxed settings must fail on `xn--xn---epa` (`xn--é`). The `idna` crate (1.1) does not
/// check it; this does, for the labels that can break it. (With CheckHyphens true, the `--` in
/// positions 3 and 4 already makes such a label an error.)
///
/// Punycode decoding copies the basic code points (those before the last `-`) to the front of
/// its output in order and inserts only code points from U+0080 up, so a label can decode to
/// one that begins with `xn--` only when its Punycode (after its own `xn--`) begins with
/// `xn--` too: the others are not decoded, and a domain without `--xn--` has none.
fn has_label_decoding_to_xn(ascii: &str) -> bool {
    // A plain scan, not `str::contains`: its searcher's code would come into every binary
    // for this one test.
    if !ascii.as_bytes().windows(6).any(|w| w == b"--xn--") {
        return false;
    }
    // Decoded by `punycode_long.rs`, which the long labels need anyway: `idna`'s decoder called
    // from here was a third copy of it (and of the standard library's sort it uses) in every
    // binary that parses URLs, 5.7 KB. The two differ only on a value past 2^31 − 1 (the
    // reference implementation's maxint; `idna` goes on to 2^32 − 1), which no label that
    // `idna` took can reach: at most 2,000 code points long (its limit on Punycode), it would
    // need a code point from U+106000 up, where there are only private-use ones, which UTS #46
    // disallows.
    ascii.split('.').any(|label| {
        has_ace_prefix(label.as_bytes())
            && label
                .get(4..)
                .filter(|punycode| punycode.starts_with("xn--"))
                .and_then(|punycode| crate::punycode_long::decode(punycode.as_bytes()))
                .is_some_and(|decoded| decoded.starts_with(&['x', 'n', '-', '-']))
    })
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;

    /// Domains that `idna` takes, of every kind of label and error `long_labels.rs` handles.
    fn short_domains() -> Vec<String> {
        let mut domains: Vec<String> = [
            "b\u{fc}cher.example",
            "B\u{dc}CHER.EXAMPLE",
            "xn--bcher-kva.example",
            "XN--BCHER-KVA.example",
            "\u{ff58}n--bcher-kva.example",
            "xn--bcher-kva\u{e9}.example",
            "a\u{3002}b\u{ff0e}c",
            "a..b.",
            "",
            ".",
            "xn--",
            "xn--a",
            "xn--a-",
            "xn---",
            "xn--xn---epa",
            "xn--ls8h",
            "\u{200C}a",
            "a\u{200C}b",
            "\u{915}\u{94D}\u{200C}",
            "\u{628}\u{200C}\u{628}",
            "\u{628}\u{64B}\u{200C}\u{64B}\u{628}",
            "a\u{200D}b",
            "\u{915}\u{94D}\u{200D}",
            "\u{301}a",
            "a\u{301}",
            "e\u{301}x",
            "xn--e-ufa",
            "\u{5D0}\u{5D1}",
            "\u{5D0}1",
            "1\u{5D0}",
            "a.\u{5D0}",
            "1a.\u{5D0}",
            "\u{5D0}\u{660}1",
            "\u{5D0}\u{660}\u{5D1}",
            "\u{5D0}\u{5B0}",
            "a\u{5B0}",
            "\u{627}\u{661}\u{662}",
            "xn--mgba3a4fra",
            "\u{FFFD}.com",
            "a\u{AD}b",
            "xn--ab-5ba",
            "xn--a-ecp.ru",
            "xn--zca",
            "\u{1F600}.x",
            "a_b\u{e9}",
            "\u{0}\u{e9}",
            "%\u{e9}",
            "\u{2474}\u{e9}",
            "xn--e-b9a",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect();
        for word in crate::punycode::words(&['a', '\u{e9}', '\u{5D0}', '\u{200C}', '1', '-'], 4) {
            domains.push(word.clone());
            let mut ace = "xn--".to_string();
            if let Some(p) = idna::punycode::encode_str(&word) {
                ace.push_str(&p);
                domains.push(ace);
            }
        }
        domains
    }

    /// The steps for labels past `idna`'s limits on length give `idna`'s result (and the
    /// `xn--` criterion added here) wherever `idna` takes the domain; `idna` refuses a label
    /// of 1,001 code points, which they take.
    #[test]
    fn long_label_steps_agree_with_idna_where_idna_takes_the_domain() {
        for domain in short_domains() {
            let theirs = idna_relaxed(&domain).map(|ascii| ascii.into_owned());
            assert_eq!(crate::long_labels::to_ascii(&domain), theirs, "{domain:?}");
        }
        let long = "\u{e9}".repeat(1001);
        assert_eq!(idna_relaxed(&long), None);
        assert!(whole(&long).is_some_and(|ascii| ascii.starts_with("xn--9caaa")));
    }

    #[test]
    fn only_punycode_after_xn_can_decode_to_xn() {
        use alloc::format;
        // Every label decoded, as the criterion says.
        let naive = |ascii: &str| {
            ascii.split('.').any(|label| {
                label
                    .get(..4)
                    .is_some_and(|p| p.eq_ignore_ascii_case("xn--"))
                    && label
                        .get(4..)
                        .and_then(idna::punycode::decode_to_string)
                        .is_some_and(|decoded| decoded.starts_with("xn--"))
            })
        };
        // Every string of up to five letters of an alphabet that spells `xn--` in both cases
        // beside non-ASCII code points, Punycode-encoded, as a label and beside another.
        let alphabet = ['x', 'n', '-', 'X', 'a', '\u{e9}', '\u{4e2d}'];
        let mut decoding_to_xn = 0;
        for word in &crate::punycode::words(&alphabet, 5) {
            let Some(punycode) = idna::punycode::encode_str(word) else {
                continue;
            };
            for domain in [
                format!("xn--{punycode}"),
                format!("XN--{punycode}.a"),
                format!("a.xn--{punycode}"),
                format!("xn--{word}"),
            ] {
                let expected = naive(&domain);
                decoding_to_xn += usize::from(expected);
                assert_eq!(has_label_decoding_to_xn(&domain), expected, "{domain:?}");
            }
        }
        // The criterion is met, by the labels that spell xn-- first.
        assert!(decoding_to_xn > 10, "{decoding_to_xn}");
        assert!(has_label_decoding_to_xn("xn--xn---epa"));
    }

    /// [`to_ascii_relaxed`] (the Latin-1 shortcut, else `idna`) against `idna` on the whole
    /// domain, on domains of up to three labels of ASCII, Latin-1 and beyond.
    #[test]
    fn relaxed_gives_what_idna_gives() {
        // ASCII labels and near misses, Bidi labels (right-to-left, Arabic digits), joiners,
        // combining marks, full stops that map to ".", invalid Punycode and more.
        let labels = [
            "a",
            "Ab1",
            "com",
            "x-y",
            "Example",
            "1a",
            "a-",
            "-a",
            "xn--a",
            "XN--bcher-kva",
            "xn--bcher-kva",
            "xn--xn---epa",
            "a_b",
            "b\u{fc}cher",
            "\u{5e9}",
            "\u{5e9}1",
            "a\u{5e9}",
            "\u{661}",
            "\u{627}\u{644}",
            "a\u{3002}b",
            "\u{ff0e}",
            "a\u{200d}b",
            "\u{301}",
            "\u{e9}",
            "\u{df}",
            "\u{ff21}",
            "\u{2024}",
            "",
        ];
        let mut domains: Vec<std::string::String> = labels.iter().map(|l| (*l).into()).collect();
        for a in labels {
            for b in labels {
                domains.push(format!("{a}.{b}"));
                for c in labels {
                    domains.push(format!("{a}.{b}.{c}"));
                }
            }
        }
        let mut compared = 0;
        for domain in &domains {
            if domain.is_ascii() {
                continue;
            }
            assert_eq!(to_ascii_relaxed(domain), whole(domain), "{domain:?}");
            compared += 1;
        }
        assert!(compared > 10_000, "{compared}");
    }

    /// The Latin-1 shortcut of [`to_ascii_relaxed`] (`latin1::to_ascii`) against the general
    /// step, `idna`'s relaxed ToASCII of the whole domain.
    #[test]
    fn latin1_shortcut_agrees_with_idna() {
        // Every code point up to U+017F alone and beside others, in generated domains.
        let mut inputs: Vec<String> = (0..=0x17Fu32)
            .filter_map(char::from_u32)
            .flat_map(|c| {
                [
                    alloc::format!("{c}"),
                    alloc::format!("a{c}b.example"),
                    alloc::format!("{c}\u{e9}.de"),
                ]
            })
            .collect();
        let pieces = [
            "a", "Z", "0", "-", ".", "xn--", "XN--", "\u{e9}", "\u{c9}", "\u{df}", "\u{ff}",
            "\u{d7}", "\u{f7}", "\u{b5}", "\u{301}", "\u{5d0}", "\u{200d}", "\u{4e2d}", "1",
        ];
        let mut state: u32 = 7;
        for _ in 0..30_000 {
            let mut s = String::new();
            state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
            for _ in 0..(state >> 16) % 9 {
                state = state.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                s.push_str(pieces[((state >> 16) as usize) % pieces.len()]);
            }
            inputs.push(s);
        }
        // `xn--` labels: Punycode of words of ASCII and Latin-1 letters (valid, mapped, other)
        // and of a few code points beyond, in both cases, cut short, lengthened and beside
        // other labels.
        let alphabet = [
            'a', '-', 'x', 'n', '9', '\u{df}', '\u{e9}', '\u{c9}', '\u{f7}', '\u{ff}', '\u{d7}',
            '\u{b5}', '\u{100}', '\u{5d0}',
        ];
        for word in &crate::punycode::words(&alphabet, 3) {
            let Some(p) = idna::punycode::encode_str(word) else {
                continue;
            };
            let upper = p.to_ascii_uppercase();
            let short = p.get(..p.len().saturating_sub(1)).unwrap_or_default();
            inputs.extend([
                alloc::format!("xn--{p}"),
                alloc::format!("XN--{upper}.b\u{fc}cher"),
                alloc::format!("a.xn--{short}"),
                alloc::format!("xn--{p}a.\u{e9}"),
                alloc::format!("xn--{p}9"),
                alloc::format!("xn--{p}-"),
                alloc::format!("xn--xn--{p}.a"),
            ]);
        }
        for label in [
            "xn--",
            "xn--a",
            "xn---",
            "xn---a",
            "xn--abc-",
            "xn--bcher-kva",
            "xn--bcher-KVA",
            "xn--zca",
            "xn--9ca",
            "xn--xn---epa",
            "xn--ls8h",
            "xn--tda",
            "xn--b\u{fc}cher",
        ] {
            inputs.push(alloc::format!("{label}.example"));
            inputs.push(alloc::format!("b\u{fc}cher.{label}"));
        }
        inputs.push(alloc::format!("xn--{}-kva", "a".repeat(58)));
        inputs.push(alloc::format!("xn--{}-kva", "a".repeat(59)));
        inputs.push("b\u{fc}cher.".repeat(1000) + "com");
        // Output longer than twice the input (`ß.` to `xn--zca.`), past the room first made.
        inputs.push("\u{df}.".repeat(300) + "a");
        inputs.push("a.".repeat(300) + &"\u{ff}\u{e0}\u{df}".repeat(100));
        // An empty last label where the output so far has come near the end of its room.
        for n in 1..80 {
            inputs.push("\u{df}.".repeat(n));
            inputs.push("\u{df}.".repeat(n) + ".");
            inputs.push("a".repeat(n) + "\u{df}.");
        }
        for n in [999, 1000, 1001] {
            inputs.push("\u{e9}".repeat(n) + ".a");
            inputs.push("a".repeat(n) + "\u{e9}");
        }
        // Room made a step at a time (`latin1::ROOM_STEP`): labels whose output takes several
        // steps, after others and before others, are taken.
        let long = [
            "\u{e9}".repeat(999) + ".a",
            "a.".repeat(700) + &"\u{e0}\u{df}".repeat(400),
            "\u{fc}.".repeat(3) + &"a".repeat(5000) + ".\u{e9}",
            "b\u{fc}cher.".repeat(2000) + &"\u{e9}z".repeat(300),
        ];
        for input in &long {
            assert!(crate::latin1::to_ascii(input).is_some(), "{input:?}");
        }
        inputs.extend(long);
        let mut taken = 0;
        for input in &inputs {
            if let Some(ours) = crate::latin1::to_ascii(input) {
                taken += 1;
                assert_eq!(Some(ours), whole(input).map(Cow::into_owned), "{input:?}");
            }
        }
        assert!(taken > 1000, "{taken}");
        // Punycode labels taken, not only left to `idna`.
        let xn_taken = inputs
            .iter()
            .filter(|i| i.starts_with("xn--") && crate::latin1::to_ascii(i).is_some())
            .count();
        assert!(xn_taken > 100, "{xn_taken}");
    }
}
