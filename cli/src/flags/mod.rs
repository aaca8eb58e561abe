//! The command line's flags: clap's definitions of every command ([`Cli`]), the parsing that
//! fixes clap's usage lines and explains flags a command does not have, and what
//! `--generate` writes from them (the man pages, [`man`], and shell completions).

pub mod generate;
pub mod man;

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::stress;
use gridmatch::generate::LStyle;
use gridmatch::puzzles::Puzzle;
use gridmatch::puzzles::king::{Moves, Player};
use gridmatch::read::Format;

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
    pub command: Option<Command>,
    /// Print a generated file instead: the man page (`man`) or a shell completion script
    /// (`complete-bash`, `complete-zsh`, `complete-fish`, `complete-powershell`). `man DIR`
    /// writes the page of every command into DIR instead (gridmatch.1, gridmatch-rooks.1, …,
    /// gridmatch-king-play.1).
    #[arg(long, num_args = 1..=2, value_names = ["KIND", "DIR"])]
    pub generate: Vec<std::ffi::OsString>,
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

#[derive(Subcommand, Debug)]
pub enum Command {
    /// Most non-attacking rooks (UVa 12668); prints the judge's answer per board.
    Rooks(RooksArgs),
    /// Can a pattern be built from L pieces (NWERC 2011 "Piece it together")? Prints YES/NO per board.
    Lpuzzle(LpuzzleArgs),
    /// Who wins the King game (GCJ 2008 "King")? Prints `Case #x: A` or `B` per board.
    King(KingArgs),
    /// Maximum matching of your own graph (DIMACS, Matrix Market, METIS or an edge list):
    /// prints its size.
    #[command(name = "match")]
    Match(MatchArgs),
    /// Who wins undirected vertex geography on your own graph? Prints A (the first player) or B.
    ///
    /// Players alternately move a token from the start to an unvisited neighbour; who cannot
    /// move loses. The King puzzle is this game on a board's move graph.
    Geography(GeographyArgs),
    /// 2-SAT on a DIMACS CNF file: prints `s SATISFIABLE` and a model, or `s UNSATISFIABLE`.
    ///
    /// Clauses have one or two literals. The output is the SAT competition's: `s SATISFIABLE`
    /// and the model on one `v … 0` line (exit code 10), or `s UNSATISFIABLE` (exit code 20),
    /// as SAT solvers do; bad input exits 2.
    Twosat(TwosatArgs),
    /// Checks the certificates printed by --json, one line per certificate; exit 1 if any fails.
    Verify(VerifyArgs),
    /// Solves the built-in sample boards of every puzzle and draws the answers.
    Demo,
    /// A local web playground on 127.0.0.1: paint a board, see the answer and picture live.
    #[cfg(feature = "serve")]
    Serve(ServeArgs),
    /// Writes random instances in a puzzle's judge format (deterministic for a seed).
    Gen(GenArgs),
    /// Runs your program on generated boards against gridmatch; shrinks the first board it
    /// gets wrong (or crashes or hangs on). Exit 0: all cases passed; 1: a failure.
    Stress(stress::StressArgs),
}

/// `gridmatch rooks`.
#[derive(Args, Debug)]
pub struct RooksArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Boards are given as `R C` then R rows (rectangular) instead of `N`.
    #[arg(long)]
    pub rect: bool,
    /// After each answer, the board with `R` where a rook stands in every maximum
    /// placement, `r` in some but not all, `.` in none, `X` on pawns.
    #[arg(long)]
    pub roles: bool,
}

/// `gridmatch lpuzzle`.
#[derive(Args, Debug)]
pub struct LpuzzleArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Answer `YES unique`, `YES not unique` or `NO`; with --show a second tiling is drawn
    /// and the cells where the two differ are marked.
    #[arg(long)]
    pub unique: bool,
    /// After each YES, the pieces that are the same in every tiling.
    #[arg(long)]
    pub forced: bool,
}

/// `gridmatch king`.
#[derive(Args, Debug)]
pub struct KingArgs {
    #[command(subcommand)]
    pub action: Option<KingAction>,
    #[command(flatten)]
    pub input: InputArgs,
    /// After each answer, print who wins from every free square (A/B, # for burned).
    #[arg(long)]
    pub all: bool,
    /// How the piece moves; GCJ's game is `king` (8 neighbours).
    #[arg(long, value_enum, default_value_t = Moves::King)]
    pub moves: Moves,
}

