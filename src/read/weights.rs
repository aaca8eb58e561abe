//! Edge weights read exactly: each weight is a decimal number, read as an integer mantissa
//! times a power of ten, and all weights of a file are scaled to one common number of
//! decimals as `i64` while they fit the narrow range, else kept as `(m, e)` pairs for the
//! wide ones (see [`super::read_weighted_graph`]). No floating point.

use std::io::BufRead;

use super::Tokens;
use crate::InputError;
use crate::graph::weighted::MAX_WEIGHT;

/// The most decimals a weight may have: values are whole multiples of 10^-18 at the finest.
pub const MAX_DECIMALS: u32 = 18;

/// What a weight should be, in messages.
pub(super) const WEIGHT: &str = "a weight (a decimal number such as 3, -2.5 or 1e6)";

/// 10^k for k ≤ 38.
fn pow10(k: u32) -> i128 {
    10i128.pow(k)
}

/// A weight as read: `mantissa / 10^decimals`, with `decimals` the fewest that write it (no
/// trailing zeros in the mantissa when `decimals > 0`), `|mantissa| ≤ MAX_WEIGHT`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Decimal {
    pub mantissa: i64,
    pub decimals: u32,
}

/// Why a token is not a weight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bad {
    /// Not of the form `[+-]digits[.digits][e[+-]digits]`.
    NotANumber,
    /// `nan`, `inf`, `infinity` in any case, with or without a sign.
    NotFinite,
    /// Exact only with more than [`MAX_DECIMALS`] decimals.
    TooManyDecimals,
    /// Beyond [`MAX_WEIGHT`] in absolute value.
    TooLarge,
    /// More than [`MAX_DIGITS`] significant digits.
    TooManyDigits,
    /// Beyond the span of [`MAX_EXPONENT`].
    OutOfSpan,
}

/// A number token's pieces: the sign, the digits before and after the point, and the exponent
/// (saturated far beyond any weight that can be read).
struct Scanned<'a> {
    negative: bool,
    int: &'a [u8],
    frac: &'a [u8],
    exp: i64,
}

/// Splits `tok`, `[+-]? digits [. digits]? ([eE] [+-]? digits)?` (at least one mantissa
/// digit; with `fortran`, `d` and `D` also start the exponent).
#[inline]
fn scan(tok: &[u8], fortran: bool) -> Result<Scanned<'_>, Bad> {
    let (negative, body) = match tok.first() {
        Some(b'-') => (true, &tok[1..]),
        Some(b'+') => (false, &tok[1..]),
        _ => (false, tok),
    };
    let int_len = body.iter().take_while(|c| c.is_ascii_digit()).count();
    let (int, rest) = body.split_at(int_len);
    let (frac, rest) = match rest.split_first() {
        Some((b'.', r)) => {
            let n = r.iter().take_while(|c| c.is_ascii_digit()).count();
            r.split_at(n)
        }
        _ => (&[][..], rest),
    };
    if int.is_empty() && frac.is_empty() {
        let word = body.to_ascii_lowercase();
        return Err(
            if [&b"nan"[..], b"inf", b"infinity"].contains(&word.as_slice()) {
                Bad::NotFinite
            } else {
                Bad::NotANumber
            },
        );
    }
    const SATURATE: i64 = 1 << 40;
    let exp = match rest.split_first() {
        None => 0,
        Some((&e, r)) if e == b'e' || e == b'E' || (fortran && (e == b'd' || e == b'D')) => {
            let (neg, digits) = match r.first() {
                Some(b'-') => (true, &r[1..]),
                Some(b'+') => (false, &r[1..]),
                _ => (false, r),
            };
            if digits.is_empty() || !digits.iter().all(u8::is_ascii_digit) {
                return Err(Bad::NotANumber);
            }
            let v = digits.iter().fold(0i64, |acc, &d| {
                (acc * 10 + i64::from(d - b'0')).min(SATURATE)
            });
            if neg { -v } else { v }
        }
        Some(_) => return Err(Bad::NotANumber),
    };
    Ok(Scanned {
        negative,
        int,
        frac,
        exp,
    })
}

