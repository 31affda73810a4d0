//! The application/x-www-form-urlencoded serializer (spec 5.2).

use alloc::string::String;
use core::borrow::{Borrow, BorrowMut};
use percent::{Encoder, FORM_URLENCODED, Utf8, percent_encode_after_encoding};

/// Appends name-value pairs to a `String` in the application/x-www-form-urlencoded format
/// (spec 5.2), one pair at a time.
///
/// `T` is the target: an owned `String` or a `&mut String` to append to (the serializer's
/// "output" is what it appends; text already in the target is left alone). `E` is the
/// encoding, UTF-8 by default; with a legacy encoding, pass the encoder of the encoding's
/// *output encoding* (step 1: UTF-16BE/LE and replacement become UTF-8).
///
/// ```
/// use form_urlencoded::Serializer;
///
/// let mut url = String::from("https://example.com/search?");
/// Serializer::new(&mut url)
///     .append_pair("q", "rust & URLs")
///     .append_pair("lang", "en");
/// assert_eq!(url, "https://example.com/search?q=rust+%26+URLs&lang=en");
/// ```
#[derive(Clone, Debug)]
pub struct Serializer<T = String, E = Utf8> {
    /// Where the output goes.
    target: T,
    /// The length of the target before this serializer appended anything: the output is
    /// the target from here on.
    start: usize,
    /// The encoding's encoder.
    encoder: E,
}

impl<T: BorrowMut<String>> Serializer<T, Utf8> {
    /// A serializer that appends to `target`, with UTF-8 (the default encoding).
    pub fn new(target: T) -> Self {
        Serializer::with_encoder(target, Utf8)
    }
}

impl<T: BorrowMut<String>, E: Encoder> Serializer<T, E> {
    /// A serializer that appends to `target`, encoding names and values with `encoder`
    /// before percent-encoding them. A code point the encoding cannot represent is written
    /// `%26%23` + its decimal value + `%3B` (that is, `&#N;` percent-encoded).
    ///
    /// ```
    /// use form_urlencoded::{Encoded, Encoder, Serializer};
    ///
    /// /// ASCII only: everything else is unmappable.
    /// struct Ascii;
    /// impl Encoder for Ascii {
    ///     fn encode(&self, input: &str, emit: &mut dyn FnMut(Encoded<'_>)) {
    ///         for c in input.chars() {
    ///             match u8::try_from(c) {
    ///                 Ok(b) if b.is_ascii() => emit(Encoded::Bytes(&[b])),
    ///                 _ => emit(Encoded::Unmappable(c)),
    ///             }
    ///         }
    ///     }
    /// }
    ///
    /// let mut serializer = Serializer::with_encoder(String::new(), Ascii);
    /// serializer.append_pair("name", "\u{2020}");
    /// assert_eq!(serializer.finish(), "name=%26%238224%3B");
    /// ```
    pub fn with_encoder(mut target: T, encoder: E) -> Self {
        let start = target.borrow_mut().len();
        Serializer {
            target,
            start,
            encoder,
        }
    }

    /// Appends one pair (spec 5.2, step 3): `&` if this is not the first pair, then the
    /// name, `=` and the value, each percent-encoded after encoding with the
    /// application/x-www-form-urlencoded percent-encode set and space as `+`.
    pub fn append_pair(&mut self, name: &str, value: &str) -> &mut Self {
        let output = self.target.borrow_mut();
        // Step 3.4: if output is not the empty string, append U+0026 (&).
        if output.len() > self.start {
            output.push('&');
        }
        // Steps 3.2, 3.3 and 3.5: name, U+003D (=), value.
        percent_encode_after_encoding(&self.encoder, name, FORM_URLENCODED, true, output);
        output.push('=');
        percent_encode_after_encoding(&self.encoder, value, FORM_URLENCODED, true, output);
        self
    }

    /// Appends every pair of `pairs`, in order (spec 5.2, step 3 for each tuple).
    ///
    /// The pairs may be tuples or references to tuples of anything that is `AsRef<str>`.
    ///
    /// ```
    /// let pairs = vec![("a".to_owned(), "1".to_owned()), ("b".to_owned(), "2".to_owned())];
    /// let mut serializer = form_urlencoded::Serializer::new(String::new());
    /// serializer.extend_pairs(&pairs).extend_pairs([("c", "3")]);
    /// assert_eq!(serializer.finish(), "a=1&b=2&c=3");
    /// ```
    pub fn extend_pairs<I, K, V>(&mut self, pairs: I) -> &mut Self
    where
        I: IntoIterator,
        I::Item: Borrow<(K, V)>,
        K: AsRef<str>,
        V: AsRef<str>,
    {
        for pair in pairs {
            let (name, value) = pair.borrow();
            self.append_pair(name.as_ref(), value.as_ref());
        }
        self
    }

    /// The target, with everything appended.
    pub fn finish(self) -> T {
        self.target
    }
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with the encoding's encoder:
/// the pairs as one string, `name=value` joined by `&`.
///
/// ```
/// use form_urlencoded::{serialize, Utf8};
/// assert_eq!(serialize([("a b", "c=d"), ("é", "*-._")], &Utf8), "a+b=c%3Dd&%C3%A9=*-._");
/// ```
pub fn serialize<I, K, V, E>(pairs: I, encoder: &E) -> String
where
    I: IntoIterator,
    I::Item: Borrow<(K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
    E: Encoder + ?Sized,
{
    let mut serializer = Serializer::with_encoder(String::new(), encoder);
    serializer.extend_pairs(pairs);
    serializer.finish()
}

/// The application/x-www-form-urlencoded serializer (spec 5.2) with the default encoding,
/// UTF-8.
///
/// ```
/// let pairs = [("name", "Ada Lovelace"), ("born", "1815")];
/// assert_eq!(form_urlencoded::serialize_utf8(pairs), "name=Ada+Lovelace&born=1815");
/// ```
pub fn serialize_utf8<I, K, V>(pairs: I) -> String
where
    I: IntoIterator,
    I::Item: Borrow<(K, V)>,
    K: AsRef<str>,
    V: AsRef<str>,
{
    serialize(pairs, &Utf8)
}
