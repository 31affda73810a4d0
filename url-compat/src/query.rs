//! `UrlQuery`: the target of `Url::query_pairs_mut`'s serializer.

use crate::Url;
use alloc::string::String;
use form_urlencoded::Target;

/// Implementation detail of `Url::query_pairs_mut`. Typically not used directly.
///
/// It holds the query being written; the URL gets it (through the standard's search setter,
/// which leaves the serializer's output as it is) when the serializer finishes or is dropped.
#[derive(Debug)]
pub struct UrlQuery<'a> {
    url: Option<&'a mut Url>,
    query: String,
}

impl<'a> UrlQuery<'a> {
    pub(crate) fn new(url: &'a mut Url) -> Self {
        let query = url.query().map(String::from).unwrap_or_default();
        UrlQuery {
            url: Some(url),
            query,
        }
    }
}

/// Writes `query` into `url` as a non-null query (rust-url's `query_pairs_mut` leaves `?` even
/// when nothing was appended).
fn commit(url: &mut Url, query: &str) {
    url.set_query(Some(query));
}

impl<'a> Target for UrlQuery<'a> {
    fn as_mut_string(&mut self) -> &mut String {
        &mut self.query
    }

    fn finish(mut self) -> &'a mut Url {
        let url = self.url.take();
        match url {
            Some(url) => {
                commit(url, &self.query);
                url
            }
            // `finish` takes the one `UrlQuery`, whose URL only `finish` and `drop` take.
            None => unreachable_url(),
        }
    }

    type Finished = &'a mut Url;
}

impl Drop for UrlQuery<'_> {
    fn drop(&mut self) {
        if let Some(url) = self.url.take() {
            commit(url, &self.query);
        }
    }
}

#[allow(clippy::panic)]
fn unreachable_url() -> ! {
    panic!("url::UrlQuery finished twice")
}
