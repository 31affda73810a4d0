//! Target `setters`: a URL and a sequence of setter calls on every attribute.
//!
//! Input: a URL (the first chunk; when it does not parse, one of [`FALLBACK_URLS`] chosen by
//! its length), then chunks whose first byte picks a [`Setter`] (modulo their number) and
//! whose rest is the value. After each call:
//! - the URL's record invariants hold and its href re-parses to an identical URL
//!   (same href, same components), but where the standard makes the re-parse differ (after
//!   a switch to `file`: a host `localhost`, a drive letter with `|`; see
//!   [`crate::parse::FileQuirks`]);
//! - a `try_set_*` that returned an error left the href byte-for-byte unchanged (except the
//!   `host` setter's [`SetterError::InvalidPort`], which the spec lets set the host first);
//! - the plain `set_*` form does exactly what the `try_set_*` form does;
//! - `href` as a setter gives what `Url::parse` gives, or changes nothing;
//! - setting an attribute to its own getter's value changes nothing, where the spec makes
//!   that an identity (see [`same_value_is_identity`]);
//! - the `pathname`, `search`, `hash` and `hostname` setters give what the same setter steps
//!   give through the general state machine alone ([`general_path`]): the state-override
//!   entry's shortcuts for values that need nothing done change nothing but the time.

use whatwg_url::{Component, SetterError, Url};

use crate::input;
use crate::parse::{Components, FileQuirks, check_url, file_href, file_quirks};

/// URLs for inputs whose first chunk does not parse: special, non-special with a host,
/// opaque path, file, IPv6 with credentials and port.
pub const FALLBACK_URLS: [&str; 6] = [
    "https://user:pass@example.com:8080/a/b?q=1#f",
    "web+demo://h/p?q#f",
    "mailto:someone@example.com?subject=hi#top",
    "file:///C:/dir/file.txt",
    "wss://u@[::1]:99/x",
    "sc:/.//p",
];

/// The attributes with a setter (spec 6.1), in selector order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(u8)]
pub enum Setter {
    /// `href`.
    Href = 0,
    /// `protocol`.
    Protocol = 1,
    /// `username`.
    Username = 2,
    /// `password`.
    Password = 3,
    /// `host`.
    Host = 4,
    /// `hostname`.
    Hostname = 5,
    /// `port`.
    Port = 6,
    /// `pathname`.
    Pathname = 7,
    /// `search`.
    Search = 8,
    /// `hash`.
    Hash = 9,
}

impl Setter {
    /// Every setter, in selector order.
    pub const ALL: [Setter; 10] = [
        Setter::Href,
        Setter::Protocol,
        Setter::Username,
        Setter::Password,
        Setter::Host,
        Setter::Hostname,
        Setter::Port,
        Setter::Pathname,
        Setter::Search,
        Setter::Hash,
    ];

    /// The setter a selector byte picks.
    pub fn from_selector(selector: u8) -> Setter {
        Setter::ALL[usize::from(selector) % Setter::ALL.len()]
    }

    /// The setter of the attribute called `name` (`"protocol"`, `"hostname"`, ...).
    pub fn from_name(name: &str) -> Option<Setter> {
        Setter::ALL.into_iter().find(|s| s.name() == name)
    }

    /// The attribute (whatwg-url's name for it).
    pub fn component(self) -> Component {
        match self {
            Setter::Href => Component::Href,
            Setter::Protocol => Component::Protocol,
            Setter::Username => Component::Username,
            Setter::Password => Component::Password,
            Setter::Host => Component::Host,
            Setter::Hostname => Component::Hostname,
            Setter::Port => Component::Port,
            Setter::Pathname => Component::Pathname,
            Setter::Search => Component::Search,
            Setter::Hash => Component::Hash,
        }
    }

    /// The attribute's name.
    pub fn name(self) -> &'static str {
        self.component().name()
    }

    /// The attribute's getter.
    pub fn get(self, url: &Url) -> String {
        url.component(self.component()).into_owned()
    }

    /// The `try_set_*` form, through [`Url::set_component`] (`href`: its error mapped to
    /// `None`).
    pub fn try_set(self, url: &mut Url, value: &str) -> Result<(), Option<SetterError>> {
        url.set_component(self.component(), value)
            .map_err(|e| match e {
                SetterError::InvalidHref(_) => None,
                other => Some(other),
            })
    }

    /// The plain `set_*` form (the spec's setter, which never reports anything).
    pub fn set(self, url: &mut Url, value: &str) {
        match self {
            Setter::Href => {
                let _ = url.set_href(value);
            }
            Setter::Protocol => url.set_protocol(value),
            Setter::Username => url.set_username(value),
            Setter::Password => url.set_password(value),
            Setter::Host => url.set_host(value),
            Setter::Hostname => url.set_hostname(value),
            Setter::Port => url.set_port(value),
            Setter::Pathname => url.set_pathname(value),
            Setter::Search => url.set_search(value),
            Setter::Hash => url.set_hash(value),
        }
    }
}

