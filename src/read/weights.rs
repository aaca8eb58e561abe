//! Edge weights read exactly: each weight is a decimal number, read as an integer mantissa
//! times a power of ten, and all weights of a file are scaled to one common number of
//! decimals (see [`super::read_weighted_graph`]). No floating point.

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
}

/// Parses `tok` as `[+-]? digits [. digits]? ([eE] [+-]? digits)?` (at least one mantissa
/// digit; with `fortran`, `d` and `D` also start the exponent), exactly.
pub(super) fn parse(tok: &[u8], fortran: bool) -> Result<Decimal, Bad> {
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
    // The exponent, saturated far beyond any weight that can be read.
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
    // The digits int ++ frac, value int(digits) · 10^(exp − |frac|).
    let digit = |k: usize| {
        if k < int.len() {
            int[k]
        } else {
            frac[k - int.len()]
        }
    };
    let len = int.len() + frac.len();
    let Some(first) = (0..len).find(|&k| digit(k) != b'0') else {
        return Ok(Decimal {
            mantissa: 0,
            decimals: 0,
        });
    };
    let last = (0..len).rev().find(|&k| digit(k) != b'0').unwrap_or(first);
    // Tokens are at most MAX_TOKEN bytes: these fit in i64.
    let trailing = (len - 1 - last) as i64;
    let exp10 = exp - frac.len() as i64 + trailing;
    let significant = last - first + 1;
    let decimals = if exp10 < 0 { -exp10 } else { 0 };
    if decimals > i64::from(MAX_DECIMALS) {
        return Err(Bad::TooManyDecimals);
    }
    // 19 significant digits make at least 10^18 > MAX_WEIGHT.
    if significant > 18 || exp10 > 18 {
        return Err(Bad::TooLarge);
    }
    let m = (first..=last).fold(0i128, |acc, k| acc * 10 + i128::from(digit(k) - b'0'));
    let m = if exp10 > 0 {
        m * pow10(exp10 as u32)
    } else {
        m
    };
    if m > i128::from(MAX_WEIGHT) {
        return Err(Bad::TooLarge);
    }
    // |m| ≤ MAX_WEIGHT < 2^63.
    let mantissa = if negative { -(m as i64) } else { m as i64 };
    Ok(Decimal {
        mantissa,
        decimals: decimals as u32,
    })
}

pub(super) use crate::decimal::decimal as show;

/// Where a weight stood, and what it was.
#[derive(Clone, Copy, Debug)]
struct Seen {
    line: u64,
    col: u64,
    value: Decimal,
}

/// The weights read so far, all scaled to `decimals`.
#[derive(Debug, Default)]
pub(super) struct Acc {
    pub values: Vec<i64>,
    pub decimals: u32,
    /// The weight of largest absolute value so far (the first of them), unscaled.
    largest: Option<Seen>,
    /// The first weight that needed `decimals`.
    finest: Option<Seen>,
    /// `d` and `D` also start an exponent (Matrix Market, written by Fortran programs).
    pub fortran: bool,
}

/// Why a weight that reads cannot join the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Refused {
    /// Scaled to the common decimals, it is beyond MAX_WEIGHT.
    TooLarge,
    /// Its decimals would scale an earlier weight beyond MAX_WEIGHT.
    Rescale,
}

impl Acc {
    /// Whether `w` can join the weights (nothing changes).
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
            self.finest = Some(seen);
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

    /// Where the weight of the largest absolute value (the first of them) was read.
    pub fn largest_at(&self) -> Option<(u64, u64)> {
        self.largest.map(|s| (s.line, s.col))
    }

    /// The value of `w` at the common decimals (after [`add`](Self::add)).
    fn scaled(&self, w: Decimal) -> i64 {
        // Checked in `check`: within ±MAX_WEIGHT.
        w.mantissa * pow10(self.decimals - w.decimals) as i64
    }

