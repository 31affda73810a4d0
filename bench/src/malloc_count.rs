//! Process-wide malloc counting, so that ada's C++ allocations are seen as well as Rust's.
//!
//! The executable defines `malloc`, `calloc`, `realloc`, `posix_memalign`, `aligned_alloc` and
//! `free`; the dynamic linker resolves every call in the process (Rust's system allocator,
//! libstdc++'s `operator new`) to these, and they forward to glibc's `__libc_*` entry points.
//! This is the only `unsafe` in the benchmark. (The library crates forbid `unsafe` code but for
//! one module of url-core, its vector block scans: `url-core/src/parser/fast/classify/simd.rs`.)
#![allow(unsafe_code)]

use std::ffi::c_void;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static REALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe extern "C" {
    fn __libc_malloc(size: usize) -> *mut c_void;
    fn __libc_calloc(n: usize, size: usize) -> *mut c_void;
    fn __libc_realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn __libc_memalign(align: usize, size: usize) -> *mut c_void;
    fn __libc_free(ptr: *mut c_void);
}

/// Counts so far: (allocations, reallocations).
pub fn counts() -> (u64, u64) {
    (ALLOCATIONS.load(Relaxed), REALLOCATIONS.load(Relaxed))
}

// SAFETY (all functions below): each forwards its arguments unchanged to the glibc function
// with the same contract, so callers get exactly glibc's behaviour; the only addition is a
// relaxed atomic increment, which neither allocates nor re-enters the allocator.

/// # Safety
/// As C `malloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn malloc(size: usize) -> *mut c_void {
    ALLOCATIONS.fetch_add(1, Relaxed);
    unsafe { __libc_malloc(size) }
}

/// # Safety
/// As C `calloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn calloc(n: usize, size: usize) -> *mut c_void {
    ALLOCATIONS.fetch_add(1, Relaxed);
    unsafe { __libc_calloc(n, size) }
}

/// # Safety
/// As C `realloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    if ptr.is_null() {
        ALLOCATIONS.fetch_add(1, Relaxed);
    } else {
        REALLOCATIONS.fetch_add(1, Relaxed);
    }
    unsafe { __libc_realloc(ptr, size) }
}

/// # Safety
/// As C `posix_memalign`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn posix_memalign(out: *mut *mut c_void, align: usize, size: usize) -> i32 {
    ALLOCATIONS.fetch_add(1, Relaxed);
    let p = unsafe { __libc_memalign(align, size) };
    if p.is_null() {
        return 12; // ENOMEM
    }
    unsafe { *out = p };
    0
}

/// # Safety
/// As C `aligned_alloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn aligned_alloc(align: usize, size: usize) -> *mut c_void {
    ALLOCATIONS.fetch_add(1, Relaxed);
    unsafe { __libc_memalign(align, size) }
}

/// # Safety
/// As C `free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn free(ptr: *mut c_void) {
    unsafe { __libc_free(ptr) }
}
