//! The fast path of the plain edge lines that make up almost all of a large file (`e U V`,
//! `U V`, a pattern matrix's `I J`, and their weighted forms): the buffered bytes scanned a line
//! at a time with no copy and no allocation, digits eight at a time (one 64-bit word), straight
//! into the edge vector, until a line is not exactly such a line; that line goes to the
//! tokenizer ([`Tokens`]), which reads it or says what is wrong with it at its line and column,
//! so errors are the same whichever path saw the line first. Weighted DIMACS lines with an
//! integer weight go a buffer at a time too ([`Tokens::fast_weighted_integers`]: the weight
//! straight into the accumulator, while every weight so far is an integer), other weighted
//! lines one at a time ([`Tokens::fast_weighted`], any decimal weight); measured on the
//! Euclidean 10-NN file with 10⁵ points (5.7·10⁵ edge lines, 10.7 MB): see docs/BENCHMARKS.md,
//! "outside the search".
//!
//! **Complexity:** O(bytes) time, no allocation but the edge vector's.
//!
//! **Status:** the digit scanning against a one-digit-at-a-time reference on every byte value
//! after runs of 0–20 digits and on random bytes (`fast_tests.rs`); the readers' tests read
//! every format through buffers of 1–5 bytes, where the fast path rarely applies, and whole,
//! where it mostly does, to the same values; the batch path of integer weights the same way on
//! 3 000 weighted DIMACS files with odd lines mixed in (decimals, signs, exponents, CRs,
//! weights beyond the narrow range, vertices out of range): the same graph, weights and place
//! of the largest weight, or the same error.

use std::io::BufRead;

use super::tokens::{MAX_TOKEN, Tokens, is_blank};
use super::weights;

impl<R: BufRead> Tokens<R> {
    /// The fast path of plain edge lines, a buffer at a time: while the buffered input at the
    /// start of a line reads `[LEAD] A B` and a line end (with `lead`, that byte and at least
    /// one blank first; A and B runs of 1 to 18 digits separated by spaces or tabs; then
    /// blanks, an optional CR and LF), with `lo <= A <= hi.0` and `lo <= B <= hi.1`, appends
    /// `(A − lo, B − lo)` to `out` (and with `mirror` also `(B − lo, A − lo)` when A ≠ B) and
    /// consumes the line; at most `most` lines. Returns the lines taken and the largest number
    /// read. The first other line (a comment, a value, a `+`, a number out of range, a line that
    /// runs past the buffer), and every line when `out` cannot grow, is left to the general
    /// path, which reads it and reports what is wrong with it. No allocation but `out`'s,
    /// whose spare room bounds the lines taken.
    pub(super) fn fast_pairs(
        &mut self,
        lead: Option<u8>,
        lo: u64,
        hi: (u64, u64),
        most: u64,
        mirror: bool,
        out: &mut Vec<(u32, u32)>,
    ) -> (u64, u64) {
        if self.again || self.cut || !self.started || self.cr.is_some() || self.col != 0 {
            return (0, 0);
        }
        let per = 1 + usize::from(mirror);
        if out.capacity() - out.len() < per * 1024 && out.try_reserve(per * 4096).is_err() {
            return (0, 0);
        }
        let most = most.min(((out.capacity() - out.len()) / per) as u64);
        let Ok(buf) = self.input.fill_buf() else {
            return (0, 0);
        };
        let (mut at, mut taken, mut top) = (0, 0, 0);
        while taken < most {
            let Some((a, b, len)) = pair_line(&buf[at..], lead) else {
                break;
            };
            if a < lo || a > hi.0 || b < lo || b > hi.1 {
                break;
            }
            // lo ≤ a, b ≤ hi < u32::MAX (the callers' ranges).
            let (x, y) = ((a - lo) as u32, (b - lo) as u32);
            out.push((x, y));
            if mirror && x != y {
                out.push((y, x));
            }
            top = top.max(a.max(b));
            at += len;
            taken += 1;
        }
        self.input.consume(at);
        self.line += taken;
        (taken, top)
    }

    /// What the fast paths read: the buffered input after `prefix`, when at the start of a line
    /// with nothing pushed back, cut or half-read (a CR) — `None` otherwise.
    pub(super) fn fast_line(&mut self, prefix: &[u8]) -> Option<&[u8]> {
        if self.again || self.cut || !self.started || self.cr.is_some() || self.col != 0 {
            return None;
        }
        self.input.fill_buf().ok()?.strip_prefix(prefix)
    }

