//! `cargo xtask compat`: url 2.5.8's own tests against the facade (stub; the facade's author
//! replaces this file).

use std::path::Path;
use std::process::ExitCode;

pub fn run(root: &Path) -> ExitCode {
    let _ = root;
    eprintln!("cargo xtask compat: not yet");
    ExitCode::FAILURE
}
