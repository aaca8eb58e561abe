//! The exact answer of a square `float64` cost matrix from its guess, with no exact cost
//! matrix made: [`scan`] finds the common scale `10**-decimals` of the floats' shortest
//! decimals (computing few of them), and [`settle`] makes the guess's potentials exact for
//! those decimals, computing each exact cost only where the floats cannot decide.
//!
//! **Guarantee.** [`settle`] returns the guessed assignment with `i128` potentials in units
//! of `10**-decimals` that are feasible for every entry's exact cost `sign·m·10**(p +
//! decimals)` (`m·10**p` the float's shortest decimal, `sign` −1 to maximise), tight on the
//! assigned entries, every column's at most 0: an optimal answer, as [`assignment::dense_wide`]
//! gives (and `None` when it cannot show the guess optimal: the caller then solves on the exact
//! costs). Before returning, [`settle`] checks every entry again in one plain pass
//! ([`feasible`]: none of the settling's queue or blocks; each entry on the floats with the
//! same margin, exactly where they come near) and returns `None` on a failure; the package's
//! `.verify()` checks every entry again from the digits (`check_potentials`) on request.
//!
//! **Algorithm.** The settling of [`assignment::dense_wide_started`] (lower column potentials,
//! never the assignment, until each row's column is its least reduced cost: shortest path
//! constraints, a queue of columns whose potential fell, every column queued at first; at most
//! 32 row scans per row and 64 exact costs per row in all, no potential below −6C), but each comparison `c(i, j) − v[j] < own`
//! is first made on the floats: `s·a(i, j) − vf[j] <= ownf + ε`, `vf` the potentials
//! divided by `10**decimals` as `f64`, `ε = 2⁻³⁶·10**top` (`10**top` above every magnitude).
//! Every float differs from its shortest decimal by at most half an ulp (2⁻⁵³ relative), the
//! potentials stay within 6·10**top (in the floats' units: C = 10**(top + decimals) bounds
//! every exact cost) and `vf` within 2⁻⁴⁹ of them relative (the conversion, the division and
//! `unit = 10**decimals`, itself from `powi`: within 2⁻⁵⁰, see [`pow10_f64`]), and
//! the float sums' rounding adds at most 2⁻⁵³ times 14·10**top each: both sides together
//! within 2⁻⁴⁵·10**top, far below ε (itself from `powi`, so within 2⁻⁵⁰ of 2⁻³⁶·10**top),
//! so an entry the floats put above `ownf + ε` is above `own` exactly, and only the others
//! (the assigned and nearly tight entries: a few per row) are computed exactly (zmij's digits,
//! as [`exact::floats_of`]). The floats are compared sixteen at a time (vectorised), so a scan
//! reads the `f64` row and the `f64` potentials only.
//!
//! **Complexity.** [`scan`]: one pass; the shortest decimal of a float only where
//! `16 − ⌊log10 |x|⌋` (a bound on its decimals: at most 17 significant digits; the power of
//! ten from the binary exponent and one comparison) passes the most decimals found so far (on
//! `random()` floats, a few per thousand; on floats of one decade, the first few). [`settle`]: O(n) per
//! row scan, at most 32n scans; one pass (n scans) when the guess was optimal and its
//! potentials nearly so (3.3 to 4.8 scans per row on random 2000² and 5000² matrices); then
//! the final check's pass (n scans, exact costs only near each row's own: a few per row).
//!
//! **Status.** [`scan`] is compared with [`exact::floats_of`]'s scale and top (every float's
//! decimal) on matrices of every kind, extremes and subnormals; [`settle`] from the package's
//! guess, from guesses on coarser grids and from random permutations with random or wild
//! potentials, on thousands of small square matrices (full precision, tiny beside ordinary,
//! signed, magnitudes 10⁻⁶..10⁶, ties, short decimals, zeros; min and max): every answer it
//! gives is the brute-force optimum of the exact decimals with potentials checked on every
//! entry; the final check refuses a settling broken on purpose (re-queues dropped) wherever
//! it left a row infeasible, and potentials one unit off; a [`Scan`] outside [`wide_within`]
//! is refused (the tests below). python/tests/test_settled.py compares whole calls (128² to
//! 160²) with the `i128` engine on the same decimals and with scipy in exact arithmetic, and
//! checks that tampered potentials, floats, scales and assignments are refused.

