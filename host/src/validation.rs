//! Validation errors (spec 1.1, July 2026 edition) and the sinks that receive them.
//!
//! One enum for the whole workspace: the host parser reports host-level errors, and `url-core`
//! reports URL-level ones through the same [`ValidationSink`]. Parsers are generic over the sink;
//! [`NoSink`] is zero-sized and its [`ValidationSink::ENABLED`] is `false`, so work done only to
//! report an error (for example the strict ToASCII pass over an ASCII domain) is skipped and the
//! calls compile to nothing.

use core::fmt;

/// Writes the list of validation error types once and generates from it the enum,
/// [`ValidationError::ALL`], [`ValidationError::COUNT`] and [`ValidationError::name`]. Every
/// other question about a variant (such as [`ValidationError::is_failure`]) is an exhaustive
/// `match` below, so that a new variant does not compile until each question is answered.
macro_rules! validation_errors {
    (
        $(#[$meta:meta])*
        pub enum ValidationError {
            $($(#[$doc:meta])* $variant:ident = $name:literal,)*
        }
    ) => {
        $(#[$meta])*
        pub enum ValidationError {
            $($(#[$doc])* $variant,)*
        }

        impl ValidationError {
            /// How many validation error types there are.
            pub const COUNT: usize = [$(Self::$variant),*].len();

            /// Every validation error type, in the order of the spec's table.
            pub const ALL: [ValidationError; Self::COUNT] = [$(Self::$variant),*];

            /// The error type's name exactly as the spec's table writes it (e.g.
            /// `"IPv4-empty-part"`).
            pub const fn name(self) -> &'static str {
                match self {
                    $(Self::$variant => $name,)*
                }
            }
        }
    };
}

validation_errors! {
    /// A validation error type from the table in spec section 1.1 (July 2026 edition: without
    /// `domain-invalid-code-point` and `domain-to-Unicode`, which were removed; with
    /// `domain-percent-encoded`, `IPv4-too-few-parts` and `IPv6-piece-leading-zero`, which were
    /// added; and with `IPv4-non-ASCII-input`, added later in July 2026).
    ///
    /// The host parser reports the host-level types (IDNA, host parsing), `url-core`'s URL parser
    /// the URL-level ones, both through a [`ValidationSink`]. A new type is added to this list
    /// (with its spec name), then answered where it stops compiling: the exhaustive `match` of
    /// [`ValidationError::is_failure`] here, and the `url` facade's table of exactly `COUNT`
    /// rows. The fast path's list of what the general path can report (`url-core`'s
    /// `GENERAL_PATH_REPORTS`) is a list, not a match: `url-core/tests/fast_path.rs` checks it.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
    #[non_exhaustive]
    pub enum ValidationError {
        // IDNA
        /// `domain-to-ASCII`: Unicode ToASCII with the strict settings records an error or returns
        /// the empty string. A failure only when `beStrict` is set, or when the domain is not ASCII
        /// and ToASCII with the relaxed settings fails too.
        DomainToAscii = "domain-to-ASCII",
        // Host parsing
        /// `domain-percent-encoded`: the host of a special URL contains a percent-encoded byte.
        DomainPercentEncoded = "domain-percent-encoded",
        /// `host-invalid-code-point`: an opaque host contains a forbidden host code point.
        HostInvalidCodePoint = "host-invalid-code-point",
        /// `IPv4-empty-part`: an IPv4 address ends with a U+002E (.).
        Ipv4EmptyPart = "IPv4-empty-part",
        /// `IPv4-too-few-parts`: an IPv4 address has fewer than 4 parts.
        Ipv4TooFewParts = "IPv4-too-few-parts",
        /// `IPv4-too-many-parts`: an IPv4 address has more than 4 parts.
        Ipv4TooManyParts = "IPv4-too-many-parts",
        /// `IPv4-non-numeric-part`: an IPv4 address part is not numeric.
        Ipv4NonNumericPart = "IPv4-non-numeric-part",
        /// `IPv4-non-decimal-part`: an IPv4 address part is written in hexadecimal or octal.
        Ipv4NonDecimalPart = "IPv4-non-decimal-part",
        /// `IPv4-out-of-range-part`: an IPv4 address part exceeds 255 (a failure only when it
        /// applies to the last part, which may go up to 256^(5-n)).
        Ipv4OutOfRangePart = "IPv4-out-of-range-part",
        /// `IPv4-non-ASCII-input`: an IPv4 address was spelled with non-ASCII code points that map
        /// to ASCII (fullwidth or circled digits, an ideographic full stop, percent-encoded
        /// non-ASCII). Added after July 2026 (whatwg/url pull request 925).
        Ipv4NonAsciiInput = "IPv4-non-ASCII-input",
        /// `IPv6-unclosed`: an IPv6 address is missing the closing U+005D (]).
        Ipv6Unclosed = "IPv6-unclosed",
        /// `IPv6-invalid-compression`: an IPv6 address begins with improper compression.
        Ipv6InvalidCompression = "IPv6-invalid-compression",
        /// `IPv6-too-many-pieces`: an IPv6 address contains more than 8 pieces.
        Ipv6TooManyPieces = "IPv6-too-many-pieces",
        /// `IPv6-multiple-compression`: an IPv6 address is compressed in more than one spot.
        Ipv6MultipleCompression = "IPv6-multiple-compression",
        /// `IPv6-invalid-code-point`: an IPv6 address contains a code point that is neither an ASCII
        /// hex digit nor U+003A (:), or it unexpectedly ends.
        Ipv6InvalidCodePoint = "IPv6-invalid-code-point",
        /// `IPv6-too-few-pieces`: an uncompressed IPv6 address contains fewer than 8 pieces.
        Ipv6TooFewPieces = "IPv6-too-few-pieces",
        /// `IPv6-piece-leading-zero`: an IPv6 piece has a leading 0.
        Ipv6PieceLeadingZero = "IPv6-piece-leading-zero",
        /// `IPv4-in-IPv6-too-many-pieces`: an IPv6 address with IPv4 syntax has more than 6 pieces.
        Ipv4InIpv6TooManyPieces = "IPv4-in-IPv6-too-many-pieces",
        /// `IPv4-in-IPv6-invalid-code-point`: an IPv6 address with IPv4 syntax has an IPv4 part that
        /// is empty or holds a non-digit, a leading 0, or too many parts.
        Ipv4InIpv6InvalidCodePoint = "IPv4-in-IPv6-invalid-code-point",
        /// `IPv4-in-IPv6-out-of-range-part`: an IPv6 address with IPv4 syntax has an IPv4 part above 255.
        Ipv4InIpv6OutOfRangePart = "IPv4-in-IPv6-out-of-range-part",
        /// `IPv4-in-IPv6-too-few-parts`: an IPv6 address with IPv4 syntax has too few IPv4 parts.
        Ipv4InIpv6TooFewParts = "IPv4-in-IPv6-too-few-parts",
        // URL parsing
        /// `invalid-URL-unit`: a code point is found that is not a URL unit.
        InvalidUrlUnit = "invalid-URL-unit",
        /// `special-scheme-missing-following-solidus`: the input's scheme is not followed by `//`.
        SpecialSchemeMissingFollowingSolidus = "special-scheme-missing-following-solidus",
        /// `missing-scheme-non-relative-URL`: the input is missing a scheme and there is no usable base.
        MissingSchemeNonRelativeUrl = "missing-scheme-non-relative-URL",
        /// `invalid-reverse-solidus`: a special URL uses U+005C (\) instead of U+002F (/).
        InvalidReverseSolidus = "invalid-reverse-solidus",
        /// `invalid-credentials`: the input includes credentials.
        InvalidCredentials = "invalid-credentials",
        /// `host-missing`: the input has a special scheme but no host.
        HostMissing = "host-missing",
        /// `port-out-of-range`: the input's port is too big.
        PortOutOfRange = "port-out-of-range",
        /// `port-invalid`: the input's port is invalid.
        PortInvalid = "port-invalid",
        /// `file-invalid-Windows-drive-letter`: a relative URL string starting with a Windows drive
        /// letter, with a `file:` base.
        FileInvalidWindowsDriveLetter = "file-invalid-Windows-drive-letter",
        /// `file-invalid-Windows-drive-letter-host`: a `file:` URL's host is a Windows drive letter.
        FileInvalidWindowsDriveLetterHost = "file-invalid-Windows-drive-letter-host",
    }
}

impl ValidationError {
    /// The error type whose spec name is `name`.
    pub fn from_name(name: &str) -> Option<ValidationError> {
        Self::ALL.iter().copied().find(|e| e.name() == name)
    }

    /// The table's "Failure" column: whether this error makes the parser return failure.
    /// `domain-to-ASCII` and `IPv4-out-of-range-part` are failures only in some cases (see
    /// their variants); they answer `true` here, as the table does.
    pub const fn is_failure(self) -> bool {
        match self {
            Self::DomainToAscii
            | Self::HostInvalidCodePoint
            | Self::Ipv4TooManyParts
            | Self::Ipv4NonNumericPart
            | Self::Ipv4OutOfRangePart
            | Self::Ipv6Unclosed
            | Self::Ipv6InvalidCompression
            | Self::Ipv6TooManyPieces
            | Self::Ipv6MultipleCompression
            | Self::Ipv6InvalidCodePoint
            | Self::Ipv6TooFewPieces
            | Self::Ipv4InIpv6TooManyPieces
            | Self::Ipv4InIpv6InvalidCodePoint
            | Self::Ipv4InIpv6OutOfRangePart
            | Self::Ipv4InIpv6TooFewParts
            | Self::MissingSchemeNonRelativeUrl
            | Self::HostMissing
            | Self::PortOutOfRange
            | Self::PortInvalid => true,
            Self::DomainPercentEncoded
            | Self::Ipv4EmptyPart
            | Self::Ipv4TooFewParts
            | Self::Ipv4NonDecimalPart
            | Self::Ipv4NonAsciiInput
            | Self::Ipv6PieceLeadingZero
            | Self::InvalidUrlUnit
            | Self::SpecialSchemeMissingFollowingSolidus
            | Self::InvalidReverseSolidus
            | Self::InvalidCredentials
            | Self::FileInvalidWindowsDriveLetter
            | Self::FileInvalidWindowsDriveLetterHost => false,
        }
    }
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl core::error::Error for ValidationError {}

/// A validation error and the byte offset in the parser's input where it was found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ReportedError {
    /// The error type.
    pub error: ValidationError,
    /// Byte offset in the input the caller gave the parser.
    pub offset: usize,
}

impl ReportedError {
    /// The spec's name of the error type.
    pub const fn name(&self) -> &'static str {
        self.error.name()
    }

    /// The byte offset in the input.
    pub const fn offset(&self) -> usize {
        self.offset
    }

    /// Whether the error type is a failure (see [`ValidationError::is_failure`]).
    pub const fn is_failure(&self) -> bool {
        self.error.is_failure()
    }
}

impl fmt::Display for ReportedError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} at byte {}", self.error.name(), self.offset)
    }
}

impl core::error::Error for ReportedError {}

/// Where parsers send validation errors.
pub trait ValidationSink {
    /// `false` for sinks that drop everything: parsers skip work done only to report.
    const ENABLED: bool = true;

    /// Receives one validation error found at byte `offset` of the parser's input.
    fn report(&mut self, error: ValidationError, offset: usize);
}

/// The sink that ignores everything. Zero-sized; reports compile to nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NoSink;

impl ValidationSink for NoSink {
    const ENABLED: bool = false;

    #[inline(always)]
    fn report(&mut self, _: ValidationError, _: usize) {}
}

#[cfg(feature = "alloc")]
impl ValidationSink for alloc::vec::Vec<ReportedError> {
    fn report(&mut self, error: ValidationError, offset: usize) {
        self.push(ReportedError { error, offset });
    }
}

impl<S: ValidationSink + ?Sized> ValidationSink for &mut S {
    const ENABLED: bool = S::ENABLED;

    #[inline(always)]
    fn report(&mut self, error: ValidationError, offset: usize) {
        (**self).report(error, offset)
    }
}

/// A sink made from a closure.
#[derive(Debug)]
pub struct FnSink<F>(pub F);

impl<F: FnMut(ValidationError, usize)> ValidationSink for FnSink<F> {
    fn report(&mut self, error: ValidationError, offset: usize) {
        (self.0)(error, offset)
    }
}

/// Forwards to another sink with `base` added to every offset: a caller that hands a
/// substring to a lower parser uses it to report offsets in its own input.
#[derive(Debug)]
pub struct OffsetSink<'a, S: ?Sized> {
    /// The sink reports go to.
    pub inner: &'a mut S,
    /// Added to each offset.
    pub base: usize,
}

