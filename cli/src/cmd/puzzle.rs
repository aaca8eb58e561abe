//! `gridmatch rooks`, `gridmatch lpuzzle` and `gridmatch king`: the judge inputs of the three
//! puzzles, each board answered in the output mode the flags choose, by the one batch driver
//! ([`crate::batch`]).

use std::io::{self, IsTerminal, Write};

use crate::batch::{Batch, Options, solve_all};
use crate::error::Error;
use crate::flags::{InputArgs, KingArgs, LpuzzleArgs, RooksArgs};
use crate::input::{board_reader, is_stdin, shown_name};
use gridmatch::formats::output::Style;
use gridmatch::puzzles::{Puzzle, Request};

/// `gridmatch rooks`.
pub fn rooks(args: RooksArgs, out: &mut dyn Write) -> Result<(), Error> {
    let RooksArgs { input, rect, roles } = args;
    let extras = Request {
        roles,
        ..Request::judge()
    };
    input.solve(Puzzle::Rooks, rect, extras, out)?;
    Ok(())
}

/// `gridmatch lpuzzle`.
pub fn lpuzzle(args: LpuzzleArgs, out: &mut dyn Write) -> Result<(), Error> {
    let LpuzzleArgs {
        input,
        unique,
        forced,
    } = args;
    let extras = Request {
        unique,
        forced,
        ..Request::judge()
    };
    input.solve(Puzzle::Lpuzzle, false, extras, out)?;
    Ok(())
}

/// `gridmatch king` (without `play`, [`super::play`]).
pub fn king(args: KingArgs, out: &mut dyn Write) -> Result<(), Error> {
    let KingArgs {
        action: _,
        input,
        all,
        moves,
    } = args;
    let extras = Request {
        map: all,
        moves,
        ..Request::judge()
    };
    input.solve(Puzzle::King, false, extras, out)?;
    Ok(())
}

/// A puzzle's input run as its flags ask.
impl InputArgs {
    /// How the batch runs: threads, pictures, progress bar (the output is the same for each).
    pub fn batch(&self) -> Batch {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Boards typed by hand are answered one by one; a bar would mix with the typing.
        let interactive = is_stdin(self.file.as_ref()) && io::stdin().is_terminal();
        Batch {
            // The work is CPU-bound: threads beyond the cores only cost (thousands of them took
            // seconds to start).
            jobs: self.jobs.unwrap_or(cores).clamp(1, cores),
            svg: self.svg.clone(),
            progress: !self.no_progress && !interactive && io::stderr().is_terminal(),
            interactive,
        }
    }

    /// The output mode: `--json`, `--show`, or the judge's output.
    pub fn mode(&self) -> Style {
        if self.json {
            Style::Json
        } else if self.show {
            Style::Show
        } else {
            Style::Judge
        }
    }

    /// Solves every board of the input.
    pub fn solve(
        &self,
        puzzle: Puzzle,
        rect: bool,
        extras: Request,
        out: &mut dyn Write,
    ) -> Result<(), Error> {
        let opts = Options {
            mode: self.mode(),
            rect,
            extras,
        };
        let mut reader = board_reader(
            self.file.as_ref(),
            "boards",
            self.max_cells,
            puzzle,
            &opts.request(puzzle, self.svg.is_some()),
        )?;
        let boards = solve_all(&mut reader, &mut { out }, puzzle, &opts, &self.batch())?;
        // An input without boards is a valid judge input (rooks has no count line) and answers
        // nothing, successfully, as ripgrep does on an empty file; but a silent success on an
        // empty file (a wrong path, a failed redirection) is easy to miss, so stderr says so.
        // (The other puzzles' inputs start with a count: an empty one is refused, and `0` is
        // what the file says.)
        if boards == 0 && !gridmatch::formats::judge::is_counted(puzzle) {
            eprintln!(
                "gridmatch {puzzle}: {} holds no boards; there is nothing to answer",
                shown_name(reader.file())
            );
        }
        Ok(())
    }
}
