//! `serde` support (feature `serde`): a [`Url`] is its href string, and a
//! [`UrlSearchParams`] its application/x-www-form-urlencoded serialization.
//!
//! ```
//! use whatwg_url::Url;
//!
//! let url: Url = serde_json::from_str(r#""https://example.com/a b""#).unwrap();
//! assert_eq!(serde_json::to_string(&url).unwrap(), r#""https://example.com/a%20b""#);
//! let err = serde_json::from_str::<Url>(r#""not a URL""#).unwrap_err();
//! assert!(err.to_string().starts_with("invalid URL \"not a URL\""));
//! ```

use alloc::string::String;
use core::fmt;

use serde::de::{self, Deserializer, Visitor};
use serde::ser::Serializer;
use serde::{Deserialize, Serialize};

use crate::search_params::UrlSearchParams;
use crate::url::Url;

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.href())
    }
}

struct UrlVisitor;

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an absolute URL string")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<Url, E> {
        Url::parse(s, None).map_err(|e| E::custom(format_args!("invalid URL {s:?}: {e}")))
    }
}

impl<'de> Deserialize<'de> for Url {
    /// Parses the string with `Url::parse(s, None)`; a string that does not parse is an
    /// error naming the string and the failing validation error.
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_str(UrlVisitor)
    }
}

impl Serialize for UrlSearchParams {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut out = String::new();
        self.serialize_into(&mut out);
        serializer.serialize_str(&out)
    }
}

struct ParamsVisitor;

impl Visitor<'_> for ParamsVisitor {
    type Value = UrlSearchParams;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an application/x-www-form-urlencoded string")
    }

    fn visit_str<E: de::Error>(self, s: &str) -> Result<UrlSearchParams, E> {
        Ok(UrlSearchParams::parse(s))
    }
}

impl<'de> Deserialize<'de> for UrlSearchParams {
    /// Parses the string with [`UrlSearchParams::parse`].
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<UrlSearchParams, D::Error> {
        deserializer.deserialize_str(ParamsVisitor)
    }
}
