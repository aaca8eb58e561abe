//! The `gridmatch` command: its arguments ([`Cli`]), the limits it derives from the machine
//! ([`limits`]), the one batch driver for every puzzle ([`batch`]), `king play` ([`mod@play`]),
//! `verify` ([`mod@verify`]), `demo`, `gen` and the man pages ([`man`]). [`run`] dispatches a
//! parsed command line.
//!
//! Behind the `cli` feature, and not part of the library's API: public only for the binary,
//! its tests and the fuzz targets.

pub mod batch;
pub mod dm;
pub mod graphs;
pub mod limits;
pub mod man;
pub mod play;
use std::borrow::Cow;
pub use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal, Write};
use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, Parser, Subcommand};

use crate::stress;

pub use batch::{Batch, Options, solve_all};

use gridmatch::formats::judge::{BoardReader, Header, write_board, write_count};
use gridmatch::formats::output::Style;
use gridmatch::generate::{self, LStyle};
use gridmatch::graph::weighted::{Cardinality, Question, Sense};
use gridmatch::puzzles::king::{Moves, Player};
use gridmatch::puzzles::{Puzzle, Request};
use gridmatch::read::{
    Format, GraphInput, Weights, read_cnf_within, read_graph, read_weighted_graph,
};
use gridmatch::verify;
use gridmatch::{Grid, InputError};

/// What a run failed on.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Bad input (exit code 2), with the command line's flags named ([`name_flags`]).
    #[error(transparent)]
    Input(InputError),
    /// Reading or writing failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The command cannot run as given: a file that cannot be opened, a path that cannot be
    /// used, flags that do not go together (exit code 2).
    #[error("{0}")]
    Usage(String),
    /// A board the puzzle interface cannot answer (a King board without its single `K`; the
    /// reader refuses those first, with their position).
    #[error(transparent)]
    Answer(#[from] gridmatch::puzzles::AnswerError),
}

impl From<InputError> for Error {
    fn from(e: InputError) -> Error {
        Error::Input(name_flags(e))
    }
}

/// The library's error with this command line's flag for its remedy (the library names none):
/// every bad input the command line prints comes through here.
pub fn name_flags(e: InputError) -> InputError {
    let flag = match e.remedy {
        Some(gridmatch::Remedy::Weights) => "--weights",
        Some(gridmatch::Remedy::CellLimit) => "--max-cells",
        Some(gridmatch::Remedy::LineLimit) => "--max-line-bytes",
        _ => return e,
    };
    e.name_flag(flag)
}

impl From<gridmatch::RunError> for Error {
    fn from(e: gridmatch::RunError) -> Error {
        match e {
            gridmatch::RunError::Input(e) => e.into(),
            gridmatch::RunError::Io(e) => Error::Io(e),
            // RunError is non-exhaustive; every kind it has today is above.
            other => Error::Io(io::Error::other(other)),
        }
    }
}

/// Board puzzles solved by graph reductions, with proofs.
#[derive(Parser, Debug)]
#[command(
    name = "gridmatch",
    version,
    about = "Board puzzles solved by graph reductions, with proofs.",
    long_about = None,
    arg_required_else_help = true,
    args_conflicts_with_subcommands = true
)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// Print a generated file instead: the man page (`man`) or a shell completion script
    /// (`complete-bash`, `complete-zsh`, `complete-fish`, `complete-powershell`). `man DIR`
    /// writes the page of every command into DIR instead (gridmatch.1, gridmatch-rooks.1, …,
    /// gridmatch-king-play.1).
    #[arg(long, num_args = 1..=2, value_names = ["KIND", "DIR"])]
    generate: Vec<std::ffi::OsString>,
}

impl Cli {
    /// Parses the process's arguments as [`parsing_command`] defines them; on an error, `--help`
    /// or `--version`, prints what clap prints and exits as clap does.
    pub fn parse_args() -> Cli {
        use clap::FromArgMatches;
        let mut cmd = parsing_command();
        let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
        let matches = cmd
            .try_get_matches_from_mut(&args)
            .unwrap_or_else(|e| explained(e, &mut cmd, &args).exit());
        Cli::from_arg_matches(&matches).unwrap_or_else(|e| e.format(&mut cmd).exit())
    }

    /// What the out-of-memory line adds after the amount ([`crate::oom`]): the flag that bounds
    /// this command's input.
    pub fn memory_hint(&self) -> &'static str {
        match &self.command {
            Some(Command::Match { .. } | Command::Geography { .. }) => {
                "; lower --max-edges or give a smaller graph"
            }
            Some(Command::Twosat { .. }) => "; lower --max-clauses or give a smaller formula",
            Some(Command::Verify { .. }) => "; lower --max-line-bytes or give smaller certificates",
            Some(Command::Rooks { .. } | Command::Lpuzzle { .. } | Command::King { .. }) => {
                "; lower --max-cells or give smaller boards"
            }
            _ => "; give a smaller input",
        }
    }
}

