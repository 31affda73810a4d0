//! `cargo xtask docs`: the pages' examples run and their facts agree with their sources.
//!
//! Pages are the Markdown files of the workspace (the READMEs, the guide in `docs/`, the
//! crates' other pages). For each fenced block:
//! - ```` ```rust ````: a doctest, so its page must be included by a crate with
//!   `#[doc = include_str!(…)]` (cargo test runs it); a block not meant to run says so
//!   (`rust,ignore`, `rust,no_run`, `rust,compile_fail`);
//! - ```` ```console ````: a session, run here against the built `wurl` (`sessions.rs`);
//! - ```` ```python ```` outside `python/README.md`: the start of one of that page's blocks,
//!   which `python/tests/test_docs.py` runs in the wheel test, comparing each result a line
//!   shows in a comment (`url.href  # '…'`) with what it gives;
//! - ```` ```sh ````: commands not run here, each block saying why (```` ```sh not-run: REASON ````);
//! - text (`text`, `toml`, `sh`, …) is shown as it is; a block without a language is refused.
//!
//! The facts (`facts.rs`): the README's crate table against the published packages, "N
//! published packages", the MSRV, the feature table of `docs/weight.md` against the
//! manifests, and `docs/contributing.md`'s command table against `cargo xtask help`; and no
//! page, nor `cargo xtask help`, `wurl --help` or `wurl --man`, cites an issue by number.

mod against;
mod blocks;
mod claims;
mod facts;
mod sessions;

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use crate::cmd;
use crate::packages;
use blocks::Kind;

/// Folders never searched for pages: build outputs, fuzz corpora, virtual environments, and
/// `fixtures/wpt`, whose READMEs describe the data they came with (`cargo xtask wpt-update`
/// syncs them with it).
const SKIP_DIRS: [&str; 7] = [
    "target",
    "wpt",
    "corpus",
    "artifacts",
    "node_modules",
    "venv",
    "msrv",
];

/// The page whose Python blocks the wheel test runs.
const PYTHON_README: &str = "python/README.md";

/// `cargo xtask docs`.
pub fn run(root: &Path, rest: &[String]) -> ExitCode {
    if let Some(arg) = rest.first() {
        eprintln!("error: `cargo xtask docs` takes no options (got `{arg}`)");
        return ExitCode::from(2);
    }
    cmd::exit(check(root))
}

/// Every check; `Ok(false)` when one fails (each failure printed).
pub fn check(root: &Path) -> Result<bool, String> {
    let mut failures = Vec::new();
    let pages = pages(root)?;
    let included = included_pages(root)?;
    let python = fs::read_to_string(root.join(PYTHON_README)).unwrap_or_default();
    let python_blocks: Vec<Vec<String>> = blocks::blocks(&python)
        .into_iter()
        .filter(|b| b.lang == "python")
        .map(|b| b.lines)
        .collect();
    let wurl = build_wurl(root)?;
    let (mut doctests, mut marked, mut sessions_run, mut python_checked) = (0, 0, 0, 0);
    for (n, page) in pages.iter().enumerate() {
        let name = relative(root, page);
        let text = fs::read_to_string(page).map_err(|e| format!("reading {name}: {e}"))?;
        // A page's sessions share one scratch folder, in order: a file shown once is there for
        // the sessions after it.
        let mut scratch: Option<PathBuf> = None;
        for block in blocks::blocks(&text) {
            let at = format!("{name}:{}", block.line);
            match blocks::kind(&block) {
                Err(why) => failures.push(format!("{at}: {why}")),
                Ok(Kind::Doctest) => {
                    if included.contains(&canonical(page)) {
                        doctests += 1;
                    } else {
                        failures.push(format!(
                            "{at}: a ```rust block on a page no crate includes as docs \
                             (`#[doc = include_str!(\"…/{name}\")]`), so it never runs: include \
                             the page, or mark the block `rust,ignore`"
                        ));
                    }
                }
                Ok(Kind::MarkedNotRun) => marked += 1,
                Ok(Kind::Session) => {
                    sessions_run += 1;
                    let dir = match &scratch {
                        Some(dir) => dir.clone(),
                        None => packages::scratch_dir(&format!("docs-sessions-{n}"))?,
                    };
                    scratch = Some(dir.clone());
                    for why in session(&block, &wurl, &dir)? {
                        failures.push(format!("{at}: {why}"));
                    }
                }
                Ok(Kind::Python) => {
                    if name != PYTHON_README {
                        python_checked += 1;
                        if !python_blocks
                            .iter()
                            .any(|b| blocks::starts(&block.lines, b))
                        {
                            failures.push(format!(
                                "{at}: a ```python block that is not the start of a block of \
                                 {PYTHON_README} (whose blocks the wheel test runs)"
                            ));
                        }
                    }
                }
                Ok(Kind::Text) => {}
            }
        }
        if let Some(dir) = scratch {
            let _ = fs::remove_dir_all(dir);
        }
    }
    let mut facts = check_facts(root, &mut failures)?;
    // What users read at the shell, like the pages, cites no issue by number.
    for flag in ["--help", "--man"] {
        let output = std::process::Command::new(&wurl)
            .arg(flag)
            .output()
            .map_err(|e| format!("running wurl {flag}: {e}"))?;
        facts += 1;
        for line in facts::issue_numbers(&String::from_utf8_lossy(&output.stdout)) {
            failures.push(format!(
                "`wurl {flag}`, line {line}: cites an issue by number"
            ));
        }
    }
    eprintln!(
        "docs: {} pages; {doctests} Rust blocks run as doctests, {marked} marked not to run; \
         {sessions_run} wurl sessions run; {python_checked} Python blocks found in {PYTHON_README}; \
         {facts} facts checked",
        pages.len()
    );
    for failure in &failures {
        eprintln!("error: {failure}");
    }
    Ok(failures.is_empty())
}

