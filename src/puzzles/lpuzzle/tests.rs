//! Tests of the L-puzzle reduction against exhaustive tiling search, and of its verifiers.
use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[path = "unique_tests.rs"]
mod unique;

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// Exhaustive tiling search (the oracles crate's enumeration of every tiling, stopped at the
/// first).
fn brute(grid: &Grid) -> bool {
    gridmatch_oracles::lpuzzle::tileable(&grid.to_lines())
}

fn random_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
    let pb = rng.random_range(0.1..0.5);
    let pw = rng.random_range(0.2..0.9);
    let cells = (0..rows * cols)
        .map(|_| {
            if rng.random_bool(pb) {
                b'B'
            } else if rng.random_bool(pw) {
                b'W'
            } else {
                b'.'
            }
        })
        .collect();
    Grid::from_cells(rows, cols, cells)
}

/// A random tiling: place random L pieces greedily, the rest `.` — always solvable.
fn tiled_grid(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
    let mut cells = vec![b'.'; rows * cols];
    for _ in 0..rows * cols {
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        let d = [Dir::Up, Dir::Down][rng.random_range(0..2)];
        let h = [Dir::Left, Dir::Right][rng.random_range(0..2)];
        if let (Some(v), Some(w)) = (d.step(r, c, rows, cols), h.step(r, c, rows, cols)) {
            let idx = [r * cols + c, v.0 * cols + v.1, w.0 * cols + w.1];
            if idx.iter().all(|&i| cells[i] == b'.') {
                cells[idx[0]] = b'B';
                cells[idx[1]] = b'W';
                cells[idx[2]] = b'W';
            }
        }
    }
    Grid::from_cells(rows, cols, cells)
}

/// A tiling with a few adjacent cells swapped: counts stay right, so most failures are
/// 2-SAT conflicts.
fn near_miss(rng: &mut ChaCha8Rng, rows: usize, cols: usize) -> Grid {
    let g = tiled_grid(rng, rows, cols);
    let mut cells = g.cells().to_vec();
    for _ in 0..rng.random_range(1..=3) {
        let (r, c) = (rng.random_range(0..rows), rng.random_range(0..cols));
        let d = Dir::ALL[rng.random_range(0..4)];
        if let Some((r2, c2)) = d.step(r, c, rows, cols) {
            cells.swap(r * cols + c, r2 * cols + c2);
        }
    }
    Grid::from_cells(rows, cols, cells)
}

/// Solves `grid` and verifies the certificate; `Ok(true)` for a tiling, `Ok(false)` for a
/// proven NO, `Err` when the certificate does not check.
fn check(grid: &Grid) -> Result<bool, String> {
    let answer = solve(grid);
    match &answer {
        Outcome::Yes(pieces) => verify_tiling(grid, pieces)
            .map_err(|e| format!("{e}: {:?} {pieces:?}", grid.to_lines()))?,
        Outcome::No(reason) => {
            verify_no(grid, reason).map_err(|e| format!("{e}: {:?} {reason:?}", grid.to_lines()))?
        }
    }
    Ok(answer.is_yes())
}

#[test]
fn samples() -> TestResult {
    assert!(check(&Grid::from_rows(&["BWW.", "WWBW", "..WB"]))?);
    assert!(!check(&Grid::from_rows(&["W..", "BW.", "WBW"]))?);
    assert!(!check(&Grid::from_rows(&["BWB.", "WWW."]))?);
    assert!(check(&Grid::from_rows(&["..", ".."]))?);
    assert!(!check(&Grid::from_rows(&["B"]))?);
    assert!(!check(&Grid::from_rows(&["W"]))?);
    Ok(())
}

#[test]
fn random_patterns_against_brute_force() -> TestResult {
    let mut rng = ChaCha8Rng::seed_from_u64(3654);
    let (mut yes, mut conflicts) = (0, 0);
    for i in 0..6000 {
        let rows = rng.random_range(1..=5);
        let cols = rng.random_range(1..=5);
        let g = match i % 3 {
            0 => tiled_grid(&mut rng, rows, cols),
            1 => near_miss(&mut rng, rows, cols),
            _ => random_grid(&mut rng, rows, cols),
        };
        let got = check(&g)?;
        assert_eq!(got, brute(&g), "{:?}", g.to_lines());
        yes += usize::from(got);
        conflicts += usize::from(matches!(solve(&g), Outcome::No(Reason::Conflict { .. })));
    }
    assert!(
        yes > 1000 && conflicts > 50,
        "weak sample: {yes} yes, {conflicts} conflicts"
    );
    Ok(())
}