/// Flags a command does not have but a user may expect from the others, and what it does
/// instead: clap's own message would suggest passing the flag as a file name (`tip: to pass
/// '--json' as a value, use '-- --json'`).
const NOT_HERE: [(&str, &str, &str); 1] = [(
    "twosat",
    "--json",
    "twosat has no --json: it writes the SAT competition's text, `s SATISFIABLE` and the model \
     on one `v … 0` line (exit code 10) or `s UNSATISFIABLE` (exit code 20), which SAT tools \
     read; --proof adds the implication chain behind an UNSAT answer, --forced and --unique \
     `c` lines after a model",
)];

/// clap's error `e` for the command line `args`, or the message of [`NOT_HERE`] for its flag.
fn explained(e: clap::Error, cmd: &mut clap::Command, args: &[std::ffi::OsString]) -> clap::Error {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    if e.kind() != ErrorKind::UnknownArgument {
        return e;
    }
    let Some(ContextValue::String(given)) = e.get(ContextKind::InvalidArg) else {
        return e;
    };
    let flag = given.split('=').next().unwrap_or(given);
    // The root command takes no flag before a subcommand's name (--generate excludes one).
    let command = args.get(1).and_then(|a| a.to_str());
    for (name, not_a_flag, message) in NOT_HERE {
        if command == Some(name)
            && flag == not_a_flag
            && let Some(sub) = cmd.find_subcommand_mut(name)
        {
            return sub.error(ErrorKind::UnknownArgument, message);
        }
    }
    e
}

/// The command line as it is parsed: [`Cli`]'s, with every subcommand's usage line fixed to
/// the one its `--help` shows. Left to itself, clap's error message prints the arguments that
/// were given as if they were required — `Usage: gridmatch match --pairs <FILE>` although FILE
/// is optional (standard input when absent). The man pages and completions are generated from
/// [`Cli`]'s own command, whose synopsis lists every flag.
pub fn parsing_command() -> clap::Command {
    use clap::CommandFactory;
    let mut cmd = Cli::command();
    cmd.build();
    fix_usage(&mut cmd);
    cmd
}

/// Sets each subcommand's usage (recursively) to what clap renders for it with nothing given.
fn fix_usage(cmd: &mut clap::Command) {
    for sub in cmd.get_subcommands_mut() {
        fix_usage(sub);
        let usage = usage_without_title(sub.render_usage());
        *sub = std::mem::take(sub).override_usage(usage);
    }
}

/// `Usage: gridmatch match [OPTIONS] [FILE]` → `gridmatch match [OPTIONS] [FILE]`, keeping the
/// styles (clap adds the title to an overridden usage itself).
fn usage_without_title(usage: clap::builder::StyledStr) -> clap::builder::StyledStr {
    let ansi = usage.ansi().to_string();
    let Some(at) = ansi.find("Usage:") else {
        return usage;
    };
    let mut rest = &ansi[at + "Usage:".len()..];
    // The title's reset, then the space after it.
    while let Some(tail) = rest.strip_prefix("\x1b[0m") {
        rest = tail;
    }
    let rest = rest.strip_prefix(' ').unwrap_or(rest);
    clap::builder::StyledStr::from(rest.to_string())
}

/// What `--generate` prints (ripgrep's convention).
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Generated {
    /// The man page (roff), for `man -l -` or a `man1` folder.
    Man,
    /// Completions for bash.
    CompleteBash,
    /// Completions for zsh.
    CompleteZsh,
    /// Completions for fish.
    CompleteFish,
    /// Completions for PowerShell.
    CompletePowershell,
}