/// `gridmatch match`.
#[derive(Args, Debug)]
pub struct MatchArgs {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// After the size, one `U V` line per matched pair, in the file's numbering.
    #[arg(long, conflicts_with_all = ["json", "classify"])]
    pub pairs: bool,
    /// Print a JSON certificate instead: the matching and a König cover (bipartite) or a
    /// Tutte–Berge barrier; `gridmatch verify --graph FILE` checks it.
    #[arg(long, conflicts_with = "classify")]
    pub json: bool,
    /// Bipartite graphs: after the size, each input edge once as `U V every|some|none` — in
    /// every, some or no maximum matching (Dulmage–Mendelsohn).
    #[arg(long, conflicts_with = "weights")]
    pub classify: bool,
    /// Bipartite graphs: the Dulmage–Mendelsohn decomposition (MATLAB's dmperm): the
    /// coarse under-determined, square and over-determined parts, the square part's
    /// blocks, then each block's rows and columns; --json gives p, q, r, s, cc, rr
    /// (0-based), which `gridmatch verify --graph FILE` checks.
    #[arg(long, conflicts_with_all = ["pairs", "classify", "weights"])]
    pub dm: bool,
    /// Weighted matching: the edges' weights are the third column of an edge list, `e U V
    /// W` in DIMACS, a Matrix Market file's values, a METIS file's edge weights (FMT 1 or
    /// 11); decimals are read exactly. Prints the total weight and the number of pairs; --json
    /// adds the LP duals that prove it best.
    #[arg(long)]
    pub weights: bool,
    /// With --weights: the smallest total weight (with --perfect: a minimum-cost perfect
    /// matching; the default for a DIMACS assignment file, `p asn`).
    #[arg(long, requires = "weights", conflicts_with = "max")]
    pub min: bool,
    /// With --weights: the largest total weight (the default, but for an assignment file).
    #[arg(long, requires = "weights")]
    pub max: bool,
    /// With --weights: the best among perfect matchings; prints `no perfect matching` if
    /// there is none (--json then proves it with a Tutte–Berge barrier or a König cover).
    /// The default for an assignment file with as many sources as sinks.
    #[arg(long, requires = "weights", conflicts_with = "max_cardinality")]
    pub perfect: bool,
    /// With --weights: the best among maximum-cardinality matchings (the default for an
    /// assignment file with more sources than sinks or fewer). Without --perfect or this,
    /// the best among all matchings.
    #[arg(long, requires = "weights")]
    pub max_cardinality: bool,
}

/// `gridmatch geography`.
#[derive(Args, Debug)]
pub struct GeographyArgs {
    #[command(flatten)]
    pub graph: GraphArgs,
    /// The start vertex, in the file's numbering.
    #[arg(long, value_name = "V", required_unless_present = "all")]
    pub start: Option<u64>,
    /// One line `V A|B` for every vertex instead.
    #[arg(long, conflicts_with_all = ["start", "show"])]
    pub all: bool,
    /// After the answer, the winner's strategy: the first move or the replies, and the
    /// maximum matching to play along.
    #[arg(long)]
    pub show: bool,
}

/// `gridmatch twosat`.
#[derive(Args, Debug)]
pub struct TwosatArgs {
    /// DIMACS CNF file (stdin if absent or `-`).
    pub file: Option<PathBuf>,
    /// On UNSAT, the implication chain x ⇒ … ⇒ ¬x ⇒ … ⇒ x with the clause (and its line)
    /// behind each step.
    #[arg(long)]
    pub proof: bool,
    /// On SAT, a line `c forced L1 L2 … 0`: every literal true in all models.
    #[arg(long)]
    pub forced: bool,
    /// On SAT, `c unique`, or `c not unique` and a second, different model.
    #[arg(long)]
    pub unique: bool,
    /// Refuse formulas with more clauses (or variables) than this [default: what fits in
    /// three quarters of this machine's memory].
    #[arg(long, value_name = "N")]
    pub max_clauses: Option<u64>,
}

/// `gridmatch verify`.
#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// JSON lines file (stdin if absent or `-`).
    pub file: Option<PathBuf>,
    /// The certificates are `gridmatch match --json` (also `--weights --json`, `--dm --json`)
    /// certificates of this graph file, which is read again (the certificates hold no copy
    /// of the graph).
    #[arg(long, value_name = "GRAPH")]
    pub graph: Option<PathBuf>,
    /// The graph file's format (default: detected from its content).
    #[arg(long, value_enum, requires = "graph")]
    pub format: Option<GraphFormat>,
    /// Refuse certificate lines longer than this [default: what fits in three quarters of
    /// this machine's memory at 16 bytes per byte of a line].
    #[arg(long, value_name = "N")]
    pub max_line_bytes: Option<usize>,
}

