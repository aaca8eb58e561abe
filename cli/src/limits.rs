//! How big an input the command line takes: limits derived from the machine's memory.
//!
//! The default `--max-cells` keeps one board within three quarters of the memory this process
//! may use (the machine's RAM, or its container's cgroup limit when lower) at the puzzle's
//! measured peak bytes per cell ([`Puzzle::peak_bytes_per_cell`]); `verify`'s default line
//! limit does the same at [`VERIFY_BYTES_PER_BYTE`].

use gridmatch::Puzzle;
use gridmatch::formats::judge::MAX_CELLS;
use gridmatch::puzzles::Request;

/// Bytes `verify` may hold per byte of a certificate line: the line itself and the record read
/// from it, rounded up from the measured peak (figures in docs/BENCHMARKS.md, *Memory per
/// cell*); tests/memory.rs checks that reading a record allocates under 10 bytes per byte.
pub const VERIFY_BYTES_PER_BYTE: u64 = 16;

/// `verify`'s limit on the bytes of one certificate line when the memory is unknown: 1 GiB.
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 30;

/// How many units of `bytes_per_unit` bytes fit in three quarters of `memory_bytes`, at least 1.
///
/// # Complexity
/// O(1).
pub fn units_in_memory(memory_bytes: u64, bytes_per_unit: u64) -> u64 {
    (memory_bytes / 4 * 3 / bytes_per_unit.max(1)).max(1)
}

/// The cell limit that keeps one board within three quarters of `memory_bytes` when solving it
/// takes `bytes_per_cell` at its peak ([`units_in_memory`]); at most [`MAX_CELLS`].
///
/// # Complexity
/// O(1).
pub fn max_cells_for_memory(memory_bytes: u64, bytes_per_cell: u64) -> u64 {
    units_in_memory(memory_bytes, bytes_per_cell).min(MAX_CELLS)
}

/// The memory this process may use, in bytes, if the OS tells: the machine's RAM, or its
/// container's (cgroup) limit when that is lower, and never more than the address space.
pub fn memory_bytes() -> Option<u64> {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let sys = System::new_with_specifics(
        RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()),
    )
    .ok()?;
    let ram = Some(sys.total_memory()).filter(|&b| b > 0)?;
    let cgroup = sys
        .cgroup_limits()
        .map_or(u64::MAX, |c| c.total_memory)
        .max(1);
    Some(
        ram.min(cgroup)
            .min(u64::try_from(usize::MAX).unwrap_or(u64::MAX)),
    )
}

/// `23.5 GiB`.
pub fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

/// The cell limit for boards of `puzzle` answered to `request` (what the output, and a picture,
/// need) and the hint shown when a board is over it: the flag
/// if given (lowered to [`MAX_CELLS`]), else what fits in memory. `None` for the limit: the
/// reader's own default.
pub fn cell_limit(
    flag: Option<u64>,
    puzzle: Puzzle,
    request: &Request,
) -> (Option<u64>, Option<String>) {
    match flag {
        Some(n) if n > MAX_CELLS => (
            Some(MAX_CELLS),
            Some(format!("{MAX_CELLS} cells is the most gridmatch can index")),
        ),
        Some(n) => (Some(n), None),
        None => {
            let per_cell = puzzle.peak_bytes_per_request_cell(request);
            match memory_bytes() {
                None => (
                    None,
                    Some(
                        "the default limit applies because this machine's memory is unknown; \
                         raise it with --max-cells N"
                            .into(),
                    ),
                ),
                Some(bytes) => (
                    Some(max_cells_for_memory(bytes, per_cell)),
                    Some(format!(
                        "the default limit keeps one board within 3/4 of this machine's {} \
                         ({per_cell} bytes per cell for {}); raise it with --max-cells N",
                        gib(bytes),
                        puzzle.name()
                    )),
                ),
            }
        }
    }
}

/// `verify`'s line limit and its hint: the flag if given, else what fits in memory.
pub fn line_limit(flag: Option<usize>) -> (usize, Option<String>) {
    match (flag, memory_bytes()) {
        (Some(n), _) => (n, None),
        (None, Some(bytes)) => (
            usize::try_from(units_in_memory(bytes, VERIFY_BYTES_PER_BYTE)).unwrap_or(usize::MAX),
            Some(format!(
                "the default limit keeps verify within 3/4 of this machine's {} \
                 ({VERIFY_BYTES_PER_BYTE} bytes per byte of a line); raise it with \
                 --max-line-bytes N",
                gib(bytes)
            )),
        ),
        (None, None) => (DEFAULT_MAX_LINE_BYTES, None),
    }
}