/// Runs a session block in `dir`; the differences found.
fn session(block: &blocks::Block, wurl: &Path, dir: &Path) -> Result<Vec<String>, String> {
    let steps = match sessions::steps(&block.lines) {
        Ok(steps) => steps,
        Err(why) => return Ok(vec![why]),
    };
    let bin = wurl.parent().unwrap_or(Path::new("."));
    sessions::run(&steps, dir, bin)
}

/// The facts; returns how many were compared.
fn check_facts(root: &Path, failures: &mut Vec<String>) -> Result<usize, String> {
    let read = |path: &str| {
        fs::read_to_string(root.join(path)).map_err(|e| format!("reading {path}: {e}"))
    };
    let mut count = 0;
    let published = packages::published();

    // The README's crate table.
    let readme = read("README.md")?;
    let rows = facts::table_rows(&readme, &["package", "folder"]);
    let named: Vec<(String, String)> = rows
        .iter()
        .filter_map(|row| {
            let name = facts::code_spans(row.first()?).into_iter().next()?;
            let dir = facts::link_target(row.get(1)?)?;
            Some((name, dir.trim_end_matches('/').to_owned()))
        })
        .collect();
    for package in &published {
        count += 1;
        if !named.contains(&(package.name.to_owned(), package.dir.to_owned())) {
            failures.push(format!(
                "README.md: the crate table has no row `{}` in {}/ (xtask/src/packages.rs publishes it)",
                package.name, package.dir
            ));
        }
    }
    for (name, dir) in &named {
        count += 1;
        let manifest = fs::read_to_string(root.join(dir).join("Cargo.toml")).unwrap_or_default();
        let pyproject =
            fs::read_to_string(root.join(dir).join("pyproject.toml")).unwrap_or_default();
        let cargo_name = facts::string_key(&manifest, "package", "name");
        let python_name = facts::string_key(&pyproject, "project", "name");
        if cargo_name.as_ref() != Some(name) && python_name.as_ref() != Some(name) {
            failures.push(format!(
                "README.md: the crate table names `{name}` in {dir}/, whose package is {}",
                cargo_name.unwrap_or_else(|| "missing".into())
            ));
        }
    }

    // Counts and the MSRV, on every page.
    let workspace = read("Cargo.toml")?;
    let msrv = facts::string_key(&workspace, "workspace.package", "rust-version")
        .ok_or("the workspace manifest has no rust-version")?;
    for page in pages(root)? {
        let name = relative(root, &page);
        let text = fs::read_to_string(&page).map_err(|e| format!("reading {name}: {e}"))?;
        for (line, n) in facts::published_counts(&text) {
            count += 1;
            if n != published.len() {
                failures.push(format!(
                    "{name}:{line}: says {n} published packages; xtask/src/packages.rs publishes {}",
                    published.len()
                ));
            }
        }
        for line in facts::issue_numbers(&text) {
            failures.push(format!(
                "{name}:{line}: cites an issue by number; history goes in commit messages"
            ));
        }
        for (line, version) in facts::msrv_mentions(&text) {
            count += 1;
            if version != msrv {
                failures.push(format!(
                    "{name}:{line}: gives the MSRV as {version}; the workspace's rust-version is {msrv}"
                ));
            }
        }
    }

    count += repository_claims(root, &published, &workspace, failures)?;

    // The feature table against the manifests of the published packages.
    let page = "docs/weight.md";
    let shown = facts::feature_rows(&read(page)?).map_err(|e| format!("{page}: {e}"))?;
    let mut actual = BTreeSet::new();
    for package in &published {
        let manifest = read(&format!("{}/Cargo.toml", package.dir))?;
        for (feature, on) in facts::features(&manifest) {
            if feature != "testing" {
                actual.insert((package.name.to_owned(), feature, on));
            }
        }
    }
    count += actual.len();
    for (package, feature, on) in actual.difference(&shown) {
        let default = if *on { "on" } else { "off" };
        failures.push(format!(
            "{page}: the feature table has no row `{package}` `{feature}` (default {default}), which its manifest has"
        ));
    }
    for (package, feature, _) in shown.difference(&actual) {
        failures.push(format!(
            "{page}: the feature table has `{package}` `{feature}`, which its manifest does not have (or not with that default)"
        ));
    }

    for line in facts::issue_numbers(crate::usage::USAGE) {
        failures.push(format!(
            "`cargo xtask help`, line {line}: cites an issue by number"
        ));
    }

    // The command table against `cargo xtask help`.
    let page = "docs/contributing.md";
    let listed: BTreeSet<String> = facts::table_rows(&read(page)?, &["command"])
        .iter()
        .filter_map(|row| facts::code_spans(row.first()?).into_iter().next())
        .collect();
    let commands: BTreeSet<String> = facts::usage_commands(crate::usage::USAGE)
        .into_iter()
        .filter(|c| c != "help")
        .collect();
    count += commands.len();
    for missing in commands.difference(&listed) {
        failures.push(format!("{page}: the command table has no row `{missing}`"));
    }
    for extra in listed.difference(&commands) {
        failures.push(format!(
            "{page}: the command table has `{extra}`, which `cargo xtask help` does not"
        ));
    }
    Ok(count)
}

