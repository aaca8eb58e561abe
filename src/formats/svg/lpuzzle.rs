//! The L-puzzle pictures: [`lpuzzle_svg`] and [`lpuzzle_two_svg`].

use super::*;
use crate::formats::colour::{Colouring, colour_pieces};
use crate::formats::count;
use crate::formats::text::reason_message;
use crate::puzzles::lpuzzle::{self, Dir, Outcome, Reason};

/// An arrow from the centre of `from` one step towards `dir` (cell units), as path data.
fn arrow(d: &mut String, from: (usize, usize), dir: Dir) {
    let (dx, dy): (f64, f64) = match dir {
        Dir::Up => (0.0, -1.0),
        Dir::Down => (0.0, 1.0),
        Dir::Left => (-1.0, 0.0),
        Dir::Right => (1.0, 0.0),
    };
    let (x, y) = (from.1 as f64 + 0.5, from.0 as f64 + 0.5);
    let (tx, ty) = (x + 0.72 * dx, y + 0.72 * dy);
    let (bx, by) = (tx - 0.22 * dx, ty - 0.22 * dy);
    let (px, py) = (-dy * 0.12, dx * 0.12);
    let _ = write!(
        d,
        "M{} {}L{} {}M{} {}L{} {}L{} {}z",
        Num(x + 0.18 * dx),
        Num(y + 0.18 * dy),
        Num(bx),
        Num(by),
        Num(tx),
        Num(ty),
        Num(bx + px),
        Num(by + py),
        Num(bx - px),
        Num(by - py)
    );
}

/// An L-puzzle answer. YES: every piece in its own colour (touching pieces differ), outlined,
/// with a dark dot on its black corner. NO: the pattern (black `B`, white `W`, grey `.`) with the
/// culprit cells in red (the whole board framed in red for a count mismatch) and, for a conflict,
/// the chain of forced choices as red arrows from each black towards the white it would take.
pub fn lpuzzle_svg(grid: &Grid, answer: &lpuzzle::Outcome) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    match answer {
        Outcome::Yes(pieces) => {
            let title = format!(
                "L-puzzle: YES, {}",
                count(pieces.len(), "L piece", "L pieces")
            );
            let caption = format!(
                "YES: {}, one colour each; the dot marks each piece's black corner.",
                count(pieces.len(), "L piece", "L pieces")
            );
            tiling_picture(grid, pieces, &title, &caption, &[])
        }
        Outcome::No(reason) => {
            let title = format!("L-puzzle: NO: {}", reason_message(grid, reason));
            let caption = match reason {
                Reason::Conflict { .. } => format!(
                    "NO: {}.|Culprit cells in red; purple arrows: the chain of forced choices.",
                    reason_message(grid, reason)
                ),
                Reason::Count { .. } => format!("NO: {}.", reason_message(grid, reason)),
                Reason::Stranded { .. } => {
                    format!(
                        "NO: {}.|The culprit cell is in red.",
                        reason_message(grid, reason)
                    )
                }
            };
            let mut svg = Svg::new(rows, cols, &title, &caption);
            let paths = class_paths(rows, cols, 3, |r, c| match grid.get(r, c) {
                b'B' => Some(0),
                b'W' => Some(1),
                _ => Some(2),
            });
            svg.fill(&paths[2], "#d6d6d6", "");
            svg.fill(&paths[1], "#ffffff", "");
            svg.fill(&paths[0], "#262626", "");
            svg.grid_lines();
            let culprits = reason.cells(grid);
            let marks = squares(culprits.iter().copied());
            svg.fill(&marks, "#e02424", " fill-opacity=\"0.45\"");
            if svg.compact {
                // Cells are 1–8 px here: ring every culprit so it can be found.
                let r = (4.0 / svg.px).max(0.8);
                let mut rings = String::new();
                for &(row, col) in &culprits {
                    let (x, y) = (col as f64 + 0.5, row as f64 + 0.5);
                    let _ = write!(
                        rings,
                        "M{} {}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0-{d} 0z",
                        Num(x - r),
                        Num(y),
                        r = Num(r),
                        d = Num(2.0 * r)
                    );
                }
                if !rings.is_empty() {
                    let _ = writeln!(
                        svg.out,
                        "<path fill=\"none\" stroke=\"#e02424\" stroke-width=\"{}\" d=\"{rings}\"/>",
                        Num(1.5 / svg.px)
                    );
                }
            } else {
                svg.stroke(&marks, "#b91c1c", 0.1, "");
            }
            match reason {
                Reason::Count { .. } => {
                    let w = if svg.compact { 3.0 / svg.px } else { 0.15 };
                    svg.frame("#e02424", w);
                }
                Reason::Conflict { chain } if !svg.compact => {
                    let mut d = String::new();
                    for ch in chain {
                        arrow(&mut d, ch.cell, ch.dir);
                    }
                    let _ = writeln!(
                        svg.out,
                        "<path fill=\"#6d28d9\" stroke=\"#6d28d9\" stroke-width=\"0.07\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{d}\"/>"
                    );
                    svg.frame("#333", 0.06);
                }
                _ => {
                    if !svg.compact {
                        svg.frame("#333", 0.06);
                    }
                }
            }
            svg.finish()
        }
    }
}

