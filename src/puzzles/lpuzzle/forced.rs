//! The decision alone ([`can_build`](super::can_build)), fast: forced choices first, 2-SAT only
//! on the choices they leave open.
//!
//! A black with a white on only one side of an axis must take it; taking a white forbids it to
//! every other black next to it, which must then turn the other way on that axis — and so on.
//! This is unit propagation on the board's 2-SAT formula: when it assigns two opposite values to
//! one choice (two blacks forced onto one white), the formula is unsatisfiable. Otherwise every
//! clause touching an assigned choice is satisfied (a clause with a false literal had its other
//! literal propagated), so the formula is satisfiable iff the clauses among the open choices
//! are; those go to [`twosat::solve`]. On random tilings propagation settles nearly every choice.
//!
//! The board is copied into a byte per cell with a border of empty cells (one row above and below,
//! one column shared between the end of a row and the start of the next), so neighbours are
//! fixed index offsets, with no edge cases. A black's byte holds the directions still open to it; an
//! axis with one direction left is decided.

use crate::graph::twosat::{self, ImplicationGraph, Lit};
use crate::grid::Grid;

/// Direction bits of a black's state byte: the white it may still take that way.
const UP: u8 = 1;
const DOWN: u8 = 2;
const LEFT: u8 = 4;
const RIGHT: u8 = 8;
const VERTICAL: u8 = UP | DOWN;
const HORIZONTAL: u8 = LEFT | RIGHT;
/// The decided vertical / horizontal direction has been propagated (or is queued to be).
const DONE_VERTICAL: u8 = 0x10;
const DONE_HORIZONTAL: u8 = 0x20;
/// Cell kinds (a byte with neither is empty: `.` or the border).
const BLACK: u8 = 0x40;
const WHITE: u8 = 0x80;

/// How the fast decision ended (the stage is for tests: it shows which path decided).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Decision {
    /// A black with no white on some axis.
    Stranded,
    /// Whites are not twice the blacks.
    Count,
    /// Propagation forced two blacks onto one white.
    ForcedConflict,
    /// Propagation left `open` blacks with an undecided axis; 2-SAT on them answered `yes`.
    Open {
        /// Blacks with an axis still undecided after propagation (0: no 2-SAT run).
        open: usize,
        /// Whether the board can be built.
        yes: bool,
    },
}

impl Decision {
    /// Whether the board can be built.
    pub(super) fn yes(self) -> bool {
        matches!(self, Decision::Open { yes: true, .. })
    }
}

/// The padded board: a state byte per cell, row width `width` (the board's columns plus one
/// border column). A black's low four bits are the directions still open to it, a white's the
/// directions in which it has a black neighbour.
pub(super) struct Padded {
    state: Vec<u8>,
    /// Index offsets of the four directions, by direction index: up 0, down 1, left 2, right 3 (bit
    /// `1 << index`; negative offsets wrapped).
    offset: [usize; 4],
}

impl Padded {
    /// The padded state bytes.
    pub(super) fn state(&self) -> &[u8] {
        &self.state
    }

    /// The board cell `(row, col)` of padded index `i`.
    pub(super) fn cell(&self, i: usize) -> (usize, usize) {
        let width = self.offset[1];
        (i / width - 1, i % width)
    }

    /// The cell one step from `i` toward direction index `k` (in bounds for a board cell `i`,
    /// and for a neighbour of one).
    pub(super) fn step(&self, i: usize, k: usize) -> usize {
        i.wrapping_add(self.offset[k & 3])
    }

    /// The black at `b` takes the white toward direction index `k`: every other black next to
    /// that white must turn the other way on its axis, and those decisions are pushed on `stack`
    /// (entries `cell << 2 | direction index`). `false` if one of them was forced onto the white
    /// too. (Direction indices: `k ^ 1` is the opposite, `k >> 1` the axis.)
    #[inline]
    fn take(&mut self, b: usize, k: usize, stack: &mut Vec<usize>) -> bool {
        let w = self.step(b, k);
        // The white's black neighbours, but not b.
        let mut rivals = self.state[w] & (VERTICAL | HORIZONTAL) & !(1 << (k ^ 1));
        while rivals != 0 {
            let e = rivals.trailing_zeros() as usize;
            rivals &= rivals - 1;
            let r = self.step(w, e);
            let s = self.state[r];
            // r reaches w going back against e, on e's axis.
            let back = 1u8 << (e ^ 1);
            if s & back == 0 {
                continue; // it already turned the other way
            }
            if s & (VERTICAL << (e & 2)) == back {
                return false; // r is forced onto w as well
            }
            // r turns toward e: decided, and to be propagated.
            self.state[r] = (s & !back) | (DONE_VERTICAL << (e >> 1));
            stack.push(r << 2 | e);
        }
        true
    }