/// `gridmatch serve`.
#[cfg(feature = "serve")]
#[derive(Args, Debug)]
pub struct ServeArgs {
    /// TCP port on 127.0.0.1.
    #[arg(long, default_value_t = 8080)]
    pub port: u16,
    /// No access log (one line per request on standard error).
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct GenArgs {
    /// Which puzzle.
    #[arg(value_enum)]
    pub puzzle: Puzzle,
    /// Rows of each board.
    #[arg(long, default_value_t = 8)]
    pub rows: usize,
    /// Columns of each board (default: as many as rows).
    #[arg(long)]
    pub cols: Option<usize>,
    /// Pawns (rooks), burned squares (king), piece attempts (lpuzzle tiled) or filled cells
    /// (lpuzzle random), as a fraction.
    #[arg(long, default_value_t = 0.1)]
    pub density: f64,
    /// Number of boards.
    #[arg(long, default_value_t = 1)]
    pub count: u64,
    /// Random seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// L-puzzle patterns: tiled (solvable), near-miss, random, unique (one tiling)
    /// [default: tiled]. For lpuzzle only.
    #[arg(long, value_enum)]
    pub style: Option<LStyle>,
    /// Rooks: write `R C` headers (for `rooks --rect`) even for square boards.
    #[arg(long)]
    pub rect: bool,
    /// L-puzzle: patterns whose tiling is unique (`--style unique`): a random tiling with the
    /// pieces other tilings could move emptied. For lpuzzle only.
    #[arg(long, conflicts_with = "style")]
    pub unique: bool,
}

/// A graph file's format on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum GraphFormat {
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
    pub fn format(self) -> Format {
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
pub struct GraphArgs {
    /// Graph file (stdin if absent or `-`).
    pub file: Option<PathBuf>,
    /// The file's format (default: detected from its content; a file starting with a line of
    /// numbers that reads both as METIS and as an edge list is refused until this says which).
    #[arg(long, value_enum)]
    pub format: Option<GraphFormat>,
    /// Refuse graphs with more edges (or vertices) than this [default: edges as fit in three
    /// quarters of this machine's memory; vertices as 32 bits can number, since only those
    /// with an edge are built (--dm, which lists every vertex, checks them against memory;
    /// an assignment file's nodes count as edges)].
    #[arg(long, value_name = "N")]
    pub max_edges: Option<u64>,
}

#[derive(Subcommand, Debug)]
pub enum KingAction {
    /// Play the King game against the engine in the terminal.
    Play(PlayArgs),
}

/// `gridmatch king play`.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// Board file in the King judge format (the first board is played, or --case); `-`
    /// reads it from stdin, and then the moves from the rest of stdin.
    pub file: PathBuf,
    /// Which board of the file.
    #[arg(long, default_value_t = 1)]
    pub case: u64,
    /// Your side: alice (moves first) or bob.
    #[arg(long, value_enum, default_value_t = Player::Alice)]
    pub side: Player,
    /// How the piece moves.
    #[arg(long, value_enum, default_value_t = Moves::King)]
    pub moves: Moves,
}

#[derive(Args, Debug)]
pub struct InputArgs {
    /// Input file in the judge's format (stdin if absent or `-`).
    pub file: Option<PathBuf>,
    /// After each answer, draw the board with the solution.
    #[arg(long, conflicts_with = "json")]
    pub show: bool,
    /// Print one JSON certificate per board instead of the judge's output.
    #[arg(long)]
    pub json: bool,
    /// Worker threads for multi-board inputs (default and most: all cores); output is identical.
    #[arg(long, short = 'j', value_name = "N")]
    pub jobs: Option<usize>,
    /// Also write one SVG picture per board into DIR (DIR/case-0001.svg, ...).
    #[arg(long, value_name = "DIR")]
    pub svg: Option<PathBuf>,
    /// Refuse boards with more cells than this [default: as many as fit in three quarters of
    /// this machine's memory; at most 4294967294].
    #[arg(long, value_name = "N")]
    pub max_cells: Option<u64>,
    /// No progress bar on stderr (there is none anyway unless stderr is a terminal).
    #[arg(long)]
    pub no_progress: bool,
}
