//! Ids in and out (checked `i64` values to the engines' `u32`, and back), the errors of bad
//! input, and the memory check made before an engine allocates for an input. The NumPy arrays
//! themselves are made in `arrays.rs`.

use pyo3::exceptions::{PyMemoryError, PyValueError};
use pyo3::prelude::*;

use gridmatch::graph::NONE;

/// Most vertices any engine takes: ids stay below the graph core's sentinel.
pub use gridmatch::graph::MAX_VERTICES;

/// Bad input, found while the GIL is released: raised once it is held again.
#[derive(Debug)]
pub enum Error {
    /// Raised as `ValueError`.
    Value(String),
    /// Raised as `MemoryError`.
    Memory(String),
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        match e {
            Error::Value(m) => PyValueError::new_err(m),
            Error::Memory(m) => PyMemoryError::new_err(m),
        }
    }
}

impl From<gridmatch::InputError> for Error {
    fn from(e: gridmatch::InputError) -> Error {
        Error::Value(e.to_string())
    }
}

/// What an engine call returns before the GIL is taken again.
pub type Result<T> = std::result::Result<T, Error>;

/// A `ValueError` with `msg`.
pub fn value(msg: impl Into<String>) -> Error {
    Error::Value(msg.into())
}

/// One column of an array of ids: what its entries are, and their bound.
#[derive(Clone, Copy, Debug)]
pub struct Column {
    /// What an entry is, e.g. `vertex number`, `left vertex number`.
    pub noun: &'static str,
    /// Entries are `< count`; `None`: any id the engines take (the count is then found).
    pub count: Option<u64>,
    /// How the count is named in hints, e.g. `n`, `n_left`.
    pub count_name: &'static str,
    /// What the count counts, e.g. `vertices`, `left vertices`.
    pub unit: &'static str,
}

impl Column {
    /// A vertex of a graph with `n` vertices (found from the ids if `None`).
    pub fn vertex(n: Option<u64>) -> Column {
        Column {
            noun: "vertex number",
            count: n,
            count_name: "n",
            unit: "vertices",
        }
    }

    /// The error for `found` at `at`: out of range, or negative.
    fn refuse(&self, at: &str, found: i64) -> Error {
        let limit = self.count.unwrap_or(MAX_VERTICES);
        let expected = match limit {
            0 => format!("no {} ({} = 0)", self.noun, self.count_name),
            n => format!("a {} from 0 to {}", self.noun, n - 1),
        };
        let hint = if found < 0 {
            "this number cannot be negative".to_string()
        } else if self.count.is_some() {
            format!("{} = {limit} {}", self.count_name, self.unit)
        } else {
            format!("the vertex limit is {MAX_VERTICES}")
        };
        value(format!(
            "{at}: found {found}, expected {expected}\nhint: {hint}"
        ))
    }

    /// `v` as an id of this column, or the error naming `at`.
    fn check(&self, v: i64, at: impl FnOnce() -> String) -> Result<u32> {
        let limit = self.count.unwrap_or(MAX_VERTICES);
        match u64::try_from(v) {
            // limit <= MAX_VERTICES < u32::MAX.
            Ok(id) if id < limit => Ok(id as u32),
            _ => Err(self.refuse(&at(), v)),
        }
    }
}

/// Pairs of ids.
pub type Pairs = Vec<(u32, u32)>;

/// The pairs of `values` (an `(m, 2)` array of `i64`, flat), each end checked against its
/// column; `what` names the array in errors (`edges[3][1]: found -1, …`). Also returns one more
/// than the largest id of each column (0 if empty).
pub fn pairs(values: &[i64], what: &str, cols: [Column; 2]) -> Result<(Pairs, [u64; 2])> {
    let (rows, []) = values.as_chunks::<2>() else {
        return Err(value(format!(
            "{what}: an odd number of integers, not pairs"
        )));
    };
    let mut out = Vec::with_capacity(rows.len());
    let mut ends = [0u64; 2];
    for (i, row) in rows.iter().enumerate() {
        let mut pair = [0u32; 2];
        for (j, &v) in row.iter().enumerate() {
            let id = cols[j].check(v, || format!("{what}[{i}][{j}]"))?;
            ends[j] = ends[j].max(u64::from(id) + 1);
            pair[j] = id;
        }
        out.push((pair[0], pair[1]));
    }
    Ok((out, ends))
}

/// The ids of `values`, each checked against `col`.
pub fn ids(values: &[i64], what: &str, col: Column) -> Result<Vec<u32>> {
    values
        .iter()
        .enumerate()
        .map(|(i, &v)| col.check(v, || format!("{what}[{i}]")))
        .collect()
}

/// Checks a count given by the caller (`n`, `n_left`, …) against `max`; `unit` names what it
/// counts (`vertices`), `one` one of them (`vertex`).
pub fn count(n: u64, name: &str, max: u64, unit: &str, one: &str) -> Result<u64> {
    if n > max {
        return Err(value(format!(
            "{name}: found {n}, expected at most {max} {unit}\nhint: the {one} limit is {max}"
        )));
    }
    Ok(n)
}

/// An id as Python sees it: [`NONE`] is `-1`.
pub fn id_value(v: u32) -> i64 {
    if v == NONE { -1 } else { i64::from(v) }
}

/// Vertex ids as `i64`, [`NONE`] as `-1`.
pub fn id_values(ids: &[u32]) -> Vec<i64> {
    ids.iter().map(|&v| id_value(v)).collect()
}

/// Pairs as the flat `i64` values of an `(m, 2)` array.
pub fn pair_values(pairs: &[(u32, u32)]) -> Vec<i64> {
    pairs
        .iter()
        .flat_map(|&(u, v)| [i64::from(u), i64::from(v)])
        .collect()
}

/// Refuses an input whose solving would need more than ¾ of the memory this process may use
/// (`need` bytes, estimated), before anything is allocated for it. `what` describes the input.
///
/// # Errors
/// [`Error::Memory`] when it would not fit; nothing when the memory is unknown.
pub fn check_memory(need: u64, what: impl FnOnce() -> String) -> Result<()> {
    match memory_bytes() {
        Some(have) if need > have / 4 * 3 => Err(Error::Memory(format!(
            "{} needs about {} of memory, more than 3/4 of the {} this process may use",
            what(),
            gib(need),
            gib(have)
        ))),
        _ => Ok(()),
    }
}

fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

/// The memory this process may use, if the system tells: the machine's RAM, or the container's
/// cgroup (v2) limit when that is lower.
fn memory_bytes() -> Option<u64> {
    let meminfo = std::fs::read_to_string("/proc/meminfo").ok()?;
    let total_kib: u64 = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))?
        .trim()
        .trim_end_matches("kB")
        .trim()
        .parse()
        .ok()?;
    let ram = total_kib.checked_mul(1024)?;
    let cgroup = std::fs::read_to_string("/sys/fs/cgroup/memory.max")
        .ok()
        .and_then(|s| s.trim().parse::<u64>().ok());
    Some(cgroup.map_or(ram, |c| c.min(ram)))
}
