//! Drivers behind the command-line tool: read a whole input, solve each board, write each answer.
//!
//! Boards are read one at a time and solved in chunks (in parallel with `--jobs`); answers are
//! written in input order, and when a bad board stops the run, the answers before it are already
//! out (the binary flushes before it prints the error).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;

use indicatif::{ProgressBar, ProgressStyle};
use rayon::prelude::*;

use crate::board::{BoardReader, InputError};
use crate::formats::json::{KingRecord, LpuzzleRecord, Record, RooksRecord};
use crate::formats::judge::{Board, BoardStream, Header, king_start};
use crate::formats::show;
use crate::formats::svg;
use crate::puzzles::king::{self, Analysis, Moves, Player};
use crate::puzzles::{lpuzzle, rooks};

/// What a run failed on.
#[derive(Debug, thiserror::Error)]
pub enum AppError {
    /// Bad input (exit code 2).
    #[error(transparent)]
    Input(#[from] InputError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
}

/// How answers are printed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Exactly the judge's output.
    #[default]
    Judge,
    /// The judge's answer followed by a picture.
    Show,
    /// One JSON certificate per line.
    Json,
}

/// How a batch is run: threads, pictures, progress. The default is one thread, no pictures,
/// no progress bar; the output bytes are the same for every setting.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// Worker threads (0 or 1: solve on the calling thread).
    pub jobs: usize,
    /// Write one SVG picture per board into this directory (`case-0001.svg`, …).
    pub svg: Option<PathBuf>,
    /// Show a progress bar on stderr (the binary sets this only when stderr is a terminal).
    pub progress: bool,
}

/// Boards are solved in chunks of at most this many cells (and `4 × jobs` boards), so memory
/// stays bounded while every thread has work.
const CHUNK_CELLS: usize = 1 << 24;

