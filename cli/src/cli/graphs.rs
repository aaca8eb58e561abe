//! `gridmatch match`, `gridmatch geography` and `gridmatch twosat`: the engines on the user's
//! own graph and formula files, printed in the file's own numbering.

use std::io::Write;
use std::process::ExitCode;

use super::Error;
use gridmatch::InputError;
use gridmatch::decimal::decimal;
use gridmatch::formats::json::{MatchingRecord, WeightedRecord};
use gridmatch::graph::certified::compact;
use gridmatch::graph::certified::weighted::WeightedOutcome;
use gridmatch::graph::certified::{self, Vertices};
use gridmatch::graph::geography::{Player, Strategy};
use gridmatch::graph::read::{Cnf, GraphInput, Shape, Weights};
use gridmatch::graph::twosat::{self, Lit, Outcome};
use gridmatch::graph::weighted::{Question, WeightError};

/// A vertex in the file's own numbering ([`Vertices::number`]): for a matrix, a row or column
/// number (1-based), as the position in a pair says.
pub fn file_number(input: &GraphInput, v: u32) -> u64 {
    Vertices::of(input).number(v)
}

/// The command line's own words on a graph the reader refused: the flag that helps, which the
/// library's messages do not name. `weights`: the command has `--weights` (`match`).
pub fn name_graph_flags(mut e: InputError, weights: bool) -> InputError {
    if e.expected == gridmatch::graph::read::AMBIGUOUS {
        let hint = e.hint.get_or_insert_with(String::new);
        if !hint.is_empty() {
            hint.push_str("; ");
        }
        hint.push_str("choose with --format metis or --format edges");
    }
    if weights
        && let Some(hint) = &mut e.hint
        && let Some(line) = hint.strip_suffix(gridmatch::graph::read::WEIGHTS_NOT_READ)
    {
        *hint = format!(
            "{}; add --weights to read the third number as a weight",
            line.trim_end()
        );
    }
    e
}

/// What `gridmatch match` prints.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MatchOptions {
    /// One `U V` line per matched pair after the size.
    pub pairs: bool,
    /// One JSON certificate instead.
    pub json: bool,
    /// Each input edge once with its class.
    pub classify: bool,
}

