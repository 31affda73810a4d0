//! The facade's own checks (its workspace is outside the main one, so `cargo xtask test`'s
//! fmt, clippy and test runs do not reach it), and the README's promise: a fresh crate with
//! `url = "2.5"` and the two `[patch.crates-io]` lines builds, runs the README example, and
//! `cargo tree -i url` shows the facade.

use std::fs;
use std::path::Path;

use crate::cmd;
use crate::libtest::Totals;

/// `cargo <args>` in the target directory the other outside workspaces share.
fn outside_cargo(root: &Path, args: &[&str]) -> std::process::Command {
    let mut command = cmd::cargo(root, args);
    command.env(
        "CARGO_TARGET_DIR",
        crate::packages::outside_target_dir(root),
    );
    command
}

/// fmt, clippy and the facade's tests (every feature): `Ok(totals)` when all pass.
pub fn own_checks(root: &Path) -> Result<Totals, String> {
    let manifest = root.join("url-compat").join("Cargo.toml");
    let manifest = manifest.to_string_lossy().into_owned();
    cmd::header("url-compat: cargo fmt --check");
    if !cmd::run(&mut cmd::cargo(
        root,
        &["fmt", "--manifest-path", &manifest, "--check"],
    ))? {
        return Err(
            "url-compat is not formatted (cargo fmt --manifest-path url-compat/Cargo.toml)".into(),
        );
    }
    cmd::header("url-compat: cargo clippy --all-targets --all-features -- -D warnings");
    if !cmd::run(&mut outside_cargo(
        root,
        &[
            "clippy",
            "--manifest-path",
            &manifest,
            "--all-targets",
            "--all-features",
            "--",
            "-D",
            "warnings",
        ],
    ))? {
        return Err("clippy found problems in url-compat".into());
    }
    cmd::header("url-compat: cargo test --all-features");
    let mut totals = Totals::default();
    let ok = cmd::run_reading_stdout(
        &mut outside_cargo(
            root,
            &["test", "--manifest-path", &manifest, "--all-features"],
        ),
        |line| {
            println!("{line}");
            totals.add_line(line);
        },
    )?;
    if !ok || totals.failed > 0 || totals.passed == 0 {
        return Err("url-compat's tests failed".into());
    }
    no_std_build(root, &manifest)?;
    msrv(root)?;
    Ok(totals)
}

/// The facade's tests with Rust 1.85 (Debian's `rustc-web`, as `cargo xtask msrv` installs
/// it), from its own lock file.
fn msrv(root: &Path) -> Result<(), String> {
    let version = crate::package::msrv::ensure_toolchain()?;
    cmd::header(&format!(
        "url-compat: cargo test --all-features --locked with {version}"
    ));
    let dir = root.join("url-compat");
    let target = crate::packages::target_dir(root)
        .join("compat")
        .join("msrv");
    let mut totals = Totals::default();
    let ok = cmd::run_reading_stdout(
        &mut crate::package::msrv::msrv_cargo(
            &dir,
            &target,
            &["test", "--all-features", "--locked"],
        ),
        |line| {
            println!("{line}");
            totals.add_line(line);
        },
    )?;
    if ok && totals.failed == 0 && totals.passed > 0 {
        println!("url-compat with {version}: {} passed", totals.passed);
        Ok(())
    } else {
        Err(format!("url-compat's tests fail with {version}"))
    }
}

/// `--no-default-features` (no `std`) builds: rust-url is `no_std` + `alloc` there too.
fn no_std_build(root: &Path, manifest: &str) -> Result<(), String> {
    cmd::header("url-compat: cargo build --no-default-features");
    if cmd::run(&mut outside_cargo(
        root,
        &[
            "build",
            "--manifest-path",
            manifest,
            "--no-default-features",
        ],
    ))? {
        Ok(())
    } else {
        Err("url-compat does not build without std".into())
    }
}

/// The README's example in a fresh crate under `[patch.crates-io]`.
pub fn patched_example(root: &Path, work: &Path) -> Result<(), String> {
    let dir = work.join("patched-example");
    fs::create_dir_all(dir.join("src")).map_err(|e| format!("creating {}: {e}", dir.display()))?;
    let facade = root.join("url-compat");
    let readme = fs::read_to_string(facade.join("README.md")).map_err(|e| e.to_string())?;
    let example = readme
        .split("```rust\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .ok_or("url-compat/README.md has no ```rust example")?;
    // The example's hidden lines (`# ...`) are doctest syntax: kept as code.
    let body: String = example
        .lines()
        .map(|l| l.strip_prefix("# ").unwrap_or(l))
        .map(|l| format!("    {l}\n"))
        .collect();
    let main = format!(
        "fn main() {{\n    if let Err(e) = run() {{\n        eprintln!(\"{{e}}\");\n        std::process::exit(1);\n    }}\n    println!(\"README example: ok\");\n}}\n\nfn run() -> Result<(), url::ParseError> {{\n{body}}}\n"
    );
    let main = main.replace("    Ok::<(), url::ParseError>(())\n", "    Ok(())\n");
    fs::write(dir.join("src").join("main.rs"), main).map_err(|e| e.to_string())?;
    fs::write(
        dir.join("Cargo.toml"),
        format!(
            "[package]\nname = \"patched-example\"\nversion = \"0.0.0\"\nedition = \"2021\"\npublish = false\n\n\
             [workspace]\n\n[dependencies]\nurl = \"2.5\"\n\n[patch.crates-io]\nurl = {{ path = \"{}\" }}\n",
            facade.display()
        ),
    )
    .map_err(|e| e.to_string())?;
    let manifest = dir.join("Cargo.toml");
    let manifest = manifest.to_string_lossy().into_owned();
    cmd::header(
        "a fresh crate with url = \"2.5\" and [patch.crates-io] url = { path = \"url-compat\" }",
    );
    let mut run = cmd::cargo(root, &["run", "--quiet", "--manifest-path", &manifest]);
    run.env(
        "CARGO_TARGET_DIR",
        crate::packages::outside_target_dir(root),
    );
    if !cmd::run(&mut run)? {
        return Err("the README example fails under [patch.crates-io]".into());
    }
    let (ok, tree, stderr) = cmd::capture(&mut cmd::cargo(
        root,
        &["tree", "--manifest-path", &manifest, "-i", "url"],
    ))?;
    let first = tree.lines().next().unwrap_or_default();
    println!("cargo tree -i url: {first}");
    if !ok || !first.contains("url-compat") {
        return Err(format!(
            "cargo tree -i url does not show the facade: {first}{stderr}"
        ));
    }
    Ok(())
}
