//! Surveys the divergences between this project, ada and rust-url (feature `differential`).
//!
//! `cargo run -p url-fuzz --features differential --example divergences [-- [--no-seeds] DIR...]`
//! runs the differential comparison over the `parse` seeds (every URL input and base of the WPT
//! fixtures, their hosts, every dataset line; left out with `--no-seeds`) and over the files of
//! each DIR (for example a fuzz corpus, `fuzz/corpus/differential`), then prints, per
//! implementation and class, how many inputs diverge (for rust-url, on how many of them ada
//! gives exactly our result) and a few examples. Unexplained divergences are listed under
//! `UNEXPLAINED`; the exit status is non-zero when there is one.

use std::collections::BTreeMap;
use std::process::ExitCode;

use url_fuzz::differential::{self, Divergence, Other};
use url_fuzz::input;

/// Examples shown per class.
const EXAMPLES: usize = 3;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let no_seeds = args.iter().any(|a| a == "--no-seeds");
    let mut inputs = if no_seeds {
        Vec::new()
    } else {
        let strings = url_fuzz::seeds::fixture_strings();
        let lines = url_fuzz::seeds::dataset_lines();
        url_fuzz::seeds::seeds_for("differential", &strings, &lines)
    };
    for dir in args.iter().filter(|a| *a != "--no-seeds") {
        let Ok(entries) = std::fs::read_dir(dir) else {
            eprintln!("cannot read {dir}");
            return ExitCode::FAILURE;
        };
        for entry in entries.filter_map(Result::ok) {
            if let Ok(bytes) = std::fs::read(entry.path()) {
                inputs.push(bytes);
            }
        }
    }
    let mut classes: BTreeMap<(Other, String), Vec<Divergence>> = BTreeMap::new();
    for data in &inputs {
        let (text, base) = input::input_and_base(data);
        for d in differential::compare(&text, base.as_deref()) {
            let class = match differential::classify(&d) {
                Some(class) => class.to_owned(),
                None => format!("UNEXPLAINED ({})", d.summary()),
            };
            classes.entry((d.other, class)).or_default().push(d);
        }
    }
    println!("{} inputs compared\n", inputs.len());
    let mut unexplained = 0;
    for ((other, class), found) in &classes {
        if class.starts_with("UNEXPLAINED") {
            unexplained += found.len();
        }
        let agreeing = found.iter().filter(|d| d.ada_agrees).count();
        let neutral = found
            .iter()
            .filter(|d| !d.ada_agrees && differential::ada_agrees_with_neutral_hosts(d))
            .count();
        match other {
            Other::RustUrl if neutral > 0 => println!(
                "## {other}: {class}: {} inputs (ada agrees with us on {agreeing}, \
                 and on {neutral} more once the hosts are neutral)",
                found.len()
            ),
            Other::RustUrl => println!(
                "## {other}: {class}: {} inputs (ada agrees with us on {agreeing})",
                found.len()
            ),
            Other::Ada => println!("## {other}: {class}: {} inputs", found.len()),
        }
        // The shortest inputs first: the easiest to read.
        let mut shortest: Vec<&Divergence> = found.iter().collect();
        shortest.sort_by_key(|d| d.input.len() + d.base.as_ref().map_or(0, String::len));
        for d in shortest.into_iter().take(EXAMPLES) {
            let text: String = d.to_string().chars().take(1500).collect();
            println!("{text}");
        }
        println!();
    }
    println!("unexplained: {unexplained}");
    if unexplained == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