/// Pulls boards from `stream`, solves them (in parallel chunks when `batch.jobs > 1`) and writes
/// each board's output in input order. Boards before a bad one are always written.
fn run_batch<R, W, S>(
    stream: &mut BoardStream<'_, R>,
    out: &mut W,
    batch: &Batch,
    solve: S,
) -> Result<(), AppError>
where
    R: BufRead,
    W: Write,
    S: Fn(u64, &Board) -> Result<Vec<u8>, AppError> + Sync,
{
    if let Some(dir) = &batch.svg {
        std::fs::create_dir_all(dir)?;
    }
    let jobs = batch.jobs.max(1);
    let pool = if jobs > 1 {
        Some(
            rayon::ThreadPoolBuilder::new()
                .num_threads(jobs)
                .build()
                .map_err(io::Error::other)?,
        )
    } else {
        None
    };
    let bar = if batch.progress {
        let bar = ProgressBar::new_spinner();
        bar.set_style(
            ProgressStyle::with_template("{spinner} {pos}/{len} boards solved, {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_spinner()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    // A board that would take a chunk past CHUNK_CELLS waits for the next chunk: a big board is
    // solved on its own, so the memory of one board (what --max-cells bounds) is the peak.
    let mut pending: Option<(u64, Board)> = None;
    loop {
        let mut chunk = Vec::new();
        let mut cells = 0;
        let mut failure = None;
        if let Some((case, board)) = pending.take() {
            cells += board.grid.cells().len();
            chunk.push((case, board));
        }
        while chunk.len() < 4 * jobs && cells < CHUNK_CELLS {
            match stream.next_board() {
                Ok(Some((case, board))) => {
                    let n = board.grid.cells().len();
                    if !chunk.is_empty() && cells + n > CHUNK_CELLS {
                        pending = Some((case, board));
                        break;
                    }
                    cells += n;
                    chunk.push((case, board));
                }
                Ok(None) => break,
                Err(e) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        if let Some(n) = stream.announced() {
            bar.set_length(n);
        }
        let outputs: Vec<Result<Vec<u8>, AppError>> = match &pool {
            Some(pool) if chunk.len() > 1 => {
                pool.install(|| chunk.par_iter().map(|(c, b)| solve(*c, b)).collect())
            }
            _ => chunk.iter().map(|(c, b)| solve(*c, b)).collect(),
        };
        for output in outputs {
            out.write_all(&output?)?;
            bar.inc(1);
        }
        if let Some(e) = failure {
            bar.finish_and_clear();
            return Err(e.into());
        }
        if chunk.is_empty() {
            bar.finish_and_clear();
            return Ok(());
        }
    }
}

fn write_svg(batch: &Batch, case: u64, svg: impl FnOnce() -> String) -> io::Result<()> {
    match &batch.svg {
        Some(dir) => std::fs::write(dir.join(format!("case-{case:04}.svg")), svg()),
        None => Ok(()),
    }
}

/// Options of `gridmatch rooks`.
#[derive(Clone, Copy, Debug, Default)]
pub struct RooksOptions {
    /// Output mode.
    pub mode: Mode,
    /// Boards have `R C` headers instead of `N`.
    pub rect: bool,
}

/// Solves every rooks board of the input (UVa 12668 format, or `R C` headers with `rect`).
pub fn rooks<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    opts: &RooksOptions,
) -> Result<(), AppError> {
    rooks_batch(reader, out, opts, &Batch::default())
}

/// [`rooks`] with batch settings.
pub fn rooks_batch<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    opts: &RooksOptions,
    batch: &Batch,
) -> Result<(), AppError> {
    let header = if opts.rect {
        Header::Rect
    } else {
        Header::Square
    };
    let mut stream = BoardStream::until_end(reader, header, rooks::ALPHABET);
    run_batch(&mut stream, out, batch, |case, board| {
        let grid = &board.grid;
        let mut text = Vec::new();
        if opts.mode == Mode::Judge && batch.svg.is_none() {
            writeln!(text, "{}", rooks::max_rooks(grid))?;
            return Ok(text);
        }
        let sol = rooks::solve(grid);
        write_svg(batch, case, || svg::rooks_svg(grid, &sol))?;
        match opts.mode {
            Mode::Judge => writeln!(text, "{}", sol.rooks.len())?,
            Mode::Show => {
                writeln!(text, "{}", sol.rooks.len())?;
                writeln!(text, "{}", show::rooks_picture(grid, &sol))?;
            }
            Mode::Json => write_json(
                &mut text,
                &Record::Rooks(RooksRecord::new(case, grid, &sol)),
            )?,
        }
        Ok(text)
    })
}

/// Solves every pattern of an NWERC 2011 input (`T`, then `n m` and n rows per board).
pub fn lpuzzle<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    mode: Mode,
) -> Result<(), AppError> {
    lpuzzle_batch(reader, out, mode, &Batch::default())
}

/// [`lpuzzle`] with batch settings.
pub fn lpuzzle_batch<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    mode: Mode,
    batch: &Batch,
) -> Result<(), AppError> {
    let mut stream = BoardStream::counted(reader, lpuzzle::ALPHABET);
    run_batch(&mut stream, out, batch, |case, board| {
        let grid = &board.grid;
        let mut text = Vec::new();
        if mode == Mode::Judge && batch.svg.is_none() {
            let yes = lpuzzle::can_build(grid);
            writeln!(text, "{}", if yes { "YES" } else { "NO" })?;
            return Ok(text);
        }
        let answer = lpuzzle::solve(grid);
        write_svg(batch, case, || svg::lpuzzle_svg(grid, &answer))?;
        let verdict = if answer.is_yes() { "YES" } else { "NO" };
        match mode {
            Mode::Judge => writeln!(text, "{verdict}")?,
            Mode::Show => {
                writeln!(text, "{verdict}")?;
                writeln!(text, "{}", show::lpuzzle_picture(grid, &answer))?;
            }
            Mode::Json => write_json(
                &mut text,
                &Record::Lpuzzle(LpuzzleRecord::new(case, grid, &answer)),
            )?,
        }
        Ok(text)
    })
}

/// Options of `gridmatch king`.
#[derive(Clone, Copy, Debug, Default)]
pub struct KingOptions {
    /// Output mode.
    pub mode: Mode,
    /// After each answer, the every-start map.
    pub all: bool,
    /// The move set.
    pub moves: Moves,
}

/// Solves every board of a GCJ 2008 "King" input (`N`, then `R C` and R rows per board).
pub fn king<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    opts: &KingOptions,
) -> Result<(), AppError> {
    king_batch(reader, out, opts, &Batch::default())
}

