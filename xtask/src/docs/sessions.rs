//! Shell sessions shown in the pages (```` ```console ```` blocks): each `$ command` runs in a
//! scratch folder with the built `wurl` first on `PATH`, and must print the lines shown below
//! it, stdout then stderr. `$ cat FILE` shows a file the session uses: it is written from the
//! lines shown when it does not exist yet. `$ echo $?` shows the previous command's exit status.

use std::fs;
use std::path::Path;
use std::process::{Command, Stdio};

/// One command of a session and the output shown for it.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub command: String,
    pub output: Vec<String>,
}

/// The steps of a session's lines (indentation of the block removed; blank lines at the end of
/// an output are the space between commands).
pub fn steps(lines: &[String]) -> Result<Vec<Step>, String> {
    let indent = lines
        .iter()
        .filter(|l| !l.trim().is_empty())
        .map(|l| l.len() - l.trim_start().len())
        .min()
        .unwrap_or(0);
    let mut out: Vec<Step> = Vec::new();
    for line in lines {
        let line = line.get(indent..).unwrap_or_default().trim_end();
        if let Some(command) = line.strip_prefix("$ ") {
            out.push(Step {
                command: command.to_owned(),
                output: Vec::new(),
            });
        } else if let Some(step) = out.last_mut() {
            step.output.push(line.to_owned());
        } else if !line.is_empty() {
            return Err(format!(
                "a console block must start with a `$ ` command, not `{line}`"
            ));
        }
    }
    for step in &mut out {
        while step.output.last().is_some_and(String::is_empty) {
            step.output.pop();
        }
    }
    Ok(out)
}

/// What a step printed, as lines (stdout then stderr).
fn lines_of(stdout: &[u8], stderr: &[u8]) -> Vec<String> {
    let mut text = String::from_utf8_lossy(stdout).into_owned();
    text.push_str(&String::from_utf8_lossy(stderr));
    let mut lines: Vec<String> = text.lines().map(|l| l.trim_end().to_owned()).collect();
    while lines.last().is_some_and(String::is_empty) {
        lines.pop();
    }
    lines
}

/// Runs the session's steps in `dir` (an empty scratch folder) with `bin` first on `PATH`;
/// returns a description of each step whose output differs from the one shown.
pub fn run(steps: &[Step], dir: &Path, bin: &Path) -> Result<Vec<String>, String> {
    let path = match std::env::var_os("PATH") {
        Some(rest) => {
            let mut all = vec![bin.to_path_buf()];
            all.extend(std::env::split_paths(&rest));
            std::env::join_paths(all).map_err(|e| format!("PATH: {e}"))?
        }
        None => bin.as_os_str().to_owned(),
    };
    let mut status = 0;
    let mut differences = Vec::new();
    for step in steps {
        let words: Vec<&str> = step.command.split_whitespace().collect();
        let printed = match words.as_slice() {
            ["echo", "$?"] => vec![status.to_string()],
            ["cat", file] if !dir.join(file).exists() => {
                let mut text = step.output.join("\n");
                text.push('\n');
                fs::write(dir.join(file), text).map_err(|e| format!("writing {file}: {e}"))?;
                status = 0;
                step.output.clone()
            }
            _ => {
                let output = Command::new("sh")
                    .arg("-c")
                    .arg(&step.command)
                    .current_dir(dir)
                    .env("PATH", &path)
                    .env("NO_COLOR", "1")
                    .stdin(Stdio::null())
                    .output()
                    .map_err(|e| format!("running `{}`: {e}", step.command))?;
                status = output.status.code().unwrap_or(-1);
                lines_of(&output.stdout, &output.stderr)
            }
        };
        if printed != step.output {
            differences.push(format!(
                "`$ {}` printed:\n{}\nbut the page shows:\n{}",
                step.command,
                indent(&printed),
                indent(&step.output)
            ));
        }
    }
    Ok(differences)
}

fn indent(lines: &[String]) -> String {
    if lines.is_empty() {
        return "    (nothing)".to_owned();
    }
    lines
        .iter()
        .map(|l| format!("    {l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(lines: &[&str]) -> Vec<String> {
        lines.iter().map(|l| l.to_string()).collect()
    }

    #[test]
    fn splits_commands_and_outputs() {
        let found = steps(&strings(&[
            "  $ cat in.txt",
            "  a b",
            "",
            "  $ tr a-z A-Z < in.txt",
            "  A B",
            "",
        ]))
        .unwrap();
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].command, "cat in.txt");
        assert_eq!(found[0].output, ["a b"]);
        assert_eq!(found[1].output, ["A B"]);
        assert!(steps(&strings(&["output first"])).is_err());
    }

    #[test]
    fn runs_a_session_with_files_and_exit_statuses() {
        let dir = std::env::temp_dir().join(format!("xtask-docs-session-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        let session = steps(&strings(&[
            "$ cat in.txt",
            "x y",
            "$ tr a-z A-Z < in.txt",
            "X Y",
            "$ sh -c 'echo out; echo err >&2; exit 3'",
            "out",
            "err",
            "$ echo $?",
            "3",
            "$ echo wrong",
            "right",
        ]))
        .unwrap();
        let differences = run(&session, &dir, Path::new("/nonexistent")).unwrap();
        assert_eq!(differences.len(), 1, "{differences:?}");
        assert!(differences[0].contains("`$ echo wrong` printed:\n    wrong"));
        assert_eq!(fs::read_to_string(dir.join("in.txt")).unwrap(), "x y\n");
        fs::remove_dir_all(&dir).unwrap();
    }
}
