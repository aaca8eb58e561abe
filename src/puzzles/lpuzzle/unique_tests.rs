//! Uniqueness and forced pieces against exhaustive enumeration of every tiling.
use super::super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A piece as its three cells `[black, vertical arm, horizontal arm]`.
type Cells = gridmatch_oracles::lpuzzle::Piece;

/// Every tiling of `grid` (each a sorted list of pieces), by the oracles crate's exhaustive
/// search; stops after `cap` tilings.
fn all_tilings(grid: &Grid, cap: usize) -> Vec<Vec<Cells>> {
    gridmatch_oracles::lpuzzle::tilings(&grid.to_lines(), cap)
}

fn cells_of(p: &Piece) -> Cells {
    [p.black, p.vertical, p.horizontal]
}

fn sorted(pieces: &[Piece]) -> Vec<Cells> {
    let mut v: Vec<Cells> = pieces.iter().map(cells_of).collect();
    v.sort_unstable();
    v
}

/// A pinwheel: four blacks around a white, each taking it or passing it on, in two ways (the
/// smallest kind of second tiling random tilings make; nothing up to 3 × 4 has one).
const PINWHEEL: [&str; 4] = [".WBW.", "WBWBW", "WWBWW", "BWWWB"];

/// Random pieces on the empty cells of `cells` (`rows × cols`): each empty cell, with
/// probability `p`, becomes a black corner with two empty neighbours as arms, if it has them.
fn tile_around(rng: &mut ChaCha8Rng, cells: &mut [u8], rows: usize, cols: usize, p: f64) {
    for _ in 0..rows * cols {
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        if cells[r * cols + c] != b'.' || !rng.random_bool(p) {
            continue;
        }
        let v = [r.wrapping_sub(1), r + 1][rng.random_range(0..2)];
        let h = [c.wrapping_sub(1), c + 1][rng.random_range(0..2)];
        if v < rows && h < cols && cells[v * cols + c] == b'.' && cells[r * cols + h] == b'.' {
            cells[r * cols + c] = b'B';
            cells[v * cols + c] = b'W';
            cells[r * cols + h] = b'W';
        }
    }
}

/// Random boards up to 6 × 7: the generators' tiled, near-miss and random patterns, and, half
/// of the time, a pinwheel (turned and mirrored at random) with random pieces around it and
/// sometimes two neighbouring cells swapped — so unique, several and no tilings all occur.
fn boards(seed: u64, count: usize) -> Vec<Grid> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|k| {
            if k % 2 == 0 {
                let rows = rng.random_range(1..=6);
                let cols = rng.random_range(1..=6);
                let mut g = crate::generate::rng(rng.random_range(0..u64::MAX));
                let density = rng.random_range(0.3..1.0);
                let style = [
                    crate::generate::LStyle::Tiled,
                    crate::generate::LStyle::NearMiss,
                    crate::generate::LStyle::Random,
                ][k / 2 % 3];
                return crate::generate::lpuzzle(&mut g, rows, cols, density, style);
            }
            let turn = rng.random_bool(0.5);
            let (flip_r, flip_c) = (rng.random_bool(0.5), rng.random_bool(0.5));
            let (pr, pc) = if turn { (5, 4) } else { (4, 5) };
            let rows = rng.random_range(pr..=6);
            let cols = rng.random_range(pc..=7);
            let (r0, c0) = (
                rng.random_range(0..=rows - pr),
                rng.random_range(0..=cols - pc),
            );
            let mut cells = vec![b'.'; rows * cols];
            for (i, line) in PINWHEEL.iter().enumerate() {
                for (j, &x) in line.as_bytes().iter().enumerate() {
                    let (i, j) = if flip_r { (3 - i, j) } else { (i, j) };
                    let (i, j) = if flip_c { (i, 4 - j) } else { (i, j) };
                    let (i, j) = if turn { (j, i) } else { (i, j) };
                    cells[(r0 + i) * cols + c0 + j] = x;
                }
            }
            let p = rng.random_range(0.2..1.0);
            tile_around(&mut rng, &mut cells, rows, cols, p);
            if rng.random_bool(0.25) {
                let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols - 1));
                cells.swap(r * cols + c, r * cols + c + 1);
            }
            Grid::from_cells(rows, cols, cells)
        })
        .collect()
}

