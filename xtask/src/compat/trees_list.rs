//! The dependency trees of `cargo xtask compat --trees`: published crates that depend on `url`
//! 2, each built with the facade patched in.
//!
//! Widely used dependents of `url`, one or more for each kind of tree programs put above it:
//! HTTP clients and their auth, databases and message queues, cloud storage, telemetry, git,
//! web frameworks and tooling, validation and sanitizing. Each version is pinned to the one
//! measured; a crate whose current release no longer depends on `url` is left out. `DOWNSTREAM.md` (url-compat/)
//! gives the table this produces and the reason for each.

/// One tree: a program depending on `name = "=version"` with `features`.
pub struct Tree {
    /// The row's label (a crate can appear twice with other features).
    pub label: &'static str,
    pub name: &'static str,
    pub version: &'static str,
    /// `false`: `default-features = false`.
    pub default_features: bool,
    pub features: &'static [&'static str],
    /// What the crate is, for the table.
    pub what: &'static str,
    /// A program (a file of `trees/`) run with the facade and with rust-url, whose outputs must
    /// be identical; `None`: `cargo check` of the tree.
    pub program: Option<(&'static str, &'static str)>,
    /// More `[dependencies]` lines the program needs.
    pub extra: &'static str,
}

const fn check(
    label: &'static str,
    name: &'static str,
    version: &'static str,
    what: &'static str,
) -> Tree {
    Tree {
        label,
        name,
        version,
        default_features: true,
        features: &[],
        what,
        program: None,
        extra: "",
    }
}

pub const TREES: &[Tree] = &[
    check(
        "reqwest",
        "reqwest",
        "0.12.28",
        "HTTP client, default features (native TLS)",
    ),
    Tree {
        label: "reqwest-rustls",
        default_features: false,
        features: &["rustls-tls", "json"],
        program: Some(("reqwest.rs", include_str!("trees/reqwest.rs"))),
        extra: "serde = { version = \"1\", features = [\"derive\"] }\n",
        ..check("", "reqwest", "0.12.28", "HTTP client with rustls and JSON")
    },
    Tree {
        program: Some(("oauth2.rs", include_str!("trees/oauth2.rs"))),
        ..check(
            "oauth2",
            "oauth2",
            "5.0.0",
            "OAuth 2 client (reqwest under it)",
        )
    },
    check(
        "openidconnect",
        "openidconnect",
        "4.1.0",
        "OpenID Connect client",
    ),
    check("ureq", "ureq", "2.12.1", "blocking HTTP client"),
    check("wiremock", "wiremock", "0.6.5", "HTTP mocking for tests"),
    Tree {
        label: "sqlx",
        features: &["runtime-tokio", "postgres", "mysql", "sqlite"],
        program: Some(("sqlx.rs", include_str!("trees/sqlx.rs"))),
        extra: "tokio = { version = \"1\", features = [\"macros\", \"rt\"] }\n",
        ..check(
            "",
            "sqlx",
            "0.8.6",
            "SQL toolkit: PostgreSQL, MySQL, SQLite",
        )
    },
    check("redis", "redis", "1.8.1", "Redis client"),
    check("lapin", "lapin", "4.12.3", "AMQP client"),
    check("async-nats", "async-nats", "0.51.0", "NATS client"),
    Tree {
        features: &["aws", "gcp", "azure"],
        ..check(
            "object_store",
            "object_store",
            "0.14.2",
            "cloud object storage (S3, GCS, Azure)",
        )
    },
    check("azure_core", "azure_core", "1.1.0", "Azure SDK core"),
    check(
        "google-cloud-storage",
        "google-cloud-storage",
        "1.21.0",
        "Google Cloud Storage client",
    ),
    check("rust-s3", "rust-s3", "0.38.0", "S3 client"),
    check("mongodb", "mongodb", "3.9.1", "MongoDB driver"),
    check("lettre", "lettre", "0.11.23", "email (SMTP) client"),
    check("sentry", "sentry", "0.49.5", "error reporting"),
    check(
        "opentelemetry-otlp",
        "opentelemetry-otlp",
        "0.33.1",
        "OpenTelemetry exporter",
    ),
    // git2 0.21 and gitoxide no longer depend on `url`; git2 0.20 does.
    check("git2", "git2", "0.20.4", "libgit2 bindings"),
    check("actix-web", "actix-web", "4.18.1", "web framework"),
    check(
        "tower-lsp",
        "tower-lsp",
        "0.20.0",
        "language servers (lsp-types)",
    ),
    check(
        "jsonschema",
        "jsonschema",
        "0.61.2",
        "JSON Schema validation",
    ),
    check(
        "validator",
        "validator",
        "0.21.0",
        "struct validation (`#[validate(url)]`)",
    ),
    check("ammonia", "ammonia", "4.2.5", "HTML sanitizing"),
    check(
        "webbrowser",
        "webbrowser",
        "1.2.6",
        "opening URLs in a browser",
    ),
    check("octocrab", "octocrab", "0.54.9", "GitHub API client"),
];
