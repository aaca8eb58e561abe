//! The DIMACS CNF format, restricted to 2-SAT: `c` comments, `p cnf N M`, then M clauses of one
//! or two literals, each ended by `0`.

use std::io::BufRead;

use super::{Item, MAX_RESERVE, Next, Tokens, count, parse_number, push, to_usize};
use crate::InputError;
use crate::graph::twosat::{Formula, Lit};

/// A 2-SAT formula read from a DIMACS CNF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cnf {
    /// The formula: variable `x_k` of the file is variable `k - 1`; a unit clause `a` is the
    /// clause `(a ∨ a)`.
    pub formula: Formula,
    /// The 1-based line of each clause (of its first literal), in the order of
    /// [`Formula::clauses`].
    pub lines: Vec<u64>,
}

/// Most variables the 2-SAT solver takes (see [`Formula::new`]).
const MAX_VARS: u64 = (1 << 31) - 2;

/// The problem line, as expected.
const P_LINE: &str = "the p line ('p cnf VARIABLES CLAUSES')";

/// The hint for a graph file.
const GRAPH_HINT: &str = "this is a graph: use `gridmatch match` / `geography`";

/// Reads a DIMACS CNF formula of clauses with one or two literals; `file` names the input in
/// error messages, and at most `max_clauses` clauses are accepted (a p line announcing more is
/// refused before anything is allocated).
///
/// Clauses may span lines and share them; a clause's line is that of its first literal.
/// SATLIB's trailer (a line `%`, then `0`) ends the input.
///
/// # Errors
/// Any departure from the format: a missing, repeated or malformed p line, a literal out of
/// range, a clause with no literal or more than two, a clause not ended by `0`, more or fewer
/// clauses than announced, over `2^31 − 2` variables or `max_clauses` clauses; I/O errors (as
/// `unreadable input`).
///
/// # Complexity
/// O(bytes read) time, O(clauses) memory.
///
/// # Examples
/// ```
/// use gridmatch::read::read_cnf;
/// use gridmatch::graph::twosat::Lit;
///
/// let cnf = read_cnf(&b"c x1 or not x2; x2\np cnf 2 2\n1 -2 0\n2 0\n"[..], "f.cnf", 100)?;
/// assert_eq!(cnf.formula.clauses(), &[(Lit::pos(0), Lit::neg(1)), (Lit::pos(1), Lit::pos(1))]);
/// assert_eq!(cnf.lines, vec![3, 4]);
/// assert!(cnf.formula.solve().is_satisfiable());
/// # Ok::<(), gridmatch::InputError>(())
/// ```
pub fn read_cnf<R: BufRead>(input: R, file: &str, max_clauses: u64) -> Result<Cnf, InputError> {
    read_cnf_within(input, file, MAX_VARS, max_clauses)
}

