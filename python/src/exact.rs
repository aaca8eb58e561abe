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

use gridmatch::decimal::scale::{common, parts};
pub use gridmatch::decimal::scale::{grid, rounds_to};
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
    fn ryu_parts() {
        // ryu writes what the library's parser takes (the scaling's own tests are in
        // gridmatch::decimal::scale).
        assert_eq!(p(0.1), (1, -1));
        assert_eq!(p(-0.0), (0, 0));
        assert_eq!(p(1.5e300), (15, 299));
        assert_eq!(p(5e-324), (5, -324));
        assert_eq!(p(1e22), (1, 22));
        assert_eq!(index(&[3, 4], 6), "[1][2]");
    }
}
