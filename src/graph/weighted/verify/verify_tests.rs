//! Tests of [`verify`]: hand-built certificates accepted (their totals checked against the
//! exhaustive oracle), tampered copies refused with the expected variant, and random tiny
//! certificates checked against a plain re-implementation of the same conditions.

use super::*;
use crate::graph::weighted::OddSet;
use gridmatch_oracles::weighted::max_weight;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A graph with a matching and its duals.
#[derive(Clone, Debug)]
struct Cert {
    name: &'static str,
    n: usize,
    edges: Vec<(u32, u32)>,
    weights: Vec<i64>,
    matched: Vec<usize>,
    duals: Duals,
}

impl Cert {
    fn verify(&self) -> Result<i128, DualError> {
        verify(
            self.n,
            &self.edges,
            &self.weights,
            &self.matched,
            &self.duals,
        )
    }

    fn naive(&self) -> Result<i128, DualError> {
        naive(
            self.n,
            &self.edges,
            &self.weights,
            &self.matched,
            &self.duals,
        )
    }

    fn optimum(&self) -> i128 {
        let e: Vec<(usize, usize, i64)> = self
            .edges
            .iter()
            .zip(&self.weights)
            .map(|(&(u, v), &w)| (u as usize, v as usize, w))
            .collect();
        max_weight(self.n, &e)
    }
}

/// A set listing `vertices` as its own, with no children (a whole set before [`forest`]).
fn set(vertices: &[u32], dual: i64) -> OddSet {
    OddSet {
        vertices: vertices.to_vec(),
        children: Vec::new(),
        dual: i128::from(dual),
    }
}

/// `duals` whose sets each list all their vertices (and no children), as the forest.
fn forest(n: usize, mut duals: Duals) -> Duals {
    let full: Vec<(Vec<u32>, i128)> = duals
        .blossoms
        .iter()
        .map(|b| (b.vertices.clone(), b.dual))
        .collect();
    duals.blossoms = Duals::from_full_sets(n, &full).expect("a laminar family");
    duals
}

impl Cert {
    /// The same certificate with its sets (each listing all its vertices) as the forest.
    fn forest(mut self) -> Cert {
        self.duals = forest(self.n, self.duals);
        self
    }
}

/// The variant's name.
fn kind(e: &DualError) -> String {
    let d = format!("{e:?}");
    d.split([' ', '{', '(']).next().unwrap_or("").to_string()
}

/// The hand-built certificates and their totals.
fn certificates() -> Vec<(Cert, i128)> {
    let k: i64 = 1 << 58;
    let whole = vec![
        (
            Cert {
                name: "single edge",
                n: 2,
                edges: vec![(0, 1)],
                weights: vec![5],
                matched: vec![0],
                duals: Duals {
                    vertex: vec![4, 6],
                    blossoms: vec![],
                },
            },
            5,
        ),
        (
            // 0-1-2-3 with weights 3, 5, 3: the two outer edges, 6.
            Cert {
                name: "path",
                n: 4,
                edges: vec![(0, 1), (1, 2), (2, 3)],
                weights: vec![3, 5, 3],
                matched: vec![0, 2],
                duals: Duals {
                    vertex: vec![1, 5, 5, 1],
                    blossoms: vec![],
                },
            },
            6,
        ),
        (
            // Weights 5, 6, 7: vertex duals alone would need 11; y = (0.5, 0, 2), z = 4.
            Cert {
                name: "triangle",
                n: 3,
                edges: vec![(0, 1), (1, 2), (0, 2)],
                weights: vec![5, 6, 7],
                matched: vec![2],
                duals: Duals {
                    vertex: vec![2, 0, 4],
                    blossoms: vec![set(&[0, 1, 2], 8)],
                },
            },
            7,
        ),
        (
            // A 5-cycle of weight 10 and the pendant edge 0-5 of weight 3: 23.
            Cert {
                name: "5-cycle with a pendant edge",
                n: 6,
                edges: vec![(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)],
                weights: vec![10, 10, 10, 10, 10, 3],
                matched: vec![5, 1, 3],
                duals: Duals {
                    vertex: vec![2, 0, 0, 0, 0, 4],
                    blossoms: vec![set(&[0, 1, 2, 3, 4], 20)],
                },
            },
            23,
        ),
        (
            // Triangles {0,1,2}, {3,4,5}, {6,7,8} of weight-10 edges, joined in a triangle by
            // 2-3, 5-6, 8-0 of weight 4: inner z = 6, outer z = 4, total 3·10 + 4.
            Cert {
                name: "triangle of triangles",
                n: 9,
                edges: vec![
                    (0, 1),
                    (1, 2),
                    (0, 2),
                    (3, 4),
                    (4, 5),
                    (3, 5),
                    (6, 7),
                    (7, 8),
                    (6, 8),
                    (2, 3),
                    (5, 6),
                    (0, 8),
                ],
                weights: vec![10, 10, 10, 10, 10, 10, 10, 10, 10, 4, 4, 4],
                matched: vec![0, 4, 6, 9],
                duals: Duals {
                    vertex: vec![0; 9],
                    blossoms: vec![
                        set(&[3, 4, 5], 12),
                        set(&[0, 1, 2, 3, 4, 5, 6, 7, 8], 8),
                        set(&[0, 1, 2], 12),
                        set(&[6, 7, 8], 12),
                    ],
                },
            },
            34,
        ),
        (
            // Rows 0, 1 and columns 2, 3.
            Cert {
                name: "bipartite",
                n: 4,
                edges: vec![(0, 2), (0, 3), (1, 2), (1, 3)],
                weights: vec![3, 5, 4, 2],
                matched: vec![1, 2],
                duals: Duals {
                    vertex: vec![6, 8, 0, 4],
                    blossoms: vec![],
                },
            },
            9,
        ),
        (
            // A heavy self-loop, negative edges, a matched edge of weight 0.
            Cert {
                name: "negative and zero weights",
                n: 6,
                edges: vec![(0, 1), (1, 2), (2, 3), (3, 0), (4, 5), (5, 5)],
                weights: vec![-3, 0, 4, -1, 0, 100],
                matched: vec![2, 4],
                duals: Duals {
                    vertex: vec![0, 0, 4, 4, 0, 0],
                    blossoms: vec![],
                },
            },
            4,
        ),
        (
            Cert {
                name: "parallel edges",
                n: 3,
                edges: vec![(0, 1), (1, 0), (1, 2)],
                weights: vec![3, 7, 4],
                matched: vec![1],
                duals: Duals {
                    vertex: vec![6, 8, 0],
                    blossoms: vec![],
                },
            },
            7,
        ),
        (
            // Minimum perfect matching of the 4-cycle 1, 5, 1, 5 with the chord 0-2 of weight
            // 2, as the maximum of K − w.
            Cert {
                name: "perfect matching shifted by K",
                n: 4,
                edges: vec![(0, 1), (1, 2), (2, 3), (3, 0), (0, 2)],
                weights: vec![k - 1, k - 5, k - 1, k - 5, k - 2],
                matched: vec![0, 2],
                duals: Duals {
                    vertex: vec![i128::from(k - 1); 4],
                    blossoms: vec![],
                },
            },
            2 * i128::from(k) - 2,
        ),
    ];
    whole.into_iter().map(|(c, t)| (c.forest(), t)).collect()
}

