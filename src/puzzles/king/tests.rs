//! Tests of the King analysis, its certificates and the engine against exhaustive game search.
use super::*;
use gridmatch_oracles::king::BoardGame;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// The moves of each piece as the oracles crate writes them out (not the crate's offsets).
fn steps(moves: Moves) -> &'static [(isize, isize)] {
    gridmatch_oracles::king::steps(moves.name()).expect("a move set the oracles know")
}

/// The oracles crate's exhaustive game search (memoised on the visited set) on the board.
fn game_search(grid: &Grid, moves: Moves) -> BoardGame {
    BoardGame::new(&grid.to_lines(), steps(moves))
}

fn random_board(rng: &mut ChaCha8Rng, max_cells: usize) -> Grid {
    let rows = rng.random_range(1..=5);
    let cols = rng.random_range(1..=(max_cells / rows).clamp(1, 6));
    let p = rng.random_range(0.0..0.5);
    let mut cells: Vec<u8> = (0..rows * cols)
        .map(|_| if rng.random_bool(p) { b'#' } else { b'.' })
        .collect();
    let k = rng.random_range(0..rows * cols);
    cells[k] = b'K';
    Grid::from_cells(rows, cols, cells)
}

#[test]
fn samples() {
    let a = Analysis::new(&Grid::from_rows(&["K.", ".#"]), Moves::King);
    assert_eq!(a.winner((0, 0)), Some(Player::Bob));
    let g = Grid::from_rows(&["K#", ".#", ".#", ".#"]);
    assert_eq!(
        Analysis::new(&g, Moves::King).winner((0, 0)),
        Some(Player::Alice)
    );
    let lone = Grid::from_rows(&["K"]);
    assert_eq!(
        Analysis::new(&lone, Moves::King).winner((0, 0)),
        Some(Player::Bob)
    );
}

#[test]
fn every_start_against_exhaustive_game_search() -> TestResult {
    let mut rng = ChaCha8Rng::seed_from_u64(2008);
    let mut seen = [0usize; 2];
    for i in 0..1500 {
        let moves = Moves::ALL[i % 4];
        let g = random_board(&mut rng, 16);
        let a = Analysis::new(&g, moves);
        let mut search = game_search(&g, moves);
        for s in 0..g.cells().len() {
            let cell = (s / g.cols(), s % g.cols());
            if g.cells()[s] == b'#' {
                assert_eq!(a.winner(cell), None);
                continue;
            }
            let alice = search.first_player_wins(cell);
            let want = if alice { Player::Alice } else { Player::Bob };
            assert_eq!(
                a.winner(cell),
                Some(want),
                "{:?} {moves:?} start {cell:?}",
                g.to_lines()
            );
            seen[usize::from(alice)] += 1;
            let mut grid = g.cells().to_vec();
            for x in grid.iter_mut() {
                if *x == b'K' {
                    *x = b'.';
                }
            }
            grid[s] = b'K';
            let board = Grid::from_cells(g.rows(), g.cols(), grid);
            let cert = a
                .certificate(cell)
                .ok_or("no certificate for a free start")?;
            verify(&board, moves, &cert)?;
        }
    }
    assert!(seen[0] > 1000 && seen[1] > 1000, "weak sample {seen:?}");
    Ok(())
}

/// A certificate's parts, and a certificate from parts (the winner's shape).
type Parts = (Player, Vec<(Cell, Cell)>, Vec<Cell>, Vec<Cell>);

fn parts(c: &Certificate) -> Parts {
    let y = c.barrier_without_start().unwrap_or_default().to_vec();
    (c.winner(), c.matching().to_vec(), c.barrier().to_vec(), y)
}

fn build((winner, matching, barrier, y): Parts) -> Certificate {
    match winner {
        Player::Alice => Certificate::Alice {
            matching,
            barrier,
            barrier_without_start: y,
        },
        Player::Bob => Certificate::Bob { matching, barrier },
    }
}

