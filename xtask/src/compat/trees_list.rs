//! The dependency trees of `cargo xtask compat --trees`: published crates that depend on `url`
//! 2, each built with the facade patched in.
//!
//! Chosen among the most-downloaded dependents of `url` on crates.io, to cover what programs
//! put above it: HTTP clients and their auth, databases, cloud storage, telemetry, git, web
//! frameworks and servers' tooling, validation and sanitizing. `DOWNSTREAM.md` (url-compat/)
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
        "0.12",
        "HTTP client, default features (native TLS)",
    ),
    Tree {
        label: "reqwest-rustls",
        default_features: false,
        features: &["rustls-tls", "json"],
        program: Some(("reqwest.rs", include_str!("trees/reqwest.rs"))),
        extra: "serde = { version = \"1\", features = [\"derive\"] }\n",
        ..check("", "reqwest", "0.12", "HTTP client with rustls and JSON")
    },
    Tree {
        program: Some(("oauth2.rs", include_str!("trees/oauth2.rs"))),
        ..check("oauth2", "oauth2", "5", "OAuth 2 client (reqwest under it)")
    },
    check(
        "openidconnect",
        "openidconnect",
        "4",
        "OpenID Connect client",
    ),
    check("ureq", "ureq", "2", "blocking HTTP client"),
    check("wiremock", "wiremock", "0.6", "HTTP mocking for tests"),
    check(
        "tokio-tungstenite",
        "tokio-tungstenite",
        "*",
        "WebSocket client and server",
    ),
    Tree {
        label: "sqlx",
        features: &["runtime-tokio", "postgres", "mysql", "sqlite"],
        program: Some(("sqlx.rs", include_str!("trees/sqlx.rs"))),
        extra: "tokio = { version = \"1\", features = [\"macros\", \"rt\"] }\n",
        ..check("", "sqlx", "0.8", "SQL toolkit: PostgreSQL, MySQL, SQLite")
    },
    check("redis", "redis", "*", "Redis client"),
    check("lapin", "lapin", "*", "AMQP client"),
    check("async-nats", "async-nats", "*", "NATS client"),
    Tree {
        features: &["aws", "gcp", "azure"],
        ..check(
            "object_store",
            "object_store",
            "*",
            "cloud object storage (S3, GCS, Azure)",
        )
    },
    check("azure_core", "azure_core", "*", "Azure SDK core"),
    check(
        "google-cloud-storage",
        "google-cloud-storage",
        "*",
        "Google Cloud Storage client",
    ),
    check("rust-s3", "rust-s3", "*", "S3 client"),
    check("mongodb", "mongodb", "*", "MongoDB driver"),
    check("lettre", "lettre", "*", "email (SMTP) client"),
    check("sentry", "sentry", "*", "error reporting"),
    check(
        "opentelemetry-otlp",
        "opentelemetry-otlp",
        "*",
        "OpenTelemetry exporter",
    ),
    // git2 0.21 and gitoxide no longer depend on `url`; 0.20 is what most trees still lock.
    check("git2", "git2", "0.20", "libgit2 bindings"),
    check("actix-web", "actix-web", "4", "web framework"),
    check(
        "tower-lsp",
        "tower-lsp",
        "*",
        "language servers (lsp-types)",
    ),
    check("jsonschema", "jsonschema", "*", "JSON Schema validation"),
    check(
        "validator",
        "validator",
        "*",
        "struct validation (`#[validate(url)]`)",
    ),
    check("ammonia", "ammonia", "*", "HTML sanitizing"),
    check("webbrowser", "webbrowser", "*", "opening URLs in a browser"),
    check("octocrab", "octocrab", "*", "GitHub API client"),
];
