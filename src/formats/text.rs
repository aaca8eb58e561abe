//! Words and terminal pictures: the sentences that explain an answer, and boards drawn as
//! text. Each takes a result value; nothing here solves.

use crate::formats::colour::{Colouring, colour_pieces};
use crate::formats::count;
use crate::grid::{Cell, Grid};
use crate::puzzles::king::{Player, Strategy, WinnerMap};
use crate::puzzles::lpuzzle::{self, Axis, Dir, Forced, Outcome, Piece, Reason};
use crate::puzzles::rooks;

/// One sentence for people: why an L-puzzle pattern (`grid`) cannot be built. A conflict names
/// only the whites the black has on the chain's axis.
pub fn reason_message(grid: &Grid, reason: &Reason) -> String {
    match reason {
        Reason::Count { blacks, whites } => format!(
            "{} but {}: every piece has 1 black and 2 whites, so whites must be {}",
            count(*whites, "white cell", "white cells"),
            count(*blacks, "black cell", "black cells"),
            2 * blacks
        ),
        Reason::Stranded { cell, axis } => format!(
            "the black at ({},{}) has no white neighbour {}",
            cell.0,
            cell.1,
            match axis {
                Axis::Vertical => "above or below",
                Axis::Horizontal => "left or right",
            }
        ),
        Reason::Conflict { chain } => {
            let Some(x) = chain.first() else {
                return "an empty chain of forced choices".into();
            };
            let white = |dir: Dir| {
                dir.step(x.cell.0, x.cell.1, grid.rows(), grid.cols())
                    .filter(|&(r, c)| grid.get(r, c) == b'W')
            };
            let (here, there) = (x.dir, x.dir.opposite());
            let axis = match here {
                Dir::Up | Dir::Down => "vertical",
                Dir::Left | Dir::Right => "horizontal",
            };
            match (white(here), white(there)) {
                (Some(_), Some(_)) => format!(
                    "the black at ({},{}) can take neither its {} nor its {} white: each choice \
                     forces, step by step, the other",
                    x.cell.0,
                    x.cell.1,
                    here.name(),
                    there.name()
                ),
                (Some(w), None) | (None, Some(w)) => {
                    let dir = if white(here).is_some() { here } else { there };
                    format!(
                        "the black at ({},{}) cannot take its only {axis} white, {} at ({},{}): \
                         taking it forces, step by step, that white to be taken by another black",
                        x.cell.0,
                        x.cell.1,
                        dir.name(),
                        w.0,
                        w.1
                    )
                }
                (None, None) => format!(
                    "the black at ({},{}) has no {axis} white to take",
                    x.cell.0, x.cell.1
                ),
            }
        }
    }
}

/// For a conflict, one sentence per step of the chain; empty for the other reasons.
pub fn reason_steps(grid: &Grid, reason: &Reason) -> Vec<String> {
    let Reason::Conflict { chain } = reason else {
        return Vec::new();
    };
    chain
        .windows(2)
        .map(|w| {
            let (p, q) = (w[0], w[1]);
            let at = |c: (usize, usize)| format!("({},{})", c.0, c.1);
            let white = p
                .dir
                .step(p.cell.0, p.cell.1, grid.rows(), grid.cols())
                .filter(|&(r, c)| grid.get(r, c) == b'W');
            match white {
                None => format!(
                    "{} cannot go {}: no white there, so it goes {}",
                    at(p.cell),
                    p.dir.name(),
                    q.dir.name()
                ),
                Some(wc) => format!(
                    "{} goes {} and takes the white {}, so {} cannot take it and goes {}",
                    at(p.cell),
                    p.dir.name(),
                    at(wc),
                    at(q.cell),
                    q.dir.name()
                ),
            }
        })
        .collect()
}

/// The every-start map of a King board: rows of `A`/`B` on free squares, `#` on burned ones.
pub fn king_map(map: &WinnerMap) -> Vec<String> {
    (0..map.rows())
        .map(|r| {
            map.row(r)
                .iter()
                .map(|w| w.map_or('#', Player::letter))
                .collect()
        })
        .collect()
}

/// The board with `R` on every rook.
pub fn rooks_picture(grid: &Grid, sol: &rooks::Solution) -> String {
    let mut cells = grid.cells().to_vec();
    for &(r, c) in &sol.rooks {
        cells[r * grid.cols() + c] = b'R';
    }
    lines(&cells, grid.cols())
}

fn lines(cells: &[u8], cols: usize) -> String {
    let mut out = String::with_capacity(cells.len() + cells.len() / cols.max(1));
    for row in cells.chunks(cols.max(1)) {
        out.push_str(&String::from_utf8_lossy(row));
        out.push('\n');
    }
    out
}

/// A tiling drawn with one letter per piece (upper-case on its black corner, no two touching
/// pieces share a letter), or a NO with its reason and the culprit cells in lower case.
pub fn lpuzzle_picture(grid: &Grid, answer: &Outcome) -> String {
    let cols = grid.cols();
    match answer {
        Outcome::Yes(pieces) => {
            let mut cells = grid.cells().to_vec();
            letter_pieces(grid, pieces, &mut cells);
            lines(&cells, cols)
        }
        Outcome::No(reason) => {
            let mut cells = grid.cells().to_vec();
            for (r, c) in reason.cells(grid) {
                cells[r * cols + c] = cells[r * cols + c].to_ascii_lowercase();
            }
            let mut out = format!("why: {}\n", reason_message(grid, reason));
            for step in reason_steps(grid, reason) {
                out.push_str(&format!("  {step}\n"));
            }
            out.push_str("culprit cells in lower case:\n");
            out.push_str(&lines(&cells, cols));
            out
        }
    }
}

