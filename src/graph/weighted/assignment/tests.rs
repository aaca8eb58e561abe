//! Tests of [`dense`] and [`sparse`]: the brute force oracle on thousands of small random
//! matrices, a local checker of every property of the potentials, dense against sparse, the
//! errors (timings: `benches/weighted.rs`).

use super::*;
use gridmatch_oracles::weighted::min_cost_assignment;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// `cost[i][j]`: the cheapest entry (i, j), `None` if there is none.
type Matrix = Vec<Vec<Option<i64>>>;

/// Checks that `a` assigns every row of `m` to a distinct existing entry, costing `want`, and
/// that its potentials prove it: feasible on every entry, tight on the assigned ones, every
/// column `<= 0` and the untaken ones `== 0`.
fn check(m: &Matrix, cols: usize, a: &Assignment, want: i128) -> Result<(), String> {
    let rows = m.len();
    if a.col_of_row.len() != rows || a.row.len() != rows || a.col.len() != cols {
        return Err(format!(
            "lengths {} {} {} for {rows} × {cols}",
            a.col_of_row.len(),
            a.row.len(),
            a.col.len()
        ));
    }
    let mut taken = vec![false; cols];
    let mut total = 0i128;
    for (i, &j) in a.col_of_row.iter().enumerate() {
        let j = j as usize;
        if j >= cols || taken[j] {
            return Err(format!(
                "row {i} gets column {j}, out of range or taken twice"
            ));
        }
        taken[j] = true;
        let Some(c) = m[i][j] else {
            return Err(format!("row {i} gets column {j}, which is no entry"));
        };
        total += c as i128;
        if a.row[i] as i128 + a.col[j] as i128 != c as i128 {
            return Err(format!("assigned entry ({i}, {j}) is not tight"));
        }
    }
    if total != want {
        return Err(format!("costs {total}, the oracle says {want}"));
    }
    for (i, r) in m.iter().enumerate() {
        for (j, c) in r.iter().enumerate() {
            if let Some(c) = *c
                && a.row[i] as i128 + a.col[j] as i128 > c as i128
            {
                return Err(format!("entry ({i}, {j}) violated"));
            }
        }
    }
    for (j, &p) in a.col.iter().enumerate() {
        if p > 0 || (!taken[j] && p != 0) {
            return Err(format!("column {j} has potential {p}, taken: {}", taken[j]));
        }
    }
    Ok(())
}

/// A cost of one of several kinds: tiny (many ties), moderate, near ±2⁵⁹, or distinct near
/// 10¹⁷ (floats in [0, 1) at a common scale: no ties, which is where augmenting row reduction
/// would run longest).
fn draw(rng: &mut ChaCha8Rng, kind: u32) -> i64 {
    match kind {
        0 => rng.random_range(-2..=2),
        1 => rng.random_range(0..=3),
        2 => rng.random_range(-1_000_000..=1_000_000),
        4 => rng.random_range(100_000_000_000_000_000..200_000_000_000_000_000),
        _ => {
            if rng.random_bool(0.3) {
                if rng.random_bool(0.5) {
                    MAX_WEIGHT
                } else {
                    -MAX_WEIGHT
                }
            } else {
                rng.random_range(-MAX_WEIGHT..=MAX_WEIGHT)
            }
        }
    }
}

/// Runs [`sparse`] on `m`'s entries, each one repeated with dearer copies sometimes, in a
/// shuffled order; a third of the time as it is, else with searches that go both ways from
/// the start or nearly (so that the bidirectional search is exercised on small inputs too).
fn run_sparse(
    rng: &mut ChaCha8Rng,
    m: &Matrix,
    cols: usize,
    kind: u32,
) -> Result<Option<Assignment>, WeightError> {
    let mut entries = Vec::new();
    for (i, r) in m.iter().enumerate() {
        for (j, c) in r.iter().enumerate() {
            if let Some(c) = *c {
                entries.push(((i as u32, j as u32), c));
                while rng.random_bool(0.2) {
                    let dearer = draw(rng, kind).max(c);
                    entries.push(((i as u32, j as u32), dearer));
                }
            }
        }
    }
    for k in (1..entries.len()).rev() {
        let l = rng.random_range(0..=k);
        entries.swap(k, l);
    }
    let (edges, costs): (Vec<_>, Vec<_>) = entries.into_iter().unzip();
    match rng.random_range(0..3) {
        0 => sparse(m.len(), cols, &edges, &costs),
        k => sparse::solve_with(m.len(), cols, &edges, &costs, k - 1),
    }
}