#[test]
fn mutated_answers_are_rejected() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut flips, mut cuts) = (0, 0);
    for _ in 0..3000 {
        let g = if rng.random_bool(0.5) {
            tiled_grid(&mut rng, 5, 5)
        } else {
            near_miss(&mut rng, 5, 5)
        };
        match solve(&g) {
            Outcome::Yes(pieces) if !pieces.is_empty() => {
                // Flip one piece: its arms mirrored through the corner.
                let mut p = pieces.clone();
                let k = rng.random_range(0..p.len());
                let (br, bc) = p[k].black;
                let (vr, _) = p[k].vertical;
                let (_, hc) = p[k].horizontal;
                if let (Some(vr2), Some(hc2)) = ((2 * br).checked_sub(vr), (2 * bc).checked_sub(hc))
                {
                    p[k].vertical = (vr2, bc);
                    p[k].horizontal = (br, hc2);
                    assert!(verify_tiling(&g, &p).is_err());
                    flips += 1;
                }
                let mut p = pieces.clone();
                p.pop();
                assert!(verify_tiling(&g, &p).is_err());
            }
            Outcome::No(Reason::Conflict { chain }) => {
                for i in 1..chain.len() - 1 {
                    let mut c = chain.clone();
                    c.remove(i);
                    assert!(
                        verify_no(&g, &Reason::Conflict { chain: c }).is_err(),
                        "{:?} {chain:?} {i}",
                        g.to_lines()
                    );
                    cuts += 1;
                }
            }
            _ => {}
        }
    }
    assert!(
        flips > 100 && cuts > 20,
        "weak sample: {flips} flips, {cuts} cuts"
    );
}

#[test]
fn deep_serpentine_needs_no_deep_stack() -> TestResult {
    // `BWBW…BW` over `W.W.…W.`: the only tiling has every black take the white on its
    // right, and the forcing ripples along the whole strip — an implication chain as long
    // as the board, solved on a small stack.
    let cols = 60_000;
    let mut rows = vec![Vec::new(); 2];
    for c in 0..cols {
        rows[0].push(if c % 2 == 0 { b'B' } else { b'W' });
        rows[1].push(if c % 2 == 0 { b'W' } else { b'.' });
    }
    let cells = rows.concat();
    let g = Grid::from_cells(2, cols, cells);
    let handle = std::thread::Builder::new()
        .stack_size(256 * 1024)
        .spawn(move || check(&g))?;
    let tiled = handle.join().map_err(|_| "worker thread panicked")?;
    assert!(tiled?);
    Ok(())
}

/// The fast decision (propagation, then 2-SAT on the open rest) against brute force and the full
/// solver, on small boards of every style; every way it can end must occur.
#[test]
fn fast_decision_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(2011);
    let mut seen = std::collections::HashMap::new();
    for i in 0..20_000 {
        let rows = rng.random_range(1..=6);
        let cols = rng.random_range(1..=6);
        let g = match i % 3 {
            0 => tiled_grid(&mut rng, rows, cols),
            1 => near_miss(&mut rng, rows, cols),
            _ => random_grid(&mut rng, rows, cols),
        };
        let decision = forced::decide(&g);
        let truth = brute(&g);
        assert_eq!(decision.yes(), truth, "{:?} {decision:?}", g.to_lines());
        assert_eq!(can_build(&g), truth);
        assert_eq!(solve(&g).is_yes(), truth);
        let stage = match decision {
            forced::Decision::Open { open, yes } => format!("open {} {yes}", open.min(1)),
            other => format!("{other:?}"),
        };
        *seen.entry(stage).or_insert(0usize) += 1;
    }
    for stage in ["Stranded", "Count", "ForcedConflict", "open 0 true"] {
        assert!(
            seen.get(stage).copied().unwrap_or(0) > 20,
            "weak sample: {seen:?}"
        );
    }
}