/// [`king`] with batch settings.
pub fn king_batch<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    opts: &KingOptions,
    batch: &Batch,
) -> Result<(), AppError> {
    let file = reader.file().to_string();
    let mut stream = BoardStream::counted(reader, king::ALPHABET);
    run_batch(&mut stream, out, batch, |case, board| {
        let start = king_start(&file, board)?;
        let grid = &board.grid;
        let analysis = Analysis::new(grid, opts.moves);
        write_svg(batch, case, || svg::king_svg(grid, &analysis, start))?;
        let mut text = Vec::new();
        if opts.mode == Mode::Json {
            if let Some(cert) = analysis.certificate(start) {
                let rec = KingRecord::new(case, opts.moves, grid, &cert);
                write_json(&mut text, &Record::King(rec))?;
            }
            return Ok(text);
        }
        // `start` is a free cell, so the analysis always has a winner for it.
        let winner = analysis.winner(start).unwrap_or(Player::Bob);
        writeln!(text, "Case #{case}: {}", winner.letter())?;
        if opts.all {
            for row in analysis.map(grid) {
                writeln!(text, "{row}")?;
            }
        }
        if opts.mode == Mode::Show
            && let Some(strategy) = analysis.strategy(start)
        {
            write!(text, "{}", show::king_strategy(grid, start, &strategy))?;
        }
        Ok(text)
    })
}