/// `gridmatch match`: the size of a maximum matching, and what the options ask for.
///
/// `input` is the input without its isolated vertices ([`compact::without_isolated`]): it
/// names every vertex as the file does, and no answer depends on a vertex without an edge.
pub fn match_cmd(
    input: &GraphInput,
    name: &str,
    opts: MatchOptions,
    out: &mut dyn Write,
) -> Result<(), Error> {
    if opts.classify {
        let classes = certified::classify(input).map_err(|e| {
            InputError::at(name, 1, 1, "a graph with an odd cycle", "a bipartite graph").with_hint(
                format!(
                    "{e}; --classify sorts edges by Dulmage–Mendelsohn, which needs two sides \
                     (a Matrix Market matrix, or a graph with no odd cycle)"
                ),
            )
        })?;
        let size = certified::matching_size(input);
        writeln!(out, "{size}")?;
        // Each edge once: a graph's edges are unordered pairs, a matrix's (row, column).
        let matrix = matches!(input.shape, Shape::Bipartite { .. });
        let key = |(u, v): (u32, u32)| if matrix || u <= v { (u, v) } else { (v, u) };
        let names = Vertices::of(input);
        // A matrix's edges are (row, column) with both counted from 0 in `input.edges`.
        let rows = names.rows.unwrap_or(0) as u32;
        let mut seen = std::collections::HashSet::with_capacity(input.edges.len());
        for (&(u, v), class) in input.edges.iter().zip(classes) {
            if seen.insert(key((u, v))) {
                let (u, v) = (names.number(u), names.number(rows + v));
                writeln!(out, "{u} {v} {}", class.name())?;
            }
        }
        return Ok(());
    }
    if !opts.pairs && !opts.json {
        writeln!(out, "{}", certified::matching_size(input))?;
        return Ok(());
    }
    let cert = certified::maximum_matching(input);
    if opts.json {
        let record = MatchingRecord::new(input, &cert);
        serde_json::to_writer(&mut *out, &record).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(out, "{}", cert.pairs.len())?;
    for &(u, v) in &cert.pairs {
        writeln!(out, "{} {}", file_number(input, u), file_number(input, v))?;
    }
    Ok(())
}

/// `gridmatch match --weights`: the total weight and size of the best matching the question
/// asks for (or `no perfect matching`), and what the options ask for.
///
/// `small` is `input` without its isolated vertices ([`compact::without_isolated`]), which the
/// engines answer on; a perfect matching asked of a graph with an isolated vertex is "none".
pub fn weighted_match_cmd(
    input: &GraphInput,
    small: &GraphInput,
    weights: &Weights,
    name: &str,
    question: Question,
    opts: MatchOptions,
    out: &mut dyn Write,
) -> Result<(), Error> {
    // The reader bounds each weight; what is left is a question whose arithmetic would not fit
    // (the shift of a maximum-cardinality question): pointed at the largest weight, which the
    // rule names (the start of the file if that one is a self-loop's).
    let cert = compact::weighted(input, small, &weights.values, question).map_err(|e| {
        let (line, col) = match &e {
            WeightError::ShiftTooLarge { largest, .. } => weights
                .largest_at
                .filter(|_| {
                    weights
                        .values
                        .iter()
                        .map(|w| u128::from(w.unsigned_abs()))
                        .max()
                        == Some(*largest)
                })
                .unwrap_or((1, 1)),
            _ => (1, 1),
        };
        InputError::at(
            name,
            line,
            col,
            "weights too large for this question",
            "weights the engines' exact 64-bit arithmetic can hold",
        )
        .with_hint(e.to_string())
    })?;
    if opts.json {
        // A script reads the certificate, which proves the answer: no hint.
        let record = WeightedRecord::new(small, weights.decimals, &cert);
        serde_json::to_writer(&mut *out, &record).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let WeightedOutcome::Optimum { pairs, total, .. } = &cert.outcome else {
        writeln!(out, "no perfect matching")?;
        if let Some(hint) = rectangular_hint(input) {
            eprintln!("hint: {hint}");
        }
        return Ok(());
    };
    writeln!(out, "{} {}", decimal(*total, weights.decimals), pairs.len())?;
    if opts.pairs {
        for &(u, v, w) in pairs {
            writeln!(
                out,
                "{} {} {}",
                file_number(small, u),
                file_number(small, v),
                decimal(w, weights.decimals)
            )?;
        }
    }
    Ok(())
}

/// For a matrix that is not square, asked for a perfect matching (which it cannot have): the
/// question that is scipy's rectangular assignment.
fn rectangular_hint(input: &GraphInput) -> Option<String> {
    match input.shape {
        Shape::Bipartite { rows, cols } if rows != cols => Some(format!(
            "a {rows} × {cols} matrix has no perfect matching (it would match every row and \
             every column); the rectangular assignment (scipy's linear_sum_assignment), which \
             matches all of the smaller side, is --max-cardinality, not --perfect"
        )),
        _ => None,
    }
}

/// What `gridmatch geography` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GeographyQuery {
    /// Who wins from this vertex (file numbering); with the strategy if `show`.
    Start {
        /// The start, as written on the command line.
        vertex: u64,
        /// Print the winner's strategy too.
        show: bool,
    },
    /// `V A|B` for every vertex.
    All,
}

/// `gridmatch geography`: undirected vertex geography on the graph. The game is played on
/// `small`, `input` without its isolated vertices ([`compact::without_isolated`]): from an
/// isolated vertex Alice has no move, so Bob wins there.
pub fn geography_cmd(
    input: &GraphInput,
    small: &GraphInput,
    name: &str,
    query: GeographyQuery,
    out: &mut dyn Write,
) -> Result<(), Error> {
    if let Shape::Bipartite { .. } = input.shape {
        return Err(
            InputError::at(name, 1, 1, "a Matrix Market matrix", "a graph")
                .with_hint(
                    "geography plays on a graph's vertices: give a DIMACS file or an edge list \
                 (a matrix's rows and columns would need names of their own)",
                )
                .into(),
        );
    }
    let names = Vertices::of(input);
    let kept = Vertices::of(small);
    match query {
        GeographyQuery::All => {
            let winners = certified::geography(small).winners();
            // Both numberings increase: walk the kept vertices along the whole set.
            let mut next = 0;
            for v in 0..names.n as u32 {
                let number = names.number(v);
                let winner = if next < kept.n && kept.number(next as u32) == number {
                    next += 1;
                    winners[next - 1]
                } else {
                    Player::Bob
                };
                writeln!(out, "{number} {}", winner.letter())?;
            }
        }
        GeographyQuery::Start { vertex, show } => {
            let Some(s) = names.vertex(vertex, false) else {
                return Err(super::usage(match names.n {
                    0 => format!(
                        "geography: --start {vertex} is not a vertex of {name}: the graph has no \
                         vertices"
                    ),
                    _ => format!(
                        "geography: --start {vertex} is not a vertex of {name}, which has {}",
                        names.numbering()
                    ),
                }));
            };
            let Some(s) = kept.vertex(names.number(s), false) else {
                // No edge at s: Alice cannot move.
                writeln!(out, "{}", Player::Bob.letter())?;
                if show {
                    writeln!(out, "Bob wins from {vertex}: Alice has no move")?;
                }
                return Ok(());
            };
            let names = kept;
            let game = certified::geography(small);
            let winner = game.winner(s);
            writeln!(out, "{}", winner.letter())?;
            if show {
                let f = |v: u32| names.number(v);
                match game.strategy(s) {
                    Strategy::Alice { first } => writeln!(
                        out,
                        "Alice wins from {vertex}: move to {} first, then answer each move of \
                         Bob along this maximum matching (it covers every vertex Bob can reach):",
                        f(first)
                    )?,
                    Strategy::Bob { replies } if replies.is_empty() => {
                        writeln!(out, "Bob wins from {vertex}: Alice has no move")?
                    }
                    Strategy::Bob { replies } => {
                        writeln!(
                            out,
                            "Bob wins from {vertex}: to each first move of Alice he replies \
                             (Alice -> Bob):"
                        )?;
                        for (a, b) in replies {
                            writeln!(out, "  {} -> {}", f(a), f(b))?;
                        }
                        writeln!(
                            out,
                            "then along this maximum matching, which leaves {vertex} exposed:"
                        )?;
                    }
                }
                if winner == Player::Alice || game.graph().degree(s) > 0 {
                    for (u, v) in game.winning_matching(s).edges() {
                        writeln!(out, "  {} {}", f(u), f(v))?;
                    }
                }
            }
        }
    }
    Ok(())
}

/// What `gridmatch twosat` adds to the answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TwosatOptions {
    /// The implication chain behind an UNSAT answer.
    pub proof: bool,
    /// The literals true in every model.
    pub forced: bool,
    /// Whether the model is the only one (and a second one if not).
    pub unique: bool,
}