/// The workspace's packages, `(folder, manifest)`: its members and the facade (a workspace of
/// its own).
fn manifests(root: &Path, workspace: &str) -> Result<Vec<(String, String)>, String> {
    let mut dirs = facts::array_key(workspace, "workspace", "members");
    dirs.push("url-compat".to_owned());
    dirs.into_iter()
        .map(|dir| {
            let path = root.join(&dir).join("Cargo.toml");
            let text = fs::read_to_string(&path)
                .map_err(|e| format!("reading {}: {e}", path.display()))?;
            Ok((dir, text))
        })
        .collect()
}

/// The pages' claims about the repository (`against.rs`), and the comments of the sources;
/// returns how many pages and files were read.
fn repository_claims(
    root: &Path,
    published: &[packages::Package],
    workspace: &str,
    failures: &mut Vec<String>,
) -> Result<usize, String> {
    let manifests = manifests(root, workspace)?;
    failures.extend(against::check_published(&manifests, published));
    let versions = against::rust_versions(&manifests, workspace);
    let libraries: Vec<&str> = packages::LIBRARIES
        .iter()
        .map(|p| p.dir)
        .chain([packages::TEST_SUPPORT.dir])
        .collect();
    let manifest_text = |dir: &str| {
        manifests
            .iter()
            .find(|(d, _)| d == dir)
            .map(|(_, m)| m.clone())
            .unwrap_or_default()
    };
    let exists = |path: &Path| root.join(path).exists();
    let pages = pages(root)?;
    for page in &pages {
        let name = relative(root, page);
        let text = fs::read_to_string(page).map_err(|e| format!("reading {name}: {e}"))?;
        let dir = name.rsplit_once('/').map_or("", |(d, _)| d);
        failures.extend(against::check_paths(&name, &text, &exists));
        if name.ends_with("README.md") {
            let features = facts::features(&manifest_text(dir));
            failures.extend(against::check_defaults(&name, &text, &features));
        }
        failures.extend(against::check_rust_versions(
            &name,
            &text,
            &versions,
            &libraries,
            &manifest_text,
        ));
        failures.extend(against::check_figures(&name, &text));
        let library_readme = name.ends_with("/README.md") && libraries.contains(&dir);
        failures.extend(against::check_file_maps(&name, &text, library_readme));
        failures.extend(against::check_history(&name, &text));
    }
    let mut sources = files(root, "rs")?;
    sources.extend(files(root, "py")?);
    sources.extend(files(root, "toml")?);
    for source in &sources {
        let name = relative(root, source);
        let text = fs::read_to_string(source).unwrap_or_default();
        failures.extend(against::check_comment_trackers(&name, &text));
    }
    Ok(pages.len() + sources.len())
}

