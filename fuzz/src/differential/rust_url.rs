//! rust-url's divergence classes (R1–R17 of `fuzz/DIVERGENCES.md`): each predicate recognizes
//! one way rust-url departs from the standard, with ada (and the spec) on our side.

use super::*;

/// `/X:` or `/X|` followed by the end or `/`: a path starting with a Windows drive letter.
pub(super) fn starts_with_drive_letter(path: &str) -> bool {
    let b = path.as_bytes();
    b.len() >= 3
        && b[0] == b'/'
        && b[1].is_ascii_alphabetic()
        && matches!(b[2], b':' | b'|')
        && (b.len() == 3 || b[3] == b'/')
}

pub(super) fn rust_url_xn_label(d: &Divergence) -> bool {
    rust_url_fails_on_host(d, &|host| {
        host.split('.').any(|label| label.starts_with("xn--"))
            && url::quirks::domain_to_ascii(host).is_empty()
    })
}

/// R17: our host has a label past `idna`'s limits on length, which rust-url's IDNA (`idna`)
/// refuses: Punycode of more than 2,000 bytes, or of a label of more than 1,000 code points.
pub(super) fn rust_url_long_label(d: &Divergence) -> bool {
    rust_url_fails_on_host(d, &|host| {
        host.split('.').any(|label| {
            label.strip_prefix("xn--").is_some_and(|punycode| {
                punycode.len() > 2000 || host::domain_to_unicode(label).chars().count() > 1000
            })
        })
    })
}

/// rust-url fails where we parse a special URL whose host `fails_on` says is why: on the
/// input, on its base, or on the inner URL of a blob: URL (whose origin is then opaque).
fn rust_url_fails_on_host(d: &Divergence, fails_on: &dyn Fn(&str) -> bool) -> bool {
    // The base is where rust-url fails, for this reason.
    if let Some(base) = &d.base
        && let (Some(_), None) = (self::ours(base, None), rust_url(base, None))
    {
        return rust_url_fails_on_host(
            &Divergence {
                other: d.other,
                input: base.clone(),
                base: None,
                ours: self::ours(base, None),
                theirs: None,
                ada_agrees: d.ada_agrees,
            },
            fails_on,
        );
    }
    // The inner URL of a blob: URL fails in rust-url, for this reason (so its origin is opaque).
    if let Some((ours, theirs)) = both(d)
        && only(d, &[Component::Origin])
        && ours.component(Component::Protocol) == "blob:"
        && theirs.component(Component::Origin) == "null"
    {
        let inner = ours.component(Component::Pathname);
        return rust_url_fails_on_host(
            &Divergence {
                other: d.other,
                input: inner.into(),
                base: None,
                ours: self::ours(inner, None),
                theirs: rust_url(inner, None),
                ada_agrees: d.ada_agrees,
            },
            fails_on,
        );
    }
    let Some(ours) = they_fail(d) else {
        return false;
    };
    special(ours.component(Component::Protocol)) && fails_on(ours.component(Component::Hostname))
}

pub(super) fn rust_url_slashes_against_base(d: &Divergence) -> bool {
    let Some(ours) = they_fail(d) else {
        return false;
    };
    let input = prepared(&d.input);
    d.base.is_some()
        && special(ours.component(Component::Protocol))
        && input
            .chars()
            .take(3)
            .filter(|c| matches!(c, '/' | '\\'))
            .count()
            == 3
}

pub(super) fn rust_url_file_host_dropped(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && only(d, &[Component::Href, Component::Host, Component::Hostname])
        && theirs.component(Component::Host).is_empty()
        && starts_with_drive_letter(ours.component(Component::Pathname))
}

pub(super) fn rust_url_file_empty_segments(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.component(Component::Pathname);
    d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && only(d, &[Component::Href, Component::Pathname])
        && path.starts_with("//")
        && theirs.component(Component::Pathname) == format!("/{}", path.trim_start_matches('/'))
}

pub(super) fn rust_url_pipe_drive_letter(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let theirs_path = theirs.component(Component::Pathname);
    d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && only(d, &[Component::Href, Component::Pathname])
        && starts_with_drive_letter(theirs_path)
        && theirs_path.get(2..3) == Some("|")
        && ours.component(Component::Pathname) == theirs_path.replacen('|', ":", 1)
}

