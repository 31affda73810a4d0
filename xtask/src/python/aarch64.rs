//! The aarch64 wheel where it runs: an arm64 Debian root (`mmdebstrap --arch=arm64`, under
//! `target/aarch64-root`, made once and kept) whose programs run under qemu-user through
//! binfmt_misc. Its own python3 makes a fresh virtual environment, its own pip installs the
//! wheel and the test libraries there from PyPI (aarch64 wheels), and pytest runs the package's
//! tests that do not need the build machine (the distributions' checks), Java (Spark) or mypy
//! (the stubs, which are the same files on every platform).
//!
//! Everything emulated is slow (qemu-user runs Python at a tenth of native speed or less), so
//! nothing runs under qemu that the tests do not need: the root is unpacked, not installed
//! (mmdebstrap's `extract` variant: python3, its venv and pip, libstdc++ for pyarrow and duckdb,
//! and what they depend on, with no maintainer script run; 15 s against 13 minutes for the `apt`
//! variant, whose scripts byte-compile the standard library under qemu); the environment
//! borrows Debian's pip from the root instead of copying one in (`--without-pip
//! --system-site-packages`: 2 s against 70 s), and pip installs without byte-compiling
//! (`--no-compile`).

use std::path::{Path, PathBuf};
use std::process::Command;

use super::wheel::Wheel;
use super::{TEST_FILES, run_pytest};
use crate::libtest::Totals;
use crate::{cmd, fixtures};

/// The arm64 Debian root, kept between runs (made again when its python3 is missing).
const ROOT_DIR: &str = "aarch64-root";
/// The suite: Debian 12, the build machine's own (glibc 2.36, Python 3.11).
const SUITE: &str = "bookworm";
/// Debian packages the host needs: the root's maker and the emulator registered with binfmt_misc.
const HOST_PACKAGES: [&str; 3] = ["mmdebstrap", "qemu-user-static", "binfmt-support"];
/// What the root holds (with their dependencies): the interpreter, `venv`, pip, and the C++
/// runtime the pyarrow and duckdb wheels link against.
const ROOT_PACKAGES: &str = "python3,python3-venv,python3-pip,libstdc++6";
/// Files whose presence says the root is whole (made again otherwise).
const ROOT_HAS: [&str; 3] = [
    "usr/bin/python3",
    "usr/lib/python3/dist-packages/pip",
    "usr/lib/aarch64-linux-gnu/libstdc++.so.6",
];
/// What the tests need besides the wheel, in the root (the others need what the root lacks).
const REQUIREMENTS: [&str; 5] = ["pytest", "pyarrow", "polars", "duckdb", "pandas"];
/// Where, inside the root, the run's files go (made anew each run).
const WORK: &str = "work";