impl Scanned<'_> {
    #[inline]
    fn digit(&self, k: usize) -> u8 {
        if k < self.int.len() {
            self.int[k]
        } else {
            self.frac[k - self.int.len()]
        }
    }

    /// The significant digits' range `first..=last` and the power of ten of the last (`None`
    /// for zero): the value is `±digits[first..=last] · 10^exp10`.
    #[inline]
    fn significant(&self) -> Option<(usize, usize, i64)> {
        let len = self.int.len() + self.frac.len();
        let first = (0..len).find(|&k| self.digit(k) != b'0')?;
        let last = (0..len)
            .rev()
            .find(|&k| self.digit(k) != b'0')
            .unwrap_or(first);
        // Tokens are at most MAX_TOKEN bytes: these fit in i64.
        let trailing = (len - 1 - last) as i64;
        Some((first, last, self.exp - self.frac.len() as i64 + trailing))
    }
}

/// Parses `tok` as `[+-]? digits [. digits]? ([eE] [+-]? digits)?` (at least one mantissa
/// digit; with `fortran`, `d` and `D` also start the exponent), exactly, within the narrow
/// range (at most [`MAX_DECIMALS`] decimals, at most [`MAX_WEIGHT`]); beyond it
/// [`Bad::TooManyDecimals`] or [`Bad::TooLarge`], which [`parse_wide`] reads.
#[inline]
pub(super) fn parse(tok: &[u8], fortran: bool) -> Result<Decimal, Bad> {
    let s = scan(tok, fortran)?;
    let Some((first, last, exp10)) = s.significant() else {
        return Ok(Decimal {
            mantissa: 0,
            decimals: 0,
        });
    };
    let significant = last - first + 1;
    let decimals = if exp10 < 0 { -exp10 } else { 0 };
    if decimals > i64::from(MAX_DECIMALS) {
        return Err(Bad::TooManyDecimals);
    }
    // 19 significant digits make at least 10^18 > MAX_WEIGHT.
    if significant > 18 || exp10 > 18 {
        return Err(Bad::TooLarge);
    }
    let m = (first..=last).fold(0i128, |acc, k| acc * 10 + i128::from(s.digit(k) - b'0'));
    let m = if exp10 > 0 {
        m * pow10(exp10 as u32)
    } else {
        m
    };
    if m > i128::from(MAX_WEIGHT) {
        return Err(Bad::TooLarge);
    }
    // |m| ≤ MAX_WEIGHT < 2^63.
    let mantissa = if s.negative { -(m as i64) } else { m as i64 };
    Ok(Decimal {
        mantissa,
        decimals: decimals as u32,
    })
}

/// The most significant digits a weight may have: its digits are an `i128` (every Python
/// float has at most 17).
pub const MAX_DIGITS: usize = 38;

/// The span of a weight: below 10^MAX_EXPONENT in magnitude, with at most MAX_EXPONENT
/// decimals (every `f64` is within 10^±324).
pub const MAX_EXPONENT: i32 = 1000;

/// Parses `tok` as [`parse`] does, of any size: `(m, e)`, the value `m·10^e`, `m` without
/// trailing zeros (`(0, 0)` for zero); at most [`MAX_DIGITS`] significant digits, within the
/// span of [`MAX_EXPONENT`].
pub(super) fn parse_wide(tok: &[u8], fortran: bool) -> Result<(i128, i32), Bad> {
    let s = scan(tok, fortran)?;
    let Some((first, last, exp10)) = s.significant() else {
        return Ok((0, 0));
    };
    if last - first + 1 > MAX_DIGITS {
        return Err(Bad::TooManyDigits);
    }
    let top = exp10 + (last - first + 1) as i64;
    if exp10 < -i64::from(MAX_EXPONENT) || top > i64::from(MAX_EXPONENT) {
        return Err(Bad::OutOfSpan);
    }
    let m = (first..=last).fold(0i128, |acc, k| acc * 10 + i128::from(s.digit(k) - b'0'));
    Ok((if s.negative { -m } else { m }, exp10 as i32))
}

pub(super) use crate::decimal::decimal as show;

/// Where a weight stood, and what it was.
#[derive(Clone, Copy, Debug)]
struct Seen {
    line: u64,
    col: u64,
    value: Decimal,
}

/// The weights read so far: all scaled to `decimals` in `values` while they fit the narrow
/// range (at most [`MAX_DECIMALS`] decimals, at most [`MAX_WEIGHT`] scaled), else each as
/// its `(m, e)` in `wide`.
#[derive(Debug, Default)]
pub(super) struct Acc {
    pub values: Vec<i64>,
    pub decimals: u32,
    /// The weight of largest absolute value so far (the first of them), unscaled.
    largest: Option<Seen>,
    /// `d` and `D` also start an exponent (Matrix Market, written by Fortran programs).
    pub fortran: bool,
    /// Once a weight is beyond the narrow range: every weight as `(m, e)`, the value `m·10^e`
    /// (`m` without trailing zeros); `values` is then empty.
    pub wide: Option<Vec<(i128, i32)>>,
}

