//! Each percent-encode set of spec 1.3, checked exhaustively over U+0000 to U+007F against a
//! membership test written straight from the spec's English text (`test_support::spec_sets`,
//! not the crate's definitions, which build the sets from one another).

use percent::{
    AsciiSet, C0_CONTROL, COMPONENT, FORM_URLENCODED, FRAGMENT, PATH, QUERY, SPECIAL_QUERY,
    USERINFO, utf8_percent_encode,
};
use test_support::spec_sets::{
    c0_control_set as spec_c0_control, component_set as spec_component,
    form_urlencoded_set as spec_form_urlencoded, fragment_set as spec_fragment,
    path_set as spec_path, query_set as spec_query, special_query_set as spec_special_query,
    userinfo_set as spec_userinfo,
};

/// A set's name, the crate's constant, and the spec's membership test for it.
type SetUnderTest = (&'static str, &'static AsciiSet, fn(char) -> bool);

/// Every set with the spec's membership test for it.
fn sets() -> [SetUnderTest; 8] {
    [
        ("C0 control", C0_CONTROL, spec_c0_control),
        ("fragment", FRAGMENT, spec_fragment),
        ("query", QUERY, spec_query),
        ("special-query", SPECIAL_QUERY, spec_special_query),
        ("path", PATH, spec_path),
        ("userinfo", USERINFO, spec_userinfo),
        ("component", COMPONENT, spec_component),
        (
            "application/x-www-form-urlencoded",
            FORM_URLENCODED,
            spec_form_urlencoded,
        ),
    ]
}

/// Checks one set exhaustively over U+0000 to U+007F against the spec's membership test.
fn check_ascii_members(name: &str, set: &AsciiSet, spec: fn(char) -> bool) {
    let mut members = 0;
    for b in 0u8..=0x7F {
        let c = char::from(b);
        members += usize::from(spec(c));
        assert_eq!(set.contains(b), spec(c), "{name} set, byte {b:#04X}");
        assert_eq!(
            set.contains_char(char::from(b)),
            spec(c),
            "{name} set, {b:#04X}"
        );
        assert_eq!(
            set.should_percent_encode(b),
            spec(c),
            "{name} set, {b:#04X}"
        );
        // And the encoder agrees: a member is written %XX, anything else as itself.
        let s = char::from(b).to_string();
        let encoded = utf8_percent_encode(&s, set);
        let expected = if spec(c) {
            format!("%{b:02X}")
        } else {
            s.clone()
        };
        assert_eq!(encoded, expected, "{name} set, {b:#04X}");
    }
    // Guard against a vacuous spec function: every set has the 32 C0 controls and U+007F.
    assert!(members >= 33, "{name} set: {members} ASCII members");
}

#[test]
fn c0_control_set_members() {
    check_ascii_members("C0 control", C0_CONTROL, spec_c0_control);
}

#[test]
fn fragment_set_members() {
    check_ascii_members("fragment", FRAGMENT, spec_fragment);
}

#[test]
fn query_set_members() {
    check_ascii_members("query", QUERY, spec_query);
}

#[test]
fn special_query_set_members() {
    check_ascii_members("special-query", SPECIAL_QUERY, spec_special_query);
}

#[test]
fn path_set_members() {
    check_ascii_members("path", PATH, spec_path);
}

#[test]
fn userinfo_set_members() {
    check_ascii_members("userinfo", USERINFO, spec_userinfo);
}

#[test]
fn component_set_members() {
    check_ascii_members("component", COMPONENT, spec_component);
}

#[test]
fn form_urlencoded_set_members() {
    check_ascii_members(
        "application/x-www-form-urlencoded",
        FORM_URLENCODED,
        spec_form_urlencoded,
    );
}

