//! `cargo xtask cli-bench [--repeat N] [--runs N]`: `wurl` against Node.js on the same file.
//!
//! Builds `wurl` in release, writes `target/cli-bench/input.txt` (every line of
//! `fixtures/datasets/*.txt`, repeated N times, default 20) and a Node script that normalizes a
//! file as Node users do (`readline`, `new URL(line).href`: ada inside Node), then runs, in
//! interleaved rounds, Node, `wurl -j 1` and `wurl -j 2` (output to a file each) and prints the
//! median wall time, the ratios, and peak RSS (through `/usr/bin/time` when it is there). Node
//! is skipped, with a note, when it is not installed. The outputs are compared byte for byte.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode, Stdio};
use std::time::Instant;

use crate::cmd;

const NODE_SCRIPT: &str = r#"const fs = require('fs'); const readline = require('readline');
const rl = readline.createInterface({ input: fs.createReadStream(process.argv[2]), crlfDelay: Infinity });
const out = [];
rl.on('line', (line) => { try { out.push(new URL(line).href); } catch (e) {} if (out.length >= 4096) { process.stdout.write(out.join('\n') + '\n'); out.length = 0; } });
rl.on('close', () => { if (out.length) process.stdout.write(out.join('\n') + '\n'); });
"#;

pub fn run(root: &Path, args: &[String]) -> ExitCode {
    match bench(root, args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}

fn option(args: &[String], name: &str, default: usize) -> Result<usize, String> {
    match args.iter().position(|a| a == name) {
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} takes a number")),
        None => Ok(default),
    }
}

fn bench(root: &Path, args: &[String]) -> Result<(), String> {
    let repeat = option(args, "--repeat", 20)?;
    let runs = option(args, "--runs", 3)?.max(1);
    cmd::header("cargo build --release -p whatwg-url-cli");
    if !cmd::run(&mut cmd::cargo(
        root,
        &["build", "--release", "-p", "whatwg-url-cli"],
    ))? {
        return Err("building wurl failed".into());
    }
    let dir = crate::packages::target_dir(root).join("cli-bench");
    fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let datasets =
        crate::fixtures::datasets_dir(root).ok_or("no datasets directory (fixtures/datasets)")?;
    let mut one = Vec::new();
    let mut names: Vec<PathBuf> = fs::read_dir(&datasets)
        .map_err(|e| format!("{}: {e}", datasets.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "txt"))
        .collect();
    names.sort();
    for name in &names {
        one.extend(fs::read(name).map_err(|e| format!("{}: {e}", name.display()))?);
        if one.last() != Some(&b'\n') {
            one.push(b'\n');
        }
    }
    let input = dir.join("input.txt");
    fs::write(&input, one.repeat(repeat)).map_err(|e| format!("{}: {e}", input.display()))?;
    let script = dir.join("normalize.js");
    fs::write(&script, NODE_SCRIPT).map_err(|e| format!("{}: {e}", script.display()))?;
    let wurl = crate::packages::target_dir(root)
        .join("release")
        .join("wurl");
    let input_arg = input.to_string_lossy().into_owned();
    let node_works = Command::new("node")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let mut variants: Vec<(&str, Vec<String>)> = Vec::new();
    if node_works {
        variants.push((
            "node (readline, new URL(line).href)",
            vec![
                "node".into(),
                script.to_string_lossy().into_owned(),
                input_arg.clone(),
            ],
        ));
    } else {
        eprintln!("note: node is not installed: the Node.js row is left out");
    }
    let wurl_arg = wurl.to_string_lossy().into_owned();
    variants.push((
        "wurl -j 1",
        vec![
            wurl_arg.clone(),
            "-j".into(),
            "1".into(),
            "-f".into(),
            input_arg.clone(),
        ],
    ));
    variants.push((
        "wurl -j 2",
        vec![wurl_arg, "-j".into(), "2".into(), "-f".into(), input_arg],
    ));
    let time_bin = Path::new("/usr/bin/time").exists();
    let mut times: Vec<Vec<f64>> = vec![Vec::new(); variants.len()];
    let mut rss: Vec<Vec<u64>> = vec![Vec::new(); variants.len()];
    for round in 0..runs {
        for (v, (label, argv)) in variants.iter().enumerate() {
            let out = dir.join(format!("out-{v}.txt"));
            let out_file = fs::File::create(&out).map_err(|e| format!("{}: {e}", out.display()))?;
            let mut command = if time_bin {
                let mut c = Command::new("/usr/bin/time");
                c.args(["-f", "%M"]).args(argv);
                c
            } else {
                let mut c = Command::new(&argv[0]);
                c.args(&argv[1..]);
                c
            };
            command.stdout(out_file).stderr(Stdio::piped());
            let started = Instant::now();
            let output = command.output().map_err(|e| format!("{label}: {e}"))?;
            let secs = started.elapsed().as_secs_f64();
            times[v].push(secs);
            if time_bin {
                let stderr = String::from_utf8_lossy(&output.stderr);
                if let Some(kb) = stderr.lines().last().and_then(|l| l.trim().parse().ok()) {
                    rss[v].push(kb);
                }
            }
            eprintln!("round {}: {label}: {secs:.3} s", round + 1);
        }
    }
    let reference = fs::read(dir.join("out-0.txt")).map_err(|e| e.to_string())?;
    for v in 1..variants.len() {
        let other = fs::read(dir.join(format!("out-{v}.txt"))).map_err(|e| e.to_string())?;
        if other != reference {
            return Err(format!(
                "{} gives another output than {}",
                variants[v].0, variants[0].0
            ));
        }
    }
    let median = |values: &[f64]| {
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let first = median(&times[0]);
    let single = variants
        .iter()
        .position(|(l, _)| *l == "wurl -j 1")
        .map(|i| median(&times[i]));
    println!(
        "\n{} lines, {} bytes ({repeat} × the datasets), {runs} round(s), medians\n",
        one.iter().filter(|&&b| b == b'\n').count() * repeat,
        one.len() * repeat
    );
    println!("| command | time | vs first row | vs wurl -j 1 | peak RSS |");
    println!("| --- | ---: | ---: | ---: | ---: |");
    for (v, (label, _)) in variants.iter().enumerate() {
        let t = median(&times[v]);
        let mut kb = rss[v].clone();
        kb.sort_unstable();
        let peak = kb
            .get(kb.len() / 2)
            .map_or("–".to_owned(), |kb| format!("{} MB", kb / 1024));
        let vs_single = single.map_or("–".to_owned(), |s| format!("{:.2}×", s / t));
        println!(
            "| {label} | {t:.3} s | {:.2}× | {vs_single} | {peak} |",
            first / t
        );
    }
    Ok(())
}
