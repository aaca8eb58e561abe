//! The `gridmatch` command: its arguments ([`Cli`]), the limits it derives from the machine
//! ([`limits`]), the one batch driver for every puzzle ([`batch`]), `king play` ([`mod@play`]),
//! `verify` ([`mod@verify`]), `demo`, `gen` and the man pages ([`man`]). [`run`] dispatches a
//! parsed command line.
//!
//! Behind the `cli` feature, and not part of the library's API: public only for the binary,
//! its tests and the fuzz targets.

use crate::error::{Error, usage};
use crate::flags::generate::generate_file;
use crate::flags::{
    Cli, Command, GenArgs, GeographyArgs, GraphFormat, InputArgs, KingAction, KingArgs,
    LpuzzleArgs, MatchArgs, PlayArgs, RooksArgs, ServeArgs, TwosatArgs, VerifyArgs,
};
use crate::input::{board_reader, is_stdin, open, shown_name};
use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;

use crate::cmd::r#match as graphs;
use crate::cmd::{dm, play};
use crate::{batch, limits, stress};

pub use batch::{Batch, Options, solve_all};

use gridmatch::formats::judge::{BoardReader, Header, write_board, write_count};
use gridmatch::formats::output::Style;
use gridmatch::generate::{self, LStyle};
use gridmatch::graph::read::{read_cnf_within, read_graph};
use gridmatch::graph::weighted::{Cardinality, Question, Sense};

use gridmatch::Grid;
use gridmatch::puzzles::{Puzzle, Request};
use gridmatch::verify;

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
        Command::Rooks(RooksArgs { input, rect, roles }) => {
            let extras = Request {
                roles,
                ..Request::judge()
            };
            input.solve(Puzzle::Rooks, rect, extras, out)?;
        }
        Command::Lpuzzle(LpuzzleArgs {
            input,
            unique,
            forced,
        }) => {
            let extras = Request {
                unique,
                forced,
                ..Request::judge()
            };
            input.solve(Puzzle::Lpuzzle, false, extras, out)?;
        }
        Command::King(KingArgs {
            action: None,
            input,
            all,
            moves,
        }) => {
            let extras = Request {
                map: all,
                moves,
                ..Request::judge()
            };
            input.solve(Puzzle::King, false, extras, out)?;
        }
        Command::King(KingArgs {
            action:
                Some(KingAction::Play(PlayArgs {
                    file,
                    case,
                    side,
                    moves,
                })),
            ..
        }) => {
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
        Command::Match(MatchArgs {
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
        }) => {
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
        Command::Geography(GeographyArgs {
            graph,
            start,
            all,
            show,
        }) => {
            let (input, name) = graph.read(false)?;
            let query = match start {
                Some(vertex) if !all => graphs::GeographyQuery::Start { vertex, show },
                _ => graphs::GeographyQuery::All,
            };
            let small = graph.small(&input, &name, limits::GraphWork::Geography)?;
            graphs::geography_cmd(&input, &small, &name, query, out)?;
        }
        Command::Twosat(TwosatArgs {
            file,
            proof,
            forced,
            unique,
            max_clauses,
        }) => {
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
        Command::Verify(VerifyArgs {
            file,
            graph,
            format,
            max_line_bytes,
        }) => {
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
                                Error::Input(e)
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
        Command::Serve(ServeArgs { port, quiet }) => {
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