/// `gridmatch king play`: a person plays one side of board `case` against the engine, typing a
/// move number or `row col` (from 0) at each turn. The engine never loses a won position.
pub fn play<R: BufRead, I: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    case: u64,
    moves: Moves,
    human: Player,
    input: &mut I,
    out: &mut W,
) -> Result<(), AppError> {
    let file = reader.file().to_string();
    let mut chosen = None;
    let mut count = 0;
    let mut stream = BoardStream::counted(reader, king::ALPHABET);
    while let Some((c, board)) = stream.next_board()? {
        let start = king_start(&file, &board)?;
        count = c;
        if c == case {
            chosen = Some((board, start));
        }
    }
    let Some((board, start)) = chosen else {
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
    let cols = grid.cols();
    let mut visited = vec![false; grid.cells().len()];
    visited[start.0 * cols + start.1] = true;
    let mut at = start;
    let mut turn = Player::Alice;
    // Lines read from `input`, for messages, and the last one.
    let mut typed = 0u64;
    let mut line = Vec::new();
    let winner = Analysis::new(&grid, moves)
        .winner(start)
        .unwrap_or(Player::Bob);
    let name = |p: Player| if p == Player::Alice { "Alice" } else { "Bob" };
    writeln!(
        out,
        "You are {}; Alice moves first. With perfect play {} wins. Moves: {}.",
        name(human),
        name(winner),
        moves.name()
    )?;
    loop {
        let legal: Vec<(usize, usize)> = moves
            .offsets()
            .iter()
            .filter_map(|&(dr, dc)| {
                let (r, c) = (at.0 as i64 + dr, at.1 as i64 + dc);
                (r >= 0 && c >= 0 && (r as usize) < grid.rows() && (c as usize) < cols)
                    .then_some((r as usize, c as usize))
            })
            .filter(|&(r, c)| grid.get(r, c) != b'#' && !visited[r * cols + c])
            .collect();
        write!(out, "{}", show::king_position(&grid, &visited, at, &legal))?;
        if legal.is_empty() {
            let other = if turn == Player::Alice {
                Player::Bob
            } else {
                Player::Alice
            };
            writeln!(out, "{} cannot move: {} wins.", name(turn), name(other))?;
            return Ok(());
        }
        let next = if turn == human {
            loop {
                write!(out, "{} to move (number or `row col`): ", name(turn))?;
                out.flush()?;
                // At most MOVE_LINE + 1 bytes are kept, so a line without an end (such as
                // /dev/zero) is not buffered whole: a longer result is the start of one.
                if crate::board::read_line_bounded(input, &mut line, MOVE_LINE + 1)?.is_none() {
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
                match parse_move(String::from_utf8_lossy(&line).trim(), &legal) {
                    Ok(m) => break m,
                    Err(why) => writeln!(out, "{why}")?,
                }
            }
        } else {
            let m = king::engine_move(&grid, moves, &visited, at).unwrap_or(legal[0]);
            writeln!(out, "{} (engine) moves to ({},{})", name(turn), m.0, m.1)?;
            m
        };
        visited[next.0 * cols + next.1] = true;
        at = next;
        turn = if turn == Player::Alice {
            Player::Bob
        } else {
            Player::Alice
        };
    }
}

/// The most cells `king play` takes: a game on n cells makes up to n engine moves, each of
/// which redraws the board and solves what is left of it.
pub const PLAY_MAX_CELLS: usize = 10_000;

/// The longest line `king play` reads as a move.
const MOVE_LINE: usize = 256;

/// A move typed as a list number (1-based) or as `row col`.
fn parse_move(text: &str, legal: &[(usize, usize)]) -> Result<(usize, usize), String> {
    let nums: Vec<usize> = text
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|t| !t.is_empty())
        .map(|t| t.parse::<usize>())
        .collect::<Result<_, _>>()
        .map_err(|_| format!("{text:?} is not a move: type a number from the list or `row col`"))?;
    let cell = match nums[..] {
        [k] if (1..=legal.len()).contains(&k) => return Ok(legal[k - 1]),
        [k] => return Err(format!("there is no move {k}: choose 1 to {}", legal.len())),
        [r, c] => (r, c),
        _ => {
            return Err(format!(
                "{text:?} is not a move: type a number from the list or `row col`"
            ));
        }
    };
    if legal.contains(&cell) {
        Ok(cell)
    } else {
        Err(format!(
            "({},{}) is not a legal move: it must be one step away, not burned and not visited",
            cell.0, cell.1
        ))
    }
}

fn write_json<W: Write>(out: &mut W, record: &Record) -> io::Result<()> {
    // Serialise first, so a failed write keeps its io::ErrorKind (a closed pipe stays quiet).
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)
}

/// Totals of a `verify` run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct VerifySummary {
    /// Certificates read.
    pub checked: usize,
    /// Certificates rejected.
    pub failed: usize,
}

/// [`verify`]'s limit on the bytes of one certificate line: 1 GiB.
pub const DEFAULT_MAX_LINE_BYTES: usize = 1 << 30;

/// Checks every JSON line of `input` with the puzzles' independent verifiers and prints one line
/// per certificate: `FILE:LINE: PUZZLE case N: ok` or `… FAIL: the first broken rule`.
///
/// A line that is not a certificate at all is an input error, and so is a line longer than
/// [`DEFAULT_MAX_LINE_BYTES`] (see [`verify_with_limit`]).
pub fn verify<R: BufRead, W: Write>(
    input: R,
    file: &str,
    out: &mut W,
) -> Result<VerifySummary, AppError> {
    verify_with_limit(input, file, out, DEFAULT_MAX_LINE_BYTES, None)
}

