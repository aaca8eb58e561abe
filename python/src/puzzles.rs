//! The three puzzles on a board given as text, and their answers: [`Rooks`], [`Lpuzzle`] (with
//! its [`Reason`] for a NO) and [`King`], each the command line's `--json` record (the same
//! certificate `gridmatch verify` checks, and what the answer pickles as) read into typed
//! attributes, with `verify()` (the puzzle's independent verifier) and `_repr_svg_()` (the
//! drawing of `--svg`, for notebooks).

use pyo3::prelude::*;
use pyo3::types::{PyTuple, PyType};

use gridmatch::InputError;
use gridmatch::formats::json::{
    KingRecord, LpuzzleRecord, ReasonRecord, Record, RooksRecord, YesNo,
};
use gridmatch::formats::judge::{MAX_CELLS, read_bare_board};
use gridmatch::formats::output;
use gridmatch::grid::{Cell, Grid};
use gridmatch::puzzles::king::{Moves, StartError, Strategy};
use gridmatch::puzzles::{Answer, AnswerError, KingAnswer, Puzzle, Request};

use crate::CertificateError;
use crate::convert::{Result, check_memory, value};

/// The name of a board in error messages (`board:LINE:COL: found …, expected …`).
const FILE: &str = "board";

/// A board read from `text` (rows separated by newlines; blank lines before and after, CRLF
/// and trailing blanks ignored: [`read_bare_board`]), with the line of its first row, once the
/// solve's peak of `bytes_per_cell` is known to fit in memory.
///
/// # Errors
/// The reader's (the command line's messages, at the line and column of the text), or more
/// cells than fit in memory.
fn board(text: &str, puzzle: Puzzle, bytes_per_cell: u64) -> Result<(Grid, u64)> {
    // The board itself takes a byte a cell, no more than the text: the solve is what may not fit.
    let (grid, first_line) = read_bare_board(text, FILE, puzzle, MAX_CELLS)?;
    let cells = grid.cells().len() as u64;
    check_memory(cells.saturating_mul(bytes_per_cell), || {
        format!("a {puzzle} board of {cells} cells")
    })?;
    Ok((grid, first_line))
}

/// The command line's error for a King board without its single `K`, whose first row is line
/// `first_line`.
fn start_error(e: AnswerError, grid: &Grid, first_line: u64) -> crate::convert::Error {
    let AnswerError::Start(e) = e else {
        return value(e.to_string());
    };
    let err = match e {
        StartError::Several { first, second, .. } => InputError::at(
            FILE,
            first_line + second.0 as u64,
            second.1 as u64 + 1,
            "a second 'K'",
            "'.' or '#'",
        )
        .with_hint(format!(
            "the king already starts at line {}, column {}; a board has exactly one K",
            first_line + first.0 as u64,
            first.1 + 1
        )),
        StartError::Missing => {
            let last = first_line + grid.rows() as u64 - 1;
            let found = if last == first_line {
                format!("a board without 'K' (its row is line {last})")
            } else {
                format!("a board without 'K' (its rows are lines {first_line}-{last})")
            };
            InputError::at(
                FILE,
                first_line,
                1,
                found,
                "exactly one 'K' (the king's start)",
            )
            .with_hint("mark the square the king starts on with K")
        }
        other => return value(other.to_string()),
    };
    err.into()
}

fn cell(p: [usize; 2]) -> Cell {
    (p[0], p[1])
}

/// An L piece: `(black corner, vertical arm, horizontal arm)`.
type Piece = (Cell, Cell, Cell);

fn pieces(ps: &Option<Vec<[[usize; 2]; 3]>>) -> Option<Vec<Piece>> {
    ps.as_ref().map(|ps| {
        ps.iter()
            .map(|p| (cell(p[0]), cell(p[1]), cell(p[2])))
            .collect()
    })
}

/// `puzzle`'s answer to `request` about `text`, as its `--json` line and the answer itself.
fn solve(text: &str, puzzle: Puzzle, request: &Request) -> Result<(String, Grid, Answer)> {
    let (grid, first_line) = board(text, puzzle, puzzle.peak_bytes_per_request_cell(request))?;
    let answer = puzzle
        .answer(&grid, request)
        .map_err(|e| start_error(e, &grid, first_line))?;
    let rec = Record::of_answer(1, &grid, &answer, request)
        .ok_or_else(|| value("the answer has no certificate"))?;
    let line =
        serde_json::to_string(&rec).map_err(|e| value(format!("cannot write the record: {e}")))?;
    Ok((line, grid, answer))
}