/// Writes the man page or a completion script for the whole command line (`--generate KIND`),
/// or every man page into a directory (`--generate man DIR`).
fn generate_file(args: &[std::ffi::OsString], out: &mut dyn Write) -> Result<(), Error> {
    use clap::{CommandFactory, ValueEnum};
    use clap_complete::Shell;
    let mut cmd = Cli::command();
    let kinds = || {
        Generated::value_variants()
            .iter()
            .filter_map(|k| k.to_possible_value())
            .map(|v| v.get_name().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let kind = args[0]
        .to_str()
        .and_then(|k| Generated::from_str(k, false).ok())
        .ok_or_else(|| {
            usage(format!(
                "--generate: `{}` is not one of {}",
                args[0].to_string_lossy(),
                kinds()
            ))
        })?;
    if let Some(dir) = args.get(1) {
        if kind != Generated::Man {
            return Err(usage(format!(
                "--generate {}: a directory is only taken by `--generate man DIR`",
                args[0].to_string_lossy()
            )));
        }
        let dir = std::path::Path::new(dir);
        if !dir.exists()
            && man::subcommand_names(&cmd)
                .iter()
                .any(|n| dir.as_os_str() == n.as_str())
        {
            return Err(usage(format!(
                "--generate man {0}: `{0}` would be a new directory; every page, \
                 gridmatch-{0}.1 among them, is written by `gridmatch --generate man DIR` \
                 (`gridmatch --generate man ./{0}` makes the directory)",
                dir.display()
            )));
        }
        man::write_all_pages(cmd, dir).map_err(|e| {
            usage(format!(
                "cannot write man pages into {}: {e}",
                dir.display()
            ))
        })?;
        return Ok(());
    }
    let shell = match kind {
        Generated::Man => return Ok(man::write_main_page(cmd, out)?),
        Generated::CompleteBash => Shell::Bash,
        Generated::CompleteZsh => Shell::Zsh,
        Generated::CompleteFish => Shell::Fish,
        Generated::CompletePowershell => Shell::PowerShell,
    };
    clap_complete::generate(shell, &mut cmd, "gridmatch", out);
    Ok(())
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
        /// After each answer, the board with `R` where a rook stands in every maximum
        /// placement, `r` in some but not all, `.` in none, `X` on pawns.
        #[arg(long)]
        roles: bool,
    },
    /// Can a pattern be built from L pieces (NWERC 2011 "Piece it together")? Prints YES/NO per board.
    Lpuzzle {
        #[command(flatten)]
        input: InputArgs,
        /// Answer `YES unique`, `YES not unique` or `NO`; with --show a second tiling is drawn
        /// and the cells where the two differ are marked.
        #[arg(long)]
        unique: bool,
        /// After each YES, the pieces that are the same in every tiling.
        #[arg(long)]
        forced: bool,
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
        #[arg(long, value_enum, default_value_t = Moves::King)]
        moves: Moves,
    },
    /// Maximum matching of your own graph (DIMACS, Matrix Market or an edge list): prints its
    /// size.
    #[command(name = "match")]
    Match {
        #[command(flatten)]
        graph: GraphArgs,
        /// After the size, one `U V` line per matched pair, in the file's numbering.
        #[arg(long, conflicts_with_all = ["json", "classify"])]
        pairs: bool,
        /// Print a JSON certificate instead: the matching and a König cover (bipartite) or a
        /// Tutte–Berge barrier; `gridmatch verify --graph FILE` checks it.
        #[arg(long, conflicts_with = "classify")]
        json: bool,
        /// Bipartite graphs: after the size, each input edge once as `U V every|some|none` — in
        /// every, some or no maximum matching (Dulmage–Mendelsohn).
        #[arg(long, conflicts_with = "weights")]
        classify: bool,
        /// Bipartite graphs: the Dulmage–Mendelsohn decomposition (MATLAB's dmperm): the
        /// coarse under-determined, square and over-determined parts, the square part's
        /// blocks, then each block's rows and columns; --json gives p, q, r, s, cc, rr
        /// (0-based), which `gridmatch verify --graph FILE` checks.
        #[arg(long, conflicts_with_all = ["pairs", "classify", "weights"])]
        dm: bool,
        /// Weighted matching: the edges' weights are the third column of an edge list, `e U V
        /// W` in DIMACS, a Matrix Market file's values (decimals read exactly). Prints the
        /// total weight and the number of pairs; --json adds the LP duals that prove it best.
        #[arg(long)]
        weights: bool,
        /// With --weights: the smallest total weight (with --perfect: a minimum-cost perfect
        /// matching).
        #[arg(long, requires = "weights", conflicts_with = "max")]
        min: bool,
        /// With --weights: the largest total weight (the default).
        #[arg(long, requires = "weights")]
        max: bool,
        /// With --weights: the best among perfect matchings; prints `no perfect matching` if
        /// there is none (--json then proves it with a Tutte–Berge barrier or a König cover).
        #[arg(long, requires = "weights", conflicts_with = "max_cardinality")]
        perfect: bool,
        /// With --weights: the best among maximum-cardinality matchings.
        #[arg(long, requires = "weights")]
        max_cardinality: bool,
    },
    /// Who wins undirected vertex geography on your own graph? Prints A (the first player) or B.
    ///
    /// Players alternately move a token from the start to an unvisited neighbour; who cannot
    /// move loses. The King puzzle is this game on a board's move graph.
    Geography {
        #[command(flatten)]
        graph: GraphArgs,
        /// The start vertex, in the file's numbering.
        #[arg(long, value_name = "V", required_unless_present = "all")]
        start: Option<u64>,
        /// One line `V A|B` for every vertex instead.
        #[arg(long, conflicts_with_all = ["start", "show"])]
        all: bool,
        /// After the answer, the winner's strategy: the first move or the replies, and the
        /// maximum matching to play along.
        #[arg(long)]
        show: bool,
    },
    /// 2-SAT on a DIMACS CNF file: prints `s SATISFIABLE` and a model, or `s UNSATISFIABLE`.
    ///
    /// Clauses have one or two literals. The output is the SAT competition's: `s SATISFIABLE`
    /// and the model on one `v … 0` line (exit code 10), or `s UNSATISFIABLE` (exit code 20),
    /// as SAT solvers do; bad input exits 2.
    Twosat {
        /// DIMACS CNF file (stdin if absent or `-`).
        file: Option<PathBuf>,
        /// On UNSAT, the implication chain x ⇒ … ⇒ ¬x ⇒ … ⇒ x with the clause (and its line)
        /// behind each step.
        #[arg(long)]
        proof: bool,
        /// On SAT, a line `c forced L1 L2 … 0`: every literal true in all models.
        #[arg(long)]
        forced: bool,
        /// On SAT, `c unique`, or `c not unique` and a second, different model.
        #[arg(long)]
        unique: bool,
        /// Refuse formulas with more clauses (or variables) than this [default: what fits in
        /// three quarters of this machine's memory].
        #[arg(long, value_name = "N")]
        max_clauses: Option<u64>,
    },
    /// Checks the certificates printed by --json, one line per certificate; exit 1 if any fails.
    Verify {
        /// JSON lines file (stdin if absent or `-`).
        file: Option<PathBuf>,
        /// The certificates are `gridmatch match --json` (also `--weights --json`, `--dm --json`)
        /// certificates of this graph file, which is read again (the certificates hold no copy
        /// of the graph).
        #[arg(long, value_name = "GRAPH")]
        graph: Option<PathBuf>,
        /// The graph file's format (default: detected from its content).
        #[arg(long, value_enum, requires = "graph")]
        format: Option<GraphFormat>,
        /// Refuse certificate lines longer than this [default: what fits in three quarters of
        /// this machine's memory at 16 bytes per byte of a line].
        #[arg(long, value_name = "N")]
        max_line_bytes: Option<usize>,
    },
    /// Solves the built-in sample boards of every puzzle and draws the answers.
    Demo,
    /// A local web playground on 127.0.0.1: paint a board, see the answer and picture live.
    #[cfg(feature = "serve")]
    Serve {
        /// TCP port on 127.0.0.1.
        #[arg(long, default_value_t = 8080)]
        port: u16,
        /// No access log (one line per request on standard error).
        #[arg(long)]
        quiet: bool,
    },
    /// Writes random instances in a puzzle's judge format (deterministic for a seed).
    Gen(GenArgs),
    /// Runs your program on generated boards against gridmatch; shrinks the first board it
    /// gets wrong (or crashes or hangs on). Exit 0: all cases passed; 1: a failure.
    Stress(stress::StressArgs),
}

#[derive(Args, Debug)]
struct GenArgs {
    /// Which puzzle.
    #[arg(value_enum)]
    puzzle: Puzzle,
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
    /// L-puzzle patterns: tiled (solvable), near-miss, random, unique (one tiling)
    /// [default: tiled]. For lpuzzle only.
    #[arg(long, value_enum)]
    style: Option<LStyle>,
    /// Rooks: write `R C` headers (for `rooks --rect`) even for square boards.
    #[arg(long)]
    rect: bool,
    /// L-puzzle: patterns whose tiling is unique (`--style unique`): a random tiling with the
    /// pieces other tilings could move emptied. For lpuzzle only.
    #[arg(long, conflicts_with = "style")]
    unique: bool,
}

/// A graph file's format on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum GraphFormat {
    /// DIMACS: `p edge N M`, then `e U V` lines, vertices 1..N.
    Dimacs,
    /// Matrix Market (coordinate, or array: every entry an edge): rows × columns, a bipartite
    /// graph.
    Mtx,
    /// One `U V` pair per line, vertices from 0.
    Edges,
    /// METIS/KaHIP `.graph`: `N M [FMT [NCON]]`, then one adjacency line per vertex, from 1.
    Metis,
    /// DIMACS assignment: `p asn NODES ARCS`, `n SOURCE` lines, `a SRC DST COST` arcs
    /// (detected from its p line).
    Asn,
    /// A whole matrix as text: an optional size line `N` or `R C`, then every entry (each an
    /// edge, zeros included); without a size line, one row per line.
    Dense,
}

