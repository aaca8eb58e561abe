//! Solver + verifier target for King, on boards of at most 6 × 6 built from the fuzz bytes, with
//! any of the four move sets.
//!
//! 1. For every free start: the certificate passes `verify`, names the winner of `winner` and of
//!    the every-start map (and its text rows), and on boards with few free cells equals an
//!    exhaustive game search; the winner's strategy is checked move by move against the search,
//!    and a whole engine-against-engine game is played on `game::Position`, each position's
//!    `winner`, legal moves and engine move checked against the search.
//! 2. The remaining bytes edit the certificate (and maybe the board); whenever `verify` accepts
//!    it, the claimed winner must be the true one and the matching valid.
#![no_main]
// Cells are visited by (row, column) because the board, the map and the search all use both.
#![allow(clippy::needless_range_loop)]

use gridmatch::Grid;
use gridmatch::formats::json::{KingRecord, RecordError};
use gridmatch::formats::text;
use gridmatch::puzzles::king::game::Position;
use gridmatch::puzzles::king::{self, Analysis, Cell, Certificate, Moves, Player, Strategy};
use gridmatch_fuzz::*;
use libfuzzer_sys::fuzz_target;

/// A King claim as the fuzz edits see it: the old `Certificate` struct (winner, matching,
/// barrier, optional barrier without the start). `Certificate` is now an enum with one shape
/// per winner, so "Bob with a barrier without the start" and "Alice without one" are no longer
/// certificates; they are still JSON records (`KingRecord`), whose `verify` must refuse them. A
/// claim of the right shape is checked both as a `Certificate` by `king::verify` and as a
/// record, and the two must agree.
#[derive(Clone, Debug)]
struct Claim {
    winner: Player,
    matching: Vec<(Cell, Cell)>,
    barrier: Vec<Cell>,
    barrier_without_start: Option<Vec<Cell>>,
}

impl Claim {
    fn of(cert: &Certificate) -> Claim {
        Claim {
            winner: cert.winner(),
            matching: cert.matching().to_vec(),
            barrier: cert.barrier().to_vec(),
            barrier_without_start: cert.barrier_without_start().map(<[Cell]>::to_vec),
        }
    }

    /// The certificate, if the claim has the winner's shape.
    fn certificate(&self) -> Option<Certificate> {
        let (matching, barrier) = (self.matching.clone(), self.barrier.clone());
        match (self.winner, &self.barrier_without_start) {
            (Player::Alice, Some(y)) => Some(Certificate::Alice {
                matching,
                barrier,
                barrier_without_start: y.clone(),
            }),
            (Player::Bob, None) => Some(Certificate::Bob { matching, barrier }),
            _ => None,
        }
    }

    /// The claim as a `--json` record.
    fn record(&self, grid: &Grid, moves: Moves) -> KingRecord {
        let pair = |c: &Cell| [c.0, c.1];
        KingRecord {
            case: 1,
            moves,
            board: grid.to_lines(),
            answer: self.winner,
            matching: self
                .matching
                .iter()
                .map(|&(a, b)| [a.0, a.1, b.0, b.1])
                .collect(),
            barrier: self.barrier.iter().map(pair).collect(),
            barrier_without_start: self
                .barrier_without_start
                .as_ref()
                .map(|y| y.iter().map(pair).collect()),
            map: None,
        }
    }
}

