//! Shrinks a differential input that diverges without explanation (feature `differential`).
//!
//! `cargo run -p url-fuzz --features differential --example minimize -- FILE`
//!
//! Reads FILE (the fuzz input format: input, then `0xFF`, then base), removes characters from the
//! input and the base for as long as some divergence stays unexplained for the same
//! implementation, and prints the smallest pair found with the three results side by side.
//! Write the result back with `--write OUT` to keep it as a regression input.

use std::process::ExitCode;

use url_fuzz::differential::{self, Other};
use url_fuzz::input;

/// The implementations with an unexplained divergence on `input` against `base`.
fn unexplained(input: &str, base: Option<&str>) -> Vec<Other> {
    differential::compare(input, base)
        .iter()
        .filter(|d| differential::classify(d).is_none())
        .map(|d| d.other)
        .collect()
}

/// Removes runs of characters of `parts[which]` (halving the run length down to one) while
/// `keeps` holds; returns whether anything was removed.
fn shrink(
    parts: &mut [Vec<char>; 2],
    which: usize,
    keeps: &dyn Fn(&[Vec<char>; 2]) -> bool,
) -> bool {
    let mut changed = false;
    let mut run = parts[which].len().max(1);
    loop {
        let mut start = 0;
        while start < parts[which].len() {
            let end = (start + run).min(parts[which].len());
            let mut candidate = parts.clone();
            candidate[which].drain(start..end);
            if keeps(&candidate) {
                *parts = candidate;
                changed = true;
            } else {
                start += run;
            }
        }
        if run == 1 {
            return changed;
        }
        run /= 2;
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: minimize FILE [--write OUT]");
        return ExitCode::FAILURE;
    };
    let Ok(data) = std::fs::read(path) else {
        eprintln!("cannot read {path}");
        return ExitCode::FAILURE;
    };
    let (text, base) = input::input_and_base(&data);
    let Some(&target) = unexplained(&text, base.as_deref()).first() else {
        println!("nothing unexplained in {path}");
        return ExitCode::SUCCESS;
    };
    let has_base = base.is_some();
    let as_strings = |parts: &[Vec<char>; 2]| -> (String, Option<String>) {
        let input: String = parts[0].iter().collect();
        let base = has_base.then(|| parts[1].iter().collect());
        (input, base)
    };
    let keeps = |parts: &[Vec<char>; 2]| {
        let (input, base) = as_strings(parts);
        unexplained(&input, base.as_deref()).contains(&target)
    };
    let mut parts = [
        text.chars().collect::<Vec<_>>(),
        base.as_deref().unwrap_or_default().chars().collect(),
    ];
    while shrink(&mut parts, 0, &keeps) | (has_base && shrink(&mut parts, 1, &keeps)) {}
    let (input, base) = as_strings(&parts);
    for d in differential::compare(&input, base.as_deref()) {
        let class = differential::classify(&d).unwrap_or("UNEXPLAINED");
        println!("{class}\n{d}\n");
    }
    println!("ada:      {:?}", differential::ada(&input, base.as_deref()));
    if let Some(i) = args.iter().position(|a| a == "--write") {
        let Some(out) = args.get(i + 1) else {
            eprintln!("--write needs a path");
            return ExitCode::FAILURE;
        };
        let mut chunks: Vec<&[u8]> = vec![input.as_bytes()];
        if let Some(base) = &base {
            chunks.push(base.as_bytes());
        }
        if std::fs::write(out, input::join(&chunks)).is_err() {
            eprintln!("cannot write {out}");
            return ExitCode::FAILURE;
        }
    }
    ExitCode::SUCCESS
}
