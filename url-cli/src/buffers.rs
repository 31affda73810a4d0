//! The byte buffers of the bulk pipeline (input blocks and their output), kept for the next
//! block instead of freed. Freeing them let glibc's allocator give the heap top back to the OS
//! after every block and fault it in again for the next one (a `brk` up and down per block, in
//! system time), depending on where small allocations happened to land.

use std::sync::Mutex;

/// Buffers given back and not taken again yet.
static SPARE: Mutex<Vec<Vec<u8>>> = Mutex::new(Vec::new());

/// At most this many are kept: a few per worker are in flight at a time.
const KEEP: usize = 16;

/// An empty buffer with room for at least `capacity` bytes (a kept one too small is freed
/// rather than grown: growing doubles it, and kept buffers would creep up in size).
pub fn take(capacity: usize) -> Vec<u8> {
    match SPARE.lock().ok().and_then(|mut spare| spare.pop()) {
        Some(mut buffer) if buffer.capacity() >= capacity => {
            buffer.clear();
            buffer
        }
        _ => Vec::with_capacity(capacity),
    }
}

/// Keeps `buffer` for a later [`take`].
pub fn give(buffer: Vec<u8>) {
    if buffer.capacity() == 0 {
        return;
    }
    if let Ok(mut spare) = SPARE.lock()
        && spare.len() < KEEP
    {
        spare.push(buffer);
    }
}
