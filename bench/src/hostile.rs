//! The hostile shapes (docs/performance.md, "Hostile shapes") at about a megabyte each, the
//! two IDNA hosts also at 100 KB, and one at 16 KB: one URL per shape, for the `hostile`
//! table of `cargo xtask bench --workloads` (beside ada and rust-url) and for `url-profile ...
//! hostile:NAME` (callgrind instruction counts of one shape).

/// About a megabyte.
const MB: usize = 1 << 20;

/// `prefix`, then as many `unit`s as bring it to `len` bytes or just past, then `suffix`.
fn fill(prefix: &str, unit: &str, suffix: &str, len: usize) -> String {
    let units = len.saturating_sub(prefix.len()).div_ceil(unit.len());
    format!("{prefix}{}{suffix}", unit.repeat(units))
}

/// The shapes by name, each one URL of about a megabyte (the IDNA host: 500,000 characters),
/// but `idna-100k`, `idna-mixed-100k` and `idna-16k`.
pub fn shapes() -> Vec<(&'static str, String)> {
    vec![
        // A tab, a newline or a carriage return after every other byte, in every component.
        (
            "tabs",
            fill("ht\ttp\n://ex\rample.com/", "a\tb\nc\r/", "?q\t=1#\nf", MB),
        ),
        // A 500,000-character host of non-ASCII labels (each through domain to ASCII).
        ("idna", fill("https://", "bücher.", "com/", 500_000 * 8 / 7)),
        // The same mixed with ASCII and already-Punycode labels.
        (
            "idna-mixed",
            fill("https://", "bücher.example.xn--bcher-kva.", "com/", 500_000),
        ),
        // The two above at a tenth of the length: 100,000 characters, 100,000 bytes. (Here the
        // parser's first buffer, the input's length, is under glibc's mmap threshold, and the
        // host's Punycode outgrows it: see docs/performance.md, "Hostile shapes".)
        (
            "idna-100k",
            fill("https://", "bücher.", "com/", 100_000 * 8 / 7),
        ),
        (
            "idna-mixed-100k",
            fill("https://", "bücher.example.xn--bcher-kva.", "com/", 100_000),
        ),
        // The first shape at the longest domain that ada maps (16,379 bytes, 2,047 labels: it
        // refuses a domain of more than 16,384 bytes before IDNA, which the two above are).
        (
            "idna-16k",
            fill("https://", "bücher.", "com/", 8 + 2_047 * 8),
        ),
        ("dotdot", fill("https://example.com/", "../", "", MB)),
        (
            "dotdot-encoded",
            fill("https://example.com/", "%2e%2e/", "", MB),
        ),
        (
            "push-pop",
            fill("https://example.com/", "segment/../", "", MB),
        ),
        (
            "long-path",
            fill("https://example.com/", "segment/", "", MB),
        ),
        ("long-host", fill("https://", "label.", "com/", MB)),
        ("non-ascii-path", fill("https://example.com/", "é/", "", MB)),
    ]
}
