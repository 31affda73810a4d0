//! `cargo xtask python --wheel [--all-platforms]`: the wheels (each target built once) and the
//! sdist, made by maturin in the build environment (`target/py`) with zig (PyPI's `ziglang`) as
//! the linker, so that one Debian machine builds for old glibc and for musl without a container;
//! the third-party licence file written first; each wheel checked with `auditwheel show` and
//! by the libraries and glibc symbol versions its extension needs. A musl wheel's extension is
//! given the C library's name as musl distributions spell it before it is checked (see
//! [`musl_libc_name`]).

use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Instant;

use super::{rust_version, venv};
use crate::cmd;
use crate::package::licences;
use crate::packages::target_dir;

/// The build environment: maturin, ziglang and auditwheel (and, for `cargo xtask bench
/// --python`, the competitors and the package).
pub const BUILD_VENV: &str = "py";
/// What goes into it.
const BUILD_REQUIREMENTS: &str = "python/requirements-build.txt";
/// Where the wheels and the sdist go.
pub const DIST: &str = "wheels";
/// Where a wheel's extension is unpacked to be measured and read.
const UNPACKED: &str = "wheel-check";
/// Where a musl wheel is unpacked, its extension patched and the wheel packed again.
const REPACKED: &str = "wheel-musl";
/// Set for maturin: it warns that `build-backend` is not `maturin`, but the in-tree backend
/// (`python/build_backend/backend.py`) hands every hook to maturin once Rust is checked.
pub const QUIET_BACKEND: (&str, &str) = ("MATURIN_NO_MISSING_BUILD_BACKEND_WARNING", "1");

/// A platform a wheel is built for.
#[derive(Clone, Copy)]
pub struct Platform {
    /// The Rust target.
    pub target: &'static str,
    /// maturin's `--compatibility`.
    compatibility: &'static str,
    /// The platform tag the wheel claims (and `auditwheel show` must find it consistent with).
    pub tag: &'static str,
    /// The newest glibc symbol version the extension may need (`None`: a musl wheel, which may
    /// need none).
    glibc: Option<(u32, u32)>,
}

/// The wheel `cargo xtask python` tests, and the one `--wheel` builds alone: x86_64 Linux with
/// glibc 2.17 or later (manylinux2014: CentOS 7, Amazon Linux 2, Ubuntu 18.04, Debian 10 on).
pub const X86_64: Platform = Platform {
    target: "x86_64-unknown-linux-gnu",
    compatibility: "manylinux2014",
    tag: "manylinux_2_17_x86_64",
    glibc: Some((2, 17)),
};

/// The same for 64-bit Arm (Graviton, Ampere, Linux containers on Apple silicon).
pub const AARCH64: Platform = Platform {
    target: "aarch64-unknown-linux-gnu",
    compatibility: "manylinux2014",
    tag: "manylinux_2_17_aarch64",
    glibc: Some((2, 17)),
};

/// `--all-platforms`: the two above, and musl 1.2 (Alpine 3.13 on) on x86_64. (musl on aarch64
/// would be one more full release build, and no machine here could run it: not built.)
pub const ALL: [Platform; 3] = [
    X86_64,
    AARCH64,
    Platform {
        target: "x86_64-unknown-linux-musl",
        compatibility: "musllinux_1_2",
        tag: "musllinux_1_2_x86_64",
        glibc: None,
    },
];

/// A built and checked wheel.
pub struct Wheel {
    pub platform: Platform,
    /// `whatwg_url_rs-<version>-cp310-abi3-<tags>.whl`
    pub path: PathBuf,
    /// The wheel's size and its extension's, unpacked (bytes).
    pub wheel_bytes: u64,
    pub so_bytes: u64,
    /// The newest `GLIBC_` symbol version the extension needs.
    pub glibc_needed: Option<(u32, u32)>,
    /// What `auditwheel show` found the wheel consistent with.
    pub consistent_tag: String,
    /// How long maturin took for it.
    pub build_seconds: f64,
}

/// The built distributions.
pub struct Dist {
    /// One wheel per platform built, [`X86_64`]'s first.
    pub wheels: Vec<Wheel>,
    /// `whatwg_url_rs-<version>.tar.gz`
    pub sdist: PathBuf,
    /// The Rust version the sdist needs (see `rust_version.rs`).
    pub rust: (u32, u32),
}

