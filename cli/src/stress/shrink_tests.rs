use super::*;
use gridmatch::generate;

fn has_empty_square(g: &Grid) -> bool {
    (1..g.rows()).any(|r| {
        (1..g.cols()).any(|c| {
            [(r - 1, c - 1), (r - 1, c), (r, c - 1), (r, c)]
                .iter()
                .all(|&(a, b)| g.get(a, b) == b'.')
        })
    })
}

fn one_by_one(rules: Rules, start: Grid, f: impl Fn(&Grid) -> bool) -> Shrunk {
    shrink(start, rules, 10_000, 1, |gs| gs.iter().map(&f).collect())
}

#[test]
fn empty_square_shrinks_to_two_by_two() {
    let mut rng = generate::rng(5);
    let mut tried = 0;
    for _ in 0..40 {
        let g = generate::lpuzzle(&mut rng, 7, 9, 0.5, generate::LStyle::Random);
        if !has_empty_square(&g) {
            continue;
        }
        tried += 1;
        let s = one_by_one(Rules::of(Puzzle::Lpuzzle, false), g, has_empty_square);
        assert_eq!(s.grid, Grid::from_rows(&["..", ".."]));
        assert!(!s.limited);
    }
    assert!(tried > 5);
}

#[test]
fn sideways_flips_do_not_end_bigger() {
    // Everything fails: a 1 × 1 board stays `.` although its flips fail too.
    for puzzle in [Puzzle::Rooks, Puzzle::Lpuzzle] {
        let s = one_by_one(Rules::of(puzzle, false), Grid::from_rows(&["."]), |_| true);
        assert_eq!(s.grid, Grid::from_rows(&["."]));
    }
    let s = one_by_one(
        Rules::of(Puzzle::King, false),
        Grid::from_rows(&["#K", ".."]),
        |_| true,
    );
    assert_eq!(s.grid, Grid::from_rows(&["K"]));
}

#[test]
fn batches_give_the_same_result_and_count() {
    let rules = Rules::of(Puzzle::Rooks, false);
    let pawns = |g: &Grid| g.cells().iter().filter(|&&c| c == b'X').count() >= 2;
    let start = generate::rooks(&mut generate::rng(3), 8, 8, 0.4);
    let one = one_by_one(rules, start.clone(), pawns);
    for width in [2, 3, 7] {
        let many = shrink(start.clone(), rules, 10_000, width, |gs| {
            gs.iter().map(pawns).collect()
        });
        assert_eq!((&many.grid, many.runs), (&one.grid, one.runs));
    }
    // Square boards stay square: two pawns need a 2 × 2 board.
    assert_eq!((one.grid.rows(), one.grid.cols()), (2, 2));
    assert_eq!(one.grid.cells().iter().filter(|&&c| c == b'X').count(), 2);
}

#[test]
fn king_keeps_its_start_and_limits_hold() {
    let rules = Rules::of(Puzzle::King, false);
    let start = generate::king(&mut generate::rng(9), 6, 5, 0.3);
    // "Fails" while some burned square is next to K (orthogonally).
    let burned_next = |g: &Grid| {
        let k = g.cells().iter().position(|&c| c == b'K').unwrap();
        let (r, c) = (k / g.cols(), k % g.cols());
        g.neighbours((r, c), &[(0, 1), (1, 0), (0, -1), (-1, 0)])
            .any(|(a, b)| g.get(a, b) == b'#')
    };
    let mut start = start;
    if !burned_next(&start) {
        let cells = start
            .cells()
            .iter()
            .map(|&c| if c == b'.' { b'#' } else { c })
            .collect();
        start = Grid::from_cells(start.rows(), start.cols(), cells);
    }
    let s = one_by_one(rules, start.clone(), burned_next);
    assert!(rules.valid(&s.grid));
    assert_eq!(s.grid.cells().len(), 2, "{:?}", s.grid);
    // Every candidate tested was a valid board; the limit stops the shrinking.
    let limited = shrink(start, rules, 3, 2, |gs| {
        assert!(gs.iter().all(|g| rules.valid(g)));
        vec![false; gs.len()]
    });
    assert_eq!((limited.runs, limited.limited), (3, true));
}
