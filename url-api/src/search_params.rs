//! `URLSearchParams` (spec 6.2): an ordered list of name-value pairs and the
//! application/x-www-form-urlencoded parser and serializer around it.

use alloc::borrow::ToOwned;
use alloc::collections::BTreeMap;
use alloc::string::String;
use alloc::vec::Vec;
use core::cmp::Ordering;
use core::fmt;

use crate::form;
use crate::pair_list::{Pair, PairList};

/// The `URLSearchParams` interface (spec 6.2): a list of name-value pairs (the spec's "list"),
/// read from and written as `application/x-www-form-urlencoded`.
///
/// Pairs keep their order; names may repeat. [`Display`](fmt::Display) (and so `to_string()`)
/// is the spec's stringifier.
///
/// A `UrlSearchParams` made by a constructor stands alone (its "URL object" is null). The
/// params of a [`Url`](crate::Url) are read with [`Url::search_params`](crate::Url::search_params)
/// and changed through [`Url::search_params_mut`](crate::Url::search_params_mut), which runs the
/// spec's update steps after each change.
///
/// ```
/// use whatwg_url::UrlSearchParams;
///
/// let mut params = UrlSearchParams::parse("?b=2&a=1&b=3");
/// assert_eq!(params.get("b"), Some("2"));
/// assert_eq!(params.get_all("b"), ["2", "3"]);
/// params.append("c", "x y");
/// params.sort();
/// assert_eq!(params.to_string(), "a=1&b=2&b=3&c=x+y");
/// ```
#[derive(Clone, Default, PartialEq, Eq, Hash)]
pub struct UrlSearchParams {
    list: PairList,
}

/// The error of [`UrlSearchParams::from_pairs`]: a pair of the sequence did not have exactly
/// two items (the spec throws a `TypeError`, spec 6.2 "initialize", step 1.1).
///
/// ```
/// use whatwg_url::{PairLengthError, UrlSearchParams};
///
/// let err = UrlSearchParams::from_pairs([vec!["a", "b"], vec!["c"]]).unwrap_err();
/// assert_eq!(err, PairLengthError { index: 1, len: 1 });
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct PairLengthError {
    /// Position of the offending pair in the sequence.
    pub index: usize,
    /// How many items it had (anything but 2).
    pub len: usize,
}

impl fmt::Display for PairLengthError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "URLSearchParams pair {} has {} items; a pair needs exactly 2 (name and value)",
            self.index, self.len
        )
    }
}

impl core::error::Error for PairLengthError {}

impl UrlSearchParams {
    /// An empty list: `new URLSearchParams()`.
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::new();
    /// assert_eq!(params.size(), 0);
    /// assert_eq!(params.to_string(), "");
    /// ```
    pub const fn new() -> Self {
        UrlSearchParams {
            list: PairList::new(),
        }
    }

    /// `new URLSearchParams(string)` (spec 6.2 constructor): removes one leading `?`, then
    /// runs the application/x-www-form-urlencoded parser (spec 5.1).
    ///
    /// ```
    /// use whatwg_url::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::parse("?q=rust+url&lang=en&empty");
    /// let pairs: Vec<(&str, &str)> = params.iter().collect();
    /// assert_eq!(pairs, [("q", "rust url"), ("lang", "en"), ("empty", "")]);
    /// ```
    pub fn parse(init: &str) -> Self {
        // Constructor step 1: a string starting with U+003F (?) loses it.
        let init = init.strip_prefix('?').unwrap_or(init);
        Self::parse_without_question_mark(init)
    }

    /// Parses `input` as it is (no `?` removed): the list of a URL's query.
    pub(crate) fn parse_without_question_mark(input: &str) -> Self {
        UrlSearchParams {
            list: form::parse(input),
        }
    }

    /// `new URLSearchParams(sequence<sequence<USVString>>)` (spec 6.2 "initialize", step 1):
    /// each item must be a pair `[name, value]`; any other length is an error and no list is
    /// made.
    ///
    /// ```
    /// use whatwg_url::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::from_pairs([["a", "1"], ["a", "2"]]).unwrap();
    /// assert_eq!(params.to_string(), "a=1&a=2");
    ///
    /// let owned: Vec<Vec<String>> = vec![vec!["x".into(), "y".into(), "z".into()]];
    /// assert!(UrlSearchParams::from_pairs(&owned).is_err());
    /// ```
    pub fn from_pairs<I, P, S>(pairs: I) -> Result<Self, PairLengthError>
    where
        I: IntoIterator<Item = P>,
        P: AsRef<[S]>,
        S: AsRef<str>,
    {
        let mut list = PairList::new();
        for (index, pair) in pairs.into_iter().enumerate() {
            match pair.as_ref() {
                [name, value] => list.push(name.as_ref(), value.as_ref()),
                other => {
                    return Err(PairLengthError {
                        index,
                        len: other.len(),
                    });
                }
            }
        }
        Ok(UrlSearchParams { list })
    }