impl GraphFormat {
    fn format(self) -> Format {
        match self {
            GraphFormat::Dimacs => Format::Dimacs,
            GraphFormat::Mtx => Format::MatrixMarket,
            GraphFormat::Edges => Format::EdgeList,
            GraphFormat::Metis => Format::Metis,
            GraphFormat::Asn => Format::Assignment,
            GraphFormat::Dense => Format::Dense,
        }
    }
}

#[derive(Args, Debug)]
struct GraphArgs {
    /// Graph file (stdin if absent or `-`).
    file: Option<PathBuf>,
    /// The file's format (default: detected from its content; a file starting with a line of
    /// numbers that reads both as METIS and as an edge list is refused until this says which).
    #[arg(long, value_enum)]
    format: Option<GraphFormat>,
    /// Refuse graphs with more edges (or vertices) than this [default: what fits in three
    /// quarters of this machine's memory].
    #[arg(long, value_name = "N")]
    max_edges: Option<u64>,
}

impl GraphArgs {
    /// The graph; `weights`: the command has `--weights` (named in hints).
    fn read(&self, weights: bool) -> Result<(GraphInput, String), Error> {
        let (r, name) = open(self.file.as_ref(), "a graph")?;
        let limits = limits::graph_limits(self.max_edges);
        let input = read_graph(r, &name, self.format.map(GraphFormat::format), limits)
            .map_err(|e| limits::name_the_flag(e, "--max-edges", self.max_edges.is_none()))
            .map_err(|e| graphs::name_graph_flags(e, weights))?;
        Ok((input, name))
    }

