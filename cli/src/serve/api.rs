//! The playground's JSON API as plain functions (request in, response or [`ApiError`] out), so
//! they can be tested without HTTP. [`super`] wires them to routes.
//!
//! Every request type refuses fields it does not know (`"move":"knight"` is an error naming
//! `move` and the expected fields, not a King solve). A [`BoardRows`] is measured while it is read:
//! once its rows × longest row pass [`PLAYGROUND_MAX_CELLS`] no further row is kept (the rest of the array
//! is only scanned for its size), so a body of 1.6 million one-character rows costs at most
//! [`PLAYGROUND_MAX_CELLS`] cells of memory, not 1.6 million strings; lists of squares stop at
//! [`PLAYGROUND_MAX_CELLS`] entries.

use std::fmt;
use std::marker::PhantomData;

use axum::http::StatusCode;
use serde::de::{self, DeserializeSeed, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use gridmatch::InputError;
use gridmatch::formats::json::Record;
use gridmatch::formats::judge::{
    BoardReader, BoardStream, Header, JudgeAnswer, write_board, write_count, write_verdict,
};
use gridmatch::formats::text::{self, reason_message};
use gridmatch::formats::{output, svg};
use gridmatch::grid::{Cell, Grid};
use gridmatch::puzzles::king::game::Position;
use gridmatch::puzzles::king::{self, Moves, Player, StartError};
use gridmatch::puzzles::{Answer, AnswerError, Puzzle, Request, lpuzzle, rooks};

use super::PLAYGROUND_MAX_CELLS;

/// Most boards one `/api/parse` call returns.
const MAX_BOARDS: usize = 1000;

/// A refusal: an HTTP status and a message for people, sent as `{"error": message}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 4xx for the caller's mistakes, 5xx for ours.
    pub status: StatusCode,
    /// What went wrong and what is expected instead.
    pub message: String,
}

impl ApiError {
    pub(super) fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
        }
    }

    fn invalid(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }
}

/// The rows of a board as a request sends them, measured while they are read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct BoardRows {
    /// The rows, all of them while the board is within [`PLAYGROUND_MAX_CELLS`]; none once it is over.
    rows: Vec<String>,
    /// How many rows the request sent.
    sent_rows: usize,
    /// The longest row sent, in bytes.
    sent_cols: usize,
}

impl BoardRows {
    /// Whether a row of `len` bytes more still fits in [`PLAYGROUND_MAX_CELLS`] (rows × longest row; an
    /// empty row counts as one cell, so the rows are bounded too).
    fn fits(&self, len: usize) -> bool {
        let rows = self.sent_rows.saturating_add(1);
        let cols = self.sent_cols.max(len).max(1);
        self.sent_rows == self.rows.len() && rows.saturating_mul(cols) <= PLAYGROUND_MAX_CELLS
    }

    fn push(&mut self, row: Row) {
        let len = match row {
            Row::Kept(text) => {
                let len = text.len();
                self.rows.push(text);
                len
            }
            Row::Measured(len) => {
                // Over the limit: what was kept is of no use any more.
                self.rows = Vec::new();
                len
            }
        };
        self.sent_rows = self.sent_rows.saturating_add(1);
        self.sent_cols = self.sent_cols.max(len);
    }
}

/// One row: kept, or only measured once the board is over the limit.
enum Row {
    Kept(String),
    Measured(usize),
}

/// Reads one row, keeping it only if `keep`.
struct RowSeed {
    keep: bool,
}

impl<'de> DeserializeSeed<'de> for RowSeed {
    type Value = Row;

    fn deserialize<D: Deserializer<'de>>(self, deserializer: D) -> Result<Row, D::Error> {
        deserializer.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for RowSeed {
    type Value = Row;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a row of the board (a string)")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Row, E> {
        Ok(if self.keep {
            Row::Kept(v.to_owned())
        } else {
            Row::Measured(v.len())
        })
    }

    fn visit_string<E: de::Error>(self, v: String) -> Result<Row, E> {
        Ok(if self.keep {
            Row::Kept(v)
        } else {
            Row::Measured(v.len())
        })
    }
}

struct BoardVisitor;

