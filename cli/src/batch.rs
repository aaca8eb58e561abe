//! The one batch driver: read a whole input, solve each board, write each answer — for every
//! puzzle.
//!
//! Boards are read one at a time and solved in chunks (in parallel with `--jobs`); answers are
//! written in input order, and when a bad board stops the run, the answers before it are already
//! out (the binary flushes before it prints the error).

use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressState, ProgressStyle};
use rayon::prelude::*;

use crate::error::{Error, io_reason, usage};
use gridmatch::formats::judge::{Board, BoardReader, BoardStream, Header};
use gridmatch::formats::output::{self, Style};
use gridmatch::puzzles::{Puzzle, Request};

/// What to solve and how to print it.
#[derive(Clone, Copy, Debug, Default)]
pub struct Options {
    /// How each answer is written.
    pub mode: Style,
    /// Rooks: boards have `R C` headers instead of `N`.
    pub rect: bool,
    /// What the user asked for beyond the answer (`--roles`, `--unique`, `--forced`, `--all`,
    /// `--moves`): written after each answer, and asked of the puzzle interface.
    pub extras: Request,
}

impl Options {
    /// What the puzzle must answer for each board: the extras, and what the output mode (and
    /// a picture, with `svg`) draws.
    pub fn request(&self, puzzle: Puzzle, svg: bool) -> Request {
        self.mode.request(puzzle, svg, self.extras)
    }
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
/// order; returns the number of boards. Boards before a bad one are always written.
pub fn solve_all<R: BufRead, W: Write>(
    reader: &mut BoardReader<R>,
    out: &mut W,
    puzzle: Puzzle,
    opts: &Options,
    batch: &Batch,
) -> Result<u64, Error> {
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
    // Cleared however the run ends (the end, an error, a closed stdout): AndClear on drop; on
    // Ctrl-C or SIGTERM too, before the exit (130 or 143).
    let bar = if batch.progress {
        let bar = ProgressBar::no_length()
            .with_style(progress_style(false))
            .with_finish(ProgressFinish::AndClear);
        let weak = bar.downgrade();
        crate::signals::on_interrupt(move |_| {
            if let Some(bar) = weak.upgrade() {
                bar.finish_and_clear();
                // Nothing drawn after the clearing, whatever the solving threads still do.
                bar.set_draw_target(ProgressDrawTarget::hidden());
            }
        });
        bar
    } else {
        ProgressBar::hidden()
    };
    let solve = |(case, board): &(u64, Board)| solve_one(puzzle, opts, batch, *case, board);
    // A board that would take a chunk past CHUNK_CELLS waits for the next chunk: a big board is
    // solved on its own, so the memory of one board (what --max-cells bounds) is the peak.
    let mut pending: Option<(u64, Board)> = None;
    let mut boards = 0;
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
            boards += 1;
        }
        if batch.interactive {
            out.flush()?;
        }
        if let Some(e) = failure {
            return Err(e.into());
        }
        if chunk.is_empty() {
            return Ok(boards);
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
/// beside it, renamed over the name (which replaces a symlink, not its target). The new file is
/// created with mode 0666 less the umask, as any file the user makes (tempfile's own default,
/// 0600, would hide the pictures from everyone else).
fn write_picture(path: &Path, drawing: &str) -> Result<(), Error> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let fail = |e: io::Error| {
        usage(format!(
            "cannot write {}: {}",
            path.display(),
            io_reason(&e)
        ))
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".gridmatch-").suffix(".svg.tmp");
    // The mode given at creation is masked by the umask, as for any new file.
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(std::fs::Permissions::from_mode(0o666));
    }
    let mut file = builder.tempfile_in(dir).map_err(fail)?;
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
    let picture = batch
        .svg
        .as_ref()
        .map(|dir| dir.join(format!("case-{case:04}.svg")));
    let answer = puzzle.answer(grid, &opts.request(puzzle, picture.is_some()))?;
    if let Some(path) = &picture
        && let Some(drawing) = output::picture(grid, &answer)
    {
        write_picture(path, &drawing)?;
    }
    let mut buf = Vec::new();
    output::write_answer(&mut buf, case, grid, &answer, opts.mode, &opts.extras)?;
    Ok(buf)
}
