//! What the test files share: running `wurl` as a user runs it, and checking a table of cases.

use std::io::Write;
use std::process::{Command, Stdio};

/// Runs `wurl args` with `stdin`; (stdout, stderr, exit code).
pub fn wurl(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_wurl"))
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("wurl runs");
    let mut input = child.stdin.take().expect("stdin");
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let output = child.wait_with_output().expect("wurl ends");
    writer.join().expect("stdin written");
    (
        String::from_utf8(output.stdout).expect("stdout is UTF-8"),
        String::from_utf8(output.stderr).expect("stderr is UTF-8"),
        output.status.code().expect("an exit code"),
    )
}

/// (arguments, stdin, stdout, a part of stderr, exit code).
pub type Case = (
    &'static [&'static str],
    &'static str,
    &'static str,
    &'static str,
    i32,
);

/// Runs every case of `cases`: stdout exactly, a part of stderr, the exit code.
pub fn check_table(cases: &[Case]) {
    for (i, &(args, stdin, stdout, stderr, code)) in cases.iter().enumerate() {
        let (out, err, status) = wurl(args, stdin.as_bytes());
        let case = format!("case {i}: wurl {args:?}");
        assert_eq!(out, stdout, "{case}: stdout (stderr: {err})");
        assert!(
            err.contains(stderr),
            "{case}: stderr {err:?} lacks {stderr:?}"
        );
        assert_eq!(status, code, "{case}: exit code (stderr: {err})");
    }
}