    /// `new URLSearchParams(record<USVString, USVString>)` (spec 6.2 "initialize", step 2):
    /// `record` is the record's entries in order. As in a WebIDL record, a key that repeats
    /// replaces the earlier entry's value and keeps the earlier entry's position.
    ///
    /// ```
    /// use whatwg_url::UrlSearchParams;
    ///
    /// let params = UrlSearchParams::from_record([("a", "1"), ("b", "2"), ("a", "3")]);
    /// assert_eq!(params.to_string(), "a=3&b=2");
    /// ```
    pub fn from_record<I, K, V>(record: I) -> Self
    where
        I: IntoIterator<Item = (K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        let mut list = PairList::new();
        let mut position: BTreeMap<String, usize> = BTreeMap::new();
        for (key, value) in record {
            let (key, value) = (key.as_ref(), value.as_ref());
            match position.get(key) {
                Some(&index) => list.set_value(index, value),
                None => {
                    position.insert(key.to_owned(), list.len());
                    list.push(key, value);
                }
            }
        }
        UrlSearchParams { list }
    }

    /// The `size` getter: the number of pairs.
    ///
    /// ```
    /// assert_eq!(whatwg_url::UrlSearchParams::parse("a=1&a=2&b").size(), 3);
    /// ```
    pub fn size(&self) -> usize {
        self.list.len()
    }

    /// The number of pairs (the same as [`size`](Self::size)).
    ///
    /// ```
    /// assert_eq!(whatwg_url::UrlSearchParams::parse("a&b").len(), 2);
    /// ```
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there are no pairs.
    ///
    /// ```
    /// assert!(whatwg_url::UrlSearchParams::parse("?").is_empty());
    /// ```
    pub fn is_empty(&self) -> bool {
        self.list.len() == 0
    }

    /// `append(name, value)` (spec 6.2): adds a pair at the end.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("a=1");
    /// params.append("a", "2");
    /// assert_eq!(params.to_string(), "a=1&a=2");
    /// ```
    pub fn append(&mut self, name: &str, value: &str) {
        self.list.push(name, value);
    }

    /// `delete(name, value)` (spec 6.2): removes every pair named `name`, or with
    /// `Some(value)`, every pair whose name is `name` and whose value is `value`.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("a=1&b=2&a=3");
    /// params.delete("a", Some("3"));
    /// assert_eq!(params.to_string(), "a=1&b=2");
    /// params.delete("a", None);
    /// assert_eq!(params.to_string(), "b=2");
    /// ```
    pub fn delete(&mut self, name: &str, value: Option<&str>) {
        match value {
            // Step 1: remove all tuples whose name is name and value is value.
            Some(value) => self.list.retain(|_, n, v| !(n == name && v == value)),
            // Step 2: otherwise remove all tuples whose name is name.
            None => self.list.retain(|_, n, _| n != name),
        }
    }

    /// `get(name)` (spec 6.2): the value of the first pair named `name`.
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1&a=2");
    /// assert_eq!(params.get("a"), Some("1"));
    /// assert_eq!(params.get("b"), None);
    /// ```
    pub fn get(&self, name: &str) -> Option<&str> {
        self.list.iter().find(|&(n, _)| n == name).map(|(_, v)| v)
    }

    /// `getAll(name)` (spec 6.2): the values of the pairs named `name`, in order.
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1&b=2&a=3");
    /// assert_eq!(params.get_all("a"), ["1", "3"]);
    /// assert!(params.get_all("c").is_empty());
    /// ```
    pub fn get_all(&self, name: &str) -> Vec<&str> {
        self.list
            .iter()
            .filter(|&(n, _)| n == name)
            .map(|(_, v)| v)
            .collect()
    }

    /// `has(name, value)` (spec 6.2): whether a pair is named `name` (and, with `Some(value)`,
    /// has the value `value`).
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1");
    /// assert!(params.has("a", None));
    /// assert!(params.has("a", Some("1")));
    /// assert!(!params.has("a", Some("2")));
    /// ```
    pub fn has(&self, name: &str, value: Option<&str>) -> bool {
        self.list
            .iter()
            .any(|(n, v)| n == name && value.is_none_or(|value| v == value))
    }

    /// `set(name, value)` (spec 6.2): the first pair named `name` gets `value` and the other
    /// pairs with that name are removed; with no such pair, `(name, value)` is appended.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("a=1&b=2&a=3");
    /// params.set("a", "4");
    /// assert_eq!(params.to_string(), "a=4&b=2");
    /// params.set("c", "5");
    /// assert_eq!(params.to_string(), "a=4&b=2&c=5");
    /// ```
    pub fn set(&mut self, name: &str, value: &str) {
        let first = self.list.iter().position(|(n, _)| n == name);
        match first {
            Some(first) => {
                self.list.set_value(first, value);
                self.list.retain(|index, n, _| index <= first || n != name);
            }
            None => self.append(name, value),
        }
    }