/// A tiling: every piece in its own colour (touching pieces differ), outlined, with a dark dot
/// on its black corner; the cells of `differ` framed in magenta (filled in the compact style).
fn tiling_picture(
    grid: &Grid,
    pieces: &[lpuzzle::Piece],
    title: &str,
    caption: &str,
    differ: &[(usize, usize)],
) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut svg = Svg::new(rows, cols, title, caption);
    let Colouring { owner, colour } = colour_pieces(grid, pieces);
    let owner_of = |r: usize, c: usize| owner[r * cols + c];
    let n = PALETTE.len();
    let paths = class_paths(rows, cols, n + 1, |r, c| {
        let o = owner_of(r, c);
        Some(if o == u32::MAX {
            n
        } else {
            colour[o as usize] % n
        })
    });
    svg.fill(&paths[n], "#f1f1f1", "");
    for (i, colour) in PALETTE.iter().enumerate() {
        svg.fill(&paths[i], colour, "");
    }
    let corners = squares(pieces.iter().map(|p| p.black));
    if svg.compact {
        svg.fill(&corners, "#1f1f1f", "");
        mark_cells(&mut svg, differ);
        return svg.finish();
    }
    svg.grid_lines();
    // Outlines: every cell edge between different owners (or the board's edge).
    let mut edges = Path::default();
    for r in 0..rows {
        for c in 0..cols {
            let o = owner_of(r, c);
            let right = if c + 1 < cols {
                owner_of(r, c + 1)
            } else {
                u32::MAX
            };
            let below = if r + 1 < rows {
                owner_of(r + 1, c)
            } else {
                u32::MAX
            };
            let left = if c == 0 { u32::MAX } else { owner_of(r, c - 1) };
            let above = if r == 0 { u32::MAX } else { owner_of(r - 1, c) };
            let (x, y) = (c as i64, r as i64);
            if o != right && (o != u32::MAX || right != u32::MAX) {
                edges.segment(x + 1, y, x + 1, y + 1);
            }
            if o != below && (o != u32::MAX || below != u32::MAX) {
                edges.segment(x, y + 1, x + 1, y + 1);
            }
            if c == 0 && o != u32::MAX && left == u32::MAX {
                edges.segment(x, y, x, y + 1);
            }
            if r == 0 && o != u32::MAX && above == u32::MAX {
                edges.segment(x, y, x + 1, y);
            }
        }
    }
    svg.stroke(
        &edges,
        "#202020",
        0.07,
        " stroke-linecap=\"square\" stroke-linejoin=\"miter\"",
    );
    let mut dots = String::new();
    for p in pieces {
        let (x, y) = (p.black.1 as f64 + 0.5, p.black.0 as f64 + 0.5);
        let _ = write!(
            dots,
            "M{} {}a.2 .2 0 1 0 .4 0a.2 .2 0 1 0-.4 0z",
            Num(x - 0.2),
            Num(y)
        );
    }
    if !dots.is_empty() {
        let _ = writeln!(svg.out, "<path fill=\"#1f1f1f\" d=\"{dots}\"/>");
    }
    mark_cells(&mut svg, differ);
    svg.finish()
}

/// Frames the given cells in magenta (one `<path>` of class `differ`; filled squares in the
/// compact style, where a frame would not show).
fn mark_cells(svg: &mut Svg, cells: &[(usize, usize)]) {
    if cells.is_empty() {
        return;
    }
    if svg.compact {
        let marks = squares(cells.iter().copied());
        svg.fill(&marks, DIFFER, " fill-opacity=\"0.75\" class=\"differ\"");
        return;
    }
    let mut d = String::new();
    for &(r, c) in cells {
        let _ = write!(d, "M{}.14 {}.14h.72v.72h-.72z", c, r);
    }
    let _ = writeln!(
        svg.out,
        "<path class=\"differ\" fill=\"none\" stroke=\"{DIFFER}\" stroke-width=\"0.1\" stroke-dasharray=\"0.18 0.09\" d=\"{d}\"/>"
    );
}

/// The colour of the cells where two tilings differ.
const DIFFER: &str = "#c026d3";

/// Two tilings of one pattern, for a designer checking uniqueness: `first` drawn as
/// [`lpuzzle_svg`] draws a YES, with every cell covered by a different piece in `second`
/// ([`lpuzzle::differing_cells`]) framed in magenta (filled in the compact style). Swap the two to draw
/// the second tiling with the same cells marked. With equal tilings nothing is marked and the
/// caption says the tiling is unique.
pub fn lpuzzle_two_svg(grid: &Grid, first: &[lpuzzle::Piece], second: &[lpuzzle::Piece]) -> String {
    let differ = lpuzzle::differing_cells(grid, first, second);
    let n = count(first.len(), "L piece", "L pieces");
    let (title, caption) = if differ.is_empty() {
        (
            format!("L-puzzle: YES, unique, {n}"),
            format!("YES, unique: {n}, one colour each; the dot marks each piece's black corner."),
        )
    } else {
        let cells = count(differ.len(), "cell", "cells");
        (
            format!(
                "L-puzzle: YES, not unique: {cells} {} in another tiling",
                if differ.len() == 1 {
                    "differs"
                } else {
                    "differ"
                }
            ),
            format!(
                "YES, not unique: {n}, one colour each; the dot marks each piece's black corner.|The {cells} framed in magenta {} covered by another piece in another tiling.",
                if differ.len() == 1 { "is" } else { "are" }
            ),
        )
    };
    tiling_picture(grid, first, &title, &caption, &differ)
}
