//! The geography certificate's independent check: a hash set of the edges, adjacency lists and
//! searches of its own, none of the solver's matching code. [`Tutte`] serves the matching
//! certificates of [`certified`](crate::graph::certified) too, and [`tutte_berge`] (the barrier's
//! count) the King board's verifier.

use std::collections::{HashMap, HashSet};

use super::Certificate;

/// Why a geography certificate is rejected.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GeographyError {
    /// The start is not a vertex.
    #[error("the start {} is not a vertex (the graph has {})", .0, crate::error::count(*.1, "vertex", "vertices"))]
    StartOutOfRange(u32, usize),
    /// A vertex of the certificate is not one of the graph's.
    #[error("vertex {} is not a vertex of the graph (it has {})", .0, crate::error::count(*.1, "vertex", "vertices"))]
    OutOfRange(u32, usize),
    /// A matched pair is not an edge.
    #[error("the pair {0} {1} is not an edge of the graph")]
    NotAnEdge(u32, u32),
    /// A vertex is matched twice.
    #[error("vertex {0} is matched twice")]
    MatchedTwice(u32),
    /// A barrier lists a vertex twice (or the start, for the barrier without it).
    #[error("the {what} lists vertex {vertex} twice (or lists the removed start)")]
    BarrierTwice {
        /// Which barrier.
        what: &'static str,
        /// The vertex.
        vertex: u32,
    },
    /// The Tutte–Berge equality fails, so the matching is not proved maximum.
    #[error(
        "the {what} does not prove the matching maximum: {} − 2·{matched} matched ≠ {} − {}",
        crate::error::count(*.vertices, "vertex", "vertices"),
        crate::error::count(*.odd, "odd component", "odd components"),
        crate::error::count(*.size, "barrier vertex", "barrier vertices")
    )]
    TutteBerge {
        /// Which barrier.
        what: &'static str,
        /// Vertices of the graph considered.
        vertices: usize,
        /// Matched edges.
        matched: usize,
        /// Odd components after removing the barrier.
        odd: usize,
        /// The barrier's size.
        size: usize,
    },
    /// Bob's matching covers the start.
    #[error("Bob's matching covers the start, so it does not show a maximum matching missing it")]
    StartCovered,
    /// Alice's matching is empty.
    #[error("Alice's claim needs a non-empty matching")]
    EmptyMatching,
}

/// Checks a geography certificate for `start` against the graph given by its `n` vertices and
/// its edge list, without the solver's code: matched pairs are edges (looked up in a hash set of
/// the listed edges) and vertex-disjoint; barriers hold distinct vertices; odd components are
/// counted by a search of its own (`tutte_berge`); then the Tutte–Berge equalities of the module
/// docs must hold, and Bob's matching must leave the start exposed.
///
/// # Complexity
/// O(n + m) expected.
pub fn verify(
    n: usize,
    edges: &[(u32, u32)],
    start: u32,
    cert: &Certificate<u32>,
) -> Result<(), GeographyError> {
    let check = Tutte::new(n, edges);
    if start as usize >= n {
        return Err(GeographyError::StartOutOfRange(start, n));
    }
    let matched = check.matching(cert.matching())?;
    let m = cert.matching().len();
    check.barrier(cert.barrier(), None, m, "barrier")?;
    match cert {
        Certificate::Bob { .. } if matched.contains(&start) => Err(GeographyError::StartCovered),
        Certificate::Bob { .. } => Ok(()),
        Certificate::Alice { .. } if m == 0 => Err(GeographyError::EmptyMatching),
        Certificate::Alice {
            barrier_without_start,
            ..
        } => check.barrier(
            barrier_without_start,
            Some(start),
            m - 1,
            "barrier without the start",
        ),
    }
}

