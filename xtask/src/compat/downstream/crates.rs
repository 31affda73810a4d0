//! The crates of `cargo xtask compat --downstream`, and the differences the standard decides.

/// A published crate that depends on `url` 2.x, tested with its own suite.
#[derive(Debug, Clone, Copy)]
pub struct Downstream {
    pub name: &'static str,
    /// The version tested: pinned, so that the table can be compared from run to run.
    pub version: &'static str,
    /// What its tests do with URLs (the table's third column).
    pub exercises: &'static str,
    /// Arguments of `cargo test` (features, test targets), the same in both runs; none: every
    /// target with the default features.
    pub cargo_args: &'static [&'static str],
    /// What `cargo_args` leave out, and why (empty when nothing is).
    pub left_out: &'static str,
}

/// The crates, chosen for test suites that run offline (servers on 127.0.0.1 at most) and build
/// quickly on two cores.
pub const CRATES: [Downstream; 6] = [
    Downstream {
        name: "attohttpc",
        version: "0.31.0",
        exercises: "HTTP client: requests to its own servers on 127.0.0.1 (redirects, HTTP and \
                    HTTPS proxies, multipart bodies, timeouts), request lines from `Url`s",
        cargo_args: &[
            "--features",
            "multipart-form",
            "--lib",
            "--test",
            "test_multipart",
            "--test",
            "test_proxy",
            "--test",
            "test_redirection",
            "--test",
            "test_timeout",
        ],
        left_out: "tests/test_invalid_certs.rs (requests to badssl.com); its one doctest is \
                   `no_run`",
    },
    Downstream {
        name: "git-url-parse",
        version: "0.6.0",
        exercises: "repository URLs (https, ssh, git, file, scp-like) parsed and normalized, \
                    round trips through `url::Url`",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "amq-protocol-uri",
        version: "10.6.3",
        exercises: "AMQP connection URLs: user info, host, port, vhost path, query parameters",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "import_map",
        version: "0.25.0",
        exercises: "WICG import maps: specifiers and scopes resolved against base URLs with \
                    `Url::join`, paths extended through `PathSegmentsMut`",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "deno_path_util",
        version: "0.6.4",
        exercises: "`file:` URLs: paths to URLs and back (`Url::from_file_path`, \
                    `to_file_path`), specifiers resolved against them with `Url::join`",
        cargo_args: &[],
        left_out: "",
    },
    Downstream {
        name: "cookie_store",
        version: "0.22.1",
        exercises: "cookie jar: domain and path matching of request URLs, public suffixes",
        cargo_args: &[],
        left_out: "",
    },
];

/// A difference decided by the standard: a test that passes with rust-url and fails with the
/// facade because rust-url does not follow the standard there, and the web-platform-tests case
/// that decides it.
#[derive(Debug, Clone, Copy)]
pub struct Explained {
    pub krate: &'static str,
    pub test: &'static str,
    /// The fixture file of the case (`urltestdata.json`).
    pub fixture: &'static str,
    pub input: &'static str,
    pub base: &'static str,
    /// The standard's href for the case.
    pub href: &'static str,
    /// What rust-url 2.5.8 does instead, and what the test asserts.
    pub why: &'static str,
}

/// Every difference the standard decides. A difference not listed here fails the command.
pub const EXPLAINED: &[Explained] = &[Explained {
    krate: "import_map",
    test: "invalid_scope",
    fixture: "urltestdata.json",
    input: "///test",
    base: "http://example.org/",
    href: "http://test/",
    why: "a special URL's slashes before the host are all skipped (4.4 special authority \
          ignore slashes state), so `///bar` against `https://deno.land/` is `https://bar/`; \
          rust-url 2.5.8's `join` returns `EmptyHost` for both, and the test asserts that \
          import_map reports the scope `///bar` as invalid",
}];

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    /// Each explanation names a case that the fixture file holds, with that href.
    #[test]
    fn explanations_name_fixture_cases() {
        let dir = crate::fixtures::first_dir(&crate::workspace_root())
            .expect("the WPT fixtures (fixtures/wpt or $URL_WPT_DIR)");
        for e in EXPLAINED {
            let text = fs::read_to_string(dir.join(e.fixture)).expect("fixture file");
            let case = [("input", e.input), ("base", e.base), ("href", e.href)]
                .map(|(key, value)| format!("\"{key}\": \"{}\",", json_escape(value)));
            let lines: Vec<&str> = text.lines().map(str::trim).collect();
            assert!(
                lines.windows(3).any(|w| w == case),
                "{} has no case {case:?}",
                e.fixture
            );
        }
    }

    fn json_escape(text: &str) -> String {
        text.replace('\\', "\\\\").replace('"', "\\\"")
    }
}