#[cfg(doc)]
use crate::exact;
use crate::exact::{POW10_128, float_parts};
use gridmatch::graph::weighted::WIDE_LIMIT;
#[cfg(doc)]
use gridmatch::graph::weighted::assignment;
use gridmatch::graph::weighted::assignment::Assignment;

/// Row scans [`settle`] allows per row: on random `float64` matrices the guess's potentials
/// settle in 3 to 5 scans per row (2000², 5000²); a scan reads one `f64` row.
const SCANS_PER_ROW: usize = 32;

/// Exact costs [`settle`] computes per row, in all: where the floats cannot tell entries apart
/// (entries far below 2⁻³⁶ of the largest, all within the comparison's margin) every entry
/// of every scan would need its decimal, so the exact costs are made instead.
const EXACT_PER_ROW: usize = 64;

/// What [`scan`] found in the floats.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scan {
    /// The fewest decimals that make every value's shortest decimal an integer.
    pub decimals: u32,
    /// The least power of ten above every magnitude (`|value| < 10**top`).
    pub top: i32,
}

/// The shortest decimal `(m, p)` of a finite float, `m·10**p` (`(0, 0)` for zero).
fn shortest(buffer: &mut zmij::Buffer, x: f64) -> (i64, i32) {
    float_parts(buffer.format_finite(x))
}

/// `⌊e·log10 2⌋` for `|e| <= 2620`.
fn floor_log10_pow2(e: i32) -> i32 {
    (e * 78_913) >> 18
}

/// The least power of ten in [`pow10_f64`]'s table.
const POW10_LOW: i32 = -330;

/// `10**k` as `f64` for `POW10_LOW <= k <= 310` (infinity past 10**308), made once. `powi`
/// (`__powidf2`: repeated squaring) is within 2⁻⁵⁰ relative of `10**k` for every normal
/// result: measured for every `k` of the table, at worst 2⁻⁵⁰·²⁵ (k = −281), 2⁻⁵⁰·³ for
/// 0..=280. [`settle`]'s `unit` and margin come from `powi` too.
fn pow10_f64() -> &'static [f64] {
    static TABLE: std::sync::OnceLock<Vec<f64>> = std::sync::OnceLock::new();
    TABLE.get_or_init(|| (POW10_LOW..=310).map(|k| 10f64.powi(k)).collect())
}

/// One run of floats: the most decimals of their shortest decimals (`i32::MIN` for none or all
/// zero), the largest magnitude, or `None` for a value not finite.
fn scan_run(values: &[f64]) -> Option<(i32, f64)> {
    let powers = pow10_f64();
    let mut buffer = zmij::Buffer::new();
    let (mut most, mut largest) = (i32::MIN, 0f64);
    for &x in values {
        let field = ((x.to_bits() >> 52) & 0x7ff) as i32;
        if field == 0x7ff {
            return None;
        }
        if x == 0.0 {
            continue;
        }
        largest = largest.max(x.abs());
        // At most 17 significant digits: for 10**l <= |x| the shortest decimal (within x's
        // rounding interval, so at least 10**l or, holding 10**l, of one digit) has p >= l − 16.
        // l: ⌊e·log10 2⌋ (e the binary exponent, normal floats), one more where |x| clearly
        // passes the next power of ten (the table within 2⁻⁵⁰ of it). Subnormals: computed.
        let bound = if field == 0 {
            i32::MAX
        } else {
            let l = floor_log10_pow2(field - 1023);
            let next = powers[(l + 1 - POW10_LOW) as usize];
            16 - l - i32::from(x.abs() >= next * (1.0 + 2f64.powi(-40)))
        };
        if bound > most {
            let (m, p) = shortest(&mut buffer, x);
            if m != 0 {
                most = most.max(-p);
            }
        }
    }
    Some((most, largest))
}