#[test]
fn mutated_certificates_are_rejected() -> TestResult {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut tried = [0usize; 3];
    for i in 0..3000 {
        let moves = Moves::ALL[i % 4];
        let g = random_board(&mut rng, 20);
        let start = start_of(&g)?;
        let a = Analysis::new(&g, moves);
        let cert = a.certificate(start).ok_or("no certificate for the start")?;
        assert_eq!(build(parts(&cert)), cert);
        if !cert.matching().is_empty() {
            let mut p = parts(&cert);
            p.1.pop();
            assert!(verify(&g, moves, &build(p)).is_err());
            tried[0] += 1;
        }
        if !cert.barrier().is_empty() {
            let mut p = parts(&cert);
            p.2.pop();
            assert!(verify(&g, moves, &build(p)).is_err());
            tried[1] += 1;
        }
        if cert.barrier_without_start().is_some_and(|y| !y.is_empty()) {
            let mut p = parts(&cert);
            p.3.pop();
            assert!(
                verify(&g, moves, &build(p)).is_err(),
                "{:?} {cert:?}",
                g.to_lines()
            );
            tried[2] += 1;
        }
        // The other winner's claim, with the same matching and barriers (Bob's barrier
        // standing in for Alice's second one), is refused.
        let mut p = parts(&cert);
        p.0 = p.0.other();
        if p.0 == Player::Alice {
            p.3 = p.2.clone();
        }
        assert!(verify(&g, moves, &build(p)).is_err());
    }
    assert!(tried.iter().all(|&t| t > 30), "weak sample {tried:?}");
    Ok(())
}

/// The engine, on the winning side, against every possible reply, never loses.
#[test]
fn engine_never_loses_a_won_position() -> TestResult {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut games = 0;
    for i in 0..300 {
        let moves = Moves::ALL[i % 4];
        let g = random_board(&mut rng, 12);
        let start = start_of(&g)?;
        let a = Analysis::new(&g, moves);
        let engine = a.winner(start).ok_or("no winner for the start")?;
        let game = game::Position::new(g.clone(), moves)?;
        assert_eq!(game.winner(), engine);
        let rules = game_search(&g, moves);
        let cols = g.cols();
        let idx = |c: Cell| c.0 * cols + c.1;
        // Depth-first over the opponent's choices: (visited, at, engine to move?).
        let mut stack = vec![(vec![false; g.cells().len()], start, engine == Player::Alice)];
        stack[0].0[idx(start)] = true;
        while let Some((visited, at, engine_turn)) = stack.pop() {
            if engine_turn {
                let mut position = game.clone();
                for (i, _) in visited.iter().enumerate().filter(|(_, v)| **v) {
                    position.visit(g.cell(i));
                }
                position.place(at);
                let to = position
                    .engine_move()
                    .unwrap_or_else(|| panic!("engine stuck: {:?} {moves:?}", g.to_lines()));
                assert_eq!(position.play(to), Ok(()));
                // The opponent, to move now, loses with perfect play.
                assert_ne!(
                    position.winner(),
                    position.to_move(),
                    "the engine's side keeps its win"
                );
                assert!(
                    rules.neighbours(at).contains(&to) && !visited[idx(to)],
                    "illegal move"
                );
                let mut v = visited.clone();
                v[idx(to)] = true;
                stack.push((v, to, false));
            } else {
                games += 1;
                for n in rules.neighbours(at) {
                    if !visited[idx(n)] {
                        let mut v = visited.clone();
                        v[idx(n)] = true;
                        stack.push((v, n, true));
                    }
                }
            }
        }
    }
    assert!(games > 300);
    Ok(())
}

#[test]
fn strategy_moves_are_legal_and_winning() {
    let g = Grid::from_rows(&["K#", ".#", ".#", ".#"]);
    let a = Analysis::new(&g, Moves::King);
    assert_eq!(a.strategy((0, 0)), Some(Strategy::Alice { first: (1, 0) }));
    let g = Grid::from_rows(&["K.", ".#"]);
    let a = Analysis::new(&g, Moves::King);
    let Some(Strategy::Bob { replies }) = a.strategy((0, 0)) else {
        panic!("Bob wins this board")
    };
    assert_eq!(replies, vec![((0, 1), (1, 0)), ((1, 0), (0, 1))]);
}