    /// Reserves room for `n` more values, `false` if it cannot.
    pub fn room(&mut self, n: usize) -> bool {
        self.values.len() + n <= self.values.capacity() || self.values.try_reserve(n).is_ok()
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
pub(super) fn token<R: BufRead>(
    t: &Tokens<R>,
    acc: &Acc,
    hint: &str,
) -> Result<Decimal, InputError> {
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
        parse(&t.tok, acc.fortran)
    };
    match parsed {
        Ok(w) => Ok(w),
        Err(Bad::NotFinite) => Err(t
            .bad_token(WEIGHT)
            .with_hint("weights must be finite decimal numbers")),
        Err(Bad::TooManyDecimals) => Err(t
            .bad_token(format!("a weight with at most {MAX_DECIMALS} decimals"))
            .with_hint(format!(
                "weights are read exactly, as whole numbers of 10^-{MAX_DECIMALS} at the finest: \
                 round this one"
            ))),
        Err(Bad::TooLarge) => Err(t.bad_token(range(0)).with_hint(LIMIT_HINT)),
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

/// The hint for a weight beyond the engines' range.
const LIMIT_HINT: &str = "weights are at most 2^59 in absolute value (the most the matching \
     engines take)";

/// "a weight from -X to X", X = MAX_WEIGHT / 10^decimals.
fn range(decimals: u32) -> String {
    let x = show(i128::from(MAX_WEIGHT), decimals);
    format!("a weight from -{x} to {x}")
}

/// Adds `w`, the current token of `t`, to `acc` `copies` times, or refuses it at the token.
fn accept<R: BufRead>(
    t: &Tokens<R>,
    acc: &mut Acc,
    w: Decimal,
    copies: usize,
    negate_copy: bool,
) -> Result<(), InputError> {
    match acc.check(w) {
        Ok(()) => {}
        Err(Refused::TooLarge) => {
            // A scale above 0 was set by a weight (at scale 0 every weight that reads fits).
            let hint = match acc.finest {
                Some(finest) => format!(
                    "every weight is scaled to the file's {} (the weight {} at line {}, column \
                     {} has that many), and scaled weights are at most 2^59 = {MAX_WEIGHT} in \
                     absolute value",
                    super::count(u64::from(acc.decimals), "decimal", "decimals"),
                    show(i128::from(finest.value.mantissa), finest.value.decimals),
                    finest.line,
                    finest.col,
                ),
                None => LIMIT_HINT.to_string(),
            };
            return Err(t.bad_token(range(acc.decimals)).with_hint(hint));
        }
        Err(Refused::Rescale) => {
            let big = acc
                .largest
                .expect("a weight large enough to refuse a rescale");
            let abs = i128::from(big.value.mantissa.unsigned_abs());
            // The most decimals `big` can be scaled to within MAX_WEIGHT (≥ acc.decimals).
            let allowed = (acc.decimals..=MAX_DECIMALS)
                .take_while(|&d| abs * pow10(d - big.value.decimals) <= i128::from(MAX_WEIGHT))
                .last()
                .unwrap_or(acc.decimals);
            let scaled = i128::from(big.value.mantissa) * pow10(w.decimals - big.value.decimals);
            return Err(t
                .bad_token(format!(
                    "a weight with at most {}",
                    super::count(u64::from(allowed), "decimal", "decimals")
                ))
                .with_hint(format!(
                    "every weight is scaled to the same number of decimals: with this one's {}, \
                     the weight {} at line {}, column {} would be {scaled} units of 10^-{}, \
                     beyond 2^59 = {MAX_WEIGHT}; round the weights to fewer decimals",
                    w.decimals,
                    show(i128::from(big.value.mantissa), big.value.decimals),
                    big.line,
                    big.col,
                    w.decimals,
                )));
        }
    }
    if !acc.room(copies) {
        return Err(super::out_of_memory(t, acc.values.len(), "weight"));
    }
    acc.add(w, t.tok_line, t.tok_col);
    let v = acc.scaled(w);
    acc.values.push(v);
    if copies == 2 {
        acc.values.push(if negate_copy { -v } else { v });
    }
    Ok(())
}

/// The fast path's weight: `w` read at `line:col` by `Tokens::fast_weighted`, added
/// `copies` times like [`take`]; `false` (and nothing added) when it cannot join the others,
/// to be read again by the general path.
pub(super) fn add_fast(
    acc: &mut Acc,
    w: Decimal,
    line: u64,
    col: u64,
    copies: usize,
    negate_copy: bool,
) -> bool {
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