    /// The graph with one weight per edge.
    fn read_weighted(&self) -> Result<(GraphInput, Weights, String), Error> {
        let (r, name) = open(self.file.as_ref(), "a weighted graph")?;
        let limits = limits::graph_limits(self.max_edges);
        let read = read_weighted_graph(r, &name, self.format.map(GraphFormat::format), limits)
            .map_err(|e| limits::name_the_flag(e, "--max-edges", self.max_edges.is_none()))
            .map_err(|e| graphs::name_graph_flags(e, true))?;
        Ok((read.graph, read.weights, name))
    }

    /// `input` without its isolated vertices, which no engine needs to see (see
    /// [`compact`](gridmatch::graph::certified::compact)), once what `work` needs on it is
    /// known to fit in memory.
    fn small<'a>(
        &self,
        input: &'a GraphInput,
        name: &str,
        work: limits::GraphWork,
    ) -> Result<Cow<'a, GraphInput>, Error> {
        let small = input.without_isolated().map_err(|_| {
            usage(format!(
                "{name}: out of memory while leaving out its isolated vertices ({}); give a \
                 smaller input",
                gridmatch::formats::count(input.edges.len() as u64, "edge", "edges")
            ))
        })?;
        self.check_memory(&small, name, work)?;
        Ok(small)
    }

    fn check_memory(
        &self,
        input: &GraphInput,
        name: &str,
        work: limits::GraphWork,
    ) -> Result<(), Error> {
        let n = gridmatch::graph::certified::Vertices::of(input).n as u64;
        let m = input.edges.len() as u64;
        limits::check_memory(
            work.bytes(n, m),
            &format!(
                "{} and {}",
                gridmatch::formats::count(n, "vertex", "vertices"),
                gridmatch::formats::count(m, "edge", "edges")
            ),
            name,
            "--max-edges",
            self.max_edges.is_some(),
        )?;
        Ok(())
    }
}

#[derive(Subcommand, Debug)]
enum KingAction {
    /// Play the King game against the engine in the terminal.
    Play {
        /// Board file in the King judge format (the first board is played, or --case); `-`
        /// reads it from stdin, and then the moves from the rest of stdin.
        file: PathBuf,
        /// Which board of the file.
        #[arg(long, default_value_t = 1)]
        case: u64,
        /// Your side: alice (moves first) or bob.
        #[arg(long, value_enum, default_value_t = Player::Alice)]
        side: Player,
        /// How the piece moves.
        #[arg(long, value_enum, default_value_t = Moves::King)]
        moves: Moves,
    },
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
    /// No progress bar on stderr (there is none anyway unless stderr is a terminal).
    #[arg(long)]
    no_progress: bool,
}

impl InputArgs {
    fn batch(&self) -> Batch {
        let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
        // Boards typed by hand are answered one by one; a bar would mix with the typing.
        let interactive = is_stdin(self.file.as_ref()) && io::stdin().is_terminal();
        Batch {
            // The work is CPU-bound: threads beyond the cores only cost (thousands of them took
            // seconds to start).
            jobs: self.jobs.unwrap_or(cores).clamp(1, cores),
            svg: self.svg.clone(),
            progress: !self.no_progress && !interactive && io::stderr().is_terminal(),
            interactive,
        }
    }

    fn mode(&self) -> Style {
        if self.json {
            Style::Json
        } else if self.show {
            Style::Show
        } else {
            Style::Judge
        }
    }

    /// Solves every board of the input.
    fn solve(
        &self,
        puzzle: Puzzle,
        rect: bool,
        extras: Request,
        out: &mut dyn Write,
    ) -> Result<(), Error> {
        let opts = Options {
            mode: self.mode(),
            rect,
            extras,
        };
        let mut reader = board_reader(
            self.file.as_ref(),
            "boards",
            self.max_cells,
            puzzle,
            &opts.request(puzzle, self.svg.is_some()),
        )?;
        let boards = solve_all(&mut reader, &mut { out }, puzzle, &opts, &self.batch())?;
        // An input without boards is a valid judge input (rooks has no count line) and answers
        // nothing, successfully, as ripgrep does on an empty file; but a silent success on an
        // empty file (a wrong path, a failed redirection) is easy to miss, so stderr says so.
        // (The other puzzles' inputs start with a count: an empty one is refused, and `0` is
        // what the file says.)
        if boards == 0 && !gridmatch::formats::judge::is_counted(puzzle) {
            eprintln!(
                "gridmatch {puzzle}: {} holds no boards; there is nothing to answer",
                shown_name(reader.file())
            );
        }
        Ok(())
    }
}

