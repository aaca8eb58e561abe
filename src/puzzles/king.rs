//! King (Google Code Jam 2008 "King"): who wins the game of moving a king to unvisited, unburned
//! squares — for the given start and for every other start at once — and how to play it.
//!
//! **Complexity:** one maximum matching and one Gallai–Edmonds decomposition of the board graph:
//! near-linear in the cells in practice (Edmonds' blossom algorithm with union–find), O(n) memory.
//!
//! **Reduction.** Free squares are vertices; two squares are adjacent if the piece moves between
//! them ([`Moves::King`] is GCJ's game: the 8 neighbours). In the game "move the token to an
//! unvisited neighbour; who cannot move loses", the first player (Alice) wins from `s` exactly when
//! every maximum matching covers `s`: if one, `M`, misses `s`, Bob answers each move along `M`
//! (Alice never reaches an unmatched square, or `M` would not be maximum); if all cover `s`, Alice
//! moves along a maximum matching and Bob can never step off it. By Gallai–Edmonds, the squares
//! missed by some maximum matching form the set D, so one decomposition answers every start
//! square: Bob wins exactly from the squares of D.
//!
//! **Certificates**, checked by [`verify`] in linear time on the board alone:
//! - Bob wins: a matching leaving the start free, and a *barrier* X with
//!   `|V| − 2|M| = odd_components(G − X) − |X|` (Tutte–Berge), which proves `M` maximum.
//! - Alice wins: a matching `M` (with its barrier) and a barrier Y of `G − start` with
//!   `|V| − 1 − 2(|M| − 1) = odd_components(G − start − Y) − |Y|`: removing the start loses a
//!   matched edge, so every maximum matching covers it.

use crate::board::Grid;
use crate::graph::barrier;
use crate::graph::general::{
    Class, Decomposition, Graph, Matching, NONE, gallai_edmonds, maximum_matching,
    maximum_matching_avoiding,
};

/// The input alphabet: free, burned, the king's start.
pub const ALPHABET: &[u8] = b".#K";

/// How the piece moves; any symmetric move set gives the same theorem.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Moves {
    /// The 8 neighbours (GCJ 2008's game).
    #[default]
    King,
    /// The 4 orthogonal neighbours.
    Wazir,
    /// The 4 diagonal neighbours.
    Ferz,
    /// The chess knight's 8 jumps.
    Knight,
}

impl Moves {
    /// All move sets.
    pub const ALL: [Moves; 4] = [Moves::King, Moves::Wazir, Moves::Ferz, Moves::Knight];

    /// Row and column offsets of one move.
    pub fn offsets(self) -> &'static [(i64, i64)] {
        match self {
            Moves::King => &[
                (-1, -1),
                (-1, 0),
                (-1, 1),
                (0, -1),
                (0, 1),
                (1, -1),
                (1, 0),
                (1, 1),
            ],
            Moves::Wazir => &[(-1, 0), (0, -1), (0, 1), (1, 0)],
            Moves::Ferz => &[(-1, -1), (-1, 1), (1, -1), (1, 1)],
            Moves::Knight => &[
                (-2, -1),
                (-2, 1),
                (-1, -2),
                (-1, 2),
                (1, -2),
                (1, 2),
                (2, -1),
                (2, 1),
            ],
        }
    }

    /// Lower-case name.
    pub fn name(self) -> &'static str {
        match self {
            Moves::King => "king",
            Moves::Wazir => "wazir",
            Moves::Ferz => "ferz",
            Moves::Knight => "knight",
        }
    }

    /// Parses a [`name`](Self::name).
    pub fn from_name(s: &str) -> Option<Moves> {
        Moves::ALL.into_iter().find(|m| m.name() == s)
    }
}

/// Who wins.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Player {
    /// The first player.
    Alice,
    /// The second player.
    Bob,
}

impl Player {
    /// `A` or `B`, as the judge prints it.
    pub fn letter(self) -> char {
        match self {
            Player::Alice => 'A',
            Player::Bob => 'B',
        }
    }
}

/// A cell `(row, col)`.
pub type Cell = (usize, usize);

/// The board as a graph: free cells numbered row-major.
pub struct BoardGraph {
    /// The move graph on free cells.
    pub graph: Graph,
    /// Vertex of each cell (`NONE` for burned cells).
    vertex: Vec<u32>,
    /// Cell index of each vertex.
    cell: Vec<u32>,
    cols: usize,
}