impl Dist {
    /// The wheel for `platform`.
    pub fn wheel(&self, platform: &Platform) -> Result<&Wheel, String> {
        self.wheels
            .iter()
            .find(|wheel| wheel.platform.tag == platform.tag)
            .ok_or_else(|| format!("no {} wheel was built", platform.tag))
    }

    /// The sizes and checks of every wheel, as a table.
    pub fn report(&self) -> String {
        let mut out = String::from(
            "platform                 wheel (kB)  extension unpacked (kB)  newest GLIBC needed  auditwheel        build (s)\n",
        );
        for wheel in &self.wheels {
            let glibc = wheel
                .glibc_needed
                .map_or("none".to_string(), |(major, minor)| {
                    format!("{major}.{minor}")
                });
            out.push_str(&format!(
                "{:<24} {:>10}  {:>23}  {:>19}  {:<16}  {:>8.0}\n",
                wheel.platform.tag,
                wheel.wheel_bytes / 1000,
                wheel.so_bytes / 1000,
                glibc,
                wheel.consistent_tag,
                wheel.build_seconds
            ));
        }
        out
    }
}

/// Builds the [`X86_64`] wheel (or, with `all`, one for each of [`ALL`]) and the sdist into
/// [`DIST`] (anything there before removed), and checks each wheel (see [`check`]).
pub fn build(root: &Path, all: bool) -> Result<Dist, String> {
    let python = venv::python(root, BUILD_VENV, false, false)?;
    venv::pip(root, &python, &["-r", BUILD_REQUIREMENTS], false)?;
    let (licence_file, crates) = licences::write(root)?;
    eprintln!("{} ({crates} crates)", licence_file.display());

    let dist = target_dir(root).join(DIST);
    std::fs::create_dir_all(&dist).map_err(|e| format!("creating {}: {e}", dist.display()))?;
    for old in files_ending(&dist, &[".whl", ".tar.gz"]) {
        std::fs::remove_file(&old).map_err(|e| format!("removing {}: {e}", old.display()))?;
    }
    let bin = python.parent().unwrap_or(Path::new(".")).to_path_buf();
    let platforms: &[Platform] = if all { &ALL } else { &[X86_64] };
    let mut wheels = Vec::new();
    for platform in platforms {
        wheels.push(build_wheel(root, &bin, &dist, *platform)?);
    }
    // Two commands: `maturin build --sdist` would build the wheel from the unpacked sdist, in a
    // directory of its own (every crate compiled again, outside target/).
    let mut sdist = Command::new(bin.join("maturin"));
    sdist
        .args(["sdist", "--manifest-path", "python/Cargo.toml", "--out"])
        .arg(&dist)
        .env(QUIET_BACKEND.0, QUIET_BACKEND.1)
        .current_dir(root);
    if !cmd::run(&mut sdist)? {
        return Err("maturin sdist failed".into());
    }
    let sdist = only_one(files_ending(&dist, &[".tar.gz"]), &dist, "sdist")?;
    let unpacked = sdist_resolves(root, &sdist)?;
    let rust = rust_version::check(root, &unpacked)?;
    let dist = Dist {
        wheels,
        sdist,
        rust,
    };
    eprintln!("\n{}", dist.report());
    Ok(dist)
}

/// A wheel built before (`--aarch64-wheel`), checked as [`build`] checks the one it builds.
pub fn existing(root: &Path, platform: Platform, path: &Path) -> Result<Wheel, String> {
    let python = venv::python(root, BUILD_VENV, false, false)?;
    venv::pip(root, &python, &["-r", BUILD_REQUIREMENTS], false)?;
    let bin = python.parent().unwrap_or(Path::new(".")).to_path_buf();
    check(root, &bin, platform, path.to_path_buf(), 0.0)
}

/// The Rust target, added with rustup when missing.
fn ensure_target(target: &str) -> Result<(), String> {
    let (ok, installed, _) =
        cmd::capture(Command::new("rustup").args(["target", "list", "--installed"]))?;
    if ok && installed.lines().any(|line| line.trim() == target) {
        return Ok(());
    }
    if cmd::run(Command::new("rustup").args(["target", "add", target]))? {
        Ok(())
    } else {
        Err(format!(
            "rustup could not add the target {target} (rustup target add {target})"
        ))
    }
}