    /// `sort()` (spec 6.2): a stable sort of the pairs by their names, compared as sequences
    /// of UTF-16 code units (not bytes: `"\u{FB03}"` sorts after `"\u{1F308}"`).
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("z=1&\u{FB03}=2&\u{1F308}=3&a=4&z=0");
    /// params.sort();
    /// let names: Vec<&str> = params.keys().collect();
    /// assert_eq!(names, ["a", "z", "z", "\u{1F308}", "\u{FB03}"]);
    /// assert_eq!(params.get_all("z"), ["1", "0"]);
    /// ```
    pub fn sort(&mut self) {
        // `sort_by` is stable, as the spec's "sort in ascending order" requires.
        self.list.sort_by_name(cmp_utf16);
    }

    /// The pairs in order, as `(name, value)` (the spec's value pairs to iterate over).
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1&b=2");
    /// let mut iter = params.iter();
    /// assert_eq!(iter.next(), Some(("a", "1")));
    /// assert_eq!(iter.next(), Some(("b", "2")));
    /// assert_eq!(iter.next(), None);
    /// ```
    pub fn iter(&self) -> Iter<'_> {
        Iter {
            text: self.list.text(),
            inner: self.list.pairs().iter(),
        }
    }

    /// The names, in order (`keys()`).
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1&b=2&a=3");
    /// assert_eq!(params.keys().collect::<Vec<_>>(), ["a", "b", "a"]);
    /// ```
    pub fn keys(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.iter().map(|(n, _)| n)
    }

    /// The values, in order (`values()`).
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1&b=2&a=3");
    /// assert_eq!(params.values().collect::<Vec<_>>(), ["1", "2", "3"]);
    /// ```
    pub fn values(&self) -> impl DoubleEndedIterator<Item = &str> + ExactSizeIterator + '_ {
        self.iter().map(|(_, v)| v)
    }

    /// The application/x-www-form-urlencoded serialization (spec 5.2) appended to `out`.
    pub(crate) fn serialize_into(&self, out: &mut String) {
        form::serialize(&self.list, out);
    }

    /// Removes every pair.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("a=1");
    /// params.clear();
    /// assert!(params.is_empty());
    /// ```
    pub fn clear(&mut self) {
        self.list.clear();
    }
}

/// Compares two names by their UTF-16 code units (spec 6.2 `sort()`).
///
/// Byte order of UTF-8 is code point order, which differs from UTF-16 code unit order only
/// when a supplementary code point (four UTF-8 bytes, a surrogate pair in UTF-16) meets a
/// code point at or above U+E000; so bytes decide unless the first difference involves a
/// four-byte sequence.
fn cmp_utf16(a: &str, b: &str) -> Ordering {
    let common = a.bytes().zip(b.bytes()).take_while(|(x, y)| x == y).count();
    // Back up to the start of the code point that holds the first difference.
    let mut start = common;
    while !a.is_char_boundary(start) {
        start -= 1;
    }
    match (a.get(start..), b.get(start..)) {
        (Some(rest_a), Some(rest_b)) => rest_a.encode_utf16().cmp(rest_b.encode_utf16()),
        _ => a.encode_utf16().cmp(b.encode_utf16()),
    }
}

impl fmt::Debug for UrlSearchParams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl core::str::FromStr for UrlSearchParams {
    type Err = core::convert::Infallible;

    /// The same as [`UrlSearchParams::parse`].
    ///
    /// ```
    /// let params: whatwg_url::UrlSearchParams = "?a=1".parse().unwrap();
    /// assert_eq!(params.get("a"), Some("1"));
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(Self::parse(s))
    }
}

impl From<&str> for UrlSearchParams {
    /// The same as [`UrlSearchParams::parse`].
    ///
    /// ```
    /// let params = whatwg_url::UrlSearchParams::from("a=1&b");
    /// assert!(params.has("b", None));
    /// ```
    fn from(s: &str) -> Self {
        Self::parse(s)
    }
}

/// Iterator over the `(name, value)` pairs of a [`UrlSearchParams`], from
/// [`UrlSearchParams::iter`].
#[derive(Clone)]
pub struct Iter<'a> {
    text: &'a str,
    inner: core::slice::Iter<'a, Pair>,
}

impl fmt::Debug for Iter<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.clone()).finish()
    }
}

