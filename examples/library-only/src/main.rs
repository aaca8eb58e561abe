//! gridmatch as a library, with no feature (no command line, no web server in its tree): ask
//! the puzzle interface about a board of each puzzle, verify the certificate; run the graph core
//! on edges and clauses of our own.

use gridmatch::Grid;
use gridmatch::graph::{bipartite, general, twosat};
use gridmatch::puzzles::{Answer, Puzzle, Request, king, lpuzzle, rooks};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let proof = Request {
        certificate: true,
        ..Request::judge()
    };

    // Rooks: UVa 12668's first sample, 7 rooks, proved by a König cover.
    let pawns: Grid = "X....\nX....\n..X..\n.X...\n....X\n".parse()?;
    let Answer::Rooks(answer) = Puzzle::Rooks.answer(&pawns, &proof)? else {
        return Err("a rooks board has a rooks answer".into());
    };
    let placement = answer.solution.ok_or("a certificate was asked for")?;
    rooks::verify(&pawns, &placement)?;
    assert_eq!(placement.rooks.len(), 7);

    // L-puzzle: a tiling, and a pattern that cannot be built, with its reason.
    let pattern: Grid = "BWW.\nWWBW\n..WB".parse()?;
    let Answer::Lpuzzle(answer) = Puzzle::Lpuzzle.answer(&pattern, &proof)? else {
        return Err("an L-puzzle pattern has an L-puzzle answer".into());
    };
    let Some(lpuzzle::Outcome::Yes(pieces)) = answer.solution else {
        return Err("NWERC's first sample can be built".into());
    };
    lpuzzle::verify_tiling(&pattern, &pieces)?;
    let stuck: Grid = "BWB.\nWWW.".parse()?;
    let Answer::Lpuzzle(answer) = Puzzle::Lpuzzle.answer(&stuck, &proof)? else {
        return Err("an L-puzzle pattern has an L-puzzle answer".into());
    };
    let Some(lpuzzle::Outcome::No(reason)) = answer.solution else {
        return Err("two blacks share one white".into());
    };
    lpuzzle::verify_no(&stuck, &reason)?;

    // King: GCJ's second sample, Alice wins, with the certificate.
    let board: Grid = "K#\n.#\n.#\n.#".parse()?;
    let Answer::King(answer) = Puzzle::King.answer(&board, &proof)? else {
        return Err("a King board has a King answer".into());
    };
    let cert = answer.certificate.ok_or("a certificate was asked for")?;
    king::verify(&board, king::Moves::King, &cert)?;
    assert_eq!(cert.winner(), king::Player::Alice);

    // The graph core on our own edges: a bipartite matching with its König cover ...
    let g = bipartite::BipartiteGraph::from_edges(3, 3, [(0, 0), (0, 1), (1, 0), (2, 2)]);
    let m = bipartite::maximum_matching(&g);
    let cover = bipartite::konig_cover(&g, &m);
    assert_eq!((m.len(), cover.len()), (3, 3));
    // ... a general matching on a 5-cycle with a pendant vertex, and its Gallai–Edmonds classes ...
    let g = general::Graph::from_edges(6, [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]);
    let m = general::maximum_matching(&g);
    assert_eq!(m.len(), 3);
    let ge = general::gallai_edmonds(&g, &m);
    assert!(ge.barrier().is_empty());
    // ... and 2-SAT: (x0 ∨ x1) ∧ ¬x0 forces x1.
    let mut f = twosat::Formula::new(2);
    f.add_clause(twosat::Lit::pos(0), twosat::Lit::pos(1));
    f.add_clause(twosat::Lit::neg(0), twosat::Lit::neg(0));
    assert_eq!(f.solve(), twosat::Outcome::Satisfiable(vec![false, true]));

    println!("gridmatch as a library alone: every puzzle and engine checked");
    Ok(())
}