/// `maturin build --release --target … --zig --compatibility …`, then [`check`].
fn build_wheel(root: &Path, bin: &Path, dist: &Path, platform: Platform) -> Result<Wheel, String> {
    cmd::header(&format!(
        "python: the {} wheel ({})",
        platform.tag, platform.target
    ));
    ensure_target(platform.target)?;
    let before = files_ending(dist, &[".whl"]);
    let start = Instant::now();
    // maturin finds zig as `python3 -m ziglang` with the build environment first on PATH.
    let path = std::env::join_paths(std::iter::once(bin.to_path_buf()).chain(
        std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
    ))
    .map_err(|e| format!("PATH: {e}"))?;
    let mut build = Command::new(bin.join("maturin"));
    build
        .args(["build", "--release", "--locked", "--zig"])
        .args(["--target", platform.target])
        .args(["--compatibility", platform.compatibility])
        .args(["--manifest-path", "python/Cargo.toml", "--out"])
        .arg(dist)
        .env("PATH", path)
        .env(QUIET_BACKEND.0, QUIET_BACKEND.1)
        .current_dir(root);
    if !cmd::run(&mut build)? {
        return Err(format!(
            "maturin build --release --target {} failed",
            platform.target
        ));
    }
    let build_seconds = start.elapsed().as_secs_f64();
    let new: Vec<PathBuf> = files_ending(dist, &[".whl"])
        .into_iter()
        .filter(|wheel| !before.contains(wheel))
        .collect();
    let path = only_one(new, dist, &format!("new {} wheel", platform.tag))?;
    if platform.glibc.is_none() {
        musl_libc_name(root, bin, &path, platform)?;
    }
    check(root, bin, platform, path, build_seconds)
}

/// The C library a musl extension needs is `libc.musl-<arch>.so.1`, the name musl
/// distributions (Alpine, and so the musllinux images) give it, and the one name `auditwheel`'s
/// musllinux policy allows. zig links against a stub whose name is upstream musl's `libc.so`
/// (which musl's loader also takes as itself), so the entry is renamed with `patchelf
/// --replace-needed`, as `auditwheel repair` edits the extensions it repairs, and the wheel is
/// packed again with `wheel pack`, which writes the new hashes into its RECORD.
fn musl_libc_name(root: &Path, bin: &Path, wheel: &Path, platform: Platform) -> Result<(), String> {
    let libc = format!("libc.musl-{}.so.1", arch_of(platform.tag));
    let scratch = target_dir(root).join(REPACKED);
    if scratch.exists() {
        std::fs::remove_dir_all(&scratch)
            .map_err(|e| format!("removing {}: {e}", scratch.display()))?;
    }
    let (unpacked, packed) = (scratch.join("unpacked"), scratch.join("packed"));
    let mut unpack = Command::new(bin.join("wheel"));
    unpack.arg("unpack").arg("-d").arg(&unpacked).arg(wheel);
    if !cmd::run(&mut unpack)? {
        return Err(format!("wheel unpack {} failed", wheel.display()));
    }
    let tree = only_one(
        std::fs::read_dir(&unpacked)
            .map_err(|e| format!("{}: {e}", unpacked.display()))?
            .filter_map(Result::ok)
            .map(|entry| entry.path())
            .collect(),
        &unpacked,
        "unpacked wheel",
    )?;
    let so = tree.join("whatwg_url_rs/_native.abi3.so");
    let mut patch = Command::new(bin.join("patchelf"));
    patch.args(["--replace-needed", "libc.so", &libc]).arg(&so);
    if !cmd::run(&mut patch)? {
        return Err(format!(
            "patchelf --replace-needed libc.so {libc} {} failed",
            so.display()
        ));
    }
    std::fs::create_dir_all(&packed).map_err(|e| format!("creating {}: {e}", packed.display()))?;
    let mut pack = Command::new(bin.join("wheel"));
    pack.arg("pack").arg("-d").arg(&packed).arg(&tree);
    if !cmd::run(&mut pack)? {
        return Err(format!("wheel pack {} failed", tree.display()));
    }
    let repacked = only_one(files_ending(&packed, &[".whl"]), &packed, "repacked wheel")?;
    if repacked.file_name() != wheel.file_name() {
        return Err(format!(
            "wheel pack wrote {}, not {}",
            repacked.display(),
            wheel.display()
        ));
    }
    std::fs::rename(&repacked, wheel)
        .map_err(|e| format!("moving {} to {}: {e}", repacked.display(), wheel.display()))
}