/// A weight as read: within the narrow range, or beyond it as `(m, e)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Read {
    Narrow(Decimal),
    Wide(i128, i32),
}

/// `m·10^e` with the trailing zeros of `m` moved to `e` (`(0, 0)` for zero).
pub(super) fn normal(mut m: i128, mut e: i32) -> (i128, i32) {
    if m == 0 {
        return (0, 0);
    }
    while m % 10 == 0 {
        m /= 10;
        e += 1;
    }
    (m, e)
}

impl Read {
    /// `(m, e)`, the value `m·10^e`, `m` without trailing zeros.
    pub fn parts(self) -> (i128, i32) {
        match self {
            Read::Narrow(d) => normal(i128::from(d.mantissa), -(d.decimals as i32)),
            Read::Wide(m, e) => (m, e),
        }
    }
}

/// Why a weight that reads cannot join the others in the narrow range.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Scaled to the common decimals, it is beyond MAX_WEIGHT.
    TooLarge,
    /// Its decimals would scale an earlier weight beyond MAX_WEIGHT.
    Rescale,
}

impl Acc {
    /// Whether `w` can join the weights in the narrow range (nothing changes).
    pub fn check(&self, w: Decimal) -> Result<(), Refused> {
        if w.decimals > self.decimals {
            let largest = self.largest.map_or(0, |s| s.value.mantissa.unsigned_abs());
            let scaled = i128::from(largest)
                * pow10(MAX_DECIMALS - self.largest.map_or(0, |s| s.value.decimals));
            // scaled = |largest| · 10^18; at w's decimals it is scaled / 10^(18 − w.decimals).
            if scaled / pow10(MAX_DECIMALS - w.decimals) > i128::from(MAX_WEIGHT) {
                return Err(Refused::Rescale);
            }
            Ok(())
        } else {
            let scaled = i128::from(w.mantissa) * pow10(self.decimals - w.decimals);
            if scaled.abs() > i128::from(MAX_WEIGHT) {
                return Err(Refused::TooLarge);
            }
            Ok(())
        }
    }

    /// Scales the values to `w`'s decimals if it has more, and notes where `w` was read
    /// (already [`check`](Self::check)ed); the caller pushes its value.
    fn add(&mut self, w: Decimal, line: u64, col: u64) {
        let seen = Seen {
            line,
            col,
            value: w,
        };
        if w.decimals > self.decimals {
            let f = pow10(w.decimals - self.decimals) as i64;
            for v in &mut self.values {
                // Checked: |v| · f ≤ the largest scaled ≤ MAX_WEIGHT.
                *v *= f;
            }
            self.decimals = w.decimals;
        }
        let larger = self.largest.is_none_or(|s| {
            i128::from(w.mantissa.unsigned_abs()) * pow10(MAX_DECIMALS - w.decimals)
                > i128::from(s.value.mantissa.unsigned_abs())
                    * pow10(MAX_DECIMALS - s.value.decimals)
        });
        if larger {
            self.largest = Some(seen);
        }
    }

    /// Whether every weight so far is an integer in the narrow range (no decimals): then
    /// [`push_integer`](Self::push_integer) adds an integer weight as [`add_fast`] would.
    pub(super) fn integers(&self) -> bool {
        self.wide.is_none() && self.decimals == 0
    }

    /// Room for this many more values without growing.
    pub(super) fn spare(&self) -> usize {
        self.values.capacity() - self.values.len()
    }

    /// Adds the integer weight `w`, `|w| ≤ MAX_WEIGHT`, read at `line:col`, while
    /// [`integers`](Self::integers), with room reserved: what [`add_fast`] does with the
    /// weight `w` with no decimals (nothing to rescale; every weight so far has no decimals,
    /// so the largest compares by absolute value alone).
    #[inline]
    pub(super) fn push_integer(&mut self, w: i64, line: u64, col: u64) {
        debug_assert!(self.integers() && w.unsigned_abs() <= MAX_WEIGHT as u64);
        if self
            .largest
            .is_none_or(|s| w.unsigned_abs() > s.value.mantissa.unsigned_abs())
        {
            self.largest = Some(Seen {
                line,
                col,
                value: Decimal {
                    mantissa: w,
                    decimals: 0,
                },
            });
        }
        self.values.push(w);
    }

