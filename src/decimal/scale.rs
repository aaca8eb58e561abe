//! Decimals to integers at one common power of ten, and the finest grid that fits a limit.
//!
//! A value is a pair `(m, e)`, the number `m·10^e` (`m` without trailing zeros, 0 for zero).
//! [`common`] puts a list of them on one scale `10^-decimals`, the fewest decimals that make
//! every value an integer (exact, or the first value that does not fit `i128`); where no exact
//! scale fits, [`grid`] rounds every value to the finest grid `10^-k` on which each rounded
//! value fits a limit, and [`rounds_to`] checks, exactly, that an integer is such a rounding.
//! The Python binding (floats by their shortest decimal) and the readers share these.
//!
//! Complexity: linear in the number of values. Algorithm: powers of ten from a table, checked
//! multiplication; no floating point. Status: exact for every `(m, e)` with `|m| < 10^18`
//! (the rounding functions) or any `m` (the common scale).

/// The digits and power of ten of a finite float's shortest round-trip decimal as ryu or
/// Python's `repr` writes it (`"1.25"`, `"1e-7"`, `"-3.0"`, `"1.5e300"`, `"1e+22"`): `(m, e)`
/// with value `m·10^e`, `m` without trailing zeros (`(0, 0)` for zero).
///
/// The text must be such a float's: at most 17 significant digits (digits beyond `u64` are
/// taken as zeros, which they are in a shortest decimal such as `10000000000000000000000.0`);
/// an exponent that does not parse counts as 0.
pub fn parts(text: &str) -> (i128, i32) {
    let (num, exp) = match text.find(['e', 'E']) {
        Some(i) => (&text[..i], text[i + 1..].parse::<i32>().unwrap_or(0)),
        None => (text, 0),
    };
    let (neg, num) = match num.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, num),
    };
    let (int, frac) = num.split_once('.').unwrap_or((num, ""));
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

