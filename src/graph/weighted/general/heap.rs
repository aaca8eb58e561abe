//! The lazily deleted 4-ary heaps of the dual-step candidates.

use super::Num;

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
pub(super) struct MinHeap<N> {
    pub(super) items: Vec<(N, usize)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    pub(super) live: usize,
    /// Scratch of [`MinHeap::rebuild`], all zero between rebuilds: a bit per slot, set for
    /// the slots met. A bit, not a stamp per slot: the look-ups of a rebuild, one per entry
    /// at a random slot, then stay in cache (a `u32` stamp per endpoint of the δ2
    /// candidates is 4.5 MB on Euclidean 10-NN with 10⁵ points; these bits, 140 kB).
    seen: Vec<u64>,
}

impl<N: Num> Default for MinHeap<N> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
            seen: Vec::new(),
        }
    }
}

impl<N: Num> MinHeap<N> {
    pub(super) fn push(&mut self, key: N, item: usize) {
        let mut i = self.items.len();
        self.items.push((key, item));
        while i > 0 {
            let up = (i - 1) / 4;
            if self.items[up].0 <= key {
                break;
            }
            self.items.swap(i, up);
            i = up;
        }
    }

    pub(super) fn len(&self) -> usize {
        self.items.len()
    }

    /// Keeps the items `key_of` gives a key (their new key), each `slot` once: one pass
    /// that drops repeated slots by a bit per slot, then a bottom-up heap construction,
    /// O(len) (two sorts before: measured, they made frequent rebuilds dear). A slot is
    /// marked when first met, so `key_of` is called once per slot (it may have effects).
    pub(super) fn rebuild(
        &mut self,
        slot: impl Fn(usize) -> usize,
        key_of: impl FnMut(usize) -> Option<N>,
    ) {
        self.rebuild_in(slot, false, key_of);
    }

    /// As [`MinHeap::rebuild`], but a slot is marked only by an item that is kept: items
    /// sharing a slot may differ (a dropped one does not hide a live one after it).
    pub(super) fn rebuild_once(
        &mut self,
        slot: impl Fn(usize) -> usize,
        key_of: impl FnMut(usize) -> Option<N>,
    ) {
        self.rebuild_in(slot, true, key_of);
    }

    fn rebuild_in(
        &mut self,
        slot: impl Fn(usize) -> usize,
        kept_only: bool,
        mut key_of: impl FnMut(usize) -> Option<N>,
    ) {
        let mut items = std::mem::take(&mut self.items);
        let mut seen = std::mem::take(&mut self.seen);
        let mut kept = 0;
        for i in 0..items.len() {
            let x = items[i].1;
            let s = slot(x);
            let (word, bit) = (s / 64, 1u64 << (s % 64));
            if word >= seen.len() {
                seen.resize(word + 1, 0);
            }
            if kept_only {
                // (The key first: an item dropped touches no bit.)
                let Some(key) = key_of(x) else { continue };
                if seen[word] & bit != 0 {
                    continue;
                }
                seen[word] |= bit;
                items[kept] = (key, x);
                kept += 1;
            } else {
                if seen[word] & bit != 0 {
                    continue;
                }
                seen[word] |= bit;
                if let Some(key) = key_of(x) {
                    items[kept] = (key, x);
                    kept += 1;
                }
            }
        }
        if kept_only {
            for &(_, x) in &items[..kept] {
                seen[slot(x) / 64] = 0;
            }
        } else {
            seen.fill(0);
        }
        self.seen = seen;
        items.truncate(kept);
        // Floyd's construction: sift down every inner node, last first.
        if kept > 1 {
            for i in (0..=(kept - 2) / 4).rev() {
                sift_down(&mut items, i);
            }
        }
        self.live = kept;
        self.items = items;
    }

    pub(super) fn peek(&self) -> Option<(N, usize)> {
        self.items.first().copied()
    }

    pub(super) fn pop(&mut self) {
        let Some(last) = self.items.pop() else { return };
        if self.items.is_empty() {
            return;
        }
        self.items[0] = last;
        sift_down(&mut self.items, 0);
    }
}

/// Moves `items[i]` down the 4-ary heap `items` to its place below `i`.
fn sift_down<N: Num>(items: &mut [(N, usize)], mut i: usize) {
    let len = items.len();
    let moving = items[i];
    loop {
        let first = 4 * i + 1;
        if first >= len {
            break;
        }
        let end = (first + 4).min(len);
        let mut best = first;
        for c in first + 1..end {
            if items[c].0 < items[best].0 {
                best = c;
            }
        }
        if items[best].0 >= moving.0 {
            break;
        }
        items[i] = items[best];
        i = best;
    }
    items[i] = moving;
}
