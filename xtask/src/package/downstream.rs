//! `cargo xtask downstream`: our library packages in a user's dependency tree beside `url` 2.5.
//!
//! Nearly every program that would add us already has `url` (through reqwest, hyper-util,
//! tower-http, …), and with it `idna_adapter` and ICU4X. A throwaway crate outside the workspace
//! depends on `url = "2.5"`, `idna_adapter = "1.2.2"` (what a tree that ran `cargo update` has)
//! and each library package by path, resolved fresh with no lock file. It fails when the tree
//! holds two versions of `idna`, `idna_adapter` or any `icu_*` crate, then runs a smoke test
//! that uses every layer and `url` side by side.

use std::path::Path;
use std::process::ExitCode;

use crate::cmd;
use crate::packages::{self, LIBRARIES};

/// The crates that must never be duplicated in a user's tree: the IDNA stack.
fn must_be_single(name: &str) -> bool {
    name == "idna" || name == "idna_adapter" || name.starts_with("icu_")
}

const MAIN_RS: &str = r#"//! Smoke test: every layer of whatwg-url beside rust-url, in one dependency tree.

use whatwg_url::{Url, UrlSearchParams};

fn main() {
    // An IDNA host (ICU4X through idna_adapter, shared with rust-url).
    let url = Url::parse("https://Bücher.EXAMPLE/a b?q=1#f", None).expect("IDNA URL parses");
    assert_eq!(url.href(), "https://xn--bcher-kva.example/a%20b?q=1#f");
    let theirs = url::Url::parse("https://Bücher.EXAMPLE/a b?q=1#f").expect("rust-url parses");
    assert_eq!(theirs.as_str(), url.href());

    // An IPv6 host, compressed, with a port.
    let url = Url::parse("http://[0:0:0:0:0:0:0:1]:8080/", None).expect("IPv6 URL parses");
    assert_eq!((url.host(), url.port()), ("[::1]:8080", "8080"));

    // URLSearchParams: parse, edit, serialize, parse again.
    let mut params = UrlSearchParams::parse("?a=1&b=x+y%21&a=2");
    assert_eq!(params.get_all("a"), ["1", "2"]);
    params.append("c", "é&=");
    params.sort();
    let text = params.to_string();
    assert_eq!(text, "a=1&a=2&b=x+y%21&c=%C3%A9%26%3D");
    assert_eq!(UrlSearchParams::parse(&text).to_string(), text);

    // Validation errors, by spec name and byte offset.
    let (result, errors) = Url::parse_with_validation("https://user@example.com\\path", None);
    assert!(result.is_ok());
    let names: Vec<_> = errors.iter().map(|e| (e.name(), e.offset())).collect();
    assert_eq!(names, [("invalid-credentials", 12), ("invalid-reverse-solidus", 24)]);
    assert!(Url::parse("https://exa mple.org", None).is_err());

    // Each lower layer on its own.
    assert_eq!(percent::utf8_percent_encode("/a b", percent::PATH), "/a%20b");
    assert_eq!(host::Host::parse("0x7f.1").expect("IPv4").to_string(), "127.0.0.1");
    let pairs: Vec<_> = form_urlencoded::parse(b"k=v+w").collect();
    assert_eq!(pairs, [("k".into(), "v w".into())]);
    let base = url_core::UrlRecord::parse("https://example.com/a/b", None).expect("base parses");
    let joined = url_core::UrlRecord::parse("../c", Some(&base)).expect("relative parses");
    assert_eq!(joined.as_str(), "https://example.com/c");

    println!("downstream smoke test: ok");
}
"#;

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        eprintln!("error: `cargo xtask downstream` takes no options (got `{arg}`)");
        return ExitCode::from(2);
    }
    match check(root) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("downstream: {message}");
            ExitCode::FAILURE
        }
    }
}

