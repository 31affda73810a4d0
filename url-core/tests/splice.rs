//! `set_query` and `set_fragment` splice the serialization in place: the record must be the
//! one the URL serializer gives for the new components, boundaries included. Checked against
//! a URL re-parsed from the expected serialization, over every WPT URL that parses.

use url_core::UrlRecord;

fn components(url: &UrlRecord) -> String {
    format!(
        "{:?} port_str={:?} kind={:?} invariants={:?}",
        url,
        url.port_str(),
        url.host_kind(),
        url.check_invariants()
    )
}

fn urls() -> Vec<UrlRecord> {
    let fixture = test_support::load("urltestdata.json");
    let mut all = Vec::new();
    for case in fixture.as_array().unwrap_or_default() {
        let Some(input) = case.get("input").and_then(|v| v.as_str()) else {
            continue;
        };
        let base = case
            .get("base")
            .and_then(|v| v.as_str())
            .and_then(|b| UrlRecord::parse(b, None).ok());
        if let Ok(url) = UrlRecord::parse(input, base.as_ref()) {
            all.push(url);
        }
    }
    assert!(all.len() > 500);
    all
}

#[test]
fn splicing_the_query_and_fragment_keeps_every_other_component() {
    let values = [None, Some(""), Some("a=1"), Some("x y#z"), Some("é'\"<>`")];
    for url in urls() {
        for query in values {
            for fragment in values {
                let mut edited = url.clone();
                edited.set_query(query);
                edited.set_fragment(fragment);
                assert_eq!(
                    edited.check_invariants(),
                    Ok(()),
                    "{url:?} {query:?} {fragment:?}"
                );
                // Everything before the query is untouched.
                let path_end = url.as_str().len()
                    - url.query().map_or(0, |q| q.len() + 1)
                    - url.fragment().map_or(0, |f| f.len() + 1);
                assert_eq!(
                    edited.as_str().get(..path_end),
                    url.as_str().get(..path_end),
                    "{url:?}"
                );
                assert_eq!(edited.path(), url.path());
                assert_eq!(edited.query().is_some(), query.is_some());
                assert_eq!(edited.fragment().is_some(), fragment.is_some());
                // Where the serialization re-parses to itself, the record matches the
                // re-parsed one exactly.
                if let Some(again) = UrlRecord::parse(edited.as_str(), None)
                    .ok()
                    .filter(|again| again.as_str() == edited.as_str())
                {
                    assert_eq!(components(&again), components(&edited), "{url:?}");
                }
                // Setting the fragment first gives the same URL.
                let mut other = url.clone();
                other.set_fragment(fragment);
                other.set_query(query);
                assert_eq!(components(&other), components(&edited));
            }
        }
    }
}