/// The drawing `gridmatch PUZZLE --svg` makes of `board`'s answer to `request` (the picture
/// adds what it draws to the request: the King map and matching). The solvers are
/// deterministic, so this is the drawing of the answer the record holds.
fn drawing(py: Python<'_>, board: &[String], puzzle: Puzzle, request: Request) -> PyResult<String> {
    let text = board.join("\n");
    Ok(py.detach(|| -> Result<String> {
        let request = output::Style::Json.request(puzzle, true, request);
        let (_, grid, answer) = solve(&text, puzzle, &request)?;
        output::picture(&grid, &answer).ok_or_else(|| value("the answer has nothing to draw"))
    })?)
}

/// The record of `line`.
fn read_record(line: &str) -> PyResult<Record> {
    Ok(Record::from_json(line).map_err(|e| value(format!("record: {e}")))?)
}

/// The error for a record of another puzzle than `puzzle`.
fn wrong_record(rec: &Record, puzzle: Puzzle) -> PyErr {
    value(format!(
        "record: a {} record, expected a {puzzle} one",
        rec.puzzle()
    ))
    .into()
}

/// Checks `rec` with the puzzle's independent verifier.
fn verify(py: Python<'_>, rec: Record) -> PyResult<()> {
    match py.detach(|| rec.verify()) {
        Ok(()) => Ok(()),
        Err(e) => Err(CertificateError::new_err(e.to_string())),
    }
}

/// The most rooks that do not attack each other (UVa 12668), with the König cover of row
/// and column runs that proves no placement has more. Drawn in notebooks as `--svg`
/// draws it.
///
/// Public as `gridmatch.Rooks`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct Rooks {
    line: String,
    rec: RooksRecord,
}

#[pymethods]
impl Rooks {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    /// The answer of a `gridmatch rooks --json` record (one line).
    #[new]
    fn new(record: &str) -> PyResult<Rooks> {
        match read_record(record)? {
            Record::Rooks(rec) => Ok(Rooks {
                line: record.to_string(),
                rec,
            }),
            other => Err(wrong_record(&other, Puzzle::Rooks)),
        }
    }