/// Larger boards (beyond brute force): the fast decision agrees with the full 2-SAT solver.
#[test]
fn fast_decision_against_full_solver() {
    let mut rng = ChaCha8Rng::seed_from_u64(3011);
    let mut open_yes = 0;
    for i in 0..3000 {
        let rows = rng.random_range(1..=16);
        let cols = rng.random_range(1..=16);
        let g = match i % 3 {
            0 => tiled_grid(&mut rng, rows, cols),
            1 => near_miss(&mut rng, rows, cols),
            _ => random_grid(&mut rng, rows, cols),
        };
        let decision = forced::decide(&g);
        assert_eq!(decision.yes(), solve(&g).is_yes(), "{:?}", g.to_lines());
        if let forced::Decision::Open { open, yes: true } = decision
            && open > 0
        {
            open_yes += 1;
        }
    }
    assert!(open_yes > 20, "weak sample: {open_yes} open yes");
}

/// Forced chains the length of the board: the serpentine strip is settled by propagation alone
/// (nothing left for 2-SAT), and one cell changed at the far end makes the chain collide.
#[test]
fn forced_chain_ripples_along_the_board() {
    let cols = 2000;
    let mut rows = vec![Vec::new(); 2];
    for c in 0..cols {
        rows[0].push(if c % 2 == 0 { b'B' } else { b'W' });
        rows[1].push(if c % 2 == 0 { b'W' } else { b'.' });
    }
    let g = Grid::from_cells(2, cols, rows.concat());
    assert_eq!(
        forced::decide(&g),
        forced::Decision::Open { open: 0, yes: true }
    );
    // The last white moves one cell left onto the last black's spot: the count still holds,
    // but the blacks would now have to take whites already taken.
    let mut cells = g.cells().to_vec();
    cells.swap(cols - 1, cols - 2);
    let bad = Grid::from_cells(2, cols, cells);
    assert!(!solve(&bad).is_yes());
    assert!(!forced::decide(&bad).yes());
}

/// A board where nothing is forced: every black has two whites on both axes, so the whole
/// formula goes to 2-SAT, which must still answer as the full solver.
#[test]
fn nothing_forced_goes_to_twosat() {
    // Blacks on a diagonal lattice, every other cell white: each black sees four whites.
    for (rows, cols) in [(3, 3), (5, 5), (7, 9), (9, 9)] {
        let cells = (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                if r % 2 == 1 && c % 2 == 1 {
                    b'B'
                } else if (r + c) % 2 == 1 {
                    b'W'
                } else {
                    b'.'
                }
            })
            .collect();
        let g = Grid::from_cells(rows, cols, cells);
        let decision = forced::decide(&g);
        assert_eq!(decision.yes(), solve(&g).is_yes(), "{:?}", g.to_lines());
        assert!(
            matches!(decision, forced::Decision::Open { open, .. } if open > 0)
                || matches!(decision, forced::Decision::Count),
            "{decision:?}"
        );
    }
}

/// Exhaustive search over the 2-SAT formula alone, whatever the counts (the oracles crate's):
/// can every black take one white above or below and one left or right, no white taken twice?
fn brute_formula(grid: &Grid) -> bool {
    gridmatch_oracles::lpuzzle::blacks_can_choose(&grid.to_lines())
}

/// Propagation and the open rest against exhaustive search over the formula alone (no count
/// check, so many boards keep open choices, and many of those conflict), and against the full
/// 2-SAT solver on the whole board's implication graph.
#[test]
fn propagation_and_open_rest_against_brute_force() {
    let mut rng = ChaCha8Rng::seed_from_u64(1106);
    let mut seen = std::collections::HashMap::new();
    for _ in 0..20_000 {
        let rows = rng.random_range(1..=6);
        let cols = rng.random_range(1..=6);
        let pb = rng.random_range(0.05..0.3);
        let cells = (0..rows * cols)
            .map(|_| {
                if rng.random_bool(pb) {
                    b'B'
                } else if rng.random_bool(0.85) {
                    b'W'
                } else {
                    b'.'
                }
            })
            .collect();
        let g = Grid::from_cells(rows, cols, cells);
        if g.cells().iter().filter(|&&x| x == b'B').count() > 9 {
            continue;
        }
        let decision = forced::run(&g, false);
        let board = Board::new(forced::encode(&g).board);
        let full = twosat::solve(&board).is_satisfiable();
        let truth = brute_formula(&g);
        let stranded = decision == forced::Decision::Stranded;
        assert_eq!(decision.yes(), truth, "{:?} {decision:?}", g.to_lines());
        assert!(stranded || full == truth, "{:?}", g.to_lines());
        let stage = match decision {
            forced::Decision::Open { open, yes } => format!("open {} {yes}", open.min(1)),
            other => format!("{other:?}"),
        };
        *seen.entry(stage).or_insert(0usize) += 1;
    }
    // (Open rests that conflict need more blacks than brute force affords: see
    // `open_rest_against_full_solver`.)
    for stage in ["Stranded", "ForcedConflict", "open 0 true", "open 1 true"] {
        assert!(
            seen.get(stage).copied().unwrap_or(0) > 50,
            "weak sample: {seen:?}"
        );
    }
}

