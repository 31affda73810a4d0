//! `cargo xtask wpt-update [--from DIR | --commit SHA]`: refreshes the repository's
//! `fixtures/wpt` from web-platform-tests (or from a folder), then prints which files changed
//! and which rows of the conformance table moved.
//!
//! The folder is filled beside the old one and swapped in only when every file arrived, so a
//! failed download leaves the fixtures as they were. The JavaScript-only vectors (`api/`) and
//! the two README files are not web-platform-tests resources: a download keeps them as they
//! are; `--from DIR` copies whatever DIR holds.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::conformance;
use crate::fixtures::{self, FIXTURES, URLPATTERN_FILES, WPT_COMMIT, WPT_FILES};

const USAGE: &str = "usage: cargo xtask wpt-update [--from DIR | --commit SHA]";

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let options = match Options::parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!("error: {message}\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    match update(root, &options) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

#[derive(Debug, PartialEq)]
struct Options {
    from: Option<PathBuf>,
    /// `--commit SHA`; `None` means [`WPT_COMMIT`].
    commit: Option<String>,
}

impl Options {
    fn parse(args: &[String]) -> Result<Options, String> {
        let mut options = Options {
            from: None,
            commit: None,
        };
        let mut args = args.iter();
        while let Some(arg) = args.next() {
            let (flag, inline) = match arg.split_once('=') {
                Some((flag, value)) => (flag, Some(value.to_owned())),
                None => (arg.as_str(), None),
            };
            let mut value = || {
                inline
                    .clone()
                    .or_else(|| args.next().cloned())
                    .ok_or(format!("{flag} needs a value"))
            };
            match flag {
                "--from" => options.from = Some(PathBuf::from(value()?)),
                "--commit" => {
                    let commit = value()?;
                    if commit.len() != 40 || !commit.bytes().all(|b| b.is_ascii_hexdigit()) {
                        return Err(format!(
                            "--commit wants a 40-hex-digit commit hash, got `{commit}`"
                        ));
                    }
                    options.commit = Some(commit);
                }
                _ => return Err(format!("unknown option `{arg}`")),
            }
        }
        if options.from.is_some() && options.commit.is_some() {
            return Err("--from and --commit exclude each other".to_owned());
        }
        Ok(options)
    }
}

fn update(root: &Path, options: &Options) -> Result<(), String> {
    let target = root.join(FIXTURES);
    let staging = root.join(format!("{FIXTURES}.partial"));

    eprintln!("the conformance table before the update (builds the wpt_* tests)...");
    let before = table_rows(root, &target);

    remove_dir_if_present(&staging)?;
    copy_tree(&target, &staging)?;
    let filled = match &options.from {
        Some(from) => copy_from(from, &staging),
        None => download(options.commit.as_deref().unwrap_or(WPT_COMMIT), &staging),
    };
    if let Err(message) = filled {
        let _ = fs::remove_dir_all(&staging);
        return Err(message);
    }
    let changes = compare(&target, &staging);
    remove_dir_if_present(&target)?;
    fs::rename(&staging, &target)
        .map_err(|e| format!("moving {} to {}: {e}", staging.display(), target.display()))?;

    println!("\n{FIXTURES}: {}", summary(&changes));
    for (name, change) in &changes {
        if *change != Change::Same {
            println!("  {change:?}: {name}");
        }
    }
    let after = table_rows(root, &target);
    println!();
    match (&before, &after) {
        (Some(before), Some(after)) => conformance::print_changes(before, after),
        _ => println!("(no table to compare: see the errors above; `cargo xtask conformance`)"),
    }
    if let Some(commit) = options.commit.as_deref().filter(|c| *c != WPT_COMMIT) {
        println!(
            "\nthese are the files of web-platform-tests {commit}: set fixtures::WPT_COMMIT \
             (xtask/src/fixtures.rs) and fixtures/README.md to it when committing them"
        );
    }
    Ok(())
}

/// The conformance rows on the fixtures of `dir`, or `None` (with the reason printed).
fn table_rows(root: &Path, dir: &Path) -> Option<Vec<conformance::table::Row>> {
    match conformance::collect(root, Some(dir)) {
        Ok(table) => Some(table.rows),
        Err(message) => {
            eprintln!("warning: no conformance table: {message}");
            None
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Change {
    Same,
    Changed,
    Added,
    Removed,
}

/// Every file of either folder, by relative path, with what happened to it.
fn compare(old: &Path, new: &Path) -> Vec<(String, Change)> {
    let mut names = files_below(old);
    names.extend(files_below(new));
    names.sort();
    names.dedup();
    names
        .into_iter()
        .map(|name| {
            let change = match (fs::read(old.join(&name)), fs::read(new.join(&name))) {
                (Ok(a), Ok(b)) if a == b => Change::Same,
                (Ok(_), Ok(_)) => Change::Changed,
                (Err(_), Ok(_)) => Change::Added,
                _ => Change::Removed,
            };
            (name, change)
        })
        .collect()
}

fn summary(changes: &[(String, Change)]) -> String {
    let count = |which: Change| changes.iter().filter(|(_, c)| *c == which).count();
    format!(
        "{} files: {} changed, {} added, {} removed, {} unchanged",
        changes.len(),
        count(Change::Changed),
        count(Change::Added),
        count(Change::Removed),
        count(Change::Same)
    )
}

/// The files below `dir` (one level of subfolders, as the fixtures are laid out), relative.
fn files_below(dir: &Path) -> Vec<String> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        let path = entry.path();
        if path.is_dir() {
            for inner in fs::read_dir(&path).into_iter().flatten().flatten() {
                if inner.path().is_file() {
                    files.push(format!("{name}/{}", inner.file_name().to_string_lossy()));
                }
            }
        } else if path.is_file() {
            files.push(name);
        }
    }
    files
}

fn copy_tree(from: &Path, to: &Path) -> Result<(), String> {
    for name in files_below(from) {
        copy_file(&from.join(&name), &to.join(&name))?;
    }
    Ok(())
}

fn copy_file(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    }
    fs::copy(from, to)
        .map(drop)
        .map_err(|e| format!("copying {} to {}: {e}", from.display(), to.display()))
}

/// Copies `from/*.json` and `from/{api,urlpattern}/{*.json,README.md}` over `to`.
fn copy_from(from: &Path, to: &Path) -> Result<(), String> {
    if !from.is_dir() {
        return Err(format!("--from {}: not a directory", from.display()));
    }
    let mut names = fixtures::json_files(from);
    if !names.iter().any(|name| !name.contains('/')) {
        return Err(format!("--from {}: no *.json file there", from.display()));
    }
    for sub in ["api", "urlpattern"] {
        if from.join(sub).join("README.md").is_file() {
            names.push(format!("{sub}/README.md"));
        }
    }
    for name in &names {
        copy_file(&from.join(name), &to.join(name))?;
    }
    println!("copied {} files from {}", names.len(), from.display());
    Ok(())
}

/// Downloads the `url/resources` and `urlpattern/resources` files of `commit` over `to` with curl.
fn download(commit: &str, to: &Path) -> Result<(), String> {
    let wpt_paths = WPT_FILES
        .iter()
        .map(|name| (format!("url/resources/{name}"), *name));
    let urlpattern_paths = URLPATTERN_FILES.iter().map(|name| {
        let file = name.trim_start_matches("urlpattern/");
        (format!("urlpattern/resources/{file}"), *name)
    });
    for (path, name) in wpt_paths.chain(urlpattern_paths) {
        let url =
            format!("https://raw.githubusercontent.com/web-platform-tests/wpt/{commit}/{path}");
        let dest = to.join(name);
        println!("downloading {url}");
        let status = Command::new("curl")
            .args(["--fail", "--silent", "--show-error", "--location"])
            .args(["--retry", "2", "--connect-timeout", "20"])
            .args(["--max-time", "300", "--output"])
            .arg(&dest)
            .arg(&url)
            .status();
        match status {
            Ok(status) if status.success() => {}
            Ok(status) => {
                let code = status
                    .code()
                    .map_or_else(|| "a signal".to_owned(), |c| c.to_string());
                return Err(format!(
                    "curl could not download {url} (exit code {code}; 6/7 = no name resolution or \
                     connection, 22 = HTTP error such as 404, 28 = timeout). fixtures/wpt is \
                     unchanged; without network, use `cargo xtask wpt-update --from DIR`."
                ));
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                return Err(
                    "curl is not installed (wpt-update downloads with it); install \
                            curl, or use `cargo xtask wpt-update --from DIR`"
                        .to_owned(),
                );
            }
            Err(e) => return Err(format!("cannot run curl: {e}")),
        }
        let text = fs::read(&dest).map_err(|e| format!("reading {}: {e}", dest.display()))?;
        if text.trim_ascii_start().first() != Some(&b'[') {
            return Err(format!("{url} did not return a JSON array"));
        }
    }
    Ok(())
}

fn remove_dir_if_present(dir: &Path) -> Result<(), String> {
    match fs::remove_dir_all(dir) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
        Err(e) => Err(format!("removing {}: {e}", dir.display())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn options() {
        let sha = "0123456789abcdef0123456789abcdef01234567";
        assert_eq!(
            Options::parse(&args(&["--commit", sha]))
                .unwrap()
                .commit
                .as_deref(),
            Some(sha)
        );
        assert_eq!(
            Options::parse(&args(&["--from=d"])).unwrap().from,
            Some(PathBuf::from("d"))
        );
        assert!(Options::parse(&args(&["--commit", "abc"])).is_err());
        assert!(Options::parse(&args(&["--from", "d", "--commit", sha])).is_err());
        assert!(Options::parse(&args(&["--from"])).is_err());
        assert!(Options::parse(&args(&["--verbose"])).is_err());
    }

    #[test]
    fn compares_two_folders() {
        let base = std::env::temp_dir().join(format!("wpt-update-test-{}", std::process::id()));
        let (old, new) = (base.join("old"), base.join("new"));
        for (dir, files) in [
            (
                &old,
                [("a.json", "1"), ("api/b.json", "2"), ("gone.json", "3")],
            ),
            (
                &new,
                [("a.json", "1"), ("api/b.json", "22"), ("new.json", "4")],
            ),
        ] {
            for (name, text) in files {
                let path = dir.join(name);
                fs::create_dir_all(path.parent().unwrap()).unwrap();
                fs::write(path, text).unwrap();
            }
        }
        let changes = compare(&old, &new);
        let _ = fs::remove_dir_all(&base);
        assert_eq!(
            changes,
            vec![
                ("a.json".to_owned(), Change::Same),
                ("api/b.json".to_owned(), Change::Changed),
                ("gone.json".to_owned(), Change::Removed),
                ("new.json".to_owned(), Change::Added),
            ]
        );
        assert_eq!(
            summary(&changes),
            "4 files: 1 changed, 1 added, 1 removed, 1 unchanged"
        );
    }
}
