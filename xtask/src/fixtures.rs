//! The WPT fixtures: where they are looked up, the presence check, and `cargo xtask wpt-update`.

use std::fs;
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

/// The web-platform-tests commit whose `url/resources` files `wpt-update` downloads.
/// Bump it (and check the conformance table) when syncing with upstream.
pub const WPT_COMMIT: &str = "7c9c41aedbcd49bf96fb9e35a133293b3977b83d";

/// The web-platform-tests `url/resources` fixtures.
pub const WPT_FILES: [&str; 7] = [
    "urltestdata.json",
    "urltestdata-javascript-only.json",
    "setters_tests.json",
    "toascii.json",
    "percent-encoding.json",
    "IdnaTestV2.json",
    "IdnaTestV2-removed.json",
];

/// The vectors of WPT's JavaScript-only tests rewritten as data. Not WPT resources: they come only
/// from `../shared/wpt/api` or `wpt-update --from DIR`.
pub const API_FILES: [&str; 7] = [
    "api/setters-stripping.json",
    "api/url-misc.json",
    "api/url-searchparams-link.json",
    "api/url-statics.json",
    "api/urlencoded-parser.json",
    "api/urlsearchparams-iteration.json",
    "api/urlsearchparams.json",
];

/// The URLPattern fixtures (WPT `urlpattern/resources`), kept in `urlpattern/`.
pub const URLPATTERN_FILES: [&str; 3] = [
    "urlpattern/urlpattern-compare-test-data.json",
    "urlpattern/urlpattern-generate-test-data.json",
    "urlpattern/urlpatterntestdata.json",
];

const HOW_TO_GET: &str = "Get them with `cargo xtask wpt-update --from DIR` (e.g. --from ../shared/wpt), \
or `cargo xtask wpt-update` (downloads the WPT files, not api/), or set URL_WPT_DIR to a directory \
holding them. The api/ vectors come only from ../shared/wpt/api or --from.";

/// Where the repository keeps the fixtures (and `wpt-update` writes them), relative to its root.
pub const FIXTURES: &str = "fixtures/wpt";

/// Where the repository keeps the URL lists, relative to its root.
pub const DATASETS: &str = "fixtures/datasets";

/// The fixture directories in lookup order: `$URL_WPT_DIR`, then the repository's `fixtures/wpt`
/// (the same order as `test_support::fixture`).
pub fn lookup_dirs(root: &Path) -> Vec<PathBuf> {
    let mut dirs = Vec::new();
    if let Some(dir) = std::env::var_os("URL_WPT_DIR") {
        dirs.push(PathBuf::from(dir));
    }
    dirs.push(root.join(FIXTURES));
    dirs
}

/// The first fixture directory of the lookup order that exists.
pub fn first_dir(root: &Path) -> Option<PathBuf> {
    lookup_dirs(root).into_iter().find(|dir| dir.is_dir())
}

/// The datasets directory of `test_support::datasets`: `$URL_DATASETS_DIR`, else the
/// repository's `fixtures/datasets`, when it exists.
pub fn datasets_dir(root: &Path) -> Option<PathBuf> {
    std::env::var_os("URL_DATASETS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(DATASETS))
        .canonicalize()
        .ok()
}

/// Points `command` at the fixtures and datasets by absolute path (`URL_WPT_DIR`,
/// `URL_DATASETS_DIR`), for tests run outside the workspace's folder.
pub fn set_test_data_env(root: &Path, command: &mut std::process::Command) {
    if let Some(dir) = first_dir(root).and_then(|d| d.canonicalize().ok()) {
        command.env("URL_WPT_DIR", dir);
    }
    if let Some(dir) = datasets_dir(root) {
        command.env("URL_DATASETS_DIR", dir);
    }
}

/// The `*.json` files of `dir` and of `dir/api`, as paths relative to `dir` (`api/x.json`), sorted.
pub fn json_files(dir: &Path) -> Vec<String> {
    let mut files: Vec<String> = json_names(dir).collect();
    for sub in ["api", "urlpattern"] {
        files.extend(json_names(&dir.join(sub)).map(|name| format!("{sub}/{name}")));
    }
    files.sort();
    files
}

fn json_names(dir: &Path) -> impl Iterator<Item = String> {
    fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_file())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json"))
}

/// Checks that every expected fixture is found by the lookup order. `Ok` says where they were
/// found; `Err` lists the missing ones and how to get them.
pub fn check_present(root: &Path) -> Result<String, String> {
    let dirs = lookup_dirs(root);
    let mut missing = Vec::new();
    let mut used: Vec<&Path> = Vec::new();
    let all = WPT_FILES
        .iter()
        .chain(API_FILES.iter())
        .chain(URLPATTERN_FILES.iter());
    for name in all {
        match dirs.iter().find(|dir| dir.join(name).is_file()) {
            Some(dir) if !used.contains(&dir.as_path()) => used.push(dir),
            Some(_) => {}
            None => missing.push(*name),
        }
    }
    if missing.is_empty() {
        let found_in: Vec<String> = used.iter().map(|dir| dir.display().to_string()).collect();
        return Ok(format!(
            "all {} fixtures found (in {})",
            WPT_FILES.len() + API_FILES.len() + URLPATTERN_FILES.len(),
            found_in.join(", ")
        ));
    }
    let tried: Vec<String> = dirs.iter().map(|dir| dir.display().to_string()).collect();
    Err(format!(
        "{} fixture file(s) missing: {}\nlooked in: {}\n{HOW_TO_GET}",
        missing.len(),
        missing.join(", "),
        tried.join(", ")
    ))
}

