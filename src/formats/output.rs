//! One board's answer written as the command line prints it: the judge's line, a picture in
//! words, or a JSON record; and its SVG picture. What each form draws is said once, by
//! [`Style::request`]: a front end asks the puzzle interface for that and writes what it answers.
//!
//! ```
//! use gridmatch::Grid;
//! use gridmatch::formats::output::{Style, write_answer};
//! use gridmatch::puzzles::{Puzzle, Request};
//! let board = Grid::from_rows(&["X.", ".."]);
//! let request = Style::Judge.request(Puzzle::Rooks, false, Request::judge());
//! let answer = Puzzle::Rooks.answer(&board, &request)?;
//! let mut out = Vec::new();
//! write_answer(&mut out, 1, &board, &answer, Style::Judge, &Request::judge())?;
//! assert_eq!(out, b"2\n");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{self, BufRead, Write};

use super::json::Record;
use super::judge::{BoardReader, BoardStream, Header, JudgeAnswer, write_verdict};
use super::{svg, text};
use crate::error::RunError;
use crate::grid::Grid;
use crate::puzzles::lpuzzle::Outcome;
use crate::puzzles::{Answer, Puzzle, Request};

/// How an answer is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Style {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// The judge's answer followed by a picture in words.
    Show,
    /// One JSON certificate per line.
    Json,
}

impl Style {
    /// What the puzzle must answer for an answer written in this style (and drawn as SVG
    /// with `svg`), on top of the `extras` the caller asks for (roles, uniqueness, forced
    /// pieces, the King map, the move set). The judge style without a picture needs only
    /// the judge's answer: the puzzle decides without a certificate.
    pub fn request(self, puzzle: Puzzle, svg: bool, extras: Request) -> Request {
        let mut request = extras;
        match puzzle {
            // A placement, a tiling or a reason is what every picture and record shows.
            Puzzle::Rooks | Puzzle::Lpuzzle => request.certificate |= self != Style::Judge || svg,
            Puzzle::King => {
                request.certificate |= self == Style::Json;
                request.strategy |= self == Style::Show;
                // The picture colours every square by its winner and draws the matching.
                request.map |= svg;
                request.matching |= svg;
            }
        }
        request
    }
}

/// The judge's answer line's value.
pub fn judge_answer(answer: &Answer) -> JudgeAnswer {
    match answer {
        Answer::Rooks(a) => JudgeAnswer::Rooks(a.max_rooks),
        // `YES unique` / `YES not unique`; a NO reads the same either way.
        Answer::Lpuzzle(a) if a.unique.is_some() => JudgeAnswer::LpuzzleUnique(a.unique),
        Answer::Lpuzzle(a) => JudgeAnswer::Lpuzzle(a.yes),
        Answer::King(a) => JudgeAnswer::King(a.winner),
    }
}

/// Writes board `case`'s answer (to a request made by [`Style::request`]) in `style`, with the
/// extras the caller asked for (`extras`, as given to [`Style::request`]; what only a picture
/// needed is not written): roles after the answer (and after its picture), the forced pieces
/// after the tiling, the King map after the winner (in a record, its `map`).
///
/// # Errors
/// Only the writer's.
pub fn write_answer<W: Write + ?Sized>(
    out: &mut W,
    case: u64,
    board: &Grid,
    answer: &Answer,
    style: Style,
    extras: &Request,
) -> io::Result<()> {
    if style == Style::Json {
        // A record holds a certificate; without one (not asked for) nothing is written.
        return match Record::of_answer(case, board, answer, extras) {
            Some(record) => write_record(out, &record),
            None => Ok(()),
        };
    }
    write_verdict(out, case, judge_answer(answer))?;
    let show = style == Style::Show;
    match answer {
        Answer::Rooks(a) => {
            if let (true, Some(sol)) = (show, &a.solution) {
                writeln!(out, "{}", text::rooks_picture(board, sol))?;
            }
            if let (true, Some(roles)) = (extras.roles, &a.roles) {
                out.write_all(text::rooks_roles(roles).as_bytes())?;
            }
        }
        Answer::Lpuzzle(a) => {
            if let (true, Some(solution)) = (show, &a.solution) {
                let picture = match (solution, &a.second) {
                    (Outcome::Yes(first), Some(second)) => {
                        text::lpuzzle_two_tilings(board, first, second)
                    }
                    _ => text::lpuzzle_picture(board, solution),
                };
                writeln!(out, "{picture}")?;
            }
            if let (true, Some(forced)) = (extras.forced, &a.forced) {
                out.write_all(text::lpuzzle_forced(board, forced).as_bytes())?;
            }
        }
        Answer::King(a) => {
            if let (true, Some(map)) = (extras.map, &a.map) {
                for row in text::king_map(map) {
                    writeln!(out, "{row}")?;
                }
            }
            if let (true, Some(strategy)) = (show, &a.strategy) {
                write!(out, "{}", text::king_strategy(board, a.start, strategy))?;
            }
        }
    }
    Ok(())
}

/// Writes one JSON record as a line.
///
/// # Errors
/// Only the writer's (serialising a record cannot fail).
pub fn write_record<W: Write + ?Sized>(out: &mut W, record: &Record) -> io::Result<()> {
    // Serialise first, so a failed write keeps its io::ErrorKind (a closed pipe stays quiet).
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)
}

/// The SVG picture of an answer made for a picture ([`Style::request`] with `svg`): `None` if
/// the answer lacks what the picture draws.
pub fn picture(board: &Grid, answer: &Answer) -> Option<String> {
    Some(match answer {
        Answer::Rooks(a) => {
            let sol = a.solution.as_ref()?;
            match &a.roles {
                Some(roles) => svg::rooks_roles_svg(board, sol, roles),
                None => svg::rooks_svg(board, sol),
            }
        }
        Answer::Lpuzzle(a) => match (a.solution.as_ref()?, &a.second) {
            (Outcome::Yes(first), Some(second)) => svg::lpuzzle_two_svg(board, first, second),
            (solution, _) => svg::lpuzzle_svg(board, solution),
        },
        Answer::King(a) => svg::king_svg(board, a.map.as_ref()?, a.start, a.matching.as_ref()?),
    })
}

/// Answers every board of a judge-format input in order, in `style` with `extras` (what the
/// command line does on one thread, without pictures). The answers before a bad board are
/// written before its error is returned.
///
/// # Errors
/// The first bad board ([`RunError::Input`], at its file, line and column), or the writer's.
pub fn answer_all<R: BufRead, W: Write + ?Sized>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    puzzle: Puzzle,
    header: Header,
    style: Style,
    extras: &Request,
) -> Result<(), RunError> {
    let request = style.request(puzzle, false, *extras);
    let mut stream = BoardStream::new(reader, puzzle, header);
    for next in &mut stream {
        let (case, board) = next?;
        // The stream refuses a King board without its single K, so this cannot fail.
        let answer = puzzle
            .answer(&board.grid, &request)
            .map_err(io::Error::other)?;
        write_answer(out, case, &board.grid, &answer, style, extras)?;
    }
    Ok(())
}