#[test]
fn random_against_the_oracle() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let (mut infeasible, mut feasible) = (0, 0);
    for case in 0..6000 {
        let rows = rng.random_range(0..=6);
        let cols = rng.random_range(rows.max(1)..=8);
        let kind = rng.random_range(0..5);
        let density = [1.0, 0.9, 0.6, 0.35][rng.random_range(0..4)];
        let full: Matrix = (0..rows)
            .map(|_| (0..cols).map(|_| Some(draw(&mut rng, kind))).collect())
            .collect();
        let flat: Vec<i64> = full.iter().flatten().map(|c| c.unwrap_or(0)).collect();
        let want = min_cost_assignment(&full).ok_or("a full matrix is always assignable")?;
        let a = dense(rows, cols, &flat).map_err(|e| e.to_string())?;
        check(&full, cols, &a, want).map_err(|e| format!("case {case} dense: {e}"))?;
        let s = run_sparse(&mut rng, &full, cols, kind).map_err(|e| e.to_string())?;
        let s = s.ok_or(format!("case {case}: sparse says a full matrix has none"))?;
        check(&full, cols, &s, want).map_err(|e| format!("case {case} sparse full: {e}"))?;

        let holes: Matrix = full
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&c| c.filter(|_| rng.random_bool(density)))
                    .collect()
            })
            .collect();
        let got = run_sparse(&mut rng, &holes, cols, kind).map_err(|e| e.to_string())?;
        match (min_cost_assignment(&holes), got) {
            (None, None) => infeasible += 1,
            (Some(want), Some(a)) => {
                feasible += 1;
                check(&holes, cols, &a, want)
                    .map_err(|e| format!("case {case} sparse {holes:?}: {e}"))?;
            }
            (want, got) => {
                return Err(format!(
                    "case {case} {holes:?}: oracle {want:?}, sparse {got:?}"
                ));
            }
        }
    }
    // Both outcomes must be exercised.
    assert!(
        infeasible > 300 && feasible > 3000,
        "{infeasible} {feasible}"
    );
    Ok(())
}

/// Medium random matrices: no oracle, but potentials that pass [`check`] prove optimality
/// whatever the total, and dense and sparse must agree on it.
#[test]
fn medium_dense_and_sparse_agree() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(2025);
    for case in 0..150 {
        let rows = rng.random_range(1..=60);
        let cols = if rng.random_bool(0.5) {
            rows
        } else {
            rng.random_range(rows..=90)
        };
        let kind = rng.random_range(0..5);
        let full: Matrix = (0..rows)
            .map(|_| (0..cols).map(|_| Some(draw(&mut rng, kind))).collect())
            .collect();
        let flat: Vec<i64> = full.iter().flatten().map(|c| c.unwrap_or(0)).collect();
        let a = dense(rows, cols, &flat).map_err(|e| e.to_string())?;
        let total: i128 = (0..rows)
            .map(|i| flat[i * cols + a.col_of_row[i] as usize] as i128)
            .sum();
        check(&full, cols, &a, total).map_err(|e| format!("case {case} dense: {e}"))?;
        let s = run_sparse(&mut rng, &full, cols, kind)
            .map_err(|e| e.to_string())?
            .ok_or("no assignment of a full matrix")?;
        check(&full, cols, &s, total).map_err(|e| format!("case {case} sparse: {e}"))?;
        // A sparse matrix of the same size with a few entries per row.
        let holes: Matrix = full
            .iter()
            .map(|r| {
                r.iter()
                    .map(|&c| c.filter(|_| rng.random_bool(0.08)))
                    .collect()
            })
            .collect();
        if let Some(s) = run_sparse(&mut rng, &holes, cols, kind).map_err(|e| e.to_string())? {
            let total = (0..rows)
                .map(|i| holes[i][s.col_of_row[i] as usize].unwrap_or(0) as i128)
                .sum();
            check(&holes, cols, &s, total).map_err(|e| format!("case {case} holes: {e}"))?;
        }
    }
    Ok(())
}