    /// The board's rows.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.rec.board.clone()
    }

    /// The most rooks.
    #[getter]
    fn answer(&self) -> usize {
        self.rec.answer
    }

    /// The rooks' cells, row-major.
    #[getter]
    fn rooks(&self) -> Vec<Cell> {
        self.rec.rooks.iter().copied().map(cell).collect()
    }

    /// Row runs of the cover: `(row, first_col, last_col)`.
    #[getter]
    fn cover_rows(&self) -> Vec<(usize, usize, usize)> {
        self.rec
            .cover
            .rows
            .iter()
            .map(|r| (r[0], r[1], r[2]))
            .collect()
    }

    /// Column runs of the cover: `(col, first_row, last_row)`.
    #[getter]
    fn cover_cols(&self) -> Vec<(usize, usize, usize)> {
        self.rec
            .cover
            .cols
            .iter()
            .map(|r| (r[0], r[1], r[2]))
            .collect()
    }

    /// With `roles=True`: the board with `R` (a rook in every maximum placement), `r` (in
    /// some), `.` (in none), `X` (pawns).
    #[getter]
    fn roles(&self) -> Option<Vec<String>> {
        self.rec.roles.clone()
    }

    /// The board with `R` on the rooks.
    fn picture(&self) -> String {
        let mut rows: Vec<Vec<char>> = self.rec.board.iter().map(|r| r.chars().collect()).collect();
        for &[r, c] in &self.rec.rooks {
            if let Some(x) = rows.get_mut(r).and_then(|row| row.get_mut(c)) {
                *x = 'R';
            }
        }
        let rows: Vec<String> = rows.into_iter().map(String::from_iter).collect();
        rows.join("\n")
    }

    /// The certificate as one JSON line, as `gridmatch rooks --json` writes it.
    fn to_json(&self) -> String {
        self.line.clone()
    }

    /// Checks the certificate against the board with the puzzle's independent verifier.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        verify(py, Record::Rooks(self.rec.clone()))
    }

    /// The drawing of `gridmatch rooks --svg` (with `--roles` if asked).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let request = Request {
            certificate: true,
            roles: self.rec.roles.is_some(),
            ..Request::judge()
        };
        drawing(py, &self.rec.board, Puzzle::Rooks, request)
    }

    fn __len__(&self) -> usize {
        self.rec.answer
    }

    fn __repr__(&self) -> String {
        format!("Rooks(answer={})", self.rec.answer)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let args = (slf.get().line.clone(),);
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// Rooks: the most non-attacking rooks on a board of `.` (empty) and `X` (pawns), with
/// `--roles` if `roles`.
#[pyfunction(name = "rooks")]
#[pyo3(signature = (board, roles=false))]
pub fn rooks_board(py: Python<'_>, board: &str, roles: bool) -> PyResult<Rooks> {
    let request = Request {
        certificate: true,
        roles,
        ..Request::judge()
    };
    let (line, _, _) = py.detach(|| solve(board, Puzzle::Rooks, &request))?;
    Rooks::new(&line)
}

/// Why an L-puzzle pattern has no tiling.
///
/// Public as `gridmatch.Reason`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct Reason {
    /// `count` (whites are not twice the blacks), `stranded` (a black without a white on one
    /// axis) or `conflict` (a cycle of forced choices).
    #[pyo3(get)]
    kind: String,
    /// The reason in words.
    #[pyo3(get)]
    message: String,
    /// The culprit cells.
    #[pyo3(get)]
    cells: Vec<Cell>,
    /// For `count`: the black cells.
    #[pyo3(get)]
    blacks: Option<usize>,
    /// For `count`: the white cells.
    #[pyo3(get)]
    whites: Option<usize>,
    /// For `stranded`: the black.
    #[pyo3(get)]
    cell: Option<Cell>,
    /// For `stranded`: `vertical` or `horizontal`.
    #[pyo3(get)]
    axis: Option<String>,
    /// For `conflict`: the chain `x ⇒ … ⇒ ¬x ⇒ … ⇒ x` of choices `(black cell, direction)`.
    #[pyo3(get)]
    chain: Option<Vec<(Cell, String)>>,
}

/// A value's name as its JSON string (`up`, `vertical`).
fn name_of<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_value(v)
        .ok()
        .and_then(|v| v.as_str().map(String::from))
        .unwrap_or_default()
}

impl Reason {
    fn of(r: &ReasonRecord) -> Reason {
        let cells = |cs: &Vec<[usize; 2]>| cs.iter().copied().map(cell).collect();
        let mut out = Reason {
            kind: String::new(),
            message: String::new(),
            cells: Vec::new(),
            blacks: None,
            whites: None,
            cell: None,
            axis: None,
            chain: None,
        };
        match r {
            ReasonRecord::Count {
                message,
                blacks,
                whites,
                cells: cs,
            } => {
                out.kind = "count".into();
                out.message = message.clone();
                out.blacks = Some(*blacks);
                out.whites = Some(*whites);
                out.cells = cells(cs);
            }
            ReasonRecord::Stranded {
                message,
                cell: c,
                axis,
                cells: cs,
            } => {
                out.kind = "stranded".into();
                out.message = message.clone();
                out.cell = Some(cell(*c));
                out.axis = Some(name_of(axis));
                out.cells = cells(cs);
            }
            ReasonRecord::Conflict {
                message,
                chain,
                cells: cs,
            } => {
                out.kind = "conflict".into();
                out.message = message.clone();
                out.chain = Some(
                    chain
                        .iter()
                        .map(|c| (cell(c.cell), name_of(&c.dir)))
                        .collect(),
                );
                out.cells = cells(cs);
            }
        }
        out
    }
}