#[test]
fn hand_built_certificates_are_accepted_and_optimal() {
    for (c, total) in certificates() {
        assert_eq!(c.verify(), Ok(total), "{}", c.name);
        assert_eq!(c.naive(), Ok(total), "{}", c.name);
        assert_eq!(c.optimum(), total, "{}", c.name);
    }
}

/// Which variants a tamper may give; `ok_if_naive` marks the matching changes that may leave
/// another optimal matching (then the plain check must accept too, and the total be optimal).
struct Tamper {
    what: String,
    cert: Cert,
    allowed: &'static [&'static str],
    ok_if_naive: bool,
}

fn tampers(c: &Cert) -> Vec<Tamper> {
    let mut out = Vec::new();
    let mut add = |what: String, cert: Cert, allowed: &'static [&'static str], ok: bool| {
        out.push(Tamper {
            what,
            cert,
            allowed,
            ok_if_naive: ok,
        })
    };
    let n = c.n;
    // Shapes.
    let mut t = c.clone();
    t.duals.vertex.push(0);
    add(
        "one vertex dual too many".into(),
        t,
        &["VertexDualsLength"],
        false,
    );
    let mut t = c.clone();
    t.weights.pop();
    add("one weight missing".into(), t, &["WeightsLength"], false);
    let mut t = c.clone();
    t.edges[0].1 = n as u32;
    add("edge out of range".into(), t, &["EdgeOutOfRange"], false);
    let mut t = c.clone();
    t.matched.push(c.edges.len());
    add(
        "matched index out of range".into(),
        t,
        &["MatchedOutOfRange"],
        false,
    );
    let mut t = c.clone();
    t.edges.push((0, 0));
    t.weights.push(0);
    t.matched.push(c.edges.len());
    add("matched self-loop".into(), t, &["MatchedLoop"], false);
    let mut t = c.clone();
    t.matched.push(c.matched[0]);
    add(
        "matched edge repeated".into(),
        t,
        &["MatchedRepeated"],
        false,
    );

    // Vertex duals.
    for v in 0..n {
        let d = c.duals.vertex[v];
        if d >= 2 {
            for by in [1, 2] {
                let mut t = c.clone();
                t.duals.vertex[v] -= by;
                add(
                    format!("dual of {v} lowered by {by}"),
                    t,
                    &["EdgeNotCovered"],
                    false,
                );
            }
        }
        let mut t = c.clone();
        t.duals.vertex[v] = -1;
        add(
            format!("dual of {v} negative"),
            t,
            &["NegativeVertexDual"],
            false,
        );
        let mut t = c.clone();
        t.duals.vertex[v] += 1;
        add(
            format!("dual of {v} raised by 1"),
            t,
            &["NotTight", "ExposedWithDual"],
            false,
        );
    }

    // Odd sets (a forest: own vertices, children before parents).
    let k = c.duals.blossoms.len();
    let parent_of = |b: usize| (0..k).find(|&p| c.duals.blossoms[p].children.contains(&(b as u32)));
    for b in 0..k {
        let s = &c.duals.blossoms[b];
        let size = c.duals.all_vertices(b).unwrap().len();
        if let Some(p) = parent_of(b) {
            let mut t = c.clone();
            t.duals.blossoms[p].children.retain(|&x| x as usize != b);
            add(
                format!("child set {b} dropped from {p}"),
                t,
                &["BlossomEven"],
                false,
            );
            let mut t = c.clone();
            t.duals.blossoms[b].children.push(p as u32);
            add(
                format!("set {b} names its parent {p} as a child: a cycle"),
                t,
                &["ChildNotBefore"],
                false,
            );
        }
        if !s.children.is_empty() {
            let mut t = c.clone();
            t.duals.blossoms[b].children[0] = b as u32;
            add(
                format!("set {b} names itself as a child"),
                t,
                &["ChildNotBefore"],
                false,
            );
            let mut t = c.clone();
            let first = s.children[0];
            t.duals.blossoms[b].children.push(first);
            add(
                format!("set {b} names child {first} twice"),
                t,
                &["ChildrenUnsorted"],
                false,
            );
        }
        if s.children.len() >= 2 {
            let mut t = c.clone();
            t.duals.blossoms[b].children.swap(0, 1);
            add(
                format!("set {b}'s children unsorted"),
                t,
                &["ChildrenUnsorted"],
                false,
            );
        }
        // A set holding a child of b, listed after b, naming it again.
        if let Some(&child) = s.children.first()
            && let Some(other) = (b + 1..k).find(|&o| parent_of(b) != Some(o))
        {
            let mut t = c.clone();
            t.duals.blossoms[other].children.insert(0, child);
            t.duals.blossoms[other].children.sort_unstable();
            add(
                format!("child {child} of {b} also named by {other}"),
                t,
                &["ChildTwice", "ChildrenUnsorted"],
                false,
            );
        }
        let mut t = c.clone();
        t.duals.blossoms[b].dual += 1;
        add(format!("set {b} dual raised"), t, &["NotTight"], false);
        let mut t = c.clone();
        t.duals.blossoms[b].dual = 0;
        add(
            format!("set {b} dual zero"),
            t,
            &["BlossomDualNotPositive"],
            false,
        );
        if s.dual >= 2 {
            let mut t = c.clone();
            t.duals.blossoms[b].dual -= 1;
            add(
                format!("set {b} dual lowered"),
                t,
                &["EdgeNotCovered"],
                false,
            );
        }
        // A vertex in no set joins b: b's size turns even.
        let in_some = |x: u32| c.duals.blossoms.iter().any(|o| o.vertices.contains(&x));
        if let Some(x) = (0..n as u32).find(|&x| !in_some(x)) {
            let mut t = c.clone();
            let vs = &mut t.duals.blossoms[b].vertices;
            vs.push(x);
            vs.sort_unstable();
            add(
                format!("set {b} given {x}: even"),
                t,
                &["BlossomEven"],
                false,
            );
        }
        // A vertex of another set listed in b too.
        if let Some(x) = (0..n as u32).find(|&x| in_some(x) && !s.vertices.contains(&x)) {
            let mut t = c.clone();
            let vs = &mut t.duals.blossoms[b].vertices;
            vs.push(x);
            vs.sort_unstable();
            add(
                format!("vertex {x} listed in set {b} too"),
                t,
                // Set b is checked first if the other set comes after it.
                &["VertexInTwoSets", "BlossomEven"],
                false,
            );
        }
        if !s.vertices.is_empty() {
            let mut t = c.clone();
            t.duals.blossoms[b].vertices.pop();
            add(
                format!("set {b} lost a vertex"),
                t,
                if size == 3 {
                    &["BlossomTooSmall"]
                } else {
                    &["BlossomEven", "DuplicateBlossom"]
                },
                false,
            );
            let mut t = c.clone();
            *t.duals.blossoms[b].vertices.last_mut().unwrap() = n as u32;
            add(
                format!("set {b} out of range"),
                t,
                &["BlossomVertexOutOfRange"],
                false,
            );
        }
        if s.vertices.len() >= 2 {
            let mut t = c.clone();
            t.duals.blossoms[b].vertices[1] = s.vertices[0];
            add(format!("set {b} repeats"), t, &["BlossomRepeat"], false);
            let mut t = c.clone();
            t.duals.blossoms[b].vertices.swap(0, 1);
            add(format!("set {b} unsorted"), t, &["BlossomUnsorted"], false);
        }
        let mut t = c.clone();
        t.duals.blossoms.push(s.clone());
        add(
            format!("set {b} twice"),
            t,
            if k + 1 >= n {
                &["TooManySets"]
            } else {
                &["VertexInTwoSets", "ChildTwice"]
            },
            false,
        );
        let mut t = c.clone();
        while t.duals.blossoms.len() < n {
            t.duals.blossoms.push(s.clone());
        }
        add(
            format!("set {b} repeated n times"),
            t,
            &["TooManySets"],
            false,
        );
        // A set with no vertex of its own and b as its only child.
        if parent_of(b).is_none() && k + 1 < n {
            let mut t = c.clone();
            t.duals.blossoms.push(OddSet {
                vertices: Vec::new(),
                children: vec![b as u32],
                dual: 2,
            });
            add(
                format!("set {b} wrapped in a set of the same vertices"),
                t,
                &["DuplicateBlossom"],
                false,
            );
        }
    }
    if n >= 5 {
        let mut t = c.clone();
        t.duals.blossoms.push(set(&[0, 1, 2], 2));
        t.duals.blossoms.push(set(&[2, 3, 4], 2));
        add(
            "two sets sharing a vertex".into(),
            t,
            &["VertexInTwoSets", "TooManySets"],
            false,
        );
    }

    // The matching.
    for (i, &e) in c.matched.iter().enumerate() {
        let (u, v) = c.edges[e];
        let mut t = c.clone();
        t.matched.remove(i);
        add(
            format!("matched edge {e} removed"),
            t,
            &["ExposedWithDual", "BlossomNotFull"],
            c.weights[e] == 0,
        );
        for (f, &(a, b)) in c.edges.iter().enumerate() {
            if f == e || a == b || !(a == u || a == v || b == u || b == v) {
                continue;
            }
            let mut t = c.clone();
            t.matched[i] = f;
            add(
                format!("matched edge {e} swapped for {f}"),
                t,
                &[
                    "MatchedTwice",
                    "NotTight",
                    "ExposedWithDual",
                    "BlossomNotFull",
                ],
                true,
            );
        }
        for by in [1, -1] {
            let mut t = c.clone();
            t.weights[e] += by;
            add(
                format!("weight of matched edge {e} changed by {by}: total off by one"),
                t,
                if by > 0 {
                    &["EdgeNotCovered"]
                } else {
                    &["NotTight"]
                },
                false,
            );
        }
    }
    for (f, &(a, b)) in c.edges.iter().enumerate() {
        if a == b || c.matched.contains(&f) {
            continue;
        }
        let mut t = c.clone();
        t.matched.push(f);
        add(
            format!("edge {f} added to the matching"),
            t,
            &["MatchedTwice", "NotTight"],
            true,
        );
    }
    out
}