/// The worst case for the potentials: row i has column i and, cheaper, column i + 1, and
/// column 0 only row 0, so the assignment is forced to the diagonal and every feasible
/// potential spreads over (rows − 1)·2C.
fn chain(n: usize, c: i64) -> (Vec<(u32, u32)>, Vec<i64>) {
    let mut edges = Vec::new();
    let mut costs = Vec::new();
    for i in 0..n as u32 {
        edges.push((i, i));
        costs.push(c);
        if (i as usize) + 1 < n {
            edges.push((i, i + 1));
            costs.push(-c);
        }
    }
    (edges, costs)
}

#[test]
fn large_potentials_use_i128_or_are_refused() -> Result<(), String> {
    // Spread 2·6·2⁵⁹ < 2⁶³ after the shift: fits, but i64 overflows on the way or nearly.
    for n in [2usize, 4, 7] {
        let (edges, costs) = chain(n, MAX_WEIGHT);
        let mut m: Matrix = vec![vec![None; n]; n];
        for (&(i, j), &c) in edges.iter().zip(&costs) {
            m[i as usize][j as usize] = Some(c);
        }
        let a = sparse(n, n, &edges, &costs)
            .map_err(|e| e.to_string())?
            .ok_or("the chain is assignable")?;
        check(&m, n, &a, n as i128 * MAX_WEIGHT as i128)?;
    }
    let (edges, costs) = chain(40, MAX_WEIGHT);
    match sparse(40, 40, &edges, &costs) {
        Err(WeightError::Shape(msg)) => assert!(msg.contains("64-bit"), "{msg}"),
        other => return Err(format!("40-chain at 2^59: {other:?}")),
    }
    // Moderate costs: a long chain fits.
    let n = 100_000;
    let (edges, costs) = chain(n, 1_000_000);
    let a = sparse(n, n, &edges, &costs)
        .map_err(|e| e.to_string())?
        .ok_or("the chain is assignable")?;
    assert!(
        a.col_of_row
            .iter()
            .enumerate()
            .all(|(i, &j)| j as usize == i)
    );
    Ok(())
}

#[test]
fn errors() {
    assert!(matches!(dense(3, 2, &[0; 6]), Err(WeightError::Shape(_))));
    assert!(matches!(dense(2, 2, &[0; 3]), Err(WeightError::Shape(_))));
    assert!(matches!(
        dense(usize::MAX, usize::MAX, &[]),
        Err(WeightError::Shape(_))
    ));
    assert_eq!(
        dense(1, 2, &[0, MAX_WEIGHT + 1]),
        Err(WeightError::TooLarge {
            edge: 1,
            weight: MAX_WEIGHT + 1
        })
    );
    assert_eq!(
        sparse(1, 2, &[(0, 0), (0, 1)], &[i64::MIN, 0]),
        Err(WeightError::TooLarge {
            edge: 0,
            weight: i64::MIN
        })
    );
    assert!(matches!(sparse(3, 2, &[], &[]), Err(WeightError::Shape(_))));
    assert!(matches!(
        sparse(1, 2, &[(0, 0)], &[]),
        Err(WeightError::Shape(_))
    ));
    assert!(matches!(
        sparse(1, 2, &[(1, 0)], &[0]),
        Err(WeightError::Shape(_))
    ));
    assert!(matches!(
        sparse(1, 2, &[(0, 2)], &[0]),
        Err(WeightError::Shape(_))
    ));
    // Empty inputs.
    let a = dense(0, 3, &[]).unwrap();
    assert_eq!((a.col_of_row.len(), a.col), (0, vec![0; 3]));
    assert_eq!(sparse(0, 0, &[], &[]).unwrap().map(|a| a.col), Some(vec![]));
    assert_eq!(sparse(1, 1, &[], &[]), Ok(None));
}

