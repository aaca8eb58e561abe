//! The L-puzzle: tile every `B` and `W` of a board (`.` cells stay empty) with L pieces, each a
//! black corner `B` with a white `W` directly above or below it and a white directly left or
//! right of it, no cell in two pieces. Any other byte is a cell no piece can cover (so a board
//! holding one has no tiling).
//!
//! [`tilings`]: the first uncovered cell in row-major order must be in a piece; every piece
//! that contains it and fits is tried. Each tiling is reached by exactly one sequence of
//! choices, so none is listed twice. [`blacks_can_choose`]: the blacks in row-major order each
//! try their four pairs of whites.
//!
//! **Status:** hand-solved patterns (the pinwheel's two tilings among them) and, on every
//! pattern up to 2 × 4 over `.BW`, [`tileable`] against [`blacks_can_choose`] with the count
//! `whites = 2 × blacks`; gridmatch's L-puzzle solver, uniqueness and forced pieces against it on
//! every pattern up to 2 × 5 and tens of thousands of random ones up to 6 × 7.

use crate::{at, shape};

/// A piece as its three cells: `[black corner, vertical arm, horizontal arm]`.
pub type Piece = [(usize, usize); 3];

/// The most cells [`tilings`] and [`tileable`] take (the search is exponential in the worst
/// case: meant for small boards, or tileable ones with few choices).
pub const MAX_CELLS: usize = 144;

/// The most blacks [`blacks_can_choose`] takes.
pub const MAX_BLACKS: usize = 16;

