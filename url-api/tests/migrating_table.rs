//! `MIGRATING.md` has a row for every public item of rust-url 2.5.8 (the list below is read
//! off its `src/lib.rs`, `host.rs`, `origin.rs`, `path_segments.rs`, `slicing.rs` and
//! `quirks.rs`) and for every function of Node.js's `url` module, and no row without a
//! counterpart or a reason.
#![allow(clippy::restriction)] // test code: unwrapping or indexing is a failed test

const TABLE: &str = include_str!("../MIGRATING.md");

const RUST_URL_ITEMS: &[&str] = &[
    "Url::parse",
    "Url::join",
    "Url::options",
    "ParseOptions::base_url",
    "ParseOptions::encoding_override",
    "ParseOptions::syntax_violation_callback",
    "ParseOptions::parse",
    "Url::parse_with_params",
    "Url::make_relative",
    "Url::as_str",
    "Url::into_string",
    "Url::origin",
    "Url::scheme",
    "Url::is_special",
    "Url::has_authority",
    "Url::authority",
    "Url::cannot_be_a_base",
    "Url::username",
    "Url::password",
    "Url::has_host",
    "Url::host_str",
    "Url::host",
    "Url::domain",
    "Url::port",
    "Url::port_or_known_default",
    "Url::socket_addrs",
    "Url::path",
    "Url::path_segments",
    "Url::query",
    "Url::query_pairs",
    "Url::query_pairs_mut",
    "Url::fragment",
    "Url::set_fragment",
    "Url::set_query",
    "Url::set_path",
    "Url::path_segments_mut",
    "Url::set_port",
    "Url::set_host",
    "Url::set_ip_host",
    "Url::set_password",
    "Url::set_username",
    "Url::set_scheme",
    "Url::from_file_path",
    "Url::from_directory_path",
    "Url::to_file_path",
    "Url::check_invariants",
    "Url::serialize_internal",
    "deserialize_internal",
    "Position",
    "Host<S>",
    "Host::parse",
    "Host::parse_opaque",
    "Host::to_owned",
    "Origin",
    "Origin::new_opaque",
    "Origin::is_tuple",
    "Origin::ascii_serialization",
    "Origin::unicode_serialization",
    "OpaqueOrigin",
    "ParseError",
    "SyntaxViolation",
    "PathSegmentsMut",
    "UrlQuery",
    "EncodingOverride",
    "form_urlencoded",
    "quirks::href",
    "quirks::set_href",
    "quirks::domain_to_ascii",
    "quirks::domain_to_unicode",
    "quirks::internal_components",
    "InternalComponents",
    "FromStr",
    "TryFrom<&str>",
    "Display",
    "Debug",
    "AsRef<str>",
    "Hash",
    "Ord",
    "From<Url> for String",
];

const NODE_ITEMS: &[&str] = &[
    "new URL(input[, base])",
    "URL.canParse",
    "URL.parse",
    "URL.createObjectURL",
    "URL.revokeObjectURL",
    "URLSearchParams",
    "url.domainToASCII",
    "url.domainToUnicode",
    "url.fileURLToPath",
    "url.pathToFileURL",
    "url.urlToHttpOptions",
    "url.format(URL",
    "url.format(urlObject)",
    "url.parse()",
    "url.resolve()",
];

#[test]
fn every_item_has_a_row() {
    let missing: Vec<&&str> = RUST_URL_ITEMS
        .iter()
        .chain(NODE_ITEMS)
        .filter(|item| !TABLE.contains(&format!("`{item}")))
        .collect();
    assert!(missing.is_empty(), "no row for {missing:?}");
}

#[test]
fn every_row_has_a_counterpart_or_a_reason() {
    // The item tables (the list of deliberate differences after them has other columns).
    let items = TABLE.split("## Deliberate differences").next().unwrap();
    for row in items.lines().filter(|l| l.starts_with("| ")) {
        let cells: Vec<&str> = row.split('|').map(str::trim).collect();
        if cells
            .get(1)
            .is_some_and(|c| c.starts_with("---") || c.contains("2.5.8") || *c == "Node.js")
        {
            continue;
        }
        let counterpart = cells.get(2).copied().unwrap_or_default();
        assert!(
            counterpart.contains('`') || counterpart.starts_with("not provided, because"),
            "row without a counterpart: {row}"
        );
        if counterpart.starts_with("not provided") {
            assert!(counterpart.contains("because"), "no reason: {row}");
        }
    }
}