    /// Takes every decided choice on `stack`, and everything that forces. `false` on a
    /// conflict; `decided` counts the decisions made.
    fn propagate(&mut self, stack: &mut Vec<usize>, decided: &mut usize) -> bool {
        while let Some(entry) = stack.pop() {
            *decided += 1;
            if !self.take(entry >> 2, entry & 3, stack) {
                return false;
            }
        }
        true
    }
}

/// Decides whether `grid` can be built: the checks of [`decide`](super::decide), propagation of
/// forced choices, and 2-SAT on the open rest.
///
/// # Complexity
/// O(n) time for n cells; memory: a byte per cell (plus a border), the propagation stack (one
/// word per pending choice), and for the open rest a bit per cell plus [`twosat::solve`]'s
/// working memory over its choices.
pub(super) fn decide(grid: &Grid) -> Decision {
    run(grid, true)
}

/// [`decide`], or with `count == false` the satisfiability of the 2-SAT formula alone (each
/// black one white per axis, no white taken twice), whatever the counts.
pub(super) fn run(grid: &Grid, count: bool) -> Decision {
    // The state bytes and the stack of the previous board on this thread are reused: a fresh
    // quarter-megabyte per board would cost more in page faults than the propagation itself.
    let (state, mut stack) = SCRATCH.take();
    let mut board = encode_into(grid, state);
    let decision = settle(&mut board, &mut stack, count);
    if board.board.state.len() <= SCRATCH_KEEP {
        stack.clear();
        SCRATCH.set((board.board.state, stack));
    }
    decision
}

/// Scratch buffers kept per thread between boards: state bytes and propagation stack.
type Scratch = (Vec<u8>, Vec<usize>);

thread_local! {
    static SCRATCH: std::cell::Cell<Scratch> = const { std::cell::Cell::new((Vec::new(), Vec::new())) };
}

/// Boards with more padded cells than this do not leave their buffers behind.
const SCRATCH_KEEP: usize = 1 << 22;

/// The checks, propagation and the open rest on an encoded board.
fn settle(encoded: &mut Encoded, stack: &mut Vec<usize>, count: bool) -> Decision {
    match propagate_all(encoded, stack, count) {
        Err(decision) => return decision,
        Ok(decided) if decided == 2 * encoded.blacks => {
            return Decision::Open { open: 0, yes: true };
        }
        Ok(_) => {}
    }
    let rest = Rest::new(&encoded.board, false);
    let open = rest.open.cells.len();
    let yes = twosat::solve(&rest).is_satisfiable();
    Decision::Open { open, yes }
}

/// Whether `grid`'s tiling is unique: `None` without a tiling. Propagation fixes the forced
/// choices, which are the same in every tiling; the open rest, with those choices pinned, has a
/// model per tiling, so the tiling is unique iff the rest has no second model
/// ([`twosat::second_model_of`], linear).
///
/// # Complexity
/// As [`decide`], plus a second linear pass over the open rest when there is one.
pub(super) fn unique(grid: &Grid) -> Option<bool> {
    let (state, mut stack) = SCRATCH.take();
    let mut encoded = encode_into(grid, state);
    let answer = match propagate_all(&mut encoded, &mut stack, true) {
        Err(_) => None,
        Ok(decided) if decided == 2 * encoded.blacks => Some(true),
        Ok(_) => {
            let rest = Rest::new(&encoded.board, true);
            twosat::solve(&rest)
                .assignment()
                .map(|model| twosat::second_model_of(&rest, model).is_none())
        }
    };
    if encoded.board.state.len() <= SCRATCH_KEEP {
        stack.clear();
        SCRATCH.set((encoded.board.state, stack));
    }
    answer
}

