//! The solvers against independent references, written here or in the oracles crate
//! (`gridmatch-oracles`): they share no code with the crate, only its public input and answer
//! types.
//!
//! - Rooks: Kuhn's augmenting paths (the oracles crate's) over row and column runs; exhaustive
//!   placement search (the oracles crate's) on tiny boards.
//! - King: the rank of a random Tutte matrix over GF(p) is 2ν(G) with high probability; Alice
//!   wins from s iff ν(G − s) < ν(G). Exhaustive game search (the oracles crate's) on tiny
//!   boards.
//! - L-puzzle: exhaustive tiling search (the oracles crate's) on every small pattern;
//!   certificates on larger ones.

use gridmatch::Grid;
use gridmatch::puzzles::king::{Analysis, Moves, Player};
use gridmatch::puzzles::lpuzzle::{self, Outcome, Piece};
use gridmatch::puzzles::rooks;
use gridmatch_oracles::king::{BoardGame, FERZ, KING, KNIGHT, WAZIR, board_graph};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// A board whose cells are `on` with probability `p`, `off` otherwise.
fn random_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize, p: f64, on: u8, off: u8) -> Grid {
    let cells = (0..rows * cols)
        .map(|_| if rng.random_bool(p) { on } else { off })
        .collect();
    Grid::from_cells(rows, cols, cells)
}

/// Densities from empty to full, with more weight on the interesting middle.
const DENSITIES: [f64; 9] = [0.0, 0.02, 0.1, 0.2, 0.3, 0.45, 0.6, 0.8, 1.0];

// =============================================================================================
// Rooks
// =============================================================================================

/// The bipartite graph of the board: the number of row runs and of column runs, and an edge
/// (row run, column run) for each empty cell.
fn run_graph(grid: &Grid) -> (usize, usize, Vec<(usize, usize)>) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let empty = |r: usize, c: usize| grid.get(r, c) == b'.';
    // Column runs numbered column by column, top to bottom (indexed by cell).
    let mut col_run = vec![usize::MAX; rows * cols];
    let mut n_cols = 0;
    for c in 0..cols {
        for r in (0..rows).filter(|&r| empty(r, c)) {
            if r == 0 || !empty(r - 1, c) {
                n_cols += 1;
            }
            col_run[r * cols + c] = n_cols - 1;
        }
    }
    let (mut n_rows, mut edges) = (0, Vec::new());
    for r in 0..rows {
        for c in (0..cols).filter(|&c| empty(r, c)) {
            if c == 0 || !empty(r, c - 1) {
                n_rows += 1;
            }
            edges.push((n_rows - 1, col_run[r * cols + c]));
        }
    }
    (n_rows, n_cols, edges)
}

/// Most rooks by Kuhn's augmenting paths on the run graph.
fn kuhn_rooks(grid: &Grid) -> usize {
    let (n_rows, n_cols, edges) = run_graph(grid);
    gridmatch_oracles::matching::kuhn(n_rows, n_cols, &edges)
}

/// Most rooks by trying every set of empty cells (with pruning) on boards of ≤ 16 cells.
fn exhaustive_rooks(grid: &Grid) -> usize {
    gridmatch_oracles::rooks::max_rooks(&grid.to_lines())
}

#[test]
fn rooks_kuhn_reference_agrees_with_the_exhaustive_search() {
    let mut rng = rng(1);
    for _ in 0..400 {
        let (rows, cols) = (rng.random_range(1..=4), rng.random_range(1..=4));
        let p = DENSITIES[rng.random_range(0..DENSITIES.len())];
        let g = random_grid(&mut rng, rows, cols, p, b'X', b'.');
        assert_eq!(kuhn_rooks(&g), exhaustive_rooks(&g), "{:?}", g.to_lines());
    }
}

