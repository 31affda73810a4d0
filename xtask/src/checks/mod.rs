//! Checks on the workspace's structure, each a `cargo xtask` command and a step of
//! `cargo xtask test`: no build artifacts in git, no module import cycles, no repeated blocks.

pub mod artifacts;
pub mod cycles;
pub mod duplicates;
