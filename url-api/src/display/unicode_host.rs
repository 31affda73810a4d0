//! Rendering a domain (spec 4.8.3): domain to Unicode, unless the Unicode form could mislead.

use alloc::borrow::Cow;

use super::chars::{
    Script, is_ascii_lookalike_letter, is_invisible, is_latin_lookalike, is_structure_lookalike,
    script,
};

/// A domain as it should be rendered for people (spec 4.8.3): the result of domain to Unicode
/// (spec 3.3, July 2026 edition), or `domain` itself, in its ASCII (`xn--`) form, when a label
/// of the Unicode form could mislead.
///
/// The spec leaves the spoofing defence to the renderer ("consider detecting confusable
/// characters", citing UTS #39). The rule here is conservative and small. The whole domain
/// stays ASCII when a label of its Unicode form
///
/// 1. holds a character that renders invisibly, as blank space, or reorders or joins its
///    neighbours: bidi controls, zero-width characters, fillers, private use, noncharacters;
/// 2. holds a look-alike of a character that structures a URL (`/`, `\`, `?`, `#`, `@`, `:`,
///    `.`, `%`; for example U+2215 DIVISION SLASH) or a padlock;
/// 3. holds a letter taken for an ASCII letter (`ı`, `ȷ`, `ɑ`, `ɡ`, small capitals, modifier
///    letters);
/// 4. mixes scripts, as UTS #39's "highly restrictive" level defines it: one script, or Latin
///    with Han and Hiragana/Katakana, with Han and Bopomofo, or with Han and Hangul. Digits and
///    `-` belong to every script, combining marks to the one before them; a character outside
///    the scripts this module knows counts as mixing;
/// 5. is a whole-script confusable: only Cyrillic or Greek letters that look like ASCII ones
///    (`аррӏе`), unless the top-level label is itself not ASCII (`аррӏе.рф` is plausible
///    Russian).
///
/// Labels that are ASCII need no check: they are shown as they are.
///
/// ```
/// use whatwg_url::display::domain_to_display;
///
/// assert_eq!(domain_to_display("xn--fa-hia.example"), "faß.example");
/// assert_eq!(domain_to_display("xn--n3h.example"), "xn--n3h.example"); // ☃: no known script
/// // Cyrillic "аррӏе" looks like "apple".
/// assert_eq!(domain_to_display("xn--80ak6aa92e.com"), "xn--80ak6aa92e.com");
/// // Latin "paypal" with a Cyrillic "а".
/// assert_eq!(domain_to_display("xn--pypal-4ve.com"), "xn--pypal-4ve.com");
/// // Invalid Punycode is returned unchanged by domain to Unicode itself.
/// assert_eq!(domain_to_display("xn--8i7caa"), "xn--8i7caa");
/// ```
pub fn domain_to_display(domain: &str) -> Cow<'_, str> {
    let unicode = host::domain_to_unicode(domain);
    if unicode == domain {
        return Cow::Borrowed(domain);
    }
    // Rule 5's exception: a top-level label in a script of its own.
    let top_level_is_unicode = unicode
        .trim_end_matches('.')
        .rsplit('.')
        .next()
        .is_some_and(|label| !label.is_ascii());
    let misleading = unicode
        .split('.')
        .any(|label| !label.is_ascii() && label_may_mislead(label, top_level_is_unicode));
    if misleading {
        Cow::Borrowed(domain)
    } else {
        unicode
    }
}

/// Rules 1 to 5 of [`domain_to_display`] for one label.
fn label_may_mislead(label: &str, top_level_is_unicode: bool) -> bool {
    // Rules 1 to 3.
    if label
        .chars()
        .any(|c| is_invisible(c) || is_structure_lookalike(c) || is_latin_lookalike(c))
    {
        return true;
    }
    // Rule 4: the label's scripts.
    let mut latin = false;
    let mut han = false;
    // Hiragana/Katakana, Bopomofo, Hangul: the script that may join Latin and Han.
    let mut east_asian: Option<Script> = None;
    let mut other: Option<Script> = None;
    for c in label.chars() {
        match script(c) {
            Script::Common | Script::Inherited => {}
            Script::Unknown => return true,
            Script::Latin => latin = true,
            Script::Han => han = true,
            s @ (Script::Hiragana | Script::Katakana | Script::Bopomofo | Script::Hangul) => {
                // Hiragana and Katakana go together (Japanese).
                let s = if s == Script::Katakana {
                    Script::Hiragana
                } else {
                    s
                };
                if east_asian.is_some_and(|e| e != s) {
                    return true;
                }
                east_asian = Some(s);
            }
            s => {
                if other.is_some_and(|o| o != s) {
                    return true;
                }
                other = Some(s);
            }
        }
    }
    if other.is_some() && (latin || han || east_asian.is_some()) {
        return true;
    }
    // Rule 5: every letter a look-alike of an ASCII letter.
    let mut letters = label.chars().filter(|&c| script(c) != Script::Common);
    let whole_script_confusable = matches!(other, Some(Script::Greek | Script::Cyrillic))
        && letters.all(is_ascii_lookalike_letter);
    whole_script_confusable && !top_level_is_unicode
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ASCII form of a Unicode domain.
    fn ascii(domain: &str) -> alloc::string::String {
        host::domain_to_ascii(domain, false, &mut host::NoSink)
            .unwrap_or_else(|e| panic!("{domain}: {e:?}"))
            .into_owned()
    }

    fn shown(unicode: &str) -> bool {
        let ascii = ascii(unicode);
        assert!(ascii.contains("xn--"), "{unicode} -> {ascii}");
        domain_to_display(&ascii) == unicode
    }

    #[test]
    fn ordinary_idns_render_as_unicode() {
        for domain in [
            "bücher.example",
            "faß.de",
            "пример.рф",
            "παράδειγμα.gr",
            "例え.jp",
            "日本語ドメイン.jp",
            "例子.中国",
            "한국어.kr",
            "مثال.مصر",
            "דוגמה.ישראל",
            "उदाहरण.भारत",
            "ตัวอย่าง.ไทย",
            "müller-2024.example",
            "sony本店.jp",
        ] {
            assert!(shown(domain), "{domain}");
        }
    }

    #[test]
    fn spoofs_keep_the_ascii_form() {
        for domain in [
            // Mixed scripts.
            "pаypal.com",     // Cyrillic а
            "gοοgle.com",     // Greek ο
            "exаmple.рф",     // Latin and Cyrillic in one label, whatever the TLD
            "abcαβγ.com",     // Latin and Greek
            "אבب.com",        // Hebrew and Arabic
            "にほん한국.com", // Hiragana with Hangul
            // Whole-script confusables.
            "аррӏе.com",
            "сосо.com",
            "ѕсоре.org",
            // Look-alikes of structure and of ASCII letters.
            "example.com∕evil.com",
            "ıntel.com",
            "ɡoogle.com",
            // Emoji and other characters of no known script.
            "☃.example",
            "i❤.ws",
        ] {
            let ascii = ascii(domain);
            assert_eq!(domain_to_display(&ascii), ascii, "{domain}");
        }
    }

    #[test]
    fn whole_script_confusable_under_a_unicode_tld_is_shown() {
        assert!(shown("аррӏе.рф"));
    }

    #[test]
    fn ascii_and_invalid_domains_are_unchanged() {
        for domain in ["example.com", "xn--8i7caa", "xn--xn---epa", "a.b.c", "xn--"] {
            assert!(matches!(domain_to_display(domain), Cow::Borrowed(d) if d == domain));
        }
    }
}