#[test]
fn rooks_on_every_board_up_to_4x4_match_the_exhaustive_search() {
    // Every board of every size up to 4 x 4.
    for (rows, cols) in (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))) {
        for mask in 0u32..1 << (rows * cols) {
            let cells = (0..rows * cols)
                .map(|i| if mask >> i & 1 == 1 { b'X' } else { b'.' })
                .collect();
            let g = Grid::from_cells(rows, cols, cells);
            let want = exhaustive_rooks(&g);
            assert_eq!(rooks::max_rooks(&g), want, "{:?}", g.to_lines());
        }
    }
}

#[test]
fn rooks_match_kuhn_on_random_boards() {
    let mut rng = rng(3);
    for i in 0..600 {
        // Mostly small, some medium, a few up to 300 on a side; square and not.
        let max = [12, 12, 12, 40, 40, 300][i % 6];
        let rows = rng.random_range(1..=max);
        let cols = if i % 3 == 0 {
            rng.random_range(1..=max)
        } else {
            rows
        };
        let p = DENSITIES[rng.random_range(0..DENSITIES.len())];
        let g = random_grid(&mut rng, rows, cols, p, b'X', b'.');
        assert_eq!(
            rooks::max_rooks(&g),
            kuhn_rooks(&g),
            "{rows}x{cols} density {p}"
        );
    }
    for p in [0.05, 0.15, 0.3, 0.5] {
        let g = random_grid(&mut rng, 1000, 1000, p, b'X', b'.');
        assert_eq!(
            rooks::max_rooks(&g),
            kuhn_rooks(&g),
            "1000x1000 density {p}"
        );
    }
}

#[test]
fn rooks_on_structured_boards_match_kuhn() {
    let pattern = |rows: usize, cols: usize, pawn: &dyn Fn(usize, usize) -> bool| {
        let cells = (0..rows * cols)
            .map(|i| if pawn(i / cols, i % cols) { b'X' } else { b'.' })
            .collect();
        Grid::from_cells(rows, cols, cells)
    };
    let boards = [
        pattern(200, 200, &|r, c| (r + c) % 2 == 0),
        pattern(200, 200, &|r, c| r == c),
        pattern(150, 150, &|r, c| r % 2 == 1 && c % 3 != 0),
        pattern(120, 120, &|r, c| (r * 7 + c * 3) % 5 == 0),
        pattern(1, 999, &|_, c| c % 3 == 1),
        pattern(999, 1, &|r, _| r % 4 == 0),
        pattern(100, 100, &|r, c| {
            r > 0 && c > 0 && r < 99 && c < 99 && (r / 10 + c / 10) % 2 == 0
        }),
    ];
    for g in &boards {
        assert_eq!(
            rooks::max_rooks(g),
            kuhn_rooks(g),
            "{}x{}",
            g.rows(),
            g.cols()
        );
    }
    assert_eq!(rooks::max_rooks(&boards[4]), 334);
}

// =============================================================================================
// King
// =============================================================================================

/// The move offsets of each piece, as the oracles crate writes them out (not taken from the
/// crate).
fn offsets(moves: Moves) -> &'static [(isize, isize)] {
    match moves {
        Moves::King => &KING,
        Moves::Wazir => &WAZIR,
        Moves::Ferz => &FERZ,
        Moves::Knight => &KNIGHT,
    }
}

/// The free cells (row-major) and the adjacency lists of the move graph on them.
fn king_graph(grid: &Grid, moves: Moves) -> (Vec<(usize, usize)>, Vec<Vec<usize>>) {
    board_graph(&grid.to_lines(), offsets(moves))
}

const P: u64 = (1 << 31) - 1;

fn pow_mod(mut b: u64, mut e: u64) -> u64 {
    let mut acc = 1;
    while e > 0 {
        if e & 1 == 1 {
            acc = acc * b % P;
        }
        b = b * b % P;
        e >>= 1;
    }
    acc
}