/// For each black in board (row-major) order, whether its piece is the same in every tiling;
/// `None` without a tiling. A black settled by propagation is; an open black is when both its
/// choices are in the backbone of the pinned open rest ([`twosat::backbone_of`], run on the
/// open rest only).
///
/// # Complexity
/// As [`decide`], plus the backbone of the open rest (failed-literal probing over its choices).
pub(super) fn forced_blacks(grid: &Grid) -> Option<Vec<bool>> {
    let (state, mut stack) = SCRATCH.take();
    let mut encoded = encode_into(grid, state);
    let answer = match propagate_all(&mut encoded, &mut stack, true) {
        Err(_) => None,
        Ok(decided) if decided == 2 * encoded.blacks => Some(vec![true; encoded.blacks]),
        Ok(_) => {
            let rest = Rest::new(&encoded.board, true);
            twosat::backbone_of(&rest).map(|backbone| {
                let mut fixed = vec![0u8; rest.open.cells.len()];
                for lit in backbone {
                    fixed[(lit.var() / 2) as usize] += 1;
                }
                let mut open = fixed.iter();
                encoded
                    .board
                    .state
                    .iter()
                    .filter(|&&s| is_black(s) == 1)
                    .map(|&s| is_open(s) == 0 || open.next() == Some(&2))
                    .collect()
            })
        }
    };
    if encoded.board.state.len() <= SCRATCH_KEEP {
        stack.clear();
        SCRATCH.set((encoded.board.state, stack));
    }
    answer
}

/// The checks and the propagation of every forced choice: the number of axes decided, or `Err`
/// with the decision when they already answer NO.
fn propagate_all(
    encoded: &mut Encoded,
    stack: &mut Vec<usize>,
    count: bool,
) -> Result<usize, Decision> {
    let Encoded {
        board,
        blacks,
        whites,
        stranded,
    } = encoded;
    let (blacks, whites, stranded) = (*blacks, *whites, *stranded);
    if stranded {
        return Err(Decision::Stranded);
    }
    if count && whites != 2 * blacks {
        return Err(Decision::Count);
    }
    // Propagate every axis that has only one way, in board order, 64 cells at a time (a bit
    // mask finds the blacks to look at; propagation may settle some of them first).
    let mut decided = 0;
    let total = board.state.len();
    for base in (0..total).step_by(64) {
        let block = &board.state[base..total.min(base + 64)];
        let mut todo = mask(block, |s| {
            pending(s, VERTICAL, DONE_VERTICAL) | pending(s, HORIZONTAL, DONE_HORIZONTAL)
        });
        while todo != 0 {
            let i = base + todo.trailing_zeros() as usize;
            todo &= todo - 1;
            for (axis, done) in [(VERTICAL, DONE_VERTICAL), (HORIZONTAL, DONE_HORIZONTAL)] {
                let s = board.state[i];
                if pending(s, axis, done) == 0 {
                    continue;
                }
                board.state[i] = s | done;
                decided += 1;
                let k = (s & axis).trailing_zeros() as usize;
                if !board.take(i, k, stack)
                    || (!stack.is_empty() && !board.propagate(stack, &mut decided))
                {
                    return Err(Decision::ForcedConflict);
                }
            }
        }
    }
    Ok(decided)
}

/// A board encoded into state bytes, with its counts.
pub(super) struct Encoded {
    /// The state bytes: kinds, each black's white directions, each white's black directions.
    pub(super) board: Padded,
    /// Black cells.
    pub(super) blacks: usize,
    /// White cells.
    pub(super) whites: usize,
    /// Whether some black has no white on an axis.
    pub(super) stranded: bool,
}

/// Encodes `grid` in one pass: kinds, the directions of each black's whites and of each white's
/// blacks, the counts, and whether some black has no white on an axis.
///
/// # Complexity
/// O(n) time and `(rows + 2) × (cols + 1)` bytes.
pub(super) fn encode(grid: &Grid) -> Encoded {
    encode_into(grid, Vec::new())
}

/// [`encode`] into the buffer `state` (its old contents are overwritten).
fn encode_into(grid: &Grid, mut state: Vec<u8>) -> Encoded {
    let (rows, cols) = (grid.rows(), grid.cols());
    let width = cols + 1;
    state.clear();
    state.resize((rows + 2) * width, 0);
    let mut board = Padded {
        state,
        offset: [width.wrapping_neg(), width, usize::MAX, 1],
    };
    let (mut blacks, mut whites, mut stranded) = (0usize, 0usize, false);
    if cols > 0 {
        let dots = vec![b'.'; cols];
        let lines: Vec<&[u8]> = grid.cells().chunks_exact(cols).collect();
        for (r, &line) in lines.iter().enumerate() {
            let above = if r > 0 { lines[r - 1] } else { &dots };
            let below = lines.get(r + 1).copied().unwrap_or(&dots);
            let start = (r + 1) * width;
            let out = &mut board.state[start..start + cols];
            let (b, w, s) = encode_line(above, line, below, out);
            blacks += b;
            whites += w;
            stranded |= s;
        }
    }
    Encoded {
        board,
        blacks,
        whites,
        stranded,
    }
}

