//! Running commands: the cargo that runs xtask, step headers, and stdout read line by line.

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};

/// `cargo <args>` run from the workspace root, with the cargo that runs xtask (`$CARGO`), else the
/// one on `PATH`.
pub fn cargo(root: &Path, args: &[&str]) -> Command {
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(program);
    command.args(args).current_dir(root);
    command
}

/// Prints a step header (on stderr, beside cargo's own progress lines).
pub fn header(title: &str) {
    eprintln!("\n==> {title}");
}

/// Runs `command` with inherited stdio; `Ok(true)` when it exits successfully.
pub fn run(command: &mut Command) -> Result<bool, String> {
    let status = command.status().map_err(|e| spawn_error(command, &e))?;
    Ok(status.success())
}

/// Runs `command` with stderr inherited and stdout piped, handing each stdout line (without its
/// line ending; invalid UTF-8 replaced) to `on_line` as it arrives. `Ok(true)` on success.
pub fn run_reading_stdout(
    command: &mut Command,
    mut on_line: impl FnMut(&str),
) -> Result<bool, String> {
    let mut child = command
        .stdout(Stdio::piped())
        .spawn()
        .map_err(|e| spawn_error(command, &e))?;
    if let Some(stdout) = child.stdout.take() {
        let mut reader = BufReader::new(stdout);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            match reader.read_until(b'\n', &mut buf) {
                Ok(0) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buf);
                    on_line(line.trim_end_matches(['\n', '\r']));
                }
                Err(e) => {
                    let _ = child.kill();
                    let _ = child.wait();
                    return Err(format!("reading the output of {}: {e}", describe(command)));
                }
            }
        }
    }
    let status = child
        .wait()
        .map_err(|e| format!("waiting for {}: {e}", describe(command)))?;
    Ok(status.success())
}

fn spawn_error(command: &Command, e: &std::io::Error) -> String {
    format!("cannot run {}: {e}", describe(command))
}

/// The command as a user would type it (program file name, then the arguments).
fn describe(command: &Command) -> String {
    let program = Path::new(command.get_program()).file_name().map_or_else(
        || command.get_program().to_string_lossy(),
        |name| name.to_string_lossy(),
    );
    let mut text = format!("`{program}");
    for arg in command.get_args() {
        text.push(' ');
        text.push_str(&arg.to_string_lossy());
    }
    text.push('`');
    text
}

/// Runs `command` with stdout and stderr captured: `(success, stdout, stderr)`, invalid UTF-8
/// replaced.
pub fn capture(command: &mut Command) -> Result<(bool, String, String), String> {
    let output = command.output().map_err(|e| spawn_error(command, &e))?;
    Ok((
        output.status.success(),
        String::from_utf8_lossy(&output.stdout).into_owned(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

/// `cargo metadata --format-version 1 --manifest-path MANIFEST`, run from `root`: (success,
/// stdout, stderr).
pub fn metadata(root: &Path, manifest: &Path) -> Result<(bool, String, String), String> {
    let manifest = manifest.to_string_lossy();
    capture(&mut cargo(
        root,
        &[
            "metadata",
            "--format-version",
            "1",
            "--manifest-path",
            &manifest,
        ],
    ))
}

/// The exit code of a check: success when it passed.
pub fn exit(outcome: Result<bool, String>) -> ExitCode {
    match outcome {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::FAILURE
        }
    }
}
