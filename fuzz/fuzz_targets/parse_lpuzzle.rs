//! Parser target: raw bytes as a `gridmatch lpuzzle` input file. Errors are fine; panics,
//! errors without a position, modes disagreeing and certificates failing `verify` are not.
#![no_main]

use gridmatch_fuzz::{Driver, check_driver};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| check_driver(data, Driver::Lpuzzle));
