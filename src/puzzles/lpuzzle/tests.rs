//! Tests of the L-puzzle reduction against exhaustive tiling search, and of its verifiers.
use super::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

type TestResult = Result<(), Box<dyn std::error::Error>>;

/// Exhaustive tiling search: the first uncovered B/W cell in row-major order must be covered
/// by some piece; try all 4 orientations of every piece containing it.
fn brute(grid: &Grid) -> bool {
    let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
    let at = |r: i64, c: i64| {
        if r < 0 || c < 0 || r >= rows || c >= cols {
            b'.'
        } else {
            grid.get(r as usize, c as usize)
        }
    };
    let mut stack = vec![vec![false; (rows * cols) as usize]];
    while let Some(used) = stack.pop() {
        let Some(i) =
            (0..rows * cols).find(|&i| at(i / cols, i % cols) != b'.' && !used[i as usize])
        else {
            return true;
        };
        let (r, c) = (i / cols, i % cols);
        // Pieces containing (r, c): as the corner, or as an arm of a neighbouring corner.
        let mut corners = vec![(r, c)];
        corners.extend([(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]);
        for (br, bc) in corners {
            if at(br, bc) != b'B' || used[(br * cols + bc) as usize] {
                continue;
            }
            for dv in [-1, 1] {
                for dh in [-1, 1] {
                    let cells = [(br, bc), (br + dv, bc), (br, bc + dh)];
                    if at(br + dv, bc) != b'W' || at(br, bc + dh) != b'W' {
                        continue;
                    }
                    if !cells.contains(&(r, c))
                        || cells.iter().any(|&(a, b)| used[(a * cols + b) as usize])
                    {
                        continue;
                    }
                    let mut u = used.clone();
                    for (a, b) in cells {
                        u[(a * cols + b) as usize] = true;
                    }
                    stack.push(u);
                }
            }
        }
    }
    false
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
        Answer::Yes(pieces) => verify_tiling(grid, pieces)
            .map_err(|e| format!("{e}: {:?} {pieces:?}", grid.to_lines()))?,
        Answer::No(reason) => {
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
        conflicts += usize::from(matches!(solve(&g), Answer::No(Reason::Conflict { .. })));
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
            Answer::Yes(pieces) if !pieces.is_empty() => {
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
            Answer::No(Reason::Conflict { chain }) => {
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
