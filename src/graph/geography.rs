//! Undirected vertex geography: who wins the game of moving a token along edges to vertices not
//! visited before, when the player who cannot move loses — from every start vertex at once, how
//! to play it, and the proof.
//!
//! **Guarantee:** [`Geography::winner`] is exact for every start vertex of any simple or
//! multi-graph (self-loops and repeated edges change nothing: a move must reach a new vertex);
//! [`Geography::certificate`] returns matchings and Tutte–Berge barriers that prove the answer
//! with no game search (see *Theorem*), which [`verify`] checks against the graph alone.
//!
//! **Theorem** (Fraenkel, Scheinerman & Ullman 1993, "Undirected edge geography" / the classic
//! matching strategy). The first player (Alice) wins from `s` exactly when every maximum matching
//! covers `s`. If some maximum matching `M` misses `s`, Bob answers each of Alice's moves along
//! `M`: Alice never reaches a vertex `M` leaves exposed, or flipping the path walked so far would
//! give a larger matching. If every maximum matching covers `s`, Alice moves along one, `M`, and
//! Bob can never step off it, by the same argument applied to `M` minus the start's edge in the
//! graph without `s`. By Gallai–Edmonds, the vertices missed by some maximum matching form the
//! set D, so one decomposition answers every start: Bob wins exactly from the vertices of D.
//!
//! **Certificates** ([`Certificate`], one shape per winner):
//! - Bob wins from `s`: a maximum matching leaving `s` exposed, and a barrier X with
//!   `|V| − 2|M| = odd(G − X) − |X|` (Tutte–Berge), which proves `M` maximum.
//! - Alice wins: a maximum matching `M` (with its barrier) and a barrier Y of `G − s` with
//!   `|V| − 1 − 2(|M| − 1) = odd(G − s − Y) − |Y|`: removing `s` loses a matched edge, so
//!   every maximum matching covers `s`.
//!
//! The King puzzle ([`crate::puzzles::king`]) is this game on the board's move graph; it maps
//! cells to vertices and back and uses this module for everything else.
//!
//! **Complexity:** [`Geography::new`] is one maximum matching and its Gallai–Edmonds
//! decomposition ([`maximum_matching_and_decomposition`]): near-linear in practice. Then
//! [`Geography::winner`] is O(1), [`Geography::strategy`] and [`Geography::certificate`]
//! O((n + m) · α(n)) each (one alternating-path flip or one more decomposition). [`verify`] is
//! O(n + m) and shares no code with the solver.
//!
//! **Status:** the winner of every start vertex is compared with exhaustive game search
//! (memoised over visited sets) on thousands of random graphs of up to 10 vertices, and every
//! certificate is checked by [`verify`] and mutated copies are rejected (this module's tests);
//! the King tests do the same on boards through the board's own verifier.

use super::barrier;
use super::general::{
    Class, Decomposition, Graph, Matching, gallai_edmonds, maximum_matching_and_decomposition,
    maximum_matching_avoiding,
};

mod verify;
pub(crate) use verify::{BarrierFault, Tutte, tutte_berge};
pub use verify::{GeographyError, verify};

/// A player: who moves, or who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum Player {
    /// The first player (moves from the start).
    Alice,
    /// The second player.
    Bob,
}

impl Player {
    /// `A` or `B`, as the King judge prints it.
    pub fn letter(self) -> char {
        match self {
            Player::Alice => 'A',
            Player::Bob => 'B',
        }
    }

    /// `Alice` or `Bob`.
    pub fn name(self) -> &'static str {
        match self {
            Player::Alice => "Alice",
            Player::Bob => "Bob",
        }
    }

    /// The other player.
    pub fn other(self) -> Player {
        match self {
            Player::Alice => Player::Bob,
            Player::Bob => Player::Alice,
        }
    }
}

/// A graph solved for every start vertex: one maximum matching and its Gallai–Edmonds
/// decomposition.
#[derive(Clone, Debug)]
pub struct Geography {
    graph: Graph,
    matching: Matching,
    decomposition: Decomposition,
}

impl Geography {
    /// Solves the game on `graph` for every start vertex at once.
    ///
    /// # Complexity
    /// One maximum matching plus its decomposition, in the same search.
    pub fn new(graph: Graph) -> Geography {
        let (matching, decomposition) = maximum_matching_and_decomposition(&graph);
        Geography {
            graph,
            matching,
            decomposition,
        }
    }

    /// The graph.
    pub fn graph(&self) -> &Graph {
        &self.graph
    }

    /// The maximum matching found.
    pub fn matching(&self) -> &Matching {
        &self.matching
    }

    /// Who wins when the token starts on `start`.
    ///
    /// # Panics
    /// If `start` is not a vertex.
    pub fn winner(&self, start: u32) -> Player {
        if self.decomposition.class(start) == Class::D {
            Player::Bob
        } else {
            Player::Alice
        }
    }

    /// The winner from every vertex, indexed by vertex.
    ///
    /// # Complexity
    /// O(n).
    pub fn winners(&self) -> Vec<Player> {
        (0..self.graph.num_vertices() as u32)
            .map(|v| self.winner(v))
            .collect()
    }

    /// A maximum matching that leaves `v` exposed, if `v` is in D.
    fn matching_missing(&self, v: u32) -> Option<Matching> {
        if self.matching.is_matched(v) {
            maximum_matching_avoiding(&self.graph, &self.matching, v)
        } else {
            Some(self.matching.clone())
        }
    }

