//! The King game (undirected vertex geography): a token starts on a vertex, which counts as
//! visited; the players take turns moving it along an edge to a vertex not visited yet, which
//! then counts as visited; the player who cannot move loses. On a board the vertices are the
//! free cells (every byte but `#`; the `K` is free) and the edges join cells one move of the
//! piece apart ([`KING`], [`WAZIR`], [`FERZ`], [`KNIGHT`], or any list of offsets).
//!
//! By game search over (visited set, position), memoised across calls on one [`Game`], with an
//! explicit stack. Graphs of at most [`MAX_VERTICES`] vertices (free cells).
//!
//! **Status:** hand-solved boards and graphs (paths, cycles, stars) in its tests; gridmatch's
//! King analysis, certificates, strategies and engine, and its vertex geography, against it on
//! thousands of random boards up to 16 free cells and graphs up to 10 vertices.

use std::collections::HashMap;

use crate::shape;

/// The most vertices (free cells) a [`Game`] takes.
pub const MAX_VERTICES: usize = 20;

/// One step in any direction.
pub const KING: [(isize, isize); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// One step along a row or a column.
pub const WAZIR: [(isize, isize); 4] = [(-1, 0), (1, 0), (0, -1), (0, 1)];

/// One step diagonally.
pub const FERZ: [(isize, isize); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// The knight's jumps.
pub const KNIGHT: [(isize, isize); 8] = [
    (-2, -1),
    (-2, 1),
    (2, -1),
    (2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
];

/// The steps of a move set by its name (`king`, `wazir`, `ferz`, `knight`, as the command line
/// spells them); `None` for another name.
pub fn steps(name: &str) -> Option<&'static [(isize, isize)]> {
    Some(match name {
        "king" => &KING,
        "wazir" => &WAZIR,
        "ferz" => &FERZ,
        "knight" => &KNIGHT,
        _ => return None,
    })
}

/// The move graph of a board: its free cells (every byte but `#`) in row-major order, and for
/// each the indices (in that list) of the free cells one of `steps` away, in the order of
/// `steps`. Any size (no search here).
///
/// Panics if the rows differ in length.
pub fn board_graph<R: AsRef<[u8]>>(
    rows: &[R],
    steps: &[(isize, isize)],
) -> (Vec<(usize, usize)>, Vec<Vec<usize>>) {
    let (h, w) = shape(rows);
    let mut index = vec![usize::MAX; h * w];
    let mut free = Vec::new();
    for r in 0..h {
        for c in 0..w {
            if rows[r].as_ref()[c] != b'#' {
                index[r * w + c] = free.len();
                free.push((r, c));
            }
        }
    }
    let adj = free
        .iter()
        .map(|&(r, c)| {
            steps
                .iter()
                .filter_map(|&(dr, dc)| {
                    let r2 = usize::try_from(r as isize + dr).ok().filter(|&x| x < h)?;
                    let c2 = usize::try_from(c as isize + dc).ok().filter(|&x| x < w)?;
                    Some(index[r2 * w + c2]).filter(|&j| j != usize::MAX)
                })
                .collect()
        })
        .collect();
    (free, adj)
}

/// The game on a graph, with the positions it has solved.
#[derive(Clone, Debug)]
pub struct Game {
    adj: Vec<Vec<usize>>,
    /// Whether the player to move wins, by (visited set, position).
    memo: HashMap<(u32, usize), bool>,
}

impl Game {
    /// The game on the undirected graph of `n` vertices and `edges` (repeated edges and
    /// self-loops allowed: a self-loop is never a move).
    ///
    /// Panics if `n` is above [`MAX_VERTICES`] or an edge names a vertex `>= n`.
    pub fn new(n: usize, edges: &[(usize, usize)]) -> Game {
        let mut adj = vec![Vec::new(); n];
        for &(u, v) in edges {
            assert!(
                u < n && v < n,
                "game oracle: edge ({u}, {v}) with {n} vertices"
            );
            adj[u].push(v);
            adj[v].push(u);
        }
        Game::from_adjacency(adj)
    }

    /// The game on the graph with these adjacency lists (`adj[u]` the vertices one move from
    /// `u`; the lists should be symmetric for the undirected game).
    ///
    /// Panics if there are more than [`MAX_VERTICES`] vertices or a list names a vertex out of
    /// range.
    pub fn from_adjacency(adj: Vec<Vec<usize>>) -> Game {
        let n = adj.len();
        assert!(
            n <= MAX_VERTICES,
            "game oracle: {n} vertices, at most {MAX_VERTICES}"
        );
        assert!(
            adj.iter().flatten().all(|&v| v < n),
            "game oracle: a vertex out of range"
        );
        Game {
            adj,
            memo: HashMap::new(),
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.adj.len()
    }

    /// Whether the graph has no vertex.
    pub fn is_empty(&self) -> bool {
        self.adj.is_empty()
    }

    /// The vertices one move from `u` (the graph's edges, visited or not).
    pub fn neighbours(&self, u: usize) -> &[usize] {
        &self.adj[u]
    }

    /// Does the player who moves first from `start` (only `start` visited) win?
    pub fn first_player_wins(&mut self, start: usize) -> bool {
        self.mover_wins(&[start], start)
    }

    /// Does the player to move win, with the token on `at` and the vertices of `visited` (and
    /// `at`) used?
    ///
    /// Panics if a vertex is out of range.
    pub fn mover_wins(&mut self, visited: &[usize], at: usize) -> bool {
        let n = self.adj.len();
        assert!(
            at < n && visited.iter().all(|&v| v < n),
            "game oracle: a vertex out of range"
        );
        let mask = visited.iter().fold(1u32 << at, |m, &v| m | 1 << v);
        self.search(mask, at)
    }

    /// The memoised search, depth first with an explicit stack of positions and the index of
    /// the next move each tries. A position is won as soon as one move leads to a lost one,
    /// lost when every move leads to a won one (or there is none).
    fn search(&mut self, visited: u32, at: usize) -> bool {
        if let Some(&w) = self.memo.get(&(visited, at)) {
            return w;
        }
        let mut stack = vec![(visited, at, 0usize)];
        // The value of the position just solved, for the frame below it to read.
        let mut child: Option<bool> = None;
        while let Some(&mut (v, a, ref mut next)) = stack.last_mut() {
            let mut value = None;
            if child.take() == Some(false) {
                value = Some(true);
            }
            while value.is_none() {
                let Some(&u) = self.adj[a].get(*next) else {
                    value = Some(false);
                    break;
                };
                *next += 1;
                if v >> u & 1 == 1 {
                    continue;
                }
                let key = (v | 1 << u, u);
                match self.memo.get(&key) {
                    Some(false) => value = Some(true),
                    Some(true) => {}
                    None => break,
                }
            }
            match value {
                Some(won) => {
                    self.memo.insert((v, a), won);
                    stack.pop();
                    child = Some(won);
                }
                None => {
                    // Solve the position after the move just read, then come back.
                    let u = self.adj[a][*next - 1];
                    stack.push((v | 1 << u, u, 0));
                }
            }
        }
        self.memo[&(visited, at)]
    }
}

/// The game on a board: [`Game`] on its [`board_graph`], by cells.
#[derive(Clone, Debug)]
pub struct BoardGame {
    cols: usize,
    /// The index of each cell in `free`, `usize::MAX` for a burned one.
    index: Vec<usize>,
    free: Vec<(usize, usize)>,
    game: Game,
}

impl BoardGame {
    /// The game on the board's free cells (every byte but `#`) with the moves `steps`.
    ///
    /// Panics if the rows differ in length or there are more than [`MAX_VERTICES`] free cells.
    pub fn new<R: AsRef<[u8]>>(rows: &[R], steps: &[(isize, isize)]) -> BoardGame {
        let (h, w) = shape(rows);
        let (free, adj) = board_graph(rows, steps);
        let mut index = vec![usize::MAX; h * w];
        for (i, &(r, c)) in free.iter().enumerate() {
            index[r * w + c] = i;
        }
        BoardGame {
            cols: w,
            index,
            free,
            game: Game::from_adjacency(adj),
        }
    }

    /// The free cells in row-major order.
    pub fn free_cells(&self) -> &[(usize, usize)] {
        &self.free
    }

    /// The free cells one move from the free cell `cell` (visited or not), in the order of the
    /// steps.
    pub fn neighbours(&self, cell: (usize, usize)) -> Vec<(usize, usize)> {
        self.game.adj[self.vertex(cell)]
            .iter()
            .map(|&j| self.free[j])
            .collect()
    }

    fn vertex(&self, (r, c): (usize, usize)) -> usize {
        let i = self.index[r * self.cols + c];
        assert!(i != usize::MAX, "game oracle: ({r}, {c}) is burned");
        i
    }

    /// Does the player who moves first from the free cell `start` win?
    ///
    /// Panics if `start` is burned or off the board.
    pub fn first_player_wins(&mut self, start: (usize, usize)) -> bool {
        let s = self.vertex(start);
        self.game.first_player_wins(s)
    }

    /// Does the player to move win, with the token on `at` and the cells of `visited` (and
    /// `at`) used?
    ///
    /// Panics if a cell is burned or off the board.
    pub fn mover_wins(&mut self, visited: &[(usize, usize)], at: (usize, usize)) -> bool {
        let visited: Vec<usize> = visited.iter().map(|&c| self.vertex(c)).collect();
        let at = self.vertex(at);
        self.game.mover_wins(&visited, at)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_sets_by_name() {
        let sizes: Vec<Option<usize>> = ["king", "wazir", "ferz", "knight", "rook"]
            .iter()
            .map(|n| steps(n).map(<[_]>::len))
            .collect();
        assert_eq!(sizes, [Some(8), Some(4), Some(4), Some(8), None]);
    }

    /// The same search written recursively, for comparison.
    fn recursive(adj: &[Vec<usize>], visited: u32, at: usize) -> bool {
        adj[at]
            .iter()
            .any(|&u| visited >> u & 1 == 0 && !recursive(adj, visited | 1 << u, u))
    }

    #[test]
    fn hand_solved_games() {
        // A path of n vertices from an end: the first player wins iff n is even.
        for n in 1..=12 {
            let edges: Vec<(usize, usize)> = (1..n).map(|v| (v - 1, v)).collect();
            let mut g = Game::new(n, &edges);
            assert_eq!(g.first_player_wins(0), n % 2 == 0, "path of {n}");
        }
        // A star: from the centre the first player wins (to any leaf); from a leaf the first
        // player must go to the centre, the second goes on to another leaf, and the first is
        // stuck.
        let mut star = Game::new(5, &[(0, 1), (0, 2), (0, 3), (0, 4)]);
        assert!(star.first_player_wins(0));
        assert!(!star.first_player_wins(1));
        assert!(!star.mover_wins(&[0, 1, 2, 3, 4], 0));
        let mut lone = Game::new(1, &[(0, 0)]);
        assert!(!lone.first_player_wins(0));
        let mut b = BoardGame::new(&["K.", ".#"], &KING);
        assert!(!b.first_player_wins((0, 0)));
        let mut b = BoardGame::new(&["K#", ".#", ".#", ".#"], &KING);
        assert!(b.first_player_wins((0, 0)));
        assert_eq!(b.free_cells(), &[(0, 0), (1, 0), (2, 0), (3, 0)]);
        assert_eq!(b.neighbours((1, 0)), vec![(0, 0), (2, 0)]);
        assert!(!b.mover_wins(&[(0, 0), (1, 0)], (1, 0)));
    }

    #[test]
    fn the_iterative_search_is_the_recursive_one() {
        // Every graph on 5 vertices, from every start, and a few positions deeper.
        let pairs: Vec<(usize, usize)> = (0..5)
            .flat_map(|u| (u + 1..5).map(move |v| (u, v)))
            .collect();
        for mask in 0u32..1 << pairs.len() {
            let edges: Vec<(usize, usize)> = (0..pairs.len())
                .filter(|&i| mask >> i & 1 == 1)
                .map(|i| pairs[i])
                .collect();
            let mut g = Game::new(5, &edges);
            let adj = g.adj.clone();
            for s in 0..5 {
                assert_eq!(
                    g.first_player_wins(s),
                    recursive(&adj, 1 << s, s),
                    "{edges:?} {s}"
                );
                let other = (s + 2) % 5;
                assert_eq!(
                    g.mover_wins(&[s, other], other),
                    recursive(&adj, 1 << s | 1 << other, other)
                );
            }
        }
    }

    #[test]
    #[should_panic(expected = "at most 20")]
    fn refuses_big_graphs() {
        BoardGame::new(&["......"; 4], &KING);
    }
}