/// The checker itself refuses tampered answers, so the tests above can fail.
#[test]
fn the_checker_refuses_tampering() {
    let m: Matrix = vec![
        vec![Some(4), Some(1), Some(3)],
        vec![Some(2), Some(0), Some(5)],
    ];
    let flat: Vec<i64> = m.iter().flatten().map(|c| c.unwrap_or(0)).collect();
    let a = dense(2, 3, &flat).unwrap();
    let want = min_cost_assignment(&m).unwrap();
    assert_eq!(check(&m, 3, &a, want), Ok(()));
    assert!(check(&m, 3, &a, want + 1).is_err());
    let mut b = a.clone();
    b.row[0] += 1;
    assert!(check(&m, 3, &b, want).is_err());
    let mut b = a.clone();
    b.row[1] -= 1;
    assert!(check(&m, 3, &b, want).is_err(), "not tight");
    let mut b = a.clone();
    b.col_of_row.swap(0, 1);
    assert!(check(&m, 3, &b, want).is_err());
    let mut b = a.clone();
    b.col_of_row[1] = b.col_of_row[0];
    assert!(check(&m, 3, &b, want).is_err());
    let mut b = a.clone();
    let free = (0..3).find(|j| !a.col_of_row.contains(j)).unwrap() as usize;
    b.col[free] -= 1;
    assert!(check(&m, 3, &b, want).is_err(), "free column below 0");
    let mut b = a;
    b.col.iter_mut().for_each(|p| *p += 1);
    b.row.iter_mut().for_each(|p| *p -= 1);
    assert!(check(&m, 3, &b, want).is_err(), "columns above 0");
}

/// Sparse instances of a few hundred rows, many of them left to the searches (tiny costs: many
/// ties and zero-cost cycles; or long chains of forced choices), solved with searches going
/// forward only, both ways from the start, and as shipped: each answer's potentials must prove
/// it (so all three costs agree), also in i128 (costs near 2⁵⁹ on a chain).
#[test]
fn searches_both_ways_agree() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    for case in 0..120 {
        let rows = rng.random_range(1..=300);
        let cols = if rng.random_bool(0.5) {
            rows
        } else {
            rng.random_range(rows..=rows + 40)
        };
        let kind = rng.random_range(0..5);
        let per_row = rng.random_range(1..=5);
        let mut m: Matrix = vec![vec![None; cols]; rows];
        let mut perm: Vec<usize> = (0..cols).collect();
        for k in (1..cols).rev() {
            perm.swap(k, rng.random_range(0..=k));
        }
        for (i, r) in m.iter_mut().enumerate() {
            // A planted assignment (sometimes left out: infeasible inputs too).
            if rng.random_bool(0.98) {
                r[perm[i]] = Some(draw(&mut rng, kind));
            }
            for _ in 0..per_row {
                r[rng.random_range(0..cols)] = Some(draw(&mut rng, kind));
            }
        }
        let mut edges = Vec::new();
        let mut costs = Vec::new();
        for (i, r) in m.iter().enumerate() {
            for (j, c) in r.iter().enumerate() {
                if let Some(c) = *c {
                    edges.push((i as u32, j as u32));
                    costs.push(c);
                }
            }
        }
        let mut totals = Vec::new();
        for switch in [usize::MAX, 0, 32] {
            let got = sparse::solve_with(rows, cols, &edges, &costs, switch)
                .map_err(|e| format!("case {case}: {e}"))?;
            totals.push(got.map(|a| {
                let total: i128 = (0..rows)
                    .map(|i| m[i][a.col_of_row[i] as usize].unwrap_or(0) as i128)
                    .sum();
                (a, total)
            }));
        }
        let want = totals[0].as_ref().map(|(_, t)| *t);
        for (k, got) in totals.iter().enumerate() {
            match (got, want) {
                (Some((a, _)), Some(want)) => {
                    check(&m, cols, a, want).map_err(|e| format!("case {case} variant {k}: {e}"))?
                }
                (None, None) => {}
                _ => return Err(format!("case {case}: variant {k} disagrees on feasibility")),
            }
        }
    }
    // The chain of forced choices, both ways, in i64 and (costs 2⁵⁹) in i128.
    for (n, c) in [(300usize, 1_000_000i64), (7, MAX_WEIGHT)] {
        let (edges, costs) = chain(n, c);
        let mut m: Matrix = vec![vec![None; n]; n];
        for (&(i, j), &w) in edges.iter().zip(&costs) {
            m[i as usize][j as usize] = Some(w);
        }
        let a = sparse::solve_with(n, n, &edges, &costs, 0)
            .map_err(|e| e.to_string())?
            .ok_or("the chain is assignable")?;
        check(&m, n, &a, n as i128 * c as i128)?;
    }
    Ok(())
}

