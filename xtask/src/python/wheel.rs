//! `cargo xtask python --wheel`: the wheel (built once) and the sdist, made by maturin in the build
//! environment (`target/py`), the third-party licence file written first, the wheel checked
//! with `auditwheel show`.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::venv;
use crate::cmd;
use crate::package::licences;

/// The build environment: maturin and auditwheel (and, for `cargo xtask bench --python`, the
/// competitors and the package).
pub const BUILD_VENV: &str = "target/py";
/// What goes into it.
const BUILD_REQUIREMENTS: &str = "python/requirements-build.txt";
/// Where the wheel and the sdist go.
pub const DIST: &str = "target/wheels";

/// The built distributions.
pub struct Dist {
    /// `whatwg_url_rs-<version>-cp310-abi3-manylinux_…_x86_64.whl`
    pub wheel: PathBuf,
    /// `whatwg_url_rs-<version>.tar.gz`
    pub sdist: PathBuf,
    /// The platform tag `auditwheel show` found the wheel consistent with.
    pub platform_tag: String,
}

/// Builds the wheel and the sdist into [`DIST`] (anything there before removed) and checks the
/// wheel: an abi3 wheel for CPython 3.10 and later, carrying the manylinux tag `auditwheel
/// show` finds it consistent with.
pub fn build(root: &Path) -> Result<Dist, String> {
    let python = venv::python(root, BUILD_VENV, false, false)?;
    venv::pip(root, &python, &["-r", BUILD_REQUIREMENTS], false)?;
    let (licence_file, crates) = licences::write(root)?;
    eprintln!("{} ({crates} crates)", licence_file.display());

    let dist = root.join(DIST);
    std::fs::create_dir_all(&dist).map_err(|e| format!("creating {}: {e}", dist.display()))?;
    for old in files_ending(&dist, &[".whl", ".tar.gz"]) {
        std::fs::remove_file(&old).map_err(|e| format!("removing {}: {e}", old.display()))?;
    }
    let bin = python.parent().unwrap_or(Path::new("."));
    // Two commands: `maturin build --sdist` would build the wheel from the unpacked sdist, in a
    // directory of its own (every crate compiled again, outside target/).
    let mut build = Command::new(bin.join("maturin"));
    build
        .args(["build", "--release", "--locked"])
        .args(["--manifest-path", "python/Cargo.toml", "--out"])
        .arg(&dist)
        .current_dir(root);
    if !cmd::run(&mut build)? {
        return Err("maturin build --release failed".into());
    }
    let mut sdist = Command::new(bin.join("maturin"));
    sdist
        .args(["sdist", "--manifest-path", "python/Cargo.toml", "--out"])
        .arg(&dist)
        .current_dir(root);
    if !cmd::run(&mut sdist)? {
        return Err("maturin sdist failed".into());
    }
    let wheel = only_one(files_ending(&dist, &[".whl"]), &dist, "wheel")?;
    let sdist = only_one(files_ending(&dist, &[".tar.gz"]), &dist, "sdist")?;
    sdist_resolves(root, &sdist)?;
    let name = wheel
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !name.contains("-cp310-abi3-") {
        return Err(format!(
            "{name}: not an abi3 wheel for CPython 3.10 and later"
        ));
    }

    let (ok, out, err) = cmd::capture(
        Command::new(bin.join("auditwheel"))
            .arg("show")
            .arg(&wheel)
            .current_dir(root),
    )?;
    let report = format!("{out}{err}");
    eprintln!("auditwheel show:\n{}", report.trim_end());
    let platform_tag = consistent_tag(&report).ok_or_else(|| {
        format!("auditwheel show {name} found no manylinux tag it is consistent with")
    })?;
    if !ok || !platform_tag.starts_with("manylinux") || !name.contains(&platform_tag) {
        return Err(format!(
            "auditwheel show: {name} is consistent with {platform_tag}, which its tags do not \
             name"
        ));
    }
    Ok(Dist {
        wheel,
        sdist,
        platform_tag,
    })
}

/// The sdist unpacked (under `target/sdist-check`) is a workspace cargo resolves: every
/// path crate the extension needs is in it. (Building from it would compile everything again,
/// outside `target/`; maturin's own sdist code is what decides the rest.)
fn sdist_resolves(root: &Path, sdist: &Path) -> Result<(), String> {
    let unpacked = root.join("target/sdist-check");
    if unpacked.exists() {
        std::fs::remove_dir_all(&unpacked)
            .map_err(|e| format!("removing {}: {e}", unpacked.display()))?;
    }
    std::fs::create_dir_all(&unpacked)
        .map_err(|e| format!("creating {}: {e}", unpacked.display()))?;
    let mut tar = Command::new("tar");
    tar.arg("xzf").arg(sdist).arg("-C").arg(&unpacked);
    if !cmd::run(&mut tar)? {
        return Err(format!("tar xzf {} failed", sdist.display()));
    }
    let stem = sdist
        .file_name()
        .map(|n| n.to_string_lossy().trim_end_matches(".tar.gz").to_string())
        .unwrap_or_default();
    let (ok, _, err) = cmd::metadata(root, &unpacked.join(stem).join("python/Cargo.toml"))?;
    if ok {
        Ok(())
    } else {
        Err(format!(
            "the sdist does not resolve (cargo metadata):\n{err}"
        ))
    }
}

/// The tag in auditwheel's `… is consistent with the following platform tag:
/// "manylinux_2_17_x86_64".` (the sentence may wrap).
fn consistent_tag(report: &str) -> Option<String> {
    let flat = report.split_whitespace().collect::<Vec<_>>().join(" ");
    let (_, after) = flat.split_once("consistent with the following platform tag:")?;
    let tag = after.trim_start().strip_prefix('"')?;
    let (tag, _) = tag.split_once('"')?;
    Some(tag.to_string())
}

fn files_ending(dir: &Path, suffixes: &[&str]) -> Vec<PathBuf> {
    let mut found: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|read| {
            read.filter_map(Result::ok)
                .map(|entry| entry.path())
                .filter(|path| {
                    let name = path.to_string_lossy();
                    suffixes.iter().any(|suffix| name.ends_with(suffix))
                })
                .collect()
        })
        .unwrap_or_default();
    found.sort();
    found
}

fn only_one(mut found: Vec<PathBuf>, dir: &Path, what: &str) -> Result<PathBuf, String> {
    match found.len() {
        1 => Ok(found.remove(0)),
        n => Err(format!(
            "{n} {what} files in {} (expected one)",
            dir.display()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::consistent_tag;

    #[test]
    fn auditwheel_reports() {
        let report = "\nwhatwg_url_rs-0.1.0-cp310-abi3-manylinux_2_17_x86_64.manylinux2014_x86_64.whl is\n\
                      consistent with the following platform tag:\n\"manylinux_2_17_x86_64\".\n\n\
                      The wheel references external versioned symbols in these\nsystem-provided shared libraries: libc.so.6 with versions\n";
        assert_eq!(
            consistent_tag(report).as_deref(),
            Some("manylinux_2_17_x86_64")
        );
        assert_eq!(consistent_tag("is not consistent"), None);
    }
}
