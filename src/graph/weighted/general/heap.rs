//! The lazily deleted 4-ary heaps of the dual-step candidates.

use super::Num;

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
pub(super) struct MinHeap<N> {
    pub(super) items: Vec<(N, usize)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    pub(super) live: usize,
    /// Of each item: the last [`MinHeap::rebuild`] that met it (its `epoch`); O(items).
    seen: Vec<u32>,
    epoch: u32,
}

impl<N: Num> Default for MinHeap<N> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
            seen: Vec::new(),
            epoch: 0,
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

    /// Keeps the items `key_of` gives a key (their new key), each item once: one pass that
    /// drops repeated items by a stamp per item, then a bottom-up heap construction, O(len)
    /// (two sorts before: measured, they made frequent rebuilds dear).
    pub(super) fn rebuild(&mut self, mut key_of: impl FnMut(usize) -> Option<N>) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        let epoch = self.epoch;
        let mut items = std::mem::take(&mut self.items);
        let mut kept = 0;
        for i in 0..items.len() {
            let x = items[i].1;
            if x >= self.seen.len() {
                self.seen.resize(x + 1, 0);
            }
            if self.seen[x] == epoch {
                continue;
            }
            self.seen[x] = epoch;
            if let Some(key) = key_of(x) {
                items[kept] = (key, x);
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