/// An input's name as messages show it: `standard input` for stdin.
fn shown_name(name: &str) -> &str {
    if name == "<stdin>" {
        "standard input"
    } else {
        name
    }
}

/// Whether an input path means stdin (absent or `-`).
fn is_stdin(path: Option<&PathBuf>) -> bool {
    path.is_none_or(|p| p.as_os_str() == "-")
}

/// Opens an input (stdin if absent or `-`); the readers skip a byte-order mark at its start
/// ([`gridmatch::encoding`]). Standard input on a terminal is announced on stderr (`what` is
/// read), so a command without FILE does not wait silently.
fn open(path: Option<&PathBuf>, what: &str) -> Result<(Box<dyn BufRead>, String), Error> {
    let file = path.filter(|_| !is_stdin(path));
    let (input, name): (Box<dyn BufRead>, String) = match file {
        None => {
            if io::stdin().is_terminal() {
                announce_terminal(what);
            }
            (
                Box::new(EofLatch::new(io::stdin().lock())),
                "<stdin>".into(),
            )
        }
        Some(p) => match File::open(p) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
                return Err(usage(format!(
                    "cannot read {}: it is a directory, expected a file",
                    p.display()
                )));
            }
            Ok(f) => (
                Box::new(BufReader::with_capacity(1 << 16, f)),
                p.display().to_string(),
            ),
            Err(e) => return Err(usage(format!("cannot open {}: {e}", p.display()))),
        },
    };
    Ok((input, name))
}

/// A reader whose end of input stays ended. A terminal's Ctrl-D ends one read, not the
/// terminal: without this, the readers' byte-order-mark check would take a Ctrl-D typed first, and the
/// command would wait for a second one.
struct EofLatch<R> {
    inner: R,
    ended: bool,
}

impl<R> EofLatch<R> {
    fn new(inner: R) -> Self {
        EofLatch {
            inner,
            ended: false,
        }
    }
}

impl<R: BufRead> io::Read for EofLatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.ended = true;
        }
        Ok(n)
    }
}

impl<R: BufRead> BufRead for EofLatch<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.ended {
            return Ok(&[]);
        }
        let buf = self.inner.fill_buf()?;
        if buf.is_empty() {
            self.ended = true;
        }
        Ok(buf)
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// Tells the person at the terminal that the command reads `what` from it, and how to end it.
fn announce_terminal(what: &str) {
    let end = if cfg!(windows) {
        "Ctrl-Z then Enter"
    } else {
        "Ctrl-D"
    };
    eprintln!(
        "gridmatch: reading {what} from standard input (the terminal); {end} ends the input \
         (or give a FILE)"
    );
}

fn board_reader(
    file: Option<&PathBuf>,
    what: &str,
    max_cells: Option<u64>,
    puzzle: Puzzle,
    request: &Request,
) -> Result<BoardReader<Box<dyn BufRead>>, Error> {
    let (r, name) = open(file, what)?;
    let mut reader = BoardReader::new(r, name);
    let (limit, hint) = limits::cell_limit(max_cells, puzzle, request);
    if let Some(limit) = limit {
        reader = reader.with_max_cells(limit);
    }
    if let Some(hint) = hint {
        reader = reader.with_limit_hint(hint);
    }
    Ok(reader)
}

/// A file that cannot be opened, a path that cannot be used, flags that do not go together:
/// reported like bad input (exit 2).
pub(crate) fn usage(msg: String) -> Error {
    Error::Usage(msg)
}

/// An I/O error's reason without its `(os error N)` tail, for messages that name the path.
fn io_reason(e: &io::Error) -> String {
    let text = e.to_string();
    match text.find(" (os error") {
        Some(i) => text[..i].to_string(),
        None => text,
    }
}