/// The common scale and the top of `values` ([`Scan`]), in chunks on rayon's threads from
/// 2^16 values on; `None` if a value is not finite or every value is zero.
pub fn scan(values: &[f64]) -> Option<Scan> {
    use rayon::prelude::*;
    const CHUNK: usize = 1 << 14;
    let (most, largest) = if values.len() < 1 << 16 {
        scan_run(values)?
    } else {
        values.par_chunks(CHUNK).map(scan_run).reduce(
            || Some((i32::MIN, 0.0)),
            |a, b| Some((a?.0.max(b?.0), a?.1.max(b?.1))),
        )?
    };
    if largest == 0.0 {
        return None;
    }
    let (m, p) = shortest(&mut zmij::Buffer::new(), largest);
    Some(Scan {
        // Every nonzero value has p >= -most, and at least one p = -most.
        decimals: most.max(0) as u32,
        top: m.unsigned_abs().ilog10() as i32 + 1 + p,
    })
}

/// The exact cost of the float `x` at the scale `10**-d`, signed: `sign·m·10**(p + d)` for
/// its shortest decimal `m·10**p`; `None` if beyond the scale (not for a scanned float).
fn exact_cost(buffer: &mut zmij::Buffer, x: f64, sign: i128, d: i32) -> Option<i128> {
    let (m, p) = shortest(buffer, x);
    if m == 0 {
        return Some(0);
    }
    let power = POW10_128.get(usize::try_from(p + d).ok()?)?;
    Some(sign * i128::from(m).checked_mul(*power)?)
}