/// The pieces of the board that contain `(r, c)`: black corner on it or on one of its four
/// neighbours, each corner with its four pairs of arms, kept when in bounds with the right
/// colours.
fn pieces_through<R: AsRef<[u8]>>(rows: &[R], r: usize, c: usize) -> Vec<Piece> {
    let (r, c) = (r as isize, c as isize);
    let mut out = Vec::new();
    for (br, bc) in [(r, c), (r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
        for dv in [-1, 1] {
            for dh in [-1, 1] {
                let three = [(br, bc), (br + dv, bc), (br, bc + dh)];
                if three.contains(&(r, c))
                    && at(rows, br, bc) == Some(b'B')
                    && at(rows, br + dv, bc) == Some(b'W')
                    && at(rows, br, bc + dh) == Some(b'W')
                {
                    out.push(three.map(|(a, b)| (a as usize, b as usize)));
                }
            }
        }
    }
    out
}

/// Up to `cap` tilings of the board, each a list of pieces sorted by their cells. A board with
/// nothing to cover has one tiling, the empty one.
///
/// Panics if the rows differ in length or the board has more than [`MAX_CELLS`] cells.
pub fn tilings<R: AsRef<[u8]>>(rows: &[R], cap: usize) -> Vec<Vec<Piece>> {
    let (h, w) = shape(rows);
    assert!(
        h * w <= MAX_CELLS,
        "L-puzzle oracle: {h} × {w} cells, at most {MAX_CELLS}"
    );
    let mut found = Vec::new();
    if cap == 0 {
        return found;
    }
    let mut used = vec![false; h * w];
    let first_uncovered = |used: &[bool], from: usize| {
        (from..h * w).find(|&i| rows[i / w].as_ref()[i % w] != b'.' && !used[i])
    };
    let Some(first) = first_uncovered(&used, 0) else {
        found.push(Vec::new());
        return found;
    };
    // One frame per cell to cover (the first uncovered one when it was pushed): the cell, its
    // candidate pieces and the next one to try. `placed` holds the piece of each frame that has
    // one on the board.
    let frame = |i: usize| (i, pieces_through(rows, i / w, i % w), 0usize);
    let mut stack = vec![frame(first)];
    let mut placed: Vec<Piece> = Vec::new();
    while !stack.is_empty() {
        if placed.len() == stack.len() {
            for (r, c) in placed.pop().expect("the frame's piece") {
                used[r * w + c] = false;
            }
        }
        let (cell, candidates, next) = stack.last_mut().expect("a frame");
        let Some(k) = (*next..candidates.len())
            .find(|&k| candidates[k].iter().all(|&(r, c)| !used[r * w + c]))
        else {
            stack.pop();
            continue;
        };
        *next = k + 1;
        let (cell, piece) = (*cell, candidates[k]);
        for (r, c) in piece {
            used[r * w + c] = true;
        }
        placed.push(piece);
        // Every cell up to this frame's is covered now.
        match first_uncovered(&used, cell + 1) {
            Some(i) => stack.push(frame(i)),
            None => {
                let mut t = placed.clone();
                t.sort_unstable();
                found.push(t);
                if found.len() >= cap {
                    break;
                }
            }
        }
    }
    found
}

/// Whether the board has a tiling ([`tilings`] stopped at the first).
///
/// Panics as [`tilings`] does.
pub fn tileable<R: AsRef<[u8]>>(rows: &[R]) -> bool {
    !tilings(rows, 1).is_empty()
}

/// The pieces' choices alone, whatever the counts: can every black take one white directly
/// above or below it and one directly left or right of it, no white taken twice? (Whites may be
/// left over.)
///
/// Panics if the rows differ in length or the board has more than [`MAX_BLACKS`] blacks.
pub fn blacks_can_choose<R: AsRef<[u8]>>(rows: &[R]) -> bool {
    let (h, w) = shape(rows);
    let blacks: Vec<(usize, usize)> = (0..h * w)
        .map(|i| (i / w, i % w))
        .filter(|&(r, c)| rows[r].as_ref()[c] == b'B')
        .collect();
    assert!(
        blacks.len() <= MAX_BLACKS,
        "L-puzzle oracle: {} blacks, at most {MAX_BLACKS}",
        blacks.len()
    );
    // The four pairs of whites of each black that exist, as cell indices.
    let choices: Vec<Vec<(usize, usize)>> = blacks
        .iter()
        .map(|&(r, c)| {
            let (r, c) = (r as isize, c as isize);
            let white = |a: isize, b: isize| {
                (at(rows, a, b) == Some(b'W')).then(|| a as usize * w + b as usize)
            };
            let mut out = Vec::new();
            for v in [r - 1, r + 1] {
                for hz in [c - 1, c + 1] {
                    if let (Some(x), Some(y)) = (white(v, c), white(r, hz)) {
                        out.push((x, y));
                    }
                }
            }
            out
        })
        .collect();
    let mut used = vec![false; h * w];
    // One frame per black: the next choice to try; the blacks before the top have one made.
    let mut stack = vec![0usize];
    let mut made: Vec<(usize, usize)> = Vec::new();
    while !stack.is_empty() {
        let k = stack.len() - 1;
        if k == blacks.len() {
            return true;
        }
        if made.len() > k {
            let (x, y) = made.pop().expect("the frame's choice");
            used[x] = false;
            used[y] = false;
        }
        let next = stack[k];
        match choices[k][next..]
            .iter()
            .position(|&(x, y)| !used[x] && !used[y])
        {
            Some(j) => {
                let (x, y) = choices[k][next + j];
                stack[k] = next + j + 1;
                used[x] = true;
                used[y] = true;
                made.push((x, y));
                stack.push(0);
            }
            None => {
                stack.pop();
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const PINWHEEL: [&str; 4] = [".WBW.", "WBWBW", "WWBWW", "BWWWB"];

    #[test]
    fn hand_solved_patterns() {
        assert!(tileable(&["BW", "W."]));
        assert_eq!(
            tilings(&["BW", "W."], 5),
            vec![vec![[(0, 0), (1, 0), (0, 1)]]]
        );
        assert!(tileable(&["...", "..."]));
        assert_eq!(tilings(&["..."], 5), vec![Vec::<Piece>::new()]);
        assert!(!tileable(&["BWB.", "WWW."]));
        assert!(!tileable(&["WB"]));
        assert!(!tileable(&["B", "W"]));
        assert!(!tileable(&["BW", "WX"]));
        assert!(tileable(&["BW.WB", "W...W", ".....", "W...W", "BW.WB"]));
        assert!(tileable(&[".W..", "WBW.", ".WB.", "...."]));
        assert_eq!(tilings(&PINWHEEL, 10).len(), 2);
        assert_eq!(tilings(&PINWHEEL, 1).len(), 1);
        assert!(blacks_can_choose(&["WBW", ".W."]));
        assert!(!blacks_can_choose(&["BWB", "W.W"]));
        assert!(!blacks_can_choose(&["BWB.", "WWW."]));
    }

    #[test]
    fn tileable_is_the_choice_with_the_count() {
        let mut yes = 0;
        for (h, w) in [(1, 4), (2, 2), (2, 3), (3, 2), (2, 4), (4, 2)] {
            for mut code in 0..3u32.pow((h * w) as u32) {
                let rows: Vec<Vec<u8>> = (0..h)
                    .map(|_| {
                        (0..w)
                            .map(|_| {
                                let x = b".BW"[(code % 3) as usize];
                                code /= 3;
                                x
                            })
                            .collect()
                    })
                    .collect();
                let count = |x: u8| rows.iter().flatten().filter(|&&c| c == x).count();
                let want = count(b'W') == 2 * count(b'B') && blacks_can_choose(&rows);
                assert_eq!(tileable(&rows), want, "{rows:?}");
                yes += usize::from(want);
            }
        }
        assert!(yes > 50, "{yes}");
    }
}