/// Runs the command; `Ok(code)` is the exit code, `Err` an error worth printing (exit 2).
pub fn run(cli: Cli, out: &mut dyn Write) -> Result<ExitCode, Error> {
    let Some(command) = cli.command else {
        // clap asks for a subcommand unless --generate is given.
        if !cli.generate.is_empty() {
            generate_file(&cli.generate, out)?;
        }
        return Ok(ExitCode::SUCCESS);
    };
    match command {
        Command::Rooks { input, rect, roles } => {
            let extras = Request {
                roles,
                ..Request::judge()
            };
            input.solve(Puzzle::Rooks, rect, extras, out)?;
        }
        Command::Lpuzzle {
            input,
            unique,
            forced,
        } => {
            let extras = Request {
                unique,
                forced,
                ..Request::judge()
            };
            input.solve(Puzzle::Lpuzzle, false, extras, out)?;
        }
        Command::King {
            action: None,
            input,
            all,
            moves,
        } => {
            let extras = Request {
                map: all,
                moves,
                ..Request::judge()
            };
            input.solve(Puzzle::King, false, extras, out)?;
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
            let board = play::pick_board(&mut reader, case, from_stdin)?;
            let name = reader.file().to_string();
            let mut out = { out };
            if from_stdin {
                let mut rest = reader.into_inner();
                play::play_board(board, &name, moves, side, &mut rest, &mut out)?;
            } else {
                play::play_board(board, &name, moves, side, &mut io::stdin().lock(), &mut out)?;
            }
        }
        Command::Match {
            graph,
            pairs,
            json,
            classify,
            dm,
            weights,
            min,
            max: _,
            perfect,
            max_cardinality,
        } => {
            let opts = graphs::MatchOptions {
                pairs,
                json,
                classify,
            };
            if weights {
                let (input, weights, name) = graph.read_weighted()?;
                let question = Question {
                    sense: if min { Sense::Min } else { Sense::Max },
                    cardinality: match (perfect, max_cardinality) {
                        (true, _) => Cardinality::Perfect,
                        (_, true) => Cardinality::Maximum,
                        _ => Cardinality::Any,
                    },
                };
                let work = limits::GraphWork::Weighted(question.cardinality);
                let small = graph.small(&input, &name, work)?;
                graphs::weighted_match_cmd(&input, &small, &weights, &name, question, opts, out)?;
            } else if dm {
                // Every vertex is listed: the whole input.
                let (input, name) = graph.read(false)?;
                graph.check_memory(&input, &name, limits::GraphWork::Dm)?;
                dm::dm_cmd(&input, &name, json, out)?;
            } else {
                let (input, name) = graph.read(true)?;
                let small = graph.small(&input, &name, limits::GraphWork::Matching)?;
                graphs::match_cmd(&small, &name, opts, out)?;
            }
        }
        Command::Geography {
            graph,
            start,
            all,
            show,
        } => {
            let (input, name) = graph.read(false)?;
            let query = match start {
                Some(vertex) if !all => graphs::GeographyQuery::Start { vertex, show },
                _ => graphs::GeographyQuery::All,
            };
            let small = graph.small(&input, &name, limits::GraphWork::Geography)?;
            graphs::geography_cmd(&input, &small, &name, query, out)?;
        }
        Command::Twosat {
            file,
            proof,
            forced,
            unique,
            max_clauses,
        } => {
            let (r, name) = open(file.as_ref(), "a DIMACS CNF formula")?;
            let limit = limits::clause_limit(max_clauses);
            let cnf = read_cnf_within(r, &name, limit, limit)
                .map_err(|e| limits::name_the_flag(e, "--max-clauses", max_clauses.is_none()))?;
            let (n, m) = (cnf.formula.num_vars() as u64, cnf.lines.len() as u64);
            limits::check_memory(
                limits::TWOSAT_BYTES_PER_CLAUSE.saturating_mul(n.saturating_add(m)),
                &format!(
                    "{} and {}",
                    gridmatch::formats::count(n, "variable", "variables"),
                    gridmatch::formats::count(m, "clause", "clauses")
                ),
                &name,
                "--max-clauses",
                max_clauses.is_some(),
            )?;
            let opts = graphs::TwosatOptions {
                proof,
                forced,
                unique,
            };
            return graphs::twosat_cmd(&cnf, opts, out);
        }
        Command::Verify {
            file,
            graph,
            format,
            max_line_bytes,
        } => {
            if is_stdin(file.as_ref()) && graph.as_ref().is_some_and(|g| is_stdin(Some(g))) {
                return Err(usage(
                    "verify: the certificates and the --graph file cannot both be stdin; give one of them as a file".into(),
                ));
            }
            let (r, name) = open(file.as_ref(), "certificates (JSON lines)")?;
            let (limit, hint) = limits::line_limit(max_line_bytes);
            // The graph file's bytes, to try the format a failed certificate names.
            let mut graph_bytes = Vec::new();
            let graph = match graph {
                Some(path) => {
                    let (mut g, gname) = open(Some(&path), "the graph")?;
                    let limits = limits::graph_limits(None);
                    // Read twice from memory: as a plain graph and with weights.
                    io::Read::read_to_end(&mut g, &mut graph_bytes)?;
                    Some(
                        verify::GraphFile::read(
                            &graph_bytes,
                            &gname,
                            format.map(GraphFormat::format),
                            limits,
                        )
                        .map_err(|e| graphs::name_graph_flags(e, false))?,
                    )
                }
                None => None,
            };
            let summary = match &graph {
                Some(g) => {
                    verify::verify_matchings(r, &name, g, &mut { out }, limit, hint.as_deref())
                        .map_err(|e| match e {
                            gridmatch::RunError::Input(mut e)
                                if e.found == verify::PUZZLE_CERTIFICATE =>
                            {
                                if let Some(h) = &mut e.hint {
                                    h.push_str(
                                        ": check it with `gridmatch verify FILE`, without --graph",
                                    );
                                }
                                Error::from(e)
                            }
                            e => e.into(),
                        })?
                }
                None => verify::verify_records(r, &name, &mut { out }, limit, hint.as_deref())?,
            };
            if summary.failed > 0 {
                eprintln!(
                    "gridmatch verify: {} of {} failed",
                    summary.failed,
                    gridmatch::formats::count(summary.checked, "certificate", "certificates")
                );
                if let Some(f) = summary.other_format
                    && read_graph(&graph_bytes[..], "", Some(f), limits::graph_limits(None)).is_ok()
                {
                    eprintln!(
                        "hint: a failed certificate is for a graph in the {0} format: read the \
                         graph as one with --format {0}",
                        f.name()
                    );
                }
                return Ok(ExitCode::from(1));
            }
        }
        Command::Demo => demo(&mut { out })?,
        Command::Gen(args) => gen_cmd(&args, out)?,
        Command::Stress(args) => return stress::stress(args, out),
        #[cfg(feature = "serve")]
        Command::Serve { port, quiet } => {
            out.flush()?;
            crate::serve::run_with(&crate::serve::ServeConfig {
                port,
                access_log: !quiet,
                ..Default::default()
            })?;
        }
    }
    Ok(ExitCode::SUCCESS)
}

