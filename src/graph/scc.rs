//! Strongly connected components: one iterative Tarjan search (Pearce's space-efficient
//! variant) for every caller, each with its own digraph and hooks ([`Search`]): written for the
//! edge classes of `bipartite/classify.rs`, the Dulmage–Mendelsohn blocks of `bipartite/dm.rs`
//! and 2-SAT (`twosat/mod.rs`), which all run on it.
//!
//! **Guarantee:** [`Tarjan::run`] visits every vertex whose record's [`Record::rindex`] is
//! [`UNVISITED`] (a caller leaves a vertex out by setting it to [`EXCLUDED`], which the search
//! treats as a completed component it never enters) and completes the strongly connected
//! components in Tarjan's order: a component is completed only after every component it
//! reaches, i.e. in reverse topological order. A completed component's vertices get the same
//! id, counting down from `n` in completion order. Hooks ([`Search`]) see each arc out of a
//! vertex, merge what a visited head carries into the tail's record, see each vertex of a
//! completing component as it gets the component's id ([`Search::labelled`]: the other vertices,
//! then the root), and see each component as
//! it completes: its root (first discovered) and its other vertices, each of which was
//! discovered at [`Search::enter`] with an index `root + 1 + position` for its position in
//! discovery order.
//!
//! **Complexity:** O(n + arcs) time; the records plus two `u32` arrays of `n` (the call stack
//! and the component stack share one), touched only as deep as the search goes. Nothing
//! recurses, so a path of 10⁶ vertices runs on any thread stack.
//!
//! **Algorithm:** Tarjan (1972) in the form of Pearce ("A space-efficient algorithm for finding
//! strongly connected components", IPL 2016): one `rindex` per vertex serves as discovery index,
//! low-link and finally component id; the live indices stay `1..=L` for `L` live vertices, so
//! a new component id (counting down from `n`) exceeds every live index and a head's `rindex`
//! is below the tail's only if the head is live. A frame is its vertex and one word, the
//! caller's cursor shifted left with a flag for "the low-link was lowered" (not a root).
//!
//! **Status:** component ids compared with a reachability closure on thousands of random
//! digraphs up to 12 vertices (loops, parallel arcs, excluded vertices), the reverse
//! topological order and the discovery positions checked (`scc_tests.rs`), and a 10⁶-vertex
//! cycle on a 256 KiB stack; the labelling order checked at every step; classify's, dm's and
//! 2-SAT's tests run through it (dm orders each block's rows by the discovery positions above;
//! 2-SAT stops at the first literal labelled after its complement).

/// [`Record::rindex`] of a vertex the search has not reached yet.
pub const UNVISITED: u32 = 0;
/// [`Record::rindex`] of a vertex left out of the search.
pub const EXCLUDED: u32 = u32::MAX;
/// Most vertices: ids `1..=n` stay below [`EXCLUDED`].
pub const MAX_VERTICES: usize = u32::MAX as usize - 2;

/// A vertex's record: its `rindex` (see the module docs) and whatever the caller keeps beside
/// it, so that looking at an arc's head touches one place.
pub trait Record: Copy {
    /// The search's word: [`UNVISITED`], a live index or low-link, a component id, or
    /// [`EXCLUDED`].
    fn rindex(&self) -> u32;
    /// Sets the search's word.
    fn set_rindex(&mut self, r: u32);
}

impl Record for u32 {
    fn rindex(&self) -> u32 {
        *self
    }
    fn set_rindex(&mut self, r: u32) {
        *self = r;
    }
}

/// The caller's digraph and hooks.
pub trait Search {
    /// The vertex record.
    type Rec: Record;
    /// Vertex `x` is discovered with index `index`; returns the cursor of its first arc
    /// (below `2^31`).
    fn enter(&mut self, x: u32, index: u32, rec: &mut Self::Rec) -> u32;
    /// The head of `x`'s arc at `cursor` or later, advancing `cursor` past it (it stays below
    /// `2^31`), or `None` when `x` has no arc left. May note what the scan meets in `rec`.
    fn next(&mut self, x: u32, cursor: &mut u32, rec: &mut Self::Rec) -> Option<u32>;
    /// After the arc `x → w` to a visited vertex (a finished child, or any other vertex seen
    /// before; not an excluded one), what `w` carries is merged into `x`'s `rec`.
    fn merge(&mut self, rec: &mut Self::Rec, head: &Self::Rec);
    /// Vertex `x` of the component completing now was just labelled `id`: first the members
    /// in the order [`Search::complete`] gets them, then the root, so in `recs` exactly the
    /// vertices before `x` in that order (and `x`) carry `id`. Does nothing unless the caller
    /// needs it (2-SAT checks here whether `x`'s complement came first).
    #[inline]
    fn labelled(&mut self, recs: &[Self::Rec], x: u32, id: u32) {
        let _ = (recs, x, id);
    }
    /// A component completed, id `id`: `root` and its other vertices `members` (already
    /// labelled `id`). Returns whether to stop the search here.
    fn complete(&mut self, recs: &mut [Self::Rec], root: u32, members: &[u32], id: u32) -> bool;
}