#[test]
fn tampered_certificates_are_refused() {
    let mut refused = 0;
    let mut other_optimum = 0;
    for (c, _) in certificates() {
        let mut here = 0;
        for t in tampers(&c) {
            let got = t.cert.verify();
            let plain = t.cert.naive();
            match &got {
                Ok(total) => {
                    assert!(
                        t.ok_if_naive && plain.is_ok(),
                        "{}: {} accepted",
                        c.name,
                        t.what
                    );
                    assert_eq!(*total, t.cert.optimum(), "{}: {}", c.name, t.what);
                    other_optimum += 1;
                }
                Err(e) => {
                    assert!(
                        t.allowed.contains(&kind(e).as_str()),
                        "{}: {} refused with {e:?}, expected one of {:?}",
                        c.name,
                        t.what,
                        t.allowed
                    );
                    let p = plain.as_ref().expect_err("the plain check accepts");
                    same_refusal(e, p, &t.cert);
                    // The words name the vertices through the caller's names.
                    assert!(!e.describe(&|v| format!("v{v}")).is_empty());
                    here += 1;
                }
            }
        }
        assert!(here >= 10, "{}: only {here} tampers refused", c.name);
        refused += here;
    }
    assert!(refused > 300, "{refused}");
    assert!(other_optimum < refused / 10, "{other_optimum}");
}

