//! `gridmatch demo`: the samples of the original problem statements, solved and drawn.

use std::io::Write;

use crate::batch::{Batch, Options, solve_all};
use crate::error::Error;
use gridmatch::formats::judge::BoardReader;
use gridmatch::formats::output::Style;
use gridmatch::puzzles::{Puzzle, Request};

/// The samples from the original problem statements, built into the binary.
pub mod samples {
    /// UVa 12668 sample input.
    pub const ROOKS: &str =
        "5\nX....\nX....\n..X..\n.X...\n....X\n4\n....\n....\n....\n....\n1\nX\n";
    /// GCJ 2008 "King" sample input.
    pub const KING: &str = "2\n2 2\nK.\n.#\n4 2\nK#\n.#\n.#\n.#\n";
    /// NWERC 2011 "Piece it together" sample input.
    pub const LPUZZLE: &str = "2\n3 4\nBWW.\nWWBW\n..WB\n3 3\nW..\nBW.\nWBW\n";
}

/// `gridmatch demo`: solves the built-in samples of every puzzle and draws the answers.
pub fn run<W: Write>(out: &mut W) -> Result<(), Error> {
    let shows = [
        (
            Puzzle::Rooks,
            samples::ROOKS,
            "== Rooks (UVa 12668): most non-attacking rooks, R marks a rook ==\n",
        ),
        (
            Puzzle::Lpuzzle,
            samples::LPUZZLE,
            "== L-puzzle (NWERC 2011): tile with L pieces; a piece is one letter, its black corner upper-case ==\n",
        ),
        (
            Puzzle::King,
            samples::KING,
            "== King (GCJ 2008): who wins from K? The map shows the winner from every square ==\n",
        ),
    ];
    for (puzzle, sample, title) in shows {
        writeln!(out, "{title}")?;
        let name = format!("<{puzzle} sample>");
        let mut reader = BoardReader::new(sample.as_bytes(), name);
        let opts = Options {
            mode: Style::Show,
            rect: false,
            extras: Request {
                map: true,
                ..Request::judge()
            },
        };
        solve_all(&mut reader, out, puzzle, &opts, &Batch::default())?;
    }
    Ok(())
}