/// [`verify`] with a limit of `max_line` bytes per line (memory stays O(`max_line`) whatever
/// the input; reading a certificate takes up to ~10 bytes per byte of it) and the hint shown
/// when a line is longer.
pub fn verify_with_limit<R: BufRead, W: Write>(
    input: R,
    file: &str,
    out: &mut W,
    max_line: usize,
    limit_hint: Option<&str>,
) -> Result<VerifySummary, AppError> {
    let mut summary = VerifySummary::default();
    let mut input = input;
    let mut bytes = Vec::new();
    let mut line_no = 0u64;
    let keep = max_line.saturating_add(1);
    while let Some(ended) = crate::board::read_line_bounded(&mut input, &mut bytes, keep)? {
        line_no += 1;
        if !ended && bytes.len() == keep {
            let hint = limit_hint.map_or_else(
                || "raise the limit with --max-line-bytes if the machine has the memory".into(),
                str::to_string,
            );
            return Err(InputError::at(
                file,
                line_no,
                keep as u64,
                format!("a line longer than {max_line} bytes"),
                "a certificate line written by --json",
            )
            .with_hint(hint)
            .into());
        }
        let line = std::str::from_utf8(&bytes).map_err(|e| {
            let at = e.valid_up_to();
            InputError::at(
                file,
                line_no,
                at as u64 + 1,
                format!("byte 0x{:02x} (not UTF-8)", bytes[at]),
                "a certificate line written by --json",
            )
        })?;
        if line.trim().is_empty() {
            continue;
        }
        let record = Record::from_json(line).map_err(|e| {
            // serde_json reports column 0 for errors found after parsing (a missing field).
            InputError::at(
                file,
                line_no,
                (e.column() as u64).max(1),
                format!("invalid JSON ({})", json_reason(&e)),
                "a certificate line written by --json",
            )
        })?;
        let (name, case, verdict) = (record.puzzle(), record.case(), record.verify());
        summary.checked += 1;
        match verdict {
            Ok(()) => writeln!(out, "{file}:{line_no}: {name} case {case}: ok")?,
            Err(why) => {
                summary.failed += 1;
                writeln!(out, "{file}:{line_no}: {name} case {case}: FAIL: {why}")?;
            }
        }
    }
    if summary.checked == 0 {
        return Err(InputError::at(
            file,
            line_no + 1,
            1,
            "end of input",
            "a certificate line written by --json",
        )
        .with_hint("the file holds no certificates; write some with `gridmatch PUZZLE --json`")
        .into());
    }
    Ok(summary)
}

/// serde_json's message without its own " at line L column C" suffix: the error names the
/// position once, in front.
fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    let suffix = format!(" at line {} column {}", e.line(), e.column());
    match text.strip_suffix(&suffix) {
        Some(reason) => reason.to_string(),
        None => text,
    }
}

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
pub fn demo<W: Write>(out: &mut W) -> Result<(), AppError> {
    writeln!(
        out,
        "== Rooks (UVa 12668): most non-attacking rooks, R marks a rook ==\n"
    )?;
    let mut reader = BoardReader::new(samples::ROOKS.as_bytes(), "<rooks sample>");
    let opts = RooksOptions {
        mode: Mode::Show,
        rect: false,
    };
    rooks(&mut reader, out, &opts)?;
    writeln!(
        out,
        "== L-puzzle (NWERC 2011): tile with L pieces; a piece is one letter, its black corner upper-case ==\n"
    )?;
    let mut reader = BoardReader::new(samples::LPUZZLE.as_bytes(), "<lpuzzle sample>");
    lpuzzle(&mut reader, out, Mode::Show)?;
    writeln!(
        out,
        "== King (GCJ 2008): who wins from K? The map shows the winner from every square ==\n"
    )?;
    let mut reader = BoardReader::new(samples::KING.as_bytes(), "<king sample>");
    let opts = KingOptions {
        mode: Mode::Show,
        all: true,
        moves: Moves::King,
    };
    king(&mut reader, out, &opts)?;
    Ok(())
}