/// `fast` (from [`verify`]) and `plain` (from [`naive`]) refuse for the same reason.
fn same_refusal(fast: &DualError, plain: &DualError, _c: &Cert) {
    assert_eq!(fast, plain);
}

/// The same conditions as [`verify`], in the same order, written plainly: every set is
/// compared with every other, and each edge's sum runs over all sets.
fn naive(
    n: usize,
    edges: &[(u32, u32)],
    weights: &[i64],
    matched: &[usize],
    duals: &Duals,
) -> Result<i128, DualError> {
    if n > u32::MAX as usize {
        return Err(DualError::TooManyVertices { n });
    }
    if duals.vertex.len() != n {
        return Err(DualError::VertexDualsLength {
            n,
            len: duals.vertex.len(),
        });
    }
    if weights.len() != edges.len() {
        return Err(DualError::WeightsLength {
            edges: edges.len(),
            weights: weights.len(),
        });
    }
    for (e, &(u, v)) in edges.iter().enumerate() {
        for x in [u, v] {
            if x as usize >= n {
                return Err(DualError::EdgeOutOfRange {
                    edge: e,
                    vertex: x,
                    n,
                });
            }
        }
    }
    for (i, &e) in matched.iter().enumerate() {
        if e >= edges.len() {
            return Err(DualError::MatchedOutOfRange {
                position: i,
                edge: e,
                edges: edges.len(),
            });
        }
        let (u, v) = edges[e];
        if u == v {
            return Err(DualError::MatchedLoop { edge: e, vertex: u });
        }
        for x in [u, v] {
            for &f in &matched[..i] {
                if f == e {
                    return Err(DualError::MatchedRepeated { edge: e });
                }
                let (a, b) = edges[f];
                if a == x || b == x {
                    return Err(DualError::MatchedTwice {
                        vertex: x,
                        first: f,
                        second: e,
                    });
                }
            }
        }
    }
    for v in 0..n {
        if duals.vertex[v] < 0 {
            return Err(DualError::NegativeVertexDual {
                vertex: v as u32,
                dual: duals.vertex[v],
            });
        }
    }
    let sets = &duals.blossoms;
    if !sets.is_empty() && sets.len() >= n {
        return Err(DualError::TooManySets {
            sets: sets.len(),
            n,
        });
    }
    // Each set's vertices in full, built children first.
    let mut full: Vec<Vec<u32>> = Vec::new();
    for (b, s) in sets.iter().enumerate() {
        for i in 0..s.vertices.len() {
            let x = s.vertices[i];
            if x as usize >= n {
                return Err(DualError::BlossomVertexOutOfRange {
                    blossom: b,
                    vertex: x,
                    n,
                });
            }
            if i > 0 && s.vertices[i - 1] == x {
                return Err(DualError::BlossomRepeat {
                    blossom: b,
                    vertex: x,
                });
            }
            if i > 0 && s.vertices[i - 1] > x {
                return Err(DualError::BlossomUnsorted {
                    blossom: b,
                    vertex: x,
                    previous: s.vertices[i - 1],
                });
            }
            if let Some(a) = (0..b).find(|&a| sets[a].vertices.contains(&x)) {
                return Err(DualError::VertexInTwoSets {
                    vertex: x,
                    first: a,
                    second: b,
                });
            }
        }
        for i in 0..s.children.len() {
            let c = s.children[i];
            if c as usize >= b {
                return Err(DualError::ChildNotBefore {
                    blossom: b,
                    child: c,
                });
            }
            if i > 0 && s.children[i - 1] >= c {
                return Err(DualError::ChildrenUnsorted {
                    blossom: b,
                    child: c,
                    previous: s.children[i - 1],
                });
            }
            if let Some(a) = (0..b).find(|&a| sets[a].children.contains(&c)) {
                return Err(DualError::ChildTwice {
                    child: c,
                    first: a,
                    second: b,
                });
            }
        }
        if s.vertices.is_empty() && s.children.len() == 1 {
            return Err(DualError::DuplicateBlossom {
                first: s.children[0] as usize,
                second: b,
            });
        }
        let mut all = s.vertices.clone();
        for &c in &s.children {
            all.extend_from_slice(&full[c as usize]);
        }
        all.sort_unstable();
        let size = all.len();
        full.push(all);
        if size < 3 {
            return Err(DualError::BlossomTooSmall { blossom: b, size });
        }
        if size % 2 == 0 {
            return Err(DualError::BlossomEven { blossom: b, size });
        }
        if s.dual <= 0 {
            return Err(DualError::BlossomDualNotPositive {
                blossom: b,
                dual: s.dual,
            });
        }
    }
    // What the checks above imply: the sets are distinct and laminar.
    for a in 0..full.len() {
        for b in a + 1..full.len() {
            let (x, y) = (&full[a], &full[b]);
            let meet = x.iter().any(|v| y.contains(v));
            let x_in_y = x.iter().all(|v| y.contains(v));
            let y_in_x = y.iter().all(|v| x.contains(v));
            assert!(!(x_in_y && y_in_x), "sets {a} and {b} are equal");
            assert!(!meet || x_in_y || y_in_x, "sets {a} and {b} cross");
        }
    }
    let sum = |u: u32, v: u32| -> i128 {
        let mut s = duals.vertex[u as usize] + duals.vertex[v as usize];
        for (b, all) in sets.iter().zip(&full) {
            if all.contains(&u) && all.contains(&v) {
                s += b.dual;
            }
        }
        s
    };
    for (e, &(u, v)) in edges.iter().enumerate() {
        if u != v && sum(u, v) < 2 * i128::from(weights[e]) {
            return Err(DualError::EdgeNotCovered {
                edge: e,
                u,
                v,
                weight: i128::from(weights[e]),
                dual_sum: sum(u, v),
            });
        }
    }
    for &e in matched {
        let (u, v) = edges[e];
        if sum(u, v) != 2 * i128::from(weights[e]) {
            return Err(DualError::NotTight {
                edge: e,
                u,
                v,
                weight: i128::from(weights[e]),
                dual_sum: sum(u, v),
            });
        }
    }
    for v in 0..n as u32 {
        let covered = matched.iter().any(|&e| edges[e].0 == v || edges[e].1 == v);
        if duals.vertex[v as usize] > 0 && !covered {
            return Err(DualError::ExposedWithDual {
                vertex: v,
                dual: duals.vertex[v as usize],
            });
        }
    }
    for (b, s) in full.iter().enumerate() {
        let inside = matched
            .iter()
            .filter(|&&e| s.contains(&edges[e].0) && s.contains(&edges[e].1))
            .count();
        let needed = (s.len() - 1) / 2;
        if inside != needed {
            return Err(DualError::BlossomNotFull {
                blossom: b,
                inside,
                needed,
            });
        }
    }
    let mut dual: i128 = duals.vertex.iter().sum();
    for (s, all) in sets.iter().zip(&full) {
        dual += s.dual * (all.len() as i128 - 1) / 2;
    }
    let total: i128 = matched.iter().map(|&e| i128::from(weights[e])).sum();
    if dual != 2 * total {
        return Err(DualError::ObjectiveMismatch {
            dual,
            primal: 2 * total,
        });
    }
    Ok(total)
}