/// Peak bytes per edge of `gridmatch match` / `geography` (the edge list as read, its copy in
/// one vertex set, the CSR graph and the engine's arrays), rounded up; also charged per vertex.
pub const GRAPH_BYTES_PER_EDGE: u64 = 64;

/// What a graph command builds on the input, for its memory pre-check ([`GraphWork::bytes`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GraphWork {
    /// `match` (the size, the pairs, the certificate, `--classify`): the cardinality engines.
    Matching,
    /// `match --dm`: the decomposition, every vertex listed.
    Dm,
    /// `geography`: a maximum matching and its Gallai–Edmonds decomposition.
    Geography,
    /// `match --weights`: the weighted engines (and, for the maximum-cardinality question, the
    /// cardinality engine's proof as well).
    Weighted(gridmatch::graph::weighted::Cardinality),
}

impl GraphWork {
    /// Peak bytes per vertex and per edge of the whole process (the input as read included),
    /// measured with `/usr/bin/time -v` (peak RSS) and rounded up. Measured on a path of 10⁶
    /// vertices, random graphs of 5·10⁴ vertices and 5·10⁵ edges and of 3·10⁵ vertices and
    /// 1.5·10⁶ edges, and 5·10⁷ declared vertices with one edge (before isolated vertices were
    /// left out):
    /// - weighted, every matching: 194 MB, 89 MB, 300 MB and 3.9 GB: about 80 per vertex and
    ///   185 per edge;
    /// - weighted, maximum-cardinality or perfect (the shift design): 135 MB, 96 MB, 464 MB and
    ///   3.9 GB: about 80 and 295. Re-measured on the native engine (perfect mode, the
    ///   Gallai–Edmonds gadget; `--json`, weights 1..10⁶ with a planted perfect matching):
    ///   a path of 10⁶ vertices 143 MB for both, G(5·10⁴, 5·10⁵) 108 MB (`--max-cardinality`)
    ///   and 100 MB (`--min --perfect`), G(3·10⁵, 1.5·10⁶) 370 MB and 341 MB (the plain
    ///   question: 99 MB and 340 MB): at most 100 per vertex and 233 per edge, charged 260;
    /// - unweighted `match`, `--dm`, `geography`: at most 65 MB on the path, 18 MB on the
    ///   random graph and 1.2 GB on the declared vertices: at most 24 per vertex and 33 per
    ///   edge, well within [`GRAPH_BYTES_PER_EDGE`] for each.
    pub fn rates(self) -> (u64, u64) {
        use gridmatch::graph::weighted::Cardinality;
        match self {
            GraphWork::Matching | GraphWork::Dm | GraphWork::Geography => {
                (GRAPH_BYTES_PER_EDGE, GRAPH_BYTES_PER_EDGE)
            }
            GraphWork::Weighted(Cardinality::Any) => (100, 240),
            GraphWork::Weighted(Cardinality::Maximum | Cardinality::Perfect) => (100, 260),
        }
    }

    /// About what the work needs at its peak on `n` vertices and `m` edges.
    ///
    /// # Complexity
    /// O(1).
    pub fn bytes(self, n: u64, m: u64) -> u64 {
        let (per_vertex, per_edge) = self.rates();
        per_vertex
            .saturating_mul(n)
            .saturating_add(per_edge.saturating_mul(m))
    }
}

/// Peak bytes per clause, and per variable, of `gridmatch twosat` (the clause and its line, the
/// implication graph, the SCC and probing arrays), rounded up.
pub const TWOSAT_BYTES_PER_CLAUSE: u64 = 64;

/// The graph readers' limits: `--max-edges` if given (for vertices too), else edges as fit in
/// 3/4 of memory and vertices as the graph types can number. The readers allocate nothing per
/// declared vertex (an assignment file's nodes, which it keeps, count as edges), and the
/// commands work on the vertices that have an edge
/// ([`compact`](gridmatch::graph::certified::compact)), checked against memory there
/// ([`check_memory`]); `--dm`, which lists every declared vertex, checks them all
/// ([`check_declared`]).
pub fn graph_limits(flag: Option<u64>) -> gridmatch::read::Limits {
    let most = gridmatch::read::Limits::default();
    match flag {
        Some(n) => gridmatch::read::Limits {
            max_vertices: n.min(most.max_vertices),
            max_edges: n.min(most.max_edges),
        },
        None => gridmatch::read::Limits {
            max_vertices: most.max_vertices,
            max_edges: memory_bytes().map_or(most.max_edges, |b| {
                units_in_memory(b, GRAPH_BYTES_PER_EDGE).min(most.max_edges)
            }),
        },
    }
}

