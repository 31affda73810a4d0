//! The opaque-host parser (spec 3.5).

use crate::sets::FORBIDDEN_HOST_CODE_POINTS;
use crate::validation::{ReportedError, ValidationError, ValidationSink};
use alloc::string::String;
use percent::classes::is_url_code_point;
use percent::{C0_CONTROL, is_percent_encoded_byte, percent_encode_into};

/// The opaque-host parser (spec 3.5), appending the opaque host to `out`.
///
/// Returns `Ok(false)` for the empty input (the empty host: nothing is appended) and
/// `Ok(true)` for an opaque host. Offsets are byte offsets in `input`:
/// `host-invalid-code-point` at the first forbidden host code point (a failure); at most one
/// `invalid-URL-unit` at the first code point that is neither a URL code point nor `%`, and
/// at most one at the first `%` not followed by two ASCII hex digits (the standard's two
/// "if input contains" steps).
pub(crate) fn parse_opaque_host_into<S: ValidationSink>(
    input: &str,
    out: &mut String,
    sink: &mut S,
) -> Result<bool, ReportedError> {
    let bytes = input.as_bytes();
    // Step 1: if input contains a forbidden host code point, host-invalid-code-point
    // validation error, return failure.
    if let Some(offset) = bytes
        .iter()
        .position(|&b| FORBIDDEN_HOST_CODE_POINTS.contains(b))
    {
        let error = ValidationError::HostInvalidCodePoint;
        sink.report(error, offset);
        return Err(ReportedError { error, offset });
    }
    if S::ENABLED {
        // Step 2: if input contains a code point that is not a URL code point and not U+0025
        // (%), invalid-URL-unit validation error.
        if let Some((offset, _)) = input
            .char_indices()
            .find(|&(_, c)| c != '%' && !is_url_code_point(c))
        {
            sink.report(ValidationError::InvalidUrlUnit, offset);
        }
        // Step 3: if input contains a U+0025 (%) and the two code points following it are not
        // ASCII hex digits, invalid-URL-unit validation error.
        if let Some(offset) = (0..bytes.len())
            .find(|&i| bytes.get(i) == Some(&b'%') && !is_percent_encoded_byte(bytes, i))
        {
            sink.report(ValidationError::InvalidUrlUnit, offset);
        }
    }
    // Step 4: return the result of running UTF-8 percent-encode on input using the C0 control
    // percent-encode set.
    percent_encode_into(bytes, C0_CONTROL, out);
    Ok(!bytes.is_empty())
}