pub(super) fn rust_url_non_special_backslash(d: &Divergence) -> bool {
    // Only a relative input against a non-special base (which we parse).
    let Some(base) = d.base.as_deref().and_then(|b| self::ours(b, None)) else {
        return false;
    };
    let input = prepared(&d.input);
    let leading = input.len() - input.trim_start_matches(['/', '\\']).len();
    if special(base.component(Component::Protocol)) || !input[..leading].contains('\\') {
        return false;
    }
    // rust-url reads a backslash in the leading run of slashes as a slash, or as the start of
    // an authority, depending on where it stands; we keep it as a path code point (spec 4.4:
    // only special URLs treat U+005C as a separator). Any such input diverges, whatever
    // rust-url then makes of it.
    true
}

pub(super) fn rust_url_glued_to_drive_letter(d: &Divergence) -> bool {
    // Against a file base whose path has more than one segment and ends in a drive letter,
    // rust-url writes the relative path right after that drive letter (no "/", not replaced).
    let (Some((ours, theirs)), Some(base)) = (both(d), d.base.as_deref()) else {
        return false;
    };
    let Some(base) = self::ours(base, None) else {
        return false;
    };
    let base_path = base.component(Component::Pathname);
    let Some((_, drive)) = base_path.rsplit_once('/') else {
        return false;
    };
    d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && only(d, &[Component::Href, Component::Pathname])
        && base_path.matches('/').count() > 1
        && starts_with_drive_letter(&format!("/{drive}"))
        && theirs
            .component(Component::Pathname)
            .replacen(&format!("/{drive}"), "/", 1)
            == ours.component(Component::Pathname)
}

pub(super) fn rust_url_port_backslash(d: &Divergence) -> bool {
    // We fail on the input or on its base; that string is not special and a backslash follows
    // the ':' of its port, which rust-url takes for the end of the port.
    if d.ours.is_some() || d.theirs.is_none() {
        return false;
    }
    let failing = match &d.base {
        Some(base) if self::ours(base, None).is_none() => base.as_str(),
        _ => d.input.as_str(),
    };
    let text = prepared(failing);
    // The string's own non-special scheme, or a scheme-relative input against a non-special
    // base (which we parse): then the check below parses against that base.
    let (rest, base) = match text.split_once("://") {
        Some((scheme, rest))
            if scheme.starts_with(|c: char| c.is_ascii_alphabetic())
                && scheme
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            if whatwg_url::is_special_scheme(&scheme.to_ascii_lowercase()) {
                return false;
            }
            (rest, None)
        }
        _ => match (
            text.strip_prefix("//"),
            d.base.as_deref().filter(|_| failing == d.input),
        ) {
            (Some(rest), Some(base))
                if self::ours(base, None)
                    .is_some_and(|b| !special(b.component(Component::Protocol))) =>
            {
                (rest, Some(base))
            }
            _ => return false,
        },
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host_and_port = authority.rsplit('@').next().unwrap_or_default();
    // An IPv6 address's colons are inside its brackets.
    let after_host = match host_and_port.split_once(']') {
        Some((_, after)) if host_and_port.starts_with('[') => after,
        _ => host_and_port,
    };
    let Some((_, port)) = after_host.split_once(':') else {
        return false;
    };
    let digits = port.len() - port.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    // With a `/` after the digits (where rust-url ends the port) we parse it. `port` is a
    // suffix of `text` up to the end of the authority: find it from the end, not by search (the
    // same characters may come earlier, in the userinfo).
    let authority_end = text.len() - rest.len() + authority.len();
    let slash_at = authority_end - port.len() + digits;
    port[digits..].starts_with('\\')
        && self::ours(
            &format!("{}/{}", &text[..slash_at], &text[slash_at..]),
            base,
        )
        .is_some()
}

pub(super) fn rust_url_empty_host_after_credentials(d: &Divergence) -> bool {
    // We fail on the input or on its base (ada too); that string is not special, and its
    // authority has an `@` with nothing after the last one: spec 4.4 authority state, step
    // 2.1 (atSignSeen and an empty buffer: host-missing, failure).
    if d.ours.is_some() || d.theirs.is_none() || !d.ada_agrees {
        return false;
    }
    let failing = match &d.base {
        Some(base) if self::ours(base, None).is_none() => base.as_str(),
        _ => d.input.as_str(),
    };
    let text = prepared(failing);
    let rest = match text.split_once("://") {
        Some((scheme, rest))
            if scheme
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || "+-.".contains(c)) =>
        {
            if whatwg_url::is_special_scheme(&scheme.to_ascii_lowercase()) {
                return false;
            }
            rest
        }
        // A scheme-relative input against a non-special base (which we parse).
        _ => match (
            text.strip_prefix("//"),
            d.base.as_deref().and_then(|b| self::ours(b, None)),
        ) {
            (Some(rest), Some(base)) if !special(base.component(Component::Protocol)) => rest,
            _ => return false,
        },
    };
    let authority = rest.split(['/', '?', '#']).next().unwrap_or_default();
    authority.ends_with('@')
}