/// A random valid certificate on `n` vertices: a random laminar family of odd sets (odd
/// unions of smaller items), a matching chosen inside out so that every set is full, random
/// duals, then weights that make the matched edges tight and the others covered.
fn random_valid(rng: &mut ChaCha8Rng, n: usize) -> Cert {
    // Items: (vertices, base), the base being the one vertex not matched inside.
    let mut items: Vec<(Vec<u32>, u32)> = (0..n as u32).map(|v| (vec![v], v)).collect();
    let mut pairs: Vec<(u32, u32)> = Vec::new();
    let mut blossoms = Vec::new();
    for _ in 0..rng.random_range(0..4) {
        let most = if items.len() % 2 == 1 {
            items.len()
        } else {
            items.len() - 1
        };
        if most < 3 {
            break;
        }
        let r = 2 * rng.random_range(1..=(most - 1) / 2) + 1;
        let mut chosen = Vec::new();
        for _ in 0..r {
            chosen.push(items.swap_remove(rng.random_range(0..items.len())));
        }
        let mut bases: Vec<u32> = chosen.iter().map(|c| c.1).collect();
        let base = bases.swap_remove(rng.random_range(0..bases.len()));
        for p in bases.chunks(2) {
            pairs.push((p[0], p[1]));
        }
        let mut vs: Vec<u32> = chosen.into_iter().flat_map(|c| c.0).collect();
        vs.sort_unstable();
        blossoms.push(set(
            &vs,
            2 * rng.random_range(1..4) + rng.random_range(0..2),
        ));
        items.push((vs, base));
    }
    let mut bases: Vec<u32> = items.iter().map(|c| c.1).collect();
    while bases.len() >= 2 && rng.random_bool(0.7) {
        let a = bases.swap_remove(rng.random_range(0..bases.len()));
        let b = bases.swap_remove(rng.random_range(0..bases.len()));
        pairs.push((a, b));
    }
    let mut vertex = vec![0i64; n];
    for &(a, b) in &pairs {
        for x in [a, b] {
            if rng.random_bool(0.6) {
                vertex[x as usize] = rng.random_range(0..7);
            }
        }
    }
    let common = |vertex: &[i64], u: u32, v: u32| -> i64 {
        let mut s = vertex[u as usize] + vertex[v as usize];
        for b in &blossoms {
            if b.vertices.contains(&u) && b.vertices.contains(&v) {
                s += b.dual as i64;
            }
        }
        s
    };
    let mut edges = Vec::new();
    let mut weights = Vec::new();
    for &(a, b) in &pairs {
        if common(&vertex, a, b) % 2 != 0 {
            vertex[a as usize] += 1;
        }
        let (a, b) = if rng.random_bool(0.5) { (a, b) } else { (b, a) };
        edges.push((a, b));
        weights.push(common(&vertex, a, b) / 2);
    }
    let matched_count = edges.len();
    for _ in 0..rng.random_range(0..=2 * n) {
        let u = rng.random_range(0..n as u32);
        let v = rng.random_range(0..n as u32);
        edges.push((u, v));
        weights.push(if u == v {
            rng.random_range(-5..20)
        } else {
            common(&vertex, u, v).div_euclid(2) - rng.random_range(0..3)
        });
    }
    // Shuffle the edges, keeping track of the matched ones.
    let mut perm: Vec<usize> = (0..edges.len()).collect();
    for i in (1..perm.len()).rev() {
        perm.swap(i, rng.random_range(0..=i));
    }
    let mut new_edges = vec![(0, 0); edges.len()];
    let mut new_weights = vec![0; edges.len()];
    for (old, &new) in perm.iter().enumerate() {
        new_edges[new] = edges[old];
        new_weights[new] = weights[old];
    }
    let mut matched: Vec<usize> = perm[..matched_count].to_vec();
    for i in (1..matched.len()).rev() {
        matched.swap(i, rng.random_range(0..=i));
    }
    // The family in any order.
    for i in (1..blossoms.len()).rev() {
        blossoms.swap(i, rng.random_range(0..=i));
    }
    Cert {
        name: "random",
        n,
        edges: new_edges,
        weights: new_weights,
        matched,
        duals: Duals {
            vertex: vertex.into_iter().map(i128::from).collect(),
            blossoms,
        },
    }
    .forest()
}