/// Rank over GF(P) of the `n × n` row-major matrix, by Gaussian elimination.
fn rank_mod_p(mut m: Vec<u64>, n: usize) -> usize {
    let mut rank = 0;
    for col in 0..n {
        let Some(pivot) = (rank..n).find(|&r| m[r * n + col] != 0) else {
            continue;
        };
        for k in 0..n {
            m.swap(rank * n + k, pivot * n + k);
        }
        let inv = pow_mod(m[rank * n + col], P - 2);
        for r in rank + 1..n {
            let f = m[r * n + col] * inv % P;
            if f == 0 {
                continue;
            }
            for k in col..n {
                m[r * n + k] = (m[r * n + k] + (P - f) * m[rank * n + k]) % P;
            }
        }
        rank += 1;
    }
    rank
}

/// A random Tutte matrix of the graph: `x` above the diagonal on each edge, `−x` below.
fn tutte_matrix(adj: &[Vec<usize>], rng: &mut ChaCha8Rng) -> Vec<u64> {
    let n = adj.len();
    let mut m = vec![0u64; n * n];
    for (u, ns) in adj.iter().enumerate() {
        for &v in ns.iter().filter(|&&v| v > u) {
            let x = rng.random_range(1..P);
            m[u * n + v] = x;
            m[v * n + u] = P - x;
        }
    }
    m
}

/// The matrix without row and column `s` (the Tutte matrix of G − s with the same values).
fn without(m: &[u64], n: usize, s: usize) -> Vec<u64> {
    (0..n)
        .filter(|&r| r != s)
        .flat_map(|r| (0..n).filter(|&c| c != s).map(move |c| m[r * n + c]))
        .collect()
}

/// Winner from each free cell by the algebraic reference: Alice iff ν(G − s) < ν(G), where
/// 2ν is the rank of a random Tutte matrix (one-sided error, probability ≤ n/P per rank).
fn tutte_winners(
    grid: &Grid,
    moves: Moves,
    starts: &[(usize, usize)],
    rng: &mut ChaCha8Rng,
) -> Vec<Player> {
    let (free, adj) = king_graph(grid, moves);
    let n = free.len();
    let m = tutte_matrix(&adj, rng);
    let full = rank_mod_p(m.clone(), n);
    starts
        .iter()
        .map(|cell| {
            let s = free.iter().position(|c| c == cell).expect("a free start");
            if rank_mod_p(without(&m, n, s), n - 1) < full {
                Player::Alice
            } else {
                Player::Bob
            }
        })
        .collect()
}

fn random_king_board(
    rng: &mut ChaCha8Rng,
    rows: usize,
    cols: usize,
    p: f64,
) -> (Grid, (usize, usize)) {
    let g = random_grid(rng, rows, cols, p, b'#', b'.');
    let mut cells = g.cells().to_vec();
    let k = rng.random_range(0..cells.len());
    cells[k] = b'K';
    (Grid::from_cells(rows, cols, cells), (k / cols, k % cols))
}

fn free_cells(grid: &Grid) -> Vec<(usize, usize)> {
    (0..grid.rows())
        .flat_map(|r| (0..grid.cols()).map(move |c| (r, c)))
        .filter(|&(r, c)| grid.get(r, c) != b'#')
        .collect()
}

#[test]
fn king_matches_the_tutte_matrix_rank_at_the_start() {
    let mut rng = rng(2008);
    let mut seen = [0usize; 2];
    for i in 0..600 {
        let moves = Moves::ALL[i % 4];
        let (rows, cols) = if i % 10 < 3 {
            (15, 15)
        } else {
            (rng.random_range(1..=15), rng.random_range(1..=15))
        };
        let p = [0.0, 0.1, 0.25, 0.4, 0.6][i % 5];
        let (g, start) = random_king_board(&mut rng, rows, cols, p);
        let want = tutte_winners(&g, moves, &[start], &mut rng)[0];
        let got = Analysis::new(&g, moves).winner(start);
        assert_eq!(got, Some(want), "{moves:?} {:?}", g.to_lines());
        seen[usize::from(want == Player::Alice)] += 1;
    }
    assert!(seen.iter().all(|&s| s > 50), "weak sample {seen:?}");
}

