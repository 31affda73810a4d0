//! rust-url's `url::form_urlencoded` (the `form_urlencoded` 1.2 API), on the standard's
//! application/x-www-form-urlencoded parser and serializer (spec 5): the parser is
//! `whatwg-form-urlencoded`'s, the encode set is `whatwg-percent`'s `FORM_URLENCODED`.
//!
//! A module of this package, not the separate `form_urlencoded` crate: its types are this
//! package's own, so code that passes `url::form_urlencoded::Parse` where the separate crate's
//! `form_urlencoded::Parse` is expected does not compile (no known crate does; `cargo xtask
//! compat --downstream` builds several).

use alloc::borrow::Cow;
use alloc::string::String;
use core::borrow::Borrow;
use core::str;
use whatwg_percent::FORM_URLENCODED;

/// Convert a byte string in the `application/x-www-form-urlencoded` syntax into an iterator of
/// (name, value) pairs (spec 5.1, the application/x-www-form-urlencoded parser).
///
/// Use `parse(url.query().unwrap_or("").as_bytes())` to parse a query string.
///
/// ```
/// let pairs: Vec<_> = url::form_urlencoded::parse(b"a=1&b=x+y&c").collect();
/// assert_eq!(pairs[1], ("b".into(), "x y".into()));
/// assert_eq!(pairs[2], ("c".into(), "".into()));
/// ```
#[inline]
pub fn parse(input: &[u8]) -> Parse<'_> {
    Parse { input }
}

/// The return type of [`parse`].
#[derive(Copy, Clone, Debug)]
pub struct Parse<'a> {
    input: &'a [u8],
}

impl<'a> Iterator for Parse<'a> {
    type Item = (Cow<'a, str>, Cow<'a, str>);

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if self.input.is_empty() {
                return None;
            }
            // Step 1: split on 0x26 (&); the rest waits for the next call.
            let (piece, rest) = match self.input.iter().position(|&b| b == b'&') {
                Some(i) => (
                    self.input.get(..i).unwrap_or_default(),
                    self.input.get(i + 1..).unwrap_or_default(),
                ),
                None => (self.input, &[][..]),
            };
            self.input = rest;
            // Steps 3.1–3.5 on the one piece: the workspace's one decoder (an empty piece
            // gives no pair, step 3.1).
            if let Some(pair) = whatwg_form_urlencoded::parse(piece).next() {
                return Some(pair);
            }
        }
    }
}

impl<'a> Parse<'a> {
    /// Return a new iterator that yields pairs of `String` instead of pairs of `Cow<str>`.
    pub fn into_owned(self) -> ParseIntoOwned<'a> {
        ParseIntoOwned { inner: self }
    }
}

/// Like [`Parse`], but yields pairs of `String` instead of pairs of `Cow<str>`.
#[derive(Debug)]
pub struct ParseIntoOwned<'a> {
    inner: Parse<'a>,
}

impl Iterator for ParseIntoOwned<'_> {
    type Item = (String, String);

    fn next(&mut self) -> Option<Self::Item> {
        self.inner
            .next()
            .map(|(k, v)| (k.into_owned(), v.into_owned()))
    }
}

/// The application/x-www-form-urlencoded byte serializer (spec 5.2): the bytes of `input`
/// with space as `+` and every byte of the `FORM_URLENCODED` set percent-encoded.
///
/// Return an iterator of `&str` slices.
///
/// ```
/// let s: String = url::form_urlencoded::byte_serialize("a b&c=ü".as_bytes()).collect();
/// assert_eq!(s, "a+b%26c%3D%C3%BC");
/// ```
pub fn byte_serialize(input: &[u8]) -> ByteSerialize<'_> {
    ByteSerialize { bytes: input }
}

/// Return value of [`byte_serialize`].
#[derive(Debug)]
pub struct ByteSerialize<'a> {
    bytes: &'a [u8],
}