    /// The fast path of weighted edge lines: like [`fast_pair`](Self::fast_pair), for a line
    /// `PREFIX A B W` and LF, W a weight of at most [`MAX_TOKEN`] bytes that
    /// [`weights::parse`] reads. Returns A, B, W, W's column and the line's length, with nothing
    /// consumed: [`commit_line`](Self::commit_line) consumes it once W is taken.
    pub(super) fn fast_weighted(
        &mut self,
        prefix: &[u8],
        lo: u64,
        hi: (u64, u64),
    ) -> Option<(u64, u64, weights::Decimal, u64, usize)> {
        let rest = self.fast_line(prefix)?;
        let (a, b, at) = leading_pair(rest)?;
        let g2 = spaces(&rest[at..]);
        if g2 == 0 {
            return None;
        }
        let w_at = at + g2;
        let w_len = rest[w_at..]
            .iter()
            .take(MAX_TOKEN + 1)
            .take_while(|&&c| !is_blank(c))
            .count();
        let end = w_at + w_len;
        if w_len > MAX_TOKEN
            || rest.get(end) != Some(&b'\n')
            || !(lo..=hi.0).contains(&a)
            || !(lo..=hi.1).contains(&b)
        {
            return None;
        }
        let w = weights::parse(&rest[w_at..end], false).ok()?;
        Some((
            a,
            b,
            w,
            (prefix.len() + w_at + 1) as u64,
            prefix.len() + end + 1,
        ))
    }

    /// The batch fast path of weighted edge lines with integer weights, a buffer at a time:
    /// while `acc` holds integers only ([`weights::Acc::integers`]) and the buffered input at
    /// the start of a line reads `PREFIX A B W` and LF as [`fast_weighted`](Self::fast_weighted)
    /// takes it, with W an integer (an optional `-`, then 1 to 18 digits) of at most
    /// [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT) in absolute value, appends
    /// `(A − lo, B − lo)` to `out` and W to `acc` (as [`weights::add_fast`] would: the same
    /// value, the same note of the largest) and consumes the line; at most `most` lines.
    /// Returns the lines taken. The first other line (a decimal, a `+`, an exponent, a CR, a
    /// number out of range, a line that runs past the buffer) is left to the per-line paths.
    /// No allocation but `out`'s and `acc`'s, whose spare room bounds the lines taken.
    pub(super) fn fast_weighted_integers(
        &mut self,
        prefix: &[u8],
        lo: u64,
        hi: (u64, u64),
        most: u64,
        out: &mut Vec<(u32, u32)>,
        acc: &mut weights::Acc,
    ) -> u64 {
        if self.again || self.cut || !self.started || self.cr.is_some() || self.col != 0 {
            return 0;
        }
        if !acc.integers()
            || (out.capacity() - out.len() < 1024 && out.try_reserve(4096).is_err())
            || !acc.room(1024)
        {
            return 0;
        }
        let most = most
            .min((out.capacity() - out.len()) as u64)
            .min(acc.spare() as u64);
        let Ok(buf) = self.input.fill_buf() else {
            return 0;
        };
        let (mut at, mut taken) = (0, 0);
        while taken < most {
            let Some((a, b, w, w_at, len)) = weighted_integer_line(&buf[at..], prefix) else {
                break;
            };
            if a < lo || a > hi.0 || b < lo || b > hi.1 {
                break;
            }
            // lo ≤ a, b ≤ hi < u32::MAX (the callers' ranges).
            out.push(((a - lo) as u32, (b - lo) as u32));
            acc.push_integer(w, self.line + taken, w_at as u64 + 1);
            at += len;
            taken += 1;
        }
        self.input.consume(at);
        self.line += taken;
        taken
    }

    /// The fast paths' whole line: at the start of a line (as [`fast_line`](Self::fast_line)),
    /// copies the current line's bytes, without its LF, into `into` (reused: no allocation once
    /// it holds the longest line) and returns `true`; `false` when the line's end is not
    /// buffered. Nothing is consumed: [`commit_line`](Self::commit_line) does it.
    pub(super) fn fast_whole_line(&mut self, into: &mut Vec<u8>) -> bool {
        let Some(buf) = self.fast_line(b"") else {
            return false;
        };
        let Some(end) = memchr::memchr(b'\n', buf) else {
            return false;
        };
        into.clear();
        if into.try_reserve(end).is_err() {
            return false;
        }
        into.extend_from_slice(&buf[..end]);
        true
    }

    /// Makes `bytes`, at `line:col`, the current token (for an error found on a line the fast
    /// path read).
    pub(super) fn as_token(&mut self, bytes: &[u8], line: u64, col: u64) {
        self.tok.clear();
        self.tok
            .extend_from_slice(&bytes[..bytes.len().min(MAX_TOKEN)]);
        self.cut = false;
        self.tok_line = line;
        self.tok_col = col;
    }

    /// Consumes the `len` bytes of a line [`fast_weighted`](Self::fast_weighted) read.
    pub(super) fn commit_line(&mut self, len: usize) {
        self.input.consume(len);
        self.line += 1;
    }
}