/// Refuses (exit 2) work on every declared vertex (`--dm`) that would need about `bytes`,
/// more than 3/4 of this machine's memory, unless `--max-edges` was given: the reader's
/// default limit no longer bounds the declared vertices (see [`graph_limits`]). `declared`:
/// the vertices and edges, in words.
pub fn check_declared(
    bytes: u64,
    declared: &str,
    file: &str,
    raised: bool,
) -> Result<(), crate::error::Error> {
    let Some(memory) = memory_bytes() else {
        return Ok(());
    };
    if raised || bytes <= memory / 4 * 3 {
        return Ok(());
    }
    Err(crate::error::usage(format!(
        "{file}: declares {declared}, and listing every declared vertex needs about {} at the \
         peak, more than 3/4 of this machine's {}; give a smaller graph, or raise --max-edges \
         to try anyway",
        gib(bytes),
        gib(memory)
    )))
}

/// The CNF reader's clause (and variable) limit: `--max-clauses` if given, else what fits in
/// 3/4 of memory.
pub fn clause_limit(flag: Option<u64>) -> u64 {
    flag.unwrap_or_else(|| {
        memory_bytes().map_or(u64::from(u32::MAX / 2), |b| {
            units_in_memory(b, TWOSAT_BYTES_PER_CLAUSE)
        })
    })
}

/// Refuses (exit 2, naming `flag`) an input whose solving would need about `bytes` of memory
/// that cannot be had: the memory is reserved with `try_reserve_exact` and given back at once,
/// before anything is built, so that a limit raised past the machine's memory is an error
/// rather than an abort. `what` describes the input's size (`3000000000 vertices and 1 edge`);
/// `raised`: the flag was given.
pub fn check_memory(
    bytes: u64,
    what: &str,
    file: &str,
    flag: &str,
    raised: bool,
) -> Result<(), crate::error::Error> {
    let fits = usize::try_from(bytes)
        .ok()
        .is_some_and(|b| crate::oom::probe(|| Vec::<u8>::new().try_reserve_exact(b).is_ok()));
    if fits {
        return Ok(());
    }
    let why = if raised {
        format!("; {flag} was raised past it (without it the limit keeps within 3/4 of memory)")
    } else {
        format!("; lower {flag} or give a smaller input")
    };
    Err(crate::error::usage(format!(
        "{file}: {what} need about {} of memory at the peak, more than this machine can \
         give{why}",
        gib(bytes)
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The weighted estimate covers what was measured (see [`GraphWork::rates`]).
    #[test]
    fn weighted_estimates_cover_the_measured_peaks() {
        use gridmatch::graph::weighted::Cardinality;
        for c in [Cardinality::Any, Cardinality::Maximum, Cardinality::Perfect] {
            let work = GraphWork::Weighted(c);
            assert!(work.bytes(50_000_000, 1) >= 3_912_272_000, "{c:?}");
            assert!(work.bytes(50_000, 500_000) >= 96_436_000, "{c:?}");
            assert!(work.bytes(1_000_000, 999_999) >= 193_892_000, "{c:?}");
            let peak = match c {
                Cardinality::Any => 299_760_000,
                // The native engine's, re-measured (the shift design's was 464 MB).
                _ => 379_298_000,
            };
            assert!(work.bytes(299_979, 1_500_000) >= peak, "{c:?}");
            // The native engine's on G(5·10⁴, 5·10⁵) with a planted perfect matching, and on
            // a path of 10⁶ vertices.
            assert!(work.bytes(50_000, 500_000) >= 110_453_000, "{c:?}");
            assert!(work.bytes(1_000_000, 999_999) >= 146_150_000, "{c:?}");
        }
        assert_eq!(GraphWork::Matching.bytes(u64::MAX, 1), u64::MAX);
    }

    #[test]
    fn limit_from_memory() {
        const GIB: u64 = 1 << 30;
        assert_eq!(max_cells_for_memory(16 * GIB, 128), 12 * GIB / 128);
        assert_eq!(max_cells_for_memory(0, 24), 1);
        assert_eq!(max_cells_for_memory(u64::MAX, 1), MAX_CELLS);
        assert_eq!(max_cells_for_memory(100, 0), 75);
    }
}