impl<'de> Visitor<'de> for BoardVisitor {
    type Value = BoardRows;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("the rows of the board (an array of strings)")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<BoardRows, A::Error> {
        let mut board = BoardRows::default();
        // The next row is kept if a row as long as the longest so far still fits; a longer one
        // that does not is dropped with everything kept (`push` of a measured row).
        loop {
            let keep = board.fits(board.sent_cols);
            let Some(row) = seq.next_element_seed(RowSeed { keep })? else {
                break;
            };
            let row = match row {
                Row::Kept(text) if !board.fits(text.len()) => Row::Measured(text.len()),
                row => row,
            };
            board.push(row);
        }
        Ok(board)
    }
}

impl<'de> Deserialize<'de> for BoardRows {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<BoardRows, D::Error> {
        deserializer.deserialize_seq(BoardVisitor)
    }
}

/// A list of at most [`PLAYGROUND_MAX_CELLS`] entries; a longer one is refused while it is read.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Capped<T>(pub Vec<T>);

struct CappedVisitor<T>(PhantomData<T>);

impl<'de, T: Deserialize<'de>> Visitor<'de> for CappedVisitor<T> {
    type Value = Capped<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a list of at most {PLAYGROUND_MAX_CELLS} squares")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Capped<T>, A::Error> {
        let mut out = Vec::new();
        while let Some(item) = seq.next_element()? {
            if out.len() == PLAYGROUND_MAX_CELLS {
                return Err(de::Error::invalid_length(PLAYGROUND_MAX_CELLS + 1, &self));
            }
            out.push(item);
        }
        Ok(Capped(out))
    }
}

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Capped<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Capped<T>, D::Error> {
        deserializer.deserialize_seq(CappedVisitor(PhantomData))
    }
}

/// `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    /// Which puzzle.
    pub puzzle: Puzzle,
    /// The rows of the board.
    pub board: BoardRows,
    /// King only: `king` (default), `wazir`, `ferz` or `knight`.
    #[serde(default)]
    pub moves: Option<String>,
}

/// The answer to `POST /api/solve`.
#[derive(Debug, Serialize)]
pub struct SolveResponse {
    /// Which puzzle.
    pub puzzle: Puzzle,
    /// Board rows.
    pub rows: usize,
    /// Board columns.
    pub cols: usize,
    /// The judge's answer: the number of rooks, `YES`/`NO`, or `A`/`B`.
    pub answer: String,
    /// One line for people.
    pub headline: String,
    /// The terminal picture (`--show`, and `--all` for King).
    pub text: String,
    /// The SVG picture.
    pub svg: String,
    /// Whether the picture is in the compact style.
    pub compact: bool,
    /// The JSON certificate, as `--json` prints it.
    pub record: serde_json::Value,
    /// The board in the judge's input format.
    pub judge_input: String,
    /// The judge's output for it.
    pub judge_output: String,
    /// The command that reads `judge_input` and prints `judge_output`.
    pub command: String,
    /// King: the winner from every square (`A`/`B`/`#`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub map: Option<Vec<String>>,
    /// King: the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub start: Option<[usize; 2]>,
    /// King: the first player's legal moves from the start.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legal: Option<Vec<[usize; 2]>>,
    /// L-puzzle NO: the culprit cells.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub culprits: Option<Vec<[usize; 2]>>,
    /// Rooks: the role of every cell across all maximum placements, as rows of `R` (a rook in
    /// every one), `r` (in some), `.` (in none) and `X` (a pawn).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roles: Option<Vec<String>>,
    /// Rooks: how many empty cells have each role.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role_counts: Option<RoleCounts>,
    /// Rooks: the picture with every empty cell shaded by its role ([`svg::rooks_roles_svg`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub roles_svg: Option<String>,
    /// L-puzzle: whether the tiling is the only one; `null` for NO (absent for other puzzles).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unique: Option<Option<bool>>,
    /// L-puzzle, not unique: a second tiling (pieces as in the record).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second: Option<Vec<[[usize; 2]; 3]>>,
    /// L-puzzle, not unique: the cells covered by another piece in the second tiling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub differ: Option<Vec<[usize; 2]>>,
    /// L-puzzle, not unique: the second tiling's picture, the same cells marked (`svg` is the
    /// first's, marked).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub second_svg: Option<String>,
    /// L-puzzle YES: how many pieces are in every tiling.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub forced: Option<usize>,
}