#[pymethods]
impl Reason {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    #[pyo3(signature = (kind, message, cells, blacks=None, whites=None, cell=None, axis=None, chain=None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        kind: String,
        message: String,
        cells: Vec<Cell>,
        blacks: Option<usize>,
        whites: Option<usize>,
        cell: Option<Cell>,
        axis: Option<String>,
        chain: Option<Vec<(Cell, String)>>,
    ) -> Reason {
        Reason {
            kind,
            message,
            cells,
            blacks,
            whites,
            cell,
            axis,
            chain,
        }
    }

    fn __repr__(&self) -> String {
        format!("Reason(kind={:?}, message={:?})", self.kind, self.message)
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let r = slf.get();
        let args = (
            r.kind.clone(),
            r.message.clone(),
            r.cells.clone(),
            r.blacks,
            r.whites,
            r.cell,
            r.axis.clone(),
            r.chain.clone(),
        );
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// An L-puzzle answer (NWERC 2011 "_Piece it together"): a tiling of the pattern by L
/// pieces, or the reason there is none. Drawn in notebooks as `--svg` draws it.
///
/// Public as `gridmatch.Lpuzzle`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct Lpuzzle {
    line: String,
    rec: LpuzzleRecord,
}

#[pymethods]
impl Lpuzzle {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    /// The answer of a `gridmatch lpuzzle --json` record (one line).
    #[new]
    fn new(record: &str) -> PyResult<Lpuzzle> {
        match read_record(record)? {
            Record::Lpuzzle(rec) => Ok(Lpuzzle {
                line: record.to_string(),
                rec,
            }),
            other => Err(wrong_record(&other, Puzzle::Lpuzzle)),
        }
    }