#[test]
fn king_every_start_matches_the_tutte_matrix_rank() {
    let mut rng = rng(2009);
    for i in 0..160 {
        let moves = Moves::ALL[i % 4];
        let (rows, cols) = (rng.random_range(2..=8), rng.random_range(2..=8));
        let p = [0.0, 0.15, 0.3, 0.5][i / 4 % 4];
        let (g, _) = random_king_board(&mut rng, rows, cols, p);
        let a = Analysis::new(&g, moves);
        let starts = free_cells(&g);
        let want = tutte_winners(&g, moves, &starts, &mut rng);
        for (s, w) in starts.iter().zip(want) {
            assert_eq!(
                a.winner(*s),
                Some(w),
                "{moves:?} start {s:?} {:?}",
                g.to_lines()
            );
        }
        // Burned squares have no winner.
        for r in 0..g.rows() {
            for c in 0..g.cols() {
                if g.get(r, c) == b'#' {
                    assert_eq!(a.winner((r, c)), None);
                }
            }
        }
    }
}

#[test]
fn king_every_start_matches_exhaustive_game_search() {
    let mut rng = rng(7);
    let mut boards = 0;
    while boards < 400 {
        let moves = Moves::ALL[boards % 4];
        let (rows, cols) = (rng.random_range(1..=6), rng.random_range(1..=6));
        let p = rng.random_range(0.0..0.5);
        let (g, _) = random_king_board(&mut rng, rows, cols, p);
        let (free, _) = king_graph(&g, moves);
        if free.len() > 16 {
            continue;
        }
        boards += 1;
        let a = Analysis::new(&g, moves);
        let mut search = BoardGame::new(&g.to_lines(), offsets(moves));
        for &cell in &free {
            let alice = search.first_player_wins(cell);
            let want = if alice { Player::Alice } else { Player::Bob };
            assert_eq!(
                a.winner(cell),
                Some(want),
                "{moves:?} start {cell:?} {:?}",
                g.to_lines()
            );
        }
    }
}

#[test]
fn tutte_reference_agrees_with_game_search() {
    // The algebraic reference itself, checked on tiny boards.
    let mut rng = rng(11);
    for i in 0..150 {
        let moves = Moves::ALL[i % 4];
        let (g, _) = random_king_board(&mut rng, 3, 5, 0.25);
        let (free, _) = king_graph(&g, moves);
        let want = tutte_winners(&g, moves, &free, &mut rng);
        let mut search = BoardGame::new(&g.to_lines(), offsets(moves));
        for (&cell, w) in free.iter().zip(want) {
            let alice = search.first_player_wins(cell);
            assert_eq!(w == Player::Alice, alice, "{moves:?} {:?}", g.to_lines());
        }
    }
}

// =============================================================================================
// L-puzzle
// =============================================================================================

/// Can the pattern be tiled? The oracles crate's exhaustive tiling search.
fn tileable(grid: &Grid) -> bool {
    gridmatch_oracles::lpuzzle::tileable(&grid.to_lines())
}

/// Checks a tiling with code of its own: each piece a black corner with a white directly above
/// or below and one directly left or right; every non-empty cell used exactly once.
fn check_tiling(grid: &Grid, pieces: &[Piece]) {
    let mut used = vec![0u8; grid.cells().len()];
    for p in pieces {
        let (b, v, h) = (p.black, p.vertical, p.horizontal);
        assert_eq!(grid.get(b.0, b.1), b'B');
        assert!(v.1 == b.1 && v.0.abs_diff(b.0) == 1, "vertical arm {p:?}");
        assert!(h.0 == b.0 && h.1.abs_diff(b.1) == 1, "horizontal arm {p:?}");
        for w in [v, h] {
            assert_eq!(grid.get(w.0, w.1), b'W');
        }
        for x in [b, v, h] {
            used[x.0 * grid.cols() + x.1] += 1;
        }
    }
    for (i, &c) in grid.cells().iter().enumerate() {
        assert_eq!(
            used[i],
            u8::from(c != b'.'),
            "cell {i} of {:?}",
            grid.to_lines()
        );
    }
}