/// One small random change, most of them breaking the certificate.
fn mutate(rng: &mut ChaCha8Rng, c: &mut Cert) {
    let n = c.n;
    let m = c.edges.len();
    let k = c.duals.blossoms.len();
    // After a change of length, the vertex duals and weights may not match n and m.
    let (nd, nw) = (c.duals.vertex.len(), c.weights.len());
    match rng.random_range(0..17) {
        0 if nd > 0 => c.duals.vertex[rng.random_range(0..nd)] += rng.random_range(-2..=2),
        1 if k > 0 => c.duals.blossoms[rng.random_range(0..k)].dual += rng.random_range(-2..=2),
        2 if nw > 0 => c.weights[rng.random_range(0..nw)] += rng.random_range(-2..=2),
        3 if !c.matched.is_empty() => {
            c.matched.remove(rng.random_range(0..c.matched.len()));
        }
        4 if m > 0 => c.matched.push(rng.random_range(0..m)),
        5 if k > 0 => {
            c.duals.blossoms.remove(rng.random_range(0..k));
        }
        6 if n > 0 => {
            // A random odd set.
            let size = 2 * rng.random_range(0..=(n - 1) / 2) + 1;
            let mut vs: Vec<u32> = (0..n as u32).collect();
            for i in (1..vs.len()).rev() {
                vs.swap(i, rng.random_range(0..=i));
            }
            vs.truncate(size);
            vs.sort_unstable();
            c.duals.blossoms.push(set(&vs, rng.random_range(1..5)));
        }
        7 if k > 0 && n > 0 => {
            let vs = &mut c.duals.blossoms[rng.random_range(0..k)].vertices;
            let x = rng.random_range(0..n as u32);
            match vs.binary_search(&x) {
                Ok(i) => {
                    vs.remove(i);
                }
                Err(i) => vs.insert(i, x),
            }
        }
        8 if k > 0 && !c.duals.blossoms.iter().any(|b| b.vertices.is_empty()) => {
            let vs = &mut c.duals.blossoms[rng.random_range(0..k)].vertices;
            let i = rng.random_range(0..vs.len());
            let j = rng.random_range(0..vs.len());
            if rng.random_bool(0.5) {
                vs.swap(i, j);
            } else {
                vs[i] = vs[j];
            }
        }
        9 if !c.matched.is_empty() && m > 0 => {
            let i = rng.random_range(0..c.matched.len());
            c.matched[i] = rng.random_range(0..m);
        }
        10 if nd > 0 => {
            let v = rng.random_range(0..nd);
            c.duals.vertex[v] = rng.random_range(-1..3);
        }
        11 => {
            if rng.random_bool(0.5) {
                c.duals.vertex.push(0);
            } else if m > 0 {
                c.weights.pop();
            }
        }
        12 if m > 0 => {
            let e = rng.random_range(0..m);
            c.edges[e].0 = rng.random_range(0..=n as u32);
        }
        13 if k > 0 => {
            let b = rng.random_range(0..k);
            c.duals.blossoms.push(c.duals.blossoms[b].clone());
        }
        14 if k > 0 => {
            // A child dropped, or a child added (any index, maybe not smaller).
            let b = rng.random_range(0..k);
            let cs = &mut c.duals.blossoms[b].children;
            if !cs.is_empty() && rng.random_bool(0.5) {
                cs.remove(rng.random_range(0..cs.len()));
            } else {
                // Often an earlier set (likely some other set's child already).
                let c = if b > 0 && rng.random_bool(0.7) {
                    rng.random_range(0..b as u32)
                } else {
                    rng.random_range(0..=k as u32)
                };
                cs.push(c);
                cs.sort_unstable();
            }
        }
        15 if k > 0 => {
            let cs = &mut c.duals.blossoms[rng.random_range(0..k)].children;
            if cs.len() >= 2 {
                cs.swap(0, 1);
            } else if let Some(x) = cs.first_mut() {
                *x = rng.random_range(0..=k as u32);
            }
        }
        16 if k > 0 => {
            // The same sets in another order, children renumbered (accepted if still children
            // first).
            let b = rng.random_range(0..k);
            let a = rng.random_range(0..k);
            c.duals.blossoms.swap(a, b);
            for s in &mut c.duals.blossoms {
                for x in &mut s.children {
                    if *x as usize == a {
                        *x = b as u32;
                    } else if *x as usize == b {
                        *x = a as u32;
                    }
                }
                s.children.sort_unstable();
            }
        }
        _ => {}
    }
}

#[test]
fn agrees_with_the_plain_check_on_random_certificates() {
    let mut rng = ChaCha8Rng::seed_from_u64(25);
    let (mut accepted, mut refused) = (0, 0);
    let mut kinds = std::collections::BTreeMap::new();
    for _ in 0..6000 {
        let n = rng.random_range(1..=8);
        let mut c = random_valid(&mut rng, n);
        assert_eq!(c.verify(), c.naive(), "{c:?}");
        assert!(c.verify().is_ok(), "{c:?}");
        if rng.random_bool(0.7) {
            for _ in 0..rng.random_range(1..=2) {
                mutate(&mut rng, &mut c);
            }
        }
        let fast = c.verify();
        let plain = c.naive();
        match (&fast, &plain) {
            (Ok(a), Ok(b)) => {
                assert_eq!(a, b, "{c:?}");
                assert_eq!(*a, c.optimum(), "accepted but not optimal: {c:?}");
                accepted += 1;
            }
            (Err(a), Err(b)) => {
                same_refusal(a, b, &c);
                *kinds.entry(kind(a)).or_insert(0) += 1;
                refused += 1;
            }
            _ => panic!("{fast:?} vs {plain:?} on {c:?}"),
        }
    }
    eprintln!("{accepted} accepted, {refused} refused: {kinds:?}");
    assert!(accepted > 1500 && refused > 2500, "{accepted} {refused}");
    // Every variant reachable by these mutations occurs.
    for k in [
        "VertexDualsLength",
        "WeightsLength",
        "EdgeOutOfRange",
        "MatchedLoop",
        "MatchedRepeated",
        "MatchedTwice",
        "NegativeVertexDual",
        "BlossomRepeat",
        "BlossomUnsorted",
        "BlossomTooSmall",
        "BlossomEven",
        "BlossomDualNotPositive",
        "VertexInTwoSets",
        "ChildNotBefore",
        "ChildrenUnsorted",
        "EdgeNotCovered",
        "NotTight",
        "ExposedWithDual",
        "BlossomNotFull",
    ] {
        assert!(kinds.contains_key(k), "{k} never seen: {kinds:?}");
    }
}

