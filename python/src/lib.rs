//! `gridmatch._core`: the gridmatch library's engines for Python, behind the pure-Python
//! `gridmatch` package (python/gridmatch/), which is the public API.
//!
//! Arrays cross the boundary as NumPy arrays (the `numpy` crate): the package hands over
//! C-contiguous `int64` arrays, and every result is a `#[pyclass]` with named, typed
//! attributes whose arrays are made from the engine's vectors without a copy and are
//! read-only (`arrays.rs`). Every result pickles (`__reduce__`: its class and its
//! constructor's arguments). Every input is checked here before any engine sees it (ids in
//! range, literals non-zero and in range, boards rectangular over the puzzle's alphabet, sizes
//! within the engines' limits and the memory), and refused with a `ValueError` (a
//! `MemoryError` for a size that does not fit in memory) in the words the command line uses.
//! Each engine runs with the GIL released.
//!
//! Layout: `arrays.rs` (NumPy arrays in and out), `convert.rs` (ids in and out, errors, the
//! memory check), `exact.rs` (weights and costs as exact integers: floats as their shortest
//! decimals at one common scale, or rounded to the finest grid for a proven-gap answer),
//! memory check), `graphs.rs` (graphs from edge arrays, geography), `matching.rs` (maximum
//! matching and its proof), `bipartite.rs` (bipartite matching, its cover and edge classes),
//! `twosat.rs` (2-SAT and its answer),
//! `weighted/` (weighted matching, its duals and their check, assignment), `puzzles.rs`
//! (boards, the three puzzles, their answers and pictures).

#![forbid(unsafe_code)]

mod arrays;
mod bipartite;
mod convert;
mod dm;
mod exact;
mod graphs;
mod matching;
mod puzzles;
mod twosat;
mod weighted;

use pyo3::prelude::*;

pyo3::create_exception!(
    gridmatch._core,
    CertificateError,
    pyo3::exceptions::PyValueError,
    "A certificate that does not prove what it claims: `verify()` says which rule it breaks."
);

/// The engines; see the `gridmatch` package for the documented API.
#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("CertificateError", m.py().get_type::<CertificateError>())?;
    m.add_class::<matching::Matching>()?;
    m.add_class::<bipartite::Cover>()?;
    m.add_class::<bipartite::BipartiteMatching>()?;
    m.add_class::<dm::Dmperm>()?;
    m.add_class::<twosat::TwoSat>()?;
    m.add_class::<weighted::WeightedMatching>()?;
    m.add_class::<weighted::PyDuals>()?;
    m.add_class::<weighted::PyOddSet>()?;
    m.add_class::<puzzles::Rooks>()?;
    m.add_class::<puzzles::Lpuzzle>()?;
    m.add_class::<puzzles::Reason>()?;
    m.add_class::<puzzles::King>()?;
    m.add_class::<puzzles::KingStrategy>()?;
    m.add_function(wrap_pyfunction!(matching::max_matching, m)?)?;
    m.add_function(wrap_pyfunction!(bipartite::bipartite_matching, m)?)?;
    m.add_function(wrap_pyfunction!(graphs::geography, m)?)?;
    m.add_function(wrap_pyfunction!(twosat::two_sat, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::max_weight_matching, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::assign, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::check_grid, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::check_potentials, m)?)?;
    m.add_function(wrap_pyfunction!(weighted::float_decimals, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::rooks_board, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::lpuzzle_board, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::king_board, m)?)?;
    Ok(())
}
