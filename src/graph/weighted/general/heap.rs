//! The lazily deleted 4-ary heaps of the dual-step candidates.

use super::Num;

/// An item of a [`MinHeap`]: its slot names it (a vertex, an edge, an endpoint or a
/// blossom, below 2n + 2m), so that a rebuild keeps each item once.
pub(super) trait Item: Copy {
    /// The number naming the item.
    fn slot(self) -> usize;
}

impl Item for usize {
    #[inline]
    fn slot(self) -> usize {
        self
    }
}

/// A δ2 candidate: the endpoint `p` at its unlabelled end (its slot) and a copy of the
/// vertex `v` there, so that a candidate found dead (its end labelled since) costs that
/// vertex's look-up alone, not the edge's record's too (both in 32 bits: at most
/// `u32::MAX` endpoints, checked before the build).
#[derive(Clone, Copy)]
pub(super) struct End {
    pub(super) p: u32,
    pub(super) v: u32,
}

impl End {
    #[inline]
    pub(super) fn new(p: usize, v: usize) -> Self {
        End {
            p: p as u32,
            v: v as u32,
        }
    }
}

impl Item for End {
    #[inline]
    fn slot(self) -> usize {
        self.p as usize
    }
}

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
pub(super) struct MinHeap<N, I = usize> {
    pub(super) items: Vec<(N, I)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    pub(super) live: usize,
    /// Of each item: the last [`MinHeap::rebuild`] that met it (its `epoch`); O(items), one
    /// byte each (the rebuild's random look-ups touch a quarter of the cache lines of 32-bit
    /// stamps; cleared once every 255 rebuilds).
    seen: Vec<u8>,
    epoch: u8,
}

impl<N: Num, I: Item> Default for MinHeap<N, I> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
            seen: Vec::new(),
            epoch: 0,
        }
    }
}

impl<N: Num, I: Item> MinHeap<N, I> {
    pub(super) fn push(&mut self, key: N, item: I) {
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

    /// Keeps the items `key_of` gives a key (their new key), each item once: one pass that
    /// drops repeated items by a stamp per item, then a bottom-up heap construction, O(len)
    /// (two sorts before: measured, they made frequent rebuilds dear).
    pub(super) fn rebuild(&mut self, mut key_of: impl FnMut(I) -> Option<N>) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let mut items = std::mem::take(&mut self.items);
        let mut kept = 0;
        for i in 0..items.len() {
            let item = items[i].1;
            let x = item.slot();
            if x >= self.seen.len() {
                self.seen.resize(x + 1, 0);
            }
            if self.seen[x] == epoch {
                continue;
            }
            self.seen[x] = epoch;
            if let Some(key) = key_of(item) {
                items[kept] = (key, item);
                kept += 1;
            }
        }
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

    pub(super) fn peek(&self) -> Option<(N, I)> {
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
fn sift_down<N: Num, I: Item>(items: &mut [(N, I)], mut i: usize) {
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

#[cfg(test)]
mod tests {
    use super::{End, MinHeap};

    /// Many rebuilds (past the 8-bit stamps' wrap) of a heap with repeated items, each kept
    /// once with its new key, and pops in key order, against a sorted list.
    #[test]
    fn rebuilds_keep_each_live_item_once_across_stamp_wraps() {
        let mut heap: MinHeap<i64, End> = MinHeap::default();
        let mut state = 12345u64;
        let mut next = |m: u64| {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (state >> 33) % m
        };
        for round in 0..700u64 {
            for _ in 0..40 {
                // Slots 50..100 only every 255 rounds: a stale stamp would match then.
                let p = (next(50) + if round % 255 == 0 { 50 } else { 0 }) as usize;
                heap.push(next(1000) as i64, End::new(p, p / 2));
            }
            // Live: the items whose slot is not a multiple of 3 (varying by round), keyed anew.
            let key = |c: End| {
                let p = u64::from(c.p);
                ((p + round) % 3 != 0).then(|| ((p * 7 + round) % 101) as i64)
            };
            let mut want: Vec<(i64, u32)> =
                heap.items
                    .iter()
                    .map(|&(_, c)| c.p)
                    .fold(Vec::new(), |mut acc, p| {
                        if !acc.iter().any(|&(_, q)| q == p)
                            && let Some(k) = key(End::new(p as usize, 0))
                        {
                            acc.push((k, p));
                        }
                        acc
                    });
            heap.rebuild(key);
            assert_eq!(heap.live, want.len(), "round {round}");
            want.sort_unstable();
            let mut got = Vec::new();
            while let Some((k, c)) = heap.peek() {
                assert_eq!(c.v, c.p / 2, "the item's vertex kept with it");
                got.push((k, c.p));
                heap.pop();
            }
            let keys = |v: &[(i64, u32)]| v.iter().map(|x| x.0).collect::<Vec<_>>();
            assert_eq!(keys(&got), keys(&want), "round {round}");
            got.sort_unstable();
            assert_eq!(got, want, "round {round}");
            // Leave some behind for the next round.
            for &(k, p) in want.iter().take(10) {
                heap.push(k, End::new(p as usize, p as usize / 2));
            }
        }
    }
}
