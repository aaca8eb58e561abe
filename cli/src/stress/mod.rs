//! `gridmatch stress`: runs a program against gridmatch on generated boards and shrinks the
//! first board it gets wrong.
//!
//! Guarantees:
//! - **Deterministic for a seed.** Case i's board comes from a generator seeded with (seed, i);
//!   cases start in order, `--jobs` at a time, and the lowest-numbered failure is the one
//!   reported, so the output is the same for every `--jobs` (as long as the program itself is
//!   deterministic).
//! - **A failure is reported as soon as its run ends**: no case after it starts, the ones after
//!   it still running are stopped (their process groups killed), and the ones before it run to
//!   their end (one of them may fail too, and is then the one reported). The first two lines of
//!   the report are printed (and flushed) before the shrinking starts.
//! - **Ctrl-C or SIGTERM** is passed on to the process group of every running program, what is
//!   left of them is killed ([`run::interrupt`]), the progress line is cleared, and `stress`
//!   exits 130 or 143.
//! - **Failures** are of four kinds: a wrong answer (stdout differs from gridmatch's after
//!   trailing whitespace is trimmed from every line and trailing blank lines are dropped), a
//!   crash (non-zero exit status or a signal), running out of time (`--timeout`; the program's
//!   process group is killed), and printing more than [`run::OUTPUT_CAP`] bytes.
//! - **Shrinking** ([`mod@shrink`]) keeps the kind of the failure (a crash: the same status): drop
//!   blocks of rows and columns, single rows, single columns, clear cells, flip cells, in
//!   passes until nothing more fails. Every candidate is a valid board of the judge format. At
//!   most [`SHRINK_RUNS`] runs, and for a timeout only as many as fit in about half a minute
//!   ([`SHRINK_TIMEOUT_BUDGET`], at least one run), so a hang is reported in about `--timeout`
//!   and the command ends at most about half a minute later. Candidates are tested `--jobs` at
//!   a time, and once one fails the candidates after it are stopped.
//! - **The report** shows the board, gridmatch's judge answer (`expected:`) beside the
//!   program's (`got:`), then gridmatch's answer drawn with its explanation; the command is
//!   echoed shell-quoted, so it can be pasted back.
//!
//! Boards grow with the case number from 1 × 1 to `--max-cells` cells over the first half of
//! the cases, then stay random up to it. Densities vary; the L-puzzle mixes tiled, near-miss
//! (half of them) and random patterns; every 8th case is one of the deep shapes of
//! `bench/deep.sh` (King serpentine corridors, the L-puzzle chain `BWBW…`/`W.W.…`, rooks with
//! a pawn on every k-th cell).
//!
//! # Complexity
//! One process per case and per shrink candidate; gridmatch's own answers are linear-ish in the
//! (small) boards.
//!
//! # Status
//! Complete. The program's `--moves` (King) is the user's to pass: `--moves` here only sets
//! gridmatch's expected answer.

pub mod run;
pub mod shrink;

use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use rand::RngExt;

use crate::batch::{Batch, Options, solve_all};
use crate::error::{Error, usage};
use gridmatch::Grid;
use gridmatch::formats::judge::{BoardReader, Header, is_counted, write_board, write_count};
use gridmatch::formats::output::Style;
use gridmatch::generate::{self, LStyle};
use gridmatch::puzzles::Puzzle;
use gridmatch::puzzles::Request;
use gridmatch::puzzles::king::Moves;
use run::{Ending, Output};
use shrink::{Rules, measure, shrink};

/// The most program runs while shrinking.
pub const SHRINK_RUNS: usize = 2000;

/// While shrinking a timeout, at most this many seconds' worth of timeouts (and at least one
/// run).
pub const SHRINK_TIMEOUT_BUDGET: f64 = 30.0;

