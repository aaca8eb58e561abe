//! The lazily deleted 4-ary heaps of the dual-step candidates.

use super::Num;

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
pub(super) struct MinHeap<N> {
    pub(super) items: Vec<(N, usize)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    pub(super) live: usize,
}

impl<N: Num> Default for MinHeap<N> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
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

    /// Keeps the items `key_of` gives a key (their new key), each item once.
    pub(super) fn rebuild(&mut self, mut key_of: impl FnMut(usize) -> Option<N>) {
        let mut items: Vec<(N, usize)> = std::mem::take(&mut self.items)
            .into_iter()
            .filter_map(|(_, x)| key_of(x).map(|k| (k, x)))
            .collect();
        items.sort_unstable_by_key(|&(_, x)| x);
        items.dedup_by_key(|&mut (_, x)| x);
        // Sorted by key, the array is a heap.
        items.sort_unstable();
        self.live = items.len();
        self.items = items;
    }

    pub(super) fn peek(&self) -> Option<(N, usize)> {
        self.items.first().copied()
    }

    pub(super) fn pop(&mut self) {
        let Some(last) = self.items.pop() else { return };
        let len = self.items.len();
        if len == 0 {
            return;
        }
        let mut i = 0;
        loop {
            let first = 4 * i + 1;
            if first >= len {
                break;
            }
            let end = (first + 4).min(len);
            let mut best = first;
            for c in first + 1..end {
                if self.items[c].0 < self.items[best].0 {
                    best = c;
                }
            }
            if self.items[best].0 >= last.0 {
                break;
            }
            self.items[i] = self.items[best];
            i = best;
        }
        self.items[i] = last;
    }
}