#[test]
fn uniqueness_against_all_tilings() {
    let (mut unique, mut several, mut none, mut open) = (0, 0, 0, 0);
    for grid in boards(11, 6000) {
        if let forced::Decision::Open { open: o, yes: true } = forced::decide(&grid) {
            open += usize::from(o > 0);
        }
        let all = all_tilings(&grid, usize::MAX);
        let lines = grid.to_lines();
        let want = match all.len() {
            0 => None,
            1 => Some(true),
            _ => Some(false),
        };
        assert_eq!(is_unique(&grid), want, "{lines:?}");
        match tilings(&grid) {
            Tilings::None(reason) => {
                assert_eq!(want, None, "{lines:?}");
                verify_no(&grid, &reason).unwrap();
                none += 1;
            }
            Tilings::Unique(t) => {
                assert_eq!(want, Some(true), "{lines:?}");
                verify_tiling(&grid, &t).unwrap();
                assert_eq!(sorted(&t), all[0]);
                unique += 1;
            }
            Tilings::Several(a, b) => {
                assert_eq!(want, Some(false), "{lines:?}");
                verify_tiling(&grid, &a).unwrap();
                verify_tiling(&grid, &b).unwrap();
                assert_ne!(sorted(&a), sorted(&b), "{lines:?}");
                several += 1;
            }
        }
    }
    assert!(
        unique > 500 && several > 500 && none > 500,
        "{unique} {several} {none}"
    );
    // The fast path searched a pinned open rest on many boards, not only propagation. (Each
    // of them had several tilings: no board seen, here or in 3·10⁶ random ones, is left open by
    // propagation yet has one tiling.)
    assert!(
        open > 300,
        "only {open} boards left choices open after propagation"
    );
}

#[test]
fn forced_pieces_against_all_tilings() {
    let mut partly = 0;
    for grid in boards(12, 4000) {
        let all = all_tilings(&grid, usize::MAX);
        let lines = grid.to_lines();
        match forced_pieces(&grid) {
            Err(reason) => {
                assert!(all.is_empty(), "{lines:?}");
                verify_no(&grid, &reason).unwrap();
            }
            Ok(f) => {
                assert!(!all.is_empty(), "{lines:?}");
                verify_tiling(&grid, &f.tiling).unwrap();
                assert_eq!(f.forced.len(), f.tiling.len());
                for (p, &forced) in f.tiling.iter().zip(&f.forced) {
                    let everywhere = all.iter().all(|t| t.contains(&cells_of(p)));
                    assert_eq!(forced, everywhere, "{p:?} in {lines:?}");
                }
                let n = f.pieces().count();
                partly += usize::from(n > 0 && n < f.tiling.len());
            }
        }
    }
    assert!(
        partly > 100,
        "too few boards with some pieces forced and some not: {partly}"
    );
}

#[test]
fn unique_small_cases() {
    // A single piece is unique; the first sample pattern has no tiling.
    assert_eq!(is_unique(&Grid::from_rows(&["BW", "W."])), Some(true));
    assert_eq!(is_unique(&Grid::from_rows(&["BWB.", "WWW."])), None);
    let pinwheel = Grid::from_rows(&PINWHEEL);
    assert_eq!(all_tilings(&pinwheel, 10).len(), 2);
    assert_eq!(is_unique(&pinwheel), Some(false));
}

#[test]
fn generated_unique_patterns_have_one_tiling() {
    use crate::generate::LStyle;
    let mut rng = crate::generate::rng(21);
    let (mut kept, mut cells, mut emptied) = (0, 0, 0);
    for k in 0..3000 {
        let rows = 4 + k % 9;
        let cols = 4 + k / 9 % 9;
        let density = [0.6, 0.8, 1.0][k % 3];
        // The tiling it starts from: the same random choices, without emptying.
        let start = crate::generate::lpuzzle(&mut rng.clone(), rows, cols, density, LStyle::Tiled);
        let g = crate::generate::lpuzzle(&mut rng, rows, cols, density, LStyle::Unique);
        let all = all_tilings(&g, 2);
        assert_eq!(all.len(), 1, "{:?}", g.to_lines());
        emptied += usize::from(g != start);
        kept += g.cells().iter().filter(|&&x| x != b'.').count();
        cells += rows * cols;
    }
    // Often there was a second tiling to remove, and emptying pieces kept most of the pattern.
    assert!(emptied > 100, "only {emptied} patterns needed emptying");
    assert!(kept * 2 > cells, "only {kept} of {cells} cells kept");
}