    /// The board's rows.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.rec.board.clone()
    }

    /// Whether the pattern can be built (the judge's YES).
    #[getter]
    fn answer(&self) -> bool {
        self.rec.answer == YesNo::Yes
    }

    fn __bool__(&self) -> bool {
        self.answer()
    }

    /// For YES, the tiling: `(black corner, vertical arm, horizontal arm)` per piece.
    #[getter]
    fn pieces(&self) -> Option<Vec<Piece>> {
        pieces(&self.rec.pieces)
    }

    /// For NO, why.
    #[getter]
    fn reason(&self) -> Option<Reason> {
        self.rec.reason.as_ref().map(Reason::of)
    }

    /// With `unique=True` and YES: whether the tiling is the only one.
    #[getter]
    fn unique(&self) -> Option<bool> {
        self.rec.unique
    }

    /// With `unique=True`: a second, different tiling, if there is one.
    #[getter]
    fn second(&self) -> Option<Vec<Piece>> {
        pieces(&self.rec.second)
    }

    /// With `forced=True` and YES: the pieces that are in every tiling.
    #[getter]
    fn forced(&self) -> Option<Vec<Piece>> {
        pieces(&self.rec.forced)
    }

    /// The certificate as one JSON line, as `gridmatch lpuzzle --json` writes it.
    fn to_json(&self) -> String {
        self.line.clone()
    }

    /// Checks the certificate against the board with the puzzle's independent verifier.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        verify(py, Record::Lpuzzle(self.rec.clone()))
    }

    /// The drawing of `gridmatch lpuzzle --svg` (two tilings with `--unique` when there are).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let request = Request {
            certificate: true,
            unique: self.rec.unique.is_some(),
            forced: self.rec.forced.is_some(),
            ..Request::judge()
        };
        drawing(py, &self.rec.board, Puzzle::Lpuzzle, request)
    }

    fn __repr__(&self) -> String {
        match (&self.rec.pieces, &self.rec.reason) {
            (Some(p), _) if self.answer() => format!("Lpuzzle(YES, {} pieces)", p.len()),
            (_, Some(r)) => format!("Lpuzzle(NO: {})", Reason::of(r).message),
            _ => "Lpuzzle(NO)".to_string(),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let args = (slf.get().line.clone(),);
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// L-puzzle: a tiling of a pattern of `B`, `W` and `.` by L pieces, or why there is none
/// (with `--unique` and `--forced` as asked).
#[pyfunction(name = "lpuzzle")]
#[pyo3(signature = (board, unique=false, forced=false))]
pub fn lpuzzle_board(py: Python<'_>, board: &str, unique: bool, forced: bool) -> PyResult<Lpuzzle> {
    let request = Request {
        certificate: true,
        unique,
        forced,
        ..Request::judge()
    };
    let (line, _, _) = py.detach(|| solve(board, Puzzle::Lpuzzle, &request))?;
    Lpuzzle::new(&line)
}

/// The King request that draws `moves`'s answer: the certificate, the map and the strategy.
fn king_request(moves: Moves) -> Request {
    Request {
        certificate: true,
        map: true,
        strategy: true,
        moves,
        ..Request::judge()
    }
}

/// The winner's plan in the King game: Alice's winning first move, or Bob's reply to each
/// first move of Alice. Drawn in notebooks as `gridmatch king --svg` draws the answer: the
/// winner from every square and the maximum matching the winner plays along.
///
/// Public as `gridmatch.KingStrategy`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct KingStrategy {
    /// `"A"` if Alice (who moves first) wins, `"B"` if Bob does.
    #[pyo3(get)]
    winner: String,
    /// When Alice wins: her winning first move.
    #[pyo3(get)]
    first_move: Option<Cell>,
    /// When Bob wins: his reply to each first move of Alice, `(Alice's move, Bob's)`.
    #[pyo3(get)]
    replies: Vec<(Cell, Cell)>,
    /// The board's rows.
    #[pyo3(get)]
    board: Vec<String>,
    /// The move set.
    #[pyo3(get)]
    moves: String,
}

#[pymethods]
impl KingStrategy {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    #[new]
    fn new(
        winner: String,
        first_move: Option<Cell>,
        replies: Vec<(Cell, Cell)>,
        board: Vec<String>,
        moves: String,
    ) -> PyResult<KingStrategy> {
        parse_moves(&moves)?;
        Ok(KingStrategy {
            winner,
            first_move,
            replies,
            board,
            moves,
        })
    }

    /// The drawing of `gridmatch king --svg`.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        let moves = parse_moves(&self.moves)?;
        drawing(py, &self.board, Puzzle::King, king_request(moves))
    }

    fn __repr__(&self) -> String {
        match self.first_move {
            Some((r, c)) => format!("KingStrategy(A: first move to ({r}, {c}))"),
            None => format!("KingStrategy(B: {} replies)", self.replies.len()),
        }
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let s = slf.get();
        let args = (
            s.winner.clone(),
            s.first_move,
            s.replies.clone(),
            s.board.clone(),
            s.moves.clone(),
        );
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// The move set named `moves`.
fn parse_moves(moves: &str) -> Result<Moves> {
    Moves::from_name(moves).ok_or_else(|| {
        let names: Vec<&str> = Moves::ALL.iter().map(|m| m.name()).collect();
        value(format!(
            "moves: found '{moves}', expected one of {}",
            names.join(", ")
        ))
    })
}

/// Who wins the King game (GCJ 2008 "King") from the board's `K`, with the certificate
/// (maximum matchings and Tutte–Berge barriers), the winner from every square, and the
/// winner's plan. Drawn in notebooks as `--svg` draws it.
///
/// Public as `gridmatch.King`.
#[pyclass(frozen, module = "gridmatch._core")]
pub struct King {
    line: String,
    rec: KingRecord,
    /// When Alice wins: her winning first move.
    #[pyo3(get)]
    first_move: Option<Cell>,
    /// When Bob wins: his reply to each first move of Alice, `(Alice's move, Bob's)`.
    #[pyo3(get)]
    replies: Vec<(Cell, Cell)>,
}

#[pymethods]
impl King {
    /// Equal state: what the two pickle as is equal (arrays by dtype and values).
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        crate::arrays::same_state(slf.as_any(), other)
    }

    /// The answer of a `gridmatch king --json --all` record (one line) and the winner's plan.
    #[new]
    #[pyo3(signature = (record, first_move=None, replies=Vec::new()))]
    fn new(record: &str, first_move: Option<Cell>, replies: Vec<(Cell, Cell)>) -> PyResult<King> {
        match read_record(record)? {
            Record::King(rec) => Ok(King {
                line: record.to_string(),
                rec,
                first_move,
                replies,
            }),
            other => Err(wrong_record(&other, Puzzle::King)),
        }
    }

    /// The board's rows.
    #[getter]
    fn board(&self) -> Vec<String> {
        self.rec.board.clone()
    }

    /// `"A"` if Alice (who moves first) wins, `"B"` if Bob does.
    #[getter]
    fn winner(&self) -> String {
        self.rec.answer.letter().to_string()
    }

    /// The move set: `king`, `wazir`, `ferz` or `knight`.
    #[getter]
    fn moves(&self) -> &'static str {
        self.rec.moves.name()
    }

    /// The `K` square.
    #[getter]
    fn start(&self) -> PyResult<Cell> {
        self.rec
            .board
            .iter()
            .enumerate()
            .find_map(|(r, row)| row.find('K').map(|c| (r, c)))
            .ok_or_else(|| value("the board has no K").into())
    }

    /// The maximum matching the winner plays along (`(cell, cell)` pairs).
    #[getter]
    fn matching(&self) -> Vec<(Cell, Cell)> {
        self.rec
            .matching
            .iter()
            .map(|m| ((m[0], m[1]), (m[2], m[3])))
            .collect()
    }

    /// A Tutte–Berge barrier proving the matching maximum.
    #[getter]
    fn barrier(&self) -> Vec<Cell> {
        self.rec.barrier.iter().copied().map(cell).collect()
    }

    /// When Alice wins: a barrier of the board without the start, proving that every maximum
    /// matching covers the start.
    #[getter]
    fn barrier_without_start(&self) -> Option<Vec<Cell>> {
        self.rec
            .barrier_without_start
            .as_ref()
            .map(|b| b.iter().copied().map(cell).collect())
    }

    /// Who wins from every square: rows of `A`/`B`, `#` on burned squares (`None` for a record
    /// written without `--all`).
    #[getter]
    fn map(&self) -> Option<Vec<String>> {
        self.rec.map.clone()
    }

    /// The winner's plan, which draws (in a notebook) as the answer does.
    #[getter]
    fn strategy(&self) -> KingStrategy {
        KingStrategy {
            winner: self.winner(),
            first_move: self.first_move,
            replies: self.replies.clone(),
            board: self.rec.board.clone(),
            moves: self.moves().to_string(),
        }
    }

    /// The certificate as one JSON line, as `gridmatch king --json --all` writes it.
    fn to_json(&self) -> String {
        self.line.clone()
    }

    /// Checks the certificate against the board with the puzzle's independent verifier.
    fn verify(&self, py: Python<'_>) -> PyResult<()> {
        verify(py, Record::King(self.rec.clone()))
    }

    /// The drawing of `gridmatch king --svg`: the winner from every square and the matching.
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        drawing(
            py,
            &self.rec.board,
            Puzzle::King,
            king_request(self.rec.moves),
        )
    }

    fn __repr__(&self) -> String {
        format!("King(winner='{}', moves='{}')", self.winner(), self.moves())
    }

    fn __reduce__<'py>(
        slf: &Bound<'py, Self>,
    ) -> PyResult<(Bound<'py, PyType>, Bound<'py, PyTuple>)> {
        let k = slf.get();
        let args = (k.line.clone(), k.first_move, k.replies.clone());
        Ok((slf.get_type(), args.into_pyobject(slf.py())?))
    }
}

/// King: who wins the game from the board's `K` moving as `moves` (`king`, `wazir`, `ferz`,
/// `knight`): the `--json --all` record (certificate and the winner from every square) and the
/// winner's plan.
#[pyfunction(name = "king")]
#[pyo3(signature = (board, moves="king"))]
pub fn king_board(py: Python<'_>, board: &str, moves: &str) -> PyResult<King> {
    let (line, plan) = py.detach(|| -> Result<(String, Plan)> {
        let request = king_request(parse_moves(moves)?);
        let (line, _, answer) = solve(board, Puzzle::King, &request)?;
        let Answer::King(KingAnswer {
            strategy: Some(strategy),
            ..
        }) = answer
        else {
            return Err(value("the king's start is not a free square"));
        };
        let plan = match strategy {
            Strategy::Alice { first } => (Some(first), Vec::new()),
            Strategy::Bob { replies } => (None, replies),
        };
        Ok((line, plan))
    })?;
    King::new(&line, plan.0, plan.1)
}

/// The winner's plan: Alice's first move, or Bob's reply to each first move of Alice.
type Plan = (Option<Cell>, Vec<(Cell, Cell)>);