/// Solves and checks the answer's certificate both with the crate's verifiers and, for tilings,
/// with [`check_tiling`]. Returns whether it is YES.
fn solve_checked(grid: &Grid) -> bool {
    match lpuzzle::solve(grid) {
        Outcome::Yes(pieces) => {
            check_tiling(grid, &pieces);
            lpuzzle::verify_tiling(grid, &pieces).unwrap();
            true
        }
        Outcome::No(reason) => {
            lpuzzle::verify_no(grid, &reason)
                .unwrap_or_else(|e| panic!("{e}: {:?} {reason:?}", grid.to_lines()));
            false
        }
    }
}

/// The pattern with index `code` in base 3 over `.BW`.
fn pattern(rows: usize, cols: usize, mut code: u32) -> Grid {
    let cells = (0..rows * cols)
        .map(|_| {
            let c = b".BW"[(code % 3) as usize];
            code /= 3;
            c
        })
        .collect();
    Grid::from_cells(rows, cols, cells)
}

#[test]
fn lpuzzle_every_small_pattern_matches_the_exhaustive_search() {
    let mut yes = 0;
    for (rows, cols) in [
        (1, 1),
        (1, 5),
        (5, 1),
        (2, 2),
        (2, 3),
        (3, 2),
        (3, 3),
        (2, 4),
        (4, 2),
        (2, 5),
        (5, 2),
    ] {
        for code in 0..3u32.pow((rows * cols) as u32) {
            let g = pattern(rows, cols, code);
            let want = tileable(&g);
            assert_eq!(solve_checked(&g), want, "{:?}", g.to_lines());
            yes += usize::from(want);
        }
    }
    assert!(yes > 200, "too few tileable patterns: {yes}");
}

/// A random tiling: cells in random order; at each, with probability `p`, an L with its corner
/// there in the first free orientation (tried from a random one).
fn tiled(rng: &mut ChaCha8Rng, rows: usize, cols: usize, p: f64) -> Grid {
    let mut cells = vec![b'.'; rows * cols];
    let mut order: Vec<usize> = (0..rows * cols).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.random_range(0..=i));
    }
    for i in order {
        let (r, c) = (i / cols, i % cols);
        if cells[i] != b'.' || !rng.random_bool(p) {
            continue;
        }
        let first = rng.random_range(0..4);
        for k in 0..4 {
            let o = (first + k) % 4;
            let v = if o & 1 == 0 {
                r.checked_sub(1)
            } else {
                Some(r + 1).filter(|&x| x < rows)
            };
            let h = if o & 2 == 0 {
                c.checked_sub(1)
            } else {
                Some(c + 1).filter(|&x| x < cols)
            };
            if let (Some(v), Some(h)) = (v, h)
                && cells[v * cols + c] == b'.'
                && cells[r * cols + h] == b'.'
            {
                cells[i] = b'B';
                cells[v * cols + c] = b'W';
                cells[r * cols + h] = b'W';
                break;
            }
        }
    }
    Grid::from_cells(rows, cols, cells)
}

/// A tiling with a few neighbouring cells swapped (counts unchanged).
fn near_miss(rng: &mut ChaCha8Rng, rows: usize, cols: usize, p: f64) -> Grid {
    let mut cells = tiled(rng, rows, cols, p).cells().to_vec();
    for _ in 0..rng.random_range(1..=3) {
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        let (r2, c2) = if rng.random_bool(0.5) {
            (r + 1, c)
        } else {
            (r, c + 1)
        };
        if r2 < rows && c2 < cols {
            cells.swap(r * cols + c, r2 * cols + c2);
        }
    }
    Grid::from_cells(rows, cols, cells)
}

