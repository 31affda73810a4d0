//! `cargo xtask package-check`: every published package verifies and tests as a `.crate`.
//!
//! Distributions (Debian, Fedora) build and test a crate from its `.crate` file alone. This
//! packs each published package (`cargo package`, which builds it from the packed files), runs
//! `cargo publish --workspace --dry-run`, checks each `.crate` for its README, both license
//! files, every file of its `tests/` folder and complete metadata, then unpacks them outside the
//! workspace and runs each one's `cargo test --all-features` there. Our own packages are not on crates.io yet,
//! so each is patched to its unpacked `.crate` (`[patch.crates-io]`): the tests see exactly
//! the published files. The fixture tests read `URL_WPT_DIR` and `URL_DATASETS_DIR`.

pub mod downstream;
pub mod licences;
pub mod msrv;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::cmd;
use crate::fixtures;
use crate::libtest::Totals;
use crate::packages::{self, Package};

/// The files every package must contain, beside those of its `tests/` folder.
const REQUIRED_FILES: [&str; 5] = [
    "Cargo.toml",
    "README.md",
    "LICENSE-MIT",
    "LICENSE-APACHE",
    "src/lib.rs",
];

/// The `[package]` keys a published manifest must set (crates.io and docs.rs read them).
const REQUIRED_KEYS: [&str; 10] = [
    "description",
    "documentation",
    "readme",
    "license",
    "repository",
    "homepage",
    "rust-version",
    "edition",
    "categories",
    "keywords",
];

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    if let Some(arg) = args.first() {
        eprintln!("error: `cargo xtask package-check` takes no options (got `{arg}`)");
        return ExitCode::from(2);
    }
    match check(root) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("package-check: {message}");
            ExitCode::FAILURE
        }
    }
}

/// The check with cargo's target directory ([`packages::target_dir`]).
pub fn check(root: &Path) -> Result<(), String> {
    check_in(root, &packages::target_dir(root))
}

/// The check with `target` as cargo's target directory (`CARGO_TARGET_DIR` of every cargo it
/// runs): the `.crate` files land in `target/package`, the unpacked packages' tests build in
/// `target/package-check`.
pub fn check_in(root: &Path, target: &Path) -> Result<(), String> {
    let published = packages::published();
    let version = workspace_version(root)?;

    forget_local_registry_copies(target, &published, &version)?;
    // `--no-verify` here and for the dry run: cargo's verification builds each package from its
    // `.crate` with the default features, in a target directory of its own; the tests below build
    // and run each one from its `.crate` with every feature, which proves more, so the two
    // verification builds only added minutes to every CI run.
    let mut pack = vec!["package", "--allow-dirty", "--no-verify"];
    for package in &published {
        pack.extend(["-p", package.name]);
    }
    cmd::header(&format!("package-check: cargo {}", pack.join(" ")));
    if !cmd::run(cmd::cargo(root, &pack).env("CARGO_TARGET_DIR", target))? {
        return Err("`cargo package` failed".to_owned());
    }
    let publish = [
        "publish",
        "--workspace",
        "--dry-run",
        "--allow-dirty",
        "--no-verify",
    ];
    cmd::header(&format!("package-check: cargo {}", publish.join(" ")));
    if !cmd::run(cmd::cargo(root, &publish).env("CARGO_TARGET_DIR", target))? {
        return Err("`cargo publish --dry-run` failed".to_owned());
    }

    cmd::header("package-check: contents and metadata of each .crate");
    let unpacked = packages::scratch_dir("package-check")?;
    let mut problems = Vec::new();
    for package in &published {
        let crate_file = target
            .join("package")
            .join(format!("{}-{version}.crate", package.name));
        let dir = unpack(&crate_file, &unpacked)?;
        let missing = missing_files(root, package, &dir);
        let manifest = fs::read_to_string(dir.join("Cargo.toml"))
            .map_err(|e| format!("{}: {e}", dir.join("Cargo.toml").display()))?;
        let unset = missing_keys(&manifest);
        println!(
            "{}: {} files{}{}",
            package.name,
            count_files(&dir),
            if missing.is_empty() {
                String::new()
            } else {
                format!("; MISSING {}", missing.join(", "))
            },
            if unset.is_empty() {
                String::new()
            } else {
                format!("; metadata not set: {}", unset.join(", "))
            }
        );
        if !missing.is_empty() || !unset.is_empty() {
            problems.push(package.name);
        }
    }
    if !problems.is_empty() {
        return Err(format!("incomplete packages: {}", problems.join(", ")));
    }

    let config = unpacked.join("patch-our-crates.toml");
    let mut patches = String::from("[patch.crates-io]\n");
    for package in &published {
        let dir = unpacked.join(format!("{}-{version}", package.name));
        patches.push_str(&format!(
            "{} = {{ path = {} }}\n",
            package.name,
            packages::toml_path(&dir)
        ));
    }
    packages::write(&config, &patches)?;

    let mut failed = Vec::new();
    let mut all = Totals::default();
    for package in &published {
        let dir = unpacked.join(format!("{}-{version}", package.name));
        cmd::header(&format!(
            "package-check: cargo test in the unpacked {}-{version}.crate",
            package.name
        ));
        let mut test = Command::new(std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into()));
        test.args(["test", "--all-features", "--config"])
            .arg(&config)
            .current_dir(&dir)
            .env("CARGO_TARGET_DIR", packages::outside_target_dir(root));
        fixtures::set_test_data_env(root, &mut test);
        let mut totals = Totals::default();
        let passed = cmd::run_reading_stdout(&mut test, |line| {
            totals.add_line(line);
        })?;
        println!(
            "package-check: {} from its .crate: {} passed, {} failed",
            package.name, totals.passed, totals.failed
        );
        all.passed += totals.passed;
        all.failed += totals.failed;
        if !passed || totals.failed > 0 || totals.passed == 0 {
            failed.push(package.name);
        }
    }
    println!(
        "package-check: {} packages; tests from the .crate files: {} passed, {} failed",
        published.len(),
        all.passed,
        all.failed
    );
    if failed.is_empty() {
        Ok(())
    } else {
        Err(format!(
            "tests fail from the .crate of {}",
            failed.join(", ")
        ))
    }
}

