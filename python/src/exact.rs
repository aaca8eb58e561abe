//! Numbers in, as exact integers: the caller's weights or costs (NumPy `float64`, `float32` or
//! `int64` arrays, or Python integers already scaled by the package) as integers times one
//! common power of ten `10**-decimals`.
//!
//! A float is the shortest decimal that reads back as it (ryu's digits: the same as Python's
//! `repr`, so `0.1` is 1/10 and the shell, which reads the printed decimal, agrees); the
//! common scale is the fewest decimals that make every value an integer. The values are kept
//! as `i128` here; [`fit`] takes them to the engines' `i64` range or says which value does not
//! fit (the matching functions then solve the `i128` values on the library's wide path, and
//! round to a grid only beyond it).

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

/// A dense float array's values as their shortest decimals `digits[i]·10**exponents[i]`
/// (one pass, no text kept), with the common scale `10**-decimals` that makes every value an
/// integer and `top`, the least power of ten above every magnitude (`|value| < 10**top`).
pub struct Floats {
    /// Each value's shortest decimal digits, no trailing zeros (0 for zero).
    pub digits: Vec<i64>,
    /// Each value's power of ten.
    pub exponents: Vec<i32>,
    /// The fewest decimals that make every value an integer.
    pub decimals: u32,
    top: i32,
}

/// The values of [`Floats`] at their common scale, in the narrowest integer that holds them.
pub enum Scaled {
    /// Within ±2**59 (the engines' `i64` range).
    Narrow(Vec<i64>),
    /// Beyond it, within `i128`.
    Wide(Vec<i128>),
    /// Beyond `i128`: no exact integers (the proven-gap path rounds from the digits).
    Beyond,
}

/// The shortest decimal of a finite float as ryu writes it (`"0.125"`, `"1e-7"`,
/// `"-3.0"`, `"1.5e300"`): `(m, e)` with value `m·10**e`, `m` without trailing zeros (0 for
/// zero), as the library's [`parts`] reads it. ryu writes at most 17 significant digits, and
/// plain decimals only for magnitudes from 10**-5 to below 10**16 (so at most 22 digits,
/// leading zeros included, and `m < 10**17`); a longer text goes to [`parts`].
pub(crate) fn float_parts(text: &str) -> (i64, i32) {
    let b = text.as_bytes();
    let neg = b.first() == Some(&b'-');
    let body = &b[usize::from(neg)..];
    // An exponent is at most "e-324" / "e+308": its 'e' is among the last five bytes.
    let tail = body.len().saturating_sub(5);
    let (num, exp) = match body[tail..].iter().position(|&c| c == b'e') {
        Some(k) => (
            &body[..tail + k],
            text[usize::from(neg) + tail + k + 1..]
                .parse::<i32>()
                .unwrap_or(0),
        ),
        None => (body, 0),
    };
    if num.len() > 23 {
        let (m, e) = parts(text);
        return (m as i64, e);
    }
    let (int, frac) = match num.iter().position(|&c| c == b'.') {
        Some(k) => (&num[..k], &num[k + 1..]),
        None => (num, &num[num.len()..]),
    };
    let mut m = accumulate(accumulate(0, int), frac);
    if m == 0 {
        return (0, 0);
    }
    let mut e = exp - frac.len() as i32;
    while m.is_multiple_of(10) {
        m /= 10;
        e += 1;
    }
    let m = m as i64;
    (if neg { -m } else { m }, e)
}

/// `m` followed by the decimal digits `digits` (`m·10**len + value`, no overflow check: the
/// caller keeps it below 10**19), eight digits at a time (a SWAR step: the eight bytes as one
/// `u64`, pairs, then fours, then all eight combined by multiplications) and the rest as the
/// last eight (one by one when there are fewer than eight in all); a shorter chain of
/// dependent steps than one digit at a time, and no loop of varying length.
fn accumulate(mut m: u64, digits: &[u8]) -> u64 {
    let mut chunks = digits.chunks_exact(8);
    for c in &mut chunks {
        m = m * 100_000_000 + eight(u64::from_le_bytes(c.try_into().unwrap_or([b'0'; 8])));
    }
    let r = chunks.remainder().len();
    if r > 0 && digits.len() >= 8 {
        // The last eight bytes at once, those before the remainder made '0' (no loop).
        let last = &digits[digits.len() - 8..];
        let v = u64::from_le_bytes(last.try_into().unwrap_or([b'0'; 8]));
        let keep = u64::MAX << (8 * (8 - r));
        m = m * POW10_64[r] as u64 + eight((v & keep) | (0x3030_3030_3030_3030 & !keep));
    } else {
        for &c in chunks.remainder() {
            m = m * 10 + u64::from(c - b'0');
        }
    }
    m
}

