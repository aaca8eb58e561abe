//! `gridmatch king play`: a person plays one side of a King board against the engine in the
//! terminal, on [`Position`] (the same game the web playground drives).

use std::io::{self, BufRead, Write};

use crate::error::Error;
use crate::flags::PlayArgs;
use crate::input::{board_reader, is_stdin};
use gridmatch::InputError;
use gridmatch::formats::judge::{Board, BoardReader, BoardStream, Header, read_line_bounded};
use gridmatch::formats::text;
use gridmatch::grid::Cell;
use gridmatch::puzzles::king::game::Position;
use gridmatch::puzzles::king::{Moves, Player};
use gridmatch::puzzles::{Puzzle, Request};

/// The most cells `king play` takes: a game on n cells makes up to n engine moves, each of
/// which redraws the board and solves what is left of it.
pub const PLAY_MAX_CELLS: usize = 10_000;

/// The longest line `king play` reads as a move.
const MOVE_LINE: usize = 256;

/// Plays board `case` of `reader`: the person (`human`) types a move number or `row col` (from
/// 0) at each turn on `input`. The engine never loses a won position. (The command picks the
/// board and plays it in two steps, [`pick_board`] and [`play_board`], to read both from one
/// standard input; the tests play through this.)
#[cfg(test)]
pub fn play<R: BufRead, I: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    case: u64,
    moves: Moves,
    human: Player,
    input: &mut I,
    out: &mut W,
) -> Result<(), Error> {
    let board = pick_board(reader, case, false)?;
    play_board(board, reader.file(), moves, human, input, out)
}

/// Reads board `case` of a King file. With `moves_follow`, reading stops after the last board
/// the file announces (the moves follow on the same input); otherwise the whole input is read
/// and checked.
pub fn pick_board<R: BufRead>(
    reader: &mut BoardReader<R>,
    case: u64,
    moves_follow: bool,
) -> Result<Board, Error> {
    let file = reader.file().to_string();
    let mut chosen = None;
    let mut count = 0;
    let mut stream = BoardStream::new(reader, Puzzle::King, Header::Rect);
    while let Some(board) = stream.next() {
        let (c, board) = board?;
        count = c;
        if c == case {
            chosen = Some(board);
        }
        if moves_follow && stream.announced() == Some(c) {
            break;
        }
    }
    chosen.ok_or_else(|| {
        InputError::at(
            &file,
            1,
            1,
            gridmatch::formats::count(count, "board", "boards"),
            format!("board {case} (--case)"),
        )
        .into()
    })
}

/// What `help` prints.
const HELP: &str = "\
Type the number of a move from the list, or its square as `row col` (both from 0),
then Enter. `help` shows this, `q` (or `quit`, `exit`, or the end of input) leaves the game.";