/// Builds the throwaway crate, checks its tree and runs its smoke test.
pub fn check(root: &Path) -> Result<(), String> {
    let dir = packages::scratch_dir("downstream")?;
    let mut manifest = String::from(
        "[package]\nname = \"downstream-smoke\"\nversion = \"0.0.0\"\nedition = \"2024\"\npublish = false\n\n\
         # Its own workspace: resolved on its own, with no lock file.\n[workspace]\n\n\
         [dependencies]\nurl = \"2.5\"\nidna_adapter = \"1.2.2\"\n",
    );
    for package in LIBRARIES {
        let path = root.join(package.dir);
        manifest.push_str(&format!(
            "{} = {{ path = {} }}\n",
            package.name,
            packages::toml_path(&path)
        ));
    }
    packages::write(&dir.join("Cargo.toml"), &manifest)?;
    packages::write(&dir.join("src").join("main.rs"), MAIN_RS)?;

    cmd::header("downstream: cargo generate-lockfile (fresh resolution, no lock file)");
    if !cmd::run(&mut cmd::cargo(&dir, &["generate-lockfile"]))? {
        return Err("the tree does not resolve".to_owned());
    }

    cmd::header("downstream: cargo tree --duplicates --target all");
    let (ok, tree, stderr) = cmd::capture(&mut cmd::cargo(
        &dir,
        &["tree", "--duplicates", "--target", "all"],
    ))?;
    if !ok {
        return Err(format!("cargo tree failed:\n{stderr}"));
    }
    let duplicated = duplicated_crates(&tree);
    let idna_stack: Vec<&String> = duplicated.iter().filter(|n| must_be_single(n)).collect();
    println!(
        "downstream: {} duplicated crate(s) in the tree{}{}; of the IDNA stack (idna, idna_adapter, icu_*): {}",
        duplicated.len(),
        if duplicated.is_empty() { "" } else { ": " },
        duplicated.join(", "),
        idna_stack.len()
    );
    for (name, version) in versions(&dir, &["idna", "idna_adapter", "icu_properties_data"]) {
        println!("downstream: {name} {version}");
    }
    if !idna_stack.is_empty() {
        print!("{tree}");
        return Err(format!(
            "the IDNA stack is duplicated: {}",
            idna_stack
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ));
    }

    cmd::header("downstream: cargo run (smoke test)");
    // The builds it shares with the later steps' trees are reused.
    let mut run = cmd::cargo(&dir, &["run", "--quiet"]);
    run.env(
        "CARGO_TARGET_DIR",
        crate::packages::outside_target_dir(root),
    );
    if !cmd::run(&mut run)? {
        return Err("the smoke test failed".to_owned());
    }
    Ok(())
}

/// The crate names that `cargo tree --duplicates` lists (its unindented lines), each once.
fn duplicated_crates(tree: &str) -> Vec<String> {
    let mut names: Vec<String> = tree
        .lines()
        .filter(|line| {
            line.chars()
                .next()
                .is_some_and(|c| c.is_ascii_alphanumeric())
        })
        .filter_map(|line| line.split_whitespace().next())
        .map(str::to_owned)
        .collect();
    names.sort();
    names.dedup();
    names
}

/// The resolved version of each of `names` in the scratch crate's lock file.
fn versions(dir: &Path, names: &[&str]) -> Vec<(String, String)> {
    let lock = std::fs::read_to_string(dir.join("Cargo.lock")).unwrap_or_default();
    let mut found = Vec::new();
    let mut lines = lock.lines();
    while let Some(line) = lines.next() {
        let Some(name) = line
            .strip_prefix("name = \"")
            .and_then(|rest| rest.strip_suffix('"'))
        else {
            continue;
        };
        if names.contains(&name) {
            let version = lines
                .next()
                .and_then(|v| v.strip_prefix("version = \""))
                .and_then(|v| v.strip_suffix('"'))
                .unwrap_or("?");
            found.push((name.to_owned(), version.to_owned()));
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_duplicates_of_cargo_tree() {
        let tree = "icu_collections v2.1.1\n└── icu_normalizer v2.1.1\n\nicu_collections v2.4.0\n\
                    └── icu_properties v2.4.0\n\nsyn v1.0.109\n└── foo v1.0.0\n\nsyn v2.0.1\n";
        assert_eq!(duplicated_crates(tree), ["icu_collections", "syn"]);
        assert!(must_be_single("icu_collections") && must_be_single("idna"));
        assert!(!must_be_single("syn"));
    }
}
