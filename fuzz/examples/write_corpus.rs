//! Writes the seed corpus of a fuzz target: `write_corpus <target> <dir>`.
//!
//! `cargo xtask fuzz` runs this before `cargo fuzz run`. Each seed becomes one file named by a
//! hash of its bytes, so running it again adds nothing new.

use std::path::PathBuf;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [target, dir] = args.as_slice() else {
        eprintln!("usage: write_corpus <target> <dir>");
        return ExitCode::from(2);
    };
    if !url_fuzz::ALL_TARGET_NAMES.contains(&target.as_str()) {
        eprintln!("unknown target `{target}`");
        return ExitCode::from(2);
    }
    let dir = PathBuf::from(dir);
    if let Err(e) = std::fs::create_dir_all(&dir) {
        eprintln!("creating {}: {e}", dir.display());
        return ExitCode::FAILURE;
    }
    let strings = url_fuzz::seeds::fixture_strings();
    let lines = url_fuzz::seeds::dataset_lines();
    let seeds = url_fuzz::seeds::seeds_for(target, &strings, &lines);
    for seed in &seeds {
        let path = dir.join(format!("seed-{:016x}", fnv1a(seed)));
        if let Err(e) = std::fs::write(&path, seed) {
            eprintln!("writing {}: {e}", path.display());
            return ExitCode::FAILURE;
        }
    }
    println!("{} seeds in {}", seeds.len(), dir.display());
    ExitCode::SUCCESS
}

/// FNV-1a, 64 bits: a stable file name for a seed.
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}