/// `cargo xtask wpt-update [--from DIR] [--commit SHA]`.
pub fn wpt_update(root: &Path, args: &[String]) -> ExitCode {
    let options = match Options::parse(args) {
        Ok(options) => options,
        Err(message) => {
            eprintln!(
                "error: {message}\nusage: cargo xtask wpt-update [--from DIR] [--commit SHA]"
            );
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

/// Fills a staging directory, then swaps it in for `target/wpt`, so a failed update leaves the
/// old fixtures in place.
fn update(root: &Path, options: &Options) -> Result<(), String> {
    let target = root.join(FIXTURES);
    let staging = root.join(format!("{FIXTURES}.partial"));
    remove_dir_if_present(&staging)?;
    fs::create_dir_all(&staging).map_err(|e| format!("creating {}: {e}", staging.display()))?;
    let filled = match &options.from {
        Some(from) => copy_from(from, &staging),
        None => download(options.commit.as_deref().unwrap_or(WPT_COMMIT), &staging)
            .and_then(|()| keep_api_dir(&target, &staging)),
    };
    if let Err(message) = filled {
        let _ = fs::remove_dir_all(&staging);
        return Err(message);
    }
    remove_dir_if_present(&target)?;
    fs::rename(&staging, &target)
        .map_err(|e| format!("moving {} to {}: {e}", staging.display(), target.display()))?;
    let files = json_files(&target);
    println!("target/wpt now holds {} fixture files:", files.len());
    for file in &files {
        println!("  {file}");
    }
    let missing: Vec<&str> = WPT_FILES
        .iter()
        .chain(API_FILES.iter())
        .chain(URLPATTERN_FILES.iter())
        .copied()
        .filter(|name| !target.join(name).is_file())
        .collect();
    if !missing.is_empty() {
        println!(
            "not there (the tests find them only via URL_WPT_DIR or ../shared/wpt): {}",
            missing.join(", ")
        );
        if options.from.is_none() {
            println!(
                "note: the api/ vectors are not web-platform-tests resources; get them with --from DIR."
            );
        }
    }
    Ok(())
}

/// Copies `from/*.json`, `from/{api,urlpattern}/*.json` and their README.md into `to`.
fn copy_from(from: &Path, to: &Path) -> Result<(), String> {
    if !from.is_dir() {
        return Err(format!("--from {}: not a directory", from.display()));
    }
    let mut names = json_files(from);
    if !names.iter().any(|name| !name.starts_with("api/")) {
        return Err(format!("--from {}: no *.json file there", from.display()));
    }
    for sub in ["api", "urlpattern"] {
        if from.join(sub).join("README.md").is_file() {
            names.push(format!("{sub}/README.md"));
        }
    }
    for sub in ["api", "urlpattern"] {
        if names
            .iter()
            .any(|name| name.starts_with(&format!("{sub}/")))
        {
            let dir = to.join(sub);
            fs::create_dir_all(&dir).map_err(|e| format!("creating {}: {e}", dir.display()))?;
        }
    }
    for name in &names {
        let (source, dest) = (from.join(name), to.join(name));
        fs::copy(&source, &dest)
            .map_err(|e| format!("copying {} to {}: {e}", source.display(), dest.display()))?;
    }
    println!("copied {} files from {}", names.len(), from.display());
    Ok(())
}

/// Downloads the WPT files of `commit` into `to` with curl.
fn download(commit: &str, to: &Path) -> Result<(), String> {
    fs::create_dir_all(to.join("urlpattern"))
        .map_err(|e| format!("creating {}: {e}", to.join("urlpattern").display()))?;
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
            .args([
                "--retry",
                "2",
                "--connect-timeout",
                "20",
                "--max-time",
                "300",
            ])
            .arg("--output")
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
                     connection, 22 = HTTP error such as 404, 28 = timeout).\nWithout network, use \
                     `cargo xtask wpt-update --from DIR` (e.g. --from ../shared/wpt) or set URL_WPT_DIR."
                ));
            }
            Err(e) if e.kind() == ErrorKind::NotFound => {
                return Err(
                    "curl is not installed (wpt-update downloads with it). Install curl, or use \
                     `cargo xtask wpt-update --from DIR`, or set URL_WPT_DIR."
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

/// A download brings no api/ vectors: keep the ones target/wpt already had.
fn keep_api_dir(target: &Path, staging: &Path) -> Result<(), String> {
    let api = target.join("api");
    if api.is_dir() {
        fs::rename(&api, staging.join("api"))
            .map_err(|e| format!("keeping {}: {e}", api.display()))?;
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
