#![doc = include_str!("../README.md")]

mod column;
mod dictionary;
mod input;
mod kernels;

pub use kernels::{
    component, href, is_valid, parse, parse_fields, public_suffix, registrable_domain,
};
/// The `URL` getters (spec 6.1) by name, one column each: `whatwg-url`'s [`Component`]
/// (re-exported; this crate's own enum of the same name and variants was moved there).
pub use whatwg_url::Component;
/// The URL type the kernels parse with (re-exported from `whatwg-url`): give one as the base.
pub use whatwg_url::Url;