/// How many empty rooks cells have each role across all maximum placements.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct RoleCounts {
    /// A rook stands there in every maximum placement (`R`).
    pub every: usize,
    /// In some but not all (`r`).
    pub some: usize,
    /// In none (`.`).
    pub none: usize,
}

impl RoleCounts {
    fn of(roles: &rooks::Roles) -> RoleCounts {
        let mut n = RoleCounts {
            every: 0,
            some: 0,
            none: 0,
        };
        for role in &roles.cells {
            match role {
                rooks::Role::Every => n.every += 1,
                rooks::Role::Some => n.some += 1,
                rooks::Role::None => n.none += 1,
                rooks::Role::Pawn => {}
            }
        }
        n
    }
}

fn piece_cells(p: &lpuzzle::Piece) -> [[usize; 2]; 3] {
    [p.black, p.vertical, p.horizontal].map(|(r, c)| [r, c])
}

fn plural(n: usize, one: &str, many: &str) -> String {
    gridmatch::formats::count(n, one, many)
}

/// Checks the size first (measured while the board was read), then the shape and the alphabet.
pub fn grid_of(puzzle: Puzzle, board: &BoardRows) -> Result<Grid, ApiError> {
    let (rows, cols) = (board.sent_rows, board.sent_cols);
    if rows == 0 || cols == 0 {
        return Err(ApiError::invalid(
            "the board is empty: send at least one row with at least one cell",
        ));
    }
    let cells = rows.saturating_mul(cols);
    if cells > PLAYGROUND_MAX_CELLS || board.rows.len() != rows {
        return Err(ApiError::new(
            StatusCode::PAYLOAD_TOO_LARGE,
            format!(
                "the board has {rows} rows × {cols} columns = {cells} cells; the playground takes at most {PLAYGROUND_MAX_CELLS} cells (use the command line for bigger boards)"
            ),
        ));
    }
    puzzle.grid_from_lines(&board.rows).map_err(|e| {
        ApiError::invalid(format!(
            "{e} (a {} board uses the characters {:?})",
            puzzle.name(),
            String::from_utf8_lossy(puzzle.alphabet())
        ))
    })
}

fn moves_of(name: Option<&str>) -> Result<Moves, ApiError> {
    match name {
        None | Some("") => Ok(Moves::King),
        Some(n) => Moves::from_name(n).ok_or_else(|| {
            ApiError::invalid(format!(
                "unknown moves {n:?}: expected one of king, wazir, ferz, knight"
            ))
        }),
    }
}

/// The board as judge input (with the count line `1` where the format has one).
fn judge_input(puzzle: Puzzle, grid: &Grid, header: Header) -> Result<String, ApiError> {
    let mut out = Vec::new();
    let written = if gridmatch::formats::judge::is_counted(puzzle) {
        write_count(&mut out, 1).and_then(|()| write_board(&mut out, grid, header))
    } else {
        write_board(&mut out, grid, header)
    };
    written.map_err(|e| internal(format!("cannot write the board: {e}")))?;
    String::from_utf8(out).map_err(|e| internal(format!("cannot write the board: {e}")))
}

/// The judge's answer line.
fn judge_output(verdict: JudgeAnswer) -> String {
    let mut out = Vec::new();
    // Writing to a Vec cannot fail.
    let _ = write_verdict(&mut out, 1, verdict);
    String::from_utf8_lossy(&out).into_owned()
}

fn internal(message: String) -> ApiError {
    ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
}

fn record_value(record: &Record) -> Result<serde_json::Value, ApiError> {
    serde_json::to_value(record).map_err(|e| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("cannot write the record: {e}"),
        )
    })
}

/// Why a King board has no answer: it needs exactly one `K`.
fn start_error(e: AnswerError) -> ApiError {
    let AnswerError::Start(e) = e else {
        return internal(e.to_string());
    };
    let ks = match e {
        StartError::Missing => 0,
        StartError::Several { count, .. } => count,
        other => return ApiError::invalid(other.to_string()),
    };
    ApiError::invalid(format!(
        "a King board needs exactly one K (the king's start); this one has {ks}"
    ))
}

