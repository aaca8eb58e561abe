//! The last line of defence against memory that runs out: a global allocator that forwards to
//! the system's and, when an allocation fails, prints one line on standard error and exits 2
//! instead of letting the standard library abort (exit 134 and a backtrace). Stable Rust offers
//! no hook for that failure (`set_alloc_error_hook` is unstable), so it is caught where it
//! happens: in the allocator, before it returns null.
//!
//! Sizes are checked before anything large is built ([`crate::limits`]' memory pre-checks probe
//! with [`probe`], which lets a failure come back as an error); what still fails — a limit
//! raised past the memory, an address-space limit (`ulimit -v`) the pre-check cannot see, an
//! estimate that falls short — ends here, with the amount asked for and the flag that bounds
//! the input ([`set_hint`]).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;
use std::fs::File;
use std::io::Write;
use std::mem::ManuallyDrop;
use std::os::fd::FromRawFd;
use std::sync::OnceLock;

/// The system allocator, with a failure reported and turned into exit 2 (see the module docs).
pub struct Reporting;

thread_local! {
    /// Set while [`probe`] runs: a failure then returns null, which the probe expects.
    static PROBING: Cell<bool> = const { Cell::new(false) };
}

/// What the message adds after the amount: the flag that bounds the input, set once the
/// command is known.
static HINT: OnceLock<&'static str> = OnceLock::new();

/// Sets what the out-of-memory line says after the amount (e.g. `; lower --max-edges or give a
/// smaller input`). Only the first call counts.
pub fn set_hint(hint: &'static str) {
    let _ = HINT.set(hint);
}

/// Runs `f` with allocation failures returned as null (for `try_reserve`) rather than reported.
pub fn probe<T>(f: impl FnOnce() -> T) -> T {
    let before = PROBING.with(|p| p.replace(true));
    let out = f();
    PROBING.with(|p| p.set(before));
    out
}

/// `n` in decimal into the end of `buf`; returns where the digits start.
fn digits(mut n: usize, buf: &mut [u8; 20]) -> usize {
    let mut at = buf.len();
    loop {
        at -= 1;
        buf[at] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            return at;
        }
    }
}

/// Reports that `size` bytes could not be had and exits 2, allocating nothing: the line is
/// written straight to file descriptor 2 from fixed pieces and a stack buffer.
#[cold]
fn fail(size: usize) -> ! {
    // SAFETY: fd 2 is the process's standard error, open for its whole life (if a parent closed
    // it, the write fails and is ignored); `ManuallyDrop` keeps this `File` from closing it.
    let mut err = ManuallyDrop::new(unsafe { File::from_raw_fd(2) });
    let mut buf = [0u8; 20];
    let at = digits(size, &mut buf);
    let hint = HINT.get().copied().unwrap_or("; give a smaller input");
    for piece in [
        b"error: out of memory: " as &[u8],
        b"an allocation of ",
        &buf[at..],
        b" bytes failed (the machine's memory or this process's limit, e.g. ulimit -v, is \
          exhausted)",
        hint.as_bytes(),
        b"\n",
    ] {
        if err.write_all(piece).is_err() {
            break;
        }
    }
    std::process::exit(2)
}

/// Whether a null from the system allocator is reported ([`fail`]) or returned.
fn check(p: *mut u8, size: usize) -> *mut u8 {
    if p.is_null() && !PROBING.with(Cell::get) {
        fail(size);
    }
    p
}

// SAFETY: every method forwards to `System` with the caller's arguments unchanged and returns
// what `System` returns, so each block is one `System` allocated for that layout and is freed
// or grown by `System` again: `GlobalAlloc`'s contract is `System`'s. The one addition runs
// only when `System` returned null: it either returns that null (while probing) or never
// returns, after writing to fd 2 without allocating (no re-entry into this allocator) and
// exiting; `thread_local!` with a `const` initialiser and no destructor allocates nothing, nor
// does `OnceLock::get`.
unsafe impl GlobalAlloc for Reporting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        // SAFETY: the caller's guarantees for `layout` are passed on as they are.
        check(unsafe { System.alloc(layout) }, layout.size())
    }

    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        // SAFETY: as `alloc`.
        check(unsafe { System.alloc_zeroed(layout) }, layout.size())
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System` with `layout` (every block here does).
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: as `dealloc`, with the caller's guarantees for `new_size`.
        check(unsafe { System.realloc(ptr, layout, new_size) }, new_size)
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn digits_in_decimal() {
        let mut buf = [0u8; 20];
        for n in [0, 7, 10, 800_000_000, usize::MAX] {
            let at = super::digits(n, &mut buf);
            assert_eq!(std::str::from_utf8(&buf[at..]).unwrap(), n.to_string());
        }
    }

    #[test]
    fn a_probe_gets_its_error_back() {
        let got = super::probe(|| Vec::<u8>::new().try_reserve_exact(usize::MAX / 2));
        assert!(got.is_err());
    }
}