/// `gridmatch stress` arguments.
#[derive(Args, Debug)]
pub struct StressArgs {
    /// Which puzzle.
    #[arg(value_enum)]
    puzzle: Puzzle,
    /// Number of boards to try.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..))]
    cases: u64,
    /// The largest boards, in cells (reached halfway through the cases).
    #[arg(long, value_name = "N", default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    max_cells: u64,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Seconds each run of CMD may take (fractions allowed: 0.5).
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = parse_timeout)]
    timeout: Duration,
    /// Where the shrunk failing board is written (judge input) [default: a new file
    /// gridmatch-stress-….in in the temporary directory]; the report names the file.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Runs of CMD at once (default: all cores); the output is the same for every value.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// King: the move set of gridmatch's expected answer (pass the same to CMD if it takes one).
    #[arg(long, value_enum)]
    moves: Option<Moves>,
    /// Rooks: `R C` headers and rectangular boards (for a CMD that reads `rooks --rect` input).
    #[arg(long)]
    rect: bool,
    /// The program under test and its arguments: reads one judge input on stdin, prints the
    /// judge's output.
    #[arg(last = true, required = true, value_name = "CMD")]
    cmd: Vec<String>,
}

fn parse_timeout(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !secs.is_finite() || secs <= 0.0 || secs > 86_400.0 {
        return Err(format!(
            "the timeout must be more than 0 and at most 86400 seconds, not {s}"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// How one run failed; shrinking keeps the kind (a crash: the same status).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Exited 0 with an answer other than gridmatch's.
    Wrong,
    /// Exited with a non-zero status (`Ok`) or was killed by a signal (`Err`).
    Crashed(Result<i32, i32>),
    /// Still running at the time limit.
    TimedOut,
    /// Printed more than [`run::OUTPUT_CAP`] bytes (on stderr if true).
    TooMuchOutput(bool),
}

/// A failing run: its kind and what the program printed.
#[derive(Clone, Debug)]
struct Failure {
    kind: Kind,
    output: Output,
}

/// What every run of a stress test shares.
struct Ctx {
    puzzle: Puzzle,
    opts: Options,
    cmd: Vec<String>,
    timeout: Duration,
}

impl Ctx {
    /// The judge input of one board (T = 1 where the format has a count).
    fn input(&self, grid: &Grid) -> Vec<u8> {
        let mut buf = Vec::new();
        if is_counted(self.puzzle) {
            // Writing to a Vec cannot fail.
            let _ = write_count(&mut buf, 1);
        }
        let _ = write_board(&mut buf, grid, Header::of(self.puzzle, self.opts.rect));
        buf
    }

    /// gridmatch's output for `input` in `mode`.
    fn answer(&self, input: &[u8], mode: Style) -> Result<Vec<u8>, Error> {
        let mut reader = BoardReader::new(input, "<stress case>");
        let mut out = Vec::new();
        let opts = Options { mode, ..self.opts };
        solve_all(&mut reader, &mut out, self.puzzle, &opts, &Batch::default())?;
        Ok(out)
    }

    /// Runs the program on `grid`: `None` if it answered right (or was stopped by `stop`).
    fn check(&self, grid: &Grid, stop: &dyn Fn() -> bool) -> Result<Option<Failure>, Error> {
        let input = self.input(grid);
        let output = run::run(&self.cmd, &input, self.timeout, stop)
            .map_err(|e| usage(format!("stress: cannot run {}: {e}", quoted(&self.cmd))))?;
        let kind = match &output.ending {
            Ending::Stopped => return Ok(None),
            Ending::TimedOut => Kind::TimedOut,
            Ending::TooMuchOutput { stderr } => Kind::TooMuchOutput(*stderr),
            Ending::Exited(status) if !status.success() => Kind::Crashed(exit_of(status)),
            Ending::Exited(_) => {
                let expected = self.answer(&input, Style::Judge)?;
                if normalized(&output.stdout) == normalized(&expected) {
                    return Ok(None);
                }
                Kind::Wrong
            }
        };
        Ok(Some(Failure { kind, output }))
    }
}

/// The command line as a shell would take it back: each word quoted where needed.
fn quoted(cmd: &[String]) -> String {
    shlex::try_join(cmd.iter().map(String::as_str)).unwrap_or_else(|_| cmd.join(" "))
}

/// Runs `check` on `0..count` with `jobs` threads, starting the indices in increasing order,
/// and returns the lowest index whose check failed (`Some`) or erred, with what it returned.
///
/// Once an index fails, no higher index starts and the running higher ones are told to stop
/// (`check`'s second argument turns true; what they return then is dropped). Lower ones run to
/// their end, so the answer is the one of checking the indices one by one. `passed` is called
/// for each index that passed, below any failure known at the time.
fn first_failing<T: Send>(
    count: u64,
    jobs: usize,
    check: impl Fn(u64, &dyn Fn() -> bool) -> Result<Option<T>, Error> + Sync,
    passed: impl Fn() + Sync,
) -> Result<Option<(u64, T)>, Error> {
    let next = AtomicU64::new(0);
    let lowest = AtomicU64::new(u64::MAX);
    let found: Mutex<Option<(u64, Result<T, Error>)>> = Mutex::new(None);
    let workers = (jobs as u64).clamp(1, count.max(1));
    std::thread::scope(|scope| {
        for _ in 0..workers {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::SeqCst);
                    if i >= count || lowest.load(Ordering::SeqCst) < i {
                        break;
                    }
                    let stop = || lowest.load(Ordering::SeqCst) < i;
                    let result = match check(i, &stop) {
                        _ if stop() => break,
                        Ok(None) => {
                            passed();
                            continue;
                        }
                        Ok(Some(t)) => Ok(t),
                        Err(e) => Err(e),
                    };
                    let mut found = found.lock().unwrap_or_else(|e| e.into_inner());
                    if found.as_ref().is_none_or(|(j, _)| i < *j) {
                        *found = Some((i, result));
                        lowest.fetch_min(i, Ordering::SeqCst);
                    }
                }
            });
        }
    });
    match found.into_inner().unwrap_or_else(|e| e.into_inner()) {
        None => Ok(None),
        Some((i, result)) => result.map(|t| Some((i, t))),
    }
}

