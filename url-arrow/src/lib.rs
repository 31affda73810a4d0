#![doc = include_str!("../README.md")]

mod column;
mod component;
mod input;
mod kernels;

pub use component::Component;
pub use kernels::{
    component, href, is_valid, parse, parse_fields, public_suffix, registrable_domain,
};
/// The URL type the kernels parse with (re-exported from `whatwg-url`): give one as the base.
pub use whatwg_url::Url;
