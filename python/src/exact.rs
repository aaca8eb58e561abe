//! Numbers in, as exact integers: the caller's weights or costs (NumPy `float64`, `float32` or
//! `int64` arrays, or Python integers already scaled by the package) as integers times one
//! common power of ten `10**-decimals`.
//!
//! A float is the shortest decimal that reads back as it (ryu's digits: the same as Python's
//! `repr`, so `0.1` is 1/10 and the shell, which reads the printed decimal, agrees); the
//! common scale is the fewest decimals that make every value an integer. The values are kept
//! as `i128` here; [`fit`] takes them to the engines' `i64` range or says which value does not
//! fit.

use numpy::{PyArrayDyn, PyArrayMethods, PyUntypedArrayMethods};
use pyo3::prelude::*;
use pyo3::types::PyList;

use gridmatch::graph::weighted::MAX_WEIGHT;

use crate::convert::{Result, value};

/// Values as integers times `10**-decimals` (`decimals` is `None` for integers taken as they
/// are).
#[derive(Debug)]
pub struct Exact {
    /// The values, scaled.
    pub values: Vec<i128>,
    /// The common scale.
    pub decimals: Option<u32>,
    /// The shape of the input (for messages: `[i][j]`).
    pub shape: Vec<usize>,
    /// For floats: each value's shortest decimal `(m, e)`, the value `m·10**e` (empty for
    /// integers), which the proven-gap path rounds from.
    pub parts: Vec<(i128, i32)>,
}

/// `[i]` or `[i][j]`: where the flat position `flat` of an array of `shape` is.
pub fn index(shape: &[usize], mut flat: usize) -> String {
    let mut parts = vec![0usize; shape.len()];
    for (p, &d) in parts.iter_mut().zip(shape).rev() {
        if d > 0 {
            *p = flat % d;
            flat /= d;
        }
    }
    parts.iter().map(|p| format!("[{p}]")).collect()
}

/// The digits and power of ten of a finite float's shortest round-trip decimal as ryu writes
/// it (`"1.25"`, `"1e-7"`, `"-3.0"`, `"1.5e300"`): `(m, e)` with value `m·10**e`, `m` without
/// trailing zeros (0 for zero).
fn parts(text: &str) -> (i128, i32) {
    let (num, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (neg, num) = match num.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, num),
    };
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
    // At most 17 significant digits (ryu's shortest), but a float such as 1e22 may be
    // written in full: digits beyond u64 go to the exponent (they are zeros).
    let mut m: u64 = 0;
    let mut e = exp - frac.len() as i32;
    for b in int.bytes().chain(frac.bytes()) {
        match m.checked_mul(10) {
            Some(x) => m = x + u64::from(b - b'0'),
            None => e += 1,
        }
    }
    if m == 0 {
        return (0, 0);
    }
    while m.is_multiple_of(10) {
        m /= 10;
        e += 1;
    }
    let m = i128::from(m);
    (if neg { -m } else { m }, e)
}

/// `10**p` for `p <= 38` (the powers `i128` holds), else `None`.
fn pow10(p: i64) -> Option<i128> {
    const POWERS: [i128; 39] = {
        let mut t = [1i128; 39];
        let mut i = 1;
        while i < 39 {
            t[i] = t[i - 1] * 10;
            i += 1;
        }
        t
    };
    usize::try_from(p).ok().and_then(|p| POWERS.get(p).copied())
}

/// Shortest decimals (as [`parts`]) to one common scale: the values and the decimals, or the
/// flat position of the first value that does not fit `i128` at that scale.
fn common(parts: &[(i128, i32)]) -> std::result::Result<(Vec<i128>, u32), (usize, u32)> {
    let decimals = parts
        .iter()
        .filter(|p| p.0 != 0)
        .map(|&(_, e)| (-i64::from(e)).max(0))
        .max()
        .unwrap_or(0) as u32;
    let mut out = Vec::with_capacity(parts.len());
    for (i, &(m, e)) in parts.iter().enumerate() {
        let p = i64::from(e) + i64::from(decimals);
        let v = pow10(p).and_then(|t| m.checked_mul(t));
        match v {
            Some(v) => out.push(v),
            None if m == 0 => out.push(0),
            None => return Err((i, decimals)),
        }
    }
    Ok((out, decimals))
}