/// The search's working memory over `n` vertices: the records, and the stacks.
pub struct Tarjan<R> {
    /// One record per vertex.
    pub recs: Vec<R>,
    /// `stack[..depth]` is the call stack, `stack[sp..]` the component stack (growing
    /// downwards); free to reuse after the search.
    pub stack: Vec<u32>,
    /// For call-stack depth `d`: `(cursor << 1) | lowered`; free to reuse after the search.
    pub frames: Vec<u32>,
}

impl<R: Record> Tarjan<R> {
    /// The search over `recs` (one per vertex, [`UNVISITED`] or [`EXCLUDED`]).
    ///
    /// # Panics
    /// If there are more than [`MAX_VERTICES`] records.
    pub fn new(recs: Vec<R>) -> Self {
        let n = recs.len();
        assert!(n <= MAX_VERTICES, "scc: at most 2^32 - 3 vertices");
        Tarjan {
            recs,
            stack: vec![0; n],
            frames: vec![0; n],
        }
    }

    /// Runs the search from every unvisited vertex in increasing order, each vertex's arcs in
    /// the caller's cursor order. Returns the id of the component at which
    /// [`Search::complete`] stopped it, or `None`.
    ///
    /// # Panics
    /// If a cursor is `2^31` or more.
    pub fn run<S: Search<Rec = R>>(&mut self, s: &mut S) -> Option<u32> {
        let Tarjan {
            recs,
            stack,
            frames,
        } = self;
        let n = recs.len();
        // n <= MAX_VERTICES, so these are exact.
        let mut index: u32 = 1;
        let mut comp: u32 = n as u32;
        let mut sp = n;
        let enter = |s: &mut S, recs: &mut [R], x: usize, index: u32| -> u32 {
            recs[x].set_rindex(index);
            let cursor = s.enter(x as u32, index, &mut recs[x]);
            assert!(cursor < 1 << 31, "scc: a cursor must be below 2^31");
            cursor << 1
        };
        for root in 0..n {
            if recs[root].rindex() != UNVISITED {
                continue;
            }
            stack[0] = root as u32;
            frames[0] = enter(s, recs, root, index);
            index += 1;
            let mut depth = 1;
            while depth > 0 {
                let top = depth - 1;
                let v = stack[top] as usize;
                let word = frames[top];
                let mut cursor = word >> 1;
                let mut lowered = word & 1;
                let mut rv = recs[v];
                let mut descend = None;
                while let Some(w) = s.next(v as u32, &mut cursor, &mut rv) {
                    let head = recs[w as usize];
                    let rw = head.rindex();
                    if rw == EXCLUDED {
                        continue;
                    }
                    if rw == UNVISITED {
                        descend = Some(w as usize);
                        break;
                    }
                    if rw < rv.rindex() {
                        rv.set_rindex(rw);
                        lowered = 1;
                    }
                    s.merge(&mut rv, &head);
                }
                recs[v] = rv;
                if let Some(w) = descend {
                    assert!(cursor < 1 << 31, "scc: a cursor must be below 2^31");
                    frames[top] = (cursor << 1) | lowered;
                    stack[depth] = w as u32;
                    frames[depth] = enter(s, recs, w, index);
                    index += 1;
                    depth += 1;
                    continue;
                }
                // v is finished.
                depth -= 1;
                if lowered == 0 {
                    // v is the root of a component: v and everything on the component stack
                    // with rindex >= rindex[v].
                    let r = rv.rindex();
                    let first = sp;
                    while sp < n && r <= recs[stack[sp] as usize].rindex() {
                        let w = stack[sp];
                        recs[w as usize].set_rindex(comp);
                        s.labelled(recs, w, comp);
                        sp += 1;
                    }
                    recs[v].set_rindex(comp);
                    s.labelled(recs, v as u32, comp);
                    index -= (sp - first + 1) as u32;
                    if s.complete(recs, v as u32, &stack[first..sp], comp) {
                        return Some(comp);
                    }
                    comp -= 1;
                } else {
                    sp -= 1;
                    stack[sp] = v as u32;
                }
                if depth > 0 {
                    let p = stack[depth - 1] as usize;
                    let finished = recs[v];
                    let mut rp = recs[p];
                    if finished.rindex() < rp.rindex() {
                        rp.set_rindex(finished.rindex());
                        frames[depth - 1] |= 1;
                    }
                    s.merge(&mut rp, &finished);
                    recs[p] = rp;
                }
            }
        }
        None
    }
}

#[cfg(test)]
#[path = "scc_tests.rs"]
mod tests;