/// A literal as DIMACS writes it: `v` or `-v`, 1-based.
fn dimacs(l: Lit) -> i64 {
    let v = i64::from(l.var()) + 1;
    if l.is_neg() { -v } else { v }
}

fn model_line(model: &[bool]) -> String {
    let mut s = String::with_capacity(model.len() * 8 + 4);
    s.push('v');
    for (i, &b) in model.iter().enumerate() {
        s.push(' ');
        if !b {
            s.push('-');
        }
        s.push_str(&(i + 1).to_string());
    }
    s.push_str(" 0");
    s
}

/// `gridmatch twosat`: SAT competition output; exit code 10 (satisfiable) or 20 (not).
pub fn twosat_cmd(cnf: &Cnf, opts: TwosatOptions, out: &mut dyn Write) -> Result<ExitCode, Error> {
    match cnf.formula.solve() {
        Outcome::Satisfiable(model) => {
            writeln!(out, "s SATISFIABLE")?;
            writeln!(out, "{}", model_line(&model))?;
            if opts.forced {
                let forced = twosat::backbone(&cnf.formula).expect("satisfiable");
                let mut line = String::from("c forced");
                for l in forced {
                    line.push(' ');
                    line.push_str(&dimacs(l).to_string());
                }
                writeln!(out, "{line} 0")?;
            }
            if opts.unique {
                match twosat::second_model(&cnf.formula, &model) {
                    None => writeln!(out, "c unique")?,
                    Some(other) => {
                        writeln!(out, "c not unique")?;
                        writeln!(out, "{}", model_line(&other))?;
                    }
                }
            }
            Ok(ExitCode::from(10))
        }
        Outcome::Unsatisfiable(conflict) => {
            writeln!(out, "s UNSATISFIABLE")?;
            if opts.proof {
                let chain = &conflict.chain;
                let words: Vec<String> = chain.iter().map(|&l| dimacs(l).to_string()).collect();
                writeln!(
                    out,
                    "c proof: {} (each step by the clause on the line shown)",
                    words.join(" ⇒ ")
                )?;
                let clauses = cnf.formula.clauses();
                for (step, k) in chain
                    .windows(2)
                    .zip(twosat::chain_clauses(&cnf.formula, chain))
                {
                    let (a, b) = clauses[k];
                    let clause = if a == b {
                        format!("{} 0", dimacs(a))
                    } else {
                        format!("{} {} 0", dimacs(a), dimacs(b))
                    };
                    writeln!(
                        out,
                        "c   {} ⇒ {}   by clause {clause} (line {})",
                        dimacs(step[0]),
                        dimacs(step[1]),
                        cnf.lines[k]
                    )?;
                }
            }
            Ok(ExitCode::from(20))
        }
    }
}