fn mutate(u: &mut Unstructured, grid: &mut Grid, cert: &mut Claim) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let cell = |u: &mut Unstructured| (coord(u, rows), coord(u, cols));
    match byte(u) % 11 {
        0 => {
            // Flip the winner. The old struct kept its barriers as they were, a shape that is
            // no longer a `Certificate`: flipping now builds the other variant (Bob's claim
            // drops Alice's barrier without the start; Alice's takes Bob's barrier for it, as
            // edits 0 and 1 together did before). The bare flip, a shape only a record holds,
            // is still reached: edit 0 then edit 1 (with Bob's barrier standing in for the
            // barrier without the start that a flipped Alice claim kept), checked as a record.
            cert.winner = if cert.winner == Player::Alice {
                cert.barrier_without_start = None;
                Player::Bob
            } else {
                cert.barrier_without_start = Some(cert.barrier.clone());
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

/// The squares the piece may move to from `at` with `used` visited, by the rules written out
/// here (in the order of [`steps`]).
fn legal_from(
    base: &Grid,
    moves: Moves,
    at: (usize, usize),
    used: &[(usize, usize)],
) -> Vec<(usize, usize)> {
    steps(moves)
        .iter()
        .filter_map(|&(dr, dc)| {
            let (r2, c2) = (at.0 as isize + dr, at.1 as isize + dc);
            let to = (r2 as usize, c2 as usize);
            (r2 >= 0
                && c2 >= 0
                && to.0 < base.rows()
                && to.1 < base.cols()
                && base.get(to.0, to.1) != b'#'
                && !used.contains(&to))
            .then_some(to)
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let moves = moves(&mut u);
    let base = board(&mut u, 6, 6, b"...#");
    let analysis = Analysis::new(&base, moves);
    let map = analysis.map();
    let map_rows = text::king_map(&map);
    assert_eq!(map_rows.len(), base.rows(), "map rows");
    let mut brute = KingBrute::new(&base, moves);
    let mut chosen = None;
    let pick = byte(&mut u) as usize;
    let free_cells = base.cells().iter().filter(|&&c| c != b'#').count().max(1);
    let mut n_free = 0;
    for r in 0..base.rows() {
        for c in 0..base.cols() {
            if base.get(r, c) == b'#' {
                assert_eq!(analysis.winner((r, c)), None);
                assert_eq!(map.get((r, c)), None, "map");
                assert_eq!(map_rows[r].as_bytes()[c], b'#', "map text");
                continue;
            }
            let grid = with_cell(&base, r, c, b'K');
            let winner = analysis.winner((r, c)).expect("free cell");
            assert_eq!(map.get((r, c)), Some(winner), "map");
            assert_eq!(
                map_rows[r].as_bytes()[c] as char,
                letter(winner),
                "map text"
            );
            let cert = analysis
                .certificate((r, c))
                .expect("certificate of a free cell");
            assert_eq!(cert.winner(), winner, "certificate names another winner");
            if let Err(why) = king::verify(&grid, moves, &cert) {
                panic!(
                    "verify rejects the solver's certificate: {why}\n{:?} {moves:?}",
                    grid.to_lines()
                );
            }
            // The matching the winner plays along (the pictures draw it): valid, maximum (as
            // large as the certificate's, which verify proved maximum), and covering the start
            // exactly when Alice wins.
            let pairs = analysis
                .winning_matching((r, c))
                .expect("winning matching of a free cell");
            let covered = check_king_matching(&grid, moves, &pairs);
            assert_eq!(
                pairs.len(),
                cert.matching().len(),
                "winning_matching is not maximum"
            );
            assert_eq!(
                covered.contains(&(r, c)),
                winner == Player::Alice,
                "winning_matching and the start"
            );
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
                // The engine on `game::Position` (was `king::engine_move`): from every start, its
                // first move, as before; from one start per input (the fuzz-picked one: a whole
                // game from every start cost a third of the executions per second), a whole game
                // of engine against engine. At every position played, `winner` is the
                // search's, the legal moves are the ones of the rules, a visited square is
                // refused, and the engine's move is legal and, from a won position, wins.
                let whole_game = n_free == pick % free_cells;
                let mut pos = Position::new(grid.clone(), moves).expect("one K");
                assert_eq!(pos.winner(), winner, "Position::winner at the start");
                loop {
                    let at = pos.at();
                    let used = pos.history().to_vec();
                    assert_eq!(used.first(), Some(&(r, c)), "history starts at the start");
                    assert_eq!(used.last(), Some(&at), "history ends where the king is");
                    let to_move_wins = b.to_move_wins(&used, at);
                    let expected = if to_move_wins {
                        pos.to_move()
                    } else {
                        pos.to_move().other()
                    };
                    assert_eq!(
                        pos.winner(),
                        expected,
                        "Position::winner after {used:?} on {:?} {moves:?}",
                        base.to_lines()
                    );
                    let mut legal_moves = pos.legal_moves();
                    let mut rules = legal_from(&base, moves, at, &used);
                    legal_moves.sort_unstable();
                    rules.sort_unstable();
                    assert_eq!(legal_moves, rules, "legal moves after {used:?}");
                    assert!(
                        pos.clone().play(used[0]).is_err(),
                        "Position::play took the visited start"
                    );
                    let Some(m) = pos.engine_move() else {
                        assert!(rules.is_empty(), "no engine move, but {rules:?} are legal");
                        assert!(!to_move_wins, "no move, yet the search says the mover wins");
                        break;
                    };
                    assert!(rules.contains(&m), "engine move {m:?} is illegal");
                    let mut after = used.clone();
                    after.push(m);
                    if to_move_wins {
                        assert!(
                            !b.to_move_wins(&after, m),
                            "engine move {m:?} from a won position loses (after {used:?})"
                        );
                    }
                    pos.play(m).expect("the engine's move is legal");
                    if !whole_game {
                        break;
                    }
                }
            }
            if n_free == pick % (base.cells().len()) || chosen.is_none() {
                chosen = Some((grid, cert));
            }
            n_free += 1;
        }
    }

    let Some((mut grid, cert)) = chosen else {
        return;
    };
    let mut claim = Claim::of(&cert);
    for _ in 0..range(&mut u, 1, 4) {
        mutate(&mut u, &mut grid, &mut claim);
    }
    let by_record = claim.record(&grid, moves).verify();
    match claim.certificate() {
        Some(cert) => {
            let direct = king::verify(&grid, moves, &cert);
            assert_eq!(
                by_record,
                direct.clone().map_err(RecordError::from),
                "KingRecord::verify and king::verify disagree on {cert:?}"
            );
            if direct.is_ok() {
                check_king_accepted(&grid, moves, cert.winner(), cert.matching());
            }
        }
        None => assert!(
            by_record.is_err(),
            "KingRecord::verify accepted a claim of the wrong shape: {claim:?}"
        ),
    }
    if by_record.is_ok() {
        check_king_accepted(&grid, moves, claim.winner, &claim.matching);
    }
});
