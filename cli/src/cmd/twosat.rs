//! `gridmatch twosat`: 2-SAT on the user's DIMACS CNF file, answered in the SAT competition's
//! output.

use std::io::Write;
use std::process::ExitCode;

use crate::error::{Error, name_the_flag};
use crate::flags::TwosatArgs;
use crate::input::open;
use crate::limits;
use gridmatch::graph::twosat::{self, Outcome};
use gridmatch::read::{Cnf, read_cnf_within};

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

/// A solver answer that fails [`twosat::verify`]: a bug of the solver, never of the input.
fn unchecked(e: twosat::verify::TwoSatError) -> ! {
    panic!("twosat: the solver's answer fails its check ({e}); this is a bug in gridmatch")
}

/// `gridmatch twosat`: SAT competition output; exit code 10 (satisfiable) or 20 (not), each
/// answer checked by [`twosat::verify`] before it is printed.
pub fn twosat_cmd(cnf: &Cnf, opts: TwosatOptions, out: &mut dyn Write) -> Result<ExitCode, Error> {
    match cnf.formula.solve() {
        Outcome::Satisfiable(model) => {
            let vars = cnf.formula.num_vars() as u64;
            if let Err(e) = twosat::verify::check_model(vars, cnf.formula.clauses(), &model) {
                unchecked(e);
            }
            writeln!(out, "s SATISFIABLE")?;
            writeln!(out, "{}", model_line(&model))?;
            if opts.forced {
                let forced = twosat::backbone(&cnf.formula).expect("satisfiable");
                let mut line = String::from("c forced");
                for l in forced {
                    line.push(' ');
                    line.push_str(&l.to_dimacs().to_string());
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
                let dimacs: Vec<i64> = chain.iter().map(|l| l.to_dimacs()).collect();
                let clauses = cnf.formula.clauses();
                let steps = twosat::chain_clauses(&cnf.formula, chain);
                let indices: Vec<i64> = steps.iter().map(|&k| k as i64).collect();
                if let Err(e) = twosat::verify::check_refutation(clauses, &dimacs, &indices) {
                    unchecked(e);
                }
                let words: Vec<String> = dimacs.iter().map(i64::to_string).collect();
                writeln!(
                    out,
                    "c proof: {} (each step by the clause on the line shown)",
                    words.join(" ⇒ ")
                )?;
                for (step, k) in chain.windows(2).zip(steps) {
                    let (a, b) = clauses[k];
                    let clause = if a == b {
                        format!("{} 0", a.to_dimacs())
                    } else {
                        format!("{} {} 0", a.to_dimacs(), b.to_dimacs())
                    };
                    writeln!(
                        out,
                        "c   {} ⇒ {}   by clause {clause} (line {})",
                        step[0].to_dimacs(),
                        step[1].to_dimacs(),
                        cnf.lines[k]
                    )?;
                }
            }
            Ok(ExitCode::from(20))
        }
    }
}

/// `gridmatch twosat`: exit code 10 (satisfiable) or 20 (not).
pub fn run(args: TwosatArgs, out: &mut dyn Write) -> Result<ExitCode, Error> {
    let TwosatArgs {
        file,
        proof,
        forced,
        unique,
        max_clauses,
    } = args;
    let (r, name) = open(file.as_ref(), "a DIMACS CNF formula")?;
    let limit = limits::clause_limit(max_clauses);
    let cnf = read_cnf_within(r, &name, limit, limit)
        .map_err(|e| name_the_flag(e, "--max-clauses", max_clauses.is_none()))?;
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
    let opts = TwosatOptions {
        proof,
        forced,
        unique,
    };
    twosat_cmd(&cnf, opts, out)
}