/// `cargo package` verifies each package against the others through a local registry. Cargo
/// takes a registry package's version as the proof of its contents, so two things an earlier run
/// left behind would make the verification build against stale code (same version, older
/// sources): the `.crate` files it unpacked under `$CARGO_HOME/registry/src/<registry>/`, and the
/// build of those copies in `<target>/debug` (which cargo calls fresh without looking at the
/// files). Both are removed first; the crates.io registry (`index.*`) and path builds are left
/// alone.
fn forget_local_registry_copies(
    target: &Path,
    published: &[Package],
    version: &str,
) -> Result<(), String> {
    forget_registry_builds(&target.join("debug"))?;
    let cargo_home = match std::env::var_os("CARGO_HOME") {
        Some(home) => PathBuf::from(home),
        None => match std::env::var_os("HOME") {
            Some(home) => PathBuf::from(home).join(".cargo"),
            None => return Ok(()),
        },
    };
    let Ok(registries) = fs::read_dir(cargo_home.join("registry").join("src")) else {
        return Ok(());
    };
    for registry in registries.flatten() {
        if registry.file_name().to_string_lossy().starts_with("index.") {
            continue;
        }
        for package in published {
            let copy = registry.path().join(format!("{}-{version}", package.name));
            if copy.exists() {
                fs::remove_dir_all(&copy)
                    .map_err(|e| format!("cannot remove the stale copy {}: {e}", copy.display()))?;
            }
        }
    }
    Ok(())
}

/// Removes the fingerprints of the builds in `profile_dir` whose sources were unpacked from a
/// local registry (their dep-info names `registry/src/<registry>/` other than crates.io's), so
/// that cargo rebuilds them from the files it unpacks now.
fn forget_registry_builds(profile_dir: &Path) -> Result<(), String> {
    let Ok(deps) = fs::read_dir(profile_dir.join("deps")) else {
        return Ok(());
    };
    for dep_info in deps.flatten() {
        let path = dep_info.path();
        if path.extension().is_none_or(|e| e != "d") {
            continue;
        }
        let Ok(text) = fs::read_to_string(&path) else {
            continue;
        };
        let from_local_registry = text
            .split_whitespace()
            .filter_map(|file| file.split("/registry/src/").nth(1))
            .any(|rest| !rest.starts_with("index."));
        if !from_local_registry {
            continue;
        }
        // `deps/<crate>-<hash>.d` belongs to `.fingerprint/<package>-<hash>`.
        let stem = path.file_stem().unwrap_or_default().to_string_lossy();
        let Some((_, hash)) = stem.rsplit_once('-') else {
            continue;
        };
        let suffix = format!("-{hash}");
        let Ok(fingerprints) = fs::read_dir(profile_dir.join(".fingerprint")) else {
            return Ok(());
        };
        for fingerprint in fingerprints.flatten() {
            if fingerprint.file_name().to_string_lossy().ends_with(&suffix) {
                fs::remove_dir_all(fingerprint.path())
                    .map_err(|e| format!("cannot remove {}: {e}", fingerprint.path().display()))?;
            }
        }
        fs::remove_file(&path).map_err(|e| format!("cannot remove {}: {e}", path.display()))?;
    }
    Ok(())
}

