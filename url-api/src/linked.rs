//! A URL's query object (spec 6.1 "query object", 6.2 "update"): the search params of a
//! [`Url`], borrowed mutably so that every change is written back to the URL's query.

use alloc::string::String;
use core::fmt;
use core::ops::Deref;

use crate::search_params::UrlSearchParams;
use crate::url::Url;

/// The search params of a [`Url`], borrowed mutably from it (from
/// [`Url::search_params_mut`]).
///
/// Reads go through [`Deref`] to [`UrlSearchParams`]. Each change ([`append`], [`delete`],
/// [`set`], [`sort`], [`clear`], [`Extend::extend`]) runs the spec's update steps (spec 6.2,
/// "update") before it returns: the URL's query becomes the serialization of the list, or
/// null when that is empty.
///
/// ```
/// use whatwg_url::Url;
///
/// let mut url = Url::parse("https://example.com/search?q=rust&page=2", None)?;
/// let mut params = url.search_params_mut();
/// params.set("page", "3");
/// params.append("lang", "en fr");
/// assert_eq!(params.get("q"), Some("rust"));
/// assert_eq!(url.href(), "https://example.com/search?q=rust&page=3&lang=en+fr");
///
/// url.search_params_mut().clear();
/// assert_eq!(url.href(), "https://example.com/search");
/// # Ok::<(), whatwg_url::ParseError>(())
/// ```
///
/// [`append`]: SearchParamsMut::append
/// [`delete`]: SearchParamsMut::delete
/// [`set`]: SearchParamsMut::set
/// [`sort`]: SearchParamsMut::sort
/// [`clear`]: SearchParamsMut::clear
pub struct SearchParamsMut<'a> {
    url: &'a mut Url,
    params: UrlSearchParams,
}

impl Url {
    /// The `searchParams` getter (spec 6.1) for changing the params: a guard whose changes
    /// run the update steps (spec 6.2) on this URL at once. See [`SearchParamsMut`].
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://example.com/?b=2&a=1", None)?;
    /// url.search_params_mut().sort();
    /// assert_eq!(url.search(), "?a=1&b=2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn search_params_mut(&mut self) -> SearchParamsMut<'_> {
        let params = self.search_params();
        SearchParamsMut { url: self, params }
    }
}

impl SearchParamsMut<'_> {
    /// The update steps (spec 6.2, "update a URLSearchParams object"): the URL's query
    /// becomes the serialization of the list, or null when that is the empty string.
    ///
    /// The July 2026 edition has no "potentially strip trailing spaces from an opaque path"
    /// step any more: the opaque path state writes a space before `?` or `#` as `%20`, so
    /// removing the query leaves a path that ends in `%20`, never in a space.
    fn update(&mut self) {
        let mut serialized = String::new();
        self.params.serialize_into(&mut serialized);
        if serialized.is_empty() {
            self.url.inner.set_query(None);
        } else {
            // The serialization holds only bytes the query state keeps as they are.
            self.url.inner.set_query(Some(&serialized));
        }
    }

    /// `append(name, value)` (spec 6.2), then update the URL.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/?a=1", None)?;
    /// url.search_params_mut().append("a", "2");
    /// assert_eq!(url.search(), "?a=1&a=2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.params.append(name, value);
        self.update();
    }

    /// `delete(name, value)` (spec 6.2), then update the URL.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/?a=1&b=2", None)?;
    /// url.search_params_mut().delete("a", None);
    /// assert_eq!(url.search(), "?b=2");
    /// url.search_params_mut().delete("b", Some("2"));
    /// assert_eq!(url.href(), "https://h/");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        self.params.delete(name, value);
        self.update();
    }

    /// `set(name, value)` (spec 6.2), then update the URL.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/?a=1&a=2", None)?;
    /// url.search_params_mut().set("a", "3");
    /// assert_eq!(url.search(), "?a=3");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        self.params.set(name, value);
        self.update();
    }

    /// `sort()` (spec 6.2), then update the URL. Even with nothing to reorder the query is
    /// re-serialized, as the spec does (`?` alone disappears, `%7E` may become `~`).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/?a=b ~", None)?;
    /// assert_eq!(url.href(), "https://h/?a=b%20~");
    /// url.search_params_mut().sort();
    /// assert_eq!(url.href(), "https://h/?a=b+%7E");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn sort(&mut self) {
        self.params.sort();
        self.update();
    }

    /// Removes every pair, then updates the URL (its query becomes null).
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/?a=1#f", None)?;
    /// url.search_params_mut().clear();
    /// assert_eq!(url.href(), "https://h/#f");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn clear(&mut self) {
        self.params.clear();
        self.update();
    }

    /// The URL these params belong to.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/", None)?;
    /// let mut params = url.search_params_mut();
    /// params.append("x", "1");
    /// assert_eq!(params.url().href(), "https://h/?x=1");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    pub fn url(&self) -> &Url {
        self.url
    }
}

impl Deref for SearchParamsMut<'_> {
    type Target = UrlSearchParams;

    fn deref(&self) -> &UrlSearchParams {
        &self.params
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Extend<(K, V)> for SearchParamsMut<'_> {
    /// Appends each pair, then updates the URL once.
    ///
    /// ```
    /// let mut url = whatwg_url::Url::parse("https://h/", None)?;
    /// url.search_params_mut().extend([("a", "1"), ("b", "2")]);
    /// assert_eq!(url.search(), "?a=1&b=2");
    /// # Ok::<(), whatwg_url::ParseError>(())
    /// ```
    fn extend<T: IntoIterator<Item = (K, V)>>(&mut self, iter: T) {
        self.params.extend(iter);
        self.update();
    }
}

impl fmt::Debug for SearchParamsMut<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&self.params, f)
    }
}

impl fmt::Display for SearchParamsMut<'_> {
    /// The stringifier (spec 6.2).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.params, f)
    }
}
