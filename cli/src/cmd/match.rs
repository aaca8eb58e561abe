//! `gridmatch match`: a maximum matching of the user's own graph file (and with `--weights` the
//! best weighted one, with `--dm` the Dulmage–Mendelsohn decomposition, [`dm`]), printed in the
//! file's own numbering.

mod dm;

use std::io::Write;

use crate::error::Error;
use crate::flags::MatchArgs;
use crate::limits;
use gridmatch::InputError;
use gridmatch::decimal::decimal;
use gridmatch::decimal::scale;
use gridmatch::formats::json::{MatchingRecord, WeightedRecord, gap};
use gridmatch::graph::certified::compact;
use gridmatch::graph::certified::weighted::WeightedOutcome;
use gridmatch::graph::certified::{self, Vertices};
use gridmatch::graph::weighted::{Cardinality, Question, Sense, WeightError};
use gridmatch::read::{Format, GraphInput, Shape, Weights, Wide};

/// A vertex in the file's own numbering ([`Vertices::number`]): for a matrix, a row or column
/// number (1-based), as the position in a pair says.
pub fn file_number(input: &GraphInput, v: u32) -> u64 {
    Vertices::of(input).number(v)
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
/// Weights beyond 64 bits are answered exactly on the library's wide path; weights too far
/// apart for it, with a proven gap ([`gap`]).
pub fn weighted_match_cmd(
    input: &GraphInput,
    small: &GraphInput,
    weights: &Weights,
    name: &str,
    question: Question,
    opts: MatchOptions,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let cert = match &weights.wide {
        None => compact::weighted(input, small, &weights.values, question),
        Some(Wide::Exact(values)) => match compact::weighted_wide(input, small, values, question) {
            Err(WeightError::TooWide { .. } | WeightError::ShiftTooLarge { .. }) => {
                return gap_match(input, small, weights, name, question, opts, out);
            }
            other => other,
        },
        Some(Wide::Parts(_)) => {
            return gap_match(input, small, weights, name, question, opts, out);
        }
    };
    // The reader bounds each weight; what is left is a question whose arithmetic would not fit
    // (the shift of a maximum-cardinality question): pointed at the largest weight, which the
    // rule names (the start of the file if that one is a self-loop's).
    let cert = cert.map_err(|e| {
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
        return no_perfect(input, out);
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

/// `no perfect matching`, and for a matrix that is not square the hint.
fn no_perfect(input: &GraphInput, out: &mut dyn Write) -> Result<(), Error> {
    writeln!(out, "no perfect matching")?;
    if let Some(hint) = rectangular_hint(input) {
        eprintln!("hint: {hint}");
    }
    Ok(())
}

/// [`weighted_match_cmd`] for weights too far apart in magnitude for exact integers: solved on
/// the weights rounded to the finest grid that fits, with the gap the answer proves (see
/// [`gap`]), said on stderr and in the record.
fn gap_match(
    input: &GraphInput,
    small: &GraphInput,
    weights: &Weights,
    name: &str,
    question: Question,
    opts: MatchOptions,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let given = weights.parts();
    let (rounded, grid) = scale::grid(&given, gap::limit(small, question.cardinality));
    let mut cert = compact::weighted_wide(input, small, &rounded, question).map_err(|e| {
        InputError::at(
            name,
            1,
            1,
            "weights the engines cannot take even rounded",
            "weights the engines' exact arithmetic can hold",
        )
        .with_hint(e.to_string())
    })?;
    gap::greedy(small, &mut cert, &given, &rounded);
    let figures =
        gap::figures(small, &cert, &given, &rounded, grid).map_err(std::io::Error::other)?;
    let optimum = matches!(cert.outcome, WeightedOutcome::Optimum { .. });
    if optimum {
        eprintln!(
            "note: the weights are too far apart in magnitude for exact integers: solved on the \
             weights rounded to multiples of 10^{}; no matching is better than this one by more \
             than {} (proved: the record's duals, raised a quarter step, bound every matching)",
            -i64::from(grid),
            figures.gap
        );
    }
    if opts.json {
        let mut record = WeightedRecord::new(small, 0, &cert);
        record.optimality = Some("gap".into());
        record.grid = Some(grid);
        record.gap = Some(figures.gap);
        serde_json::to_writer(&mut *out, &record).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let WeightedOutcome::Optimum { pairs, .. } = &cert.outcome else {
        return no_perfect(input, out);
    };
    writeln!(out, "{} {}", figures.total, pairs.len())?;
    if opts.pairs {
        for (&(u, v, _), &w) in pairs.iter().zip(&figures.pairs) {
            writeln!(
                out,
                "{} {} {}",
                file_number(small, u),
                file_number(small, v),
                scale::exact_sum(&[w])
            )?;
        }
    }
    Ok(())
}

/// For a matrix that is not square, asked for a perfect matching (which it cannot have): the
/// question that is scipy's rectangular assignment.
fn rectangular_hint(input: &GraphInput) -> Option<String> {
    match input.shape {
        Shape::Bipartite { rows, cols } if rows != cols && input.format == Format::Assignment => {
            Some(format!(
                "an assignment problem with {} and {} has no perfect matching; its own \
                 question, the cheapest assignment of the smaller side, is asked without \
                 --perfect (or with --max-cardinality)",
                gridmatch::formats::count(rows as u64, "source", "sources"),
                gridmatch::formats::count(cols as u64, "sink", "sinks"),
            ))
        }
        Shape::Bipartite { rows, cols } if rows != cols => Some(format!(
            "a {rows} × {cols} matrix has no perfect matching (it would match every row and \
             every column); the rectangular assignment (scipy's linear_sum_assignment), which \
             matches all of the smaller side, is --max-cardinality, not --perfect"
        )),
        _ => None,
    }
}

/// The question flags of `match --weights`, each naming its own part of the question.
#[derive(Clone, Copy, Debug, Default)]
struct Asked {
    min: bool,
    max: bool,
    perfect: bool,
    max_cardinality: bool,
}

impl Asked {
    /// The question asked of `input`: what the flags name, the rest from the file. Every
    /// file asks for the largest total weight among all matchings, but a DIMACS assignment
    /// problem, which asks for the smallest total cost of an assignment: among perfect
    /// matchings when it has as many sources as sinks, among maximum-cardinality ones
    /// otherwise (`--max` on it asks for the largest total among the same matchings).
    fn question(self, input: &GraphInput) -> Question {
        let assignment = match (input.format, input.shape) {
            (Format::Assignment, Shape::Bipartite { rows, cols }) => Some(rows == cols),
            _ => None,
        };
        let sense = if self.min || (assignment.is_some() && !self.max) {
            Sense::Min
        } else {
            Sense::Max
        };
        let cardinality = match (self.perfect, self.max_cardinality, assignment) {
            (true, _, _) | (false, false, Some(true)) => Cardinality::Perfect,
            (_, true, _) | (false, false, Some(false)) => Cardinality::Maximum,
            (false, false, None) => Cardinality::Any,
        };
        Question { sense, cardinality }
    }
}

/// `gridmatch match`.
pub fn run(args: MatchArgs, out: &mut dyn Write) -> Result<(), Error> {
    let MatchArgs {
        graph,
        pairs,
        json,
        classify,
        dm,
        weights,
        min,
        max,
        perfect,
        max_cardinality,
    } = args;
    let opts = MatchOptions {
        pairs,
        json,
        classify,
    };
    if weights {
        let (input, weights, name) = graph.read_weighted()?;
        let asked = Asked {
            min,
            max,
            perfect,
            max_cardinality,
        };
        let question = asked.question(&input);
        let work = limits::GraphWork::Weighted(question.cardinality);
        let small = graph.small(&input, &name, work)?;
        weighted_match_cmd(&input, &small, &weights, &name, question, opts, out)?;
    } else if dm {
        // Every vertex is listed: the whole input.
        let (input, name) = graph.read(false)?;
        graph.check_declared(&input, &name, limits::GraphWork::Dm)?;
        dm::dm_cmd(&input, &name, json, out)?;
    } else {
        let (input, name) = graph.read(true)?;
        let small = graph.small(&input, &name, limits::GraphWork::Matching)?;
        match_cmd(&small, &name, opts, out)?;
    }
    Ok(())
}