/// The least total of an assignment of every row of a full `i128` matrix, by dynamic
/// programming over the sets of columns taken (rows <= cols <= 8): the oracle of the wide
/// engine, sharing nothing with it.
fn brute_wide(m: &[Vec<i128>], cols: usize) -> i128 {
    let mut best = vec![None::<i128>; 1 << cols];
    best[0] = Some(0);
    for mask in 0..1usize << cols {
        let Some(here) = best[mask] else { continue };
        let row = mask.count_ones() as usize;
        if row == m.len() {
            continue;
        }
        for (j, &c) in m[row].iter().enumerate() {
            if mask & (1 << j) == 0 {
                let next = &mut best[mask | (1 << j)];
                *next = Some(next.map_or(here + c, |x: i128| x.min(here + c)));
            }
        }
    }
    best.iter()
        .enumerate()
        .filter(|(mask, _)| mask.count_ones() as usize == m.len())
        .filter_map(|(_, b)| *b)
        .min()
        .unwrap_or(0)
}

/// [`check`] for the wide engine: a valid assignment of cost `want` whose potentials prove it.
fn check_wide(
    m: &[Vec<i128>],
    cols: usize,
    a: &Assignment<i128>,
    want: i128,
) -> Result<(), String> {
    let mut taken = vec![false; cols];
    let mut total = 0i128;
    if a.col_of_row.len() != m.len() || a.row.len() != m.len() || a.col.len() != cols {
        return Err("lengths".into());
    }
    for (i, &j) in a.col_of_row.iter().enumerate() {
        let j = j as usize;
        if j >= cols || std::mem::replace(&mut taken[j], true) {
            return Err(format!(
                "row {i} gets column {j}, out of range or taken twice"
            ));
        }
        total += m[i][j];
        if a.row[i] + a.col[j] != m[i][j] {
            return Err(format!("assigned entry ({i}, {j}) is not tight"));
        }
    }
    if total != want {
        return Err(format!("costs {total}, the brute force says {want}"));
    }
    for (i, r) in m.iter().enumerate() {
        for (j, &c) in r.iter().enumerate() {
            if a.row[i] + a.col[j] > c {
                return Err(format!("entry ({i}, {j}) violated"));
            }
        }
    }
    for (j, &p) in a.col.iter().enumerate() {
        if p > 0 || (!taken[j] && p != 0) {
            return Err(format!("column {j} has potential {p}, taken: {}", taken[j]));
        }
    }
    Ok(())
}

