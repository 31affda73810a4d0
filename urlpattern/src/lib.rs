// The README's example routes on `(regexp)` groups, which need the default engine: without
// it the crate's page is this line (docs.rs builds with every feature).
#![cfg_attr(feature = "ecmascript", doc = include_str!("../README.md"))]
#![cfg_attr(
    not(feature = "ecmascript"),
    doc = "URL patterns (the WHATWG URLPattern Standard); see the README for an example."
)]
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
mod escape;
mod generate;
mod init;
mod matcher;
mod name;
mod parser;
mod pattern;
mod routeset;
mod tokenizer;
mod types;

#[cfg(feature = "regress")]
pub use engine::RegressEngine;
pub use engine::{DefaultEngine, NoRegexEngine, RegexEngine};
#[cfg(feature = "ecmascript")]
pub use engine::{EcmaEngine, EcmaRegex, LinearEngine};
pub use error::{Error, Reason};
pub use init::UrlPatternInit;
pub use name::ComponentName;
pub use pattern::UrlPattern;
pub use routeset::{RouteMatch, RouteSet};
pub use types::{
    ComponentResult, MatchInput, UrlPatternInput, UrlPatternOptions, UrlPatternResult,
};