impl<S: ValidationSink + ?Sized> ValidationSink for OffsetSink<'_, S> {
    const ENABLED: bool = S::ENABLED;

    #[inline(always)]
    fn report(&mut self, error: ValidationError, offset: usize) {
        self.inner.report(error, self.base + offset)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_unique_and_round_trip() {
        for (i, e) in ValidationError::ALL.iter().enumerate() {
            assert_eq!(ValidationError::from_name(e.name()), Some(*e));
            for other in &ValidationError::ALL[i + 1..] {
                assert_ne!(e.name(), other.name());
            }
        }
        assert_eq!(
            ValidationError::from_name("domain-invalid-code-point"),
            None
        );
        assert_eq!(ValidationError::from_name("domain-to-Unicode"), None);
    }

    #[test]
    fn the_list_is_the_spec_table() {
        assert_eq!(ValidationError::COUNT, 31);
        assert_eq!(ValidationError::ALL[0], ValidationError::DomainToAscii);
        assert_eq!(
            ValidationError::ALL[ValidationError::COUNT - 1].name(),
            "file-invalid-Windows-drive-letter-host"
        );
        assert_eq!(
            ValidationError::ALL
                .iter()
                .filter(|e| e.is_failure())
                .count(),
            19
        );
    }

    #[test]
    fn failure_column() {
        assert!(ValidationError::HostMissing.is_failure());
        assert!(ValidationError::Ipv4TooManyParts.is_failure());
        assert!(!ValidationError::Ipv4TooFewParts.is_failure());
        assert!(!ValidationError::InvalidUrlUnit.is_failure());
        assert!(!ValidationError::DomainPercentEncoded.is_failure());
    }

    #[test]
    fn offset_sink_shifts() {
        let mut v = alloc::vec::Vec::new();
        let mut s = OffsetSink {
            inner: &mut v,
            base: 10,
        };
        s.report(ValidationError::PortInvalid, 2);
        assert_eq!(
            v,
            [ReportedError {
                error: ValidationError::PortInvalid,
                offset: 12
            }]
        );
        assert_eq!(core::mem::size_of::<NoSink>(), 0);
    }
}