/// The wide engine against the brute force on small matrices of costs near 2¹⁰⁰ (distinct,
/// tied in their high part, signed) and at the limit (rows + cols)·|c| just below 2¹¹⁹; and
/// equal to the narrow engine on `i64` costs.
#[test]
fn wide_against_brute_force() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(100);
    for case in 0..3000 {
        let rows = rng.random_range(0..=6);
        let cols = rng.random_range(rows.max(1)..=8);
        let kind = rng.random_range(0..4);
        let limit = (1i128 << 119) / (rows + cols) as i128 - 1;
        let m: Vec<Vec<i128>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| match kind {
                        0 => (1i128 << 100) + i128::from(rng.random::<u64>()),
                        1 => i128::from(rng.random_range(-3i64..=3)) << 100 | 12345,
                        2 => {
                            let x = rng.random_range(-limit..=limit);
                            if rng.random_bool(0.3) {
                                limit * x.signum()
                            } else {
                                x
                            }
                        }
                        _ => {
                            let k = rng.random_range(0..5);
                            i128::from(draw(&mut rng, k))
                        }
                    })
                    .collect()
            })
            .collect();
        let flat: Vec<i128> = m.iter().flatten().copied().collect();
        let want = brute_wide(&m, cols);
        let a = dense_wide(rows, cols, &flat).map_err(|e| format!("case {case}: {e}"))?;
        check_wide(&m, cols, &a, want).map_err(|e| format!("case {case} {m:?}: {e}"))?;
        if kind == 3 {
            let narrow: Vec<i64> = flat.iter().map(|&c| c as i64).collect();
            let n = dense(rows, cols, &narrow).map_err(|e| e.to_string())?;
            let total: i128 = (0..rows)
                .map(|i| flat[i * cols + n.col_of_row[i] as usize])
                .sum();
            assert_eq!(total, want, "case {case}");
        }
    }
    // (rows + cols)·|c| at 2¹¹⁹ is refused with the entry's index.
    let big = (1i128 << 119) / 4;
    assert!(matches!(
        dense_wide(2, 2, &[0, 0, big, 0]),
        Err(WeightError::TooWide { edge: 2, .. })
    ));
    assert!(dense_wide(2, 2, &[0, 0, big - 1, 0]).is_ok());
    Ok(())
}

/// Medium matrices of distinct costs below 10²¹ (floats at one common scale): the wide
/// engine's potentials prove its answer whatever the total; on costs near 10¹⁷ (which fit
/// `i64`) its total also equals the sparse engine's.
#[test]
fn medium_wide_proves_itself() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for case in 0..40 {
        let rows = rng.random_range(1..=70);
        let cols = if rng.random_bool(0.5) {
            rows
        } else {
            rng.random_range(rows..=90)
        };
        let wide = case % 2 == 0;
        let m: Vec<Vec<i128>> = (0..rows)
            .map(|_| {
                (0..cols)
                    .map(|_| {
                        if wide {
                            rng.random_range(0..1_000_000_000_000_000_000_000i128)
                        } else {
                            i128::from(draw(&mut rng, 4))
                        }
                    })
                    .collect()
            })
            .collect();
        let flat: Vec<i128> = m.iter().flatten().copied().collect();
        let a = dense_wide(rows, cols, &flat).map_err(|e| e.to_string())?;
        let total: i128 = (0..rows).map(|i| m[i][a.col_of_row[i] as usize]).sum();
        check_wide(&m, cols, &a, total).map_err(|e| format!("case {case}: {e}"))?;
        if !wide {
            let narrow: Vec<i64> = flat.iter().map(|&c| c as i64).collect();
            let (edges, costs): (Vec<_>, Vec<_>) = (0..rows)
                .flat_map(|i| (0..cols).map(move |j| (i, j)))
                .map(|(i, j)| ((i as u32, j as u32), narrow[i * cols + j]))
                .unzip();
            let s = sparse(rows, cols, &edges, &costs)
                .map_err(|e| e.to_string())?
                .ok_or("no assignment of a full matrix")?;
            let st: i128 = (0..rows).map(|i| m[i][s.col_of_row[i] as usize]).sum();
            assert_eq!(st, total, "case {case}");
        }
    }
    Ok(())
}

