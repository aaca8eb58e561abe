//! Solver + verifier target for King, on boards of at most 6 × 6 built from the fuzz bytes, with
//! any of the four move sets.
//!
//! 1. For every free start: the certificate passes `verify`, names the winner of `winner` and of
//!    the every-start map, and on boards with few free cells equals an exhaustive game search;
//!    the winner's strategy and the engine's move are checked move by move against the search.
//! 2. The remaining bytes edit the certificate (and maybe the board); whenever `verify` accepts
//!    it, the claimed winner must be the true one and the matching valid.
#![no_main]
// Cells are visited by (row, column) because the board, the map and the search all use both.
#![allow(clippy::needless_range_loop)]

use gridmatch::board::Grid;
use gridmatch::puzzles::king::{self, Analysis, Certificate, Player, Strategy};
use gridmatch_fuzz::*;
use libfuzzer_sys::fuzz_target;

fn mutate(u: &mut Unstructured, grid: &mut Grid, cert: &mut Certificate) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let cell = |u: &mut Unstructured| (coord(u, rows), coord(u, cols));
    match byte(u) % 11 {
        0 => {
            cert.winner = if cert.winner == Player::Alice {
                Player::Bob
            } else {
                Player::Alice
            }
        }
        1 => {
            cert.barrier_without_start = match cert.barrier_without_start.take() {
                Some(_) => None,
                None => Some(cert.barrier.clone()),
            }
        }
        2 if !cert.matching.is_empty() => {
            let i = range(u, 0, cert.matching.len() - 1);
            cert.matching.remove(i);
        }
        3 => {
            let (a, b) = (cell(u), cell(u));
            cert.matching.push((a, b));
        }
        4 if !cert.matching.is_empty() => {
            let i = range(u, 0, cert.matching.len() - 1);
            let c = cell(u);
            if byte(u) & 1 == 0 {
                cert.matching[i].0 = c;
            } else {
                cert.matching[i].1 = c;
            }
        }
        5 if !cert.barrier.is_empty() => {
            let i = range(u, 0, cert.barrier.len() - 1);
            cert.barrier.remove(i);
        }
        6 => {
            let c = cell(u);
            cert.barrier.push(c);
        }
        7 => {
            if let Some(y) = &mut cert.barrier_without_start {
                if !y.is_empty() && byte(u) & 1 == 0 {
                    let i = range(u, 0, y.len() - 1);
                    y.remove(i);
                } else {
                    y.push(cell(u));
                }
            }
        }
        8 => {
            // Burn or free a cell that is not the K.
            let (r, c) = (range(u, 0, rows - 1), range(u, 0, cols - 1));
            match grid.get(r, c) {
                b'.' => *grid = with_cell(grid, r, c, b'#'),
                b'#' => *grid = with_cell(grid, r, c, b'.'),
                _ => {}
            }
        }
        9 => {
            // Move the K to another free cell.
            let (r, c) = (range(u, 0, rows - 1), range(u, 0, cols - 1));
            if grid.get(r, c) == b'.' {
                let (kr, kc) = king_start(grid);
                *grid = with_cell(&with_cell(grid, kr, kc, b'.'), r, c, b'K');
            }
        }
        _ => std::mem::swap(
            &mut cert.barrier,
            cert.barrier_without_start.get_or_insert_with(Vec::new),
        ),
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let moves = moves(&mut u);
    let base = board(&mut u, 6, 6, b"...#");
    let analysis = Analysis::new(&base, moves);
    let map = analysis.map(&base);
    let mut brute = KingBrute::new(&base, moves);
    let mut chosen = None;
    let pick = byte(&mut u) as usize;
    let mut n_free = 0;
    for r in 0..base.rows() {
        for c in 0..base.cols() {
            if base.get(r, c) == b'#' {
                assert_eq!(analysis.winner((r, c)), None);
                assert_eq!(map[r].as_bytes()[c], b'#');
                continue;
            }
            let grid = with_cell(&base, r, c, b'K');
            let winner = analysis.winner((r, c)).expect("free cell");
            assert_eq!(map[r].as_bytes()[c] as char, winner.letter(), "map");
            let cert = analysis
                .certificate((r, c))
                .expect("certificate of a free cell");
            assert_eq!(cert.winner, winner, "certificate names another winner");
            if let Err(why) = king::verify(&grid, moves, &cert) {
                panic!(
                    "verify rejects the solver's certificate: {why}\n{:?} {moves:?}",
                    grid.to_lines()
                );
            }
            if let Some(b) = &mut brute {
                assert_eq!(
                    winner,
                    b.winner((r, c)),
                    "exhaustive search differs from ({r},{c}) on {:?} {moves:?}",
                    base.to_lines()
                );
                // The winner's strategy wins, move by move, against the search.
                let legal = |from: (usize, usize), to: (usize, usize), used: &[(usize, usize)]| {
                    let d = (
                        to.0 as isize - from.0 as isize,
                        to.1 as isize - from.1 as isize,
                    );
                    steps(moves).contains(&d)
                        && to.0 < base.rows()
                        && to.1 < base.cols()
                        && base.get(to.0, to.1) != b'#'
                        && !used.contains(&to)
                };
                let first_moves = steps(moves)
                    .iter()
                    .filter(|&&(dr, dc)| {
                        let (r2, c2) = (r as isize + dr, c as isize + dc);
                        r2 >= 0 && c2 >= 0 && legal((r, c), (r2 as usize, c2 as usize), &[(r, c)])
                    })
                    .count();
                match analysis.strategy((r, c)).expect("strategy") {
                    Strategy::Alice { first } => {
                        assert_eq!(winner, Player::Alice);
                        assert!(
                            legal((r, c), first, &[(r, c)]),
                            "Alice's first move {first:?} is illegal"
                        );
                        assert!(
                            !b.to_move_wins(&[(r, c), first], first),
                            "Alice's first move {first:?} does not win"
                        );
                    }
                    Strategy::Bob { replies } => {
                        assert_eq!(winner, Player::Bob);
                        assert_eq!(replies.len(), first_moves, "Bob has no reply to some move");
                        for (a, reply) in replies {
                            assert!(legal((r, c), a, &[(r, c)]), "Alice's move {a:?} is illegal");
                            assert!(
                                legal(a, reply, &[(r, c), a]),
                                "Bob's reply {reply:?} to {a:?} is illegal"
                            );
                            assert!(
                                !b.to_move_wins(&[(r, c), a, reply], reply),
                                "Bob's reply {reply:?} to {a:?} does not win"
                            );
                        }
                    }
                }
                let visited: Vec<bool> = (0..base.cells().len())
                    .map(|i| i == r * base.cols() + c)
                    .collect();
                if let Some(m) = king::engine_move(&base, moves, &visited, (r, c))
                    && winner == Player::Alice
                {
                    assert!(legal((r, c), m, &[(r, c)]), "engine move {m:?} is illegal");
                    assert!(
                        !b.to_move_wins(&[(r, c), m], m),
                        "engine move {m:?} from a won position loses"
                    );
                }
            }
            if n_free == pick % (base.cells().len()) || chosen.is_none() {
                chosen = Some((grid, cert));
            }
            n_free += 1;
        }
    }

    let Some((mut grid, mut cert)) = chosen else {
        return;
    };
    for _ in 0..range(&mut u, 1, 4) {
        mutate(&mut u, &mut grid, &mut cert);
    }
    if king::verify(&grid, moves, &cert).is_ok() {
        check_king_accepted(&grid, moves, cert.winner, &cert.matching);
    }
});
