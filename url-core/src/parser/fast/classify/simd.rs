//! Sixteen bytes at a time: the few vector operations that the fast path's block scans
//! (`classify/mod.rs`, `plain_host_end`, and the tail pass's marks) are built of, as one small
//! safe API, the [`Lanes`] trait.
//!
//! This is the crate's one module of `unsafe` code (the crate denies `unsafe_code`; this module
//! alone allows it, for `core::arch` calls), on two architectures, each with its baseline
//! vector extension, checked at compile time with `cfg(target_feature)` (this `no_std` crate
//! does no runtime detection): on x86_64 the operations are SSE2 instructions ([`Sse2`]),
//! on aarch64 NEON instructions (`Neon`). On other targets, and under Miri, the
//! parser does not use vectors: its block scans read one 256-entry table per byte (`marks.rs`,
//! `ByTable`), as fast as the eight-byte table scans they replaced.
//!
//! `Scalar` is the operations' twin in safe code, sixteen lanes in a byte array, for the tests
//! (`simd_tests.rs`), which compare the vector code, the twin, the table and the definitions on
//! every byte value at every position and on pseudo-random blocks, also under Miri (which runs
//! the SSE2 intrinsics; `cargo xtask simd --aarch64` runs the NEON code under qemu-user), and
//! for the fuzz target `simd` (through `simd_testing.rs`). It is not the
//! parser's fallback: a loop over sixteen lanes per operation measured twice the instructions
//! of the old scans on the datasets (kasztp 1,165 Ir a URL against 573).
//!
//! A vector is sixteen lanes of one byte; a comparison gives `0xFF` in each lane where it
//! holds and `0x00` elsewhere, and [`Lanes::mask`] gathers the lanes' high bits, lane `k` in
//! bit `k`, for `trailing_zeros`.

/// Sixteen bytes as lanes, and the operations on them.
pub(crate) trait Lanes: Copy {
    /// The bytes of `block`, lane `k` holding `block[k]`.
    fn load(block: &[u8; 16]) -> Self;
    /// `b` in every lane.
    fn splat(b: u8) -> Self;
    /// `0xFF` in each lane equal to `b`.
    fn eq(self, b: u8) -> Self;
    /// `0xFF` in each lane below `b`, both read as `i8`: every byte from `0x80` on is below any
    /// `b` up to `0x7F`.
    fn lt_signed(self, b: u8) -> Self;
    /// `0xFF` in each lane from `lo` to `hi`, as unsigned bytes (`lo <= hi`, and not the
    /// whole `0x00..=0xFF`, which SSE2's one comparison cannot express): the ranges of
    /// the block scans (letters, digits), in two instructions where two signed comparisons
    /// and an `and` took three.
    fn in_range(self, lo: u8, hi: u8) -> Self;
    /// The lanes set in `self` or in `other`.
    fn or(self, other: Self) -> Self;
    /// The high bit of lane `k` in bit `k`.
    fn mask(self) -> u16;
}

#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
use core::arch::x86_64::{
    __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_cmplt_epi8, _mm_loadu_si128, _mm_movemask_epi8,
    _mm_or_si128, _mm_set1_epi8,
};

/// Sixteen bytes in one SSE2 register.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
#[cfg_attr(all(miri, not(any(test, feature = "testing"))), allow(dead_code))]
#[derive(Clone, Copy)]
pub(crate) struct Sse2(__m128i);

// SAFETY (every block below): the intrinsics' one requirement is the SSE2 target feature, which
// the `cfg` on this impl makes certain at compile time. Only `load` touches memory, see there.
#[cfg(all(target_arch = "x86_64", target_feature = "sse2"))]
impl Lanes for Sse2 {
    #[inline(always)]
    fn load(block: &[u8; 16]) -> Self {
        // SAFETY: SSE2 is enabled; `block` is a reference to 16 readable bytes, which
        // `_mm_loadu_si128` reads with no alignment requirement.
        Self(unsafe { _mm_loadu_si128(block.as_ptr().cast::<__m128i>()) })
    }

    #[inline(always)]
    fn splat(b: u8) -> Self {
        // SAFETY: SSE2 is enabled; register operations only.
        Self(unsafe { _mm_set1_epi8(b as i8) })
    }

    #[inline(always)]
    fn eq(self, b: u8) -> Self {
        // SAFETY: SSE2 is enabled; register operations only.
        Self(unsafe { _mm_cmpeq_epi8(self.0, _mm_set1_epi8(b as i8)) })
    }