/// [`dense_wide_started`] against the brute force on small square matrices, from every kind
/// of guess: the optimal answer (exact, or with its potentials nudged), the optimum of the
/// costs rounded coarser, a random permutation with random or wild potentials, and guesses
/// that are not permutations or have the wrong length (ignored). Whatever the guess, the
/// answer is optimal and its potentials prove it.
#[test]
fn started_against_brute_force() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(101);
    for case in 0..4000 {
        let n = rng.random_range(2..=7);
        let kind = rng.random_range(0..4);
        let limit = (1i128 << 119) / (2 * n) as i128 - 1;
        let m: Vec<Vec<i128>> = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| match kind {
                        0 => rng.random_range(0..1_000_000_000_000_000_000_000i128),
                        1 => i128::from(rng.random_range(-3i64..=3)) << 100 | 12345,
                        2 => rng.random_range(-limit..=limit),
                        _ => i128::from(rng.random_range(-5i64..=5)),
                    })
                    .collect()
            })
            .collect();
        let flat: Vec<i128> = m.iter().flatten().copied().collect();
        let want = brute_wide(&m, n);
        let best = dense_wide(n, n, &flat).map_err(|e| e.to_string())?;
        let mut perm: Vec<u32> = (0..n as u32).collect();
        for i in (1..n).rev() {
            perm.swap(i, rng.random_range(0..=i));
        }
        let (x, v): (Vec<u32>, Vec<i128>) = match rng.random_range(0..7) {
            0 => (best.col_of_row.clone(), best.col.clone()),
            1 => (
                best.col_of_row.clone(),
                best.col
                    .iter()
                    .map(|&c| c + rng.random_range(-1000..=1000))
                    .collect(),
            ),
            2 => {
                // The optimum of the costs rounded to multiples of 2^k.
                let k = rng.random_range(1..=60);
                let r: Vec<i128> = flat.iter().map(|&c| (c >> k) << k).collect();
                let a = dense_wide(n, n, &r).map_err(|e| e.to_string())?;
                (a.col_of_row, a.col)
            }
            3 => (perm, (0..n).map(|_| rng.random_range(-limit..=0)).collect()),
            4 => (
                perm,
                (0..n)
                    .map(|_| rng.random_range(i128::MIN..=i128::MAX))
                    .collect(),
            ),
            5 => {
                let mut x = perm;
                x[0] = x[1];
                (x, vec![0; n])
            }
            _ => (perm[1..].to_vec(), vec![0; n]),
        };
        let a = dense_wide_started(n, &flat, &x, &v).map_err(|e| format!("case {case}: {e}"))?;
        check_wide(&m, n, &a, want)
            .map_err(|e| format!("case {case} {m:?} from {x:?} {v:?}: {e}"))?;
    }
    // The limit of dense_wide, and its shape errors.
    let big = (1i128 << 119) / 4;
    assert!(matches!(
        dense_wide_started(2, &[0, 0, big, 0], &[0, 1], &[0, 0]),
        Err(WeightError::TooWide { edge: 2, .. })
    ));
    assert!(matches!(
        dense_wide_started(2, &[0, 0, 0], &[0, 1], &[0, 0]),
        Err(WeightError::Shape(_))
    ));
    Ok(())
}

/// Medium square matrices of distinct costs below 10²² started from the optimum of the costs
/// rounded to 2⁵⁸ steps (the package's float path): optimal, as the wide engine from scratch
/// finds, and proved.
#[test]
fn medium_started_proves_itself() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for case in 0..30 {
        let n = rng.random_range(2..=80);
        let m: Vec<Vec<i128>> = (0..n)
            .map(|_| {
                (0..n)
                    .map(|_| {
                        rng.random_range(
                            -10_000_000_000_000_000_000_000i128..10_000_000_000_000_000_000_000,
                        )
                    })
                    .collect()
            })
            .collect();
        let flat: Vec<i128> = m.iter().flatten().copied().collect();
        let rounded: Vec<i64> = flat.iter().map(|&c| (c >> 17) as i64).collect();
        let guess = dense(n, n, &rounded).map_err(|e| e.to_string())?;
        let col: Vec<i128> = guess.col.iter().map(|&v| i128::from(v) << 17).collect();
        let a = dense_wide_started(n, &flat, &guess.col_of_row, &col).map_err(|e| e.to_string())?;
        let scratch = dense_wide(n, n, &flat).map_err(|e| e.to_string())?;
        let total =
            |a: &Assignment<i128>| -> i128 { (0..n).map(|i| m[i][a.col_of_row[i] as usize]).sum() };
        check_wide(&m, n, &a, total(&scratch)).map_err(|e| format!("case {case}: {e}"))?;
    }
    Ok(())
}

