//! `wurl`: URLs in bulk at the shell, parsed as browsers parse them (the WHATWG URL Standard).
//!
//! Reads URLs from arguments, files or stdin (one per line), and for each one prints its
//! normalized href, a template of its components, a JSON record, or what unfurl-style modes
//! extract; edits them through the standard's setters; filters and explains invalid ones.
//! Exit status: 0 when every input parsed, 1 when some did not (or a line was not UTF-8), 2 on
//! a usage error, 9 when `--verify` stopped at a bad input.
//!
//! `wurl conform -- CMD ARGS…` runs another URL parser against the standard (`conform`).

mod buffers;
mod build;
mod cli;
mod conform;
mod edit;
mod forms;
mod guess;
mod input;
mod job;
mod output;
mod pipeline;
mod query;
mod template;
mod trurl;

use std::io::{self, BufWriter, IsTerminal};
use std::process::ExitCode;
use std::time::Instant;

use clap::{CommandFactory, Parser};

use crate::cli::Cli;
use crate::input::Line;

/// How a run ended.
enum Status {
    /// Every input parsed.
    AllParsed,
    /// Some input did not parse (or a line was not UTF-8).
    SomeFailed,
    /// `--verify` stopped at a bad input.
    Stopped,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().collect();
    if let Some(rest) = trurl::requested(&args) {
        return trurl::main(&rest);
    }
    // `wurl conform …`: a subcommand of its own (see conform/mod.rs); a URL argument is never
    // the bare word `conform`, which parses as no URL.
    if args.get(1).map(String::as_str) == Some("conform") {
        return conform::main(args.get(2..).unwrap_or_default());
    }
    let cli = match Cli::try_parse_from(&args) {
        Ok(cli) => cli.normalized(),
        Err(e) => {
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match run(&cli) {
        Ok(Status::AllParsed) => ExitCode::SUCCESS,
        Ok(Status::SomeFailed) => ExitCode::from(1),
        Ok(Status::Stopped) => ExitCode::from(9),
        Err(message) => {
            eprintln!("wurl: {message}");
            ExitCode::from(2)
        }
    }
}

/// Runs `cli` over its inputs.
fn run(cli: &Cli) -> Result<Status, String> {
    if let Some(shell) = cli.completions {
        clap_complete::generate(shell, &mut Cli::command(), "wurl", &mut io::stdout());
        return Ok(Status::AllParsed);
    }
    if cli.man {
        // NAME reads `wurl - …`: the package description's own `wurl:` would repeat it.
        let command = Cli::command();
        let about = command
            .get_about()
            .map(|a| a.to_string())
            .unwrap_or_default();
        let about = about.strip_prefix("wurl: ").unwrap_or(&about).to_owned();
        clap_mangen::Man::new(command.about(about))
            .render(&mut io::stdout())
            .map_err(|e| e.to_string())?;
        return Ok(Status::AllParsed);
    }
    let job = job::Job::new(cli)?;
    if cli.keep_port && !cli.quiet {
        eprintln!(
            "wurl: note: --keep-port keeps nothing: the URL Standard's parser stores a scheme's \
             default port as no port (spec 4.4, port state); --default-port prints it"
        );
    }
    let threads = cli
        .jobs
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, std::num::NonZero::get));
    let stdout = io::stdout();
    let mut writer = output::Writer::new(BufWriter::new(stdout.lock()), cli);
    let started = Instant::now();
    let result = if cli.urls.is_empty() {
        // trurl builds a URL from --set alone; wurl's users pipe URLs in to edit them: stdin
        // is read unless it is a terminal, and the URL is built when it held no line.
        let result = if cli.builds_from_sets() && io::stdin().is_terminal() {
            Ok(())
        } else {
            pipeline::run(&cli.files, &job, cli.unique, threads, &mut writer)
        };
        if result.is_ok() && cli.builds_from_sets() && writer.saw_no_line() {
            let mut out = output::BlockOut::new(cli.unique);
            job.evaluate_built(&mut out)?;
            writer.write(out)
        } else {
            result
        }
    } else {
        let mut out = output::BlockOut::new(cli.unique);
        for url in &cli.urls {
            job.evaluate(&Line::Text(url), &mut out);
        }
        writer.write(out)
    };
    let result = match result {
        // A closed pipe (`wurl … | head`), or --verify, ends the run quietly.
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        result => result,
    };
    let all_parsed = result
        .and_then(|()| writer.finish(cli, started.elapsed()))
        .or_else(|e| match e.kind() {
            io::ErrorKind::BrokenPipe => Ok(true),
            _ => Err(e.to_string()),
        })?;
    Ok(if writer.stopped {
        Status::Stopped
    } else if all_parsed {
        Status::AllParsed
    } else {
        Status::SomeFailed
    })
}
