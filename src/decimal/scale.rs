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
//! multiplication; [`exact_sum`] adds in decimal digits; no floating point. Status: exact for
//! every `(m, e)` with `|m| < 10^38`
//! (the rounding check) or any `m` (the rest).

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
/// `i128`.
pub fn rounded(m: i128, e: i32, k: i32) -> Option<i128> {
    let p = i64::from(e) + i64::from(k);
    if p >= 0 {
        return pow10(p)?.checked_mul(m);
    }
    let q = u32::try_from(-p).ok();
    let r = match u64::try_from(m.unsigned_abs()) {
        // |m| < 2^64: in u64 (i128 division is slow), and 0 once 10^q > 2·|m|.
        Ok(a) => u128::from(match q.and_then(|q| 10u64.checked_pow(q)) {
            Some(d) => (a / d) + u64::from(a % d >= d - d / 2),
            None => 0,
        }),
        Err(_) => {
            let a = m.unsigned_abs();
            match q.and_then(|q| 10u128.checked_pow(q)) {
                Some(d) => (a / d) + u128::from(a % d >= d - d / 2),
                None => 0,
            }
        }
    };
    // r <= |m| <= 2^127.
    let r = i128::try_from(r).ok()?;
    Some(if m < 0 { -r } else { r })
}

/// `Σ m·10^e` over `terms`, exactly, written as [`decimal`](super::decimal) writes it
/// (`-0.25`, `1000`, `0`): for sums whose terms have no common scale within `i128`
/// (`1e300 + 5e-324`).
///
/// # Complexity
/// O(terms · 39 + span) time and memory, the span the number of decimal places from the
/// smallest exponent to the largest term's top digit.
pub fn exact_sum(terms: &[(i128, i32)]) -> String {
    let Some(lo) = terms.iter().filter(|t| t.0 != 0).map(|t| t.1).min() else {
        return "0".into();
    };
    let mut digits: Vec<i64> = Vec::new();
    for &(m, e) in terms.iter().filter(|t| t.0 != 0) {
        let at = (i64::from(e) - i64::from(lo)) as usize;
        let (sign, mut a) = (if m < 0 { -1 } else { 1 }, m.unsigned_abs());
        let mut i = at;
        while a > 0 {
            if digits.len() <= i {
                digits.resize(i + 1, 0);
            }
            digits[i] += sign * (a % 10) as i64;
            a /= 10;
            i += 1;
        }
    }
    // Carries from the lowest place; a negative sum leaves a negative carry at the top: then
    // the negated sum is normalised instead.
    let normalise = |d: &[i64]| -> (Vec<u8>, i64) {
        let mut carry = 0i64;
        let mut out = Vec::with_capacity(d.len());
        for &x in d {
            let v = x + carry;
            out.push(v.rem_euclid(10) as u8);
            carry = v.div_euclid(10);
        }
        (out, carry)
    };
    let (mut out, mut carry) = normalise(&digits);
    let negative = carry < 0;
    if negative {
        let negated: Vec<i64> = digits.iter().map(|x| -x).collect();
        (out, carry) = normalise(&negated);
    }
    // A positive carry: its digits on top.
    while carry > 0 {
        out.push((carry % 10) as u8);
        carry /= 10;
    }
    let mut text: String = out.iter().rev().map(|&d| char::from(b'0' + d)).collect();
    if lo > 0 {
        text.extend(std::iter::repeat_n('0', lo as usize));
    }
    super::written(negative, &text, lo.min(0).unsigned_abs())
}

/// The values on the finest grid `10^-k` (`k` may be negative) on which every value, rounded
/// to the nearest multiple ([`rounded`]), is at most `limit` in magnitude: `(rounded, k)`.
/// Each rounded value is within half a grid step of the value. `limit` is at least 10.
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
    fn wide_mantissas_round() {
        let big = 10i128.pow(37) + 5; // 1000…005
        assert_eq!(rounded(big, 0, -1), Some(10i128.pow(36) + 1));
        assert_eq!(rounded(-big, 0, -1), Some(-(10i128.pow(36) + 1)));
        assert_eq!(rounded(big - 1, 0, -1), Some(10i128.pow(36)));
        assert_eq!(rounded(big, 0, -40), Some(0));
        assert!(rounds_to(big, 0, -1, 10i128.pow(36) + 1));
        assert!(rounds_to(big + 1, 0, -1, 10i128.pow(36) + 1));
        assert!(!rounds_to(big + 1, 0, -1, 10i128.pow(36)));
    }

    /// `Σ m·10^e` at the common scale in `i128`, written by `decimal`: the reference for
    /// terms near one another.
    fn reference(terms: &[(i128, i32)]) -> String {
        let lo = terms.iter().map(|t| t.1).min().unwrap_or(0).min(0);
        let sum: i128 = terms
            .iter()
            .map(|&(m, e)| m * 10i128.pow((e - lo) as u32))
            .sum();
        super::super::decimal(sum, lo.unsigned_abs())
    }

    #[test]
    fn exact_sums() {
        assert_eq!(exact_sum(&[]), "0");
        assert_eq!(exact_sum(&[(1, 300), (5, -324)]).len(), 301 + 1 + 324);
        assert!(exact_sum(&[(1, 300), (5, -324)]).ends_with("0005"));
        assert_eq!(exact_sum(&[(1, 2), (-1, 2)]), "0");
        assert_eq!(exact_sum(&[(-1, -1), (-15, -2)]), "-0.25");
        assert_eq!(exact_sum(&[(3, 2)]), "300");
        assert_eq!(
            exact_sum(&[(i128::MIN, 0), (i128::MIN, 0)]),
            "-340282366920938463463374607431768211456" // -2^128
        );
        // Against the reference on seeded random terms (a linear congruential generator).
        let mut x: u64 = 0x9E37_79B9_7F4A_7C15;
        let mut next = |r: u64| {
            x = x
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            (x >> 33) % r
        };
        for _ in 0..5000 {
            let k = 1 + next(5) as usize;
            let terms: Vec<(i128, i32)> = (0..k)
                .map(|_| {
                    let m = next(2_000_001) as i128 - 1_000_000;
                    (m, next(13) as i32 - 6)
                })
                .collect();
            assert_eq!(exact_sum(&terms), reference(&terms), "{terms:?}");
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