/// Every Markdown page of the workspace, sorted.
fn pages(root: &Path) -> Result<Vec<PathBuf>, String> {
    files(root, "md")
}

/// Every file of the workspace whose name ends in `.ext`, sorted.
fn files(root: &Path, ext: &str) -> Result<Vec<PathBuf>, String> {
    let mut out = Vec::new();
    walk(root, &mut out, &|p| p.extension().is_some_and(|e| e == ext))?;
    out.sort();
    Ok(out)
}

fn walk(dir: &Path, out: &mut Vec<PathBuf>, keep: &dyn Fn(&Path) -> bool) -> Result<(), String> {
    let entries = fs::read_dir(dir).map_err(|e| format!("reading {}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry
            .map_err(|e| format!("reading {}: {e}", dir.display()))?
            .path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        if path.is_dir() {
            if !name.starts_with('.') && !SKIP_DIRS.contains(&name) {
                walk(&path, out, keep)?;
            }
        } else if keep(&path) {
            out.push(path);
        }
    }
    Ok(())
}

/// The Markdown pages that a crate includes as documentation (`#[doc = include_str!("…md")]`,
/// `#![doc = …]` and `cfg_attr(…, doc = …)` alike): their Rust blocks are doctests.
fn included_pages(root: &Path) -> Result<BTreeSet<PathBuf>, String> {
    let mut out = BTreeSet::new();
    for source in files(root, "rs")? {
        let text = fs::read_to_string(&source).unwrap_or_default();
        for line in text.lines() {
            let line = line.trim();
            if !(line.starts_with("#[") || line.starts_with("#!["))
                || !line.contains("doc = include_str!(\"")
            {
                continue;
            }
            let Some(path) = line
                .split("include_str!(\"")
                .nth(1)
                .and_then(|r| r.split('"').next())
            else {
                continue;
            };
            if path.ends_with(".md") {
                let dir = source.parent().unwrap_or(root);
                out.insert(canonical(&dir.join(path)));
            }
        }
    }
    Ok(out)
}

fn canonical(path: &Path) -> PathBuf {
    path.canonicalize().unwrap_or_else(|_| path.to_path_buf())
}

fn relative(root: &Path, path: &Path) -> String {
    path.strip_prefix(root)
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Builds `wurl` (`cargo build -p whatwg-url-cli --bin wurl`) and returns its path, in the
/// target folder cargo uses (`CARGO_TARGET_DIR` honoured).
fn build_wurl(root: &Path) -> Result<PathBuf, String> {
    let mut build = cmd::cargo(
        root,
        &[
            "build",
            "-p",
            "whatwg-url-cli",
            "--bin",
            "wurl",
            "--message-format=short",
        ],
    );
    if !cmd::run(&mut build)? {
        return Err("building wurl failed".into());
    }
    let wurl = packages::target_dir(root)
        .join("debug")
        .join(format!("wurl{}", std::env::consts::EXE_SUFFIX));
    if wurl.is_file() {
        Ok(wurl)
    } else {
        Err(format!("no wurl at {} after building it", wurl.display()))
    }
}