/// The roles board: `R` where a rook stands in every maximum placement, `r` in some, `.` in
/// none, `X` on pawns.
pub fn rooks_roles(roles: &rooks::Roles) -> String {
    let cells: Vec<u8> = roles.cells.iter().map(|r| r.letter()).collect();
    lines(&cells, roles.cols)
}

/// Two different tilings, each drawn as [`lpuzzle_picture`] draws one, then the board with `*`
/// on the cells whose piece differs.
pub fn lpuzzle_two_tilings(grid: &Grid, first: &[Piece], second: &[Piece]) -> String {
    let differ = lpuzzle::differing_cells(grid, first, second);
    let mut cells = grid.cells().to_vec();
    for &(r, c) in &differ {
        cells[r * grid.cols() + c] = b'*';
    }
    format!(
        "first tiling:\n{}second tiling:\n{}{} in other pieces (*):\n{}",
        lpuzzle_picture(grid, &Outcome::Yes(first.to_vec())),
        lpuzzle_picture(grid, &Outcome::Yes(second.to_vec())),
        count(differ.len(), "cell", "cells"),
        lines(&cells, grid.cols())
    )
}

/// The pieces in every tiling, drawn as [`lpuzzle_picture`] draws a tiling, with `?` on the
/// cells that other tilings cover differently; a count line first.
pub fn lpuzzle_forced(grid: &Grid, forced: &Forced) -> String {
    let pieces: Vec<Piece> = forced.pieces().copied().collect();
    let mut cells: Vec<u8> = grid
        .cells()
        .iter()
        .map(|&x| if x == b'.' { b'.' } else { b'?' })
        .collect();
    letter_pieces(grid, &pieces, &mut cells);
    format!(
        "{} of {} in every tiling (? elsewhere):\n{}",
        pieces.len(),
        count(forced.tiling.len(), "piece", "pieces"),
        lines(&cells, grid.cols())
    )
}

/// Writes one letter per piece into `cells` (upper-case on its black corner; pieces that touch
/// get different letters).
fn letter_pieces(grid: &Grid, pieces: &[Piece], cells: &mut [u8]) {
    let cols = grid.cols();
    let Colouring { colour, .. } = colour_pieces(grid, pieces);
    for (p, &k) in pieces.iter().zip(&colour) {
        let l = b'a' + (k % 26) as u8;
        cells[p.black.0 * cols + p.black.1] = l.to_ascii_uppercase();
        cells[p.vertical.0 * cols + p.vertical.1] = l;
        cells[p.horizontal.0 * cols + p.horizontal.1] = l;
    }
}

/// The winner's plan from `start`, in words and on the board (cells as `(row,col)` from 0).
pub fn king_strategy(grid: &Grid, start: Cell, strategy: &Strategy) -> String {
    let cols = grid.cols();
    let mut cells = grid.cells().to_vec();
    let mut out = String::new();
    match strategy {
        Strategy::Alice { first } => {
            out.push_str(&format!(
                "Alice wins: move ({},{}) -> ({},{}) (marked 1), then always answer along the same matching\n",
                start.0, start.1, first.0, first.1
            ));
            cells[first.0 * cols + first.1] = b'1';
        }
        Strategy::Bob { replies } if replies.is_empty() => {
            out.push_str("Bob wins: Alice has no move\n");
        }
        Strategy::Bob { replies } => {
            out.push_str(
                "Bob wins: to each first move of Alice he replies (a = Alice, b = Bob's reply)\n",
            );
            for (a, b) in replies {
                out.push_str(&format!(
                    "  Alice ({},{}) -> Bob ({},{})\n",
                    a.0, a.1, b.0, b.1
                ));
            }
            if let Some((a, b)) = replies.first() {
                cells[a.0 * cols + a.1] = b'a';
                cells[b.0 * cols + b.1] = b'b';
            }
        }
    }
    out.push_str(&lines(&cells, cols));
    out
}

/// A game position: `K` where the king stands, `o` on visited squares, move numbers on the
/// legal moves (`*` past 9), and the list of moves.
pub fn king_position(grid: &Grid, visited: &[bool], at: Cell, legal: &[Cell]) -> String {
    let cols = grid.cols();
    let mut cells: Vec<u8> = grid
        .cells()
        .iter()
        .zip(visited)
        .map(|(&c, &v)| {
            if c == b'#' {
                b'#'
            } else if v {
                b'o'
            } else {
                b'.'
            }
        })
        .collect();
    cells[at.0 * cols + at.1] = b'K';
    for (k, &(r, c)) in legal.iter().enumerate() {
        cells[r * cols + c] = if k < 9 { b'1' + k as u8 } else { b'*' };
    }
    let mut out = lines(&cells, cols);
    if !legal.is_empty() {
        let list: Vec<String> = legal
            .iter()
            .enumerate()
            .map(|(k, (r, c))| format!("{}=({r},{c})", k + 1))
            .collect();
        out.push_str(&format!("moves: {}\n", list.join(" ")));
    }
    out
}
