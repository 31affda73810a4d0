//! The Python extension's third-party licence file (`python/THIRD-PARTY-LICENSES.txt`, shipped in
//! the wheel's and the sdist's metadata): every crate cargo compiles for the extension, from
//! `Cargo.lock`, with the licence texts the crate ships.
//!
//! Which crates: `cargo tree -p whatwg-url-python -e normal` (the extension's own feature
//! resolution; `cargo metadata` resolves the features of the whole workspace and would list
//! crates the extension never builds). What each one is: `cargo metadata` (licence expression,
//! authors, source directory). The texts: the crate directory's `LICENSE*`, `LICENCE*`,
//! `COPYING*`, `NOTICE*` and `COPYRIGHT*` files (and a `LICENSES/` directory), plus, for a crate
//! that links a native library (`links` in its manifest, such as `libmimalloc-sys`), the licence
//! files of the C sources it bundles (below its root, beside C or C++ files). A crate that ships no file gets
//! its SPDX expression and the standard MIT and Apache-2.0 texts, said so in the file; any other
//! licence without a file is an error.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd;
use serde_json::Value;

/// The Cargo package of the extension module.
pub const PACKAGE: &str = "whatwg-url-python";
/// Where the file goes (beside `python/pyproject.toml`, which lists it in `license-files`).
pub const OUTPUT: &str = "python/THIRD-PARTY-LICENSES.txt";

/// One crate of the tree, as `cargo metadata` describes it.
struct Crate {
    name: String,
    version: String,
    licence: String,
    authors: Vec<String>,
    dir: PathBuf,
    links: bool,
    licence_file: Option<String>,
    /// Where it comes from: `crates.io`, `git`, or `this repository` (a path dependency).
    origin: &'static str,
}

/// Writes [`OUTPUT`] and returns its path and the number of crates listed.
pub fn write(root: &Path) -> Result<(PathBuf, usize), String> {
    let host = host_triple(root)?;
    let names = tree_crates(root, &host)?;
    let metadata = metadata(root, &host)?;
    let mut crates = Vec::new();
    for (name, version) in &names {
        let found = metadata
            .get(&(name.clone(), version.clone()))
            .ok_or_else(|| format!("cargo metadata does not describe {name} {version}"))?;
        crates.push(found);
    }
    let text = render(root, &host, &crates)?;
    let path = root.join(OUTPUT);
    std::fs::write(&path, text).map_err(|e| format!("writing {}: {e}", path.display()))?;
    Ok((path, crates.len()))
}

/// `host: …` of `rustc -vV`: the platform the wheel is built for.
pub fn host_triple(root: &Path) -> Result<String, String> {
    let rustc = std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into());
    let (ok, out, err) = cmd::capture(Command::new(rustc).arg("-vV").current_dir(root))?;
    if !ok {
        return Err(format!("rustc -vV failed: {err}"));
    }
    out.lines()
        .find_map(|line| line.strip_prefix("host: "))
        .map(|host| host.trim().to_string())
        .ok_or_else(|| "rustc -vV printed no host line".to_string())
}

/// `(name, version)` of every crate in the extension's normal-dependency tree, itself included,
/// sorted and without repeats.
pub fn tree_crates(root: &Path, host: &str) -> Result<Vec<(String, String)>, String> {
    let (ok, out, err) = cmd::capture(&mut cmd::cargo(
        root,
        &[
            "tree", "--locked", "-p", PACKAGE, "-e", "normal", "--prefix", "none", "--target",
            host, "--format", "{p}",
        ],
    ))?;
    if !ok {
        return Err(format!("cargo tree -p {PACKAGE} failed:\n{err}"));
    }
    let mut crates: Vec<(String, String)> = out
        .lines()
        .filter_map(|line| {
            let mut words = line.split_whitespace();
            let name = words.next()?;
            let version = words.next()?.strip_prefix('v')?;
            Some((name.to_string(), version.to_string()))
        })
        .collect();
    crates.sort();
    crates.dedup();
    if crates.is_empty() {
        return Err(format!("cargo tree -p {PACKAGE} listed no crate"));
    }
    Ok(crates)
}