/// Installs the wheel into a fresh environment of the arm64 root and runs the tests there,
/// adding the counts to `totals`. `Ok(true)` when every test passed.
pub fn test(root: &Path, wheel: &Wheel, totals: &mut Totals) -> Result<bool, String> {
    cmd::header("python: the aarch64 wheel in an arm64 Debian root under qemu-user");
    ensure_host()?;
    let chroot = crate::packages::target_dir(root).join(ROOT_DIR);
    ensure_root(&chroot)?;

    // The run's files: the wheel, the tests, the fixtures they read (`URL_WPT_DIR`,
    // `URL_DATASETS_DIR` and `URL_SUITES_DIR`, else the repository's).
    let work = chroot.join(WORK);
    if work.exists() {
        std::fs::remove_dir_all(&work).map_err(|e| format!("removing {}: {e}", work.display()))?;
    }
    std::fs::create_dir_all(&work).map_err(|e| format!("creating {}: {e}", work.display()))?;
    let wpt = fixtures::first_dir(root).ok_or("no WPT fixtures (URL_WPT_DIR, fixtures/wpt)")?;
    let datasets =
        fixtures::datasets_dir(root).ok_or("no datasets (URL_DATASETS_DIR, fixtures/datasets)")?;
    let suites = fixtures::suites_dir(root).ok_or("no suites (URL_SUITES_DIR, fixtures/suites)")?;
    for (from, to) in [
        (root.join("python/tests"), work.join("python/tests")),
        (root.join("python/README.md"), work.join("python/README.md")),
        (
            root.join("python/build_backend"),
            work.join("python/build_backend"),
        ),
        (wpt, work.join("fixtures/wpt")),
        (datasets, work.join("fixtures/datasets")),
        (suites, work.join("fixtures/suites")),
    ] {
        copy(&from, &to)?;
    }
    let wheel_name = wheel
        .path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    copy(&wheel.path, &work.join(&wheel_name))?;
    // pip inside the root resolves PyPI's host with the host's resolver settings, and trusts
    // the certificates the host's pip trusts (a machine whose registry traffic passes a
    // TLS-inspecting proxy trusts that proxy's authority: so must the root; the unpacked root
    // has no bundle of its own, which ca-certificates' maintainer script would have made).
    copy(
        Path::new("/etc/resolv.conf"),
        &chroot.join("etc/resolv.conf"),
    )?;
    copy(&host_certificates(), &work.join("host-certificates.crt"))?;

    // The environment is set from here (the unpacked root has no coreutils for `env`), and
    // `chroot` named by its path, which the child's PATH below would not find.
    let inside = |args: &[&str]| {
        let mut command = Command::new("/usr/sbin/chroot");
        command
            .env_clear()
            .envs([
                ("HOME", "/root"),
                ("LANG", "C.UTF-8"),
                ("PATH", "/work/venv/bin:/usr/bin:/bin"),
                ("URL_WPT_DIR", "/work/fixtures/wpt"),
                ("URL_DATASETS_DIR", "/work/fixtures/datasets"),
                ("URL_SUITES_DIR", "/work/fixtures/suites"),
                ("PIP_CERT", "/work/host-certificates.crt"),
            ])
            .envs(proxy_variables())
            .arg(&chroot)
            .args(args);
        command
    };
    let wheel_inside = format!("/{WORK}/{wheel_name}");
    let mounted = Proc::mount(&chroot)?;
    let outcome = (|| -> Result<bool, String> {
        if !cmd::run(&mut inside(&[
            "/usr/bin/python3",
            "-m",
            "venv",
            "--without-pip",
            "--system-site-packages",
            "/work/venv",
        ]))? {
            return Err("python3 -m venv failed in the arm64 root".into());
        }
        let mut pip = vec![
            "/work/venv/bin/python",
            "-m",
            "pip",
            "install",
            "-q",
            "--disable-pip-version-check",
            "--no-compile",
            "--only-binary",
            ":all:",
            wheel_inside.as_str(),
        ];
        pip.extend(REQUIREMENTS);
        if !cmd::run(&mut inside(&pip))? {
            return Err("pip install in the arm64 root failed".into());
        }
        let mut pytest = vec![
            "/work/venv/bin/python",
            "-c",
            "import platform, sys; print('python', sys.version.split()[0], 'on', platform.machine(), platform.libc_ver())",
        ];
        cmd::run(&mut inside(&pytest))?;
        pytest = vec![
            "/work/venv/bin/python",
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--rootdir",
            "/work/python/tests",
        ];
        let files: Vec<String> = TEST_FILES
            .iter()
            .map(|file| format!("/work/python/tests/{file}"))
            .collect();
        pytest.extend(files.iter().map(String::as_str));
        let mut command = inside(&pytest);
        run_pytest(command.current_dir(root), totals)
    })();
    drop(mounted);
    outcome
}

/// The certificate bundle the host's pip uses: `PIP_CERT`, `SSL_CERT_FILE`, else Debian's.
fn host_certificates() -> PathBuf {
    ["PIP_CERT", "SSL_CERT_FILE"]
        .iter()
        .filter_map(std::env::var_os)
        .map(PathBuf::from)
        .find(|path| path.is_file())
        .unwrap_or_else(|| PathBuf::from("/etc/ssl/certs/ca-certificates.crt"))
}

