//! Colours for drawing a tiling: the text drawer (`--show`) and the SVG pictures give touching
//! L pieces different colours with [`colour_pieces`].

use crate::grid::Grid;
use crate::puzzles::lpuzzle::Piece;

/// A colouring of a tiling's pieces in which no two pieces sharing an edge share a colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Colouring {
    /// The piece owning each cell, row-major (`u32::MAX` for none).
    pub owner: Vec<u32>,
    /// Each piece's colour, below 11.
    pub colour: Vec<usize>,
}

/// Colours the pieces of a tiling of `grid` greedily, in order: each takes the smallest colour
/// no earlier piece touching it has. A piece touches at most 10 others, so 11 colours suffice.
///
/// # Complexity
/// O(cells + pieces).
pub fn colour_pieces(grid: &Grid, pieces: &[Piece]) -> Colouring {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut owner = vec![u32::MAX; rows * cols];
    for (i, p) in pieces.iter().enumerate() {
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            if r < rows && c < cols {
                owner[r * cols + c] = i as u32;
            }
        }
    }
    let mut colour = vec![0usize; pieces.len()];
    for (i, p) in pieces.iter().enumerate() {
        let mut taken = 0u32;
        for (r, c) in [p.black, p.vertical, p.horizontal] {
            let around = [
                (r.wrapping_sub(1), c),
                (r + 1, c),
                (r, c.wrapping_sub(1)),
                (r, c + 1),
            ];
            for (r2, c2) in around {
                if r2 < rows && c2 < cols {
                    let o = owner[r2 * cols + c2];
                    if o != u32::MAX && (o as usize) < i {
                        taken |= 1 << colour[o as usize];
                    }
                }
            }
        }
        colour[i] = ((!taken).trailing_zeros() as usize).min(31);
    }
    Colouring { owner, colour }
}

#[cfg(test)]
#[path = "colour_tests.rs"]
mod tests;