/// A checkerboard of `B` and `W` inside a frame of `W` (`n × n` inside): every black sees four
/// whites, so nothing is forced and the whole formula is open. Each black joins two whites per
/// axis, and the blacks can choose whites, no white twice, only if no group of joined whites has
/// more blacks between its members than members — for `n >= 10` the whole board has (`n²/2`
/// blacks give `n²` choices, against `n²/2 + 4n + 4` whites).
fn framed_checkerboard(n: usize) -> Grid {
    let side = n + 2;
    let cells = (0..side * side)
        .map(|i| {
            let (r, c) = (i / side, i % side);
            let inside = (1..=n).contains(&r) && (1..=n).contains(&c);
            if inside && (r + c) % 2 == 0 {
                b'B'
            } else {
                b'W'
            }
        })
        .collect();
    Grid::from_cells(side, side, cells)
}

#[test]
fn framed_checkerboards_are_open() {
    let mut answers = Vec::new();
    for n in 1..=12 {
        let g = framed_checkerboard(n);
        let board = Board::new(forced::encode(&g).board);
        let full = twosat::solve(&board).is_satisfiable();
        let blacks = g.cells().iter().filter(|&&x| x == b'B').count();
        assert_eq!(
            forced::run(&g, false),
            forced::Decision::Open {
                open: blacks,
                yes: full
            },
            "{n}"
        );
        assert!(n < 10 || !full, "{n}");
        answers.push(full);
    }
    assert!(answers.contains(&true) && answers.contains(&false));
}

/// Larger boards for the formula alone, random and perturbed framed checkerboards: propagation
/// and the open rest against the full 2-SAT solver on the whole board's graph.
#[test]
fn open_rest_against_full_solver() {
    let mut rng = ChaCha8Rng::seed_from_u64(1107);
    let (mut open_yes, mut open_no, mut forced_no) = (0, 0, 0);
    for i in 0..4000 {
        let g = if i % 2 == 0 {
            let rows = rng.random_range(2..=14);
            let cols = rng.random_range(2..=14);
            let pb = rng.random_range(0.1..0.35);
            let cells = (0..rows * cols)
                .map(|_| {
                    if rng.random_bool(pb) {
                        b'B'
                    } else if rng.random_bool(0.9) {
                        b'W'
                    } else {
                        b'.'
                    }
                })
                .collect();
            Grid::from_cells(rows, cols, cells)
        } else {
            let g = framed_checkerboard(rng.random_range(6..=14));
            let p = rng.random_range(0.0..0.08);
            let cells = g
                .cells()
                .iter()
                .map(|&x| {
                    if rng.random_bool(p) {
                        b"BW."[rng.random_range(0..3)]
                    } else {
                        x
                    }
                })
                .collect();
            Grid::from_cells(g.rows(), g.cols(), cells)
        };
        let decision = forced::run(&g, false);
        if decision == forced::Decision::Stranded {
            continue;
        }
        let board = Board::new(forced::encode(&g).board);
        let full = twosat::solve(&board).is_satisfiable();
        assert_eq!(decision.yes(), full, "{:?} {decision:?}", g.to_lines());
        match decision {
            forced::Decision::Open { open, yes } if open > 0 => {
                if yes {
                    open_yes += 1;
                } else {
                    open_no += 1;
                }
            }
            forced::Decision::ForcedConflict => forced_no += 1,
            _ => {}
        }
    }
    assert!(
        open_yes > 100 && open_no > 50 && forced_no > 50,
        "weak sample: {open_yes} open yes, {open_no} open no, {forced_no} forced no"
    );
}
