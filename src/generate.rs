//! Instance generators: deterministic random boards for every puzzle (same seed, same boards).
//!
//! Rooks and King boards are uniform random with a given density of pawns / burned squares;
//! L-puzzle patterns are built from random tilings (always solvable), near-misses of them (a few
//! adjacent cells swapped, so the counts still match and most are 2-SAT conflicts), or uniform
//! random cells.

use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::grid::Grid;

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
#[cfg_attr(feature = "cli", derive(clap::ValueEnum))]
pub enum LStyle {
    /// A random tiling (always YES); `density` is the chance to try a piece at each cell.
    #[default]
    Tiled,
    /// A tiling with a few adjacent cells swapped (counts still match; usually NO).
    NearMiss,
    /// Uniform cells: `B` with probability density/3, `W` 2·density/3, else `.`.
    Random,
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
    use crate::puzzles::lpuzzle;

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