/// Solves one board: the answer, pictures, certificate and judge formats.
pub fn solve(req: &SolveRequest) -> Result<SolveResponse, ApiError> {
    let grid = grid_of(req.puzzle, &req.board)?;
    let moves = match req.puzzle {
        Puzzle::King => moves_of(req.moves.as_deref())?,
        _ => Moves::default(),
    };
    let answer = req
        .puzzle
        .answer(&grid, &Request::everything(moves))
        .map_err(start_error)?;
    let (rows, cols) = (grid.rows(), grid.cols());
    let compact = svg::is_compact(rows, cols);
    // The record is the plain certificate (`gridmatch PUZZLE --json`), without the extras.
    let record = Record::of_answer(1, &grid, &answer, &Request::judge())
        .ok_or_else(|| internal("the answer has no certificate".into()))?;
    let mut res = SolveResponse {
        puzzle: req.puzzle,
        rows,
        cols,
        answer: String::new(),
        headline: String::new(),
        text: String::new(),
        svg: String::new(),
        compact,
        record: record_value(&record)?,
        judge_input: String::new(),
        // The judge's own line (an L-puzzle's `YES`, not gridmatch's `YES unique`).
        judge_output: judge_output(match &answer {
            Answer::Lpuzzle(a) => JudgeAnswer::Lpuzzle(a.yes),
            other => output::judge_answer(other),
        }),
        command: String::new(),
        map: None,
        start: None,
        legal: None,
        culprits: None,
        roles: None,
        role_counts: None,
        roles_svg: None,
        unique: None,
        second: None,
        differ: None,
        second_svg: None,
        forced: None,
    };
    match &answer {
        Answer::Rooks(a) => {
            let (Some(sol), Some(roles)) = (&a.solution, &a.roles) else {
                return Err(internal("the rooks answer lacks what was asked".into()));
            };
            let counts = RoleCounts::of(roles);
            let n = a.max_rooks;
            res.answer = n.to_string();
            res.headline = format!(
                "{} (König cover: {} row runs + {} column runs); empty cells in every / some / no maximum placement: {} / {} / {}",
                plural(n, "rook", "rooks"),
                sol.row_cover.len(),
                sol.col_cover.len(),
                counts.every,
                counts.some,
                counts.none
            );
            res.text = text::rooks_picture(&grid, sol);
            res.svg = svg::rooks_svg(&grid, sol);
            res.roles_svg = Some(svg::rooks_roles_svg(&grid, sol, roles));
            res.roles = Some(roles.to_lines());
            res.role_counts = Some(counts);
            let rect = rows != cols;
            res.judge_input = judge_input(req.puzzle, &grid, Header::of(req.puzzle, rect))?;
            res.command = if rect {
                "gridmatch rooks --rect board.txt".into()
            } else {
                "gridmatch rooks board.txt".into()
            };
        }
        Answer::Lpuzzle(a) => {
            let Some(solution) = &a.solution else {
                return Err(internal("the L-puzzle answer lacks its tiling".into()));
            };
            res.answer = if a.yes { "YES" } else { "NO" }.into();
            let forced = a.forced.as_ref().map(|f| f.pieces().count());
            res.forced = forced;
            res.unique = Some(a.unique);
            res.headline = match (solution, &a.second) {
                (lpuzzle::Outcome::Yes(pieces), None) => format!(
                    "YES, unique: {}",
                    plural(pieces.len(), "L piece", "L pieces")
                ),
                (lpuzzle::Outcome::Yes(first), Some(second)) => {
                    let differ = lpuzzle::differing_cells(&grid, first, second);
                    let headline = format!(
                        "YES, not unique: {} differ in a second tiling ({}, {} in every tiling)",
                        plural(differ.len(), "cell", "cells"),
                        plural(first.len(), "L piece", "L pieces"),
                        forced.unwrap_or(0)
                    );
                    res.differ = Some(differ.into_iter().map(|(r, c)| [r, c]).collect());
                    res.second = Some(second.iter().map(piece_cells).collect());
                    res.second_svg = Some(svg::lpuzzle_two_svg(&grid, second, first));
                    headline
                }
                (lpuzzle::Outcome::No(reason), _) => {
                    res.culprits = Some(
                        reason
                            .cells(&grid)
                            .into_iter()
                            .map(|(r, c)| [r, c])
                            .collect(),
                    );
                    format!("NO: {}", reason_message(&grid, reason))
                }
            };
            res.text = text::lpuzzle_picture(&grid, solution);
            res.svg = match (solution, &a.second) {
                (lpuzzle::Outcome::Yes(first), Some(second)) => {
                    svg::lpuzzle_two_svg(&grid, first, second)
                }
                (lpuzzle::Outcome::Yes(only), None) => svg::lpuzzle_two_svg(&grid, only, only),
                (lpuzzle::Outcome::No(_), _) => svg::lpuzzle_svg(&grid, solution),
            };
            res.judge_input = judge_input(req.puzzle, &grid, Header::Rect)?;
            res.command = "gridmatch lpuzzle board.txt".into();
        }
        Answer::King(a) => {
            let (Some(map), Some(matching)) = (&a.map, &a.matching) else {
                return Err(internal("the King answer lacks its map".into()));
            };
            let start = a.start;
            res.answer = a.winner.letter().to_string();
            res.headline = match a.winner {
                Player::Alice => "A: Alice (who moves first) wins".into(),
                Player::Bob => "B: Bob (who moves second) wins".into(),
            };
            let rows_of_map = text::king_map(map);
            let mut picture = String::new();
            if let Some(strategy) = &a.strategy {
                picture.push_str(&text::king_strategy(&grid, start, strategy));
            }
            picture.push_str("winner from every square:\n");
            for row in &rows_of_map {
                picture.push_str(row);
                picture.push('\n');
            }
            res.text = picture;
            res.svg = svg::king_svg(&grid, map, start, matching);
            res.judge_input = judge_input(req.puzzle, &grid, Header::Rect)?;
            res.command = if moves == Moves::King {
                "gridmatch king --all board.txt".into()
            } else {
                format!("gridmatch king --all --moves {} board.txt", moves.name())
            };
            res.map = Some(rows_of_map);
            res.start = Some([start.0, start.1]);
            let game = Position::new(grid, moves).map_err(|e| ApiError::invalid(e.to_string()))?;
            res.legal = Some(
                game.legal_moves()
                    .into_iter()
                    .map(|(r, c)| [r, c])
                    .collect(),
            );
        }
    }
    Ok(res)
}

