//! The one batch driver: read a whole input, solve each board, write each answer — for every
//! puzzle.
//!
//! Boards are read one at a time and solved in chunks (in parallel with `--jobs`); answers are
//! written in input order, and when a bad board stops the run, the answers before it are already
//! out (the binary flushes before it prints the error).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressFinish, ProgressState, ProgressStyle};
use rayon::prelude::*;

use super::{Error, io_reason, usage};
use crate::Puzzle;
use crate::formats::json::{KingRecord, LpuzzleRecord, Record, RooksRecord};
use crate::formats::judge::{Board, BoardReader, BoardStream, Header, Verdict, write_verdict};
use crate::formats::{svg, text};
use crate::puzzles::king::{self, Analysis, Moves, Player};
use crate::puzzles::lpuzzle::{Answer, Tilings};
use crate::puzzles::{lpuzzle, rooks};

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

/// What to solve and how to print it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// Output mode.
    pub mode: Mode,
    /// Rooks: boards have `R C` headers instead of `N`.
    pub rect: bool,
    /// King: after each answer, the winner from every square.
    pub all: bool,
    /// King: the move set.
    pub moves: Moves,
    /// Rooks: after each answer, the role of every cell across all maximum placements.
    pub roles: bool,
    /// L-puzzle: whether the tiling is unique (and, shown, a second one).
    pub unique: bool,
    /// L-puzzle: the pieces in every tiling.
    pub forced: bool,
}

/// How a batch is run: threads, pictures, progress. The default is one thread, no pictures,
/// no progress bar; the output bytes are the same for every setting.
#[derive(Clone, Debug, Default)]
pub struct Batch {
    /// Worker threads (0 or 1: solve on the calling thread).
    pub jobs: usize,
    /// Write one SVG picture per board into this directory (`case-0001.svg`, …).
    pub svg: Option<PathBuf>,
    /// Show a progress bar on stderr (the binary sets this only when stderr is a terminal,
    /// stdin is not, and `--no-progress` is not given).
    pub progress: bool,
    /// Someone types the boards (stdin is a terminal): each board is answered, and the output
    /// flushed, as soon as its last row is read, instead of in chunks.
    pub interactive: bool,
}

/// Boards are solved in chunks of at most this many cells (and `4 × jobs` boards, one board
/// with one job: nothing to keep busy), so memory stays bounded while every thread has work.
const CHUNK_CELLS: usize = 1 << 24;

/// Solves every board of `puzzle` in `reader` and writes each board's output to `out` in input
/// order. Boards before a bad one are always written.
pub fn solve_all<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    puzzle: Puzzle,
    opts: &Options,
    batch: &Batch,
) -> Result<(), Error> {
    let mut stream = BoardStream::new(reader, puzzle, Header::of(puzzle, opts.rect));
    if let Some(dir) = &batch.svg {
        picture_dir(dir)?;
    }
    let jobs = batch.jobs.max(1);
    let chunk_boards = if jobs == 1 || batch.interactive {
        1
    } else {
        4 * jobs
    };
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
    // Cleared however the run ends (the end, an error, a closed stdout): AndClear on drop.
    let bar = if batch.progress {
        ProgressBar::no_length()
            .with_style(progress_style(false))
            .with_finish(ProgressFinish::AndClear)
    } else {
        ProgressBar::hidden()
    };
    let solve = |(case, board): &(u64, Board)| solve_one(puzzle, opts, batch, *case, board);
    // A board that would take a chunk past CHUNK_CELLS waits for the next chunk: a big board is
    // solved on its own, so the memory of one board (what --max-cells bounds) is the peak.
    let mut pending: Option<(u64, Board)> = None;
    loop {
        let mut chunk = Vec::new();
        let mut cells = 0;
        let mut failure = None;
        if let Some(first) = pending.take() {
            cells += first.1.grid.cells().len();
            chunk.push(first);
        }
        while chunk.len() < chunk_boards && cells < CHUNK_CELLS {
            match stream.next() {
                Some(Ok(next)) => {
                    let n = next.1.grid.cells().len();
                    if !chunk.is_empty() && cells + n > CHUNK_CELLS {
                        pending = Some(next);
                        break;
                    }
                    cells += n;
                    chunk.push(next);
                }
                None => break,
                Some(Err(e)) => {
                    failure = Some(e);
                    break;
                }
            }
        }
        if let Some(n) = stream.announced()
            && bar.length() != Some(n)
        {
            bar.set_length(n);
            bar.set_style(progress_style(true));
            // The rate and the ETA count from the first board.
            bar.reset_eta();
        }
        let outputs: Vec<Result<Vec<u8>, Error>> = match &pool {
            Some(pool) if chunk.len() > 1 => pool.install(|| chunk.par_iter().map(solve).collect()),
            _ => chunk.iter().map(solve).collect(),
        };
        for output in outputs {
            out.write_all(&output?)?;
            bar.inc(1);
        }
        if batch.interactive {
            out.flush()?;
        }
        if let Some(e) = failure {
            return Err(e.into());
        }
        if chunk.is_empty() {
            return Ok(());
        }
    }
}

