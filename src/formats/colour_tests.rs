//! The colouring against the plain rule: every cell of a piece is owned by it, pieces that share
//! an edge differ, and 11 colours suffice.

use super::*;
use crate::generate::{self, LStyle};
use crate::puzzles::lpuzzle::{self, Outcome};

#[test]
fn touching_pieces_differ_on_generated_tilings() {
    let mut rng = generate::rng(35);
    let mut touching = 0;
    for case in 0..300 {
        let (rows, cols) = (2 + case % 9, 2 + (case * 7) % 13);
        let grid = generate::lpuzzle(&mut rng, rows, cols, 0.9, LStyle::Tiled);
        let Outcome::Yes(pieces) = lpuzzle::solve(&grid) else {
            panic!(
                "a tiled pattern has a tiling:\n{}",
                grid.to_lines().join("\n")
            );
        };
        let Colouring { owner, colour } = colour_pieces(&grid, &pieces);
        assert_eq!(colour.len(), pieces.len());
        assert!(colour.iter().all(|&c| c < 11), "{colour:?}");
        for (i, p) in pieces.iter().enumerate() {
            for (r, c) in [p.black, p.vertical, p.horizontal] {
                assert_eq!(owner[r * cols + c], i as u32);
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                let here = owner[r * cols + c];
                for (r2, c2) in [(r + 1, c), (r, c + 1)] {
                    if r2 >= rows || c2 >= cols || here == u32::MAX {
                        continue;
                    }
                    let there = owner[r2 * cols + c2];
                    if there != u32::MAX && there != here {
                        touching += 1;
                        assert_ne!(
                            colour[here as usize], colour[there as usize],
                            "pieces {here} and {there} touch at ({r},{c})"
                        );
                    }
                }
            }
        }
    }
    assert!(
        touching > 1000,
        "the boards must have touching pieces: {touching}"
    );
}
