//! `gridmatch geography`: who wins undirected vertex geography on the user's own graph, printed
//! in the file's own numbering.

use std::io::Write;

use crate::error::Error;
use crate::flags::GeographyArgs;
use crate::limits;
use gridmatch::InputError;
use gridmatch::graph::certified::{self, Vertices};
use gridmatch::graph::geography::{Player, Strategy};
use gridmatch::read::{GraphInput, Shape};

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
/// `small`, `input` without its isolated vertices
/// ([`compact::without_isolated`](gridmatch::graph::certified::compact::without_isolated)):
/// from an isolated vertex Alice has no move, so Bob wins there.
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
                return Err(crate::error::usage(match names.n {
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

/// `gridmatch geography`.
pub fn run(args: GeographyArgs, out: &mut dyn Write) -> Result<(), Error> {
    let GeographyArgs {
        graph,
        start,
        all,
        show,
    } = args;
    let (input, name) = graph.read(false)?;
    let query = match start {
        Some(vertex) if !all => GeographyQuery::Start { vertex, show },
        _ => GeographyQuery::All,
    };
    let small = graph.small(&input, &name, limits::GraphWork::Geography)?;
    geography_cmd(&input, &small, &name, query, out)?;
    Ok(())
}
