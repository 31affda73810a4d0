#![doc = include_str!("../README.md")]
#![no_std]

extern crate alloc;

mod canon;
mod compare;
mod component;
mod constructor;
#[cfg(feature = "ecmascript")]
mod ecma;
mod engine;
mod error;
mod generate;
mod init;
mod matcher;
mod parser;
mod pattern;
mod router;
mod tokenizer;
mod types;

#[cfg(feature = "regress")]
pub use engine::RegressEngine;
pub use engine::{DefaultEngine, NoRegexEngine, RegexEngine};
#[cfg(feature = "ecmascript")]
pub use engine::{EcmaEngine, EcmaRegex, LinearEngine};
pub use error::{Error, Reason};
pub use init::UrlPatternInit;
pub use pattern::UrlPattern;
pub use router::{Router, RouterMatch};
pub use types::{
    ComponentName, ComponentResult, MatchInput, UrlPatternInput, UrlPatternOptions,
    UrlPatternResult,
};
