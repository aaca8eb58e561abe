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
    let mut m: i128 = 0;
    for b in int.bytes().chain(frac.bytes()) {
        m = m * 10 + i128::from(b - b'0');
    }
    let mut e = exp - frac.len() as i32;
    if m == 0 {
        return (0, 0);
    }
    while m % 10 == 0 {
        m /= 10;
        e += 1;
    }
    (if neg { -m } else { m }, e)
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
        let v = u32::try_from(p)
            .ok()
            .and_then(|p| 10i128.checked_pow(p))
            .and_then(|t| m.checked_mul(t));
        match v {
            Some(v) => out.push(v),
            None if m == 0 => out.push(0),
            None => return Err((i, decimals)),
        }
    }
    Ok((out, decimals))
}

/// A float value's text for messages (Python's `repr` digits).
fn float_text(x: f64) -> String {
    let mut b = ryu::Buffer::new();
    b.format(x).to_string()
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
        let values: Vec<f64> = view.iter().copied().collect();
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
        let values = ro.as_array().iter().map(|&x| i128::from(x)).collect();
        return Ok(Exact {
            values,
            decimals,
            shape,
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

fn scaled(texts: &[(i128, i32)], values: &[f64], shape: Vec<usize>, what: &str) -> PyResult<Exact> {
    match common(texts) {
        Ok((values, decimals)) => Ok(Exact {
            values,
            decimals: Some(decimals),
            shape,
        }),
        Err((i, decimals)) => Err(value(format!(
            "{what}{}: found {}, which at the common scale 10**-{decimals} (the finest value \
             needs it) is beyond the exact span\nhint: the smallest and largest nonzero \
             magnitudes are too far apart for exact integers",
            index(&shape, i),
            float_text(values[i])
        ))
        .into()),
    }
}

/// The values in the engines' `i64` range (at most ±2**59), or the error naming the first that
/// is not.
pub fn fit(exact: &Exact, what: &str) -> Result<Vec<i64>> {
    let limit = i128::from(MAX_WEIGHT);
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
