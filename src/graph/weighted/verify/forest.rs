//! Condition 2 and the sums of conditions 3–4: the laminar family of odd sets as a forest,
//! checked as it is built, with binary lifting for common ancestors (see the [module
//! docs](super)).

#[cfg(doc)]
use super::MAX_DUAL;
use super::{DualError, MAX_CHAIN};
use crate::graph::weighted::Duals;

/// No set, in the forest's `u32` numbering of the sets.
pub(super) const NO_SET: u32 = u32::MAX;

/// What the edge loop needs of a vertex, in one place (one cache line read per endpoint).
#[derive(Clone, Copy)]
struct Vertex {
    /// Its doubled dual.
    dual: i128,
    /// Its innermost set (`NO_SET` if none holds it).
    inner: u32,
    /// The root of the tree of its innermost set (`NO_SET` if none).
    root: u32,
}

/// The laminar family as a forest: each set's parent is the smallest set holding it. Sets are
/// numbered as in [`Duals::blossoms`]; there are fewer than n ≤ 2³² − 1 of them, so `u32`.
pub(super) struct Forest {
    /// The sets, parents before children.
    pub(super) order: Vec<u32>,
    /// Each set's number of vertices, its own and its children's.
    pub(super) size: Vec<usize>,
    /// Each set's depth (0 for a root).
    depth: Vec<u32>,
    /// Each set's doubled dual plus those of its ancestors.
    prefix: Vec<i128>,
    /// `up[j][b]`: the 2^j-th ancestor of `b` (`NO_SET` above the root); `up[0]` is the parent.
    up: Vec<Vec<u32>>,
    /// Each vertex's dual, innermost set and root.
    vertices: Vec<Vertex>,
}

impl Forest {
    /// Condition 2 on the odd sets (the vertex duals are checked by the caller), and the
    /// forest of the family.
    pub(super) fn new(n: usize, duals: &Duals) -> Result<Forest, DualError> {
        let sets = &duals.blossoms;
        // A laminar family of distinct sets of two or more vertices has at most n − 1 sets.
        let k = sets.len();
        if k > 0 && k >= n {
            return Err(DualError::TooManySets { sets: k, n });
        }
        // From here k < n ≤ 2³² − 1: every set number fits a `u32` below `NO_SET`.
        let mut inner = vec![NO_SET; n];
        let mut parent = vec![NO_SET; k];
        let mut size = vec![0usize; k];
        for (b, set) in sets.iter().enumerate() {
            let mut previous: Option<u32> = None;
            for &x in &set.vertices {
                if x as usize >= n {
                    return Err(DualError::BlossomVertexOutOfRange {
                        blossom: b,
                        vertex: x,
                        n,
                    });
                }
                if let Some(p) = previous {
                    if x == p {
                        return Err(DualError::BlossomRepeat {
                            blossom: b,
                            vertex: x,
                        });
                    }
                    if x < p {
                        return Err(DualError::BlossomUnsorted {
                            blossom: b,
                            vertex: x,
                            previous: p,
                        });
                    }
                }
                previous = Some(x);
                let was = inner[x as usize];
                if was != NO_SET {
                    return Err(DualError::VertexInTwoSets {
                        vertex: x,
                        first: was as usize,
                        second: b,
                    });
                }
                inner[x as usize] = b as u32;
            }
            // Children are earlier sets, so their sizes are known; each has one parent, so the
            // sets form a forest (a cycle would need a child after its parent) and the sizes
            // count every vertex at most once: at most n.
            let mut total = set.vertices.len();
            let mut previous: Option<u32> = None;
            for &c in &set.children {
                if c as usize >= b {
                    return Err(DualError::ChildNotBefore {
                        blossom: b,
                        child: c,
                    });
                }
                if let Some(p) = previous
                    && c <= p
                {
                    return Err(DualError::ChildrenUnsorted {
                        blossom: b,
                        child: c,
                        previous: p,
                    });
                }
                previous = Some(c);
                let was = parent[c as usize];
                if was != NO_SET {
                    return Err(DualError::ChildTwice {
                        child: c,
                        first: was as usize,
                        second: b,
                    });
                }
                parent[c as usize] = b as u32;
                total += size[c as usize];
            }
            if set.vertices.is_empty() && set.children.len() == 1 {
                return Err(DualError::DuplicateBlossom {
                    first: set.children[0] as usize,
                    second: b,
                });
            }
            size[b] = total;
            if total < 3 {
                return Err(DualError::BlossomTooSmall {
                    blossom: b,
                    size: total,
                });
            }
            if total.is_multiple_of(2) {
                return Err(DualError::BlossomEven {
                    blossom: b,
                    size: total,
                });
            }
            if set.dual <= 0 {
                return Err(DualError::BlossomDualNotPositive {
                    blossom: b,
                    dual: set.dual,
                });
            }
        }

        // Parents come after their children: the reverse order has parents first.
        let order: Vec<u32> = (0..k as u32).rev().collect();
        let mut depth = vec![0u32; k];
        let mut prefix = vec![0i128; k];
        let mut root = vec![NO_SET; k];
        let mut max_depth = 0;
        for &b in &order {
            let (b, p) = (b as usize, parent[b as usize]);
            // Prefix sums: each checked at most MAX_CHAIN = 2¹²⁵, so one more dual of at most
            // 2¹²⁴ stays within i128; a cover adds two vertex duals: below 2¹²⁶.
            let dual = sets[b].dual;
            if p == NO_SET {
                prefix[b] = dual;
                root[b] = b as u32;
            } else {
                let p = p as usize;
                depth[b] = depth[p] + 1;
                prefix[b] = prefix[p] + dual;
                root[b] = root[p];
            }
            if prefix[b] > MAX_CHAIN {
                return Err(DualError::ChainTooLarge { blossom: b });
            }
            max_depth = max_depth.max(depth[b]);
        }
        let mut up = vec![parent];
        while (1u64 << up.len()) <= u64::from(max_depth) {
            let last = &up[up.len() - 1];
            let next: Vec<u32> = last
                .iter()
                .map(|&a| {
                    if a == NO_SET {
                        NO_SET
                    } else {
                        last[a as usize]
                    }
                })
                .collect();
            up.push(next);
        }
        let vertices = duals
            .vertex
            .iter()
            .zip(&inner)
            .map(|(&dual, &b)| Vertex {
                dual,
                inner: b,
                root: if b == NO_SET {
                    NO_SET
                } else {
                    root[b as usize]
                },
            })
            .collect();
        Ok(Forest {
            order,
            size,
            depth,
            prefix,
            up,
            vertices,
        })
    }

