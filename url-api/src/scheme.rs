//! The special schemes (spec 4.2) by name, for the layers above that need the list (the
//! URLPattern Standard's "protocol component matches a special scheme" tries each one, through
//! [`any_special_scheme`]).
//! What each is, and its default port, is url-core's [`SchemeType`](url_core::SchemeType).

/// The special schemes (spec 4.2), in the standard's table order. Each is one
/// [`SchemeType`](url_core::SchemeType) but `NotSpecial`; [`is_special_scheme`] and
/// [`default_port`] classify a scheme without the list.
///
/// ```
/// use whatwg_url::{SPECIAL_SCHEMES, SchemeType, default_port, is_special_scheme};
///
/// assert!(SPECIAL_SCHEMES.iter().all(|s| is_special_scheme(s)));
/// assert_eq!(SchemeType::from_scheme(SPECIAL_SCHEMES[3]), SchemeType::Https);
/// assert_eq!(default_port("wss"), Some(443));
/// assert!(!is_special_scheme("blob"));
/// ```
pub const SPECIAL_SCHEMES: [&str; 6] = ["ftp", "file", "http", "https", "ws", "wss"];

/// Whether `predicate` holds for some special scheme (spec 4.2), tried in the standard's table
/// order: the question a layer above asks without naming the schemes (the URLPattern
/// Standard's "protocol component matches a special scheme" is
/// `any_special_scheme(|scheme| protocol_component_matches(scheme))`).
///
/// ```
/// use whatwg_url::any_special_scheme;
///
/// assert!(any_special_scheme(|scheme| scheme.starts_with("ws")));
/// assert!(!any_special_scheme(|scheme| scheme == "blob"));
/// ```
#[inline]
pub fn any_special_scheme(predicate: impl FnMut(&str) -> bool) -> bool {
    SPECIAL_SCHEMES.into_iter().any(predicate)
}

pub use url_core::{default_port, is_special_scheme};

#[cfg(test)]
mod tests {
    use super::SPECIAL_SCHEMES;
    use url_core::SchemeType;

    /// The list names every special scheme type once.
    #[test]
    fn one_name_per_special_scheme_type() {
        let types = SPECIAL_SCHEMES.map(SchemeType::from_scheme);
        for (i, t) in types.iter().enumerate() {
            assert!(t.is_special(), "{}", SPECIAL_SCHEMES[i]);
            assert!(!types[..i].contains(t), "{} twice", SPECIAL_SCHEMES[i]);
        }
        // Every variant but NotSpecial: a new special scheme type fails to compile here.
        for t in types {
            match t {
                SchemeType::Ftp
                | SchemeType::File
                | SchemeType::Http
                | SchemeType::Https
                | SchemeType::Ws
                | SchemeType::Wss => {}
                SchemeType::NotSpecial => unreachable!(),
            }
        }
    }
}
