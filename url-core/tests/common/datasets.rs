//! The benchmark datasets (`../shared/datasets/*.txt`): one URL per line, BOM stripped,
//! empty lines skipped.

use std::path::PathBuf;

/// The datasets directory: `$URL_DATASETS_DIR`, else `../shared/datasets` beside the
/// workspace.
pub fn dir() -> PathBuf {
    std::env::var_os("URL_DATASETS_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| test_support::workspace_root().join("../shared/datasets"))
}

/// Every dataset: (file name, lines).
pub fn load() -> Vec<(String, Vec<String>)> {
    let dir = dir();
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("datasets at {}: {e}", dir.display()))
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    files.sort();
    files
        .into_iter()
        .map(|path| {
            let text = std::fs::read_to_string(&path).expect("dataset is UTF-8");
            let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
            let lines = text
                .lines()
                .filter(|l| !l.is_empty())
                .map(str::to_owned)
                .collect();
            (
                path.file_name().unwrap().to_string_lossy().into_owned(),
                lines,
            )
        })
        .collect()
}