/// [`sparse_wide`] against a subset-DP brute force in `i128` on small matrices with missing
/// and parallel entries (costs near 2¹⁰⁰, tied in their high part, at the 2¹¹⁹ limit, and
/// `i64` costs where it must equal [`sparse`]): the optimum or `None` exactly when the
/// brute force finds none, and potentials that prove it on the listed entries.
#[test]
fn sparse_wide_against_brute_force() -> Result<(), String> {
    let mut rng = ChaCha8Rng::seed_from_u64(102);
    for case in 0..3000 {
        let rows = rng.random_range(0..=6);
        let cols = rng.random_range(rows.max(1)..=8);
        let kind = rng.random_range(0..4);
        let limit = (1i128 << 119) / (rows + cols) as i128 - 1;
        let density = rng.random_range(0.3..1.0);
        let (mut edges, mut costs) = (Vec::new(), Vec::new());
        for i in 0..rows {
            for j in 0..cols {
                for _ in 0..rng.random_range(1..=2) {
                    if !rng.random_bool(density) {
                        continue;
                    }
                    edges.push((i as u32, j as u32));
                    costs.push(match kind {
                        0 => (1i128 << 100) + i128::from(rng.random::<u64>()),
                        1 => i128::from(rng.random_range(-3i64..=3)) << 100 | 12345,
                        2 => rng.random_range(-limit..=limit),
                        _ => i128::from(rng.random_range(-9i64..=9)),
                    });
                }
            }
        }
        // The cheapest of parallel entries, None where there is none.
        let mut best = vec![vec![None::<i128>; cols]; rows];
        for (&(i, j), &c) in edges.iter().zip(&costs) {
            let b = &mut best[i as usize][j as usize];
            *b = Some(b.map_or(c, |x: i128| x.min(c)));
        }
        // Brute force: a missing entry costs a sentinel beyond any assignment's total.
        let big = i128::MAX / 16;
        let full: Vec<Vec<i128>> = best
            .iter()
            .map(|r| r.iter().map(|c| c.unwrap_or(big)).collect())
            .collect();
        let want = brute_wide(&full, cols);
        let feasible = want < big / 2;
        let got =
            sparse_wide(rows, cols, &edges, &costs).map_err(|e| format!("case {case}: {e}"))?;
        let Some(a) = got else {
            if feasible {
                return Err(format!(
                    "case {case}: no assignment, the brute force found {want}"
                ));
            }
            continue;
        };
        if !feasible {
            return Err(format!("case {case}: an assignment where none exists"));
        }
        let mut taken = vec![false; cols];
        let mut total = 0i128;
        for (i, &j) in a.col_of_row.iter().enumerate() {
            let j = j as usize;
            let c = best[i][j].ok_or(format!("case {case}: row {i} on a missing entry"))?;
            if std::mem::replace(&mut taken[j], true) || a.row[i] + a.col[j] != c {
                return Err(format!(
                    "case {case}: row {i} column {j} taken twice or not tight"
                ));
            }
            total += c;
        }
        if total != want {
            return Err(format!(
                "case {case}: costs {total}, the brute force says {want}"
            ));
        }
        for (i, r) in best.iter().enumerate() {
            for (j, c) in r.iter().enumerate() {
                if c.is_some_and(|c| a.row[i] + a.col[j] > c) {
                    return Err(format!("case {case}: entry ({i}, {j}) violated"));
                }
            }
        }
        for (j, &p) in a.col.iter().enumerate() {
            if p > 0 || (!taken[j] && p != 0) {
                return Err(format!("case {case}: column {j} has potential {p}"));
            }
        }
        if kind == 3 {
            let narrow: Vec<i64> = costs.iter().map(|&c| c as i64).collect();
            let n = sparse(rows, cols, &edges, &narrow).map_err(|e| e.to_string())?;
            let nt: Option<i128> = n.map(|n| {
                (0..rows)
                    .map(|i| best[i][n.col_of_row[i] as usize].unwrap_or(0))
                    .sum()
            });
            assert_eq!(nt, Some(want), "case {case}");
        }
    }
    let big = (1i128 << 119) / 4;
    assert!(matches!(
        sparse_wide(2, 2, &[(0, 0), (1, 1), (1, 0)], &[0, 0, big]),
        Err(WeightError::TooWide { edge: 2, .. })
    ));
    assert!(matches!(
        sparse_wide(2, 2, &[(0, 2)], &[0]),
        Err(WeightError::Shape(_))
    ));
    Ok(())
}
