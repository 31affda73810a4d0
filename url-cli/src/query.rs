//! The query as name-value pairs (URLSearchParams, spec 6.2) with a separator other than `&`
//! (`--query-separator`, as trurl): the query is read with each `&` in it percent-encoded and
//! each separator taken for `&`, and written back with the serializer's `&` turned into the
//! separator (a separator inside a name or value is percent-encoded by the serializer, so
//! each `&` it writes is a separator).

use whatwg_url::{Url, UrlSearchParams};

/// The character between query pairs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Separator(char);

impl Default for Separator {
    fn default() -> Separator {
        Separator('&')
    }
}

impl Separator {
    /// `--query-separator`'s value: one character, not `=` (which splits a name from its
    /// value); a usage error otherwise.
    pub fn parse(value: Option<&str>) -> Result<Separator, String> {
        let Some(value) = value else {
            return Ok(Separator::default());
        };
        let mut chars = value.chars();
        match (chars.next(), chars.next()) {
            (Some('='), None) => Err(format!(
                "--query-separator {value:?}: `=` separates a name from its value"
            )),
            (Some(c), None) => Ok(Separator(c)),
            _ => Err(format!(
                "--query-separator {value:?}: expected one character, got {}",
                value.chars().count()
            )),
        }
    }

    /// The query pairs of `url`.
    pub fn params(self, url: &Url) -> UrlSearchParams {
        if self.0 == '&' {
            return url.search_params();
        }
        let query = url.query().unwrap_or_default();
        let mut ampersand_form = String::with_capacity(query.len() + 8);
        for c in query.chars() {
            match c {
                '&' => ampersand_form.push_str("%26"),
                c if c == self.0 => ampersand_form.push('&'),
                c => ampersand_form.push(c),
            }
        }
        UrlSearchParams::parse(&ampersand_form)
    }

    /// Changes the query pairs of `url` with `edit`, which says whether it changed them; an
    /// unchanged query is left as it was (not reserialized).
    pub fn edit(
        self,
        url: &mut Url,
        edit: impl FnOnce(&mut UrlSearchParams) -> bool,
    ) -> Result<(), String> {
        let mut params = self.params(url);
        if !edit(&mut params) {
            return Ok(());
        }
        let mut query = params.to_string();
        if self.0 != '&' {
            query = query.replace('&', self.0.encode_utf8(&mut [0; 4]));
        }
        url.try_set_search(&query).map_err(|e| e.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators() {
        assert!(Separator::parse(Some(";;")).is_err());
        assert!(Separator::parse(Some("")).is_err());
        assert!(Separator::parse(Some("=")).is_err());
        let semicolon = Separator::parse(Some(";")).unwrap();
        let mut url = Url::parse("https://h/?a=1&2;b=x;c", None).unwrap();
        let params = semicolon.params(&url);
        assert_eq!(params.get("a"), Some("1&2"));
        assert_eq!(params.get("b"), Some("x"));
        semicolon
            .edit(&mut url, |p| {
                p.sort();
                true
            })
            .unwrap();
        assert_eq!(url.href(), "https://h/?a=1%262;b=x;c=");
        let mut url = Url::parse("https://h/?b=1 2", None).unwrap();
        Separator::default().edit(&mut url, |_| false).unwrap();
        assert_eq!(url.href(), "https://h/?b=1%202");
    }
}
