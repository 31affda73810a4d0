//! Feature `serde`: a `Url` is its serialization (a string), as in rust-url.

use crate::Url;
use alloc::string::String;
use core::fmt;
use serde::de::{Error, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

impl Serialize for Url {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

struct UrlVisitor;

impl Visitor<'_> for UrlVisitor {
    type Value = Url;

    fn expecting(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("a string representing an URL")
    }

    fn visit_str<E: Error>(self, s: &str) -> Result<Url, E> {
        Url::parse(s).map_err(|err| Error::custom(alloc::format!("{err}: {s:?}")))
    }
}

impl<'de> Deserialize<'de> for Url {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Url, D::Error> {
        deserializer.deserialize_str(UrlVisitor)
    }
}

/// The components' boundaries beside the serialization, in rust-url's field order.
type Internal = (
    String,
    u32,
    u32,
    u32,
    u32,
    Option<u16>,
    u32,
    Option<u32>,
    Option<u32>,
);

impl Url {
    /// Serialize with Serde using the internal representation of the `Url` struct: the
    /// serialization and the component boundaries (rust-url's field order, without its
    /// private host tag).
    ///
    /// The corresponding `deserialize_internal` method sacrifices some invariant-checking for
    /// speed, compared to the `Deserialize` trait impl; here it parses the serialization and
    /// checks the boundaries against the parse.
    ///
    /// This method is only available if the `serde` Cargo feature is enabled.
    pub fn serialize_internal<S>(&self, serializer: S) -> Result<S::Ok, S::Error>
    where
        S: Serializer,
    {
        self.internal().serialize(serializer)
    }

    /// Serialize with Serde using the internal representation of the `Url` struct.
    ///
    /// This method is only available if the `serde` Cargo feature is enabled.
    pub fn deserialize_internal<'de, D>(deserializer: D) -> Result<Self, D::Error>
    where
        D: Deserializer<'de>,
    {
        let internal: Internal = Deserialize::deserialize(deserializer)?;
        let url = Url::parse(&internal.0).map_err(|e| Error::custom(alloc::format!("{e}")))?;
        if url.internal() != internal {
            return Err(Error::custom(
                "component boundaries do not match the serialization",
            ));
        }
        Ok(url)
    }

    fn internal(&self) -> Internal {
        let o = self.offsets();
        let to_u32 = |n: usize| u32::try_from(n).unwrap_or(u32::MAX);
        (
            String::from(self.as_str()),
            to_u32(o.scheme_end),
            to_u32(o.username_end),
            to_u32(o.host_start),
            to_u32(o.host_end),
            o.port,
            to_u32(o.path_start),
            o.query_start.map(to_u32),
            o.fragment_start.map(to_u32),
        )
    }
}