/// The value of eight decimal digits (ASCII, the first in the lowest byte) in one `u64`.
fn eight(v: u64) -> u64 {
    let mut v = v - 0x3030_3030_3030_3030;
    // Pairs into 16-bit lanes, then fours, then all eight, by multiplications.
    v = (v * 10) + (v >> 8);
    (((v & 0x0000_00ff_0000_00ff).wrapping_mul(100 + (1_000_000 << 32)))
        + (((v >> 16) & 0x0000_00ff_0000_00ff).wrapping_mul(1 + (10_000 << 32))))
        >> 32
}

/// `10**p` for `0 <= p <= 18` as `i64` (the powers below 2**63).
const POW10_64: [i64; 19] = {
    let mut t = [1i64; 19];
    let mut i = 1;
    while i < 19 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// `10**p` for `0 <= p <= 38` as `i128`.
pub(crate) const POW10_128: [i128; 39] = {
    let mut t = [1i128; 39];
    let mut i = 1;
    while i < 39 {
        t[i] = t[i - 1] * 10;
        i += 1;
    }
    t
};

/// One run of floats as shortest decimals into `digits` and `exponents` (as long): the
/// fewest decimals that make them integers and the least power of ten above them (`(0,
/// i32::MIN)` for none or all zero), or the position of the first non-finite value. The
/// digits are zmij's (Schubfach: the shortest decimal that reads back as the float, the
/// nearest among equals, as Python's `repr` and ryu; checked against ryu in the tests).
fn decimals_of<T: zmij::Float + Copy + Into<f64>>(
    values: &[T],
    digits: &mut [i64],
    exponents: &mut [i32],
) -> std::result::Result<(i32, i32), usize> {
    /// Floats written before they are read back, each in a buffer of its own: reading a text
    /// at once after zmij's wide stores wrote it stalls on every load (store-to-load
    /// forwarding), which a batch avoids.
    const BATCH: usize = 128;
    let (mut decimals, mut top) = (0i32, i32::MIN);
    let mut buffers: Vec<zmij::Buffer> = (0..BATCH).map(|_| zmij::Buffer::new()).collect();
    for (k, ((v, d), e)) in values
        .chunks(BATCH)
        .zip(digits.chunks_mut(BATCH))
        .zip(exponents.chunks_mut(BATCH))
        .enumerate()
    {
        if let Some(i) = v.iter().position(|&x| !x.into().is_finite()) {
            return Err(k * BATCH + i);
        }
        let texts: Vec<&str> = buffers
            .iter_mut()
            .zip(v)
            .map(|(b, &x)| b.format_finite(x))
            .collect();
        for (text, (d, e)) in texts.into_iter().zip(d.iter_mut().zip(e)) {
            let (m, p) = float_parts(text);
            if m != 0 {
                decimals = decimals.max(-p);
                top = top.max(m.unsigned_abs().ilog10() as i32 + 1 + p);
            }
            *d = m;
            *e = p;
        }
    }
    Ok((decimals, top))
}

/// Values as [`Floats`] (each its shortest decimal in its own type: `np.float32(0.1)` is
/// 0.1), NaN and infinities refused; no Python object is touched (the GIL may be released).
/// From [`PARALLEL_MIN`] values on, in chunks on rayon's threads (the same result).
pub fn floats_of<T: zmij::Float + Copy + Into<f64> + Send + Sync>(
    values: &[T],
    shape: &[usize],
    what: &str,
) -> Result<Floats> {
    use rayon::prelude::*;
    /// Floats a chunk: enough to make a task worth its scheduling.
    const CHUNK: usize = 1 << 14;
    let n = values.len();
    let (mut digits, mut exponents) = (vec![0i64; n], vec![0i32; n]);
    let found = if n < PARALLEL_MIN {
        decimals_of(values, &mut digits, &mut exponents)
    } else {
        values
            .par_chunks(CHUNK)
            .zip(digits.par_chunks_mut(CHUNK))
            .zip(exponents.par_chunks_mut(CHUNK))
            .enumerate()
            .map(|(k, ((v, d), e))| decimals_of(v, d, e).map_err(|i| k * CHUNK + i))
            .reduce(
                || Ok((0, i32::MIN)),
                |a, b| match (a, b) {
                    (Ok(a), Ok(b)) => Ok((a.0.max(b.0), a.1.max(b.1))),
                    (Err(i), Err(j)) => Err(i.min(j)),
                    (Err(i), _) | (_, Err(i)) => Err(i),
                },
            )
    };
    match found {
        Ok((decimals, top)) => Ok(Floats {
            digits,
            exponents,
            decimals: decimals as u32,
            top,
        }),
        Err(i) => Err(value(format!(
            "{what}{}: found {}, expected a finite number",
            index(shape, i),
            values[i].into()
        ))),
    }
}

/// The least number of values [`floats_of`] converts in parallel.
const PARALLEL_MIN: usize = 1 << 16;

/// A `float64` or `float32` array's values as [`Floats`] ([`floats_of`]); `None` for any
/// other array.
pub fn floats(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Option<Floats>> {
    if let Ok(a) = obj.cast::<PyArrayDyn<f64>>() {
        let ro = a.readonly();
        let shape = ro.shape().to_vec();
        return Ok(Some(match ro.as_slice() {
            Ok(s) => floats_of(s, &shape, what)?,
            Err(_) => {
                let v: Vec<f64> = ro.as_array().iter().copied().collect();
                floats_of(&v, &shape, what)?
            }
        }));
    }
    if let Ok(a) = obj.cast::<PyArrayDyn<f32>>() {
        let ro = a.readonly();
        let shape = ro.shape().to_vec();
        let v: Vec<f32> = ro.as_array().iter().copied().collect();
        return Ok(Some(floats_of(&v, &shape, what)?));
    }
    Ok(None)
}

impl Floats {
    /// The least power of ten above every magnitude (`i32::MIN` for none), for the tests.
    #[cfg(test)]
    pub fn top_for_tests(&self) -> i32 {
        self.top
    }

    /// The values at the common scale `10**-decimals`, in one pass, as `i64` within ±2**59
    /// when they all fit, else as `i128` when they fit, else [`Scaled::Beyond`].
    pub fn scaled(&self) -> Scaled {
        let d = self.decimals as i32;
        // Every |value| < 10**(top + d): within 10**17 < 2**59 they all fit i64.
        let span = self.top.saturating_add(d);
        let pairs = self.digits.iter().zip(&self.exponents);
        if span <= 18 {
            let limit = MAX_WEIGHT;
            let v: Option<Vec<i64>> = pairs
                .map(|(&m, &e)| {
                    if m == 0 {
                        return Some(0);
                    }
                    // e + d >= 0 for every nonzero value.
                    let p = (e + d) as usize;
                    let x = m.checked_mul(*POW10_64.get(p)?)?;
                    (x.unsigned_abs() <= limit as u64).then_some(x)
                })
                .collect();
            if let Some(v) = v {
                return Scaled::Narrow(v);
            }
        }
        let v: Option<Vec<i128>> = self
            .digits
            .iter()
            .zip(&self.exponents)
            .map(|(&m, &e)| {
                let p = (e + d) as usize;
                match m {
                    0 => Some(0),
                    // |m| < 2**63 and 10**p < 2**63: the product fits, a plain multiply
                    // (a checked i128 one is a call).
                    _ if p < POW10_64.len() => Some(i128::from(m) * i128::from(POW10_64[p])),
                    _ => i128::from(m).checked_mul(*POW10_128.get(p)?),
                }
            })
            .collect();
        match v {
            Some(v) => Scaled::Wide(v),
            None => Scaled::Beyond,
        }
    }

    /// The values rounded to the finest grid `10**-k` on which every one fits ±2**59, and `k`
    /// (the proven-gap path; see the library's [`grid`]).
    pub fn grid(&self) -> (Vec<i64>, i32) {
        let parts: Vec<(i128, i32)> = self
            .digits
            .iter()
            .zip(&self.exponents)
            .map(|(&m, &e)| (i128::from(m), e))
            .collect();
        let (v, k) = grid(&parts, i128::from(MAX_WEIGHT));
        (v.into_iter().map(|x| x as i64).collect(), k)
    }
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

    /// zmij (which [`floats_of`] uses) writes the same shortest decimals as ryu (which writes
    /// what Python's `repr` writes): on zeros, extremes, powers of ten, random bit patterns
    /// (f64 and f32) and random values in [0, 1), both texts read to the same `(m, e)`; and
    /// [`floats_of`] in parallel gives what it gives in one run.
    #[test]
    fn zmij_writes_ryus_decimals() {
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut values = vec![0.0, -0.0, 5e-324, f64::MAX, f64::MIN_POSITIVE, 1e16, 1e-5];
        for k in -330..=310 {
            values.push(10f64.powi(k));
            values.push(-7.1 * 10f64.powi(k));
            values.push(f64::from_bits(10f64.powi(k).to_bits().max(1) - 1));
        }
        for _ in 0..1_000_000 {
            let x = f64::from_bits(next());
            if x.is_finite() {
                values.push(x);
            }
            values.push((next() >> 11) as f64 / (1u64 << 53) as f64);
        }
        values.retain(|x| x.is_finite());
        let (mut r, mut z) = (ryu::Buffer::new(), zmij::Buffer::new());
        for &x in &values {
            let (m, e) = parts(r.format_finite(x));
            let text = z.format_finite(x);
            assert_eq!(float_parts(text), (m as i64, e), "{x:e}: zmij {text}");
        }
        for _ in 0..1_000_000 {
            let x = f32::from_bits(next() as u32);
            if x.is_finite() {
                let (m, e) = parts(r.format_finite(x));
                let text = z.format_finite(x);
                assert_eq!(float_parts(text), (m as i64, e), "{x:e}: zmij {text}");
            }
        }
        let n = values.len().min(300_000);
        let one = {
            let (mut d, mut e) = (vec![0; n], vec![0; n]);
            let found = decimals_of(&values[..n], &mut d, &mut e);
            (d, e, found)
        };
        let par = match floats_of(&values[..n], &[n], "v") {
            Ok(par) => par,
            Err(crate::convert::Error::Value(m) | crate::convert::Error::Memory(m)) => {
                panic!("{m}")
            }
        };
        let (decimals, top) = one.2.expect("finite");
        for (i, &x) in values[..n].iter().enumerate() {
            let (m, e) = parts(r.format_finite(x));
            assert_eq!((par.digits[i], par.exponents[i]), (m as i64, e), "{x:e}");
        }
        assert_eq!((par.digits, par.exponents), (one.0, one.1));
        assert_eq!((par.decimals, par.top), (decimals as u32, top));
        let mut bad = values[..n].to_vec();
        bad[200_000] = f64::NAN;
        bad[250_000] = f64::INFINITY;
        let Err(crate::convert::Error::Value(e)) = floats_of(&bad, &[n], "v") else {
            panic!("NaN taken")
        };
        assert_eq!(e, "v[200000]: found NaN, expected a finite number");
    }

    /// The fast reader of ryu's text agrees with the library's [`parts`] on every kind of
    /// float: zeros, extremes, powers of ten, short decimals, random bit patterns (f64 and
    /// f32) and random values in [0, 1).
    #[test]
    fn float_parts_agree_with_the_library() {
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut values = vec![
            0.0,
            -0.0,
            0.1,
            -2.5,
            3.0,
            1e-5,
            1e-4,
            9.999e-5,
            1e15,
            1e16,
            1e17,
            1e22,
            1.5e300,
            5e-324,
            f64::MAX,
            f64::MIN_POSITIVE,
            123_456.0,
            0.000_123_456_789_012_345_67,
            9_007_199_254_740_993.0,
            1234567890123456.7,
        ];
        for k in -330..=310 {
            values.push(10f64.powi(k));
            values.push(-3.7 * 10f64.powi(k));
        }
        for _ in 0..200_000 {
            let x = f64::from_bits(next());
            if x.is_finite() {
                values.push(x);
            }
            values.push((next() >> 11) as f64 / (1u64 << 53) as f64);
        }
        let mut b = ryu::Buffer::new();
        for &x in &values {
            let text = b.format_finite(x).to_string();
            let (m, e) = parts(&text);
            assert_eq!(float_parts(&text), (m as i64, e), "{x:e} written {text}");
        }
        for _ in 0..100_000 {
            let x = f32::from_bits(next() as u32);
            if x.is_finite() {
                let text = b.format_finite(x).to_string();
                let (m, e) = parts(&text);
                assert_eq!(float_parts(&text), (m as i64, e), "{x:e} written {text}");
            }
        }
    }
}