/// Checks one input (see the module docs).
pub fn check(data: &[u8]) {
    let mut chunks = input::chunks(data);
    let first = input::text(chunks.next().unwrap_or_default());
    let mut url = Url::parse(&first, None).unwrap_or_else(|_| {
        let fallback = FALLBACK_URLS[first.len() % FALLBACK_URLS.len()];
        Url::parse(fallback, None).unwrap_or_else(|e| panic!("fallback {fallback:?}: {e}"))
    });
    check_url(&url);
    for chunk in chunks {
        let Some((selector, value)) = input::op(chunk) else {
            continue;
        };
        apply(&mut url, Setter::from_selector(selector), &value);
    }
}

/// Runs one setter on `url` and checks the properties after it.
pub fn apply(url: &mut Url, setter: Setter, value: &str) {
    let before = url.clone();
    let mut plain = url.clone();
    let result = setter.try_set(url, value);
    setter.set(&mut plain, value);
    let what = || format!("{}({value:?}) on {:?}", setter.name(), before.href());
    assert_eq!(
        plain.href(),
        url.href(),
        "set_* and try_set_* disagree: {}",
        what()
    );
    match result {
        Err(Some(SetterError::InvalidPort(_))) if setter == Setter::Host => {}
        Err(e) => assert_eq!(
            url.href(),
            before.href(),
            "{} failed ({e:?}) but changed the URL",
            what()
        ),
        Ok(()) => {}
    }
    if setter == Setter::Href {
        let parsed = Url::parse(value, None);
        let expected = parsed.as_ref().unwrap_or(&before);
        assert_eq!(url, expected, "the href setter: {}", what());
    }
    if let Some(general) = general_path(&before, setter, value) {
        assert_eq!(
            url.href(),
            general.href(),
            "{}: the shortcut and the general state machine differ",
            what()
        );
    }
    if setter == Setter::Pathname {
        check_canonical_special_path(value);
    }
    check_url(url);
    // (`check_url` checked what the href parses to where the standard makes it differ.)
    let quirks = file_quirks(url);
    if quirks.is_none() {
        assert_eq!(
            Components::of(url),
            Components::of(&Url::parse(url.href(), None).unwrap_or_else(|_| before.clone())),
            "components after {}",
            what()
        );
    }
    if same_value_is_identity(url, setter) {
        let current = setter.get(url);
        let mut again = url.clone();
        setter.set(&mut again, &current);
        // The pathname setter parses the path, which writes the drive letter with `:`; the
        // host and hostname setters parse the host, which makes `localhost` empty (file host
        // state). Each changes its own part only.
        let expected = match (quirks, setter) {
            (Some(q), Setter::Pathname) => file_href(
                url,
                FileQuirks {
                    localhost: false,
                    ..q
                },
            ),
            (Some(q), Setter::Host | Setter::Hostname) => {
                file_href(url, FileQuirks { bar: false, ..q })
            }
            _ => url.href().to_owned(),
        };
        assert_eq!(
            again.href(),
            expected,
            "setting {} to its own value {current:?} changed the URL",
            setter.name()
        );
    }
}

/// `whatwg_url::is_canonical_special_path` (URLPattern's pathname encoding callback skips the
/// setter on what it takes): the setter's general steps on a special URL give such a value
/// back as it is.
fn check_canonical_special_path(value: &str) {
    if !whatwg_url::is_canonical_special_path(value) {
        return;
    }
    let mut url = Url::parse("https://dummy.invalid/", None).expect("a constant URL");
    url.try_set_pathname_without_shortcuts(value)
        .expect("a special URL takes a pathname");
    assert_eq!(
        url.pathname(),
        value,
        "is_canonical_special_path({value:?}) but the pathname setter changes it"
    );
}

/// The URL the setter's own steps give through the general state machine alone (whatwg-url's
/// `try_set_*_without_shortcuts`, feature `testing`: the same steps with url-core's
/// state-override shortcuts off), for the setters whose state has a shortcut; `None` for the
/// others.
pub fn general_path(before: &Url, setter: Setter, value: &str) -> Option<Url> {
    let mut general = before.clone();
    // A failure leaves the URL as it was, as the setter with its shortcuts does (checked
    // above): only the resulting URL is compared.
    let _ = match setter {
        Setter::Pathname => general.try_set_pathname_without_shortcuts(value),
        Setter::Hostname => general.try_set_hostname_without_shortcuts(value),
        Setter::Search => general.try_set_search_without_shortcuts(value),
        Setter::Hash => general.try_set_hash_without_shortcuts(value),
        _ => return None,
    };
    Some(general)
}

/// Whether setting `setter`'s attribute of `url` to its getter's value must leave `url`
/// unchanged. Not where the getter hides a difference the setter would make:
/// - `search`/`hash` give `""` for an empty query/fragment, which the setter makes null;
/// - `host`/`hostname` give `""` for a null host too, which the setter would make empty;
/// - `href` always is (the serialization parses to itself), checked in [`crate::parse`].
pub fn same_value_is_identity(url: &Url, setter: Setter) -> bool {
    match setter {
        Setter::Href => false,
        Setter::Search => url.query() != Some(""),
        Setter::Hash => url.fragment() != Some(""),
        Setter::Host | Setter::Hostname => {
            !matches!(url.host_kind(), None | Some(whatwg_url::HostKind::Empty))
        }
        _ => true,
    }
}
