//! `cargo xtask simd`: url-core's vector code (`url-core/src/parser/fast/classify/simd.rs`, the crate's
//! one module of `unsafe` code) beyond the x86_64 test run of `cargo xtask test`.
//!
//! - `--aarch64`: url-core's tests built for aarch64 and run under `qemu-aarch64`, so the NEON
//!   implementation is compared with the scalar twin, the table and the predicates
//!   (`simd_tests.rs`) and the fast path with the general path (`tests/fast_path.rs`). The rustup
//!   target, qemu-user and the cross linker are installed when missing (rustup, apt-get).
//! - `--miri`: the vector tests under Miri (nightly's `miri` component, added when missing),
//!   which checks the `unsafe` blocks of the SSE2 code. About half an hour on two cores.
//!
//! Without an option, both. Neither is a step of `cargo xtask test`: each needs downloads beyond
//! the package registries, and Miri alone would take longer than the rest of the suite.

use crate::cmd;
use std::path::Path;
use std::process::{Command, ExitCode};

const AARCH64: &str = "aarch64-unknown-linux-gnu";
const APT_PACKAGES: [&str; 3] = [
    "qemu-user",
    "gcc-aarch64-linux-gnu",
    "libc6-dev-arm64-cross",
];

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    let (mut aarch64, mut miri) = (false, false);
    for arg in args {
        match arg.as_str() {
            "--aarch64" => aarch64 = true,
            "--miri" => miri = true,
            other => {
                eprintln!("simd: unknown option {other} (--aarch64, --miri)");
                return ExitCode::from(2);
            }
        }
    }
    if !aarch64 && !miri {
        (aarch64, miri) = (true, true);
    }
    let mut passed = true;
    if aarch64 {
        passed &= report("aarch64 under qemu", run_aarch64(root));
    }
    if miri {
        passed &= report("Miri", run_miri(root));
    }
    if passed {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints the outcome of one part; whether it passed.
fn report(part: &str, outcome: Result<bool, String>) -> bool {
    match outcome {
        Ok(true) => {
            eprintln!("simd: {part}: passed");
            true
        }
        Ok(false) => {
            eprintln!("simd: {part}: FAILED");
            false
        }
        Err(why) => {
            eprintln!("simd: {part}: {why}");
            false
        }
    }
}

fn run_aarch64(root: &Path) -> Result<bool, String> {
    cmd::header("simd: url-core's tests for aarch64 under qemu-user");
    if !cmd::run(Command::new("rustup").args(["target", "add", AARCH64]))? {
        return Err(format!("rustup could not add the target {AARCH64}"));
    }
    if !has_program("qemu-aarch64") || !has_program("aarch64-linux-gnu-gcc") {
        crate::system::install("qemu-user and the aarch64 cross linker", &APT_PACKAGES)?;
    }
    let mut test = cmd::cargo(
        root,
        &[
            "test",
            "-p",
            "whatwg-url-core",
            "--features",
            "testing",
            "--target",
            AARCH64,
        ],
    );
    test.env(
        "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_LINKER",
        "aarch64-linux-gnu-gcc",
    )
    .env(
        "CARGO_TARGET_AARCH64_UNKNOWN_LINUX_GNU_RUNNER",
        "qemu-aarch64 -L /usr/aarch64-linux-gnu",
    );
    cmd::run(&mut test)
}

fn run_miri(root: &Path) -> Result<bool, String> {
    cmd::header("simd: the vector tests under Miri (nightly)");
    let mut add = Command::new("rustup");
    add.args(["component", "add", "--toolchain", "nightly", "miri"]);
    if !cmd::run(&mut add)? {
        return Err("rustup could not add nightly's miri component".to_owned());
    }
    // `cargo +nightly` through rustup's proxy on PATH, not the cargo that runs xtask.
    let mut test = Command::new("cargo");
    test.args([
        "+nightly",
        "miri",
        "test",
        "-p",
        "whatwg-url-core",
        "--features",
        "testing",
        "--lib",
        "simd_tests",
    ])
    .current_dir(root)
    .env_remove("RUSTUP_TOOLCHAIN")
    .env_remove("CARGO");
    cmd::run(&mut test)
}

/// Whether `program` is on `PATH`.
fn has_program(program: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {program}")])
        .output()
        .is_ok_and(|o| o.status.success())
}
