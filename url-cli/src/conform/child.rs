//! The implementation under test as a child process: requests written by one thread, answer
//! lines read by another, each answer awaited for at most the per-line timeout. Whatever goes
//! wrong (the child exits, hangs, prints something that is not an answer, answers more lines
//! than it was asked) is one line naming the request.

use std::io::{BufRead, BufReader, Write};
use std::process::{ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use super::protocol::{Answer, Request};

/// A running implementation.
pub struct Child {
    process: std::process::Child,
    /// Batches of request lines for the writer thread; `None` once stdin is to close.
    batches: Option<Sender<Vec<u8>>>,
    writer: Option<JoinHandle<()>>,
    /// Answer lines (`Err`: a line that is not UTF-8); disconnected at the child's EOF.
    lines: Receiver<Result<String, String>>,
    timeout: Duration,
    /// Requests sent and answers read so far.
    sent: u64,
    read: u64,
}

impl Child {
    /// Starts `command` (program and arguments) with piped stdin and stdout; its stderr is ours.
    pub fn spawn(command: &[String], timeout: Duration) -> Result<Child, String> {
        let (program, args) = command
            .split_first()
            .ok_or("no implementation to run: give its command after `--`")?;
        let mut process = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {program:?}: {e}"))?;
        let stdin = process.stdin.take().ok_or("no stdin pipe")?;
        let stdout = process.stdout.take().ok_or("no stdout pipe")?;
        let (batches, to_write) = mpsc::channel::<Vec<u8>>();
        let writer = std::thread::spawn(move || write_batches(stdin, &to_write));
        let (send_line, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::with_capacity(1 << 16, stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => return,
                    Ok(_) => {
                        if buf.last() == Some(&b'\n') {
                            buf.pop();
                        }
                        if buf.last() == Some(&b'\r') {
                            buf.pop();
                        }
                        let line = String::from_utf8(std::mem::take(&mut buf))
                            .map_err(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
                        if send_line.send(line).is_err() {
                            return;
                        }
                    }
                }
            }
        });
        Ok(Child {
            process,
            batches: Some(batches),
            writer: Some(writer),
            lines,
            timeout,
            sent: 0,
            read: 0,
        })
    }

    /// Sends `requests` as one batch: a line each, then an empty line (flush your output).
    pub fn send<'a>(&mut self, requests: impl IntoIterator<Item = &'a Request>) {
        let mut text = String::new();
        for request in requests {
            request.write_line(&mut text);
            text.push('\n');
            self.sent += 1;
        }
        text.push('\n');
        if let Some(batches) = &self.batches {
            // A writer that stopped (the child closed its stdin) shows as a missing answer.
            let _ = batches.send(text.into_bytes());
        }
    }

    /// The answer to `request`, the oldest request not yet answered.
    pub fn receive(&mut self, request: &Request) -> Result<Answer, String> {
        let number = self.read + 1;
        let line = match self.lines.recv_timeout(self.timeout) {
            Ok(line) => line,
            Err(RecvTimeoutError::Timeout) => {
                let _ = self.process.kill();
                return Err(format!(
                    "no answer within {} to request {number}, {}",
                    seconds(self.timeout),
                    request.describe()
                ));
            }
            Err(RecvTimeoutError::Disconnected) => {
                return Err(format!(
                    "the implementation {} before answering request {number}, {}",
                    self.exit_status(),
                    request.describe()
                ));
            }
        };
        self.read = number;
        let line = line.map_err(|lossy| {
            format!(
                "answer {number} is not UTF-8 ({}), to {}",
                clip(&lossy),
                request.describe()
            )
        })?;
        Answer::from_line(&line).map_err(|why| {
            format!(
                "answer {number} is not an answer, {why}: {}, to {}",
                clip(&line),
                request.describe()
            )
        })
    }

    /// Closes the child's stdin and waits for it to end; `Err` when it answered more lines than
    /// it was asked. A child that does not end within the timeout is killed.
    pub fn finish(mut self) -> Result<(), String> {
        self.batches = None;
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
        let extra = match self.lines.recv_timeout(self.timeout) {
            Ok(line) => Some(line.unwrap_or_else(|lossy| lossy)),
            Err(_) => None,
        };
        let _ = self.process.kill();
        let _ = self.process.wait();
        match extra {
            Some(line) => Err(format!(
                "the implementation answered more lines than the {} requests it was asked: {}",
                self.sent,
                clip(&line)
            )),
            None => Ok(()),
        }
    }

    /// `exited (status)` or `closed its output`, for a child whose output ended.
    fn exit_status(&mut self) -> String {
        for _ in 0..50 {
            if let Ok(Some(status)) = self.process.try_wait() {
                return format!("exited ({status})");
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        "closed its output".to_owned()
    }
}

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// The writer thread: each batch to the child's stdin, flushed; ends when the batches end or
/// the child stops reading.
fn write_batches(stdin: ChildStdin, batches: &Receiver<Vec<u8>>) {
    let mut stdin = std::io::BufWriter::with_capacity(1 << 16, stdin);
    for batch in batches {
        if stdin
            .write_all(&batch)
            .and_then(|()| stdin.flush())
            .is_err()
        {
            return;
        }
    }
}

fn seconds(duration: Duration) -> String {
    format!("{}s", duration.as_secs_f64())
}

/// A line as it is shown in an error: quoted, at most 120 characters.
fn clip(line: &str) -> String {
    let clipped: String = line.chars().take(120).collect();
    if clipped.len() < line.len() {
        format!("{clipped:?}…")
    } else {
        format!("{clipped:?}")
    }
}