/// The values of `obj` (see the module docs) as integers: a `float64`/`float32` array at the
/// scale of its shortest decimals, an `int64` array or a list of Python integers as they are
/// (scaled by the package by `decimals`). NaN and infinities are refused (the package drops
/// or refuses them first, as each function defines).
pub fn extract(obj: &Bound<'_, PyAny>, decimals: Option<u32>, what: &str) -> PyResult<Exact> {
    if let Ok(a) = obj.cast::<PyArrayDyn<f64>>() {
        let shape = a.shape().to_vec();
        let ro = a.readonly();
        let view = ro.as_array();
        // A contiguous array as a slice (iterating a dynamic-dimension view is slow).
        let values: Vec<f64> = match ro.as_slice() {
            Ok(s) => s.to_vec(),
            Err(_) => view.iter().copied().collect(),
        };
        check_finite(&values, &shape, what)?;
        let texts: Vec<(i128, i32)> = values
            .iter()
            .map(|&x| parts(ryu::Buffer::new().format_finite(x)))
            .collect();
        return scaled(&texts, &values, shape, what);
    }
    if let Ok(a) = obj.cast::<PyArrayDyn<f32>>() {
        let shape = a.shape().to_vec();
        let ro = a.readonly();
        let view = ro.as_array();
        let values: Vec<f64> = view.iter().map(|&x| f64::from(x)).collect();
        // f32's own shortest decimal (np.float32(0.1) is 0.1).
        let texts: Vec<(i128, i32)> = view
            .iter()
            .map(|&x| parts(ryu::Buffer::new().format_finite(x)))
            .collect();
        check_finite(&values, &shape, what)?;
        return scaled(&texts, &values, shape, what);
    }
    if let Ok(a) = obj.cast::<PyArrayDyn<i64>>() {
        let shape = a.shape().to_vec();
        let ro = a.readonly();
        let values = match ro.as_slice() {
            Ok(s) => s.iter().map(|&x| i128::from(x)).collect(),
            Err(_) => ro.as_array().iter().map(|&x| i128::from(x)).collect(),
        };
        return Ok(Exact {
            values,
            decimals,
            shape,
            parts: Vec::new(),
        });
    }
    if let Ok(list) = obj.cast::<PyList>() {
        let mut values = Vec::with_capacity(list.len());
        for (i, x) in list.iter().enumerate() {
            values.push(x.extract::<i128>().map_err(|_| {
                value(format!(
                    "{what}[{i}]: found {}, beyond ±2**127 once scaled",
                    x.repr().map(|r| r.to_string()).unwrap_or_default()
                ))
            })?);
        }
        return Ok(Exact {
            values,
            decimals,
            shape: vec![list.len()],
            parts: Vec::new(),
        });
    }
    Err(value(format!(
        "{what}: expected a float64, float32 or int64 array"
    ))
    .into())
}

fn check_finite(values: &[f64], shape: &[usize], what: &str) -> PyResult<()> {
    if let Some(i) = values.iter().position(|x| !x.is_finite()) {
        return Err(value(format!(
            "{what}{}: found {}, expected a finite number",
            index(shape, i),
            values[i]
        ))
        .into());
    }
    Ok(())
}

fn scaled(
    texts: &[(i128, i32)],
    _values: &[f64],
    shape: Vec<usize>,
    _what: &str,
) -> PyResult<Exact> {
    // Beyond i128 at the common scale: no exact integers, but the proven-gap path rounds
    // from the parts (`values` then empty, `decimals` None).
    let (values, decimals) = match common(texts) {
        Ok((values, decimals)) => (values, Some(decimals)),
        Err(_) => (Vec::new(), None),
    };
    Ok(Exact {
        values,
        decimals,
        shape,
        parts: texts.to_vec(),
    })
}

/// `m·10**(e + k)` rounded to the nearest integer (halves away from zero); `None` beyond
/// `i128`.
fn rounded(m: i128, e: i32, k: i32) -> Option<i128> {
    let p = i64::from(e) + i64::from(k);
    if p >= 0 {
        return pow10(p)?.checked_mul(m);
    }
    // |m| < 10**18: in u64 (i128 division is slow), and 0 once 10**q > 2·|m|.
    let a = u64::try_from(m.unsigned_abs()).ok()?;
    let r = match u32::try_from(-p).ok().and_then(|q| 10u64.checked_pow(q)) {
        Some(d) => (a + d / 2) / d,
        None => 0,
    };
    let r = i128::from(r);
    Some(if m < 0 { -r } else { r })
}

/// The values on the finest grid `10**-k` (`k` may be negative) on which every value, rounded
/// to the nearest multiple, is at most `limit` in magnitude: `(rounded, k)`. Each rounded
/// value is within half a grid step of the value.
pub fn grid(parts: &[(i128, i32)], limit: i128) -> (Vec<i128>, i32) {
    // Every value is below 10**top (top: digits of m plus e); at k = 17 − top every rounded
    // value is at most 10**17 < limit (2**59 ≈ 5.8·10**17), at k + 2 the largest is at
    // least 10**18: the finest grid is k or k + 1.
    let digits = |m: i128| {
        m.unsigned_abs()
            .checked_ilog10()
            .map_or(0, |d| d as i32 + 1)
    };
    let top = parts
        .iter()
        .filter(|p| p.0 != 0)
        .map(|&(m, e)| digits(m) + e)
        .max()
        .unwrap_or(0);
    let base = limit.checked_ilog10().unwrap_or(0) as i32 - top;
    let at = |k: i32| -> Option<Vec<i128>> {
        parts
            .iter()
            .map(|&(m, e)| rounded(m, e, k).filter(|v| v.abs() <= limit))
            .collect()
    };
    if let Some(v) = at(base + 1) {
        return (v, base + 1);
    }
    let v = at(base).expect("every value fits at the coarser grid");
    (v, base)
}

