//! Brute-force references for gridmatch's tests, on plain data (rows of bytes, edge lists,
//! clauses): they share no code with the solvers, not even their types.
//!
//! **Guarantee.** Each oracle answers from the definition of its problem by exhaustive search
//! (every placement, tiling, play, matching or assignment is tried, with only pruning that
//! cannot lose an optimum; [`dm`] alone is polynomial, and checked against such searches), so a test that compares a solver with an oracle compares two
//! computations that have nothing in common but the rules. The crate does not depend on
//! `gridmatch`: boards come in as rows (`&[Vec<u8>]`, `&[&str]`, `&[String]`: anything whose
//! rows are `AsRef<[u8]>`), graphs as vertex counts and edge lists, formulas as DIMACS clauses;
//! answers go out as counts, booleans and lists of cells or vertices.
//!
//! **Limits.** The searches are exponential. Each module states the size it accepts (a few
//! dozen cells, 20 vertices or variables) and asserts it, so an oracle called on an input too
//! big to finish panics at once instead of hanging a test. Nothing recurses: every search keeps
//! its own stack.
//!
//! | module | what | by |
//! | --- | --- | --- |
//! | [`rooks`] | most non-attacking rooks; every maximum placement | every subset of empty cells |
//! | [`lpuzzle`] | L tilings (every one, or whether one exists); the blacks' choice of whites | every piece covering the first uncovered cell |
//! | [`colouring`] | every proper 2-colouring (bipartiteness) | all 2ⁿ colourings |
//! | [`dm`] | the Dulmage–Mendelsohn decomposition of a pattern (coarse parts, fine blocks) | Hopcroft–Karp, breadth-first searches on the transpose, Kosaraju (polynomial; checked against exhaustive definitions) |
//! | [`king`] | the winner of the King game (any move set) and of undirected vertex geography | game search memoised on (visited set, position) |
//! | [`matching`] | maximum matching size, general and bipartite; every maximum bipartite matching; augmenting paths; Kuhn | subset dynamic programming, enumeration |
//! | [`testdata`] | the shared case files of `testdata/`, read once for every Rust suite | `serde_json` (no search: a reader) |
//! | [`twosat`] | satisfiability, every model, the backbone | all 2ⁿ assignments |
//! | [`weighted`] | the best total weight of a matching, a maximum-cardinality or perfect matching, an assignment | subset dynamic programming |
//!
//! **Status:** each module's unit tests check it on hand-solved inputs and against the other
//! oracles where two of them answer the same question (rooks against Kuhn on the run graph, the
//! bipartite matching against the general one, tilings against the blacks' choice plus the
//! count); the solvers' own tests (gridmatch's unit and integration tests, the CLI's tests and
//! the fuzz targets) compare with them on tens of thousands of boards, graphs and formulas.
//! Run `cargo test --release -p gridmatch-oracles`.

pub mod colouring;
pub mod dm;
pub mod king;
pub mod lpuzzle;
pub mod matching;
pub mod rooks;
pub mod testdata;
pub mod twosat;
pub mod weighted;

/// The size of a board given as rows, after checking the rows have one length.
///
/// Panics on ragged rows. An empty board (no rows) is `0 × 0`.
fn shape<R: AsRef<[u8]>>(rows: &[R]) -> (usize, usize) {
    let cols = rows.first().map_or(0, |r| r.as_ref().len());
    for (i, r) in rows.iter().enumerate() {
        assert_eq!(
            r.as_ref().len(),
            cols,
            "oracle board: row {i} has {} cells, row 0 has {cols}",
            r.as_ref().len()
        );
    }
    (rows.len(), cols)
}

/// The cell at `(r, c)`, or `None` off the board (signed coordinates, for offsets).
fn at<R: AsRef<[u8]>>(rows: &[R], r: isize, c: isize) -> Option<u8> {
    let row = rows.get(usize::try_from(r).ok()?)?;
    row.as_ref().get(usize::try_from(c).ok()?).copied()
}