    /// Where the weight of the largest absolute value (the first of them) was read, while
    /// the weights are in the narrow range.
    pub fn largest_at(&self) -> Option<(u64, u64)> {
        self.largest
            .filter(|_| self.wide.is_none())
            .map(|s| (s.line, s.col))
    }

    /// The value of `w` at the common decimals (after [`add`](Self::add)).
    fn scaled(&self, w: Decimal) -> i64 {
        // Checked in `check`: within ±MAX_WEIGHT.
        w.mantissa * pow10(self.decimals - w.decimals) as i64
    }

    /// Weights read.
    pub fn len(&self) -> usize {
        self.wide.as_ref().map_or(self.values.len(), Vec::len)
    }

    /// Reserves room for `n` more values, `false` if it cannot.
    pub fn room(&mut self, n: usize) -> bool {
        match &mut self.wide {
            Some(w) => w.len() + n <= w.capacity() || w.try_reserve(n).is_ok(),
            None => {
                self.values.len() + n <= self.values.capacity()
                    || self.values.try_reserve(n).is_ok()
            }
        }
    }

    /// Moves the weights to `wide`, each as its `(m, e)`; `false` if memory ran out.
    fn widen(&mut self) -> bool {
        if self.wide.is_some() {
            return true;
        }
        let mut wide = Vec::new();
        if wide.try_reserve(self.values.len() + 1).is_err() {
            return false;
        }
        let e = -(self.decimals as i32);
        wide.extend(self.values.iter().map(|&v| normal(i128::from(v), e)));
        self.values = Vec::new();
        self.wide = Some(wide);
        true
    }

    /// Weight `i` in units of 10^-18 when that is an `i128`, else a 128-bit mix of its
    /// `(m, e)` (`None` then): what METIS adds up to check that both ends of an edge give it
    /// the same weight.
    pub fn key(&self, i: usize) -> (i128, bool) {
        match &self.wide {
            None => (scale18(self.values[i], self.decimals), true),
            Some(w) => key(w[i]),
        }
    }
}

/// `value / 10^decimals` in units of 10^-18.
fn scale18(value: i64, decimals: u32) -> i128 {
    i128::from(value) * pow10(MAX_DECIMALS - decimals)
}

/// A weight `(m, e)` as [`Acc::key`] gives it: in units of 10^-18 and `true`, or a mix and
/// `false`.
pub(super) fn key((m, e): (i128, i32)) -> (i128, bool) {
    let exact = usize::try_from(i64::from(e) + i64::from(MAX_DECIMALS))
        .ok()
        .filter(|&p| p <= 38)
        .and_then(|p| m.checked_mul(10i128.pow(p as u32)));
    match exact {
        Some(k) => (k, true),
        None => {
            let mix = (m as u128)
                .wrapping_mul(0x9E37_79B9_7F4A_7C15_F39C_C060_5CED_C835)
                .rotate_left(41)
                ^ (e as u128).wrapping_mul(0xD6E8_FEB8_6659_FD93_2545_F491_4F6C_DD1D);
            (mix as i128, false)
        }
    }
}

/// Reads the current token of `t` as a weight and adds it to `acc` `copies` times (the second
/// one negated when `negate_copy`): for an entry of a symmetric matrix and its mirror.
pub(super) fn take<R: BufRead>(
    t: &Tokens<R>,
    acc: &mut Acc,
    copies: usize,
    negate_copy: bool,
    hint: &str,
) -> Result<(), InputError> {
    let w = token(t, acc, hint)?;
    accept(t, acc, w, copies, negate_copy)
}