/// Encodes one board line into state bytes, from the lines above and below (`.` off the board);
/// returns its blacks, its whites, and whether a black in it has no white on some axis.
/// (Branch-free per cell, so that the compiler can vectorise the inner loop.)
fn encode_line(above: &[u8], line: &[u8], below: &[u8], out: &mut [u8]) -> (usize, usize, bool) {
    let n = line.len();
    let is = |x: u8, kind: u8| u8::from(x == kind);
    // One cell from itself and its four neighbours; (state, black, white, stranded).
    let cell = |x: u8, up: u8, down: u8, left: u8, right: u8| -> (u8, u8, u8, u8) {
        let around = |kind: u8| {
            (is(up, kind) * UP)
                | (is(down, kind) * DOWN)
                | (is(left, kind) * LEFT)
                | (is(right, kind) * RIGHT)
        };
        let (black, white) = (is(x, b'B'), is(x, b'W'));
        let whites = around(b'W');
        let stranded =
            black & (u8::from(whites & VERTICAL == 0) | u8::from(whites & HORIZONTAL == 0));
        let state = (black * (BLACK | whites)) | (white * (WHITE | around(b'B')));
        (state, black, white, stranded)
    };
    let (mut blacks, mut whites, mut stranded) = (0usize, 0usize, 0u8);
    let mut edge = |c: usize| {
        let left = if c > 0 { line[c - 1] } else { b'.' };
        let right = line.get(c + 1).copied().unwrap_or(b'.');
        let (state, b, w, s) = cell(line[c], above[c], below[c], left, right);
        out[c] = state;
        blacks += usize::from(b);
        whites += usize::from(w);
        stranded |= s;
    };
    edge(0);
    if n > 1 {
        edge(n - 1);
    }
    if n > 2 {
        let m = n - 2;
        let (left, mid, right) = (&line[..m], &line[1..=m], &line[2..]);
        let (up, down) = (&above[1..=m], &below[1..=m]);
        let o = &mut out[1..=m];
        let (mut b, mut w) = (0u32, 0u32);
        for c in 0..m {
            let (state, black, white, s) = cell(mid[c], up[c], down[c], left[c], right[c]);
            o[c] = state;
            b += u32::from(black);
            w += u32::from(white);
            stranded |= s;
        }
        blacks += b as usize;
        whites += w as usize;
    }
    (blacks, whites, stranded != 0)
}

/// Bit `j` set iff `pred(block[j]) == 1`, for a block of at most 64 cells and a predicate
/// giving 0 or 1. Branch-free, so that the compiler can vectorise it: the flags are computed a
/// byte each, then every 8 bytes of 0/1 are packed into 8 bits by one multiplication (byte `k`'s
/// low bit lands on bit `56 + k`, and no partial products overlap there).
fn mask(block: &[u8], pred: impl Fn(u8) -> u8) -> u64 {
    let mut flags = [0u8; 64];
    for (f, &s) in flags.iter_mut().zip(block) {
        *f = pred(s);
    }
    let (groups, _) = flags.as_chunks::<8>();
    groups.iter().enumerate().fold(0, |m, (g, &bytes)| {
        let packed = u64::from_le_bytes(bytes).wrapping_mul(0x0102_0408_1020_4080) >> 56;
        m | packed << (8 * g)
    })
}

/// 1 for a black whose `axis` has one way left and was not propagated yet, else 0.
fn pending(s: u8, axis: u8, done: u8) -> u8 {
    let black = (s & BLACK) >> 6;
    black & u8::from(s & done == 0) & u8::from(s & axis != axis)
}

/// 1 for a black, else 0.
pub(super) fn is_black(s: u8) -> u8 {
    (s & BLACK) >> 6
}

/// 1 for a black with an axis still undecided, else 0.
fn is_open(s: u8) -> u8 {
    let black = (s & BLACK) >> 6;
    black & (u8::from(s & VERTICAL == VERTICAL) | u8::from(s & HORIZONTAL == HORIZONTAL))
}

/// The blacks with an undecided axis and the clauses among their open choices, computed on
/// demand. Variable `2k` is open black `k`'s vertical choice (true = down), `2k + 1` its
/// horizontal one (true = right). A decided axis's variable has no implications, or, `pinned`,
/// only the unit clause of its decision (the wrong way implies the right one), so that the
/// rest's models are exactly the board's tilings.
struct Rest<'a> {
    board: &'a Padded,
    open: Ranked,
    pinned: bool,
}

