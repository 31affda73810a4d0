//! Divergence classes: which component differs, and what in the input causes it. A class is
//! named `[SETTER setter, ]CAUSE: WHAT`, WHAT being the first component that differs (the
//! record's fields before `host`, `origin` and `href`, which repeat them) or which side fails:
//! `IPv4 forms: hostname`, `backslashes: fails where the standard parses`,
//! `port setter, tabs and newlines: port`. A `--known` file lists class names.

use whatwg_url::Component;

use super::cases::Expect;
use super::protocol::{Answer, Request, Validation};

/// A feature of the input that the standard has a rule for, and the components it shows in.
struct Cause {
    name: &'static str,
    present: fn(&Parts<'_>) -> bool,
    shows_in: &'static [Component],
}

use Component::{Hash, Host, Hostname, Password, Pathname, Port, Protocol, Search, Username};

/// The causes, most specific first.
const CAUSES: &[Cause] = &[
    Cause {
        name: "tabs and newlines",
        present: |p| p.all.contains(['\t', '\n', '\r']),
        shows_in: &[],
    },
    Cause {
        name: "leading or trailing C0 controls and spaces",
        present: |p| p.text.starts_with(|c: char| c <= ' ') || p.text.ends_with(|c: char| c <= ' '),
        shows_in: &[],
    },
    Cause {
        name: "IPv6",
        present: |p| p.host.contains(['[', ']']),
        shows_in: &[Host, Hostname],
    },
    Cause {
        name: "IPv4 forms",
        present: |p| {
            let last = p
                .host
                .trim_end_matches('.')
                .rsplit('.')
                .next()
                .unwrap_or("");
            !last.is_empty()
                && (last.bytes().all(|b| b.is_ascii_digit())
                    || last.get(..2).is_some_and(|x| x.eq_ignore_ascii_case("0x")))
        },
        shows_in: &[Host, Hostname],
    },
    Cause {
        name: "IDNA",
        present: |p| {
            !p.host.is_ascii()
                || p.host.contains('%')
                || p.host.to_ascii_lowercase().contains("xn--")
                || p.host.bytes().any(|b| b.is_ascii_uppercase())
        },
        shows_in: &[Host, Hostname],
    },
    Cause {
        name: "Windows drive letters",
        present: |p| has_drive_letter(&p.all),
        shows_in: &[Host, Hostname, Pathname],
    },
    Cause {
        name: "runs of slashes",
        present: |p| {
            let after_scheme = p.text.split_once(':').map_or(p.text, |(_, rest)| rest);
            p.text.starts_with("//")
                || after_scheme.contains("///")
                || p.text.matches("//").count() > 1
        },
        shows_in: &[Host, Hostname, Pathname],
    },
    Cause {
        name: "blob: origins",
        present: |p| {
            p.text
                .get(..5)
                .is_some_and(|s| s.eq_ignore_ascii_case("blob:"))
        },
        shows_in: &[Component::Origin],
    },
    Cause {
        name: "backslashes",
        present: |p| p.all.contains('\\'),
        shows_in: &[Host, Hostname, Pathname],
    },
    Cause {
        name: "credentials",
        present: |p| p.all.contains('@'),
        shows_in: &[Username, Password, Host, Hostname],
    },
    Cause {
        name: "ports",
        present: |p| p.port,
        shows_in: &[Port, Host],
    },
    Cause {
        name: "dot segments",
        present: |p| p.all.contains('.') && (p.all.contains("/.") || p.all.contains("%2e")),
        shows_in: &[Pathname],
    },
    Cause {
        name: "opaque paths",
        present: |p| p.opaque,
        shows_in: &[Pathname, Search, Hash],
    },
    Cause {
        name: "file URLs",
        present: |p| p.file,
        shows_in: &[Host, Hostname, Pathname],
    },
    Cause {
        name: "percent-encoding",
        present: |p| {
            p.all
                .chars()
                .any(|c| !c.is_ascii() || c.is_ascii_control() || " \"%<>^`{|}'".contains(c))
        },
        shows_in: &[Username, Password, Pathname, Search, Hash],
    },
];

/// What the classifier looks at in a request.
struct Parts<'a> {
    /// The input (or the setter's value).
    text: &'a str,
    /// Input, base and href together.
    all: String,
    /// Where the host would be, found the simple way.
    host: &'a str,
    port: bool,
    file: bool,
    opaque: bool,
}

