//! The `gridmatch` command: a thin layer over the library (arguments → options → run → exit code).

use std::fs::File;
use std::io::{self, BufRead, BufReader, BufWriter, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand, ValueEnum};
use gridmatch::app::{self, AppError, Mode};
use gridmatch::board::{self, BoardReader};
use gridmatch::generate;
use gridmatch::puzzles::king::{Moves, Player};

/// Board puzzles solved by graph reductions, with proofs.
#[derive(Parser, Debug)]
#[command(name = "gridmatch", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Most non-attacking rooks (UVa 12668); prints the judge's answer per board.
    Rooks {
        #[command(flatten)]
        input: InputArgs,
        /// Boards are given as `R C` then R rows (rectangular) instead of `N`.
        #[arg(long)]
        rect: bool,
    },
    /// Can a pattern be built from L pieces (NWERC 2011 "Piece it together")? Prints YES/NO per board.
    Lpuzzle {
        #[command(flatten)]
        input: InputArgs,
    },
    /// Who wins the King game (GCJ 2008 "King")? Prints `Case #x: A` or `B` per board.
    King {
        #[command(subcommand)]
        action: Option<KingAction>,
        #[command(flatten)]
        input: InputArgs,
        /// After each answer, print who wins from every free square (A/B, # for burned).
        #[arg(long)]
        all: bool,
        /// How the piece moves; GCJ's game is `king` (8 neighbours).
        #[arg(long, value_enum, default_value_t = MovesArg::King)]
        moves: MovesArg,
    },
    /// Checks the certificates printed by --json, one line per certificate; exit 1 if any fails.
    Verify {
        /// JSON lines file (`-` for stdin).
        file: PathBuf,
        /// Refuse certificate lines longer than this [default: what fits in three quarters of
        /// this machine's memory at 16 bytes per byte of a line].
        #[arg(long, value_name = "N")]
        max_line_bytes: Option<usize>,
    },
    /// Solves the built-in sample boards of every puzzle and draws the answers.
    Demo,
    /// A local web playground on 127.0.0.1: paint a board, see the answer and picture live.
    Serve {
        /// TCP port on 127.0.0.1.
        #[arg(long, default_value_t = 8080)]
        port: u16,
    },
    /// Writes random instances in a puzzle's judge format (deterministic for a seed).
    Gen(GenArgs),
}

#[derive(Args, Debug)]
struct GenArgs {
    /// Which puzzle.
    #[arg(value_enum)]
    puzzle: PuzzleArg,
    /// Rows of each board.
    #[arg(long, default_value_t = 8)]
    rows: usize,
    /// Columns of each board (default: as many as rows).
    #[arg(long)]
    cols: Option<usize>,
    /// Pawns (rooks), burned squares (king), piece attempts (lpuzzle tiled) or filled cells
    /// (lpuzzle random), as a fraction.
    #[arg(long, default_value_t = 0.1)]
    density: f64,
    /// Number of boards.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// L-puzzle patterns: tiled (solvable), near-miss, random.
    #[arg(long, value_enum, default_value_t = StyleArg::Tiled)]
    style: StyleArg,
    /// Rooks: write `R C` headers (for `rooks --rect`) even for square boards.
    #[arg(long)]
    rect: bool,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum PuzzleArg {
    Rooks,
    Lpuzzle,
    King,
}

impl PuzzleArg {
    fn name(self) -> &'static str {
        match self {
            PuzzleArg::Rooks => "rooks",
            PuzzleArg::Lpuzzle => "lpuzzle",
            PuzzleArg::King => "king",
        }
    }