/// The graph as a verifier sees it: adjacency lists built here, an edge set. The lists are
/// indexed by slot: a vertex's own number, or — when the vertices far outnumber the edges (a
/// small file may declare 10⁹ of them) — a slot of its own among the vertices that edges touch,
/// so that memory follows the edges, not the declared count. Vertices no edge touches are
/// isolated: each is an odd component of its own, which the barrier's count adds without a slot
/// (see [`Tutte::barrier`]).
pub(crate) struct Tutte {
    n: usize,
    /// `None`: a vertex's slot is its number; else the slot of each vertex an edge touches.
    slots: Option<HashMap<u32, u32>>,
    adjacency: Vec<Vec<u32>>,
    edges: HashSet<(u32, u32)>,
}

impl Tutte {
    /// The graph on `n` vertices with these edges (self-loops and repeats allowed). Edges with an
    /// end out of range are the caller's to refuse first.
    pub(crate) fn new(n: usize, edges: &[(u32, u32)]) -> Tutte {
        // One slot per vertex while that costs no more than the edges do.
        Tutte::with_slots(n, edges, n > 2 * edges.len() + 1024)
    }

    /// [`Tutte::new`], with slots of their own for the touched vertices when `compact`.
    pub(crate) fn with_slots(n: usize, edges: &[(u32, u32)], compact: bool) -> Tutte {
        let mut slots = compact.then(HashMap::new);
        let mut adjacency = if compact {
            Vec::new()
        } else {
            vec![Vec::new(); n]
        };
        let mut set = HashSet::with_capacity(edges.len());
        for &(u, v) in edges {
            if u != v && (u as usize) < n && (v as usize) < n {
                let mut slot = |w: u32| match &mut slots {
                    None => w,
                    Some(map) => *map.entry(w).or_insert_with(|| {
                        adjacency.push(Vec::new());
                        adjacency.len() as u32 - 1
                    }),
                };
                let (a, b) = (slot(u), slot(v));
                adjacency[a as usize].push(b);
                adjacency[b as usize].push(a);
                set.insert((u.min(v), u.max(v)));
            }
        }
        Tutte {
            n,
            slots,
            adjacency,
            edges: set,
        }
    }

    /// Checks that `pairs` is a matching of the graph; returns the vertices it covers.
    pub(crate) fn matching(&self, pairs: &[(u32, u32)]) -> Result<HashSet<u32>, GeographyError> {
        let mut matched = HashSet::with_capacity(2 * pairs.len());
        for &(u, v) in pairs {
            for w in [u, v] {
                if w as usize >= self.n {
                    return Err(GeographyError::OutOfRange(w, self.n));
                }
            }
            if !self.edges.contains(&(u.min(v), u.max(v))) {
                return Err(GeographyError::NotAnEdge(u, v));
            }
            for w in [u, v] {
                if !matched.insert(w) {
                    return Err(GeographyError::MatchedTwice(w));
                }
            }
        }
        Ok(matched)
    }

    /// Checks `|V'| − 2·matched = odd(G' − X) − |X|` for `G'` the graph without `removed`
    /// ([`tutte_berge`]). With slots for the touched vertices only, the barrier's and the
    /// removed vertex's untouched ones get slots of their own (isolated), and each vertex left
    /// without a slot is an isolated vertex of `G' − X`: it adds one to both sides, so the
    /// count runs on the slots and adds them back to the totals it reports.
    pub(crate) fn barrier(
        &self,
        barrier: &[u32],
        removed: Option<u32>,
        matched: usize,
        what: &'static str,
    ) -> Result<(), GeographyError> {
        let n = self.n;
        let touched = self.adjacency.len();
        // Slots past the touched vertices: the barrier's and the removed vertex's others.
        let mut extra: HashMap<u32, usize> = HashMap::new();
        if let Some(map) = &self.slots {
            for &x in barrier.iter().chain(&removed) {
                if (x as usize) < n && !map.contains_key(&x) {
                    let next = touched + extra.len();
                    extra.entry(x).or_insert(next);
                }
            }
        }
        let slots = match &self.slots {
            None => n,
            Some(_) => touched + extra.len(),
        };
        let neighbours = |u: usize| {
            self.adjacency
                .get(u)
                .into_iter()
                .flatten()
                .map(|&w| w as usize)
        };
        let index = |&x: &u32| match &self.slots {
            _ if x as usize >= n => None,
            None => Some(x as usize),
            Some(map) => map
                .get(&x)
                .map(|&i| i as usize)
                .or_else(|| extra.get(&x).copied()),
        };
        let removed = removed.and_then(|s| index(&s));
        tutte_berge(
            slots,
            |_| true,
            neighbours,
            barrier,
            index,
            removed,
            matched,
        )
        .map_err(|fault| match fault {
            BarrierFault::NotAVertex(k) => GeographyError::OutOfRange(barrier[k], n),
            BarrierFault::Twice(k) => GeographyError::BarrierTwice {
                what,
                vertex: barrier[k],
            },
            BarrierFault::Count { vertices, odd } => GeographyError::TutteBerge {
                what,
                vertices: vertices + (n - slots),
                matched,
                odd: odd + (n - slots),
                size: barrier.len(),
            },
        })
    }
}