impl BoardGraph {
    /// Builds the move graph of the free cells (`.` and `K`) of `grid`; `blocked` cells (by
    /// index) count as burned too.
    ///
    /// # Panics
    /// If the board has 2³² − 1 cells or more.
    /// # Complexity
    /// O(cells × moves).
    pub fn new(grid: &Grid, moves: Moves, blocked: &dyn Fn(usize) -> bool) -> BoardGraph {
        let (rows, cols) = (grid.rows(), grid.cols());
        assert!(grid.cells().len() < NONE as usize, "king: board too large");
        let mut vertex = vec![NONE; rows * cols];
        let mut cell = Vec::new();
        for (i, &c) in grid.cells().iter().enumerate() {
            if c != b'#' && !blocked(i) {
                vertex[i] = cell.len() as u32;
                cell.push(i as u32);
            }
        }
        let mut offsets = Vec::with_capacity(cell.len() + 1);
        let mut targets = Vec::new();
        offsets.push(0);
        for &i in &cell {
            let (r, c) = (i as usize / cols, i as usize % cols);
            for &(dr, dc) in moves.offsets() {
                let (r2, c2) = (r as i64 + dr, c as i64 + dc);
                if r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols {
                    let v = vertex[r2 as usize * cols + c2 as usize];
                    if v != NONE {
                        targets.push(v);
                    }
                }
            }
            offsets.push(targets.len());
        }
        BoardGraph {
            graph: Graph::from_csr(offsets, targets),
            vertex,
            cell,
            cols,
        }
    }

    /// The vertex of a cell, if free.
    pub fn vertex(&self, (r, c): Cell) -> Option<u32> {
        Some(self.vertex[r * self.cols + c]).filter(|&v| v != NONE)
    }

    /// The cell of a vertex.
    pub fn cell(&self, v: u32) -> Cell {
        let i = self.cell[v as usize] as usize;
        (i / self.cols, i % self.cols)
    }
}

/// The position of `K` on the board, if there is exactly one.
pub fn start_of(grid: &Grid) -> Option<Cell> {
    let mut found = None;
    for (i, &c) in grid.cells().iter().enumerate() {
        if c == b'K' {
            if found.is_some() {
                return None;
            }
            found = Some((i / grid.cols(), i % grid.cols()));
        }
    }
    found
}

/// The solved board: one maximum matching and its Gallai–Edmonds decomposition.
pub struct Analysis {
    /// The board graph.
    pub board: BoardGraph,
    /// A maximum matching of it.
    pub matching: Matching,
    decomposition: Decomposition,
}

impl Analysis {
    /// Solves the board for every start square at once.
    ///
    /// # Constraints
    /// Cells are `.`, `#`, `K` (anything but `#` is free).
    /// # Complexity
    /// One maximum matching plus one decomposition of the board graph.
    pub fn new(grid: &Grid, moves: Moves) -> Analysis {
        let board = BoardGraph::new(grid, moves, &|_| false);
        let matching = maximum_matching(&board.graph);
        let decomposition = gallai_edmonds(&board.graph, &matching);
        Analysis {
            board,
            matching,
            decomposition,
        }
    }

    /// Who wins when the king starts on the free cell `start` (`None` for a burned cell).
    pub fn winner(&self, start: Cell) -> Option<Player> {
        let v = self.board.vertex(start)?;
        Some(if self.decomposition.class(v) == Class::D {
            Player::Bob
        } else {
            Player::Alice
        })
    }

    /// The every-start map: rows of `A`/`B` on free cells and `#` on burned ones.
    pub fn map(&self, grid: &Grid) -> Vec<String> {
        (0..grid.rows())
            .map(|r| {
                (0..grid.cols())
                    .map(|c| self.winner((r, c)).map_or('#', Player::letter))
                    .collect()
            })
            .collect()
    }

    /// The winner's strategy from `start`: for Alice her first move; for Bob his reply to each
    /// of Alice's possible first moves. Following the same matching afterwards wins the game.
    pub fn strategy(&self, start: Cell) -> Option<Strategy> {
        let s = self.board.vertex(start)?;
        let g = &self.board.graph;
        match self.winner(start)? {
            Player::Alice => {
                let to = self.matching.mate(s)?;
                Some(Strategy::Alice {
                    first: self.board.cell(to),
                })
            }
            Player::Bob => {
                let m = self.matching_missing(s)?;
                let replies = g
                    .neighbors(s)
                    .iter()
                    .filter_map(|&u| Some((self.board.cell(u), self.board.cell(m.mate(u)?))))
                    .collect();
                Some(Strategy::Bob { replies })
            }
        }
    }

