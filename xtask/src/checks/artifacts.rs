//! No build artifacts in git (the developers' rules): every tracked file (`git ls-files`) is read, and a
//! compiled object fails the check, named: an ELF file (by its magic `\x7fELF`, whatever its
//! name), a shared library or object file by extension (`.so`, `.dylib`, `.dll`, `.o`, `.a`,
//! `.rlib`, `.pyd`), a Python wheel (`.whl`) or bytecode file (`.pyc`). Build outputs belong in
//! `target/` or in `.gitignore`d places: a stale committed extension can be the one an import from
//! the checkout loads.

use std::fs;
use std::io::Read;
use std::path::Path;
use std::process::Command;

/// Extensions of compiled objects and packaged builds (compared without case).
const ARTIFACT_EXTENSIONS: [&str; 9] =
    ["so", "dylib", "dll", "o", "a", "rlib", "pyd", "whl", "pyc"];
/// The first bytes of an ELF file.
const ELF_MAGIC: &[u8; 4] = b"\x7fELF";

/// `Ok(true)` when no tracked file is a build artifact (each one found is printed), `Ok(true)`
/// with a note when `root` is not a git checkout or git is missing (nothing to check there),
/// `Err` when git fails otherwise.
pub fn check(root: &Path) -> Result<bool, String> {
    let output = match Command::new("git")
        .args(["ls-files", "-z"])
        .current_dir(root)
        .output()
    {
        Ok(output) => output,
        Err(e) => {
            eprintln!("note: git is not available ({e}): tracked build artifacts not checked");
            return Ok(true);
        }
    };
    if !output.status.success() {
        let stderr = String::from_utf8_lossy(&output.stderr);
        if stderr.contains("not a git repository") {
            eprintln!(
                "note: {} is not a git checkout: tracked build artifacts not checked",
                root.display()
            );
            return Ok(true);
        }
        return Err(format!("git ls-files failed: {}", stderr.trim()));
    }
    let listing = String::from_utf8_lossy(&output.stdout);
    let tracked: Vec<&str> = listing.split('\0').filter(|p| !p.is_empty()).collect();
    let mut found = 0usize;
    for path in &tracked {
        if let Some(reason) = artifact_reason(path, &root.join(path)) {
            found += 1;
            println!("BUILD ARTIFACT {path}: {reason}");
        }
    }
    println!(
        "artifacts: {} tracked file(s) read, {found} build artifact(s)",
        tracked.len()
    );
    Ok(found == 0)
}

/// Why the tracked file `name` (read at `path`) is a build artifact, or `None`.
fn artifact_reason(name: &str, path: &Path) -> Option<String> {
    if let Some(ext) = extension_of(name) {
        return Some(format!("a compiled build output (.{ext})"));
    }
    // A file deleted in the working tree but still tracked is judged by its name only.
    let mut magic = [0u8; 4];
    let read = fs::File::open(path).and_then(|mut f| f.read_exact(&mut magic));
    (read.is_ok() && &magic == ELF_MAGIC).then(|| "an ELF binary".to_owned())
}

/// The artifact extension `name` ends with, if any.
fn extension_of(name: &str) -> Option<&'static str> {
    let file = name.rsplit('/').next().unwrap_or(name);
    let (_, ext) = file.rsplit_once('.')?;
    ARTIFACT_EXTENSIONS
        .into_iter()
        .find(|known| ext.eq_ignore_ascii_case(known))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_artifacts_by_extension() {
        assert_eq!(
            extension_of("python/whatwg_url_rs/_native.abi3.so"),
            Some("so")
        );
        assert_eq!(
            extension_of("dist/x-0.1-cp39-abi3-manylinux.whl"),
            Some("whl")
        );
        assert_eq!(extension_of("a/__pycache__/m.cpython-312.pyc"), Some("pyc"));
        assert_eq!(extension_of("lib/libfoo.RLIB"), Some("rlib"));
        assert_eq!(extension_of("src/lib.rs"), None);
        assert_eq!(extension_of("README.md"), None);
        assert_eq!(extension_of("a.so.d/file"), None);
        assert_eq!(extension_of("Makefile"), None);
    }

    #[test]
    fn finds_elf_by_magic_whatever_the_name() {
        let dir = std::env::temp_dir().join(format!("xtask-artifacts-{}", std::process::id()));
        fs::create_dir_all(&dir).unwrap();
        let elf = dir.join("tool");
        fs::write(&elf, b"\x7fELF\x02\x01\x01rest").unwrap();
        let text = dir.join("notes.txt");
        fs::write(&text, b"plain text").unwrap();
        let short = dir.join("short");
        fs::write(&short, b"\x7f").unwrap();
        assert_eq!(
            artifact_reason("tool", &elf).as_deref(),
            Some("an ELF binary")
        );
        assert_eq!(artifact_reason("notes.txt", &text), None);
        assert_eq!(artifact_reason("short", &short), None);
        assert!(artifact_reason("gone.so", &dir.join("gone.so")).is_some());
        fs::remove_dir_all(&dir).unwrap();
    }
}