/// `http_proxy` and the like, when the host has them.
fn proxy_variables() -> Vec<(String, String)> {
    std::env::vars()
        .filter(|(key, _)| key.to_ascii_lowercase().ends_with("_proxy"))
        .collect()
}

/// mmdebstrap, qemu-user-static and binfmt_misc's aarch64 entry, installed and registered when
/// missing (`system::install`).
fn ensure_host() -> Result<(), String> {
    let binfmt = Path::new("/proc/sys/fs/binfmt_misc");
    if !binfmt.join("status").exists() {
        let mut mount = Command::new("mount");
        mount.args(["-t", "binfmt_misc", "binfmt_misc"]).arg(binfmt);
        if !cmd::run(&mut mount)? {
            return Err(
                "cannot mount binfmt_misc (mount -t binfmt_misc binfmt_misc \
                        /proc/sys/fs/binfmt_misc): qemu-user needs it"
                    .into(),
            );
        }
    }
    let missing = !Path::new("/usr/bin/mmdebstrap").exists()
        || !Path::new("/usr/bin/qemu-aarch64-static").exists();
    if missing {
        crate::system::install("mmdebstrap and qemu-user", &HOST_PACKAGES)?;
    }
    if !binfmt.join("qemu-aarch64").exists() {
        let mut enable = Command::new("update-binfmts");
        enable.args(["--enable", "qemu-aarch64"]);
        if !cmd::run(&mut enable)? || !binfmt.join("qemu-aarch64").exists() {
            return Err(
                "binfmt_misc has no qemu-aarch64 entry (update-binfmts --enable \
                        qemu-aarch64)"
                    .into(),
            );
        }
    }
    Ok(())
}

/// The arm64 Debian root with python3, venv, pip and libstdc++, unpacked when one is missing.
fn ensure_root(chroot: &Path) -> Result<(), String> {
    if ROOT_HAS.iter().all(|file| chroot.join(file).exists()) {
        return Ok(());
    }
    if chroot.exists() {
        std::fs::remove_dir_all(chroot)
            .map_err(|e| format!("removing the unfinished {}: {e}", chroot.display()))?;
    }
    let mut make = Command::new("mmdebstrap");
    make.args([
        "--arch=arm64",
        "--variant=extract",
        &format!("--include={ROOT_PACKAGES}"),
        SUITE,
    ])
    .arg(chroot);
    if cmd::run(&mut make)? {
        Ok(())
    } else {
        Err(format!(
            "mmdebstrap --arch=arm64 {SUITE} {} failed",
            chroot.display()
        ))
    }
}

/// `/proc` mounted in the root while the tests run (pip and the libraries read it), unmounted
/// when dropped.
struct Proc(PathBuf);

impl Proc {
    fn mount(chroot: &Path) -> Result<Proc, String> {
        let proc = chroot.join("proc");
        std::fs::create_dir_all(&proc).map_err(|e| format!("creating {}: {e}", proc.display()))?;
        let mut mount = Command::new("mount");
        mount.args(["-t", "proc", "proc"]).arg(&proc);
        if cmd::run(&mut mount)? {
            Ok(Proc(proc))
        } else {
            Err(format!("mount -t proc proc {} failed", proc.display()))
        }
    }
}

impl Drop for Proc {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("--lazy").arg(&self.0).status();
    }
}

/// `cp -r from to` (`to`'s parent made first).
fn copy(from: &Path, to: &Path) -> Result<(), String> {
    if let Some(parent) = to.parent() {
        std::fs::create_dir_all(parent)
            .map_err(|e| format!("creating {}: {e}", parent.display()))?;
    }
    let mut cp = Command::new("cp");
    cp.arg("-rL").arg(from).arg(to);
    if cmd::run(&mut cp)? {
        Ok(())
    } else {
        Err(format!("cp -r {} {} failed", from.display(), to.display()))
    }
}