    /// A maximum matching that leaves `v` exposed, if `v` is in D.
    fn matching_missing(&self, v: u32) -> Option<Matching> {
        if self.matching.is_matched(v) {
            maximum_matching_avoiding(&self.board.graph, &self.matching, v)
        } else {
            Some(self.matching.clone())
        }
    }

    /// The certificate of who wins from `start`.
    ///
    /// # Complexity
    /// Near-linear: at most one alternating-path flip and one more decomposition.
    pub fn certificate(&self, start: Cell) -> Option<Certificate> {
        let s = self.board.vertex(start)?;
        let g = &self.board.graph;
        let barrier = self.barrier();
        let pairs = |m: &Matching| -> Vec<(Cell, Cell)> {
            m.edges()
                .map(|(u, v)| (self.board.cell(u), self.board.cell(v)))
                .collect()
        };
        match self.winner(start)? {
            Player::Bob => Some(Certificate {
                winner: Player::Bob,
                matching: pairs(&self.matching_missing(s)?),
                barrier,
                barrier_without_start: None,
            }),
            Player::Alice => {
                // M minus the start's edge is maximum in G − start; decompose G − start.
                let gs = g.without_vertex(s);
                let mut mates = self.matching.mates().to_vec();
                let t = mates[s as usize];
                mates[s as usize] = NONE;
                mates[t as usize] = NONE;
                let ge = gallai_edmonds(&gs, &Matching::from_mates(mates));
                Some(Certificate {
                    winner: Player::Alice,
                    matching: pairs(&self.matching),
                    barrier,
                    barrier_without_start: Some(
                        barrier::minimize(&gs, &ge.barrier())
                            .into_iter()
                            .map(|v| self.board.cell(v))
                            .collect(),
                    ),
                })
            }
        }
    }

    /// The set A of the decomposition, shrunk so that every cell in it is needed.
    fn barrier(&self) -> Vec<Cell> {
        barrier::minimize(&self.board.graph, &self.decomposition.barrier())
            .into_iter()
            .map(|v| self.board.cell(v))
            .collect()
    }
}

/// How the winner plays from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Strategy {
    /// Alice wins by moving here first (then always along the same matching).
    Alice {
        /// Her first move.
        first: Cell,
    },
    /// Bob wins by answering each first move of Alice as listed.
    Bob {
        /// `(Alice's move, Bob's reply)`.
        replies: Vec<(Cell, Cell)>,
    },
}

/// The proof of who wins from the start.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// Who wins.
    pub winner: Player,
    /// A maximum matching (Bob: leaving the start free; Alice: any).
    pub matching: Vec<(Cell, Cell)>,
    /// A Tutte–Berge barrier proving the matching maximum.
    pub barrier: Vec<Cell>,
    /// Alice only: a barrier of the board without the start, proving its matching number is
    /// one less.
    pub barrier_without_start: Option<Vec<Cell>>,
}