/// `%00%01…%FF`: the three characters of each byte's percent-encoding, for `&'static str`
/// slices.
const PERCENT_ENCODED: &str = "%00%01%02%03%04%05%06%07%08%09%0A%0B%0C%0D%0E%0F\
%10%11%12%13%14%15%16%17%18%19%1A%1B%1C%1D%1E%1F%20%21%22%23%24%25%26%27%28%29%2A%2B%2C%2D%2E%2F\
%30%31%32%33%34%35%36%37%38%39%3A%3B%3C%3D%3E%3F%40%41%42%43%44%45%46%47%48%49%4A%4B%4C%4D%4E%4F\
%50%51%52%53%54%55%56%57%58%59%5A%5B%5C%5D%5E%5F%60%61%62%63%64%65%66%67%68%69%6A%6B%6C%6D%6E%6F\
%70%71%72%73%74%75%76%77%78%79%7A%7B%7C%7D%7E%7F%80%81%82%83%84%85%86%87%88%89%8A%8B%8C%8D%8E%8F\
%90%91%92%93%94%95%96%97%98%99%9A%9B%9C%9D%9E%9F%A0%A1%A2%A3%A4%A5%A6%A7%A8%A9%AA%AB%AC%AD%AE%AF\
%B0%B1%B2%B3%B4%B5%B6%B7%B8%B9%BA%BB%BC%BD%BE%BF%C0%C1%C2%C3%C4%C5%C6%C7%C8%C9%CA%CB%CC%CD%CE%CF\
%D0%D1%D2%D3%D4%D5%D6%D7%D8%D9%DA%DB%DC%DD%DE%DF%E0%E1%E2%E3%E4%E5%E6%E7%E8%E9%EA%EB%EC%ED%EE%EF\
%F0%F1%F2%F3%F4%F5%F6%F7%F8%F9%FA%FB%FC%FD%FE%FF";

fn percent_encoded(byte: u8) -> &'static str {
    let at = usize::from(byte) * 3;
    PERCENT_ENCODED.get(at..at + 3).unwrap_or_default()
}

/// Whether the byte serializer writes `byte` as it is (spec 5.2: not in the
/// application/x-www-form-urlencoded percent-encode set, and not a space).
fn is_unchanged(byte: u8) -> bool {
    byte != b' ' && !FORM_URLENCODED.should_percent_encode(byte)
}

impl<'a> Iterator for ByteSerialize<'a> {
    type Item = &'a str;

    fn next(&mut self) -> Option<&'a str> {
        let (&first, tail) = self.bytes.split_first()?;
        if !is_unchanged(first) {
            self.bytes = tail;
            return Some(if first == b' ' {
                "+"
            } else {
                percent_encoded(first)
            });
        }
        let run = self
            .bytes
            .iter()
            .position(|&b| !is_unchanged(b))
            .unwrap_or(self.bytes.len());
        let (unchanged, rest) = self.bytes.split_at(run);
        self.bytes = rest;
        // Every unchanged byte is ASCII.
        str::from_utf8(unchanged).ok()
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        if self.bytes.is_empty() {
            (0, Some(0))
        } else {
            (1, Some(self.bytes.len()))
        }
    }
}

impl core::fmt::Display for ByteSerialize<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for slice in (ByteSerialize { bytes: self.bytes }) {
            f.write_str(slice)?;
        }
        Ok(())
    }
}

/// The `application/x-www-form-urlencoded` serializer (spec 5.2), appending to a [`Target`].
pub struct Serializer<'a, T: Target> {
    target: Option<T>,
    start_position: usize,
    encoding: EncodingOverride<'a>,
}

impl<T: Target + core::fmt::Debug> core::fmt::Debug for Serializer<'_, T> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Serializer")
            .field("target", &self.target)
            .field("start_position", &self.start_position)
            .finish_non_exhaustive()
    }
}

/// Where a [`Serializer`] writes: a `String` it can append to, and what `finish` gives back.
pub trait Target {
    /// The string to append to.
    fn as_mut_string(&mut self) -> &mut String;
    /// What [`Serializer::finish`] returns.
    fn finish(self) -> Self::Finished;
    /// The type [`Serializer::finish`] returns.
    type Finished;
}

impl Target for String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    fn finish(self) -> Self {
        self
    }
    type Finished = Self;
}