/// The current token as a weight, or the error saying why it is not one.
pub(super) fn token<R: BufRead>(t: &Tokens<R>, acc: &Acc, hint: &str) -> Result<Read, InputError> {
    let parsed = if t.cut {
        // No number worth reading is 64 characters long.
        let all_number = t
            .tok
            .iter()
            .all(|c| c.is_ascii_digit() || matches!(c, b'.' | b'+' | b'-' | b'e' | b'E'));
        if all_number {
            return Err(t
                .bad_token(WEIGHT)
                .with_hint("a weight is written in at most 64 characters"));
        }
        Err(Bad::NotANumber)
    } else {
        match parse(&t.tok, acc.fortran) {
            Ok(w) => Ok(Read::Narrow(w)),
            Err(Bad::TooManyDecimals | Bad::TooLarge) => {
                parse_wide(&t.tok, acc.fortran).map(|(m, e)| Read::Wide(m, e))
            }
            Err(e) => Err(e),
        }
    };
    match parsed {
        Ok(w) => Ok(w),
        Err(Bad::NotFinite) => Err(t
            .bad_token(WEIGHT)
            .with_hint("weights must be finite decimal numbers")),
        Err(Bad::TooManyDigits) => Err(t
            .bad_token(format!(
                "a weight with at most {MAX_DIGITS} significant digits"
            ))
            .with_hint(format!(
                "weights are read exactly, their digits as a 128-bit integer (at most \
                 {MAX_DIGITS}): round this one"
            ))),
        Err(Bad::OutOfSpan | Bad::TooManyDecimals | Bad::TooLarge) => Err(t
            .bad_token(format!(
                "a weight below 1e{MAX_EXPONENT} in magnitude, with at most {MAX_EXPONENT} \
                 decimals"
            ))
            .with_hint(format!(
                "weights are read exactly, from 10^-{MAX_EXPONENT} to 10^{MAX_EXPONENT} \
                 (every 64-bit float is within 10^±324)"
            ))),
        Err(Bad::NotANumber) => {
            let tok = &t.tok;
            let mut e = t.bad_token(WEIGHT);
            e.hint = Some(if tok.contains(&b'/') {
                "fractions are not read: write the weight as a decimal number (0.5, not 1/2)".into()
            } else if tok.len() > 1 && tok[0] == b'0' && matches!(tok[1], b'x' | b'X') {
                "hexadecimal numbers are not read: write the weight in decimal".into()
            } else if tok.contains(&b',') {
                "write decimals with a point (2.5), without thousands separators".into()
            } else if tok.first() == Some(&b'#') {
                format!("the weight is missing: a comment starts here; {hint}")
            } else {
                hint.to_string()
            });
            Err(e)
        }
    }
}

/// Adds `w`, the current token of `t`, to `acc` `copies` times: in the narrow range while it
/// and every weight before it fit, else each weight as its `(m, e)`.
fn accept<R: BufRead>(
    t: &Tokens<R>,
    acc: &mut Acc,
    w: Read,
    copies: usize,
    negate_copy: bool,
) -> Result<(), InputError> {
    if let (Read::Narrow(d), None) = (w, &acc.wide)
        && acc.check(d).is_ok()
    {
        if !acc.room(copies) {
            return Err(super::out_of_memory(t, acc.len(), "weight"));
        }
        acc.add(d, t.tok_line, t.tok_col);
        let v = acc.scaled(d);
        acc.values.push(v);
        if copies == 2 {
            acc.values.push(if negate_copy { -v } else { v });
        }
        return Ok(());
    }
    if !acc.widen() || !acc.room(copies) {
        return Err(super::out_of_memory(t, acc.len(), "weight"));
    }
    push_wide(acc, w.parts(), copies, negate_copy);
    Ok(())
}

/// Pushes `(m, e)` `copies` times (the second negated when `negate_copy`) to the wide weights,
/// room made.
fn push_wide(acc: &mut Acc, (m, e): (i128, i32), copies: usize, negate_copy: bool) {
    let wide = acc.wide.as_mut().expect("widened");
    wide.push((m, e));
    if copies == 2 {
        wide.push(if negate_copy { (-m, e) } else { (m, e) });
    }
}

/// The fast path's weight: `w` read at `line:col` by `Tokens::fast_weighted`, added
/// `copies` times like [`take`]; `false` (and nothing added) when it cannot join the others,
/// to be read again by the general path.
#[inline]
pub(super) fn add_fast(
    acc: &mut Acc,
    w: Decimal,
    line: u64,
    col: u64,
    copies: usize,
    negate_copy: bool,
) -> bool {
    if acc.wide.is_some() {
        if !acc.room(copies) {
            return false;
        }
        push_wide(acc, Read::Narrow(w).parts(), copies, negate_copy);
        return true;
    }
    if acc.check(w).is_err() || !acc.room(copies) {
        return false;
    }
    acc.add(w, line, col);
    let v = acc.scaled(w);
    acc.values.push(v);
    if copies == 2 {
        acc.values.push(if negate_copy { -v } else { v });
    }
    true
}
