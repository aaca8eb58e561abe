//! Exact arithmetic of the checks: doubled weights and the two-limb accumulator of the dual
//! objective (see the [module docs](super)).

/// Twice a weight, exactly (weights are checked below 2¹²⁰ first).
pub(super) fn twice(w: i128) -> i128 {
    2 * w
}

/// An exact sum of `i128` terms and of `i128 × u32` products, as `hi·2⁶⁴ + lo` with
/// `0 ≤ lo < 2⁶⁴` after each step: `hi` gains at most 2⁶³·2³² per step, over fewer than 2³³
/// steps, so it stays below 2¹²⁸ in size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Sum {
    hi: i128,
    lo: u128,
}

impl Sum {
    /// Adds `x · k`.
    pub(super) fn add(&mut self, x: i128, k: u32) {
        // x = h·2⁶⁴ + l with 0 ≤ l < 2⁶⁴ and |h| ≤ 2⁶³.
        let (h, l) = (x >> 64, (x as u128) & u128::from(u64::MAX));
        self.hi += h * i128::from(k);
        self.lo += l * u128::from(k);
        self.hi += (self.lo >> 64) as i128;
        self.lo &= u128::from(u64::MAX);
    }

    /// The sum if it fits in `i128`.
    pub(super) fn value(self) -> Option<i128> {
        self.hi
            .checked_mul(1 << 64)
            .and_then(|h| h.checked_add(self.lo as i128))
    }
}
