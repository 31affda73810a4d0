//! A URL from `--set` components alone (no input), as trurl builds one: a first URL is parsed
//! from the scheme and host (or the href) given, and then every `--set` is applied in order
//! through the standard's setters, as for an input URL. Without a scheme, the scheme is
//! guessed from the host as curl guesses it (`http` mostly).

use whatwg_url::{Component, Url};

use crate::edit::Edits;
use crate::guess;

/// The value of the last `--set` of one of `wanted`.
fn last<'a>(edits: &'a Edits, wanted: &[Component]) -> Option<&'a str> {
    edits
        .sets
        .iter()
        .rev()
        .find(|set| wanted.contains(&set.component))
        .map(|set| set.value.as_str())
}

/// Whether the `--set` options of `edits` can start a URL: a usage error unless one sets the
/// host, the href or the scheme.
pub fn check(edits: &Edits) -> Result<(), String> {
    let starts = [
        Component::Host,
        Component::Hostname,
        Component::Href,
        Component::Protocol,
    ];
    match last(edits, &starts) {
        Some(_) => Ok(()),
        None => Err("--set alone builds a URL from host= (and scheme=), url=, or scheme=".into()),
    }
}

/// The URL the `--set` options of `edits` describe, and the scheme when it was guessed.
pub fn from_sets(edits: &Edits) -> Result<(Url, Option<&'static str>), String> {
    let last = |wanted: &[Component]| last(edits, wanted);
    let given_scheme = last(&[Component::Protocol]).map(|s| s.strip_suffix(':').unwrap_or(s));
    let host = last(&[Component::Host, Component::Hostname]).filter(|h| !h.is_empty());
    // The skeleton has the last scheme already (and a `file:` URL with an empty host refuses
    // even `file` from the protocol setter, spec 6.1).
    let mut except = vec![Component::Protocol];
    let (start, guessed) = match (host, last(&[Component::Href]), given_scheme) {
        (Some(host), ..) => {
            let (scheme, guessed) = match given_scheme {
                Some(scheme) => (scheme, None),
                None => {
                    let scheme = guess::scheme_for_host(host);
                    (scheme, Some(scheme))
                }
            };
            (only_host(scheme, host)?, guessed)
        }
        (None, Some(href), _) => (parse(href)?, None),
        (None, None, Some(scheme)) => {
            // No host: an opaque path (`mailto:` and the like), or a `file:` URL; a special
            // scheme with a host fails here as the parser says.
            // The path is given to the parser here: the pathname setter leaves an opaque path
            // alone (spec 6.1).
            let path = last(&[Component::Pathname]).unwrap_or_default();
            except.push(Component::Pathname);
            (parse(&format!("{scheme}:{path}"))?, None)
        }
        (None, None, None) => return Err(check(edits).err().unwrap_or_default()),
    };
    Ok((edits.apply_except(start, &except)?, guessed))
}

fn parse(text: &str) -> Result<Url, String> {
    Url::parse(text, None).map_err(|e| format!("--set: cannot build a URL from {text:?}: {e}"))
}

/// `scheme://host`, parsed, where `host` has to be a host (and port) alone: a value that
/// brings a path, query, fragment or credentials with it is not one.
fn only_host(scheme: &str, host: &str) -> Result<Url, String> {
    let url = parse(&format!("{scheme}://{host}"))?;
    let alone = matches!(url.pathname(), "" | "/")
        && url.query().is_none()
        && url.fragment().is_none()
        && url.username().is_empty()
        && url.password().is_empty();
    if alone {
        Ok(url)
    } else {
        Err(format!("--set host={host:?}: not a host"))
    }
}
