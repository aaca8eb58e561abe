//! The lazily deleted 4-ary heaps of the dual-step candidates.

use super::Num;

/// Asks the processor to start loading the cache line of `x` (into every cache level), so
/// that independent look-ups overlap instead of waiting for each other's misses. A hint
/// only: no effect on any value, a no-op off x86-64.
#[inline(always)]
pub(super) fn prefetch<T>(x: &T) {
    #[cfg(target_arch = "x86_64")]
    #[allow(unsafe_code)]
    // SAFETY: a prefetch is a hint: it never faults, reads or writes nothing the program
    // can observe and has no architectural effect; its address comes from a live shared
    // reference, so it is valid and aligned anyway. SSE (for `_mm_prefetch`) is part of
    // the x86-64 baseline.
    unsafe {
        use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
        _mm_prefetch::<_MM_HINT_T0>((x as *const T).cast::<i8>());
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = x;
}

/// An item of a [`MinHeap`]: its slot names it (a vertex, an edge, an endpoint or a
/// blossom, below 2n + 2m), so that a rebuild keeps each slot once.
pub(super) trait Item: Copy {
    /// Whether items sharing a slot may differ (then a rebuild keeps the first of them that
    /// is live; otherwise the first met stands for all, and its key decides).
    const SHARED: bool;
    /// The number naming the item.
    fn slot(self) -> usize;
}

impl Item for usize {
    const SHARED: bool = false;
    #[inline]
    fn slot(self) -> usize {
        self
    }
}

/// A δ2 candidate: the endpoint `p` at its unlabelled end (its slot) and the root of the
/// tree its S-end was in when it was pushed, so that a candidate whose tree was dissolved
/// since (most of the dead ones) is dropped by a look-up of `root` (an array few roots
/// touch) before any of the edge's (both in 32 bits: at most `u32::MAX` endpoints, checked
/// before the build). Candidates of one endpoint may name different roots.
#[derive(Clone, Copy)]
pub(super) struct End {
    pub(super) p: u32,
    pub(super) root: u32,
}

impl End {
    #[inline]
    pub(super) fn new(p: usize, root: usize) -> Self {
        End {
            p: p as u32,
            root: root as u32,
        }
    }
}

impl Item for End {
    const SHARED: bool = true;
    #[inline]
    fn slot(self) -> usize {
        self.p as usize
    }
}

/// How far ahead of its validations a [`MinHeap::rebuild`] prefetches.
const AHEAD: usize = 16;

/// A 4-ary min-heap of (key, item): shallower and more cache-friendly than a binary heap
/// for the millions of lazily deleted δ candidates of large graphs.
pub(super) struct MinHeap<N, I = usize> {
    pub(super) items: Vec<(N, I)>,
    /// Entries kept by the last [`MinHeap::rebuild`].
    pub(super) live: usize,
    /// Scratch of [`MinHeap::rebuild`], all zero between rebuilds: a bit per slot, set for
    /// the slots met. A bit, not a stamp per slot: the look-ups of a rebuild, one per entry
    /// at a random slot, then stay in cache (a `u32` stamp per endpoint of the δ2
    /// candidates is 4.5 MB on Euclidean 10-NN with 10⁵ points; these bits, 140 kB).
    seen: Vec<u64>,
    /// Scratch of [`MinHeap::rebuild`]: the words of `seen` it marked, cleared after it.
    touched: Vec<usize>,
}

impl<N: Num, I: Item> Default for MinHeap<N, I> {
    fn default() -> Self {
        MinHeap {
            items: Vec::new(),
            live: 0,
            seen: Vec::new(),
            touched: Vec::new(),
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

    /// Keeps the items `key_of` gives a key (their new key), each slot once: one pass that
    /// drops repeated slots by a bit per slot, then a bottom-up heap construction, O(len)
    /// (two sorts before: measured, they made frequent rebuilds dear). Without
    /// [`Item::SHARED`] a slot is marked when first met, so `key_of` is called once per slot
    /// (it may have effects); with it, only by an item kept (a dead item does not hide a
    /// live one of its slot after it).
    ///
    /// `ahead(item, stage)` is called before `key_of` on the items [`AHEAD`] entries ahead
    /// (stage 0: their first look-ups) and half as far ahead (stage 1: the look-ups that
    /// depend on those), to prefetch what `key_of` will read: the rebuild's random look-ups
    /// then overlap.
    pub(super) fn rebuild(
        &mut self,
        mut key_of: impl FnMut(I) -> Option<N>,
        ahead: impl Fn(I, u8),
    ) {
        let mut items = std::mem::take(&mut self.items);
        let mut seen = std::mem::take(&mut self.seen);
        let mut touched = std::mem::take(&mut self.touched);
        // Marks `slot`; false if it was marked already.
        let mut mark = |slot: usize| {
            let (word, bit) = (slot / 64, 1u64 << (slot % 64));
            if word >= seen.len() {
                seen.resize(word + 1, 0);
            }
            if seen[word] & bit != 0 {
                return false;
            }
            if seen[word] == 0 {
                touched.push(word);
            }
            seen[word] |= bit;
            true
        };
        let mut kept = 0;
        let len = items.len();
        for i in 0..len {
            // (Entries from i on are not yet moved by the compaction.)
            if i + AHEAD < len {
                ahead(items[i + AHEAD].1, 0);
            }
            if i + AHEAD / 2 < len {
                ahead(items[i + AHEAD / 2].1, 1);
            }
            let item = items[i].1;
            if I::SHARED {
                // (The key first: an item dropped marks nothing.)
                let Some(key) = key_of(item) else { continue };
                if mark(item.slot()) {
                    items[kept] = (key, item);
                    kept += 1;
                }
            } else if mark(item.slot())
                && let Some(key) = key_of(item)
            {
                items[kept] = (key, item);
                kept += 1;
            }
        }
        // Back to all zero, in O(entries): the words marked.
        for word in touched.drain(..) {
            seen[word] = 0;
        }
        self.touched = touched;
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

    /// Many rebuilds of a heap with repeated slots, each slot kept once (the first of its
    /// live items: a dead one, its tree dissolved, does not hide a live one after it) with
    /// its new key, and pops in key order, against a list.
    #[test]
    fn rebuilds_keep_each_live_slot_once() {
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
                // Slots 50..100 only every 255 rounds.
                let p = (next(50) + if round % 255 == 0 { 50 } else { 0 }) as usize;
                heap.push(next(1000) as i64, End::new(p, next(4) as usize));
            }
            // Live: the items whose root is not 0 and whose slot is not a multiple of 3
            // (varying by round), keyed anew by slot and root.
            let key = |c: End| {
                let (p, r) = (u64::from(c.p), u64::from(c.root));
                (r != 0 && (p + round) % 3 != 0).then(|| ((p * 7 + r + round) % 101) as i64)
            };
            let mut want: Vec<(i64, u32)> = Vec::new();
            for &(_, c) in &heap.items {
                if !want.iter().any(|&(_, q)| q == c.p)
                    && let Some(k) = key(c)
                {
                    want.push((k, c.p));
                }
            }
            heap.rebuild(key, |_, _| {});
            assert_eq!(heap.live, want.len(), "round {round}");
            want.sort_unstable();
            let mut got = Vec::new();
            while let Some((k, c)) = heap.peek() {
                assert!(c.root != 0, "a dead item dropped");
                got.push((k, c.p));
                heap.pop();
            }
            let keys = |v: &[(i64, u32)]| v.iter().map(|x| x.0).collect::<Vec<_>>();
            assert_eq!(keys(&got), keys(&want), "round {round}");
            got.sort_unstable();
            assert_eq!(got, want, "round {round}");
            // Leave some behind for the next round.
            for &(k, p) in want.iter().take(10) {
                heap.push(k, End::new(p as usize, 1));
            }
        }
    }

    /// Plain items (a vertex, an edge, a blossom): the first met of each slot stands for all
    /// (`key_of` called once per slot), rebuild after rebuild (the marks cleared each time).
    #[test]
    fn rebuilds_of_plain_items_call_the_key_once_per_slot() {
        let mut heap: MinHeap<i64> = MinHeap::default();
        for round in 0..300usize {
            for i in 0..50 {
                heap.push(
                    ((i * 13 + round) % 29) as i64,
                    (i * 7 + round) % 40 + 64 * (round % 3),
                );
            }
            let slots: std::collections::BTreeSet<usize> =
                heap.items.iter().map(|&(_, x)| x).collect();
            let mut calls = std::collections::BTreeMap::new();
            heap.rebuild(
                |x| {
                    *calls.entry(x).or_insert(0) += 1;
                    (x % 5 != round % 5).then_some((x % 17) as i64)
                },
                |_, _| {},
            );
            assert!(calls.values().all(|&c| c == 1), "round {round}");
            assert!(
                calls.keys().copied().eq(slots),
                "every slot met, round {round}"
            );
            let want = calls.keys().filter(|&&x| x % 5 != round % 5).count();
            assert_eq!(heap.live, want, "round {round}");
            let mut last = i64::MIN;
            while let Some((k, x)) = heap.peek() {
                assert!(k >= last && k == (x % 17) as i64);
                last = k;
                heap.pop();
            }
        }
    }
}