/// Cells picked out of the padded board, numbered in board order, with O(1) rank lookup from a
/// bitmap (a bit per padded cell plus a `u32` per 64, instead of a word per cell).
pub(super) struct Ranked {
    /// One bit per padded cell: picked.
    bits: Vec<u64>,
    /// Picked cells before each 64-cell block.
    rank: Vec<u32>,
    /// The picked cells' padded indices, in board order.
    pub(super) cells: Vec<usize>,
}

impl Ranked {
    /// The cells whose state byte `s` has `pick(s) == 1`, in one pass.
    pub(super) fn new(state: &[u8], pick: impl Fn(u8) -> u8 + Copy) -> Ranked {
        let blocks = state.len().div_ceil(64);
        let (mut bits, mut rank, mut cells) = (Vec::with_capacity(blocks), Vec::new(), Vec::new());
        rank.reserve_exact(blocks);
        for (k, block) in state.chunks(64).enumerate() {
            rank.push(cells.len() as u32);
            let word = mask(block, pick);
            let mut left = word;
            while left != 0 {
                cells.push(k * 64 + left.trailing_zeros() as usize);
                left &= left - 1;
            }
            bits.push(word);
        }
        Ranked { bits, rank, cells }
    }

    /// The number of the picked cell `i` (which must be picked).
    pub(super) fn index(&self, i: usize) -> u32 {
        let below = self.bits[i / 64] & ((1u64 << (i % 64)) - 1);
        self.rank[i / 64] + below.count_ones()
    }
}

impl<'a> Rest<'a> {
    fn new(board: &'a Padded, pinned: bool) -> Rest<'a> {
        Rest {
            board,
            open: Ranked::new(&board.state, is_open),
            pinned,
        }
    }

    /// Pinned, for a decided axis: whether `lit` goes the way not decided.
    fn wrong_way(&self, lit: Lit) -> bool {
        let b = self.open.cells[(lit.var() / 2) as usize];
        let k = 2 * (lit.var() as usize % 2) + usize::from(!lit.is_neg());
        let axis = VERTICAL << (k & 2);
        self.pinned && self.board.state[b] & axis != axis && self.board.state[b] & (1 << k) == 0
    }

    /// For `lit`: the white it takes, and the directions (as bits) from that white to the open
    /// blacks it forces the other way: the other blacks next to it, undecided on that axis. A
    /// decided axis forces nothing here (propagation has settled all it implies).
    fn forced(&self, lit: Lit) -> (usize, u8) {
        let b = self.open.cells[(lit.var() / 2) as usize];
        // Direction index: up 0, down 1 (vertical variable), left 2, right 3 (horizontal).
        let k = 2 * (lit.var() as usize % 2) + usize::from(!lit.is_neg());
        let state = &self.board.state;
        let axis = VERTICAL << (k & 2);
        if state[b] & axis != axis {
            return (b, 0);
        }
        let w = self.board.step(b, k);
        // The white's black neighbours (its low bits), but not b.
        let mut around = state[w] & (VERTICAL | HORIZONTAL) & !(1 << (k ^ 1));
        let mut rivals = 0;
        while around != 0 {
            let e = around.trailing_zeros() as usize;
            around &= around - 1;
            let axis = VERTICAL << (e & 2);
            if state[self.board.step(w, e)] & axis == axis {
                rivals |= 1 << e;
            }
        }
        (w, rivals)
    }
}

impl ImplicationGraph for Rest<'_> {
    fn num_vars(&self) -> usize {
        2 * self.open.cells.len()
    }

    fn out_degree(&self, lit: Lit) -> usize {
        if self.wrong_way(lit) {
            return 1;
        }
        self.forced(lit).1.count_ones() as usize
    }

    fn successor(&self, lit: Lit, k: usize) -> Lit {
        if self.wrong_way(lit) {
            return !lit;
        }
        let (w, mut rivals) = self.forced(lit);
        for _ in 0..k {
            rivals &= rivals.wrapping_sub(1);
        }
        // The k-th rival r, toward e from the white, must turn toward e as well.
        let e = (rivals.trailing_zeros() as usize).min(3);
        let r = self.board.step(w, e);
        let var = 2 * self.open.index(r) + (e >> 1) as u32;
        Lit::new(var, e & 1 == 0)
    }
}