/// `[workspace.package] version`.
fn workspace_version(root: &Path) -> Result<String, String> {
    let manifest = fs::read_to_string(root.join("Cargo.toml"))
        .map_err(|e| format!("reading Cargo.toml: {e}"))?;
    let section = manifest
        .split("[workspace.package]")
        .nth(1)
        .ok_or("no [workspace.package] in Cargo.toml")?;
    section
        .lines()
        .find_map(|line| line.strip_prefix("version = \""))
        .and_then(|rest| rest.strip_suffix('"'))
        .map(str::to_owned)
        .ok_or_else(|| "no version in [workspace.package]".to_owned())
}

/// Unpacks `crate_file` (a gzipped tar of `<name>-<version>/…`) into `into`, returning the
/// package's folder.
fn unpack(crate_file: &Path, into: &Path) -> Result<PathBuf, String> {
    let mut tar = Command::new("tar");
    // `--touch`: the files get the time of unpacking, not the archive's (their sources'), so
    // that cargo's fingerprints in `target/package-check` never take an older build for them.
    tar.arg("xzf")
        .arg(crate_file)
        .arg("--touch")
        .arg("-C")
        .arg(into);
    if !cmd::run(&mut tar)? {
        return Err(format!("cannot unpack {}", crate_file.display()));
    }
    let stem = crate_file
        .file_stem()
        .ok_or_else(|| format!("{}: no file name", crate_file.display()))?;
    Ok(into.join(stem))
}

/// The required files, and the files of the package's `tests/` folder in the workspace, that
/// the unpacked package lacks.
fn missing_files(root: &Path, package: &Package, unpacked: &Path) -> Vec<String> {
    let mut wanted: Vec<String> = REQUIRED_FILES.iter().map(|f| (*f).to_owned()).collect();
    let tests = root.join(package.dir).join("tests");
    wanted.extend(
        files_under(&tests)
            .into_iter()
            .filter_map(|path| {
                path.strip_prefix(root.join(package.dir))
                    .ok()
                    .map(Path::to_path_buf)
            })
            .map(|path| path.to_string_lossy().replace('\\', "/")),
    );
    wanted
        .into_iter()
        .filter(|file| !unpacked.join(file).is_file())
        .collect()
}

/// The `[package]` keys of [`REQUIRED_KEYS`] that a normalized manifest does not set.
fn missing_keys(manifest: &str) -> Vec<&'static str> {
    // Sections start at a line that opens with `[` (the first one may be the file's first line).
    let text = format!("\n{manifest}");
    let package = text
        .split("\n[")
        .find(|section| section.starts_with("package]"))
        .unwrap_or_default();
    REQUIRED_KEYS
        .into_iter()
        .filter(|key| {
            !package.lines().any(|line| {
                line.strip_prefix(key)
                    .and_then(|rest| rest.trim_start().strip_prefix('='))
                    .is_some_and(|value| !matches!(value.trim(), "" | "\"\"" | "[]"))
            })
        })
        .collect()
}

/// Every file under `dir`, recursively.
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

fn count_files(dir: &Path) -> usize {
    files_under(dir).len()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_unset_metadata() {
        let manifest = "[package]\nedition = \"2024\"\nrust-version = \"1.85\"\nname = \"x\"\n\
                        description = \"d\"\ndocumentation = \"\"\nkeywords = []\n\n\
                        [dependencies]\nlicense = \"MIT\"\n";
        assert_eq!(
            missing_keys(manifest),
            [
                "documentation",
                "readme",
                "license",
                "repository",
                "homepage",
                "categories",
                "keywords"
            ]
        );
    }
}