#[test]
fn a_vertex_in_two_sets_names_both() {
    let (mut c, _) = certificates().swap_remove(4);
    assert_eq!(c.name, "triangle of triangles");
    c.duals.blossoms.push(set(&[2, 3, 4], 2));
    let e = c.verify().unwrap_err();
    let DualError::VertexInTwoSets {
        vertex,
        first,
        second,
    } = e
    else {
        panic!("{e:?}")
    };
    assert_eq!(second, c.duals.blossoms.len() - 1);
    assert!(c.duals.blossoms[first].vertices.contains(&vertex), "{e:?}");
    same_refusal(&e, &c.naive().unwrap_err(), &c);
    let words = e.describe(&|v| format!("<{v}>"));
    assert!(words.contains(&format!("<{vertex}>")), "{words}");
}

#[test]
fn forest_tampers_each_refused_by_both_checks() {
    // Two triangles inside a 7-set: 0 = {0, 1, 2}, 1 = {3, 4, 5}, 2 = {6} + 0 + 1.
    let tri = |a: u32| OddSet {
        vertices: vec![a, a + 1, a + 2],
        children: vec![],
        dual: 2,
    };
    let top = OddSet {
        vertices: vec![6],
        children: vec![0, 1],
        dual: 2,
    };
    let n = 9;
    let good = Duals {
        vertex: vec![0; n],
        blossoms: vec![tri(0), tri(3), top.clone()],
    };
    let edges = [(0, 1), (3, 4), (2, 5), (6, 7)];
    let weights = [2, 2, 1, 0];
    let matched = [0, 1, 2];
    assert_eq!(verify(n, &edges, &weights, &matched, &good), Ok(5));
    let cases: Vec<(&str, Vec<OddSet>, &str)> = vec![
        (
            "a set naming another's child",
            vec![
                tri(0),
                tri(3),
                top.clone(),
                OddSet {
                    vertices: vec![7, 8],
                    children: vec![0],
                    dual: 2,
                },
            ],
            "ChildTwice",
        ),
        (
            "a child dropped",
            vec![
                tri(0),
                tri(3),
                OddSet {
                    children: vec![0],
                    ..top.clone()
                },
            ],
            "BlossomEven",
        ),
        (
            "a child index not smaller",
            vec![
                tri(0),
                tri(3),
                OddSet {
                    children: vec![0, 2],
                    ..top.clone()
                },
            ],
            "ChildNotBefore",
        ),
        (
            "a cycle",
            vec![
                OddSet {
                    children: vec![2],
                    ..tri(0)
                },
                tri(3),
                top.clone(),
            ],
            "ChildNotBefore",
        ),
        (
            "a vertex in two sets",
            vec![
                tri(0),
                tri(3),
                OddSet {
                    vertices: vec![5, 6],
                    ..top.clone()
                },
            ],
            "VertexInTwoSets",
        ),
        (
            "a dual lowered",
            vec![tri(0), OddSet { dual: 1, ..tri(3) }, top.clone()],
            "EdgeNotCovered",
        ),
        (
            "an even set",
            vec![
                tri(0),
                tri(3),
                OddSet {
                    vertices: vec![6, 7],
                    ..top.clone()
                },
            ],
            "BlossomEven",
        ),
    ];
    for (what, blossoms, expected) in cases {
        let d = Duals {
            vertex: vec![0; n],
            blossoms,
        };
        let fast = verify(n, &edges, &weights, &matched, &d).expect_err(what);
        assert_eq!(kind(&fast), expected, "{what}: {fast:?}");
        assert_eq!(
            Err(fast),
            naive(n, &edges, &weights, &matched, &d),
            "{what}"
        );
    }
}

#[test]
fn describe_uses_the_callers_names_and_halves() {
    let (mut c, _) = certificates().swap_remove(2);
    c.duals.vertex[0] = 1;
    let e = c.verify().unwrap_err();
    assert_eq!(
        e,
        DualError::EdgeNotCovered {
            edge: 0,
            u: 0,
            v: 1,
            weight: 5,
            dual_sum: 9
        }
    );
    let words = e.describe(&|v| ["a", "b", "c"][v as usize].to_string());
    assert!(words.contains("edge a b of weight 5"), "{words}");
    assert!(words.contains("sum to 4.5"), "{words}");
    assert_eq!(
        e.to_string(),
        "edge 0 (0, 1) of weight 5: doubled duals sum to 9, less than 10"
    );
    // Out-of-range vertices are never passed to `name`.
    let e = DualError::BlossomVertexOutOfRange {
        blossom: 0,
        vertex: 7,
        n: 3,
    };
    assert!(e.describe(&|_| panic!("named")).contains("number 7"));
    assert_eq!(error::half(-3), "-1.5");
    assert_eq!(error::half(4), "2");
}

#[test]
fn extreme_values_neither_overflow_nor_panic() {
    // Duals at i64::MAX, weights at i64::MIN and MAX, a deep chain of nested sets.
    let n = 41;
    let mut blossoms = Vec::new();
    for size in (3..=n).step_by(2) {
        let vs: Vec<u32> = (0..size as u32).collect();
        blossoms.push(set(&vs, i64::MAX));
    }
    let edges: Vec<(u32, u32)> = (0..n as u32 - 1).map(|v| (v, v + 1)).collect();
    let mut weights = vec![i64::MIN; edges.len()];
    weights[0] = i64::MAX;
    let duals = forest(
        n,
        Duals {
            vertex: vec![i128::from(i64::MAX); n],
            blossoms,
        },
    );
    let r = verify(n, &edges, &weights, &[], &duals);
    assert!(
        matches!(r, Err(DualError::ExposedWithDual { vertex: 0, .. })),
        "{r:?}"
    );
    assert_eq!(r, naive(n, &edges, &weights, &[], &duals));
    // No allocation from a number: a huge n is refused before anything is built.
    let r = verify(usize::MAX, &[], &[], &[], &Duals::default());
    assert_eq!(r, Err(DualError::TooManyVertices { n: usize::MAX }));
    let r = verify(1 << 32, &[], &[], &[], &Duals::default());
    assert_eq!(r, Err(DualError::TooManyVertices { n: 1 << 32 }));
    let r = verify(u32::MAX as usize, &[], &[], &[], &Duals::default());
    assert!(matches!(r, Err(DualError::VertexDualsLength { .. })));
}

