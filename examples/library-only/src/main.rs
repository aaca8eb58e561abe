//! gridmatch as a library, without its `cli` and `serve` features: parse a board of each puzzle,
//! solve it, verify the certificate; run the graph core on edges and clauses of our own.

use gridmatch::Grid;
use gridmatch::graph::{bipartite, general, twosat};
use gridmatch::puzzles::{king, lpuzzle, rooks};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // Rooks: UVa 12668's first sample, 7 rooks, proved by a König cover.
    let pawns: Grid = "X....\nX....\n..X..\n.X...\n....X\n".parse()?;
    let placement = rooks::solve(&pawns);
    rooks::verify(&pawns, &placement)?;
    assert_eq!(placement.rooks.len(), 7);

    // L-puzzle: a tiling, and a pattern that cannot be built, with its reason.
    let pattern: Grid = "BWW.\nWWBW\n..WB".parse()?;
    let lpuzzle::Answer::Yes(pieces) = lpuzzle::solve(&pattern) else {
        return Err("NWERC's first sample can be built".into());
    };
    lpuzzle::verify_tiling(&pattern, &pieces)?;
    let stuck: Grid = "BWB.\nWWW.".parse()?;
    let lpuzzle::Answer::No(reason) = lpuzzle::solve(&stuck) else {
        return Err("two blacks share one white".into());
    };
    lpuzzle::verify_no(&stuck, &reason)?;

    // King: GCJ's second sample, Alice wins, with the certificate.
    let board: Grid = "K#\n.#\n.#\n.#".parse()?;
    let start = king::start_of(&board)?;
    let analysis = king::Analysis::new(&board, king::Moves::King);
    let cert = analysis.certificate(start).ok_or("the start is free")?;
    king::verify(&board, king::Moves::King, &cert)?;
    assert_eq!(cert.winner(), king::Player::Alice);

    // The graph core on our own edges: a bipartite matching with its König cover ...
    let g = bipartite::BipartiteGraph::from_edges(3, 3, &[(0, 0), (0, 1), (1, 0), (2, 2)]);
    let m = bipartite::maximum_matching(&g);
    let cover = bipartite::konig_cover(&g, &m);
    assert_eq!((m.len(), cover.len()), (3, 3));
    // ... a general matching on a 5-cycle with a pendant vertex, and its Gallai–Edmonds classes ...
    let g = general::Graph::from_edges(6, &[(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (4, 5)]);
    let m = general::maximum_matching(&g);
    assert_eq!(m.len(), 3);
    let ge = general::gallai_edmonds(&g, &m);
    assert!(ge.barrier().is_empty());
    // ... and 2-SAT: (x0 ∨ x1) ∧ ¬x0 forces x1.
    let mut f = twosat::Formula::new(2);
    f.add_clause(twosat::Lit::pos(0), twosat::Lit::pos(1));
    f.add_clause(twosat::Lit::neg(0), twosat::Lit::neg(0));
    assert_eq!(f.solve(), twosat::Outcome::Satisfiable(vec![false, true]));

    println!("gridmatch without its cli and serve features: every puzzle and engine checked");
    Ok(())
}