#[test]
fn each_set_is_a_superset_of_the_one_it_extends() {
    let chain: [(&AsciiSet, &AsciiSet); 7] = [
        (C0_CONTROL, FRAGMENT),
        (C0_CONTROL, QUERY),
        (QUERY, SPECIAL_QUERY),
        (QUERY, PATH),
        (PATH, USERINFO),
        (USERINFO, COMPONENT),
        (COMPONENT, FORM_URLENCODED),
    ];
    for (smaller, larger) in chain {
        assert_eq!(
            smaller.union(*larger),
            *larger,
            "{smaller:?} within {larger:?}"
        );
        assert_ne!(smaller, larger);
    }
}

#[test]
fn non_ascii_is_always_encoded() {
    for (name, set, spec) in sets() {
        for b in 0x80u8..=0xFF {
            // A non-ASCII byte is never an ASCII member, but must always be encoded.
            assert!(!set.contains(b), "{name} set, byte {b:#04X}");
            assert!(set.should_percent_encode(b), "{name} set, byte {b:#04X}");
        }
        for c in [
            '\u{7F}',
            '\u{80}',
            '\u{FF}',
            '\u{100}',
            '\u{FEFF}',
            '\u{FFFD}',
            '\u{10FFFF}',
        ] {
            assert!(set.contains_char(c), "{name} set, {c:?}");
            assert!(spec(c), "{name} spec text, {c:?}");
        }
        let encoded = utf8_percent_encode("\u{E9}\u{2020}\u{1F600}", set);
        assert_eq!(encoded, "%C3%A9%E2%80%A0%F0%9F%98%80", "{name} set");
    }
}

#[test]
fn form_urlencoded_set_keeps_only_alphanumerics_and_four_marks() {
    // The note of spec 1.3: the set contains all code points except ASCII alphanumerics,
    // U+002A (*), U+002D (-), U+002E (.) and U+005F (_).
    for b in 0u8..=0x7F {
        let kept = b.is_ascii_alphanumeric() || matches!(b, b'*' | b'-' | b'.' | b'_');
        assert_eq!(FORM_URLENCODED.contains(b), !kept, "byte {b:#04X}");
    }
}

#[test]
fn only_component_and_form_sets_encode_percent() {
    // The note after "percent-encode after encoding": only these two give round-trippable data.
    for (name, set, _) in sets() {
        let expected = matches!(name, "component" | "application/x-www-form-urlencoded");
        assert_eq!(set.contains(b'%'), expected, "{name} set");
    }
}

#[test]
fn query_set_is_not_built_on_the_fragment_set() {
    // The spec's note: the query set leaves U+0060 (`) alone, the fragment set does not.
    assert!(!QUERY.contains(b'`'));
    assert!(FRAGMENT.contains(b'`'));
    assert!(QUERY.contains(b'#'));
    assert!(!FRAGMENT.contains(b'#'));
}

#[test]
fn set_operations() {
    const A: AsciiSet = AsciiSet::EMPTY.add(b'a').add_range(b'0', b'2');
    assert!(A.contains(b'a') && A.contains(b'0') && A.contains(b'2'));
    assert!(!A.contains(b'3') && !A.contains(b'b'));
    assert!(!A.remove(b'a').contains(b'a'));
    // Adding or removing a non-ASCII byte changes nothing: non-ASCII is always encoded.
    assert_eq!(A.add(0xC3), A);
    assert_eq!(A.remove(0xC3), A);
    assert!(A.remove(0xC3).should_percent_encode(0xC3));
    assert_eq!(
        A.union(AsciiSet::from_bytes(b"b")),
        AsciiSet::from_bytes(b"ab012")
    );
    assert_eq!(AsciiSet::EMPTY.add_range(0xF0, 0xFF), AsciiSet::EMPTY);
    assert_eq!(AsciiSet::EMPTY.add_range(b'z', b'a'), AsciiSet::EMPTY);
    assert_eq!(
        format!("{:?}", AsciiSet::from_bytes(b"b a")),
        "{' ', 'a', 'b'}"
    );
    for b in 0u8..=0x7F {
        assert!(!AsciiSet::EMPTY.contains(b));
        assert!(AsciiSet::EMPTY.add_range(0, 0x7F).contains(b));
    }
}
