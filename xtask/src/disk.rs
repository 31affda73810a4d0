//! Disk room for `cargo xtask test`: a fresh clone's run builds the workspace twice (two feature
//! sets), then the facade, the MSRV copy, the `.crate` files and the wheel, each in a target
//! directory of its own. A CI machine may have little room to spare, and a full disk shows up as
//! a dozen unrelated compile errors; so the run says how much room it has before it starts and
//! after each large step, and under CI (`CI` set, as `.ci/run` is run) it removes a step's own
//! target directory once the step is done, since nothing reuses it.

use std::path::Path;
use std::process::Command;

/// Below this many free bytes at the start, the run warns that it may not fit.
const ROOM_NEEDED: u64 = 12 << 30;

/// Prints the free space of the file system holding `target/` and the size of `target/`.
/// Returns the free bytes, or `None` when `df` cannot tell.
pub fn report(root: &Path, when: &str) -> Option<u64> {
    let target = crate::packages::target_dir(root);
    let probe = if target.exists() {
        target.as_path()
    } else {
        root
    };
    let free = free_bytes(probe);
    let used = du_bytes(&target);
    eprintln!(
        "disk ({when}): {} free, target/ holds {}",
        free.map_or_else(|| "unknown".into(), gib),
        used.map_or_else(|| "unknown".into(), gib),
    );
    free
}

/// The start-of-run report, with a warning when the room looks too small for a fresh run.
pub fn report_start(root: &Path) {
    if let Some(free) = report(root, "start")
        && free < ROOM_NEEDED
    {
        eprintln!(
            "warning: a run from a fresh clone needs about {} of disk; only {} is free",
            gib(ROOM_NEEDED),
            gib(free)
        );
    }
}

/// Under CI, removes `target/<dir>` for each of `dirs` (a step's own build, reused by no later
/// step), then reports the room left. Outside CI the directories stay, to make reruns fast.
pub fn release(root: &Path, step: &str, dirs: &[&str]) {
    if std::env::var_os("CI").is_some_and(|v| !v.is_empty()) {
        for dir in dirs {
            let path = crate::packages::target_dir(root).join(dir);
            if path.exists()
                && let Err(e) = std::fs::remove_dir_all(&path)
            {
                eprintln!("disk: cannot remove {}: {e}", path.display());
            }
        }
    }
    report(root, &format!("after {step}"));
}

fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

/// `df -Pk PATH`: the fourth field of the second line is the room available, in KiB.
fn free_bytes(path: &Path) -> Option<u64> {
    let out = Command::new("df").arg("-Pk").arg(path).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    parse_df(&text)
}

fn parse_df(text: &str) -> Option<u64> {
    let line = text.lines().nth(1)?;
    let kib: u64 = line.split_whitespace().nth(3)?.parse().ok()?;
    Some(kib * 1024)
}

/// `du -sk PATH`: the first field, in KiB.
fn du_bytes(path: &Path) -> Option<u64> {
    if !path.exists() {
        return Some(0);
    }
    let out = Command::new("du").arg("-sk").arg(path).output().ok()?;
    let text = String::from_utf8_lossy(&out.stdout);
    let kib: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(kib * 1024)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_available_column_of_df() {
        let text = "Filesystem     1024-blocks     Used Available Capacity Mounted on\n\
                    /dev/vda         264039296 94371840  1992294      99% /\n";
        assert_eq!(parse_df(text), Some(1_992_294 * 1024));
        assert_eq!(parse_df("Filesystem\n"), None);
        assert_eq!(parse_df(""), None);
    }

    #[test]
    fn writes_gibibytes_with_one_decimal() {
        assert_eq!(gib(12 << 30), "12.0 GiB");
        assert_eq!(gib(3 << 29), "1.5 GiB");
    }
}
