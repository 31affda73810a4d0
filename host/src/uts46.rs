//! The one call into `idna`'s Unicode ToASCII (UTS #46), whichever settings the domain parser
//! asks for (the strict ones of its step 1, the relaxed ones of its step 4), and the one place
//! that reaches the Unicode data behind `idna` (its processor and its adapter, as statics, for
//! ToUnicode and for the labels `idna` refuses for their length, `long_labels.rs`).
//!
//! One function, not one per setting, and statics: without link-time optimization, each
//! function that calls `Uts46::new()` and `to_ascii` holds its own copy of the ICU4X data
//! behind them (some 105 KB of a release binary), so a program that reports validation errors,
//! and so runs both, would carry two (`docs/weight.md`).

use alloc::borrow::Cow;
use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use idna_adapter::Adapter;

/// `idna`'s UTS #46 processor, and the adapter to the same Unicode data for the labels it
/// refuses for their length (`long_labels.rs`): both statics of this module, so that the data
/// behind them are in a binary once (a `Uts46::new()` in a function holds a copy of its own).
pub(crate) static UTS46: Uts46 = Uts46::new();
pub(crate) static ADAPTER: Adapter = Adapter::new();

/// Unicode ToASCII of `domain` with UseSTD3ASCIIRules as `deny` says, CheckHyphens as `hyphens`
/// and VerifyDnsLength as `dns` say; CheckBidi and CheckJoiners true, Transitional_Processing
/// and IgnoreInvalidPunycode false (always, in `idna`). `None` on failure.
#[inline(never)]
pub(crate) fn to_ascii(
    domain: &str,
    deny: AsciiDenyList,
    hyphens: Hyphens,
    dns: DnsLength,
) -> Option<Cow<'_, str>> {
    UTS46.to_ascii(domain.as_bytes(), deny, hyphens, dns).ok()
}