impl Target for &mut String {
    fn as_mut_string(&mut self) -> &mut String {
        self
    }
    fn finish(self) -> Self {
        self
    }
    type Finished = Self;
}

impl<'a, T: Target> Serializer<'a, T> {
    /// Create a new `application/x-www-form-urlencoded` serializer for the given target.
    ///
    /// If the target is non-empty, its content is assumed to already be in
    /// `application/x-www-form-urlencoded` syntax.
    ///
    /// ```
    /// let mut s = url::form_urlencoded::Serializer::new(String::new());
    /// s.append_pair("q", "a&b").append_key_only("flag");
    /// assert_eq!(s.finish(), "q=a%26b&flag");
    /// ```
    pub fn new(target: T) -> Self {
        Self::for_suffix(target, 0)
    }

    /// Create a new `application/x-www-form-urlencoded` serializer for a suffix of the given
    /// target: the content from `start_position` on is assumed to already be in
    /// `application/x-www-form-urlencoded` syntax.
    ///
    /// rust-url panics when `start_position` is past the end of the target; here it is taken
    /// as the end (no input makes a library call panic).
    pub fn for_suffix(mut target: T, start_position: usize) -> Self {
        let start_position = start_position.min(target.as_mut_string().len());
        Serializer {
            target: Some(target),
            start_position,
            encoding: None,
        }
    }

    /// Remove any existing name/value pair.
    pub fn clear(&mut self) -> &mut Self {
        let start = self.start_position;
        if let Some(string) = self.string() {
            string.truncate(start);
        }
        self
    }

    /// Set the character encoding to be used for names and values before percent-encoding.
    pub fn encoding_override(&mut self, new: EncodingOverride<'a>) -> &mut Self {
        self.encoding = new;
        self
    }

    /// Serialize and append a name/value pair (spec 5.2, step 3).
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        self.append(name, Some(value));
        self
    }

    /// Serialize and append a name of a parameter without any value (`name`, no `=`).
    pub fn append_key_only(&mut self, name: &str) -> &mut Self {
        self.append(name, None);
        self
    }

    /// Serialize and append a number of name/value pairs.
    pub fn extend_pairs<I, K, V>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in iter {
            let (k, v) = pair.borrow();
            self.append(k.as_ref(), Some(v.as_ref()));
        }
        self
    }

    /// Serialize and append a number of names without values.
    pub fn extend_keys_only<I, K>(&mut self, iter: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<K>,
        K: AsRef<str>,
    {
        for key in iter {
            self.append(key.borrow().as_ref(), None);
        }
        self
    }

    /// If this serializer was constructed with a string, take and return that string.
    ///
    /// Panics if called more than once, as rust-url's does: a second `finish` is a bug in the
    /// calling code, never a property of the data.
    #[allow(clippy::panic)]
    pub fn finish(&mut self) -> T::Finished {
        match self.target.take() {
            Some(target) => target.finish(),
            None => panic!("url::form_urlencoded::Serializer double finish"),
        }
    }

    fn string(&mut self) -> Option<&mut String> {
        self.target.as_mut().map(Target::as_mut_string)
    }

    fn append(&mut self, name: &str, value: Option<&str>) {
        let start = self.start_position;
        let encoding = self.encoding;
        let Some(string) = self.string() else {
            return;
        };
        // Step 3.4: `&` between pairs.
        if string.len() > start {
            string.push('&');
        }
        append_encoded(name, string, encoding);
        if let Some(value) = value {
            string.push('=');
            append_encoded(value, string, encoding);
        }
    }
}

/// Steps 3.2 and 3.3: encode (UTF-8, or the override), then the byte serializer.
fn append_encoded(input: &str, string: &mut String, encoding: EncodingOverride<'_>) {
    let bytes: Cow<'_, [u8]> = match encoding {
        Some(encode) => encode(input),
        None => Cow::Borrowed(input.as_bytes()),
    };
    string.extend(byte_serialize(&bytes));
}

/// An encoder for names and values before percent-encoding (a legacy form encoding): UTF-8
/// when `None`.
pub type EncodingOverride<'a> = Option<&'a dyn Fn(&str) -> Cow<'_, [u8]>>;