    #[inline(always)]
    fn lt_signed(self, b: u8) -> Self {
        // SAFETY: SSE2 is enabled; register operations only.
        Self(unsafe { _mm_cmplt_epi8(self.0, _mm_set1_epi8(b as i8)) })
    }

    /// `lo..=hi` moved to the bottom of the signed order (`-128..=-128 + hi - lo`, where
    /// nothing else lands: the addition wraps), then one signed comparison (SSE2 has no
    /// unsigned one).
    #[inline(always)]
    fn in_range(self, lo: u8, hi: u8) -> Self {
        debug_assert!(lo <= hi && hi - lo < u8::MAX);
        let to_bottom = 0x80u8.wrapping_sub(lo);
        let above = 0x81u8.wrapping_add(hi.wrapping_sub(lo));
        // SAFETY: SSE2 is enabled; register operations only.
        Self(unsafe {
            _mm_cmplt_epi8(
                _mm_add_epi8(self.0, _mm_set1_epi8(to_bottom as i8)),
                _mm_set1_epi8(above as i8),
            )
        })
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        // SAFETY: SSE2 is enabled; register operations only.
        Self(unsafe { _mm_or_si128(self.0, other.0) })
    }

    #[inline(always)]
    fn mask(self) -> u16 {
        // SAFETY: SSE2 is enabled; register operations only. The result's low 16 bits are the
        // lanes' high bits and the rest are zero, so the cast keeps all of it.
        (unsafe { _mm_movemask_epi8(self.0) }) as u16
    }
}

#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
use core::arch::aarch64::{
    uint8x16_t, vaddv_u8, vceqq_u8, vcleq_u8, vcltq_s8, vdupq_n_s8, vdupq_n_u8, vget_high_u8,
    vget_low_u8, vld1q_s8, vld1q_u8, vorrq_u8, vreinterpretq_s8_u8, vshlq_u8, vshrq_n_u8, vsubq_u8,
};

/// Sixteen bytes in one NEON register (aarch64's baseline, like SSE2 on x86_64).
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
#[cfg_attr(all(miri, not(any(test, feature = "testing"))), allow(dead_code))]
#[derive(Clone, Copy)]
pub(crate) struct Neon(uint8x16_t);

/// Lane `k`'s shift in [`Neon::mask`]: `k` within each half.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
static LANE_SHIFTS: [i8; 16] = [0, 1, 2, 3, 4, 5, 6, 7, 0, 1, 2, 3, 4, 5, 6, 7];

// SAFETY (every block below): the intrinsics' one requirement is the NEON target feature,
// which the `cfg` on this impl makes certain at compile time. Only the loads touch memory, see
// there.
#[cfg(all(target_arch = "aarch64", target_feature = "neon"))]
impl Lanes for Neon {
    #[inline(always)]
    fn load(block: &[u8; 16]) -> Self {
        // SAFETY: NEON is enabled; `block` is a reference to 16 readable bytes, which
        // `vld1q_u8` reads with no alignment requirement beyond a byte's.
        Self(unsafe { vld1q_u8(block.as_ptr()) })
    }

    #[inline(always)]
    fn splat(b: u8) -> Self {
        // SAFETY: NEON is enabled; register operations only.
        Self(unsafe { vdupq_n_u8(b) })
    }

    #[inline(always)]
    fn eq(self, b: u8) -> Self {
        // SAFETY: NEON is enabled; register operations only.
        Self(unsafe { vceqq_u8(self.0, vdupq_n_u8(b)) })
    }

    #[inline(always)]
    fn lt_signed(self, b: u8) -> Self {
        // SAFETY: NEON is enabled; register operations only.
        Self(unsafe { vcltq_s8(vreinterpretq_s8_u8(self.0), vdupq_n_s8(b as i8)) })
    }

    /// `lo` taken from every lane (wrapping), then one unsigned comparison.
    #[inline(always)]
    fn in_range(self, lo: u8, hi: u8) -> Self {
        // SAFETY: NEON is enabled; register operations only.
        Self(unsafe {
            vcleq_u8(
                vsubq_u8(self.0, vdupq_n_u8(lo)),
                vdupq_n_u8(hi.wrapping_sub(lo)),
            )
        })
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        // SAFETY: NEON is enabled; register operations only.
        Self(unsafe { vorrq_u8(self.0, other.0) })
    }