/// Whether `r` is `m·10**e` rounded to the grid `10**-k`: `|m·10**(e+k) − r| <= 1/2`,
/// exactly (`2·|m − r·10**q| <= 10**q` for `q = −(e + k) > 0`).
pub fn rounds_to(m: i128, e: i32, k: i32, r: i128) -> bool {
    let p = i64::from(e) + i64::from(k);
    if p >= 0 {
        return pow10(p).and_then(|t| t.checked_mul(m)) == Some(r);
    }
    let Some(d) = pow10(-p) else {
        return r == 0; // |m·10**(e+k)| < 10**18·10**-39 < 1/2
    };
    match r.checked_mul(d).and_then(|rd| m.checked_sub(rd)) {
        Some(diff) => diff.checked_mul(2).is_some_and(|twice| twice.abs() <= d),
        None => false,
    }
}

/// The values in the engines' `i64` range (at most ±2**59), or the error naming the first that
/// is not.
pub fn fit(exact: &Exact, what: &str) -> Result<Vec<i64>> {
    let limit = i128::from(MAX_WEIGHT);
    if exact.values.len() != exact.parts.len() && !exact.parts.is_empty() {
        return Err(value(format!(
            "{what}: the smallest and largest nonzero magnitudes are too far apart for exact \
             integers (beyond ±2**127 at one common scale)"
        )));
    }
    match exact.values.iter().position(|v| v.abs() > limit) {
        None => Ok(exact.values.iter().map(|&v| v as i64).collect()),
        Some(i) => {
            let v = exact.values[i];
            let at = index(&exact.shape, i);
            Err(value(match exact.decimals {
                Some(d) if d > 0 => format!(
                    "{what}{at}: scaled by the common 10**{d} it is {v}, beyond ±2**59 (the \
                     most the engines take exactly)\nhint: the smallest and largest nonzero \
                     magnitudes are too far apart for exact integers"
                ),
                _ => format!("{what}{at}: found {v}, beyond ±2**59 (the most the engines take)"),
            }))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(x: f64) -> (i128, i32) {
        let mut b = ryu::Buffer::new();
        parts(b.format_finite(x))
    }

    #[test]
    fn shortest_parts() {
        assert_eq!(p(0.1), (1, -1));
        assert_eq!(p(-2.5), (-25, -1));
        assert_eq!(p(3.0), (3, 0));
        assert_eq!(p(0.0), (0, 0));
        assert_eq!(p(-0.0), (0, 0));
        assert_eq!(p(1e-7), (1, -7));
        assert_eq!(p(1.5e300), (15, 299));
        assert_eq!(p(5e-324), (5, -324));
        assert_eq!(p(1e16), (1, 16));
        assert_eq!(p(123456.0), (123456, 0));
    }

    #[test]
    fn grids() {
        let (v, k) = grid(&[p(1e-300), p(1e300)], 1 << 59);
        assert_eq!((v, k), (vec![0, 100_000_000_000_000_000], -283));
        let (v, k) = grid(&[p(0.123_456_789_012_345_68), p(1e-20)], 1 << 59);
        assert_eq!(k, 18);
        assert_eq!(v[1], 0);
        assert_eq!(v[0], 123_456_789_012_345_680);
        assert!(rounds_to(12_345_678_901_234_568, -17, 18, v[0]));
        assert!(rounds_to(5, -1, 0, 1) && rounds_to(5, -1, 0, 0) && !rounds_to(6, -1, 0, 0));
        assert!(rounds_to(-15, -1, 0, -2) && !rounds_to(-15, -1, 0, -3));
        assert!(rounds_to(5, -324, 18, 0) && !rounds_to(5, -324, 18, 1));
        assert!(rounds_to(1, 300, -283, 100_000_000_000_000_000));
    }

    #[test]
    fn common_scale() {
        assert_eq!(
            common(&[p(0.1), p(2.0), p(0.25)]),
            Ok((vec![10, 200, 25], 2))
        );
        assert_eq!(common(&[p(1e3), p(0.0)]), Ok((vec![1000, 0], 0)));
        assert_eq!(common(&[p(1e-300), p(1e300)]), Err((1, 300)));
        assert_eq!(index(&[3, 4], 6), "[1][2]");
    }
}