/// The progress line: a bar with count, rate and ETA when the number of boards is known (`T`
/// on the first line), a plain counter with the rate otherwise.
fn progress_style(total_known: bool) -> ProgressStyle {
    let template = if total_known {
        "{bar:30} {pos}/{len} boards, {rate}, ETA {eta}"
    } else {
        "{spinner} {pos} boards solved, {rate}, {elapsed}"
    };
    ProgressStyle::with_template(template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .with_key(
            "rate",
            |state: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} boards/s", state.per_sec());
            },
        )
}

/// Makes sure `dir` is a directory pictures can be written into (creating it if needed); the
/// error names the path and what is wrong with it.
fn picture_dir(dir: &Path) -> Result<(), Error> {
    let shown = dir.display();
    match std::fs::metadata(dir) {
        Ok(meta) if meta.is_dir() => Ok(()),
        Ok(_) => Err(usage(format!(
            "--svg {shown}: it is a file, expected a directory to write the pictures into"
        ))),
        Err(_) => std::fs::create_dir_all(dir).map_err(|e| {
            usage(format!(
                "--svg {shown}: cannot create the directory for the pictures: {}",
                io_reason(&e)
            ))
        }),
    }
}

/// Writes one picture at `path` without following a symlink already there: into a new file
/// beside it, renamed over the name (which replaces a symlink, not its target).
fn write_picture(path: &Path, drawing: &str) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |e: io::Error| {
        usage(format!(
            "cannot write {}: {}",
            path.display(),
            io_reason(&e)
        ))
    };
    let mut file = tempfile::Builder::new()
        .prefix(".gridmatch-")
        .suffix(".svg.tmp")
        .tempfile_in(dir)
        .map_err(fail)?;
    file.write_all(drawing.as_bytes()).map_err(fail)?;
    file.persist(path).map_err(|e| fail(e.error))?;
    Ok(())
}