    /// The maximum matching the winner from `start` plays along: for Bob one that leaves the
    /// start exposed, for Alice one that covers it.
    ///
    /// # Complexity
    /// Linear: at most one alternating-path flip.
    pub fn winning_matching(&self, start: u32) -> Matching {
        match self.winner(start) {
            Player::Bob => self
                .matching_missing(start)
                .expect("a vertex of D is missed by some maximum matching"),
            Player::Alice => self.matching.clone(),
        }
    }

    /// The winner's strategy from `start`: for Alice her first move; for Bob his reply to each
    /// of Alice's possible first moves (each neighbour once, in the order of the adjacency).
    /// Following the same matching afterwards wins the game.
    ///
    /// # Complexity
    /// Linear: at most one alternating-path flip.
    pub fn strategy(&self, start: u32) -> Strategy<u32> {
        let m = self.winning_matching(start);
        match self.winner(start) {
            Player::Alice => Strategy::Alice {
                first: m.mate(start).expect("Alice's matching covers the start"),
            },
            Player::Bob => {
                let mut seen = std::collections::HashSet::new();
                let replies = self
                    .graph
                    .neighbors(start)
                    .iter()
                    .filter(|&&u| u != start && seen.insert(u))
                    .map(|&u| (u, m.mate(u).expect("Bob's matching covers every neighbour")))
                    .collect();
                Strategy::Bob { replies }
            }
        }
    }

    /// The certificate of who wins from `start`.
    ///
    /// # Complexity
    /// Near-linear: at most one alternating-path flip and one more decomposition.
    pub fn certificate(&self, start: u32) -> Certificate<u32> {
        let barrier = barrier::minimize(&self.graph, &self.decomposition.barrier());
        match self.winner(start) {
            Player::Bob => Certificate::Bob {
                matching: self.winning_matching(start).edges().collect(),
                barrier,
            },
            Player::Alice => {
                // M minus the start's edge is maximum in G − start; decompose G − start.
                let gs = self.graph.without_vertex(start);
                let mut m = self.matching.clone();
                m.unmatch(start);
                let ge = gallai_edmonds(&gs, &m);
                Certificate::Alice {
                    matching: self.matching.edges().collect(),
                    barrier,
                    barrier_without_start: barrier::minimize(&gs, &ge.barrier()),
                }
            }
        }
    }
}

/// How the winner plays from the start; `V` names a vertex (a `u32` here, a board cell in the
/// King puzzle).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Strategy<V> {
    /// Alice wins by moving here first (then always along the same matching).
    Alice {
        /// Her first move.
        first: V,
    },
    /// Bob wins by answering each first move of Alice as listed.
    Bob {
        /// `(Alice's move, Bob's reply)`.
        replies: Vec<(V, V)>,
    },
}

impl<V> Strategy<V> {
    /// The same strategy with every vertex renamed by `f`.
    pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> Strategy<W> {
        match self {
            Strategy::Alice { first } => Strategy::Alice { first: f(first) },
            Strategy::Bob { replies } => Strategy::Bob {
                replies: replies.into_iter().map(|(a, b)| (f(a), f(b))).collect(),
            },
        }
    }
}

/// The proof of who wins from the start, one shape per winner (see the module docs); `V` names
/// a vertex.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Certificate<V> {
    /// Alice wins: every maximum matching covers the start.
    Alice {
        /// A maximum matching.
        matching: Vec<(V, V)>,
        /// A Tutte–Berge barrier proving it maximum.
        barrier: Vec<V>,
        /// A barrier of the graph without the start, proving its matching number is one less.
        barrier_without_start: Vec<V>,
    },
    /// Bob wins: a maximum matching leaves the start exposed.
    Bob {
        /// A maximum matching that leaves the start exposed.
        matching: Vec<(V, V)>,
        /// A Tutte–Berge barrier proving it maximum.
        barrier: Vec<V>,
    },
}

impl<V> Certificate<V> {
    /// Who wins.
    pub fn winner(&self) -> Player {
        match self {
            Certificate::Alice { .. } => Player::Alice,
            Certificate::Bob { .. } => Player::Bob,
        }
    }

    /// The maximum matching.
    pub fn matching(&self) -> &[(V, V)] {
        match self {
            Certificate::Alice { matching, .. } | Certificate::Bob { matching, .. } => matching,
        }
    }

    /// The barrier proving the matching maximum.
    pub fn barrier(&self) -> &[V] {
        match self {
            Certificate::Alice { barrier, .. } | Certificate::Bob { barrier, .. } => barrier,
        }
    }

    /// Alice's barrier of the graph without the start.
    pub fn barrier_without_start(&self) -> Option<&[V]> {
        match self {
            Certificate::Alice {
                barrier_without_start,
                ..
            } => Some(barrier_without_start),
            Certificate::Bob { .. } => None,
        }
    }

    /// The same certificate with every vertex renamed by `f`.
    pub fn map<W>(self, mut f: impl FnMut(V) -> W) -> Certificate<W> {
        let mut pairs = |m: Vec<(V, V)>| m.into_iter().map(|(a, b)| (f(a), f(b))).collect();
        match self {
            Certificate::Bob { matching, barrier } => {
                let matching = pairs(matching);
                Certificate::Bob {
                    matching,
                    barrier: barrier.into_iter().map(&mut f).collect(),
                }
            }
            Certificate::Alice {
                matching,
                barrier,
                barrier_without_start,
            } => {
                let matching = pairs(matching);
                Certificate::Alice {
                    matching,
                    barrier: barrier.into_iter().map(&mut f).collect(),
                    barrier_without_start: barrier_without_start.into_iter().map(&mut f).collect(),
                }
            }
        }
    }
}

#[cfg(test)]
mod tests;
