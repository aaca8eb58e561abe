//! SVG pictures of answers (stub: being written).

use crate::board::Grid;
use crate::puzzles::king::{Analysis, Cell};
use crate::puzzles::{lpuzzle, rooks};

/// Rooks as pieces, the König cover drawn faintly.
pub fn rooks_svg(grid: &Grid, sol: &rooks::Solution) -> String {
    let _ = (grid, sol);
    String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
}

/// An L tiling as coloured pieces, or a NO with the culprit cells highlighted.
pub fn lpuzzle_svg(grid: &Grid, answer: &lpuzzle::Answer) -> String {
    let _ = (grid, answer);
    String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
}

/// A King board: the A/B map as colours, the start, the matching as dominoes.
pub fn king_svg(grid: &Grid, analysis: &Analysis, start: Cell) -> String {
    let _ = (grid, analysis, start);
    String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
}