/// `POST /api/parse`: judge-format text to boards.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ParseRequest {
    /// Which puzzle's format.
    pub puzzle: Puzzle,
    /// The input, as a judge would read it.
    pub text: String,
}

/// The boards of a judge-format text.
#[derive(Debug, Serialize)]
pub struct ParseResponse {
    /// Boards in input order (at most 1000).
    pub boards: Vec<Vec<String>>,
    /// How many boards the text holds.
    pub count: usize,
}

/// Reads a judge-format text with the command line's own reader (the same errors, named
/// `<pasted>:LINE:COL`). Rooks accepts both `N` and `R C` headers (the first header decides).
pub fn parse(req: &ParseRequest) -> Result<ParseResponse, ApiError> {
    let bad = |e: InputError| ApiError::invalid(crate::error::name_flags(e).to_string());
    let mut reader = BoardReader::new(req.text.as_bytes(), "<pasted>")
        .with_max_cells(PLAYGROUND_MAX_CELLS as u64);
    let mut boards = Vec::new();
    let mut count = 0;
    let mut take = |grid: &Grid| {
        count += 1;
        if boards.len() < MAX_BOARDS {
            boards.push(grid.to_lines());
        }
    };
    match req.puzzle {
        Puzzle::Rooks => {
            let rect = req
                .text
                .lines()
                .find(|l| !l.trim().is_empty())
                .is_some_and(|l| l.split_whitespace().count() == 2);
            for board in BoardStream::new(&mut reader, req.puzzle, Header::of(req.puzzle, rect)) {
                take(&board.map_err(bad)?.1.grid);
            }
        }
        Puzzle::Lpuzzle | Puzzle::King => {
            for board in BoardStream::new(&mut reader, req.puzzle, Header::Rect) {
                take(&board.map_err(bad)?.1.grid);
            }
        }
    }
    if count == 0 {
        return Err(ApiError::invalid(
            "the text holds no board: paste the judge's input format",
        ));
    }
    Ok(ParseResponse { boards, count })
}

/// `POST /api/king/move`: a position of the King game, and optionally the person's move.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MoveRequest {
    /// The board (one `K`: the start).
    pub board: BoardRows,
    /// `king` (default), `wazir`, `ferz` or `knight`.
    #[serde(default)]
    pub moves: Option<String>,
    /// Squares already visited, `[row, col]` (the start and `at` are added if missing).
    #[serde(default)]
    pub visited: Capped<[usize; 2]>,
    /// Where the king stands now (default: the start).
    #[serde(default)]
    pub at: Option<[usize; 2]>,
    /// The person's move from `at`; without it the engine moves from `at`.
    #[serde(default)]
    pub play: Option<[usize; 2]>,
}