/// The 8 symmetries of the square applied to a pattern (transpose and mirrors).
fn symmetries(g: &Grid) -> Vec<Grid> {
    let transpose = |g: &Grid| {
        let cells = (0..g.cols())
            .flat_map(|c| (0..g.rows()).map(move |r| (r, c)))
            .map(|(r, c)| g.get(r, c))
            .collect();
        Grid::from_cells(g.cols(), g.rows(), cells)
    };
    let mirror = |g: &Grid| {
        let cells = (0..g.rows())
            .flat_map(|r| (0..g.cols()).rev().map(move |c| (r, c)))
            .map(|(r, c)| g.get(r, c))
            .collect();
        Grid::from_cells(g.rows(), g.cols(), cells)
    };
    let mut out = vec![g.clone()];
    for _ in 0..3 {
        let next = mirror(&transpose(out.last().unwrap())); // a quarter turn
        out.push(next);
    }
    let mirrored: Vec<Grid> = out.iter().map(mirror).collect();
    out.extend(mirrored);
    out
}

#[test]
fn lpuzzle_random_patterns_up_to_5x5_match_the_exhaustive_search() {
    let mut rng = rng(2011);
    let mut yes = [0usize; 2];
    for i in 0..3000 {
        let (rows, cols) = (rng.random_range(3..=5), rng.random_range(3..=5));
        let p = rng.random_range(0.3..1.0);
        let g = match i % 3 {
            0 => tiled(&mut rng, rows, cols, p),
            1 => near_miss(&mut rng, rows, cols, p),
            _ => {
                let cells = (0..rows * cols)
                    .map(|_| b".BWW"[rng.random_range(0..4)])
                    .collect();
                Grid::from_cells(rows, cols, cells)
            }
        };
        let want = tileable(&g);
        // The answer may not depend on how the pattern is turned or mirrored.
        for s in symmetries(&g) {
            assert_eq!(
                solve_checked(&s),
                want,
                "{:?} (from {:?})",
                s.to_lines(),
                g.to_lines()
            );
        }
        yes[usize::from(want)] += 1;
    }
    assert!(yes.iter().all(|&n| n > 500), "weak sample {yes:?}");
}

#[test]
fn lpuzzle_large_patterns_carry_valid_certificates() {
    let mut rng = rng(60);
    let mut no = 0;
    for i in 0..160 {
        let (rows, cols) = (rng.random_range(20..=60), rng.random_range(20..=60));
        let p = rng.random_range(0.5..1.0);
        if i % 2 == 0 {
            let g = tiled(&mut rng, rows, cols, p);
            assert!(solve_checked(&g), "a tiling exists: {:?}", g.to_lines());
        } else {
            let g = near_miss(&mut rng, rows, cols, p);
            no += usize::from(!solve_checked(&g));
        }
    }
    assert!(no > 30, "near misses should mostly be NO: {no}");
}

#[test]
fn lpuzzle_classic_pitfalls() {
    let yes = |rows: &[&str]| solve_checked(&Grid::from_rows(rows));
    // Black #0 (first in row-major order) can only go up and left: a solver that writes the
    // negation of variable 0 as -0 == 0 (or similar) gets it wrong.
    let g = Grid::from_rows(&[".W.", "WBW", ".WB"]);
    let Outcome::Yes(pieces) = lpuzzle::solve(&g) else {
        panic!("{:?} has a tiling", g.to_lines())
    };
    let first = pieces.iter().find(|p| p.black == (1, 1)).unwrap();
    assert_eq!((first.vertical, first.horizontal), ((0, 1), (1, 0)));
    assert!(yes(&[".W", "WB"]));
    assert!(yes(&["..W.", ".WB.", "...."]));
    // Black #0 forced up by a conflict further on, not by the border.
    // (Its other choices, down and right, both point at whites.)
    assert!(yes(&[".W..", "WBW.", ".WB.", "...."]));
    // Two blacks wanting one white; stranded blacks on the border; bad counts.
    assert!(!yes(&["BWB.", "WWW."]));
    assert!(!yes(&["WB"]));
    assert!(!yes(&["B", "W"]));
    assert!(!yes(&["BWW", "WW."]));
    assert!(yes(&["BW.WB", "W...W", ".....", "W...W", "BW.WB"]));
    // Only empty cells: nothing to build, so YES.
    assert!(yes(&["...", "..."]));
}
