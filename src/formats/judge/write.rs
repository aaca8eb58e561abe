//! Writing the judges' formats: boards as their input, answers as their output.
//!
//! ```
//! use gridmatch::Grid;
//! use gridmatch::formats::judge::{Header, JudgeAnswer, write_board, write_verdict};
//! let mut out = Vec::new();
//! write_board(&mut out, &Grid::from_rows(&["X.", ".."]), Header::Square)?;
//! write_verdict(&mut out, 1, JudgeAnswer::Rooks(2))?;
//! assert_eq!(out, b"2\nX.\n..\n2\n");
//! # Ok::<(), std::io::Error>(())
//! ```

use std::io::{self, Write};

use super::Header;
use crate::grid::Grid;
use crate::puzzles::king::Player;

/// A judge's answer for one board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JudgeAnswer {
    /// Rooks: the most non-attacking rooks.
    Rooks(usize),
    /// L-puzzle: whether the pattern can be built.
    Lpuzzle(bool),
    /// L-puzzle with `--unique` (gridmatch's own line, not the judge's): `YES unique`,
    /// `YES not unique` or `NO` (`None`).
    LpuzzleUnique(Option<bool>),
    /// King: who wins from the start.
    King(Player),
}

/// Writes the answer line of board `case` (from 1) exactly as the judge prints it.
pub fn write_verdict<W: Write + ?Sized>(
    out: &mut W,
    case: u64,
    verdict: JudgeAnswer,
) -> io::Result<()> {
    match verdict {
        JudgeAnswer::Rooks(n) => writeln!(out, "{n}"),
        JudgeAnswer::Lpuzzle(yes) => writeln!(out, "{}", if yes { "YES" } else { "NO" }),
        JudgeAnswer::LpuzzleUnique(unique) => writeln!(
            out,
            "{}",
            match unique {
                Some(true) => "YES unique",
                Some(false) => "YES not unique",
                None => "NO",
            }
        ),
        JudgeAnswer::King(winner) => writeln!(out, "Case #{case}: {}", winner.letter()),
    }
}

/// Writes the count line `T` of a counted input (lpuzzle, king).
pub fn write_count<W: Write + ?Sized>(out: &mut W, count: u64) -> io::Result<()> {
    writeln!(out, "{count}")
}

/// Writes a board as judge input: its size header (`N` or `R C`), then its rows.
///
/// A [`Header::Square`] board must be square; its header is its row count.
pub fn write_board<W: Write + ?Sized>(out: &mut W, grid: &Grid, header: Header) -> io::Result<()> {
    match header {
        Header::Square => writeln!(out, "{}", grid.rows())?,
        Header::Rect => writeln!(out, "{} {}", grid.rows(), grid.cols())?,
    }
    for r in 0..grid.rows() {
        out.write_all(grid.row(r))?;
        out.write_all(b"\n")?;
    }
    Ok(())
}
