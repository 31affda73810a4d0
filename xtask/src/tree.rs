//! Copies of folders, for the steps that build somewhere other than the checkout: the MSRV
//! workspace (`package/msrv.rs`), the downstream trees (`compat/downstream`), and a revision's
//! tree under this one's harness (`bench/baseline.rs`).

use std::fs;
use std::path::Path;

/// Copies the folder `from` to `to`, recursively, following symbolic links (the packages' license
/// files link to the workspace's), without a `target` folder directly under `from` (build
/// output, which a copy is made to rebuild).
pub fn copy_dir(from: &Path, to: &Path) -> Result<(), String> {
    copy_below(from, to, true)
}

fn copy_below(from: &Path, to: &Path, top: bool) -> Result<(), String> {
    fs::create_dir_all(to).map_err(|e| format!("creating {}: {e}", to.display()))?;
    let entries = fs::read_dir(from).map_err(|e| format!("reading {}: {e}", from.display()))?;
    for entry in entries {
        let entry = entry.map_err(|e| format!("reading {}: {e}", from.display()))?;
        let path = entry.path();
        if top && entry.file_name() == "target" {
            continue;
        }
        let dest = to.join(entry.file_name());
        if path.is_dir() {
            copy_below(&path, &dest, false)?;
        } else {
            fs::copy(&path, &dest).map_err(|e| format!("copying {}: {e}", path.display()))?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn copies_every_file_but_the_top_target_folder() {
        let scratch = std::env::temp_dir().join(format!("xtask-tree-{}", std::process::id()));
        let (from, to) = (scratch.join("from"), scratch.join("to"));
        let _ = fs::remove_dir_all(&scratch);
        for (file, text) in [
            ("a.txt", "a"),
            ("src/target/mod.rs", "kept: not the top"),
            ("target/release/x", "dropped"),
        ] {
            let path = from.join(file);
            fs::create_dir_all(path.parent().expect("a parent")).expect("a folder");
            fs::write(&path, text).expect("a file");
        }
        copy_dir(&from, &to).expect("copied");
        assert_eq!(
            fs::read_to_string(to.join("a.txt")).ok().as_deref(),
            Some("a")
        );
        assert!(to.join("src/target/mod.rs").is_file());
        assert!(!to.join("target").exists());
        let _ = fs::remove_dir_all(&scratch);
    }
}