/// An exit code, or the signal that killed the process.
fn exit_of(status: &std::process::ExitStatus) -> Result<i32, i32> {
    if let Some(code) = status.code() {
        return Ok(code);
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        if let Some(sig) = status.signal() {
            return Err(sig);
        }
    }
    Ok(-1)
}

/// Output lines with trailing whitespace trimmed, without trailing blank lines.
fn normalized(out: &[u8]) -> Vec<&[u8]> {
    let mut lines: Vec<&[u8]> = out
        .split(|&b| b == b'\n')
        .map(|l| l.trim_ascii_end())
        .collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

/// The seed of case `i`: SplitMix64 of the seed and the case, so neighbouring seeds and cases
/// are unrelated.
fn case_seed(seed: u64, i: u64) -> u64 {
    fn mix(mut z: u64) -> u64 {
        z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    mix(seed ^ mix(i))
}

/// Board `i` (from 0) of `cases` for `puzzle`.
pub fn case_board(puzzle: Puzzle, rect: bool, seed: u64, i: u64, cases: u64, max: u64) -> Grid {
    let mut rng = generate::rng(case_seed(seed, i));
    let ramp = (cases / 2).max(1);
    let cap = (1 + (max - 1) * i.min(ramp) / ramp) as usize;
    let cells = rng.random_range(cap.div_ceil(2)..=cap);
    let (rows, cols) = if puzzle == Puzzle::Rooks && !rect {
        let n = cells.isqrt().max(1);
        (n, n)
    } else {
        let r = rng.random_range(1..=cells.isqrt().max(1));
        let c = (cells / r).max(1);
        if rng.random_bool(0.5) { (r, c) } else { (c, r) }
    };
    let density = [0.0, 0.1, 0.2, 0.3, 0.5, 0.7][rng.random_range(0..6usize)];
    if i % 8 == 7 {
        return deep_shape(&mut rng, puzzle, rows, cols);
    }
    match puzzle {
        Puzzle::Lpuzzle => {
            // Near misses twice as often: the boards whose answer hangs on one conflict.
            let styles = [
                LStyle::Tiled,
                LStyle::NearMiss,
                LStyle::Random,
                LStyle::NearMiss,
            ];
            let style = styles[(i % 4) as usize];
            let density = match style {
                LStyle::Random => 0.3 + density,
                _ => 0.5 + density * 0.7,
            };
            generate::lpuzzle(&mut rng, rows, cols, density, style)
        }
        _ => generate::board(&mut rng, puzzle, rows, cols, density, LStyle::Tiled),
    }
}

/// The deep boards of `bench/deep.sh` at this size: rooks with a pawn on every k-th cell, the
/// L-puzzle chain `BWBW…` over `W.W.…` (one per pair of rows), King corridors joined at
/// alternating ends with K in a corner.
fn deep_shape(rng: &mut generate::GenRng, puzzle: Puzzle, rows: usize, cols: usize) -> Grid {
    let mut cells = vec![b'.'; rows * cols];
    match puzzle {
        Puzzle::Rooks => {
            let k = rng.random_range(2..=7usize);
            for c in cells.iter_mut().skip(k - 1).step_by(k) {
                *c = b'X';
            }
        }
        Puzzle::Lpuzzle => {
            for r in (0..rows.saturating_sub(1)).step_by(2) {
                for c in 0..cols {
                    cells[r * cols + c] = if c % 2 == 0 { b'B' } else { b'W' };
                    cells[(r + 1) * cols + c] = if c % 2 == 0 { b'W' } else { b'.' };
                }
            }
        }
        Puzzle::King => {
            let width = rng.random_range(1..=2usize);
            for (wall, r) in (width..rows).step_by(width + 1).enumerate() {
                let gap = if wall % 2 == 0 { cols - 1 } else { 0 };
                for c in (0..cols).filter(|&c| c != gap) {
                    cells[r * cols + c] = b'#';
                }
            }
            cells[0] = b'K';
        }
    }
    Grid::from_cells(rows, cols, cells)
}

/// `1 case`, `2 cases` (every noun here takes an `s`).
fn plural(n: u64, what: &str) -> String {
    gridmatch::formats::count(n, what, &format!("{what}s"))
}

/// What went wrong, after "CMD".
fn describe(kind: &Kind, timeout: Duration) -> String {
    match kind {
        Kind::Wrong => "printed a wrong answer".into(),
        Kind::Crashed(Ok(code)) => format!("exited with status {code}"),
        Kind::Crashed(Err(sig)) => format!("was killed by signal {sig}"),
        Kind::TimedOut => format!("ran out of time ({} s)", timeout.as_secs_f64()),
        Kind::TooMuchOutput(stderr) => format!(
            "printed more than {} MiB on {}",
            run::OUTPUT_CAP >> 20,
            if *stderr { "stderr" } else { "stdout" }
        ),
    }
}

/// Writes `bytes` as text, ending in a newline; `(nothing)` if empty.
fn write_text(out: &mut dyn Write, bytes: &[u8]) -> io::Result<()> {
    if bytes.is_empty() {
        return writeln!(out, "(nothing)");
    }
    out.write_all(bytes)?;
    if !bytes.ends_with(b"\n") {
        writeln!(out)?;
    }
    Ok(())
}

/// At most the last `n` lines of `bytes`.
fn last_lines(bytes: &[u8], n: usize) -> &[u8] {
    let trimmed = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let mut start = trimmed.len();
    for _ in 0..n {
        match trimmed[..start].iter().rposition(|&b| b == b'\n') {
            Some(p) => start = p,
            None => return bytes,
        }
    }
    &bytes[start + 1..]
}

/// `gridmatch stress`: exit 0 when every case passes, 1 on a failure.
pub fn stress(args: StressArgs, out: &mut dyn Write) -> Result<ExitCode, Error> {
    if args.moves.is_some() && args.puzzle != Puzzle::King {
        return Err(usage("stress: --moves is for king only".into()));
    }
    if args.rect && args.puzzle != Puzzle::Rooks {
        return Err(usage("stress: --rect is for rooks only".into()));
    }
    run::check_program(&args.cmd[0]).map_err(|e| usage(format!("stress: {e}")))?;
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let jobs = args.jobs.unwrap_or(cores).clamp(1, 256);
    let ctx = Ctx {
        puzzle: args.puzzle,
        // The plain judge answer (other options keep their defaults).
        opts: Options {
            mode: Style::Judge,
            rect: args.rect,
            extras: Request {
                moves: args.moves.unwrap_or_default(),
                ..Request::judge()
            },
        },
        cmd: args.cmd.clone(),
        timeout: args.timeout,
    };
    let bar = if io::stderr().is_terminal() {
        let bar = ProgressBar::new(args.cases);
        bar.set_style(
            ProgressStyle::with_template("{pos}/{len} cases passed {msg} {elapsed}")
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
        );
        bar
    } else {
        ProgressBar::hidden()
    };
    // Ctrl-C or SIGTERM: the programs running now get the signal and are then killed, the
    // progress line is cleared, and the process exits 130 or 143.
    let weak = bar.downgrade();
    crate::signals::on_interrupt(move |sig| {
        run::interrupt(sig);
        if let Some(bar) = weak.upgrade() {
            bar.finish_and_clear();
            bar.set_draw_target(indicatif::ProgressDrawTarget::hidden());
        }
    });
    let board = |i: u64| {
        case_board(
            args.puzzle,
            args.rect,
            args.seed,
            i,
            args.cases,
            args.max_cells,
        )
    };
    // The lowest-numbered failure, found as soon as its run ends.
    let first = first_failing(
        args.cases,
        jobs,
        |i, stop| ctx.check(&board(i), stop),
        || bar.inc(1),
    )?;
    // A program killed by the forwarded Ctrl-C is no failure to report.
    run::halt_if_interrupted();
    let Some((index, failure)) = first else {
        bar.finish_and_clear();
        writeln!(out, "all {} passed", plural(args.cases, "case"))?;
        return Ok(ExitCode::SUCCESS);
    };
    let start = board(index);
    let kind = failure.kind.clone();
    // What failed, at once: shrinking may take a while (a hang: up to about half a minute).
    bar.suspend(|| -> io::Result<()> {
        writeln!(out, "{} passed", plural(index, "case"))?;
        writeln!(
            out,
            "case {} failed: {} {}",
            index + 1,
            quoted(&args.cmd),
            describe(&kind, args.timeout)
        )?;
        out.flush()
    })?;
    let limit = if kind == Kind::TimedOut {
        ((SHRINK_TIMEOUT_BUDGET / args.timeout.as_secs_f64()) as usize).clamp(1, SHRINK_RUNS)
    } else {
        SHRINK_RUNS
    };
    bar.set_message(format!(
        "- case {} failed, shrinking {}x{}",
        index + 1,
        start.rows(),
        start.cols()
    ));
    let rules = Rules::of(args.puzzle, args.rect);
    // What the program printed on the board the shrinker keeps: the first failure of a batch,
    // when it is smaller than the best so far (one output held, not one per candidate).
    let mut best = (start.clone(), Some(failure.output));
    let shrunk = shrink(start.clone(), rules, limit, jobs, |cands| {
        // Only the first failing candidate counts: the ones after it are stopped.
        let first = first_failing(
            cands.len() as u64,
            jobs,
            |j, stop| {
                Ok(match ctx.check(&cands[j as usize], stop) {
                    Ok(Some(f)) if f.kind == kind => Some(f.output),
                    _ => None,
                })
            },
            || {},
        );
        let mut fails = vec![false; cands.len()];
        if let Ok(Some((j, output))) = first {
            let j = j as usize;
            fails[j] = true;
            let g = &cands[j];
            if measure(g) < measure(&best.0) {
                best = (g.clone(), Some(output));
            }
            bar.set_message(format!(
                "- case {} failed, shrinking {}x{}",
                index + 1,
                g.rows(),
                g.cols()
            ));
        }
        fails
    });
    let grid = &shrunk.grid;
    let input = ctx.input(grid);
    let got = match best {
        (g, output) if g == *grid => output,
        _ => ctx.check(grid, &|| false)?.map(|f| f.output),
    };
    run::halt_if_interrupted();
    bar.finish_and_clear();
    let expected = ctx.answer(&input, Style::Judge)?;
    let show = ctx.answer(&input, Style::Show)?;
    writeln!(
        out,
        "shrunk from {}x{} to {}x{} in {}{}",
        start.rows(),
        start.cols(),
        grid.rows(),
        grid.cols(),
        plural(shrunk.runs as u64, "run"),
        if shrunk.limited {
            " (stopped at the run limit)"
        } else {
            ""
        }
    )?;
    match save_board(args.save.as_deref(), &input) {
        Ok(path) => writeln!(out, "the board (saved to {}):", path.display())?,
        Err((path, e)) => writeln!(out, "the board (could not save it to {path}: {e}):")?,
    }
    out.write_all(&input)?;
    // The judge answers side by side, then gridmatch's drawn with its explanation.
    writeln!(out, "expected:")?;
    write_text(out, &expected)?;
    writeln!(out, "got:")?;
    if let Some(got) = got {
        write_text(out, &got.stdout)?;
        if matches!(kind, Kind::Crashed(_)) && !got.stderr.is_empty() {
            writeln!(out, "stderr (last lines):")?;
            write_text(out, last_lines(&got.stderr, 10))?;
        }
    }
    writeln!(out, "gridmatch's answer drawn:")?;
    write_text(out, &show)?;
    Ok(ExitCode::from(1))
}

/// Writes the shrunk board to `--save FILE`, or to a new file in the temporary directory (the
/// working directory gets nothing it was not asked for); returns the path written, or the
/// path (or folder) that failed and why.
fn save_board(
    save: Option<&std::path::Path>,
    input: &[u8],
) -> Result<PathBuf, (String, io::Error)> {
    match save {
        Some(path) => std::fs::write(path, input)
            .map(|()| path.to_path_buf())
            .map_err(|e| (path.display().to_string(), e)),
        None => {
            let dir = std::env::temp_dir();
            let fail = |e| (format!("a new file in {}", dir.display()), e);
            let mut file = tempfile::Builder::new()
                .prefix("gridmatch-stress-")
                .suffix(".in")
                .tempfile_in(&dir)
                .map_err(fail)?;
            file.write_all(input).map_err(fail)?;
            let (_, path) = file.keep().map_err(|e| fail(e.error))?;
            Ok(path)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalizing_ignores_trailing_whitespace_only() {
        assert_eq!(normalized(b"3 \r\n\n\n"), normalized(b"3"));
        assert_ne!(normalized(b" 3\n"), normalized(b"3\n"));
        assert_ne!(normalized(b"3\n\n4\n"), normalized(b"3\n4\n"));
    }

    #[test]
    fn boards_grow_and_are_valid() {
        for puzzle in [Puzzle::Rooks, Puzzle::Lpuzzle, Puzzle::King] {
            let rules = Rules::of(puzzle, false);
            assert_eq!(case_board(puzzle, false, 1, 0, 100, 64).cells().len(), 1);
            for i in 0..100 {
                let g = case_board(puzzle, false, 1, i, 100, 64);
                assert!(rules.valid(&g), "{puzzle} case {i}: {g:?}");
                assert!(g.cells().len() <= 64);
                assert_eq!(g, case_board(puzzle, false, 1, i, 100, 64));
            }
            let big = (50..100)
                .map(|i| case_board(puzzle, false, 1, i, 100, 64).cells().len())
                .max();
            assert!(big >= Some(40), "{puzzle}: {big:?}");
        }
    }

    #[test]
    fn last_lines_of_stderr() {
        assert_eq!(last_lines(b"a\nb\nc\n", 2), b"b\nc\n");
        assert_eq!(last_lines(b"a\nb", 5), b"a\nb");
    }
}
