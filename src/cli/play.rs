//! `gridmatch king play`: a person plays one side of a King board against the engine in the
//! terminal, on [`Position`] (the same game the web playground drives).

use std::io::{BufRead, Write};

use super::Error;
use crate::InputError;
use crate::formats::judge::{BoardReader, BoardStream, Header, read_line_bounded};
use crate::formats::text;
use crate::grid::Cell;
use crate::puzzles::Puzzle;
use crate::puzzles::king::game::Position;
use crate::puzzles::king::{Moves, Player};

/// The most cells `king play` takes: a game on n cells makes up to n engine moves, each of
/// which redraws the board and solves what is left of it.
pub const PLAY_MAX_CELLS: usize = 10_000;

/// The longest line `king play` reads as a move.
const MOVE_LINE: usize = 256;

/// Plays board `case` of `reader`: the person (`human`) types a move number or `row col` (from
/// 0) at each turn on `input`. The engine never loses a won position.
pub fn play<R: BufRead, I: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    case: u64,
    moves: Moves,
    human: Player,
    input: &mut I,
    out: &mut W,
) -> Result<(), Error> {
    let file = reader.file().to_string();
    let mut chosen = None;
    let mut count = 0;
    for board in BoardStream::new(reader, Puzzle::King, Header::Rect) {
        let (c, board) = board?;
        count = c;
        if c == case {
            chosen = Some(board);
        }
    }
    let Some(board) = chosen else {
        return Err(InputError::at(
            &file,
            1,
            1,
            format!("{count} boards"),
            format!("board {case} (--case)"),
        )
        .into());
    };
    // Every turn redraws the board and every engine move solves the rest of it again, so a
    // game costs (cells)²: refuse boards too large to play in a terminal.
    let grid = board.grid;
    if grid.cells().len() > PLAY_MAX_CELLS {
        return Err(InputError::at(
            &file,
            board.header_line,
            1,
            format!("a board of {} × {} cells", grid.rows(), grid.cols()),
            format!("at most {PLAY_MAX_CELLS} cells for `king play`"),
        )
        .with_hint("`gridmatch king --show FILE` solves and draws boards of any size")
        .into());
    }
    let mut game = Position::new(grid, moves)
        .map_err(|e| InputError::at(&file, board.header_line, 1, e.to_string(), "one K"))?;
    // Lines read from `input`, for messages, and the last one.
    let mut typed = 0u64;
    let mut line = Vec::new();
    writeln!(
        out,
        "You are {}; Alice moves first. With perfect play {} wins. Moves: {}.",
        human.name(),
        game.winner().name(),
        moves.name()
    )?;
    loop {
        let legal = game.legal_moves();
        write!(
            out,
            "{}",
            text::king_position(game.grid(), game.visited(), game.at(), &legal)
        )?;
        let turn = game.to_move();
        if legal.is_empty() {
            writeln!(
                out,
                "{} cannot move: {} wins.",
                turn.name(),
                turn.other().name()
            )?;
            return Ok(());
        }
        if turn == human {
            loop {
                write!(out, "{} to move (number or `row col`): ", turn.name())?;
                out.flush()?;
                // At most MOVE_LINE + 1 bytes are kept, so a line without an end (such as
                // /dev/zero) is not buffered whole: a longer result is the start of one.
                if read_line_bounded(input, &mut line, MOVE_LINE + 1)?.is_none() {
                    writeln!(out, "\ninput ended; game abandoned")?;
                    return Ok(());
                }
                typed += 1;
                if line.len() > MOVE_LINE {
                    return Err(InputError::at(
                        "<stdin>",
                        typed,
                        MOVE_LINE as u64 + 1,
                        format!("a line longer than {MOVE_LINE} characters"),
                        "a move: a number from the list or `row col`",
                    )
                    .into());
                }
                let played = parse_move(String::from_utf8_lossy(&line).trim(), &legal)
                    .and_then(|to| game.play(to).map_err(|e| e.to_string()));
                match played {
                    Ok(()) => break,
                    Err(why) => writeln!(out, "{why}")?,
                }
            }
        } else {
            let to = game.engine_move().unwrap_or(legal[0]);
            writeln!(out, "{} (engine) moves to ({},{})", turn.name(), to.0, to.1)?;
            game.play(to)
                .map_err(|e| std::io::Error::other(e.to_string()))?;
        }
    }
}

/// A move typed as a list number (1-based) or as `row col`.
fn parse_move(text: &str, legal: &[Cell]) -> Result<Cell, String> {
    let nums: Vec<usize> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{text:?} is not a move: type a number from the list or `row col`"))?;
    match nums[..] {
        [k] if (1..=legal.len()).contains(&k) => Ok(legal[k - 1]),
        [k] => Err(format!("there is no move {k}: choose 1 to {}", legal.len())),
        [r, c] => Ok((r, c)),
        _ => Err(format!(
            "{text:?} is not a move: type a number from the list or `row col`"
        )),
    }
}