/// `10^p` for `0 <= p <= 38` (the powers `i128` holds), else `None`.
pub fn pow10(p: i64) -> Option<i128> {
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

/// Values `(m, e)` (as [`parts`]) to one common scale: the integers `m·10^(e + decimals)` and
/// `decimals`, the fewest that make every value an integer; or the position of the first value
/// that does not fit `i128` at that scale, and the scale.
pub fn common(parts: &[(i128, i32)]) -> Result<(Vec<i128>, u32), (usize, u32)> {
    let decimals = parts
        .iter()
        .filter(|p| p.0 != 0)
        .map(|&(_, e)| (-i64::from(e)).max(0))
        .max()
        .unwrap_or(0) as u32; // at most 2^31: -e for an i32 e
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

/// `m·10^(e + k)` rounded to the nearest integer (halves away from zero); `None` beyond
/// `i128` or for `|m| >= 2^64` when a division is needed.
pub fn rounded(m: i128, e: i32, k: i32) -> Option<i128> {
    let p = i64::from(e) + i64::from(k);
    if p >= 0 {
        return pow10(p)?.checked_mul(m);
    }
    // |m| < 2^64: in u64 (i128 division is slow), and 0 once 10^q > 2·|m|.
    let a = u64::try_from(m.unsigned_abs()).ok()?;
    let r = match u32::try_from(-p).ok().and_then(|q| 10u64.checked_pow(q)) {
        Some(d) => (a / d) + u64::from(a % d >= d - d / 2),
        None => 0,
    };
    let r = i128::from(r);
    Some(if m < 0 { -r } else { r })
}

/// The values on the finest grid `10^-k` (`k` may be negative) on which every value, rounded
/// to the nearest multiple ([`rounded`]), is at most `limit` in magnitude: `(rounded, k)`.
/// Each rounded value is within half a grid step of the value. `limit` is at least 10 and
/// every `|m|` below `10^18`.
pub fn grid(parts: &[(i128, i32)], limit: i128) -> (Vec<i128>, i32) {
    // Every value is below 10^top (top: digits of m plus e); at k = log10(limit) − top every
    // rounded value is at most 10^log10(limit) <= limit, at k + 2 the largest is at least
    // 10^(log10(limit) + 1) > limit: the finest grid is k or k + 1.
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

/// Whether `r` is `m·10^e` rounded to the grid `10^-k`: `|m·10^(e+k) − r| <= 1/2`, exactly
/// (`2·|m − r·10^q| <= 10^q` for `q = −(e + k) > 0`), for `|m| < 10^38`.
pub fn rounds_to(m: i128, e: i32, k: i32, r: i128) -> bool {
    let p = i64::from(e) + i64::from(k);
    if p >= 0 {
        return pow10(p).and_then(|t| t.checked_mul(m)) == Some(r);
    }
    let Some(d) = pow10(-p) else {
        // 10^q > 10^38 > 2·|m|: the value is below 1/2 in magnitude.
        return r == 0;
    };
    match r.checked_mul(d).and_then(|rd| m.checked_sub(rd)) {
        Some(diff) => diff.checked_mul(2).is_some_and(|twice| twice.abs() <= d),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shortest_parts() {
        // Python's repr of 0.1, -2.5, 3.0, 0.0, -0.0, 1e-07, 1.5e+300, 5e-324, 1e+16, 123456.0.
        assert_eq!(parts("0.1"), (1, -1));
        assert_eq!(parts("-2.5"), (-25, -1));
        assert_eq!(parts("3.0"), (3, 0));
        assert_eq!(parts("0.0"), (0, 0));
        assert_eq!(parts("-0.0"), (0, 0));
        assert_eq!(parts("1e-07"), (1, -7));
        assert_eq!(parts("1e-7"), (1, -7));
        assert_eq!(parts("1.5e+300"), (15, 299));
        assert_eq!(parts("1.5e300"), (15, 299));
        assert_eq!(parts("5e-324"), (5, -324));
        assert_eq!(parts("1e16"), (1, 16));
        assert_eq!(parts("123456.0"), (123456, 0));
        assert_eq!(parts("10000000000000000000000.0"), (1, 22));
        assert_eq!(parts("2.5E3"), (25, 2));
    }

    #[test]
    fn powers() {
        assert_eq!(pow10(0), Some(1));
        assert_eq!(pow10(38), Some(10i128.pow(38)));
        assert_eq!(pow10(39), None);
        assert_eq!(pow10(-1), None);
    }

    #[test]
    fn rounding_halves_away_from_zero() {
        assert_eq!(rounded(15, -1, 0), Some(2));
        assert_eq!(rounded(-15, -1, 0), Some(-2));
        assert_eq!(rounded(14, -1, 0), Some(1));
        assert_eq!(rounded(5, -324, 18), Some(0));
        assert_eq!(rounded(3, 2, 1), Some(3000));
        assert_eq!(rounded(1, 39, 0), None);
        assert_eq!(
            rounded(u64::MAX.into(), -1, 0),
            Some(1_844_674_407_370_955_162)
        );
        // Every rounding is one `rounds_to` accepts, and its neighbours are not (but at halves).
        for m in -300i128..=300 {
            for e in -4..=1 {
                for k in -2..=2 {
                    let r = rounded(m, e, k).unwrap();
                    assert!(rounds_to(m, e, k, r), "{m}e{e} at {k}: {r}");
                    assert!(!rounds_to(m, e, k, r + 2) && !rounds_to(m, e, k, r - 2));
                }
            }
        }
    }

    #[test]
    fn grids() {
        let (v, k) = grid(&[(1, -300), (1, 300)], 1 << 59);
        assert_eq!((v, k), (vec![0, 100_000_000_000_000_000], -283));
        let (v, k) = grid(&[(12_345_678_901_234_568, -17), (1, -20)], 1 << 59);
        assert_eq!(k, 18);
        assert_eq!(v[1], 0);
        assert_eq!(v[0], 123_456_789_012_345_680);
        assert!(rounds_to(12_345_678_901_234_568, -17, 18, v[0]));
        assert!(rounds_to(5, -1, 0, 1) && rounds_to(5, -1, 0, 0) && !rounds_to(6, -1, 0, 0));
        assert!(rounds_to(-15, -1, 0, -2) && !rounds_to(-15, -1, 0, -3));
        assert!(rounds_to(5, -324, 18, 0) && !rounds_to(5, -324, 18, 1));
        assert!(rounds_to(1, 300, -283, 100_000_000_000_000_000));
        // The finest: one step finer and some value exceeds the limit.
        let p = [(7, 0), (-999, -2), (123_456, 3)];
        let (v, k) = grid(&p, 1000);
        assert!(v.iter().all(|x| x.abs() <= 1000));
        assert!(
            p.iter()
                .any(|&(m, e)| rounded(m, e, k + 1).is_none_or(|x| x.abs() > 1000))
        );
    }

    #[test]
    fn common_scale() {
        assert_eq!(
            common(&[(1, -1), (2, 0), (25, -2)]),
            Ok((vec![10, 200, 25], 2))
        );
        assert_eq!(common(&[(1, 3), (0, 0)]), Ok((vec![1000, 0], 0)));
        assert_eq!(common(&[(1, -300), (1, 300)]), Err((1, 300)));
        assert_eq!(common(&[]), Ok((vec![], 0)));
    }
}