fn gen_cmd(args: &GenArgs, out: &mut dyn Write) -> Result<(), Error> {
    let rows = args.rows;
    let cols = args.cols.unwrap_or(rows);
    if rows == 0 || cols == 0 || !(0.0..=1.0).contains(&args.density) {
        return Err(usage(
            "gen: --rows/--cols must be at least 1 and --density within 0..1".into(),
        ));
    }
    if args.puzzle == Puzzle::Rooks && rows != cols && !args.rect {
        return Err(usage(
            "gen rooks: the UVa format is square; use --rect for R x C boards".into(),
        ));
    }
    // One rule for both L-puzzle flags: refused for the other puzzles.
    if args.puzzle != Puzzle::Lpuzzle {
        let flag = if args.unique {
            Some("--unique")
        } else {
            args.style.map(|_| "--style")
        };
        if let Some(flag) = flag {
            return Err(usage(format!(
                "gen {}: {flag} is for lpuzzle patterns",
                args.puzzle
            )));
        }
    }
    let style = if args.unique {
        LStyle::Unique
    } else {
        args.style.unwrap_or_default()
    };
    // The board is built in memory before it is written: at most 5.3 bytes per cell at the
    // peak (L-puzzle tiled 3000²; rooks 1.4, King 2.4); a unique pattern is solved as it is
    // built, 20.1 bytes per cell at the peak (3000²; 35.4 with the whole-formula backbone).
    let per_cell = if style == LStyle::Unique { 40 } else { 8 };
    let limit = limits::memory_bytes().map_or(gridmatch::formats::judge::MAX_CELLS, |bytes| {
        limits::max_cells_for_memory(bytes, per_cell)
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
    if gridmatch::formats::judge::is_counted(args.puzzle) {
        write_count(out, args.count)?;
    }
    let header = Header::of(args.puzzle, args.rect);
    for _ in 0..args.count {
        let grid: Grid = generate::board(&mut rng, args.puzzle, rows, cols, args.density, style);
        write_board(out, &grid, header)?;
    }
    Ok(())
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
pub fn demo<W: Write>(out: &mut W) -> Result<(), Error> {
    let shows = [
        (
            Puzzle::Rooks,
            samples::ROOKS,
            "== Rooks (UVa 12668): most non-attacking rooks, R marks a rook ==\n",
        ),
        (
            Puzzle::Lpuzzle,
            samples::LPUZZLE,
            "== L-puzzle (NWERC 2011): tile with L pieces; a piece is one letter, its black corner upper-case ==\n",
        ),
        (
            Puzzle::King,
            samples::KING,
            "== King (GCJ 2008): who wins from K? The map shows the winner from every square ==\n",
        ),
    ];
    for (puzzle, sample, title) in shows {
        writeln!(out, "{title}")?;
        let name = format!("<{puzzle} sample>");
        let mut reader = BoardReader::new(sample.as_bytes(), name);
        let opts = Options {
            mode: Style::Show,
            rect: false,
            extras: Request {
                map: true,
                ..Request::judge()
            },
        };
        solve_all(&mut reader, out, puzzle, &opts, &Batch::default())?;
    }
    Ok(())
}
