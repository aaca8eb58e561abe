//! Terminal pictures of boards and answers.

use crate::board::Grid;
use crate::formats::svg::piece_colours;
use crate::puzzles::king::{Cell, Strategy};
use crate::puzzles::lpuzzle::Answer;
use crate::puzzles::rooks;

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
pub fn lpuzzle_picture(grid: &Grid, answer: &Answer) -> String {
    let cols = grid.cols();
    match answer {
        Answer::Yes(pieces) => {
            let (_, colour) = piece_colours(grid, pieces);
            let mut cells = grid.cells().to_vec();
            for (p, &k) in pieces.iter().zip(&colour) {
                let l = b'a' + (k % 26) as u8;
                cells[p.black.0 * cols + p.black.1] = l.to_ascii_uppercase();
                cells[p.vertical.0 * cols + p.vertical.1] = l;
                cells[p.horizontal.0 * cols + p.horizontal.1] = l;
            }
            lines(&cells, cols)
        }
        Answer::No(reason) => {
            let mut cells = grid.cells().to_vec();
            for (r, c) in reason.cells(grid) {
                cells[r * cols + c] = cells[r * cols + c].to_ascii_lowercase();
            }
            let mut out = format!("why: {}\n", reason.message());
            for step in reason.steps(grid) {
                out.push_str(&format!("  {step}\n"));
            }
            out.push_str("culprit cells in lower case:\n");
            out.push_str(&lines(&cells, cols));
            out
        }
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
                "Alice wins: move {start:?} -> {first:?} (marked 1), then always answer along the same matching\n"
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
                out.push_str(&format!("  Alice {a:?} -> Bob {b:?}\n"));
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
