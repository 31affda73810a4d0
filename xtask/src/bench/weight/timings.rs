//! `cargo xtask weight --timings`: where a clean build's time goes, from cargo's own
//! `--timings` report (`target/cargo-timings/cargo-timing.html`, whose `UNIT_DATA` lists each
//! compiled unit with its start, duration and frontend/codegen sections).
//!
//! Of two trees that share most crates (ours and `url`'s share the ICU4X stack and `idna`), what
//! decides the difference is the crates only one of them builds and the wall time after the last
//! shared crate ends: on two cores, that tail is what a user waits for beyond `url`.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use super::{Variant, build_clean_with};

/// One compiled unit (a crate's lib, build script or binary) from cargo's report.
struct Unit {
    name: String,
    start: f64,
    duration: f64,
    /// Seconds in rustc's frontend (parsing, type checking, MIR) before codegen, when reported.
    frontend: Option<f64>,
}

/// One more clean build of each variant with `--timings`, then the tables.
pub(super) fn report(variants: &[Variant], dirs: &[PathBuf]) -> Result<(), String> {
    let mut builds = Vec::new();
    for (variant, dir) in variants.iter().zip(dirs) {
        let (_, wall) = build_clean_with(variant, dir, &["--timings"])?;
        builds.push((variant, wall, read_units(dir)?));
    }
    let names =
        |units: &[Unit]| -> BTreeSet<String> { units.iter().map(|u| u.name.clone()).collect() };
    for (i, (variant, wall, units)) in builds.iter().enumerate() {
        // Shared with every other measured variant but the dependency-free baseline.
        let others: Vec<BTreeSet<String>> = builds
            .iter()
            .enumerate()
            .filter(|&(j, (_, _, other))| j != i && other.len() > 1)
            .map(|(_, (_, _, other))| names(other))
            .collect();
        let shared = |name: &str| !others.is_empty() && others.iter().all(|o| o.contains(name));
        let unit_seconds: f64 = units.iter().map(|u| u.duration).sum();
        let shared_end = units
            .iter()
            .filter(|u| shared(&u.name))
            .map(|u| u.start + u.duration)
            .fold(0.0, f64::max);
        println!(
            "\n#### `cargo build --release --timings`: {} ({wall:.1} s wall, {unit_seconds:.1} s of \
             compiler time in {} units)\n",
            variant.label,
            units.len()
        );
        println!(
            "| unit built by this tree only | starts at s | frontend s | codegen s | ends at s |"
        );
        println!("| --- | ---: | ---: | ---: | ---: |");
        let mut own_seconds = 0.0;
        for unit in units.iter().filter(|u| !shared(&u.name)) {
            own_seconds += unit.duration;
            let (frontend, codegen) = match unit.frontend {
                Some(f) => (format!("{f:.2}"), format!("{:.2}", unit.duration - f)),
                None => ("".to_owned(), format!("{:.2}", unit.duration)),
            };
            println!(
                "| `{}` | {:.2} | {frontend} | {codegen} | {:.2} |",
                unit.name,
                unit.start,
                unit.start + unit.duration
            );
        }
        if !others.is_empty() {
            println!(
                "\n{own_seconds:.1} s of compiler time in units the other trees do not build, \
                 {:.1} s in shared ones; the last shared unit ends at {shared_end:.1} s, \
                 {:.1} s before the build does",
                unit_seconds - own_seconds,
                wall - shared_end
            );
        }
    }
    Ok(())
}

/// The units of the newest `--timings` report in `dir/target/cargo-timings`.
fn read_units(dir: &Path) -> Result<Vec<Unit>, String> {
    let path = dir
        .join("target")
        .join("cargo-timings")
        .join("cargo-timing.html");
    let html = fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    parse_units(&html).ok_or_else(|| format!("{}: no UNIT_DATA found", path.display()))
}

/// `const UNIT_DATA = [...];` of cargo's report, one line of JSON.
fn parse_units(html: &str) -> Option<Vec<Unit>> {
    let start = html.find("const UNIT_DATA = ")? + "const UNIT_DATA = ".len();
    let end = start + html[start..].find(";\n")?;
    let data: serde_json::Value = serde_json::from_str(&html[start..end]).ok()?;
    let mut units = Vec::new();
    for unit in data.as_array()? {
        let target = unit["target"].as_str().unwrap_or_default().trim();
        let mut name = unit["name"].as_str()?.to_owned();
        if !target.is_empty() {
            name = format!("{name} ({target})");
        }
        let frontend = unit["sections"].as_array().and_then(|sections| {
            sections.iter().find_map(|s| {
                (s[0].as_str() == Some("frontend"))
                    .then(|| s[1]["end"].as_f64())
                    .flatten()
            })
        });
        units.push(Unit {
            name,
            start: unit["start"].as_f64()?,
            duration: unit["duration"].as_f64()?,
            frontend,
        });
    }
    units.sort_by(|a, b| a.start.total_cmp(&b.start));
    Some(units)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_cargo_unit_data() {
        let html = "<script>\nconst UNIT_DATA = [{\"i\":1,\"name\":\"idna\",\"version\":\"1.1.0\",\
                    \"target\":\"\",\"start\":15.12,\"duration\":3.45,\"sections\":[[\"frontend\",\
                    {\"start\":0.0,\"end\":0.56}],[\"codegen\",{\"start\":0.56,\"end\":3.45}]]},\
                    {\"i\":2,\"name\":\"app\",\"target\":\" app \\\"bin\\\"\",\"start\":20.0,\
                    \"duration\":0.2,\"sections\":null}];\nconst CONCURRENCY_DATA = [];\n</script>";
        let units = parse_units(html).unwrap();
        assert_eq!(units.len(), 2);
        assert_eq!(units[0].name, "idna");
        assert_eq!(units[0].frontend, Some(0.56));
        assert_eq!(units[1].name, "app (app \"bin\")");
        assert_eq!(units[1].frontend, None);
        assert!(parse_units("<html></html>").is_none());
    }
}
