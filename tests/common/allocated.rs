//! An allocation counter for a test binary that holds a single measuring test: stats_alloc
//! around the system allocator, installed as the binary's global allocator by including this
//! file (`#[path = "common/allocated.rs"] mod allocated;`).

use stats_alloc::{INSTRUMENTED_SYSTEM, Region, StatsAlloc};
use std::alloc::System;

#[global_allocator]
static GLOBAL: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

/// Runs `f` and returns its result with the bytes it asked the allocator for (fresh
/// allocations plus net growth by reallocation): at least its peak.
pub fn allocated<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let region = Region::new(GLOBAL);
    let out = f();
    let s = region.change();
    (out, s.bytes_allocated + s.bytes_reallocated.max(0) as usize)
}
