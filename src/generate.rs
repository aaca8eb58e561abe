//! Instance generators: deterministic random boards for every puzzle (same seed, same boards).
//!
//! Rooks and King boards are uniform random with a given density of pawns / burned squares;
//! L-puzzle patterns are built from random tilings (always solvable), near-misses of them (a few
//! adjacent cells swapped, so the counts still match and most are 2-SAT conflicts), or uniform
//! random cells.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::graph::dsu::{Dsu, Rank};
use crate::grid::Grid;
use crate::puzzles::lpuzzle::{self, Piece};

/// The generator's random source: ChaCha8, reproducible across platforms and releases.
pub type GenRng = ChaCha8Rng;

/// A generator seeded with `seed`.
pub fn rng(seed: u64) -> GenRng {
    ChaCha8Rng::seed_from_u64(seed)
}

/// Cells are `on` with probability `density`, `off` otherwise.
fn bernoulli(rng: &mut GenRng, rows: usize, cols: usize, density: f64, on: u8, off: u8) -> Grid {
    let p = density.clamp(0.0, 1.0);
    let cells = (0..rows * cols)
        .map(|_| if rng.random_bool(p) { on } else { off })
        .collect();
    Grid::from_cells(rows, cols, cells)
}

/// A rooks board with pawns (`X`) at the given density.
pub fn rooks(rng: &mut GenRng, rows: usize, cols: usize, density: f64) -> Grid {
    bernoulli(rng, rows, cols, density, b'X', b'.')
}

/// A King board with burned squares (`#`) at the given density and one `K` on a random square.
pub fn king(rng: &mut GenRng, rows: usize, cols: usize, density: f64) -> Grid {
    let g = bernoulli(rng, rows, cols, density, b'#', b'.');
    let mut cells = g.cells().to_vec();
    let k = rng.random_range(0..cells.len());
    cells[k] = b'K';
    Grid::from_cells(rows, cols, cells)
}

/// How an L-puzzle pattern is made.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum LStyle {
    /// A random tiling (always YES); `density` is the chance to try a piece at each cell.
    #[default]
    Tiled,
    /// A tiling with a few adjacent cells swapped (counts still match; usually NO).
    NearMiss,
    /// Uniform cells: `B` with probability density/3, `W` 2·density/3, else `.`.
    Random,
    /// A random tiling with pieces emptied until it is the only tiling (always YES, and the
    /// tiling is unique).
    Unique,
}

/// A board of `puzzle` (the L-puzzle in `style`); see the puzzle's own generator.
pub fn board(
    rng: &mut GenRng,
    puzzle: crate::Puzzle,
    rows: usize,
    cols: usize,
    density: f64,
    style: LStyle,
) -> Grid {
    match puzzle {
        crate::Puzzle::Rooks => rooks(rng, rows, cols, density),
        crate::Puzzle::Lpuzzle => lpuzzle(rng, rows, cols, density, style),
        crate::Puzzle::King => king(rng, rows, cols, density),
    }
}

/// An L-puzzle pattern.
pub fn lpuzzle(rng: &mut GenRng, rows: usize, cols: usize, density: f64, style: LStyle) -> Grid {
    match style {
        LStyle::Tiled => tiled(rng, rows, cols, density),
        LStyle::Unique => lpuzzle_unique(rng, rows, cols, density),
        LStyle::NearMiss => {
            let g = tiled(rng, rows, cols, density);
            let mut cells = g.cells().to_vec();
            let swaps = 1 + rng.random_range(0..3);
            for _ in 0..swaps {
                let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
                let down = rng.random_bool(0.5);
                let (r2, c2) = if down { (r + 1, c) } else { (r, c + 1) };
                if r2 < rows && c2 < cols {
                    cells.swap(r * cols + c, r2 * cols + c2);
                }
            }
            Grid::from_cells(rows, cols, cells)
        }
        LStyle::Random => {
            let p = density.clamp(0.0, 1.0);
            let cells = (0..rows * cols)
                .map(|_| {
                    let x: f64 = rng.random_range(0.0..1.0);
                    if x < p / 3.0 {
                        b'B'
                    } else if x < p {
                        b'W'
                    } else {
                        b'.'
                    }
                })
                .collect();
            Grid::from_cells(rows, cols, cells)
        }
    }
}