impl<'a> Parts<'a> {
    /// `href_failed`: the setter's URL did not parse, so the host of interest is its own.
    fn of(request: &'a Request, href_failed: bool) -> Parts<'a> {
        let (text, all, host) = match request {
            Request::Parse { input, base } | Request::Validate { input, base } => {
                let all = format!("{input}{}", base.as_deref().unwrap_or_default());
                (input.as_str(), all, rough_host(input))
            }
            Request::Set {
                href,
                setter,
                value,
            } => {
                let host = match setter {
                    _ if href_failed => rough_host(href),
                    Host | Hostname => authority_host(value).0,
                    Component::Href => rough_host(value),
                    _ => rough_host(href),
                };
                (value.as_str(), format!("{value}{href}"), host)
            }
        };
        let lower = all.to_ascii_lowercase();
        let scheme = lower.split(':').next().unwrap_or_default();
        let special = whatwg_url::is_special_scheme(scheme.trim());
        Parts {
            text,
            port: host_and_port(text).1.is_some_and(|p| !p.is_empty())
                || matches!(request, Request::Set { setter: Host, .. })
                    && authority_host(text).1.is_some()
                || matches!(request, Request::Set { setter: Port, .. }),
            file: lower.contains("file:"),
            opaque: lower.contains(':') && !special && !lower.contains(":/"),
            host,
            all,
        }
    }
}

/// The authority's host part of `text`: after a special scheme and any slashes, else after
/// `//`; before the path, after the last `@`, without a port.
fn rough_host(text: &str) -> &str {
    if let Some((scheme, rest)) = text.split_once(':') {
        let scheme = scheme
            .trim_start_matches(|c: char| c <= ' ')
            .to_ascii_lowercase();
        if whatwg_url::is_special_scheme(&scheme) {
            return authority_host(rest.trim_start_matches(['/', '\\'])).0;
        }
    }
    host_and_port(text).0
}

fn host_and_port(text: &str) -> (&str, Option<&str>) {
    let Some((_, after)) = text.split_once("//").or_else(|| text.split_once("\\\\")) else {
        return ("", None);
    };
    authority_host(after)
}

/// The host and port of the authority at the start of `text` (up to the path, after the last
/// `@`).
fn authority_host(text: &str) -> (&str, Option<&str>) {
    let authority = text.split(['/', '?', '#', '\\']).next().unwrap_or_default();
    let host = authority.rsplit('@').next().unwrap_or_default();
    match host.rfind(':') {
        Some(colon) if !host.ends_with(']') => (&host[..colon], host.get(colon + 1..)),
        _ => (host, None),
    }
}

/// Whether `text` has a letter and `:` or `|` at the start of a path segment (or of the text,
/// or after `file:`), followed by the segment's end (spec 4.2, Windows drive letter).
fn has_drive_letter(text: &str) -> bool {
    let text = text.strip_prefix("file:").unwrap_or(text);
    let bytes = text.as_bytes();
    (0..bytes.len()).any(|i| {
        let starts_segment = i == 0 || matches!(bytes.get(i - 1), Some(b'/' | b'\\'));
        starts_segment
            && bytes.get(i).is_some_and(u8::is_ascii_alphabetic)
            && matches!(bytes.get(i + 1), Some(b':' | b'|'))
            && matches!(bytes.get(i + 2), None | Some(b'/' | b'\\' | b'?' | b'#'))
    })
}

/// The order in which a differing component names a class: the record's fields first (a host
/// that differs makes `host`, `origin` and `href` differ too), `href` last.
const PRIMARY: [Component; 11] = [
    Protocol,
    Username,
    Password,
    Hostname,
    Port,
    Host,
    Pathname,
    Search,
    Hash,
    Component::Origin,
    Component::Href,
];

/// The first component, in [`PRIMARY`] order, where `answer` differs from `expect`.
fn primary(expect: &[(Component, String)], answer: &[String; 11]) -> Option<Component> {
    PRIMARY.into_iter().find(|c| {
        expect
            .iter()
            .any(|(e, want)| e == c && answer.get(*c as usize) != Some(want))
    })
}

/// Whether `a` and `b` are the same bytes once percent-decoded (spec 1.3).
fn same_decoded(a: &str, b: &str) -> bool {
    whatwg_url::percent_decode_str(a) == whatwg_url::percent_decode_str(b)
}

/// The class of a divergence in validation: `validation: ` and the first validation error the
/// standard reports and the answer does not (or the reverse), else what else differs. The
/// error's name says the cause.
fn validation_class(expect: &Validation, answer: &Validation) -> String {
    let count = |errors: &[String], name: &str| errors.iter().filter(|e| *e == name).count();
    let missing = expect
        .errors
        .iter()
        .find(|name| count(&expect.errors, name) > count(&answer.errors, name));
    let extra = answer
        .errors
        .iter()
        .find(|name| count(&answer.errors, name) > count(&expect.errors, name));
    let what = match (missing, extra) {
        (Some(name), _) => format!("{name} not reported"),
        (None, Some(name)) => format!("{name} reported where the standard does not"),
        (None, None) if expect.errors != answer.errors => "errors in another order".to_owned(),
        (None, None) if expect.valid != answer.valid => {
            format!("valid URL string answered {}", answer.valid)
        }
        (None, None) if expect.parses => "fails where the standard parses".to_owned(),
        (None, None) => "parses where the standard fails".to_owned(),
    };
    format!("validation: {what}")
}

/// The class of a divergence: `answer` is not what `expect` says for `request`.
pub fn classify(request: &Request, expect: &Expect, answer: &Answer) -> String {
    if let (Expect::Validation(expect), Answer::Validation(answer)) = (expect, answer) {
        return validation_class(expect, answer);
    }
    let href_failed = matches!(answer, Answer::Failure);
    let parts = Parts::of(request, href_failed);
    let present: Vec<&Cause> = CAUSES.iter().filter(|c| (c.present)(&parts)).collect();
    // The component differs in its percent-encoding alone (`^` against `%5E`).
    let mut encoding_only = false;
    let (what, components) = match (expect, answer) {
        (_, Answer::Unsupported) => ("unsupported".to_owned(), Vec::new()),
        (Expect::Failure, _) => ("parses where the standard fails".to_owned(), Vec::new()),
        (Expect::Fields(_) | Expect::Validation(_), Answer::Failure) => {
            ("fails where the standard parses".to_owned(), Vec::new())
        }
        // A validation answer to a request that is not `validate`, or the reverse.
        (Expect::Fields(_), Answer::Validation(_)) | (Expect::Validation(_), _) => {
            ("answers another operation".to_owned(), Vec::new())
        }
        (Expect::Fields(fields), Answer::Url(got)) => {
            let component = primary(fields, got);
            encoding_only = component.is_some_and(|c| {
                let want = fields
                    .iter()
                    .find(|(f, _)| *f == c)
                    .map(|(_, v)| v.as_str());
                want.is_some_and(|want| same_decoded(want, &got[c as usize]))
            });
            let name = component.map_or("nothing", Component::name);
            (name.to_owned(), component.into_iter().collect())
        }
    };
    let shows = present
        .iter()
        .find(|c| c.shows_in.is_empty() || c.shows_in.iter().any(|s| components.contains(s)));
    let cause = if encoding_only {
        "percent-encoding"
    } else if let Some(cause) = shows {
        cause.name
    } else if components.contains(&Protocol) {
        "schemes"
    } else {
        present.first().map_or("other", |c| c.name)
    };
    let op = match request {
        Request::Parse { .. } => String::new(),
        Request::Set { setter, .. } => format!("{setter} setter, "),
        Request::Validate { .. } => "validation, ".to_owned(),
    };
    if what == "unsupported" {
        return format!("unsupported: {}", op.trim_end_matches(", "));
    }
    format!("{op}{cause}: {what}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::conform::protocol::ours;

    fn parse(input: &str) -> Request {
        Request::Parse {
            input: input.into(),
            base: None,
        }
    }

    /// The class of `theirs`'s answer to `input` against this project's.
    fn class(input: &str, theirs: &str) -> String {
        let request = parse(input);
        let expect = Expect::all_of(&ours(&request));
        let answer = match ours(&parse(theirs)) {
            Answer::Url(c) => Answer::Url(c),
            _ => Answer::Failure,
        };
        classify(&request, &expect, &answer)
    }

    #[test]
    fn classes_name_the_cause_and_the_component() {
        assert_eq!(class("http://0x7f.1/", "http://x/"), "IPv4 forms: hostname");
        assert_eq!(class("http://ÉX.com/", "http://x/"), "IDNA: hostname");
        assert_eq!(class("http://[::1]/", "http://x/"), "IPv6: hostname");
        assert_eq!(class("http://a\\b", "http://a/c"), "backslashes: pathname");
        assert_eq!(class("foo:a b", "foo:a"), "opaque paths: pathname");
        assert_eq!(
            class("http://a/\tb", "http://a/c"),
            "tabs and newlines: pathname"
        );
        assert_eq!(class("http://a:99/", "http://a:98/"), "ports: port");
        assert_eq!(
            class("http:////a/", "http://b/"),
            "runs of slashes: hostname"
        );
        assert_eq!(class("file:", "file://x/"), "file URLs: hostname");
        // A component that differs in its encoding alone: percent-encoding, whatever else the
        // input holds.
        let request = parse("http://a//b/^");
        let standard = ours(&request);
        let Answer::Url(mut raw) = standard.clone() else {
            panic!("parses")
        };
        raw[Pathname as usize] = "//b/^".into();
        assert_eq!(
            classify(&request, &Expect::all_of(&standard), &Answer::Url(raw)),
            "percent-encoding: pathname"
        );
        assert_eq!(
            class("file:c|/x", "file:///d:/x"),
            "Windows drive letters: pathname"
        );
        assert_eq!(class("file:\\\\//", "file:///"), "backslashes: pathname");
        assert_eq!(class("https://u@a/", "https://a/"), "credentials: username");
        let request = parse("http://a/");
        assert_eq!(
            classify(&request, &Expect::Failure, &ours(&request)),
            "other: parses where the standard fails"
        );
        assert_eq!(
            classify(
                &parse("http://[1::"),
                &Expect::Fields(vec![]),
                &Answer::Failure
            ),
            "IPv6: fails where the standard parses"
        );
        let set = Request::Set {
            href: "http://a/".into(),
            setter: Port,
            value: "99999".into(),
        };
        assert_eq!(
            classify(&set, &Expect::Fields(vec![]), &Answer::Unsupported),
            "unsupported: port setter"
        );
    }

    #[test]
    fn validation_classes_name_the_error() {
        let request = Request::Validate {
            input: "https://0x1/".into(),
            base: None,
        };
        let ours = ours(&request);
        let Answer::Validation(standard) = &ours else {
            panic!("validates")
        };
        assert_eq!(
            standard.errors,
            ["IPv4-too-few-parts", "IPv4-non-decimal-part"]
        );
        let expect = Expect::all_of(&ours);
        let answering = |errors: &[&str], valid: bool, parses: bool| {
            Answer::Validation(Box::new(Validation {
                valid,
                errors: errors.iter().map(|&e| e.to_owned()).collect(),
                parses,
            }))
        };
        let class = |answer: Answer| classify(&request, &expect, &answer);
        assert_eq!(
            class(answering(&["IPv4-too-few-parts"], false, true)),
            "validation: IPv4-non-decimal-part not reported"
        );
        assert_eq!(
            class(answering(
                &[
                    "IPv4-too-few-parts",
                    "IPv4-non-decimal-part",
                    "IPv4-empty-part"
                ],
                false,
                true
            )),
            "validation: IPv4-empty-part reported where the standard does not"
        );
        assert_eq!(
            class(answering(
                &["IPv4-non-decimal-part", "IPv4-too-few-parts"],
                false,
                true
            )),
            "validation: errors in another order"
        );
        assert_eq!(
            class(answering(
                &["IPv4-too-few-parts", "IPv4-non-decimal-part"],
                true,
                true
            )),
            "validation: valid URL string answered true"
        );
        assert_eq!(
            class(answering(
                &["IPv4-too-few-parts", "IPv4-non-decimal-part"],
                false,
                false
            )),
            "validation: fails where the standard parses"
        );
        assert_eq!(class(Answer::Unsupported), "unsupported: validation");
    }
}
