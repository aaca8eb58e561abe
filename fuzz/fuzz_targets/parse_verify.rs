//! Parser target: raw bytes as a `gridmatch verify` input (JSON lines). Errors are fine; panics
//! are not, and a line that `Record::verify` accepts must be a true answer with a valid
//! certificate by independent checks.
#![no_main]

use gridmatch_fuzz::check_verify;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_verify(data));