/// An L-puzzle pattern with exactly one tiling (for puzzle designers): a random tiling
/// ([`LStyle::Tiled`] at `density`), from which pieces are emptied (set to `.`) until no other
/// tiling is left.
///
/// Emptying a piece of a tiling T keeps the rest of T a tiling, and every tiling of the smaller
/// pattern plus that piece is a tiling of the larger one; so tilings are only ever lost. Each
/// round finds the pieces of T in every tiling ([`lpuzzle::forced_pieces`]), groups the others
/// into clusters of touching pieces, and empties one random piece per cluster (an ambiguity is
/// local: one piece usually settles its cluster). After [`UNIQUE_ROUNDS`] rounds every piece
/// that is still not forced is emptied, which leaves exactly the forced pieces, and they are
/// the only tiling of what remains: any tiling of it, plus the emptied pieces, is a tiling of the
/// earlier pattern, so it has every forced piece, and those already cover all of it.
///
/// # Complexity
/// At most `UNIQUE_ROUNDS + 1` calls of [`lpuzzle::forced_pieces`] on `rows × cols` cells.
pub fn lpuzzle_unique(rng: &mut GenRng, rows: usize, cols: usize, density: f64) -> Grid {
    let mut grid = tiled(rng, rows, cols, density);
    for round in 0..=UNIQUE_ROUNDS {
        let Ok(forced) = lpuzzle::forced_pieces(&grid) else {
            // A tiled pattern stays tiled; nothing else can happen.
            return grid;
        };
        let loose: Vec<usize> = (0..forced.tiling.len())
            .filter(|&i| !forced.forced[i])
            .collect();
        if loose.is_empty() {
            break;
        }
        let empty: Vec<usize> = if round == UNIQUE_ROUNDS {
            loose
        } else {
            one_per_cluster(rng, &grid, &forced.tiling, &loose)
        };
        let mut cells = grid.cells().to_vec();
        for i in empty {
            let p = forced.tiling[i];
            for (r, c) in [p.black, p.vertical, p.horizontal] {
                cells[r * cols + c] = b'.';
            }
        }
        grid = Grid::from_cells(rows, cols, cells);
    }
    grid
}

/// Rounds of [`lpuzzle_unique`] that empty one piece per cluster before the last one empties
/// every loose piece.
pub const UNIQUE_ROUNDS: usize = 6;

/// One random piece (index into `tiling`) of each cluster of `loose` pieces that touch (share
/// an edge).
fn one_per_cluster(rng: &mut GenRng, grid: &Grid, tiling: &[Piece], loose: &[usize]) -> Vec<usize> {
    let cols = grid.cols();
    // The loose piece owning each cell, as an index into `loose`.
    let mut owner = vec![u32::MAX; grid.cells().len()];
    for (k, &i) in loose.iter().enumerate() {
        let p = tiling[i];
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            owner[r * cols + c] = k as u32;
        }
    }
    let mut dsu = Dsu::<Rank>::new(loose.len());
    for (i, &o) in owner.iter().enumerate() {
        if o == u32::MAX {
            continue;
        }
        let right = (i % cols + 1 < cols).then(|| owner[i + 1]);
        let below = owner.get(i + cols).copied();
        for other in [right, below].into_iter().flatten() {
            if other != u32::MAX {
                dsu.union(o, other);
            }
        }
    }
    // Each cluster's pick: a uniformly random member (reservoir sampling in one pass).
    let mut seen = vec![0u32; loose.len()];
    let mut pick = vec![u32::MAX; loose.len()];
    for k in 0..loose.len() as u32 {
        let root = dsu.find(k) as usize;
        seen[root] += 1;
        if rng.random_range(0..seen[root]) == 0 {
            pick[root] = k;
        }
    }
    pick.into_iter()
        .filter(|&k| k != u32::MAX)
        .map(|k| loose[k as usize])
        .collect()
}

/// Visits the cells in random order; at each, with probability `density`, places an L with its
/// corner there in the first orientation (in random order) whose three cells are still empty.
fn tiled(rng: &mut GenRng, rows: usize, cols: usize, density: f64) -> Grid {
    let p = density.clamp(0.0, 1.0);
    let mut cells = vec![b'.'; rows * cols];
    let mut order: Vec<u32> = (0..(rows * cols) as u32).collect();
    order.shuffle(rng);
    for i in order {
        let (r, c) = (i as usize / cols, i as usize % cols);
        if cells[r * cols + c] != b'.' || !rng.random_bool(p) {
            continue;
        }
        let first = rng.random_range(0..4usize);
        for k in 0..4 {
            let o = (first + k) % 4;
            let vr = if o & 1 == 0 {
                r.checked_sub(1)
            } else {
                Some(r + 1).filter(|&x| x < rows)
            };
            let hc = if o & 2 == 0 {
                c.checked_sub(1)
            } else {
                Some(c + 1).filter(|&x| x < cols)
            };
            if let (Some(vr), Some(hc)) = (vr, hc) {
                let (v, h) = (vr * cols + c, r * cols + hc);
                if cells[v] == b'.' && cells[h] == b'.' {
                    cells[r * cols + c] = b'B';
                    cells[v] = b'W';
                    cells[h] = b'W';
                    break;
                }
            }
        }
    }
    Grid::from_cells(rows, cols, cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_tilings_solvable() {
        assert_eq!(rooks(&mut rng(7), 5, 6, 0.3), rooks(&mut rng(7), 5, 6, 0.3));
        assert_ne!(rooks(&mut rng(7), 5, 6, 0.3), rooks(&mut rng(8), 5, 6, 0.3));
        let mut r = rng(1);
        for _ in 0..200 {
            let g = lpuzzle(&mut r, 12, 9, 0.8, LStyle::Tiled);
            assert!(lpuzzle::can_build(&g));
        }
        let k = king(&mut r, 4, 4, 0.5);
        assert_eq!(k.cells().iter().filter(|&&c| c == b'K').count(), 1);
    }
}