/// The fast paths' `A B` at the start of `rest`: two runs of 1 to 18 digits separated by spaces
/// or tabs; returns A, B and the bytes read (up to the end of B).
pub(super) fn leading_pair(rest: &[u8]) -> Option<(u64, u64, usize)> {
    let digits = |b: &[u8]| {
        let n = b.iter().take(19).take_while(|c| c.is_ascii_digit()).count();
        (n > 0 && n <= 18).then(|| {
            let v = b[..n]
                .iter()
                .fold(0u64, |acc, &d| acc * 10 + u64::from(d - b'0'));
            (v, n)
        })
    };
    let (a, na) = digits(rest)?;
    let gap = spaces(&rest[na..]);
    if gap == 0 {
        return None;
    }
    let (b, nb) = digits(&rest[na + gap..])?;
    Some((a, b, na + gap + nb))
}

/// The batch path's line `PREFIX A B W` and LF at the start of `b` (see
/// [`Tokens::fast_weighted_integers`]): A, B, W (an integer within
/// [`MAX_WEIGHT`](crate::graph::weighted::MAX_WEIGHT)), W's index in `b` and the line's
/// length, LF included.
#[inline(always)]
pub(super) fn weighted_integer_line(
    b: &[u8],
    prefix: &[u8],
) -> Option<(u64, u64, i64, usize, usize)> {
    if !b.starts_with(prefix) {
        return None;
    }
    let (a, k) = digit_run(b, prefix.len())?;
    let j = blanks(b, k);
    if j == k {
        return None;
    }
    let (v, k) = digit_run(b, j)?;
    let w_at = blanks(b, k);
    if w_at == k {
        return None;
    }
    let negative = b.get(w_at) == Some(&b'-');
    let (w, k) = digit_run(b, w_at + usize::from(negative))?;
    if b.get(k) != Some(&b'\n') || w > crate::graph::weighted::MAX_WEIGHT as u64 {
        return None;
    }
    // w ≤ MAX_WEIGHT < 2^63.
    let w = if negative { -(w as i64) } else { w as i64 };
    Some((a, v, w, w_at, k + 1))
}

/// The fast path's line `[LEAD] A B` at the start of `b` (see [`Tokens::fast_pairs`]): A, B
/// and the line's length, line end included.
#[inline(always)]
pub(super) fn pair_line(b: &[u8], lead: Option<u8>) -> Option<(u64, u64, usize)> {
    let mut j = 0;
    if let Some(c) = lead {
        if b.first() != Some(&c) {
            return None;
        }
        j = blanks(b, 1);
        if j == 1 {
            return None;
        }
    }
    let (a, k) = digit_run(b, j)?;
    j = blanks(b, k);
    if j == k {
        return None;
    }
    let (v, k) = digit_run(b, j)?;
    j = blanks(b, k);
    if b.get(j) == Some(&b'\r') {
        j += 1;
    }
    (b.get(j) == Some(&b'\n')).then_some((a, v, j + 1))
}

/// The number written by the 1 to 18 digits at `b[j..]`, and the index past them.
#[inline(always)]
pub(super) fn digit_run(b: &[u8], j: usize) -> Option<(u64, usize)> {
    let (mut v, mut k) = (0u64, j);
    // Eight bytes at once where the buffer holds them: the digits before the first other byte.
    if let Some(&eight) = b.get(j..).and_then(|r| r.first_chunk::<8>()) {
        let x = u64::from_le_bytes(eight);
        let d = x.wrapping_sub(0x3030_3030_3030_3030);
        // A byte's high bit is set in `d` below '0' (and above 0xAF), in `d + 0x76` above '9';
        // borrows and carries only move up, from a byte that is not a digit, so the lowest
        // flagged byte is the first that is not a digit.
        let other = (d | d.wrapping_add(0x7676_7676_7676_7676)) & 0x8080_8080_8080_8080;
        let len = (other.trailing_zeros() / 8) as usize;
        if len == 0 {
            return None;
        }
        v = eight_digits(d << (8 * (8 - len)));
        k = j + len;
        if len < 8 {
            return Some((v, k));
        }
    }
    while let Some(&c) = b.get(k) {
        let d = c.wrapping_sub(b'0');
        if d > 9 {
            break;
        }
        // Wrapping past 18 digits: such a run is refused below.
        v = v.wrapping_mul(10).wrapping_add(u64::from(d));
        k += 1;
    }
    (k > j && k - j <= 18).then_some((v, k))
}

/// The number of eight digit values (0 to 9), one per byte, the first in the lowest byte.
#[inline(always)]
pub(super) fn eight_digits(d: u64) -> u64 {
    // Pairs, then quadruples, then all eight, each step a multiply-add of neighbours.
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00ff_00ff_00ff_00ff;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_ffff_0000_ffff;
    (d.wrapping_mul(10_000) + (d >> 32)) & 0xffff_ffff
}

/// The index past the spaces and tabs at `b[j..]`.
#[inline(always)]
pub(super) fn blanks(b: &[u8], mut j: usize) -> usize {
    while let Some(b' ' | b'\t') = b.get(j) {
        j += 1;
    }
    j
}

/// The spaces and tabs at the start of `b`.
pub(super) fn spaces(b: &[u8]) -> usize {
    b.iter().take_while(|&&c| c == b' ' || c == b'\t').count()
}

#[cfg(test)]
#[path = "fast_tests.rs"]
mod tests;