    /// NEON has no `movemask`: each lane's high bit moved to bit `k % 8` of its lane, then
    /// each half's lanes added up (no two share a bit, so the sum is their union).
    #[inline(always)]
    fn mask(self) -> u16 {
        // SAFETY: NEON is enabled; `LANE_SHIFTS` is 16 readable bytes (`vld1q_s8`, no
        // alignment requirement beyond a byte's); the rest are register operations.
        let (low, high) = unsafe {
            let bits = vshlq_u8(vshrq_n_u8::<7>(self.0), vld1q_s8(LANE_SHIFTS.as_ptr()));
            (vaddv_u8(vget_low_u8(bits)), vaddv_u8(vget_high_u8(bits)))
        };
        u16::from(low) | u16::from(high) << 8
    }
}

/// The scalar twin: sixteen bytes in an array, each operation a loop over the lanes. Only the
/// tests and the fuzz target use it.
#[cfg(any(test, feature = "testing"))]
#[derive(Clone, Copy)]
pub(crate) struct Scalar([u8; 16]);

#[cfg(any(test, feature = "testing"))]
impl Scalar {
    /// Each lane mapped by `f` to `0xFF` (true) or `0x00`.
    #[inline(always)]
    fn lanes(self, f: impl Fn(u8) -> bool) -> Self {
        Self(self.0.map(|x| if f(x) { 0xFF } else { 0 }))
    }

    /// Each lane of `self` combined with the same lane of `other` by `f`.
    #[inline(always)]
    fn zip(self, other: Self, f: impl Fn(u8, u8) -> u8) -> Self {
        let mut out = self.0;
        for (x, y) in out.iter_mut().zip(other.0) {
            *x = f(*x, y);
        }
        Self(out)
    }
}

#[cfg(any(test, feature = "testing"))]
impl Lanes for Scalar {
    #[inline(always)]
    fn load(block: &[u8; 16]) -> Self {
        Self(*block)
    }

    #[inline(always)]
    fn splat(b: u8) -> Self {
        Self([b; 16])
    }

    #[inline(always)]
    fn eq(self, b: u8) -> Self {
        self.lanes(|x| x == b)
    }

    #[inline(always)]
    fn lt_signed(self, b: u8) -> Self {
        self.lanes(|x| (x as i8) < (b as i8))
    }

    #[inline(always)]
    fn in_range(self, lo: u8, hi: u8) -> Self {
        self.lanes(|x| (lo..=hi).contains(&x))
    }

    #[inline(always)]
    fn or(self, other: Self) -> Self {
        self.zip(other, |x, y| x | y)
    }

    #[inline(always)]
    fn mask(self) -> u16 {
        self.0
            .iter()
            .rev()
            .fold(0, |mask, &x| mask << 1 | u16::from(x >> 7))
    }
}

/// The vector implementation where there is one ([`Sse2`] on x86_64, [`Neon`] on aarch64, also
/// under Miri), else the scalar twin: what the tests and the fuzz target compare with
/// [`Scalar`].
#[cfg(all(
    target_arch = "x86_64",
    target_feature = "sse2",
    any(test, feature = "testing")
))]
pub(crate) type Vector = Sse2;

/// The vector implementation where there is one: [`Neon`] on aarch64.
#[cfg(all(
    target_arch = "aarch64",
    target_feature = "neon",
    any(test, feature = "testing")
))]
pub(crate) type Vector = Neon;

/// The vector implementation where there is one: none on this target, so the scalar twin.
#[cfg(all(
    not(all(target_arch = "x86_64", target_feature = "sse2")),
    not(all(target_arch = "aarch64", target_feature = "neon")),
    any(test, feature = "testing")
))]
pub(crate) type Vector = Scalar;

/// Every operation of [`Lanes`] on `block` (and `other`, and the comparand `b`), as masks:
/// `eq`, `lt_signed`, `in_range` from `b` to 25 above (as far as `0xFF`), `or` of the two
/// blocks' lanes, `or` with `b` in every lane (`splat`), and the two blocks' own high bits.
/// (`simd_tests.rs` also tries `in_range` on every range.)
#[cfg(any(test, feature = "testing"))]
#[inline(never)]
pub(crate) fn all_ops<V: Lanes>(block: &[u8; 16], other: &[u8; 16], b: u8) -> [u16; 7] {
    let (x, y) = (V::load(block), V::load(other));
    [
        x.eq(b).mask(),
        x.lt_signed(b).mask(),
        x.in_range(b, b.saturating_add(25)).mask(),
        x.or(y).mask(),
        x.or(V::splat(b)).mask(),
        x.mask(),
        y.mask(),
    ]
}