/// Every package `cargo metadata` knows for `host`, by `(name, version)`.
fn metadata(root: &Path, host: &str) -> Result<BTreeMap<(String, String), Crate>, String> {
    let (ok, out, err) = cmd::capture(&mut cmd::cargo(
        root,
        &[
            "metadata",
            "--locked",
            "--format-version",
            "1",
            "--filter-platform",
            host,
        ],
    ))?;
    if !ok {
        return Err(format!("cargo metadata failed:\n{err}"));
    }
    let document: Value = serde_json::from_str(&out).map_err(|e| format!("cargo metadata: {e}"))?;
    let mut crates = BTreeMap::new();
    for package in document
        .get("packages")
        .and_then(Value::as_array)
        .ok_or("cargo metadata: no packages")?
    {
        let str_at = |key: &str| package.get(key).and_then(Value::as_str);
        let field = |key: &str| str_at(key).unwrap_or_default().to_string();
        let manifest = PathBuf::from(field("manifest_path"));
        let source = field("source");
        let origin = if source.starts_with("registry+") || source.starts_with("sparse+") {
            "crates.io"
        } else if source.starts_with("git+") {
            "git"
        } else {
            "this repository"
        };
        let found = Crate {
            name: field("name"),
            version: field("version"),
            licence: field("license"),
            authors: package
                .get("authors")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(String::from)
                .collect(),
            dir: manifest.parent().unwrap_or(Path::new(".")).to_path_buf(),
            links: str_at("links").is_some(),
            licence_file: str_at("license_file").map(String::from),
            origin,
        };
        crates.insert((found.name.clone(), found.version.clone()), found);
    }
    Ok(crates)
}

/// Whether a file name is a licence or notice file.
fn is_licence_name(name: &str) -> bool {
    let upper = name.to_ascii_uppercase();
    [
        "LICENSE",
        "LICENCE",
        "COPYING",
        "NOTICE",
        "COPYRIGHT",
        "UNLICENSE",
    ]
    .iter()
    .any(|prefix| upper.starts_with(prefix))
}

/// The crate's own licence files (relative paths, sorted): at its root, in a `LICENSES/`
/// directory, and the one its manifest names.
fn own_licence_files(krate: &Crate) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in read_dir_sorted(&krate.dir) {
        let name = entry.file_name().map(|n| n.to_string_lossy().into_owned());
        let Some(name) = name else { continue };
        if entry.is_file() && is_licence_name(&name) {
            files.push(PathBuf::from(&name));
        } else if entry.is_dir() && matches!(name.as_str(), "LICENSES" | "LICENCES") {
            for inner in read_dir_sorted(&entry) {
                if inner.is_file() {
                    files.push(
                        inner
                            .strip_prefix(&krate.dir)
                            .unwrap_or(&inner)
                            .to_path_buf(),
                    );
                }
            }
        }
    }
    if let Some(named) = &krate.licence_file {
        let named = PathBuf::from(named);
        if !files.contains(&named) && krate.dir.join(&named).is_file() {
            files.push(named);
        }
    }
    files
}

/// Licence files of the C or C++ sources a `links` crate bundles: below the crate's root, in a
/// directory whose tree holds such sources (`c_src/mimalloc/v2/LICENSE` beside `src/*.c`; not
/// the licence of a Python helper package that `pyo3` ships).
fn bundled_licence_files(krate: &Crate) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut pending: Vec<PathBuf> = read_dir_sorted(&krate.dir)
        .into_iter()
        .filter(|path| path.is_dir() && !path.ends_with("LICENSES") && !path.ends_with("target"))
        .collect();
    while let Some(dir) = pending.pop() {
        let entries = read_dir_sorted(&dir);
        let licences: Vec<&PathBuf> = entries
            .iter()
            .filter(|entry| {
                entry.is_file()
                    && entry
                        .file_name()
                        .is_some_and(|name| is_licence_name(&name.to_string_lossy()))
            })
            .collect();
        if !licences.is_empty() && holds_native_sources(&dir) {
            found.extend(
                licences
                    .into_iter()
                    .map(|file| file.strip_prefix(&krate.dir).unwrap_or(file).to_path_buf()),
            );
        }
        pending.extend(entries.into_iter().filter(|entry| entry.is_dir()));
    }
    found.sort();
    found
}

/// Whether `dir` or a directory below it holds a C or C++ source or header.
fn holds_native_sources(dir: &Path) -> bool {
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in read_dir_sorted(&dir) {
            if entry.is_dir() {
                pending.push(entry);
            } else if entry.extension().is_some_and(|ext| {
                matches!(
                    ext.to_string_lossy().as_ref(),
                    "c" | "h" | "cc" | "cpp" | "cxx" | "hpp"
                )
            }) {
                return true;
            }
        }
    }
    false
}

fn read_dir_sorted(dir: &Path) -> Vec<PathBuf> {
    let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| read.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    entries.sort();
    entries
}