#[cfg(test)]
thread_local! {
    /// Tests only: whether [`settle`] drops every re-queue of a column whose potential fell
    /// (a settling broken on purpose, for its final check to catch).
    static DROP_REQUEUES: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// Whether [`settle`] re-queues a column whose potential fell: always, but in tests that
/// break the settling on purpose.
fn requeues() -> bool {
    #[cfg(test)]
    if DROP_REQUEUES.get() {
        return false;
    }
    true
}

/// [`settle`]'s final check, sharing none of its queue or blocks: whether the column
/// potentials `col` (exact, units `10**-decimals`) are feasible for every entry of the `n × n`
/// `values` (signed by `sign`) of [`Scan`] `s` (for which [`wide_within`] holds) and tight on
/// the assignment `x` (each row's column): every row's `c(i, j) − col[j] >= own_i =
/// c(i, x_i) − col[x_i]`, computed exactly wherever the floats put `c(i, j) − col[j]` within
/// [`settle`]'s margin of `own_i` (the module docs).
fn feasible(n: usize, values: &[f64], sign: i128, s: &Scan, x: &[u32], col: &[i128]) -> bool {
    let d = s.decimals as i32;
    let unit = 10f64.powi(d);
    let sf = sign as f64;
    let eps = 2f64.powi(-36) * 10f64.powi(s.top);
    let colf: Vec<f64> = col.iter().map(|&p| p as f64 / unit).collect();
    let mut buffer = zmij::Buffer::new();
    for (i, &xi) in x.iter().enumerate() {
        let (row, xi) = (&values[i * n..(i + 1) * n], xi as usize);
        let Some(own) = exact_cost(&mut buffer, row[xi], sign, d).map(|c| c - col[xi]) else {
            return false;
        };
        let limit = (sf * row[xi] - colf[xi]) + eps;
        for j in 0..n {
            if sf * row[j] - colf[j] > limit {
                continue;
            }
            match exact_cost(&mut buffer, row[j], sign, d) {
                Some(c) if c - col[j] >= own => {}
                _ => return false,
            }
        }
    }
    true
}

/// Whether an `n × n` matrix of [`Scan`] `s` is for [`settle`]: beyond ±2**59 at its common
/// scale (some |value| >= 10**(top − 1), so >= 10**18 scaled), within the wide engines'
/// (rows + cols)·C < 2**119 for C = 10**(top + decimals), and at scales `f64` holds.
pub fn wide_within(n: usize, s: &Scan) -> bool {
    let span = i64::from(s.top) + i64::from(s.decimals);
    (19..=38).contains(&span)
        && (-280..=280).contains(&s.top)
        && s.decimals <= 280
        && (2 * n as u128).saturating_mul(POW10_128[span as usize] as u128) < WIDE_LIMIT
}

/// Whether more than 16 entries a row of the `n × n` matrix `values` (of [`Scan`] `s`) are
/// below 2⁻³³·10**(top − 1), itself at most 2⁻³³ of the largest magnitude: the floats cannot
/// tell such entries apart within [`settle`]'s margin (2⁻³⁶·10**top), so the scans would
/// compute many of them exactly (past [`EXACT_PER_ROW`] a row in all, as each row is scanned
/// 3 to 5 times); their exact costs are made at once instead. One pass, on rayon's threads.
pub fn mostly_tiny(n: usize, values: &[f64], s: &Scan) -> bool {
    use rayon::prelude::*;
    let cutoff = 2f64.powi(-33) * 10f64.powi(s.top - 1);
    let tiny = values.par_iter().filter(|x| x.abs() < cutoff).count();
    tiny > 16 * n
}

/// The exact answer of the square `n × n` matrix `values` (row-major, negated with
/// `maximize`), `n >= 1`, of [`Scan`] `s`, from a guess: the assignment `x` (each row's
/// column) and column potentials `col` in the floats' units (any values). `None` when the
/// guessed assignment cannot be shown optimal within the budget (see the module docs), the
/// final check fails, the guess is not a permutation, or [`wide_within`] does not hold.
pub fn settle(
    n: usize,
    values: &[f64],
    maximize: bool,
    s: &Scan,
    x: &[u32],
    col: &[f64],
) -> Option<Assignment<i128>> {
    if values.len() != n.checked_mul(n)?
        || x.len() != n
        || col.len() != n
        || n == 0
        || !wide_within(n, s)
    {
        return None;
    }
    let mut y = vec![u32::MAX; n];
    for (i, &j) in x.iter().enumerate() {
        let slot = y.get_mut(j as usize)?;
        if *slot != u32::MAX {
            return None;
        }
        *slot = i as u32;
    }
    let d = s.decimals as i32;
    let span = (s.top + d) as usize;
    // Every exact cost is below C = 10**span ([`wide_within`]: (2n)·C < 2**119).
    let c = POW10_128[span];
    let unit = 10f64.powi(d);
    let sign: i128 = if maximize { -1 } else { 1 };
    let sf = sign as f64;
    let eps = 2f64.powi(-36) * 10f64.powi(s.top);
    let mut buffer = zmij::Buffer::new();
    // The exact cost of entry k, signed; `None` only if beyond the scale (not for a scan's).
    let mut cost = |k: usize| exact_cost(&mut buffer, values[k], sign, d);
    let mut v: Vec<i128> = col.iter().map(|&g| (g * unit) as i128).collect();
    let top = v.iter().copied().max().unwrap_or(0);
    v.iter_mut()
        .for_each(|p| *p = p.saturating_sub(top).clamp(-2 * c, 0));
    let mut vf: Vec<f64> = v.iter().map(|&p| p as f64 / unit).collect();
    let floor = -6 * c;
    let budget = SCANS_PER_ROW * n;
    let (mut exacts, exact_budget) = (0usize, EXACT_PER_ROW * n);
    let mut queue: std::collections::VecDeque<u32> = (0..n as u32).collect();
    let mut queued = vec![true; n];
    let mut scans = 0usize;
    const BLOCK: usize = 16;
    while let Some(a) = queue.pop_front() {
        let a = a as usize;
        queued[a] = false;
        scans += 1;
        if scans > budget {
            return None;
        }
        let i = y[a] as usize;
        let row = &values[i * n..(i + 1) * n];
        let own = cost(i * n + a)? - v[a];
        let limit = (sf * row[a] - vf[a]) + eps;
        // Blocks of sixteen where some float comes near `own`; then each such entry exactly.
        let mut near = |j: usize, v: &mut [i128], vf: &mut [f64]| -> Option<()> {
            if sf * row[j] - vf[j] > limit {
                return Some(());
            }
            exacts += 1;
            if exacts > exact_budget {
                return None;
            }
            let cj = cost(i * n + j)?;
            if cj - v[j] < own {
                v[j] = cj - own;
                if v[j] < floor {
                    return None;
                }
                vf[j] = v[j] as f64 / unit;
                if !queued[j] && requeues() {
                    queued[j] = true;
                    queue.push_back(j as u32);
                }
            }
            Some(())
        };
        let blocks = n / BLOCK;
        for b in 0..blocks {
            let (r, w) = (&row[b * BLOCK..][..BLOCK], &vf[b * BLOCK..][..BLOCK]);
            let hit = r
                .iter()
                .zip(w)
                .fold(false, |h, (&a, &p)| h | (sf * a - p <= limit));
            if hit {
                for j in b * BLOCK..(b + 1) * BLOCK {
                    near(j, &mut v, &mut vf)?;
                }
            }
        }
        for j in blocks * BLOCK..n {
            near(j, &mut v, &mut vf)?;
        }
    }
    let top = v.iter().copied().max().unwrap_or(0);
    let col: Vec<i128> = v.iter().map(|&p| p - top).collect();
    if !feasible(n, values, sign, s, x, &col) {
        return None;
    }
    let mut row = Vec::with_capacity(n);
    for (i, &j) in x.iter().enumerate() {
        row.push(cost(i * n + j as usize)? - col[j as usize]);
    }
    Some(Assignment {
        col_of_row: x.to_vec(),
        row,
        col,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::exact::floats_of;

    fn rng(mut seed: u64) -> impl FnMut() -> u64 {
        move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        }
    }

    /// A float in [0, 1) with 53 random bits.
    fn unit(next: &mut impl FnMut() -> u64) -> f64 {
        (next() >> 11) as f64 / (1u64 << 53) as f64
    }

    /// Each value's exact cost at the common scale, negated to maximise (the oracle's costs).
    fn signed_costs(f: &crate::exact::Floats, maximize: bool) -> Vec<i128> {
        let sign: i128 = if maximize { -1 } else { 1 };
        f.digits
            .iter()
            .zip(&f.exponents)
            .map(|(&m, &e)| {
                if m == 0 {
                    0
                } else {
                    sign * i128::from(m) * 10i128.pow((e + f.decimals as i32) as u32)
                }
            })
            .collect()
    }

    /// Floats of every kind the tests use: full precision, tiny beside ordinary, negative,
    /// magnitudes 10**-6..10**6, ties, short decimals, zeros.
    fn matrix(next: &mut impl FnMut() -> u64, cells: usize, kind: u64) -> Vec<f64> {
        let pool: Vec<f64> = (0..4).map(|_| unit(next) * 1e-3).collect();
        (0..cells)
            .map(|_| {
                let x = unit(next);
                match kind {
                    1 if next().is_multiple_of(3) => x * 1e-4,
                    1 => x * 1e2,
                    2 => x - 0.5,
                    3 => x * 10f64.powi((next() % 13) as i32 - 6),
                    4 => pool[(next() % 4) as usize],
                    5 if next().is_multiple_of(2) => (x * 8.0).round() / 8.0,
                    6 if next().is_multiple_of(5) => 0.0,
                    _ => x,
                }
            })
            .collect()
    }

    /// [`scan`] finds the common scale and the top that [`floats_of`] finds from every
    /// float's shortest decimal, on every kind of matrix, extremes, subnormals and sizes
    /// scanned in parallel.
    #[test]
    fn scan_agrees_with_every_decimal() {
        let mut next = rng(0x5eed_3636);
        let mut cases: Vec<Vec<f64>> = (0..7)
            .flat_map(|kind| [5, 300, 70_000].map(|n| (kind, n)))
            .map(|(kind, n)| matrix(&mut next, n, kind))
            .collect();
        cases.push(vec![5e-324, 1.0]);
        cases.push(vec![f64::MAX, -f64::MIN_POSITIVE, 0.0]);
        cases.push(vec![0.5, 0.25, 1e16, 1e-5, 123_456.789]);
        cases.push((-330..=308).map(|k| 10f64.powi(k) * 1.7).collect());
        // Powers of ten and their neighbours, alone (each its own scale) and in decades.
        for k in -323..=308 {
            let p = format!("1e{k}").parse::<f64>().expect("a float");
            let around = [
                p,
                f64::from_bits(p.to_bits() - 1),
                f64::from_bits(p.to_bits() + 1),
            ];
            cases.push(around.to_vec());
            cases.push(around.iter().map(|x| x * 1.000_000_000_000_1).collect());
        }
        for k in -300..=290 {
            let decade = 10f64.powi(k);
            cases.push(
                (0..64)
                    .map(|_| (1.0 + 9.0 * unit(&mut next)) * decade)
                    .collect(),
            );
        }
        cases.push((0..2000).map(|_| f64::from_bits(next() >> 2)).collect());
        for values in &cases {
            let Ok(f) = floats_of(values, &[values.len()], "v") else {
                panic!("finite")
            };
            let s = scan(values).expect("finite, not all zero");
            assert_eq!(
                (s.decimals, s.top),
                (f.decimals, f.top_for_tests()),
                "{values:?}"
            );
        }
        assert_eq!(scan(&[0.0, -0.0]), None);
        assert_eq!(scan(&[1.0, f64::NAN]), None);
        assert_eq!(scan(&[f64::INFINITY]), None);
    }

    /// The cheapest total of a small square matrix over every permutation.
    fn brute(n: usize, c: &[i128]) -> i128 {
        fn go(n: usize, c: &[i128], i: usize, used: &mut [bool]) -> i128 {
            if i == n {
                return 0;
            }
            let mut best = i128::MAX;
            for j in 0..n {
                if !used[j] {
                    used[j] = true;
                    best = best.min(c[i * n + j] + go(n, c, i + 1, used));
                    used[j] = false;
                }
            }
            best
        }
        go(n, c, 0, &mut vec![false; n])
    }

    /// [`settle`] from every kind of guess (the optimum of the floats on a binary grid as the
    /// package makes it, coarser grids, random permutations with random or wild potentials)
    /// on small square matrices of every kind, min and max: each answer it gives is optimal
    /// for the shortest decimals (the brute force over permutations, in `i128` from
    /// [`floats_of`]'s digits), its potentials feasible on every entry, tight on the assigned
    /// ones, the columns' at most 0; and the package's guess is settled on most of them.
    #[test]
    fn settled_answers_are_optimal_and_proved() {
        let mut next = rng(0x0dd_ba11);
        let (mut settled, mut tried) = (0, 0);
        for trial in 0..3000u64 {
            let n = 1 + (next() % 6) as usize;
            let values = matrix(&mut next, n * n, trial % 7);
            let maximize = trial % 2 == 1;
            let Some(s) = scan(&values) else { continue };
            if !wide_within(n, &s) {
                continue;
            }
            let Ok(f) = floats_of(&values, &[n * n], "v") else {
                panic!("finite")
            };
            let sign: i128 = if maximize { -1 } else { 1 };
            let exact = signed_costs(&f, maximize);
            let top = values.iter().fold(0f64, |m, x| m.max(x.abs()));
            let coarse = 57 - (trial % 4) as i32 * 15;
            let t = coarse - top.log2().ceil() as i32;
            let scale = 2f64.powi(t);
            let rounded: Vec<i64> = values
                .iter()
                .map(|&x| (x * scale * sign as f64).round() as i64)
                .collect();
            let guess = gridmatch::graph::weighted::assignment::dense(n, n, &rounded)
                .expect("within 2**59");
            let (x, col): (Vec<u32>, Vec<f64>) = match trial % 3 {
                0 => (
                    guess.col_of_row.clone(),
                    guess.col.iter().map(|&v| v as f64 / scale).collect(),
                ),
                k => {
                    let mut x: Vec<u32> = (0..n as u32).collect();
                    for i in (1..n).rev() {
                        x.swap(i, (next() % (i as u64 + 1)) as usize);
                    }
                    let wild = if k == 1 { 1.0 } else { 1e30 };
                    (x, (0..n).map(|_| (unit(&mut next) - 0.5) * wild).collect())
                }
            };
            tried += usize::from(trial % 3 == 0);
            let Some(a) = settle(n, &values, maximize, &s, &x, &col) else {
                continue;
            };
            settled += usize::from(trial % 3 == 0);
            let total: i128 = (0..n)
                .map(|i| exact[i * n + a.col_of_row[i] as usize])
                .sum();
            assert_eq!(total, brute(n, &exact), "{values:?} {maximize}");
            for i in 0..n {
                for j in 0..n {
                    assert!(a.row[i] + a.col[j] <= exact[i * n + j], "{values:?}");
                }
                let j = a.col_of_row[i] as usize;
                assert_eq!(a.row[i] + a.col[j], exact[i * n + j]);
            }
            assert!(a.col.iter().all(|&v| v <= 0));
            assert_eq!(
                a.row.iter().sum::<i128>() + a.col.iter().sum::<i128>(),
                total
            );
        }
        assert!(
            settled * 10 >= tried * 9,
            "{settled} of {tried} guesses settled"
        );
    }

    /// A guess of the wrong length or not a permutation is refused, never settled.
    #[test]
    fn malformed_guesses_are_refused() {
        let values = [0.001_234_567_890_123_456_7, 0.2, 0.3, 0.4];
        let s = scan(&values).expect("finite");
        assert!(wide_within(2, &s), "{s:?}");
        assert!(settle(2, &values, false, &s, &[0, 1], &[0.0, 0.0]).is_some());
        assert_eq!(settle(2, &values, false, &s, &[0, 0], &[0.0, 0.0]), None);
        assert_eq!(settle(2, &values, false, &s, &[0, 2], &[0.0, 0.0]), None);
        assert_eq!(settle(2, &values, false, &s, &[0], &[0.0, 0.0]), None);
        assert_eq!(settle(3, &values, false, &s, &[0, 1, 2], &[0.0; 3]), None);
    }

    /// A [`Scan`] outside [`wide_within`] (a span past 10**38 or negative, scales `f64` does
    /// not hold, (2n)·C from 2**119) is refused, never indexed out of range.
    #[test]
    fn scales_outside_wide_within_are_refused() {
        let values = [0.001_234_567_890_123_456_7, 0.2, 0.3, 0.4];
        for (decimals, top) in [
            (0, 50),
            (30, 10),
            (0, -5),
            (10, 0),
            (300, -290),
            (u32::MAX, 0),
            (u32::MAX, i32::MIN),
            (0, i32::MAX),
        ] {
            let s = Scan { decimals, top };
            assert!(!wide_within(2, &s));
            assert_eq!(settle(2, &values, false, &s, &[0, 1], &[0.0, 0.0]), None);
        }
        // Within the span, but (2n)·10**38 is past 2**119 for every n.
        let s = Scan {
            decimals: 38,
            top: 0,
        };
        assert_eq!(settle(2, &values, false, &s, &[0, 1], &[0.0, 0.0]), None);
    }

    /// [`feasible`] refuses a row whose assigned entry is not its least reduced cost, by the
    /// exact decimals where the floats cannot tell (0.1 and the next float) and by one unit of
    /// `10**-decimals` beside a settled answer; and accepts the settled answers.
    #[test]
    fn final_check_refuses_infeasible_potentials() {
        let next_up = f64::from_bits(0.1f64.to_bits() + 1);
        let values = [0.1, next_up, 0.4, 0.3];
        let s = scan(&values).expect("finite");
        assert!(feasible(2, &values, 1, &s, &[0, 1], &[0, 0]));
        assert!(!feasible(2, &values, 1, &s, &[1, 0], &[0, 0]));
        assert!(!feasible(2, &values, -1, &s, &[0, 1], &[0, 0]));
        assert!(feasible(2, &values, -1, &s, &[1, 0], &[0, 0]));
        let mut next = rng(0xfea5_1b1e);
        let mut refused = 0;
        for trial in 0..3000u64 {
            let n = 2 + (next() % 5) as usize;
            let values = matrix(&mut next, n * n, trial % 7);
            let maximize = trial % 2 == 1;
            let Some(s) = scan(&values) else { continue };
            let x: Vec<u32> = (0..n as u32).collect();
            let Some(a) = settle(n, &values, maximize, &s, &x, &vec![0.0; n]) else {
                continue;
            };
            let sign = if maximize { -1 } else { 1 };
            assert!(feasible(n, &values, sign, &s, &x, &a.col));
            // Row 0's own reduced cost one unit above its next least one.
            let exact = |j: usize| -> i128 {
                let c = exact_cost(&mut zmij::Buffer::new(), values[j], sign, s.decimals as i32);
                c.expect("scanned") - a.col[j]
            };
            let least = (1..n).map(exact).min().expect("n >= 2");
            let mut col = a.col.clone();
            col[0] -= least - exact(0) + 1;
            assert!(!feasible(n, &values, sign, &s, &x, &col), "{values:?}");
            refused += 1;
        }
        assert!(refused >= 100, "{refused} tampered answers");
    }

    /// With the settling broken on purpose (a column whose potential fell is never queued
    /// again), [`settle`]'s final check refuses every state left infeasible: each answer it
    /// still gives is optimal with potentials feasible on every entry.
    #[test]
    fn final_check_catches_a_broken_settling() {
        DROP_REQUEUES.set(true);
        let mut next = rng(0xb20_cee5);
        let (mut settled, mut refused) = (0, 0);
        for trial in 0..3000u64 {
            let n = 2 + (next() % 5) as usize;
            let values = matrix(&mut next, n * n, trial % 7);
            let maximize = trial % 2 == 1;
            let Some(s) = scan(&values).filter(|s| wide_within(n, s)) else {
                continue;
            };
            let Ok(f) = floats_of(&values, &[n * n], "v") else {
                panic!("finite")
            };
            let exact = signed_costs(&f, maximize);
            let mut x: Vec<u32> = (0..n as u32).collect();
            for i in (1..n).rev() {
                x.swap(i, (next() % (i as u64 + 1)) as usize);
            }
            let col: Vec<f64> = (0..n).map(|_| unit(&mut next) - 0.5).collect();
            let Some(a) = settle(n, &values, maximize, &s, &x, &col) else {
                refused += 1;
                continue;
            };
            settled += 1;
            for i in 0..n {
                for j in 0..n {
                    assert!(a.row[i] + a.col[j] <= exact[i * n + j], "{values:?}");
                }
            }
        }
        DROP_REQUEUES.set(false);
        assert!(
            settled >= 50 && refused >= 50,
            "{settled} settled, {refused} refused"
        );
    }
}
