//! The pictures of `docs/` and the boards they draw: shared by the `pictures` example, which
//! writes them, and by `tests/integration/docs_pictures.rs`, which fails when a committed picture is not what
//! the code draws now.
//!
//! Each picture is what `gridmatch PUZZLE --svg DIR` draws for its board: the board goes through
//! the one puzzle interface ([`Puzzle::answer`]) with the request the command line makes for a
//! picture ([`Style::request`]), and the answer is drawn by [`output::picture`].

use gridmatch::Grid;
use gridmatch::formats::output::{self, Style};
use gridmatch::puzzles::{Puzzle, Request};

/// Where the pictures live, relative to the repository's root.
pub const DIR: &str = "docs";

/// Every picture of [`DIR`]: its file name and its SVG text.
///
/// # Panics
/// If a board has no picture (a King board without exactly one `K`): the boards are fixed.
pub fn pictures() -> Vec<(&'static str, String)> {
    BOARDS
        .iter()
        .map(|&(name, puzzle, rows)| (name, draw(puzzle, rows)))
        .collect()
}

/// File name, puzzle and rows of every picture's board.
const BOARDS: [(&str, Puzzle, &[&str]); 4] = [
    // UVa 12668 sample 1.
    (
        "rooks.svg",
        Puzzle::Rooks,
        &["X....", "X....", "..X..", ".X...", "....X"],
    ),
    // NWERC 2011 sample 1 (YES) and sample 2 (NO).
    ("lpuzzle.svg", Puzzle::Lpuzzle, &["BWW.", "WWBW", "..WB"]),
    ("lpuzzle-no.svg", Puzzle::Lpuzzle, &["W..", "BW.", "WBW"]),
    // A King board where Bob wins from K (its region has an odd number of squares) and Alice
    // from every square of the other region (the GCJ samples are 2×2 and 4×2).
    (
        "king.svg",
        Puzzle::King,
        &[
            "K.....#.", "......#.", ".#....#.", "#######.", "........", "######.#", "....#...",
            "..#...#.",
        ],
    ),
];

/// The picture `gridmatch PUZZLE --svg DIR` draws for the board of `rows`.
fn draw(puzzle: Puzzle, rows: &[&str]) -> String {
    let board = Grid::from_rows(rows);
    let request = Style::Judge.request(puzzle, true, Request::judge());
    let answer = puzzle
        .answer(&board, &request)
        .unwrap_or_else(|e| panic!("{puzzle} board {rows:?}: {e}"));
    output::picture(&board, &answer)
        .unwrap_or_else(|| panic!("{puzzle} board {rows:?}: the answer lacks its picture"))
}