    /// Peak memory per cell of one board in its worst shape and output mode, rounded up.
    /// Measured with `/usr/bin/time -f %M` (`--json` is the heaviest mode): rooks 86 B on a
    /// 10⁷ × 1 column (every cell its own row run; 33 B in judge mode), 73 B on a 3000²
    /// checkerboard; L-puzzle 20 B on a 2000² near-miss pattern; King 138 B on an open 1000²
    /// board with knight moves (130 B king moves, 81 B judge mode).
    fn peak_bytes_per_cell(self) -> u64 {
        match self {
            PuzzleArg::Rooks => 96,
            PuzzleArg::Lpuzzle => 32,
            PuzzleArg::King => 160,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum StyleArg {
    Tiled,
    NearMiss,
    Random,
}

fn gen_cmd(args: &GenArgs, out: &mut dyn Write) -> Result<(), AppError> {
    let rows = args.rows;
    let cols = args.cols.unwrap_or(rows);
    if rows == 0 || cols == 0 || !(0.0..=1.0).contains(&args.density) {
        return Err(usage(
            "gen: --rows/--cols must be at least 1 and --density within 0..1".into(),
        ));
    }
    if args.puzzle == PuzzleArg::Rooks && rows != cols && !args.rect {
        return Err(usage(
            "gen rooks: the UVa format is square; use --rect for R x C boards".into(),
        ));
    }
    // The board is built in memory before it is written: at most 5.3 bytes per cell at the
    // peak (L-puzzle tiled 3000²; rooks 1.4, King 2.4).
    let limit = memory_bytes().map_or(board::MAX_CELLS, |bytes| {
        board::max_cells_for_memory(bytes, 8)
    });
    match rows.checked_mul(cols) {
        Some(cells) if cells as u64 <= limit => {}
        _ => {
            return Err(usage(format!(
                "gen: a board of {rows} × {cols} cells is more than {limit}, the most this \
                 machine can build"
            )));
        }
    }
    let mut rng = generate::rng(args.seed);
    if args.puzzle != PuzzleArg::Rooks {
        writeln!(out, "{}", args.count)?;
    }
    for _ in 0..args.count {
        let grid = match args.puzzle {
            PuzzleArg::Rooks => generate::rooks(&mut rng, rows, cols, args.density),
            PuzzleArg::King => generate::king(&mut rng, rows, cols, args.density),
            PuzzleArg::Lpuzzle => {
                let style = match args.style {
                    StyleArg::Tiled => generate::LStyle::Tiled,
                    StyleArg::NearMiss => generate::LStyle::NearMiss,
                    StyleArg::Random => generate::LStyle::Random,
                };
                generate::lpuzzle(&mut rng, rows, cols, args.density, style)
            }
        };
        if args.puzzle == PuzzleArg::Rooks && !args.rect {
            writeln!(out, "{rows}")?;
        } else {
            writeln!(out, "{rows} {cols}")?;
        }
        for r in 0..rows {
            out.write_all(grid.row(r))?;
            out.write_all(b"\n")?;
        }
    }
    Ok(())
}

#[derive(Subcommand, Debug)]
enum KingAction {
    /// Play the King game against the engine in the terminal.
    Play {
        /// Board file in the King judge format (the first board is played, or --case).
        file: PathBuf,
        /// Which board of the file.
        #[arg(long, default_value_t = 1)]
        case: u64,
        /// Your side: alice (moves first) or bob.
        #[arg(long, value_enum, default_value_t = SideArg::Alice)]
        side: SideArg,
        /// How the piece moves.
        #[arg(long, value_enum, default_value_t = MovesArg::King)]
        moves: MovesArg,
    },
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum MovesArg {
    King,
    Wazir,
    Ferz,
    Knight,
}

impl From<MovesArg> for Moves {
    fn from(m: MovesArg) -> Moves {
        match m {
            MovesArg::King => Moves::King,
            MovesArg::Wazir => Moves::Wazir,
            MovesArg::Ferz => Moves::Ferz,
            MovesArg::Knight => Moves::Knight,
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum SideArg {
    Alice,
    Bob,
}

#[derive(Args, Debug)]
struct InputArgs {
    /// Input file in the judge's format (stdin if absent or `-`).
    file: Option<PathBuf>,
    /// After each answer, draw the board with the solution.
    #[arg(long, conflicts_with = "json")]
    show: bool,
    /// Print one JSON certificate per board instead of the judge's output.
    #[arg(long)]
    json: bool,
    /// Worker threads for multi-board inputs (default and most: all cores); output is identical.
    #[arg(long, short = 'j', value_name = "N")]
    jobs: Option<usize>,
    /// Also write one SVG picture per board into DIR (DIR/case-0001.svg, ...).
    #[arg(long, value_name = "DIR")]
    svg: Option<PathBuf>,
    /// Refuse boards with more cells than this [default: as many as fit in three quarters of
    /// this machine's memory; at most 4294967294].
    #[arg(long, value_name = "N")]
    max_cells: Option<u64>,
}

impl InputArgs {
    fn batch(&self) -> app::Batch {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        app::Batch {
            // The work is CPU-bound: threads beyond the cores only cost (thousands of them took
            // seconds to start).
            jobs: self.jobs.unwrap_or(cores).clamp(1, cores),
            svg: self.svg.clone(),
            progress: io::stderr().is_terminal(),
        }
    }

    fn mode(&self) -> Mode {
        if self.json {
            Mode::Json
        } else if self.show {
            Mode::Show
        } else {
            Mode::Judge
        }
    }
}

fn open(path: Option<&PathBuf>) -> Result<(Box<dyn BufRead>, String), String> {
    match path {
        None => Ok((Box::new(io::stdin().lock()), "<stdin>".into())),
        Some(p) if p.as_os_str() == "-" => Ok((Box::new(io::stdin().lock()), "<stdin>".into())),
        Some(p) => match File::open(p) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => Err(format!(
                "cannot read {}: it is a directory, expected a file",
                p.display()
            )),
            Ok(f) => Ok((
                Box::new(BufReader::with_capacity(1 << 16, f)),
                p.display().to_string(),
            )),
            Err(e) => Err(format!("cannot open {}: {e}", p.display())),
        },
    }
}

fn board_reader(
    file: Option<&PathBuf>,
    max_cells: Option<u64>,
    puzzle: PuzzleArg,
) -> Result<BoardReader<Box<dyn BufRead>>, String> {
    let (r, name) = open(file)?;
    let reader = BoardReader::new(r, name);
    // Cell indices are u32 inside the solvers: boards stay below 2^32 - 1 cells whatever the flag.
    Ok(match max_cells {
        Some(n) if n > board::MAX_CELLS => {
            reader
                .with_max_cells(board::MAX_CELLS)
                .with_limit_hint(format!(
                    "{} cells is the most gridmatch can index",
                    board::MAX_CELLS
                ))
        }
        Some(n) => reader.with_max_cells(n),
        None => {
            let memory = memory_bytes();
            let per_cell = puzzle.peak_bytes_per_cell();
            let Some(bytes) = memory else {
                return Ok(reader.with_limit_hint(
                    "the default limit applies because this machine's memory is unknown; \
                     raise it with --max-cells N",
                ));
            };
            let limit = board::max_cells_for_memory(bytes, per_cell);
            reader.with_max_cells(limit).with_limit_hint(format!(
                "the default limit keeps one board within 3/4 of this machine's {} \
                 ({per_cell} bytes per cell for {}); raise it with --max-cells N",
                gib(bytes),
                puzzle.name()
            ))
        }
    })
}

/// The memory this process may use, in bytes, if the OS tells: the machine's RAM, or its
/// container's (cgroup) limit when that is lower, and never more than the address space.
fn memory_bytes() -> Option<u64> {
    use sysinfo::{MemoryRefreshKind, RefreshKind, System};
    let sys = System::new_with_specifics(
        RefreshKind::nothing().with_memory(MemoryRefreshKind::nothing().with_ram()),
    )
    .ok()?;
    let ram = Some(sys.total_memory()).filter(|&b| b > 0)?;
    let cgroup = sys
        .cgroup_limits()
        .map_or(u64::MAX, |c| c.total_memory)
        .max(1);
    Some(
        ram.min(cgroup)
            .min(u64::try_from(usize::MAX).unwrap_or(u64::MAX)),
    )
}

/// `23.5 GiB`.
fn gib(bytes: u64) -> String {
    format!("{:.1} GiB", bytes as f64 / f64::from(1u32 << 30))
}

/// Bytes `verify` may hold per byte of a certificate line: the line itself and the record read
/// from it (7–10 bytes per byte measured in tests/memory.rs, ~7.5 for a 10⁷ × 1 rooks board).
const VERIFY_BYTES_PER_BYTE: u64 = 16;

/// Runs the command; `Ok(code)` is the exit code, `Err` an error already worth printing.
fn run(cli: Cli, out: &mut dyn Write) -> Result<ExitCode, AppError> {
    match cli.command {
        Command::Rooks { input, rect } => {
            let mut reader = board_reader(input.file.as_ref(), input.max_cells, PuzzleArg::Rooks)
                .map_err(usage)?;
            let opts = app::RooksOptions {
                mode: input.mode(),
                rect,
            };
            app::rooks_batch(&mut reader, &mut { out }, &opts, &input.batch())?;
        }
        Command::Lpuzzle { input } => {
            let mut reader = board_reader(input.file.as_ref(), input.max_cells, PuzzleArg::Lpuzzle)
                .map_err(usage)?;
            app::lpuzzle_batch(&mut reader, &mut { out }, input.mode(), &input.batch())?;
        }
        Command::King {
            action: None,
            input,
            all,
            moves,
        } => {
            let mut reader = board_reader(input.file.as_ref(), input.max_cells, PuzzleArg::King)
                .map_err(usage)?;
            let opts = app::KingOptions {
                mode: input.mode(),
                all,
                moves: moves.into(),
            };
            app::king_batch(&mut reader, &mut { out }, &opts, &input.batch())?;
        }
        Command::King {
            action:
                Some(KingAction::Play {
                    file,
                    case,
                    side,
                    moves,
                }),
            ..
        } => {
            let mut reader = board_reader(Some(&file), None, PuzzleArg::King).map_err(usage)?;
            let human = match side {
                SideArg::Alice => Player::Alice,
                SideArg::Bob => Player::Bob,
            };
            let stdin = io::stdin();
            app::play(
                &mut reader,
                case,
                moves.into(),
                human,
                &mut stdin.lock(),
                &mut { out },
            )?;
        }
        Command::Verify {
            file,
            max_line_bytes,
        } => {
            let (r, name) = open(Some(&file)).map_err(usage)?;
            let (limit, hint) = match (max_line_bytes, memory_bytes()) {
                (Some(n), _) => (n, None),
                (None, Some(bytes)) => (
                    usize::try_from(board::units_in_memory(bytes, VERIFY_BYTES_PER_BYTE))
                        .unwrap_or(usize::MAX),
                    Some(format!(
                        "the default limit keeps verify within 3/4 of this machine's {} \
                         ({VERIFY_BYTES_PER_BYTE} bytes per byte of a line); raise it with \
                         --max-line-bytes N",
                        gib(bytes)
                    )),
                ),
                (None, None) => (app::DEFAULT_MAX_LINE_BYTES, None),
            };
            let summary = app::verify_with_limit(r, &name, &mut { out }, limit, hint.as_deref())?;
            if summary.failed > 0 {
                eprintln!(
                    "gridmatch verify: {} of {} certificates failed",
                    summary.failed, summary.checked
                );
                return Ok(ExitCode::from(1));
            }
        }
        Command::Demo => app::demo(&mut { out })?,
        Command::Gen(args) => gen_cmd(&args, out)?,
        Command::Serve { port } => {
            out.flush()?;
            gridmatch::serve::run(port)?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

/// A file that cannot be opened is reported like bad input (exit 2).
fn usage(msg: String) -> AppError {
    AppError::Io(io::Error::new(io::ErrorKind::NotFound, msg))
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = io::stdout();
    let mut out = BufWriter::with_capacity(1 << 16, stdout.lock());
    let result = run(cli, &mut out);
    let flushed = out.flush();
    let code = match result {
        Ok(code) => code,
        Err(AppError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => return ExitCode::SUCCESS,
        Err(AppError::Input(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
        Err(AppError::Io(e)) => {
            eprintln!("error: {e}");
            ExitCode::from(2)
        }
    };
    match flushed {
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: writing output: {e}");
            ExitCode::from(2)
        }
        Ok(()) => code,
    }
}