/// [`read_cnf`] with a limit on the variables too (at most `2^31 − 2` in any case): a p line
/// announcing more than `max_vars` variables is refused at its number, before the solver could
/// allocate for them.
///
/// # Errors
/// As [`read_cnf`], and more than `max_vars` variables.
///
/// # Complexity
/// As [`read_cnf`].
pub fn read_cnf_within<R: BufRead>(
    input: R,
    file: &str,
    max_vars: u64,
    max_clauses: u64,
) -> Result<Cnf, InputError> {
    let mut t = Tokens::new(input, file);
    loop {
        match t.next_nonblank()? {
            Next::End { line, col } => {
                return Err(InputError::end_of_input(file, line, col, P_LINE));
            }
            Next::Token => {}
        }
        if t.tok.first() == Some(&b'c') {
            t.skip_line()?;
            continue;
        }
        if t.is("p") {
            break;
        }
        let e = t.bad_token(format!("{P_LINE} or a 'c' comment"));
        return Err(if t.is("e") || t.tok.first() == Some(&b'%') {
            e.with_hint(GRAPH_HINT)
        } else if t.tok.iter().all(u8::is_ascii_digit) {
            e.with_hint(format!(
                "a DIMACS CNF file starts with 'p cnf VARIABLES CLAUSES'; {}",
                super::BOARD_FILE_HINT
            ))
        } else {
            e.with_hint(
                "a DIMACS CNF file starts with 'p cnf VARIABLES CLAUSES' (after 'c' comments)",
            )
        });
    }
    let p_line = t.tok_line;
    t.token_on_line("'cnf'")?;
    if t.is("edge") || t.is("col") {
        return Err(t.bad_token("'cnf'").with_hint(GRAPH_HINT));
    }
    if !t.is("cnf") {
        return Err(t.bad_token("'cnf'"));
    }
    let n = t.number_on_line("the number of variables")?;
    t.check_limit(n, max_vars.min(MAX_VARS), "variables", "variable")?;
    let m = t.number_on_line("the number of clauses")?;
    t.check_limit(m, max_clauses, "clauses", "clause")?;
    t.line_end(&format!(
        "the p line holds the format's two counts, 'p cnf VARIABLES CLAUSES' (here {} and {}); \
         a third number is not part of DIMACS CNF: delete it",
        count(n.value, "variable", "variables"),
        count(m.value, "clause", "clauses")
    ))?;

    let mut formula = Formula::new(to_usize(n.value));
    let mut lines = Vec::with_capacity(to_usize(m.value.min(MAX_RESERVE)));
    let announced_vars = format!(
        "the p line (line {p_line}) announced {}",
        count(n.value, "variable", "variables")
    );
    let announced_clauses = format!(
        "the p line (line {p_line}) announced {}",
        count(m.value, "clause", "clauses")
    );
    let range = format!(
        "a literal from -{0} to {0}, or 0 ending the clause",
        n.value
    );
    // The clause being read: its literals so far and its line.
    let mut lits = [Lit::pos(0); 2];
    let mut len = 0;
    let mut clause_line = 0;
    let mut line_start = true;
    let (end_line, end_col) = loop {
        match t.next()? {
            Item::LineEnd { .. } => {
                line_start = true;
                continue;
            }
            Item::End { line, col } => {
                if len > 0 {
                    return Err(InputError::end_of_input(
                        file,
                        line,
                        col,
                        format!("0 ending the clause begun at line {clause_line}"),
                    ));
                }
                break (line, col);
            }
            Item::Token => {}
        }
        if std::mem::replace(&mut line_start, false) {
            if t.tok.first() == Some(&b'c') {
                t.skip_line()?;
                line_start = true;
                continue;
            }
            if t.is("p") {
                return Err(t
                    .error(
                        t.tok_line,
                        t.tok_col,
                        "a second p line",
                        "a clause or a 'c' comment",
                    )
                    .with_hint(format!("the p line is line {p_line}")));
            }
            if t.is("%") {
                if len > 0 {
                    return Err(
                        t.bad_token(format!("0 ending the clause begun at line {clause_line}"))
                    );
                }
                break satlib_trailer(&mut t)?;
            }
        }
        let (neg, digits) = match t.tok.strip_prefix(b"-") {
            Some(rest) => (true, rest),
            None => (false, &t.tok[..]),
        };
        // `+` may precede a number as everywhere, but not follow a `-`.
        let value = if t.cut || (neg && digits.first() == Some(&b'+')) {
            None
        } else {
            parse_number(digits)
        };
        let Some(value) = value else {
            let e = t.bad_token(format!(
                "a literal (a whole number from -{0} to {0}) or 0 ending the clause",
                n.value
            ));
            return Err(
                if !t.cut && !digits.is_empty() && digits.iter().all(u8::is_ascii_digit) {
                    e.with_hint("the number is too large")
                } else {
                    e
                },
            );
        };
        if value > n.value {
            return Err(t
                .bad_token(range.as_str())
                .with_hint(announced_vars.as_str()));
        }
        if value == 0 {
            if len == 0 {
                return Err(t
                    .bad_token(format!("a literal from -{0} to {0}", n.value))
                    .with_hint(
                        "an empty clause can never be satisfied: the formula is unsatisfiable as \
                         written",
                    ));
            }
            formula.add_clause(lits[0], lits[len - 1]);
            push(&t, &mut lines, clause_line, "clause")?;
            len = 0;
            continue;
        }
        if len == 2 {
            return Err(t.bad_token("0 ending the clause").with_hint(
                "gridmatch decides 2-SAT only: every clause must have one or two literals",
            ));
        }
        if len == 0 {
            if lines.len() as u64 == m.value {
                return Err(t
                    .error(
                        t.tok_line,
                        t.tok_col,
                        format!("clause {}", m.value + 1),
                        format!("at most {}", count(m.value, "clause", "clauses")),
                    )
                    .with_hint(announced_clauses));
            }
            clause_line = t.tok_line;
        }
        // 1 ≤ value ≤ n ≤ MAX_VARS < 2^31.
        lits[len] = Lit::new((value - 1) as u32, neg);
        len += 1;
    };
    let read = lines.len() as u64;
    if read < m.value {
        return Err(InputError::end_of_input(
            file,
            end_line,
            end_col,
            count(m.value - read, "more clause", "more clauses"),
        )
        .with_hint(format!("{announced_clauses}, the file has {read}")));
    }
    Ok(Cnf { formula, lines })
}

/// Reads the rest of SATLIB's trailer after its `%`: a `0`, blanks and line ends. Returns where
/// the input ends.
fn satlib_trailer<R: BufRead>(t: &mut Tokens<R>) -> Result<(u64, u64), InputError> {
    let mut zero = false;
    loop {
        match t.next()? {
            Item::End { line, col } => return Ok((line, col)),
            Item::LineEnd { .. } => {}
            Item::Token if !zero && t.is("0") => zero = true,
            Item::Token => {
                return Err(t
                    .bad_token("end of input")
                    .with_hint("SATLIB's trailer, a '%' line and a '0', ends the formula"));
            }
        }
    }
}
