//! The URL lists (`fixtures/datasets/*.txt`): real URLs, one per line.

use std::path::PathBuf;

/// The datasets directory: `$URL_DATASETS_DIR`, else the repository's `fixtures/datasets`.
pub fn dir() -> PathBuf {
    std::env::var_os("URL_DATASETS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| crate::workspace_root().join("fixtures").join("datasets"))
}

/// Every dataset, sorted by file name: (file name, lines), a leading BOM removed, empty lines
/// skipped. Invalid UTF-8 is replaced (U+FFFD), as a browser would decode it.
///
/// # Panics
/// When the directory cannot be read: a missing dataset is an error, never a silent skip.
pub fn load() -> Vec<(String, Vec<String>)> {
    let dir = dir();
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| {
            panic!(
                "datasets at {}: {e}; set URL_DATASETS_DIR to a directory of *.txt URL lists \
                 (the repository keeps them in fixtures/datasets)",
                dir.display()
            )
        })
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    assert!(!files.is_empty(), "no *.txt dataset in {}", dir.display());
    files
        .into_iter()
        .map(|path| {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            let text = String::from_utf8_lossy(&bytes);
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let lines = text
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            (name, lines)
        })
        .collect()
}

/// Every line of every dataset, in file-name order.
pub fn lines() -> Vec<String> {
    load().into_iter().flat_map(|(_, lines)| lines).collect()
}