pub(super) fn rust_url_opaque_path_space(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.component(Component::Pathname);
    only(d, &[Component::Href, Component::Pathname])
        && !path.starts_with('/')
        && path
            .strip_suffix("%20")
            .is_some_and(|rest| theirs.component(Component::Pathname) == format!("{rest} "))
}

pub(super) fn rust_url_caret_in_path(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    only(d, &[Component::Href, Component::Pathname])
        && theirs.component(Component::Pathname).contains('^')
        && ours.component(Component::Pathname)
            == theirs.component(Component::Pathname).replace('^', "%5E")
}

pub(super) fn rust_url_blob_origin(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    // Spec 4.7: the origin of the path's URL only when that URL's scheme is http(s) (or
    // file, whose origin is opaque too); rust-url takes it for any scheme, nested blob: too.
    let inner = ours.component(Component::Pathname).to_ascii_lowercase();
    only(d, &[Component::Origin])
        && ours.component(Component::Protocol) == "blob:"
        && ours.component(Component::Origin) == "null"
        && theirs.component(Component::Origin) != "null"
        && !inner.starts_with("http:")
        && !inner.starts_with("https:")
}

pub(super) fn rust_url_drive_letter_kept(d: &Divergence) -> bool {
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    // Their path is ours with one more segment, a Windows drive letter.
    let segments: Vec<&str> = theirs.component(Component::Pathname).split('/').collect();
    d.ada_agrees
        && only(d, &[Component::Href, Component::Pathname])
        && theirs.component(Component::Pathname).starts_with('/')
        && (0..segments.len()).any(|i| {
            let mut without = segments.clone();
            let drive = without.remove(i);
            starts_with_drive_letter(&format!("/{drive}"))
                && without.join("/") == ours.component(Component::Pathname)
        })
}

pub(super) fn rust_url_drive_letter_split(d: &Divergence) -> bool {
    // A file path's first segment starts with "X:" but is no drive letter (the third code point
    // is not /, \, ? or #, spec 4.2 "starts with a Windows drive letter"); rust-url splits it
    // after "X:".
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let path = ours.component(Component::Pathname);
    d.ada_agrees
        && ours.component(Component::Protocol) == "file:"
        && only(d, &[Component::Href, Component::Pathname])
        && path.len() > 3
        && starts_with_drive_letter(&path[..3])
        && theirs.component(Component::Pathname) == format!("{}/{}", &path[..3], &path[3..])
}

pub(super) fn rust_url_drive_letter_path(d: &Divergence) -> bool {
    // Everything else rust-url does with Windows drive letters in paths (R3, R5, R10, R12 and
    // R14 meeting in one path, drive letters in the middle of a base path, "X|" forms, ...),
    // accepted only where ada, which follows the standard, sides with us. A drive
    // letter must be in play: in the input, in the base's path or in either result's path.
    let Some((ours, theirs)) = both(d) else {
        return false;
    };
    let file = ours.component(Component::Protocol) == "file:";
    let base_path = d
        .base
        .as_deref()
        .and_then(|b| self::ours(b, None))
        .map(|b| b.component(Component::Pathname).to_owned())
        .unwrap_or_default();
    d.ada_agrees
        && only(
            d,
            &[
                Component::Href,
                Component::Host,
                Component::Hostname,
                Component::Pathname,
            ],
        )
        && (file || has_drive_letter_segment(theirs.component(Component::Pathname)))
        && (has_drive_letter_segment(ours.component(Component::Pathname))
            || has_drive_letter_segment(theirs.component(Component::Pathname))
            || has_drive_letter_segment(&base_path)
            || has_drive_letter_segment(&prepared(&d.input)))
}

/// Some segment of `text` (split at `/` and `\`; a leading `file:` taken off) starts with a
/// Windows drive letter (spec 4.2: an ASCII alpha, then `:` or `|`).
pub(super) fn has_drive_letter_segment(text: &str) -> bool {
    let text = match text.get(..5) {
        Some(scheme) if scheme.eq_ignore_ascii_case("file:") => &text[5..],
        _ => text,
    };
    text.split(['/', '\\']).any(|segment| {
        let b = segment.as_bytes();
        b.len() >= 2 && b[0].is_ascii_alphabetic() && matches!(b[1], b':' | b'|')
    })
}

pub(super) fn rust_url_panics(d: &Divergence) -> bool {
    d.theirs.as_ref().is_some_and(|t| t.href() == PANICKED)
}