/// Checks a certificate against the board, in linear time and without the solver's code:
/// the matching pairs are distinct free cells one move apart; barriers hold distinct free cells;
/// odd components are counted by a flood fill of the board; then the Tutte–Berge equalities
/// (see the module docs) must hold, and the start must be free in Bob's matching.
pub fn verify(grid: &Grid, moves: Moves, cert: &Certificate) -> Result<(), String> {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut starts = grid.cells().iter().enumerate().filter(|(_, c)| **c == b'K');
    let start = match (starts.next(), starts.next()) {
        (Some((i, _)), None) => i,
        _ => return Err("the board must hold exactly one K".into()),
    };
    let free = |i: usize| grid.cells()[i] != b'#';
    let n_free = grid.cells().iter().filter(|&&c| c != b'#').count();
    let steps: Vec<(i64, i64)> = match moves {
        Moves::King => (-1..=1)
            .flat_map(|a| (-1..=1).map(move |b| (a, b)))
            .filter(|&s| s != (0, 0))
            .collect(),
        Moves::Wazir => vec![(0, 1), (1, 0), (0, -1), (-1, 0)],
        Moves::Ferz => vec![(1, 1), (1, -1), (-1, 1), (-1, -1)],
        Moves::Knight => [(1, 2), (2, 1)]
            .iter()
            .flat_map(|&(a, b)| [(a, b), (a, -b), (-a, b), (-a, -b)])
            .collect(),
    };
    let index = |(r, c): Cell| (r < rows && c < cols).then(|| r * cols + c);
    let mut matched = vec![false; rows * cols];
    for &(a, b) in &cert.matching {
        let (Some(i), Some(j)) = (index(a), index(b)) else {
            return Err(format!("matched pair {a:?}-{b:?} is off the board"));
        };
        if !free(i) || !free(j) {
            return Err(format!("matched pair {a:?}-{b:?} uses a burned cell"));
        }
        let d = (b.0 as i64 - a.0 as i64, b.1 as i64 - a.1 as i64);
        if !steps.contains(&d) {
            return Err(format!(
                "{a:?} and {b:?} are not one {} move apart",
                moves.name()
            ));
        }
        for k in [i, j] {
            if std::mem::replace(&mut matched[k], true) {
                return Err(format!("cell ({},{}) is matched twice", k / cols, k % cols));
            }
        }
    }
    let m = cert.matching.len();
    // Odd components of the free cells minus `removed`, by an explicit-stack flood fill.
    let odd_components = |removed: &[bool]| {
        let mut seen = removed.to_vec();
        let mut odd = 0usize;
        let mut stack = Vec::new();
        for s in 0..rows * cols {
            if seen[s] || !free(s) {
                continue;
            }
            seen[s] = true;
            stack.push(s);
            let mut size = 0usize;
            while let Some(i) = stack.pop() {
                size += 1;
                let (r, c) = ((i / cols) as i64, (i % cols) as i64);
                for &(dr, dc) in &steps {
                    let (r2, c2) = (r + dr, c + dc);
                    if r2 >= 0 && c2 >= 0 && (r2 as usize) < rows && (c2 as usize) < cols {
                        let j = r2 as usize * cols + c2 as usize;
                        if free(j) && !seen[j] {
                            seen[j] = true;
                            stack.push(j);
                        }
                    }
                }
            }
            odd += size % 2;
        }
        odd
    };
    let check_barrier = |barrier: &[Cell],
                         also_removed: Option<usize>,
                         vertices: usize,
                         matched: usize,
                         what: &str| {
        let mut removed = vec![false; rows * cols];
        if let Some(i) = also_removed {
            removed[i] = true;
        }
        for &x in barrier {
            let Some(i) = index(x).filter(|&i| free(i)) else {
                return Err(format!("{what} cell {x:?} is not a free cell"));
            };
            if std::mem::replace(&mut removed[i], true) {
                return Err(format!("{what} cell {x:?} is listed twice or is the start"));
            }
        }
        let odd = odd_components(&removed);
        // Tutte–Berge: vertices − 2ν = max over X of odd(G − X) − |X|; equality proves ν = matched.
        if (vertices - 2 * matched) as i64 != odd as i64 - barrier.len() as i64 {
            return Err(format!(
                "{what}: {vertices} cells − 2×{matched} matched ≠ {odd} odd components − {} barrier cells",
                barrier.len()
            ));
        }
        Ok(())
    };
    check_barrier(&cert.barrier, None, n_free, m, "barrier")?;
    match (cert.winner, &cert.barrier_without_start) {
        (Player::Bob, None) => {
            if matched[start] {
                return Err("Bob's matching covers the start".into());
            }
            Ok(())
        }
        (Player::Alice, Some(y)) => {
            if m == 0 {
                return Err("Alice's claim needs a non-empty matching".into());
            }
            check_barrier(
                y,
                Some(start),
                n_free - 1,
                m - 1,
                "barrier without the start",
            )
        }
        (Player::Bob, Some(_)) => Err("Bob's certificate has no barrier without the start".into()),
        (Player::Alice, None) => {
            Err("Alice's certificate needs a barrier without the start".into())
        }
    }
}