/// The standard texts for a crate that ships no licence file, when its expression allows them.
fn standard_texts(root: &Path, krate: &Crate) -> Result<Vec<(String, String)>, String> {
    let expression = krate.licence.replace('/', " OR ");
    let mut texts = Vec::new();
    let read = |name: &str| {
        std::fs::read_to_string(root.join(name))
            .map_err(|e| format!("reading the standard text {name}: {e}"))
    };
    if expression.contains("MIT") {
        // The repository's own LICENSE-MIT after its copyright line, under the crate's authors.
        let ours = read("LICENSE-MIT")?;
        let body = ours
            .split_once('\n')
            .map_or(ours.as_str(), |(_, rest)| rest);
        let holders = if krate.authors.is_empty() {
            format!("the authors of {}", krate.name)
        } else {
            krate.authors.join(", ")
        };
        texts.push((
            "MIT (standard text)".to_string(),
            format!("Copyright (c) {holders}\n{body}"),
        ));
    }
    if expression.contains("Apache-2.0") {
        texts.push((
            "Apache-2.0 (standard text)".to_string(),
            read("LICENSE-APACHE")?,
        ));
    }
    if texts.is_empty() {
        return Err(format!(
            "{} {} ships no licence file and its licence `{}` is neither MIT nor Apache-2.0: \
             no standard text to use",
            krate.name, krate.version, krate.licence
        ));
    }
    Ok(texts)
}

/// The whole file: a header, the list, then each crate's texts (a text already printed for an
/// earlier crate is referred to, not repeated).
fn render(root: &Path, host: &str, crates: &[&Crate]) -> Result<String, String> {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "Third-party software in whatwg-url-rs (the extension module whatwg_url_rs._native)\n\
         \n\
         Generated by `cargo xtask python --licences` from Cargo.lock: the {} crates that cargo\n\
         compiles for the Cargo package {PACKAGE} on {host}\n\
         (`cargo tree -p {PACKAGE} -e normal`; proc-macro crates, which run at build time\n\
         and generate code, included), each with the licence and notice files it ships.\n\
         {}\n\
         A crate that ships no licence file is marked so below: it gets the SPDX expression of its\n\
         Cargo.toml and the standard MIT and/or Apache-2.0 text. A text already printed for an\n\
         earlier crate is named, not repeated.\n",
        crates.len(),
        native_sentence(crates)
    );
    let _ = writeln!(out, "Crates (name, version, licence, origin):\n");
    for krate in crates {
        let _ = writeln!(
            out,
            "  {} {}  {}  ({})",
            krate.name,
            krate.version,
            display_licence(krate),
            krate.origin
        );
    }
    // Texts already printed: text -> "file of crate version".
    let mut printed: BTreeMap<String, String> = BTreeMap::new();
    for krate in crates {
        let _ = writeln!(
            out,
            "\n\n{}\n{} {}  licence: {}\n{}",
            "=".repeat(78),
            krate.name,
            krate.version,
            display_licence(krate),
            "=".repeat(78)
        );
        let mut texts = Vec::new();
        for file in own_licence_files(krate) {
            texts.push((
                file.display().to_string(),
                read_text(&krate.dir.join(&file))?,
            ));
        }
        if krate.links {
            for file in bundled_licence_files(krate) {
                texts.push((
                    format!("{} (bundled C sources)", file.display()),
                    read_text(&krate.dir.join(&file))?,
                ));
            }
        }
        if texts.is_empty() {
            let _ = writeln!(
                out,
                "This crate ships no licence file: its Cargo.toml says `{}`; the standard text follows.",
                display_licence(krate)
            );
            texts = standard_texts(root, krate)?;
        }
        for (label, text) in texts {
            let here = format!("{label} of {} {}", krate.name, krate.version);
            match printed.get(&text) {
                Some(first) => {
                    let _ = writeln!(out, "\n--- {label}: the same text as {first}, above.");
                }
                None => {
                    let _ = writeln!(out, "\n--- {label}\n\n{}", text.trim_end());
                    printed.insert(text, here);
                }
            }
        }
    }
    Ok(out)
}

/// What the header says of the crates that compile bundled native sources.
fn native_sentence(crates: &[&Crate]) -> String {
    let native: Vec<&str> = crates
        .iter()
        .filter(|krate| krate.links && !bundled_licence_files(krate).is_empty())
        .map(|krate| krate.name.as_str())
        .collect();
    if native.is_empty() {
        "No crate bundles C sources with licence files of their own.".to_string()
    } else {
        format!(
            "C sources compiled into the extension come with: {}; their licence files are\n\
             listed under that crate as \"bundled C sources\".",
            native.join(", ")
        )
    }
}

fn display_licence(krate: &Crate) -> &str {
    if krate.licence.is_empty() {
        "(no licence expression; see its files)"
    } else {
        &krate.licence
    }
}

fn read_text(path: &Path) -> Result<String, String> {
    std::fs::read(path)
        .map(|bytes| String::from_utf8_lossy(&bytes).replace("\r\n", "\n"))
        .map_err(|e| format!("reading {}: {e}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::is_licence_name;

    #[test]
    fn licence_file_names() {
        for name in [
            "LICENSE",
            "LICENSE-MIT",
            "license.txt",
            "COPYING",
            "NOTICE.txt",
            "LICENCE",
        ] {
            assert!(is_licence_name(name), "{name}");
        }
        for name in ["Cargo.toml", "README.md", "src", "build.rs"] {
            assert!(!is_licence_name(name), "{name}");
        }
    }
}