/// The first fault [`tutte_berge`] finds in a barrier.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum BarrierFault {
    /// The barrier's entry at this position is no vertex of the graph.
    NotAVertex(usize),
    /// The barrier's entry at this position repeats an earlier one, or is the removed vertex.
    Twice(usize),
    /// The Tutte–Berge equality fails: the vertices of the graph (without the removed one)
    /// and the odd components left by the barrier.
    Count {
        /// Vertices of the graph, without the removed one.
        vertices: usize,
        /// Odd components of the graph without the removed vertex and the barrier.
        odd: usize,
    },
}

/// The Tutte–Berge check of a barrier, shared by every verifier of matching certificates (the
/// geography and graph certificates through [`Tutte::barrier`], the King board's
/// [`verify`](crate::puzzles::king::verify) on the board itself): on the graph whose vertices
/// are the slots `0..slots` for which `present` holds, without `removed`, the barrier `X` holds
/// distinct vertices (`index` gives an entry's slot, or `None` when it names no vertex), and
/// `|V| − 2·matched = odd(G − X) − |X|`, which proves a matching of `matched` edges maximum.
/// `neighbours(u)` gives the slots next to `u` (those not present are skipped here).
/// Odd components are counted by a search with an explicit stack (no recursion).
///
/// # Complexity
/// O(slots + the neighbours visited) time, `slots` bytes and a stack beside.
pub(crate) fn tutte_berge<T, I: IntoIterator<Item = usize>>(
    slots: usize,
    present: impl Fn(usize) -> bool,
    neighbours: impl Fn(usize) -> I,
    barrier: &[T],
    index: impl Fn(&T) -> Option<usize>,
    removed: Option<usize>,
    matched: usize,
) -> Result<(), BarrierFault> {
    let mut gone = vec![false; slots];
    if let Some(s) = removed {
        gone[s] = true;
    }
    for (k, x) in barrier.iter().enumerate() {
        let Some(i) = index(x).filter(|&i| i < slots && present(i)) else {
            return Err(BarrierFault::NotAVertex(k));
        };
        if std::mem::replace(&mut gone[i], true) {
            return Err(BarrierFault::Twice(k));
        }
    }
    let vertices = (0..slots).filter(|&i| present(i)).count() - usize::from(removed.is_some());
    let mut odd = 0usize;
    let mut stack = Vec::new();
    for s in 0..slots {
        if gone[s] || !present(s) {
            continue;
        }
        gone[s] = true;
        stack.push(s);
        let mut size = 0usize;
        while let Some(u) = stack.pop() {
            size += 1;
            for w in neighbours(u) {
                if present(w) && !std::mem::replace(&mut gone[w], true) {
                    stack.push(w);
                }
            }
        }
        odd += size % 2;
    }
    if vertices as i64 - 2 * matched as i64 != odd as i64 - barrier.len() as i64 {
        return Err(BarrierFault::Count { vertices, odd });
    }
    Ok(())
}