/// The engine's move from `at` when `visited[cell]` marks the squares already used (including
/// `at`): if the player to move wins, the move along a maximum matching of the unvisited
/// squares plus `at`; otherwise any legal move (`None` if there is none).
///
/// # Complexity
/// One maximum matching and decomposition of the remaining board.
pub fn engine_move(grid: &Grid, moves: Moves, visited: &[bool], at: Cell) -> Option<Cell> {
    let at_index = at.0 * grid.cols() + at.1;
    let board = BoardGraph::new(grid, moves, &|i| visited[i] && i != at_index);
    let v = board.vertex(at)?;
    let m = maximum_matching(&board.graph);
    let ge = gallai_edmonds(&board.graph, &m);
    if ge.class(v) != Class::D
        && let Some(to) = m.mate(v)
    {
        return Some(board.cell(to));
    }
    board.graph.neighbors(v).first().map(|&u| board.cell(u))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    /// Exhaustive game search: does the player to move from `at` win? (memoised on the visited set)
    fn wins(
        adj: &[Vec<usize>],
        visited: u64,
        at: usize,
        memo: &mut HashMap<(u64, usize), bool>,
    ) -> bool {
        if let Some(&w) = memo.get(&(visited, at)) {
            return w;
        }
        let w = adj[at]
            .iter()
            .any(|&n| visited >> n & 1 == 0 && !wins(adj, visited | 1 << n, n, memo));
        memo.insert((visited, at), w);
        w
    }

    fn adjacency(grid: &Grid, moves: Moves) -> Vec<Vec<usize>> {
        let (rows, cols) = (grid.rows() as i64, grid.cols() as i64);
        (0..rows * cols)
            .map(|i| {
                let (r, c) = (i / cols, i % cols);
                if grid.cells()[i as usize] == b'#' {
                    return Vec::new();
                }
                moves
                    .offsets()
                    .iter()
                    .map(|&(dr, dc)| (r + dr, c + dc))
                    .filter(|&(a, b)| a >= 0 && b >= 0 && a < rows && b < cols)
                    .map(|(a, b)| (a * cols + b) as usize)
                    .filter(|&j| grid.cells()[j] != b'#')
                    .collect()
            })
            .collect()
    }

    fn random_board(rng: &mut ChaCha8Rng, max_cells: usize) -> Grid {
        let rows = rng.random_range(1..=5);
        let cols = rng.random_range(1..=(max_cells / rows).clamp(1, 6));
        let p = rng.random_range(0.0..0.5);
        let mut cells: Vec<u8> = (0..rows * cols)
            .map(|_| if rng.random_bool(p) { b'#' } else { b'.' })
            .collect();
        let k = rng.random_range(0..rows * cols);
        cells[k] = b'K';
        Grid::from_cells(rows, cols, cells)
    }

    #[test]
    fn samples() {
        let a = Analysis::new(&Grid::from_rows(&["K.", ".#"]), Moves::King);
        assert_eq!(a.winner((0, 0)), Some(Player::Bob));
        let g = Grid::from_rows(&["K#", ".#", ".#", ".#"]);
        assert_eq!(
            Analysis::new(&g, Moves::King).winner((0, 0)),
            Some(Player::Alice)
        );
        let lone = Grid::from_rows(&["K"]);
        assert_eq!(
            Analysis::new(&lone, Moves::King).winner((0, 0)),
            Some(Player::Bob)
        );
    }

    #[test]
    fn every_start_against_exhaustive_game_search() -> TestResult {
        let mut rng = ChaCha8Rng::seed_from_u64(2008);
        let mut seen = [0usize; 2];
        for i in 0..1500 {
            let moves = Moves::ALL[i % 4];
            let g = random_board(&mut rng, 16);
            let a = Analysis::new(&g, moves);
            let adj = adjacency(&g, moves);
            let mut memo = HashMap::new();
            for s in 0..g.cells().len() {
                let cell = (s / g.cols(), s % g.cols());
                if g.cells()[s] == b'#' {
                    assert_eq!(a.winner(cell), None);
                    continue;
                }
                let alice = wins(&adj, 1 << s, s, &mut memo);
                let want = if alice { Player::Alice } else { Player::Bob };
                assert_eq!(
                    a.winner(cell),
                    Some(want),
                    "{:?} {moves:?} start {cell:?}",
                    g.to_lines()
                );
                seen[usize::from(alice)] += 1;
                let mut grid = g.cells().to_vec();
                for x in grid.iter_mut() {
                    if *x == b'K' {
                        *x = b'.';
                    }
                }
                grid[s] = b'K';
                let board = Grid::from_cells(g.rows(), g.cols(), grid);
                let cert = a
                    .certificate(cell)
                    .ok_or("no certificate for a free start")?;
                verify(&board, moves, &cert)?;
            }
        }
        assert!(seen[0] > 1000 && seen[1] > 1000, "weak sample {seen:?}");
        Ok(())
    }

    #[test]
    fn mutated_certificates_are_rejected() -> TestResult {
        let mut rng = ChaCha8Rng::seed_from_u64(99);
        let mut tried = [0usize; 3];
        for i in 0..3000 {
            let moves = Moves::ALL[i % 4];
            let g = random_board(&mut rng, 20);
            let start = start_of(&g).ok_or("random board without K")?;
            let a = Analysis::new(&g, moves);
            let cert = a.certificate(start).ok_or("no certificate for the start")?;
            if !cert.matching.is_empty() {
                let mut c = cert.clone();
                c.matching.pop();
                assert!(verify(&g, moves, &c).is_err());
                tried[0] += 1;
            }
            if !cert.barrier.is_empty() {
                let mut c = cert.clone();
                c.barrier.pop();
                assert!(verify(&g, moves, &c).is_err());
                tried[1] += 1;
            }
            if let Some(y) = cert
                .barrier_without_start
                .as_ref()
                .filter(|y| !y.is_empty())
            {
                let mut c = cert.clone();
                let mut y = y.clone();
                y.pop();
                c.barrier_without_start = Some(y);
                assert!(
                    verify(&g, moves, &c).is_err(),
                    "{:?} {cert:?}",
                    g.to_lines()
                );
                tried[2] += 1;
            }
            let mut c = cert.clone();
            c.winner = if c.winner == Player::Alice {
                Player::Bob
            } else {
                Player::Alice
            };
            assert!(verify(&g, moves, &c).is_err());
        }
        assert!(tried.iter().all(|&t| t > 30), "weak sample {tried:?}");
        Ok(())
    }

    /// The engine, on the winning side, against every possible reply, never loses.
    #[test]
    fn engine_never_loses_a_won_position() -> TestResult {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let mut games = 0;
        for i in 0..300 {
            let moves = Moves::ALL[i % 4];
            let g = random_board(&mut rng, 12);
            let start = start_of(&g).ok_or("random board without K")?;
            let a = Analysis::new(&g, moves);
            let engine = a.winner(start).ok_or("no winner for the start")?;
            let adj = adjacency(&g, moves);
            let cols = g.cols();
            let idx = |c: Cell| c.0 * cols + c.1;
            // Depth-first over the opponent's choices: (visited, at, engine to move?).
            let mut stack = vec![(vec![false; g.cells().len()], start, engine == Player::Alice)];
            stack[0].0[idx(start)] = true;
            while let Some((visited, at, engine_turn)) = stack.pop() {
                if engine_turn {
                    let to = engine_move(&g, moves, &visited, at)
                        .unwrap_or_else(|| panic!("engine stuck: {:?} {moves:?}", g.to_lines()));
                    assert!(
                        adj[idx(at)].contains(&idx(to)) && !visited[idx(to)],
                        "illegal move"
                    );
                    let mut v = visited.clone();
                    v[idx(to)] = true;
                    stack.push((v, to, false));
                } else {
                    games += 1;
                    for &n in &adj[idx(at)] {
                        if !visited[n] {
                            let mut v = visited.clone();
                            v[n] = true;
                            stack.push((v, (n / cols, n % cols), true));
                        }
                    }
                }
            }
        }
        assert!(games > 300);
        Ok(())
    }

    #[test]
    fn strategy_moves_are_legal_and_winning() {
        let g = Grid::from_rows(&["K#", ".#", ".#", ".#"]);
        let a = Analysis::new(&g, Moves::King);
        assert_eq!(a.strategy((0, 0)), Some(Strategy::Alice { first: (1, 0) }));
        let g = Grid::from_rows(&["K.", ".#"]);
        let a = Analysis::new(&g, Moves::King);
        let Some(Strategy::Bob { replies }) = a.strategy((0, 0)) else {
            panic!("Bob wins this board")
        };
        assert_eq!(replies, vec![((0, 1), (1, 0)), ((1, 0), (0, 1))]);
    }

    #[test]
    fn big_board_needs_no_deep_stack() -> TestResult {
        // A 300 × 300 serpentine (long alternating paths) on a small stack.
        let n = 300;
        let mut cells: Vec<u8> = (0..n * n)
            .map(|i| {
                let (r, c) = (i / n, i % n);
                let gap = if (r / 2) % 2 == 0 { n - 1 } else { 0 };
                if r % 2 == 1 && c != gap { b'#' } else { b'.' }
            })
            .collect();
        cells[0] = b'K';
        let g = Grid::from_cells(n, n, cells);
        let h = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || {
                let a = Analysis::new(&g, Moves::Wazir);
                let cert = a.certificate((0, 0)).ok_or("no certificate for (0, 0)")?;
                verify(&g, Moves::Wazir, &cert).map(|_| cert.winner)
            })?;
        let verdict = h.join().map_err(|_| "the analysis thread panicked")?;
        assert!(verdict.is_ok(), "{verdict:?}");
        Ok(())
    }
}