impl<'a> Iterator for Iter<'a> {
    type Item = (&'a str, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next().map(|pair| pair.get(self.text))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for Iter<'_> {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back().map(|pair| pair.get(self.text))
    }
}

impl ExactSizeIterator for Iter<'_> {}
impl core::iter::FusedIterator for Iter<'_> {}

impl<'a> IntoIterator for &'a UrlSearchParams {
    type Item = (&'a str, &'a str);
    type IntoIter = Iter<'a>;

    fn into_iter(self) -> Iter<'a> {
        self.iter()
    }
}

/// Owning iterator over the `(name, value)` pairs of a [`UrlSearchParams`].
#[derive(Clone, Debug)]
pub struct IntoIter {
    inner: alloc::vec::IntoIter<(String, String)>,
}

impl Iterator for IntoIter {
    type Item = (String, String);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner.next()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        self.inner.size_hint()
    }
}

impl DoubleEndedIterator for IntoIter {
    fn next_back(&mut self) -> Option<Self::Item> {
        self.inner.next_back()
    }
}

impl ExactSizeIterator for IntoIter {}
impl core::iter::FusedIterator for IntoIter {}

impl IntoIterator for UrlSearchParams {
    type Item = (String, String);
    type IntoIter = IntoIter;

    /// ```
    /// let params = whatwg_url::UrlSearchParams::parse("a=1");
    /// let pairs: Vec<(String, String)> = params.into_iter().collect();
    /// assert_eq!(pairs, [("a".to_string(), "1".to_string())]);
    /// ```
    fn into_iter(self) -> IntoIter {
        let pairs: Vec<(String, String)> = self
            .iter()
            .map(|(name, value)| (name.to_owned(), value.to_owned()))
            .collect();
        IntoIter {
            inner: pairs.into_iter(),
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>> Extend<(K, V)> for UrlSearchParams {
    /// Appends each pair, as [`append`](UrlSearchParams::append) does.
    ///
    /// ```
    /// let mut params = whatwg_url::UrlSearchParams::parse("a=1");
    /// params.extend([("b", "2"), ("a", "3")]);
    /// assert_eq!(params.to_string(), "a=1&b=2&a=3");
    /// ```
    fn extend<T: IntoIterator<Item = (K, V)>>(&mut self, iter: T) {
        for (name, value) in iter {
            self.append(name.as_ref(), value.as_ref());
        }
    }
}

impl<K: AsRef<str>, V: AsRef<str>> FromIterator<(K, V)> for UrlSearchParams {
    /// Collects pairs in order (like a sequence of pairs; names may repeat).
    ///
    /// ```
    /// let params: whatwg_url::UrlSearchParams = [("a", "1"), ("a", "2")].into_iter().collect();
    /// assert_eq!(params.to_string(), "a=1&a=2");
    /// ```
    fn from_iter<T: IntoIterator<Item = (K, V)>>(iter: T) -> Self {
        let mut params = UrlSearchParams::new();
        params.extend(iter);
        params
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf16_order_differs_from_bytes() {
        // U+FB03 is one UTF-16 unit 0xFB03; U+1F308 starts with the high surrogate 0xD83C.
        assert_eq!(cmp_utf16("\u{FB03}", "\u{1F308}"), Ordering::Greater);
        assert_eq!(cmp_utf16("a\u{FB03}", "a\u{1F308}"), Ordering::Greater);
        assert_eq!(cmp_utf16("ab", "a"), Ordering::Greater);
        assert_eq!(cmp_utf16("é", "e\u{301}"), Ordering::Greater);
        assert_eq!(cmp_utf16("x\u{E9}", "x\u{E8}"), Ordering::Greater);
        assert_eq!(cmp_utf16("same", "same"), Ordering::Equal);
        assert!("\u{FB03}".as_bytes() < "\u{1F308}".as_bytes());
    }

    #[test]
    fn utf16_order_matches_the_naive_comparison() {
        let names = [
            "",
            "a",
            "ab",
            "a\u{7F}",
            "a\u{80}",
            "\u{FFFD}",
            "\u{FFFF}",
            "\u{E000}",
            "\u{D7FF}",
            "\u{10000}",
            "\u{10FFFF}",
            "\u{1F308}",
            "a\u{1F308}b",
            "a\u{FB03}",
            "\u{E9}",
            "e\u{301}",
        ];
        for a in names {
            for b in names {
                assert_eq!(
                    cmp_utf16(a, b),
                    a.encode_utf16().cmp(b.encode_utf16()),
                    "{a:?} {b:?}"
                );
            }
        }
    }

    #[test]
    fn record_keeps_first_position() {
        let p = UrlSearchParams::from_record([("a", "1"), ("b", "2"), ("a", "3"), ("c", "4")]);
        assert_eq!(
            p.iter().collect::<Vec<_>>(),
            [("a", "3"), ("b", "2"), ("c", "4")]
        );
    }
}