/// Plays `board` (read from `file`): the person (`human`) types a move number or `row col` (from
/// 0) at each turn on `input`; the engine never loses a won position.
pub fn play_board<I: BufRead, W: Write>(
    board: Board,
    file: &str,
    moves: Moves,
    human: Player,
    input: &mut I,
    out: &mut W,
) -> Result<(), Error> {
    // Every turn redraws the board and every engine move solves the rest of it again, so a
    // game costs (cells)²: refuse boards too large to play in a terminal.
    let grid = board.grid;
    if grid.cells().len() > PLAY_MAX_CELLS {
        return Err(InputError::at(
            file,
            board.header_line,
            1,
            format!("a board of {} × {} cells", grid.rows(), grid.cols()),
            format!("at most {PLAY_MAX_CELLS} cells for `king play`"),
        )
        .with_hint("`gridmatch king --show FILE` solves and draws boards of any size")
        .into());
    }
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut game = Position::new(grid, moves)
        .map_err(|e| InputError::at(file, board.header_line, 1, e.to_string(), "one K"))?;
    // Lines read from `input`, for messages, and the last one.
    let mut typed = 0u64;
    let mut line = Vec::new();
    writeln!(
        out,
        "You are {}; Alice moves first. With perfect play {} wins. Moves: {}. Type `help` for help.",
        human.name(),
        game.winner().name(),
        moves.name()
    )?;
    loop {
        let legal = game.legal_moves();
        let turn = game.to_move();
        // The numbered moves are the person's choices: the engine's turn shows none.
        let shown: &[Cell] = if turn == human { &legal } else { &[] };
        write!(
            out,
            "{}",
            text::king_position(game.grid(), game.visited(), game.at(), shown)
        )?;
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
                let text = String::from_utf8_lossy(&line);
                let played = match parse_input(text.trim(), &legal, (rows, cols)) {
                    Typed::Quit => {
                        writeln!(out, "game abandoned")?;
                        return Ok(());
                    }
                    Typed::Help => {
                        writeln!(out, "{HELP}")?;
                        continue;
                    }
                    Typed::Move(to) => game.play(to).map_err(|e| e.to_string()),
                    Typed::Wrong(why) => Err(why),
                };
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

/// One line typed at the person's turn.
#[derive(Debug, PartialEq, Eq)]
enum Typed {
    /// A square on the board (legal or not: the game says why not).
    Move(Cell),
    /// `q`, `quit`, `exit`.
    Quit,
    /// `help`, `h`, `?`.
    Help,
    /// Not a move, with what to type instead.
    Wrong(String),
}

/// A line typed as a list number (1-based), as `row col`, or as a command.
fn parse_input(text: &str, legal: &[Cell], (rows, cols): (usize, usize)) -> Typed {
    match text.to_ascii_lowercase().as_str() {
        "q" | "quit" | "exit" => return Typed::Quit,
        "h" | "help" | "?" => return Typed::Help,
        _ => {}
    }
    let not_a_move = || {
        Typed::Wrong(format!(
            "{text:?} is not a move: type a number from the list or `row col` (`help` for help)"
        ))
    };
    // Numbers of any size and sign, so that a square off the board is named as such.
    let tokens: Vec<&str> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .collect();
    let is_number = |t: &&str| {
        let digits = t.strip_prefix('-').unwrap_or(t);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    };
    if !tokens.iter().all(is_number) {
        return not_a_move();
    }
    // `None`: negative or too large for a square.
    let index = |t: &str| t.parse::<usize>().ok();
    match tokens[..] {
        [k] => match index(k) {
            Some(k) if (1..=legal.len()).contains(&k) => Typed::Move(legal[k - 1]),
            _ if legal.len() == 1 => {
                Typed::Wrong(format!("there is no move {k}: the only move is 1"))
            }
            _ => Typed::Wrong(format!("there is no move {k}: choose 1 to {}", legal.len())),
        },
        [r, c] => match (index(r), index(c)) {
            (Some(r), Some(c)) if r < rows && c < cols => Typed::Move((r, c)),
            _ => Typed::Wrong(format!(
                "({r},{c}) is off the board: rows 0 to {}, columns 0 to {}",
                rows - 1,
                cols - 1
            )),
        },
        _ => not_a_move(),
    }
}

#[cfg(test)]
#[path = "play_tests.rs"]
mod tests;

/// `gridmatch king play`.
pub fn run(args: PlayArgs, out: &mut dyn Write) -> Result<(), Error> {
    let PlayArgs {
        file,
        case,
        side,
        moves,
    } = args;
    // A board on stdin is followed there by the moves: one reader for both (locking
    // stdin twice would wait for ever).
    let from_stdin = is_stdin(Some(&file));
    let mut reader = board_reader(
        Some(&file),
        "the board, then the moves,",
        None,
        Puzzle::King,
        &Request::judge(),
    )?;
    let board = pick_board(&mut reader, case, from_stdin)?;
    let name = reader.file().to_string();
    let mut out = { out };
    if from_stdin {
        let mut rest = reader.into_inner();
        play_board(board, &name, moves, side, &mut rest, &mut out)?;
    } else {
        play_board(board, &name, moves, side, &mut io::stdin().lock(), &mut out)?;
    }
    Ok(())
}
