//! `gridmatch._core`: the gridmatch library's engines for Python, behind the pure-Python
//! `gridmatch` package (python/gridmatch/), which is the public API.
//!
//! Arrays cross the boundary as `bytes` of native-endian `i64` (vertex ids, literals; `-1` for
//! "none") or `u8` (classes, winners, a model), so the module needs nothing of NumPy's C API and
//! builds for the stable ABI (abi3); the package wraps them with `numpy.frombuffer` without a
//! copy. Every input is checked here before any engine sees it (ids in range, literals non-zero
//! and in range, boards rectangular over the puzzle's alphabet, sizes within the engines' limits
//! and the memory), and refused with a `ValueError` (a `MemoryError` for a size that does not
//! fit in memory) in the words the command line uses. Each engine runs with the GIL released.
//!
//! Layout: `convert.rs` (bytes to ids and back, errors, the memory check), `graphs.rs` (matching,
//! classes, geography, 2-SAT, verifiers), `weighted.rs` (weighted matching, its duals and their
//! check, assignment), `puzzles.rs` (boards, the three puzzles, records).

#![forbid(unsafe_code)]

mod convert;
mod graphs;
mod puzzles;
mod weighted;

use pyo3::prelude::*;

/// The engines; see the `gridmatch` package for the documented API.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_function(wrap_pyfunction!(graphs::max_matching, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::bipartite_matching, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::classify, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::geography, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::verify_matching, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::verify_bipartite, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::two_sat, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::two_sat_backbone, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::two_sat_second_model, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::max_weight_matching, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::verify_weighted, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::weighted_json, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::assign_dense, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::assign_sparse, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::rooks_board, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::lpuzzle_board, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::king_board, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::verify_record, m)?)?;
    Ok(())
}