/// A wheel is what it claims: an abi3 wheel for CPython 3.10 and later, tagged for `platform`,
/// which `auditwheel show` finds consistent with that tag or an older one, and whose extension
/// needs no glibc symbol newer than the tag's glibc (for musl: no glibc symbol, and no library
/// but musl's C library under its distributions' name).
fn check(
    root: &Path,
    bin: &Path,
    platform: Platform,
    path: PathBuf,
    build_seconds: f64,
) -> Result<Wheel, String> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if !name.contains("-cp310-abi3-") || !name.contains(platform.tag) {
        return Err(format!(
            "{name}: not an abi3 wheel for CPython 3.10 and later tagged {}",
            platform.tag
        ));
    }
    let (ok, out, err) = cmd::capture(
        Command::new(bin.join("auditwheel"))
            .arg("show")
            .arg(&path)
            .current_dir(root),
    )?;
    let report = format!("{out}{err}");
    eprintln!("auditwheel show {name}:\n{}", report.trim_end());
    let consistent_tag = consistent_tag(&report).ok_or_else(|| {
        format!("auditwheel show {name} found no platform tag it is consistent with")
    })?;
    let claimed = tag_version(platform.tag);
    let found = tag_version(&consistent_tag);
    let same_family = consistent_tag.split('_').next() == platform.tag.split('_').next()
        && consistent_tag.ends_with(arch_of(platform.tag));
    if !ok || !same_family || found.is_none() || found > claimed {
        return Err(format!(
            "auditwheel show: {name} is consistent with {consistent_tag}, not with {}",
            platform.tag
        ));
    }

    let (so, so_bytes) = unpack_extension(root, &path)?;
    let glibc_needed = newest_glibc(&so)?;
    match (platform.glibc, glibc_needed) {
        (Some(limit), Some(needed)) if needed > limit => {
            return Err(format!(
                "{name}: the extension needs GLIBC_{}.{}, newer than the tag's glibc {}.{}",
                needed.0, needed.1, limit.0, limit.1
            ));
        }
        (None, _) => {
            let libc = format!("libc.musl-{}.so.1", arch_of(platform.tag));
            let libraries = needed_libraries(&so)?;
            if libraries != [libc.as_str()] || glibc_needed.is_some() {
                return Err(format!(
                    "{name}: a musl extension needing {libraries:?} and glibc {glibc_needed:?} \
                     (expected {libc} alone)"
                ));
            }
        }
        _ => {}
    }
    measured(
        platform,
        path,
        so_bytes,
        glibc_needed,
        consistent_tag,
        build_seconds,
    )
}

/// The libraries `so` needs (`readelf -d`'s `NEEDED` entries), in order.
fn needed_libraries(so: &Path) -> Result<Vec<String>, String> {
    let (ok, dynamic, err) = cmd::capture(Command::new("readelf").arg("-d").arg(so))?;
    if !ok {
        return Err(format!("readelf -d {}: {err}", so.display()));
    }
    Ok(needed_entries(&dynamic))
}

/// The names in `readelf -d`'s `(NEEDED)  Shared library: [libc.so.6]` lines.
fn needed_entries(dynamic: &str) -> Vec<String> {
    dynamic
        .lines()
        .filter(|line| line.contains("(NEEDED)"))
        .filter_map(|line| Some(line.split('[').nth(1)?.split(']').next()?.to_string()))
        .collect()
}

/// `manylinux_2_17_x86_64` → (2, 17); `musllinux_1_2_aarch64` → (1, 2).
fn tag_version(tag: &str) -> Option<(u32, u32)> {
    let mut parts = tag.split('_').skip(1);
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    Some((major, minor))
}

/// `manylinux_2_17_x86_64` → `x86_64`.
fn arch_of(tag: &str) -> &str {
    tag.splitn(4, '_').nth(3).unwrap_or(tag)
}