/// One board's output, and its picture if asked for.
fn solve_one(
    puzzle: Puzzle,
    opts: &Options,
    batch: &Batch,
    case: u64,
    board: &Board,
) -> Result<Vec<u8>, Error> {
    let grid = &board.grid;
    let mut buf = Vec::new();
    let picture = batch
        .svg
        .as_ref()
        .map(|dir| dir.join(format!("case-{case:04}.svg")));
    // Judge mode without pictures decides only (less time and memory than a certificate).
    let decide_only = opts.mode == Mode::Judge && picture.is_none();
    match puzzle {
        Puzzle::Rooks if decide_only && opts.roles => {
            let roles = rooks::roles(grid);
            write_verdict(&mut buf, case, Verdict::Rooks(roles.max_rooks))?;
            buf.extend_from_slice(text::rooks_roles(&roles).as_bytes());
        }
        Puzzle::Rooks if decide_only => {
            write_verdict(&mut buf, case, Verdict::Rooks(rooks::max_rooks(grid)))?;
        }
        Puzzle::Rooks => {
            let sol = rooks::solve(grid);
            let roles = opts.roles.then(|| rooks::roles(grid));
            if let Some(path) = &picture {
                let drawing = match &roles {
                    Some(roles) => svg::rooks_roles_svg(grid, &sol, roles),
                    None => svg::rooks_svg(grid, &sol),
                };
                write_picture(path, &drawing)?;
            }
            match opts.mode {
                Mode::Json => {
                    let mut rec = RooksRecord::new(case, grid, &sol);
                    if let Some(roles) = &roles {
                        rec = rec.with_roles(roles);
                    }
                    write_json(&mut buf, &Record::Rooks(rec))?
                }
                mode => {
                    write_verdict(&mut buf, case, Verdict::Rooks(sol.rooks.len()))?;
                    if mode == Mode::Show {
                        writeln!(buf, "{}", text::rooks_picture(grid, &sol))?;
                    }
                    if let Some(roles) = &roles {
                        buf.extend_from_slice(text::rooks_roles(roles).as_bytes());
                    }
                }
            }
        }
        Puzzle::Lpuzzle if decide_only && !opts.forced => {
            let verdict = if opts.unique {
                Verdict::LpuzzleUnique(lpuzzle::is_unique(grid))
            } else {
                Verdict::Lpuzzle(lpuzzle::can_build(grid))
            };
            write_verdict(&mut buf, case, verdict)?;
        }
        Puzzle::Lpuzzle => {
            let tilings = opts.unique.then(|| lpuzzle::tilings(grid));
            let answer = match &tilings {
                Some(Tilings::None(reason)) => Answer::No(reason.clone()),
                Some(Tilings::Unique(t) | Tilings::Several(t, _)) => Answer::Yes(t.clone()),
                None => lpuzzle::solve(grid),
            };
            // The tiling is solved once: --forced marks the pieces of the one already found.
            let forced = match (&answer, opts.forced) {
                (Answer::Yes(tiling), true) => Some(lpuzzle::forced_on(grid, tiling.clone())),
                _ => None,
            };
            if let Some(path) = &picture {
                let drawing = match &tilings {
                    Some(Tilings::Several(a, b)) => svg::lpuzzle_two_svg(grid, a, b),
                    _ => svg::lpuzzle_svg(grid, &answer),
                };
                write_picture(path, &drawing)?;
            }
            if opts.mode == Mode::Json {
                let mut rec = match &tilings {
                    Some(t) => LpuzzleRecord::of_tilings(case, grid, t),
                    None => LpuzzleRecord::new(case, grid, &answer),
                };
                if let Some(f) = &forced {
                    rec = rec.with_forced(f.pieces());
                }
                write_json(&mut buf, &Record::Lpuzzle(rec))?;
                return Ok(buf);
            }
            let verdict = match &tilings {
                Some(t) => Verdict::LpuzzleUnique(match t {
                    Tilings::None(_) => None,
                    Tilings::Unique(_) => Some(true),
                    Tilings::Several(..) => Some(false),
                }),
                None => Verdict::Lpuzzle(answer.is_yes()),
            };
            write_verdict(&mut buf, case, verdict)?;
            if opts.mode == Mode::Show {
                let picture = match &tilings {
                    Some(Tilings::Several(a, b)) => text::lpuzzle_two_tilings(grid, a, b),
                    _ => text::lpuzzle_picture(grid, &answer),
                };
                writeln!(buf, "{picture}")?;
            }
            if let Some(f) = &forced {
                buf.extend_from_slice(text::lpuzzle_forced(grid, f).as_bytes());
            }
        }
        Puzzle::King => {
            // The stream found the single K of every King board.
            let Some(start) = board.start else {
                return Err(io::Error::other("a King board without its start").into());
            };
            if opts.mode == Mode::Judge && !opts.all && picture.is_none() {
                // Only the winner is printed: the start's component is enough.
                let winner = king::winner_from(grid, opts.moves, start);
                write_verdict(&mut buf, case, Verdict::King(winner))?;
                return Ok(buf);
            }
            let analysis = Analysis::new(grid, opts.moves);
            let cert = if opts.mode == Mode::Json {
                analysis.certificate(start)
            } else {
                None
            };
            let map = (opts.all || picture.is_some()).then(|| analysis.map());
            if let (Some(path), Some(map)) = (&picture, &map) {
                let pairs = match &cert {
                    Some(cert) => cert.matching().to_vec(),
                    None => analysis.winning_matching(start).unwrap_or_default(),
                };
                write_picture(path, &svg::king_svg(grid, map, start, &pairs))?;
            }
            if opts.mode == Mode::Json {
                if let Some(cert) = &cert {
                    let mut rec = KingRecord::new(case, opts.moves, grid, cert);
                    if let Some(map) = map.as_ref().filter(|_| opts.all) {
                        rec = rec.with_map(text::king_map(map));
                    }
                    write_json(&mut buf, &Record::King(rec))?;
                }
                return Ok(buf);
            }
            // `start` is a free cell, so the analysis always has a winner for it.
            let winner = analysis.winner(start).unwrap_or(Player::Bob);
            write_verdict(&mut buf, case, Verdict::King(winner))?;
            if let Some(map) = map.as_ref().filter(|_| opts.all) {
                for row in text::king_map(map) {
                    writeln!(buf, "{row}")?;
                }
            }
            if opts.mode == Mode::Show
                && let Some(strategy) = analysis.strategy(start)
            {
                write!(buf, "{}", text::king_strategy(grid, start, &strategy))?;
            }
        }
    }
    Ok(buf)
}

/// Writes one `--json` line.
pub(crate) fn write_json<W: Write>(out: &mut W, record: &Record) -> io::Result<()> {
    // Serialise first, so a failed write keeps its io::ErrorKind (a closed pipe stays quiet).
    let mut line = serde_json::to_vec(record).map_err(io::Error::other)?;
    line.push(b'\n');
    out.write_all(&line)
}