#[test]
fn a_deep_chain_of_nested_sets() {
    // The path 0-1-…-2d, the sets S_i = {0..=2i} (i = 1..=d) with doubled dual 2, the
    // matching (1,2), (3,4), …, (2d−1,2d): S_i holds i matched edges. An edge (a, b) with
    // a < b lies in the sets with 2i ≥ b: c = d − ⌈b/2⌉ + 1 of them, so weight c is tight;
    // chords between random vertices weigh one less than their cover.
    let d = 2000u32;
    let n = 2 * d as usize + 1;
    let blossoms: Vec<OddSet> = (1..=d)
        .rev()
        .map(|i| set(&(0..=2 * i).collect::<Vec<u32>>(), 2))
        .collect();
    let cover = |a: u32, b: u32| -> i64 {
        let b = a.max(b);
        let from = b.div_ceil(2).max(1);
        i64::from(d + 1 - from)
    };
    let mut edges: Vec<(u32, u32)> = (0..2 * d).map(|v| (v, v + 1)).collect();
    let mut weights: Vec<i64> = edges.iter().map(|&(a, b)| cover(a, b)).collect();
    let matched: Vec<usize> = (0..d as usize).map(|i| 2 * i + 1).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..100_000 {
        let a = rng.random_range(0..n as u32);
        let b = rng.random_range(0..n as u32);
        edges.push((a, b));
        weights.push(cover(a, b) - 1);
    }
    let total: i128 = matched.iter().map(|&e| i128::from(weights[e])).sum();
    let duals = forest(
        n,
        Duals {
            vertex: vec![0; n],
            blossoms,
        },
    );
    // The forest is a chain: each set owns two vertices (the innermost three).
    assert!(duals.blossoms.iter().all(|b| b.vertices.len() <= 3));
    assert_eq!(verify(n, &edges, &weights, &matched, &duals), Ok(total));
    // One chord one heavier than its cover is found.
    let e = edges.len() - 1;
    if edges[e].0 != edges[e].1 {
        weights[e] += 2;
        let r = verify(n, &edges, &weights, &matched, &duals);
        assert!(
            matches!(r, Err(DualError::EdgeNotCovered { edge, .. }) if edge == e),
            "{r:?}"
        );
    }
}

/// Counts of one read as one, in the short words and in `describe`: `1 vertex`, `1 edge`,
/// `1 matched edge` (never `1 edges`); other counts keep their plurals.
#[test]
fn counts_of_one_are_singular() {
    let name = |v: u32| format!("v{v}");
    let short_and_long = |e: DualError| format!("{e}\n{}", e.describe(&name));
    let cases = [
        DualError::VertexDualsLength { n: 1, len: 1 },
        DualError::WeightsLength {
            edges: 1,
            weights: 2,
        },
        DualError::EdgeOutOfRange {
            edge: 0,
            vertex: 4,
            n: 1,
        },
        DualError::MatchedOutOfRange {
            position: 0,
            edge: 3,
            edges: 1,
        },
        DualError::WeightTooLarge {
            edge: 0,
            weight: 1 << 121,
            n: 1,
        },
        DualError::BlossomVertexOutOfRange {
            blossom: 0,
            vertex: 5,
            n: 1,
        },
        DualError::BlossomTooSmall {
            blossom: 0,
            size: 1,
        },
        DualError::TooManySets { sets: 1, n: 1 },
        DualError::BlossomNotFull {
            blossom: 0,
            inside: 1,
            needed: 2,
        },
    ];
    for e in cases {
        let words = short_and_long(e);
        for plural in [
            "1 vertices",
            "1 edges",
            "1 vertex duals",
            "1 odd sets",
            "1 matched edges",
        ] {
            assert!(!words.contains(plural), "{plural:?} in {words:?}");
        }
        let singular = ["1 vertex", "1 edge", "1 odd set", "1 matched edge"];
        assert!(singular.iter().any(|w| words.contains(w)), "{words}");
    }
    let e = DualError::WeightsLength {
        edges: 2,
        weights: 1,
    };
    assert_eq!(e.to_string(), "2 edges but 1 weight");
    let e = DualError::BlossomNotFull {
        blossom: 3,
        inside: 1,
        needed: 2,
    };
    assert_eq!(
        e.describe(&name),
        "odd set 3 (counting from 0) has a positive dual but holds 1 matched edge, not 2 (half \
         of its size, rounded down)"
    );
}

/// Messages count in words: "1 edge", not "1 edges" (the shape errors of the engines, and
/// the certificate checks' counts).
#[test]
fn messages_say_one_edge_not_one_edges() {
    use crate::graph::certified::MatchingError;
    use crate::graph::certified::weighted::WeightedError;
    use crate::graph::weighted::{Cardinality, Question, Sense, WeightError};
    let q = Question {
        sense: Sense::Max,
        cardinality: Cardinality::Any,
    };
    let shape = |e: WeightError| match e {
        WeightError::Shape(s) => s,
        other => panic!("{other:?}"),
    };
    let e = crate::graph::weighted::solve(2, &[(0, 1)], &[1, 2], q, None).unwrap_err();
    assert_eq!(shape(e), "1 edge but 2 weights");
    let e = crate::graph::weighted::general::max_weight_matching(2, &[(0, 1), (0, 1)], &[1])
        .unwrap_err();
    assert_eq!(shape(e), "2 edges but 1 weight");
    let e = WeightedError::NotPerfect {
        pairs: 1,
        vertices: 4,
    };
    assert_eq!(
        e.to_string(),
        "the matching has 1 pair; a perfect one on 4 vertices has 2"
    );
    let e = WeightedError::PairWeights {
        pairs: 1,
        weights: 1,
    };
    assert_eq!(e.to_string(), "1 pair but 1 pair weight");
    let e = MatchingError::CoverSize {
        cover: 1,
        matching: 2,
    };
    assert_eq!(
        e.to_string(),
        "the cover has 1 vertex but the matching 2 edges"
    );
    let e = crate::graph::twosat::verify::TwoSatError::ModelLength { values: 1, vars: 1 };
    assert_eq!(e.to_string(), "the model has 1 value for 1 variable");
}