/// The position after the person's move and the engine's reply.
#[derive(Debug, Serialize)]
pub struct MoveResponse {
    /// The person's move, as accepted.
    pub played: Option<[usize; 2]>,
    /// The engine's reply (`None` if the engine could not move or the game was already over).
    pub engine: Option<[usize; 2]>,
    /// Where the king stands now.
    pub at: [usize; 2],
    /// Every visited square, the start first, in the order played.
    pub visited: Vec<[usize; 2]>,
    /// The person's legal moves now.
    pub legal: Vec<[usize; 2]>,
    /// True when the player to move (the person) has no move.
    pub over: bool,
    /// `you` or `engine` once the game is over.
    pub winner: Option<String>,
    /// Whether the person, to move now, wins with perfect play (`None` when over).
    pub you_can_win: Option<bool>,
    /// One sentence for people.
    pub message: String,
}

/// Plays the person's move (if any), checking it is legal, then the engine's reply, on the
/// library's [`Position`].
pub fn king_move(req: &MoveRequest) -> Result<MoveResponse, ApiError> {
    let grid = grid_of(Puzzle::King, &req.board)?;
    let moves = moves_of(req.moves.as_deref())?;
    king::start_of(&grid).map_err(|e| start_error(e.into()))?;
    let (rows, cols) = (grid.rows(), grid.cols());
    let free = |[r, c]: [usize; 2], what: &str| -> Result<Cell, ApiError> {
        if r >= rows || c >= cols {
            Err(ApiError::invalid(format!(
                "{what} ({r},{c}) is off the {rows}×{cols} board"
            )))
        } else if grid.get(r, c) == b'#' {
            Err(ApiError::invalid(format!("{what} ({r},{c}) is burned")))
        } else {
            Ok((r, c))
        }
    };
    let mut visited = Vec::with_capacity(req.visited.0.len());
    for &v in &req.visited.0 {
        visited.push(free(v, "visited square")?);
    }
    let at = req.at.map(|a| free(a, "the king's square")).transpose()?;
    let mut game = Position::new(grid, moves).map_err(|e| ApiError::invalid(e.to_string()))?;
    for v in visited {
        game.visit(v);
    }
    if let Some(at) = at {
        game.place(at);
    }
    let mut played = None;
    if let Some([r, c]) = req.play {
        game.play((r, c))
            .map_err(|e| ApiError::invalid(e.to_string()))?;
        played = Some([r, c]);
    }
    // The engine to move.
    let mut engine = None;
    let engine_can_move = !game.is_over();
    if engine_can_move {
        let reply = game
            .engine_move()
            .ok_or_else(|| internal("the engine found no move although one exists".into()))?;
        game.play(reply)
            .map_err(|e| internal(format!("the engine's move was refused: {e}")))?;
        engine = Some([reply.0, reply.1]);
    }
    let legal = game.legal_moves();
    let (r, c) = game.at();
    let (over, winner, you_can_win, message) = if !engine_can_move {
        (
            true,
            Some("you".to_string()),
            None,
            "The engine cannot move: you win!".to_string(),
        )
    } else if legal.is_empty() {
        (
            true,
            Some("engine".to_string()),
            None,
            format!("The engine moved to ({r},{c}) and you cannot move: the engine wins."),
        )
    } else {
        let wins = game.winner() == game.to_move();
        (
            false,
            None,
            Some(wins),
            format!(
                "The engine moved to ({r},{c}). Your move: {} legal square{}; with perfect play you {}.",
                legal.len(),
                if legal.len() == 1 { "" } else { "s" },
                if wins { "win" } else { "lose" }
            ),
        )
    };
    Ok(MoveResponse {
        played,
        engine,
        at: [r, c],
        visited: game.history().iter().map(|&(r, c)| [r, c]).collect(),
        legal: legal.into_iter().map(|(r, c)| [r, c]).collect(),
        over,
        winner,
        you_can_win,
        message,
    })
}

#[cfg(test)]
#[path = "api_tests.rs"]
mod tests;