    /// Set `b`'s parent (`NO_SET` for a root).
    pub(super) fn parent(&self, b: u32) -> u32 {
        self.up[0][b as usize]
    }

    /// The lowest common ancestor of sets `a` and `b` of the same tree.
    fn lca(&self, mut a: u32, mut b: u32) -> u32 {
        if self.depth[a as usize] < self.depth[b as usize] {
            std::mem::swap(&mut a, &mut b);
        }
        let mut diff = self.depth[a as usize] - self.depth[b as usize];
        let mut j = 0;
        while diff > 0 {
            if diff & 1 == 1 {
                a = self.up[j][a as usize];
            }
            diff >>= 1;
            j += 1;
        }
        if a == b {
            return a;
        }
        for level in self.up.iter().rev() {
            if level[a as usize] != level[b as usize] {
                a = level[a as usize];
                b = level[b as usize];
            }
        }
        self.parent(a)
    }

    /// The innermost set holding both `u` and `v`, or `NO_SET`.
    pub(super) fn common(&self, u: u32, v: u32) -> u32 {
        let (a, b) = (self.vertices[u as usize], self.vertices[v as usize]);
        if a.root == NO_SET || a.root != b.root {
            NO_SET
        } else {
            self.lca(a.inner, b.inner)
        }
    }

    /// 2y_u + 2y_v + Σ 2z_B over the sets holding both `u` and `v`: below 2¹²⁵ + 2¹²⁵ in size
    /// (every dual at most [`MAX_DUAL`], checked first).
    pub(super) fn cover(&self, u: u32, v: u32) -> i128 {
        let ends = self.vertices[u as usize].dual + self.vertices[v as usize].dual;
        match self.common(u, v) {
            NO_SET => ends,
            l => ends + self.prefix[l as usize],
        }
    }
}