#[test]
fn big_board_needs_no_deep_stack() -> TestResult {
    // A 300 × 300 serpentine (long alternating paths) on a small stack.
    let n = 300;
    let mut cells: Vec<u8> = (0..n * n)
        .map(|i| {
            let (r, c) = (i / n, i % n);
            let gap = if (r / 2) % 2 == 0 { n - 1 } else { 0 };
            if r % 2 == 1 && c != gap { b'#' } else { b'.' }
        })
        .collect();
    cells[0] = b'K';
    let g = Grid::from_cells(n, n, cells);
    let h = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || {
            let a = Analysis::new(&g, Moves::Wazir);
            let cert = a.certificate((0, 0)).ok_or(KingError::Start)?;
            verify(&g, Moves::Wazir, &cert).map(|_| cert.winner())
        })?;
    let verdict = h.join().map_err(|_| "the analysis thread panicked")?;
    assert!(verdict.is_ok(), "{verdict:?}");
    Ok(())
}

#[test]
fn winner_from_matches_exhaustive_search_and_the_whole_board_analysis() -> TestResult {
    // Small boards: every start against the game search itself.
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut restricted = 0usize;
    for i in 0..1500 {
        let moves = Moves::ALL[i % 4];
        let g = random_board(&mut rng, 16);
        let mut search = game_search(&g, moves);
        for s in (0..g.cells().len()).filter(|&s| g.cells()[s] != b'#') {
            let cell = (s / g.cols(), s % g.cols());
            let alice = search.first_player_wins(cell);
            let want = if alice { Player::Alice } else { Player::Bob };
            assert_eq!(
                winner_from(&g, moves, cell),
                want,
                "{:?} {moves:?} {cell:?}",
                g.to_lines()
            );
        }
    }
    // Larger boards at every burn rate (small components at high rates, where only the start's
    // component is built): the same winner as the analysis of the whole board.
    for i in 0..400 {
        let moves = Moves::ALL[i % 4];
        let (rows, cols) = (rng.random_range(1..40), rng.random_range(1..40));
        let p = [0.0, 0.1, 0.3, 0.45, 0.6, 0.8][i % 6];
        let cells: Vec<u8> = (0..rows * cols)
            .map(|_| if rng.random_bool(p) { b'#' } else { b'.' })
            .collect();
        let g = Grid::from_cells(rows, cols, cells);
        let free: Vec<usize> = (0..rows * cols).filter(|&s| g.cells()[s] != b'#').collect();
        if free.is_empty() {
            continue;
        }
        let whole = Analysis::new(&g, moves);
        for _ in 0..5 {
            let s = free[rng.random_range(0..free.len())];
            let cell = (s / cols, s % cols);
            let cap = component_cap(free.len());
            restricted += usize::from(component_within(&g, moves, cell, cap).is_some());
            assert_eq!(Some(winner_from(&g, moves, cell)), whole.winner(cell));
        }
    }
    assert!(
        restricted > 500,
        "the restricted path ran only {restricted} times"
    );
    Ok(())
}

#[test]
fn verify_errors_name_cells_in_words() {
    use super::verify::KingError;
    // Before: Rust's tuple syntax, `(0, 0)-(5, 5)`.
    let cases = [
        (
            KingError::PairOffBoard((0, 0), (5, 5)),
            "matched pair (0,0)-(5,5) is off the board",
        ),
        (
            KingError::PairBurned((0, 1), (1, 1)),
            "matched pair (0,1)-(1,1) uses a burned cell",
        ),
        (
            KingError::PairNotAMove((0, 0), (2, 2), Moves::King),
            "(0,0) and (2,2) are not one king move apart",
        ),
        (
            KingError::BarrierNotFree {
                what: "barrier",
                cell: (3, 4),
            },
            "barrier cell (3,4) is not a free cell",
        ),
        (
            KingError::BarrierTwice {
                what: "barrier",
                cell: (3, 4),
            },
            "barrier cell (3,4) is listed twice or is the start",
        ),
    ];
    for (e, words) in cases {
        assert_eq!(e.to_string(), words);
    }
}
