//! Process-wide malloc counting, so that ada's C++ allocations are seen as well as Rust's.
//!
//! The executable defines `malloc`, `calloc`, `realloc`, `posix_memalign`, `aligned_alloc` and
//! `free`; the dynamic linker resolves every call in the process (Rust's system allocator,
//! libstdc++'s `operator new`) to these, and they forward to glibc's `__libc_*` entry points.
//! They count only inside [`counted`]: the counting passes are untimed, and a timed pass pays
//! one load and a branch a call, not the atomic increment (a locked instruction that drains
//! the store buffer, some 4 ns an allocation on the bench machine, paid twice by ada's two
//! allocations a URL and once by ours).
//! This is the only `unsafe` in the benchmark. (The library crates forbid `unsafe` code but for
//! one module of url-core, its vector block scans: `url-core/src/parser/fast/classify/simd.rs`.)
#![allow(unsafe_code)]

use std::ffi::c_void;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCATIONS: AtomicU64 = AtomicU64::new(0);
static REALLOCATIONS: AtomicU64 = AtomicU64::new(0);

unsafe extern "C" {
    fn __libc_malloc(size: usize) -> *mut c_void;
    fn __libc_calloc(n: usize, size: usize) -> *mut c_void;
    fn __libc_realloc(ptr: *mut c_void, size: usize) -> *mut c_void;
    fn __libc_memalign(align: usize, size: usize) -> *mut c_void;
    fn __libc_free(ptr: *mut c_void);
}

/// What `f` returns, and the allocations and reallocations made while it ran. (Counting is
/// process-wide: run nothing else meanwhile.)
pub fn counted<T>(f: impl FnOnce() -> T) -> (T, (u64, u64)) {
    let before = (ALLOCATIONS.load(Relaxed), REALLOCATIONS.load(Relaxed));
    COUNTING.store(true, Relaxed);
    let out = f();
    COUNTING.store(false, Relaxed);
    let after = (ALLOCATIONS.load(Relaxed), REALLOCATIONS.load(Relaxed));
    (out, (after.0 - before.0, after.1 - before.1))
}

/// [`counted`] for a closure behind a pointer: the allocations and reallocations it made.
pub fn counted_dyn(f: &mut dyn FnMut()) -> (u64, u64) {
    counted(f).1
}

/// Adds one to `counter` inside [`counted`].
#[inline(always)]
fn count(counter: &AtomicU64) {
    if COUNTING.load(Relaxed) {
        counter.fetch_add(1, Relaxed);
    }
}

// SAFETY (all functions below): each forwards its arguments unchanged to the glibc function
// with the same contract, so callers get exactly glibc's behaviour; the only addition is a
// relaxed atomic load and, inside `counted`, increment, which neither allocates nor re-enters
// the allocator.

/// # Safety
/// As C `malloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn malloc(size: usize) -> *mut c_void {
    count(&ALLOCATIONS);
    unsafe { __libc_malloc(size) }
}

/// # Safety
/// As C `calloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn calloc(n: usize, size: usize) -> *mut c_void {
    count(&ALLOCATIONS);
    unsafe { __libc_calloc(n, size) }
}

/// # Safety
/// As C `realloc`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn realloc(ptr: *mut c_void, size: usize) -> *mut c_void {
    if ptr.is_null() {
        count(&ALLOCATIONS);
    } else {
        count(&REALLOCATIONS);
    }
    unsafe { __libc_realloc(ptr, size) }
}

/// # Safety
/// As C `posix_memalign`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn posix_memalign(out: *mut *mut c_void, align: usize, size: usize) -> i32 {
    count(&ALLOCATIONS);
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
    count(&ALLOCATIONS);
    unsafe { __libc_memalign(align, size) }
}

/// # Safety
/// As C `free`.
#[unsafe(no_mangle)]
pub unsafe extern "C" fn free(ptr: *mut c_void) {
    unsafe { __libc_free(ptr) }
}