/// The wheel's extension (`whatwg_url_rs/_native.abi3.so`) unpacked under [`UNPACKED`], and its
/// size.
fn unpack_extension(root: &Path, wheel: &Path) -> Result<(PathBuf, u64), String> {
    let unpacked = target_dir(root).join(UNPACKED);
    if unpacked.exists() {
        std::fs::remove_dir_all(&unpacked)
            .map_err(|e| format!("removing {}: {e}", unpacked.display()))?;
    }
    let mut unzip = Command::new("python3");
    unzip
        .args(["-m", "zipfile", "-e"])
        .arg(wheel)
        .arg(&unpacked);
    if !cmd::run(&mut unzip)? {
        return Err(format!("python3 -m zipfile -e {} failed", wheel.display()));
    }
    let so = unpacked.join("whatwg_url_rs/_native.abi3.so");
    let bytes = std::fs::metadata(&so)
        .map_err(|e| format!("{}: {e}", so.display()))?
        .len();
    Ok((so, bytes))
}

/// The newest `GLIBC_x.y` version among the symbol versions `so` needs (`readelf -V`), `None`
/// when it needs none.
fn newest_glibc(so: &Path) -> Result<Option<(u32, u32)>, String> {
    let (ok, out, err) = cmd::capture(Command::new("readelf").arg("-V").arg("--wide").arg(so))?;
    if !ok {
        return Err(format!("readelf -V {}: {err}", so.display()));
    }
    Ok(glibc_versions(&out).max())
}

/// The `GLIBC_x.y` names of `readelf -V`'s version-needs section.
fn glibc_versions(readelf: &str) -> impl Iterator<Item = (u32, u32)> + '_ {
    readelf.split_whitespace().filter_map(|word| {
        let version = word.strip_prefix("GLIBC_")?;
        let (major, minor) = version.split_once('.')?;
        let minor = minor.split('.').next()?;
        Some((major.parse().ok()?, minor.parse().ok()?))
    })
}

/// The sdist unpacked (under `sdist-check` in the target folder) is a workspace cargo resolves: every
/// path crate the extension needs is in it. (Building from it would compile everything again,
/// outside `target/`; maturin's own sdist code is what decides the rest.) Returns its top
/// directory.
fn sdist_resolves(root: &Path, sdist: &Path) -> Result<PathBuf, String> {
    let unpacked = target_dir(root).join("sdist-check");
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
    let top = unpacked.join(stem);
    let (ok, _, err) = cmd::metadata(root, &top.join("python/Cargo.toml"))?;
    if ok {
        Ok(top)
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

/// A checked wheel's record, with the wheel's own size read from the file.
fn measured(
    platform: Platform,
    path: PathBuf,
    so_bytes: u64,
    glibc_needed: Option<(u32, u32)>,
    consistent_tag: String,
    build_seconds: f64,
) -> Result<Wheel, String> {
    let wheel_bytes = std::fs::metadata(&path)
        .map_err(|e| format!("{}: {e}", path.display()))?
        .len();
    Ok(Wheel {
        platform,
        path,
        wheel_bytes,
        so_bytes,
        glibc_needed,
        consistent_tag,
        build_seconds,
    })
}

#[cfg(test)]
mod tests {
    use super::{arch_of, consistent_tag, glibc_versions, needed_entries, tag_version};

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

    #[test]
    fn tags_and_symbol_versions() {
        assert_eq!(tag_version("manylinux_2_17_x86_64"), Some((2, 17)));
        assert_eq!(tag_version("musllinux_1_2_aarch64"), Some((1, 2)));
        assert_eq!(arch_of("manylinux_2_17_x86_64"), "x86_64");
        assert_eq!(arch_of("musllinux_1_2_aarch64"), "aarch64");
        let readelf = "Version needs section '.gnu.version_r' contains 2 entries:\n\
             000000: Version: 1  File: libc.so.6  Cnt: 3\n\
             0x0010:   Name: GLIBC_2.3.4  Flags: none  Version: 5\n\
             0x0020:   Name: GLIBC_2.14  Flags: none  Version: 4\n\
             0x0030:   Name: GLIBC_2.2.5  Flags: none  Version: 3\n";
        assert_eq!(glibc_versions(readelf).max(), Some((2, 14)));
        assert_eq!(glibc_versions("no versions").max(), None);
        let dynamic = "Dynamic section at offset 0x29c5e0 contains 24 entries:\n\
             \x20 Tag        Type                         Name/Value\n\
             \x200x0000000000000001 (NEEDED)             Shared library: [libc.musl-x86_64.so.1]\n\
             \x200x000000000000000e (SONAME)             Library soname: [_native.abi3.so]\n";
        assert_eq!(needed_entries(dynamic), ["libc.musl-x86_64.so.1"]);
        assert!(needed_entries("no dynamic section").is_empty());
    }
}
