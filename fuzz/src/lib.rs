//! Helpers shared by the fuzz targets: running the drivers on raw bytes, boards built from fuzz
//! bytes, fuzz-directed certificate mutations, and *independent* checks (the oracles crate's
//! exhaustive searches, and plain-rule checkers written here), sharing no code with the crate's
//! solvers or verifiers.
//!
//! A helper panics (so libFuzzer reports a crash) when the crate breaks one of its promises.

use std::collections::HashMap;

use gridmatch::RunError as Error;
use gridmatch::certificate::verify_records;
use gridmatch::formats::json::{Record, YesNo};
use gridmatch::formats::judge::{BoardReader, Header};
use gridmatch::formats::output::{Style as Mode, answer_all};
use gridmatch::puzzles::Request;
use gridmatch::puzzles::king::{Analysis, Moves, Player};
use gridmatch::puzzles::lpuzzle::{self, Piece};
use gridmatch::puzzles::rooks::{self, Segment, Solution};
use gridmatch::{Grid, Puzzle};
pub use libfuzzer_sys::arbitrary::Unstructured;

/// Cell limit for the drivers in the parser targets: small, so that one execution stays fast
/// (the refusal path of `--max-cells` is exercised all the same).
pub const MAX_CELLS: u64 = 4096;

/// Boards with at most this many free cells / cells get an exhaustive cross-check.
pub const BRUTE_KING_FREE: usize = 12;
/// See [`BRUTE_KING_FREE`].
pub const BRUTE_ROOKS_EMPTY: usize = 20;
/// See [`BRUTE_KING_FREE`].
pub const BRUTE_LPUZZLE_BLACKS: usize = 8;

// ---------------------------------------------------------------------------------------------
// Drivers on raw bytes
// ---------------------------------------------------------------------------------------------

/// Which judge-format driver a parser target feeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Driver {
    /// `gridmatch rooks`
    Rooks,
    /// `gridmatch rooks --rect`
    RooksRect,
    /// `gridmatch lpuzzle`
    Lpuzzle,
    /// `gridmatch king`
    King,
}

fn run(data: &[u8], driver: Driver, mode: Mode) -> (Vec<u8>, Result<(), Error>) {
    let mut reader = BoardReader::new(data, "fuzz").with_max_cells(MAX_CELLS);
    let mut out = Vec::new();
    let puzzle = driver.puzzle();
    let extras = Request {
        // `gridmatch king --show --all`, as before; judge and --json modes without `--all`.
        map: driver == Driver::King && mode == Mode::Show,
        moves: Moves::King,
        // The designer flags in --json (one record per board still, checked by verify) and
        // --show; judge mode stays the judge's output.
        roles: puzzle == Puzzle::Rooks && mode != Mode::Judge,
        unique: puzzle == Puzzle::Lpuzzle && mode != Mode::Judge,
        forced: puzzle == Puzzle::Lpuzzle && mode != Mode::Judge,
        ..Request::judge()
    };
    let header = Header::of(puzzle, driver == Driver::RooksRect);
    let res = answer_all(&mut reader, &mut out, puzzle, header, mode, &extras);
    (out, res)
}

impl Driver {
    /// The puzzle the driver solves.
    pub fn puzzle(self) -> Puzzle {
        match self {
            Driver::Rooks | Driver::RooksRect => Puzzle::Rooks,
            Driver::Lpuzzle => Puzzle::Lpuzzle,
            Driver::King => Puzzle::King,
        }
    }
}

/// The error of a driver run as text, after checking it is an input error with a position.
fn error_text(res: Result<(), Error>) -> Option<String> {
    match res {
        Ok(()) => None,
        Err(Error::Input(e)) => {
            assert!(
                e.line >= 1 && e.col >= 1,
                "input error without a position: {e:?}"
            );
            assert!(
                !e.found.is_empty() && !e.expected.is_empty(),
                "empty message part: {e:?}"
            );
            Some(e.to_string())
        }
        Err(e) => panic!("in-memory input gave an error without a position: {e}"),
    }
}

/// `A` or `B`, written out here rather than taken from `Player::letter`.
pub fn letter(p: Player) -> char {
    match p {
        Player::Alice => 'A',
        Player::Bob => 'B',
    }
}

/// Feeds `data` to `driver` in every mode. Errors are fine, but they must be input errors with
/// a position, identical in every mode; the judge answers must equal the JSON certificates'
/// answers, and every certificate must pass `Record::verify`.
pub fn check_driver(data: &[u8], driver: Driver) {
    let (judge, judge_res) = run(data, driver, Mode::Judge);
    let (json, json_res) = run(data, driver, Mode::Json);
    let (_show, show_res) = run(data, driver, Mode::Show);
    let err = error_text(judge_res);
    assert_eq!(
        err,
        error_text(json_res),
        "judge and --json modes disagree on the error"
    );
    assert_eq!(
        err,
        error_text(show_res),
        "judge and --show modes disagree on the error"
    );

    let judge = String::from_utf8(judge).expect("judge output is UTF-8");
    let json = String::from_utf8(json).expect("JSON output is UTF-8");
    let judge_lines: Vec<&str> = judge.lines().collect();
    let json_lines: Vec<&str> = json.lines().collect();
    assert_eq!(
        judge_lines.len(),
        json_lines.len(),
        "judge mode printed {} answers, --json {} certificates",
        judge_lines.len(),
        json_lines.len()
    );
    for (i, (j, line)) in judge_lines.iter().zip(&json_lines).enumerate() {
        let rec: Record = serde_json::from_str(line).expect("--json wrote an unreadable line");
        assert_eq!(rec.case(), i as u64 + 1, "case numbers");
        assert_eq!(
            rec.puzzle(),
            driver.puzzle(),
            "--json wrote another puzzle's record"
        );
        if let Err(why) = rec.verify() {
            panic!("certificate {} fails verify: {why}\n{line}", i + 1);
        }
        // The JSON answers are typed now (`YesNo`, `Player`); they are spelt out here as the
        // judge prints them.
        let answer = match &rec {
            Record::Rooks(r) => r.answer.to_string(),
            Record::Lpuzzle(r) => match r.answer {
                YesNo::Yes => "YES".to_string(),
                YesNo::No => "NO".to_string(),
            },
            Record::King(r) => format!("Case #{}: {}", i + 1, letter(r.answer)),
        };
        assert_eq!(*j, answer, "judge answer differs from the certificate's");
    }
}

/// Feeds `data` to `verify_records` (with a 1 GiB line limit, the command line's default when
/// the memory is unknown, and no hint); then checks with independent means every JSON line that
/// `Record::verify` accepts.
pub fn check_verify(data: &[u8]) {
    let mut out = Vec::new();
    match verify_records(data, "fuzz", &mut out, 1 << 30, None) {
        Ok(s) => assert!(s.failed <= s.checked),
        // F1 and F2 (README.md, fixed in 4f56825): every error, invalid UTF-8 and JSON errors
        // that serde_json reports without a column included, is an input error with a position.
        Err(Error::Input(e)) => {
            assert!(
                e.line >= 1 && e.col >= 1,
                "input error without a position: {e:?}"
            )
        }
        Err(e) => panic!("in-memory input gave an error without a position: {e}"),
    }
    for line in data.split(|&b| b == b'\n') {
        // `verify` reads lines with `Record::from_json` (tag first); it must read what serde's
        // derived reader for `Record` reads. This covers the record tag only: both go through
        // `ReasonRecord`'s hand-written reader, which tests/integration/hostile.rs compares with a derived
        // copy of the enum.
        if let Ok(text) = std::str::from_utf8(line) {
            let fast = Record::from_json(text).ok();
            let derived = serde_json::from_str::<Record>(text).ok();
            // Only the derived reader takes a whole record written as an array.
            if fast.is_some() || !text.trim_start().starts_with('[') {
                assert_eq!(
                    fast, derived,
                    "Record::from_json disagrees with serde on {text:?}"
                );
            }
        }
        if let Ok(rec) = serde_json::from_slice::<Record>(line)
            && rec.verify().is_ok()
        {
            check_accepted_record(&rec);
        }
    }
}

/// `rec` passed `verify`: its answer must be the true one and its certificate valid by the
/// independent checks below.
pub fn check_accepted_record(rec: &Record) {
    match rec {
        Record::Rooks(r) => {
            let grid = Puzzle::Rooks
                .grid_from_lines(&r.board)
                .expect("verified board");
            check_rooks_accepted(&grid, r.answer, &r.solution());
        }
        Record::Lpuzzle(r) => {
            let grid = Puzzle::Lpuzzle
                .grid_from_lines(&r.board)
                .expect("verified board");
            match (r.answer, &r.pieces) {
                (YesNo::Yes, Some(pieces)) => {
                    let pieces: Vec<Piece> = pieces
                        .iter()
                        .map(|[b, v, h]| Piece {
                            black: (b[0], b[1]),
                            vertical: (v[0], v[1]),
                            horizontal: (h[0], h[1]),
                        })
                        .collect();
                    check_tiling_accepted(&grid, &pieces);
                }
                (YesNo::No, _) => check_no_accepted(&grid),
                (YesNo::Yes, None) => panic!("verify accepted YES without pieces"),
            }
        }
        Record::King(r) => {
            let grid = Puzzle::King
                .grid_from_lines(&r.board)
                .expect("verified board");
            // `moves` and `answer` are typed now: serde refuses an unknown move set or an
            // answer other than "A"/"B" before `verify` sees the record (the old string fields
            // were checked here, and could not be anything else once verified either).
            let matching: Vec<_> = r
                .matching
                .iter()
                .map(|m| ((m[0], m[1]), (m[2], m[3])))
                .collect();
            check_king_accepted(&grid, r.moves, r.answer, &matching);
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Boards and values from fuzz bytes
// ---------------------------------------------------------------------------------------------

/// A byte, 0 once the input is used up.
pub fn byte(u: &mut Unstructured) -> u8 {
    u.arbitrary::<u8>().unwrap_or(0)
}

/// A number in `lo..=hi`.
pub fn range(u: &mut Unstructured, lo: usize, hi: usize) -> usize {
    u.int_in_range(lo..=hi).unwrap_or(lo)
}

/// A coordinate for a mutated certificate: mostly on a board of size `bound`, sometimes just
/// off it or absurd.
pub fn coord(u: &mut Unstructured, bound: usize) -> usize {
    match byte(u) % 16 {
        0 => usize::MAX,
        1 => bound,
        2 => bound + 1,
        _ => range(u, 0, bound.saturating_sub(1)),
    }
}

/// A `rows × cols` board (sizes from the bytes, at most `max_r × max_c`), each cell picked from
/// `alphabet` by one byte.
pub fn board(u: &mut Unstructured, max_r: usize, max_c: usize, alphabet: &[u8]) -> Grid {
    let rows = range(u, 1, max_r);
    let cols = range(u, 1, max_c);
    let cells = (0..rows * cols)
        .map(|_| alphabet[byte(u) as usize % alphabet.len()])
        .collect();
    Grid::from_cells(rows, cols, cells)
}

/// An L-puzzle pattern that is often tileable: random L pieces dropped on an empty board, then
/// a few cells flipped.
pub fn tiled_pattern(u: &mut Unstructured, max_r: usize, max_c: usize) -> Grid {
    let rows = range(u, 1, max_r);
    let cols = range(u, 1, max_c);
    let mut cells = vec![b'.'; rows * cols];
    let attempts = range(u, 0, rows * cols);
    for _ in 0..attempts {
        let (r, c) = (range(u, 0, rows - 1), range(u, 0, cols - 1));
        let o = byte(u);
        let (dr, dc): (isize, isize) = (
            if o & 1 == 0 { -1 } else { 1 },
            if o & 2 == 0 { -1 } else { 1 },
        );
        let (vr, hc) = (r as isize + dr, c as isize + dc);
        if vr < 0 || hc < 0 || vr as usize >= rows || hc as usize >= cols {
            continue;
        }
        let three = [r * cols + c, vr as usize * cols + c, r * cols + hc as usize];
        if three.iter().all(|&i| cells[i] == b'.') {
            cells[three[0]] = b'B';
            cells[three[1]] = b'W';
            cells[three[2]] = b'W';
        }
    }
    for _ in 0..range(u, 0, 2) {
        let i = range(u, 0, rows * cols - 1);
        cells[i] = b"BW."[byte(u) as usize % 3];
    }
    Grid::from_cells(rows, cols, cells)
}

/// `grid` with cell `(r, c)` set to `v`.
pub fn with_cell(grid: &Grid, r: usize, c: usize, v: u8) -> Grid {
    let mut cells = grid.cells().to_vec();
    cells[r * grid.cols() + c] = v;
    Grid::from_cells(grid.rows(), grid.cols(), cells)
}

/// A move set.
pub fn moves(u: &mut Unstructured) -> Moves {
    Moves::ALL[byte(u) as usize % 4]
}

// ---------------------------------------------------------------------------------------------
// Rooks: independent checks
// ---------------------------------------------------------------------------------------------

fn empty(grid: &Grid, r: usize, c: usize) -> bool {
    r < grid.rows() && c < grid.cols() && grid.get(r, c) == b'.'
}

/// A run of empty cells as `(line, start, end)`.
type Run = (usize, usize, usize);

/// A matched pair of cells.
pub type Pair = ((usize, usize), (usize, usize));

/// The maximal horizontal (or vertical) run of empty cells through `(r, c)`.
fn run_through(grid: &Grid, r: usize, c: usize, horizontal: bool) -> Run {
    if horizontal {
        let (mut a, mut b) = (c, c);
        while a > 0 && empty(grid, r, a - 1) {
            a -= 1;
        }
        while empty(grid, r, b + 1) {
            b += 1;
        }
        (r, a, b)
    } else {
        let (mut a, mut b) = (r, r);
        while a > 0 && empty(grid, a - 1, c) {
            a -= 1;
        }
        while empty(grid, b + 1, c) {
            b += 1;
        }
        (c, a, b)
    }
}

/// Plain-rule check of a rooks certificate: rooks distinct, on empty cells, pairwise not
/// attacking; cover segments distinct maximal runs touching every empty cell; sizes equal.
pub fn rooks_certificate_ok(grid: &Grid, answer: usize, sol: &Solution) -> Result<(), String> {
    for (i, &(r, c)) in sol.rooks.iter().enumerate() {
        if !empty(grid, r, c) {
            return Err(format!("rook {i} not on an empty cell"));
        }
        let runs = (
            run_through(grid, r, c, true),
            run_through(grid, r, c, false),
        );
        for &(r2, c2) in &sol.rooks[..i] {
            let other = (
                run_through(grid, r2, c2, true),
                run_through(grid, r2, c2, false),
            );
            if runs.0 == other.0 || runs.1 == other.1 {
                return Err(format!(
                    "rooks ({r2},{c2}) and ({r},{c}) attack (or coincide)"
                ));
            }
        }
    }
    let mut segs = Vec::new();
    for (list, horizontal) in [(&sol.row_cover, true), (&sol.col_cover, false)] {
        for s in list.iter() {
            let (r, c) = if horizontal {
                (s.line, s.start)
            } else {
                (s.start, s.line)
            };
            if !empty(grid, r, c) || run_through(grid, r, c, horizontal) != (s.line, s.start, s.end)
            {
                return Err(format!("{s:?} is not a maximal run"));
            }
            if segs.contains(&(horizontal, s.line, s.start)) {
                return Err(format!("{s:?} twice"));
            }
            segs.push((horizontal, s.line, s.start));
        }
    }
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            if empty(grid, r, c) {
                let (l, a, _) = run_through(grid, r, c, true);
                let (l2, a2, _) = run_through(grid, r, c, false);
                if !segs.contains(&(true, l, a)) && !segs.contains(&(false, l2, a2)) {
                    return Err(format!("({r},{c}) uncovered"));
                }
            }
        }
    }
    if sol.rooks.len() != answer || segs.len() != answer {
        return Err("sizes differ".into());
    }
    Ok(())
}

/// Exhaustive search for the most non-attacking rooks (the oracles crate's), on boards of at
/// most [`BRUTE_ROOKS_EMPTY`] empty cells.
pub fn rooks_brute(grid: &Grid) -> usize {
    gridmatch_oracles::rooks::max_rooks(&grid.to_lines())
}

/// `verify` accepted `(answer, sol)` on `grid`: it must be valid and optimal.
pub fn check_rooks_accepted(grid: &Grid, answer: usize, sol: &Solution) {
    if let Err(why) = rooks_certificate_ok(grid, answer, sol) {
        panic!(
            "rooks::verify accepted an invalid certificate ({why}): answer {answer}, {sol:?}, board {:?}",
            grid.to_lines()
        );
    }
    let truth = rooks::max_rooks(grid);
    assert_eq!(
        answer, truth,
        "rooks::verify accepted answer {answer}, the most is {truth}"
    );
}

/// Applies one fuzz-chosen edit to a rooks certificate (or its board).
pub fn mutate_rooks(u: &mut Unstructured, grid: &mut Grid, answer: &mut usize, sol: &mut Solution) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let seg = |u: &mut Unstructured, line_bound: usize, len: usize| Segment {
        line: coord(u, line_bound),
        start: coord(u, len),
        end: coord(u, len),
    };
    match byte(u) % 12 {
        0 => *answer = (*answer as isize + range(u, 0, 4) as isize - 2).max(0) as usize,
        1 if !sol.rooks.is_empty() => {
            let i = range(u, 0, sol.rooks.len() - 1);
            sol.rooks.remove(i);
        }
        2 => sol.rooks.push((coord(u, rows), coord(u, cols))),
        3 if !sol.rooks.is_empty() => {
            let i = range(u, 0, sol.rooks.len() - 1);
            sol.rooks[i] = (coord(u, rows), coord(u, cols));
        }
        4 if !sol.row_cover.is_empty() => {
            let i = range(u, 0, sol.row_cover.len() - 1);
            sol.row_cover.remove(i);
        }
        5 if !sol.col_cover.is_empty() => {
            let i = range(u, 0, sol.col_cover.len() - 1);
            sol.col_cover.remove(i);
        }
        6 => sol.row_cover.push(seg(u, rows, cols)),
        7 => sol.col_cover.push(seg(u, cols, rows)),
        8 if !sol.row_cover.is_empty() => {
            let i = range(u, 0, sol.row_cover.len() - 1);
            let s = sol.row_cover.remove(i);
            sol.col_cover.push(s);
        }
        9 if !sol.rooks.is_empty() => {
            let i = range(u, 0, sol.rooks.len() - 1);
            sol.rooks.push(sol.rooks[i]);
        }
        10 => {
            let (r, c) = (range(u, 0, rows - 1), range(u, 0, cols - 1));
            let v = if grid.get(r, c) == b'.' { b'X' } else { b'.' };
            *grid = with_cell(grid, r, c, v);
        }
        _ => {
            // Move a whole row or column run boundary by one.
            if let Some(s) = sol.row_cover.first_mut() {
                if byte(u) & 1 == 0 {
                    s.start = s.start.wrapping_sub(1);
                } else {
                    s.end = s.end.wrapping_add(1);
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// L-puzzle: independent checks
// ---------------------------------------------------------------------------------------------

fn at(grid: &Grid, r: usize, c: usize) -> u8 {
    if r < grid.rows() && c < grid.cols() {
        grid.get(r, c)
    } else {
        b'.'
    }
}

/// Plain-rule check of a tiling: each piece a black corner, a white directly above/below and a
/// white directly left/right; every B and W in exactly one piece; nothing else covered.
pub fn tiling_ok(grid: &Grid, pieces: &[Piece]) -> Result<(), String> {
    let mut count: HashMap<(usize, usize), usize> = HashMap::new();
    for p in pieces {
        let (b, v, h) = (p.black, p.vertical, p.horizontal);
        if at(grid, b.0, b.1) != b'B' || at(grid, v.0, v.1) != b'W' || at(grid, h.0, h.1) != b'W' {
            return Err(format!("{p:?} has wrong colours"));
        }
        if !(v.1 == b.1 && (v.0 + 1 == b.0 || b.0 + 1 == v.0)) {
            return Err(format!("{p:?}: vertical arm not adjacent"));
        }
        if !(h.0 == b.0 && (h.1 + 1 == b.1 || b.1 + 1 == h.1)) {
            return Err(format!("{p:?}: horizontal arm not adjacent"));
        }
        for x in [b, v, h] {
            *count.entry(x).or_default() += 1;
        }
    }
    for r in 0..grid.rows() {
        for c in 0..grid.cols() {
            let n = count.get(&(r, c)).copied().unwrap_or(0);
            let want = usize::from(grid.get(r, c) != b'.');
            if n != want {
                return Err(format!("({r},{c}) covered {n} times"));
            }
        }
    }
    Ok(())
}

/// Exhaustive tiling search (the oracles crate's): the first uncovered cell must be covered by
/// one of the pieces that contain it. `None` if the search is too big to finish quickly.
pub fn lpuzzle_brute(grid: &Grid) -> Option<bool> {
    let blacks = grid.cells().iter().filter(|&&c| c == b'B').count();
    let whites = grid.cells().iter().filter(|&&c| c == b'W').count();
    if whites != 2 * blacks {
        return Some(false);
    }
    if blacks > BRUTE_LPUZZLE_BLACKS || grid.cells().len() > gridmatch_oracles::lpuzzle::MAX_CELLS {
        return None;
    }
    Some(gridmatch_oracles::lpuzzle::tileable(&grid.to_lines()))
}

/// `verify_tiling` accepted `pieces`: they must tile the board.
pub fn check_tiling_accepted(grid: &Grid, pieces: &[Piece]) {
    if let Err(why) = tiling_ok(grid, pieces) {
        panic!(
            "lpuzzle::verify_tiling accepted a non-tiling ({why}): {pieces:?} on {:?}",
            grid.to_lines()
        );
    }
    assert!(
        lpuzzle::can_build(grid),
        "a tiling exists but can_build says no: {:?}",
        grid.to_lines()
    );
}

/// `verify_no` accepted a reason: there must be no tiling.
pub fn check_no_accepted(grid: &Grid) {
    assert_ne!(
        lpuzzle_brute(grid),
        Some(true),
        "verify_no accepted a reason, but a tiling exists: {:?}",
        grid.to_lines()
    );
    assert!(
        !lpuzzle::can_build(grid),
        "verify_no accepted a reason, but can_build says yes: {:?}",
        grid.to_lines()
    );
}

// ---------------------------------------------------------------------------------------------
// King: independent checks
// ---------------------------------------------------------------------------------------------

/// Move offsets, as the oracles crate writes them out (independently of the crate).
pub fn steps(moves: Moves) -> Vec<(isize, isize)> {
    gridmatch_oracles::king::steps(moves.name())
        .expect("a move set the oracles know")
        .to_vec()
}

/// Exhaustive game search over (visited set, position), memoised (the oracles crate's); for
/// boards with at most [`BRUTE_KING_FREE`] free cells.
pub struct KingBrute(gridmatch_oracles::king::BoardGame);

impl KingBrute {
    /// `None` if the board has too many free cells.
    pub fn new(grid: &Grid, moves: Moves) -> Option<KingBrute> {
        let free = grid.cells().iter().filter(|&&c| c != b'#').count();
        (free <= BRUTE_KING_FREE).then(|| {
            KingBrute(gridmatch_oracles::king::BoardGame::new(
                &grid.to_lines(),
                &steps(moves),
            ))
        })
    }

    /// Who wins from the free cell `start`.
    pub fn winner(&mut self, start: (usize, usize)) -> Player {
        if self.0.first_player_wins(start) {
            Player::Alice
        } else {
            Player::Bob
        }
    }

    /// Does the player to move from `at` (all of `visited` used, `at` included) win?
    pub fn to_move_wins(&mut self, visited: &[(usize, usize)], at: (usize, usize)) -> bool {
        self.0.mover_wins(visited, at)
    }
}

/// The K of `grid`.
pub fn king_start(grid: &Grid) -> (usize, usize) {
    let i = grid.cells().iter().position(|&c| c == b'K').expect("a K");
    (i / grid.cols(), i % grid.cols())
}

/// The plain-rule check of a King matching (panics if it breaks one): pairs of free cells one
/// move apart, no cell twice. Returns the cells it covers.
pub fn check_king_matching(grid: &Grid, moves: Moves, matching: &[Pair]) -> Vec<(usize, usize)> {
    let free =
        |(r, c): (usize, usize)| r < grid.rows() && c < grid.cols() && grid.get(r, c) != b'#';
    let mut seen = Vec::new();
    for &(a, b) in matching {
        assert!(free(a) && free(b), "a matching on burned/off-board cells");
        let d = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
        assert!(
            steps(moves).contains(&d),
            "a matching with a non-move pair {a:?}-{b:?}"
        );
        assert!(
            !seen.contains(&a) && !seen.contains(&b),
            "a matching with a cell matched twice"
        );
        seen.extend([a, b]);
    }
    seen
}

/// `verify` accepted a claim that `claimed` wins with `matching`: the matching must be one of
/// free cells one move apart, Bob's must miss the start, and the claim must be true.
pub fn check_king_accepted(grid: &Grid, moves: Moves, claimed: Player, matching: &[Pair]) {
    let seen = check_king_matching(grid, moves, matching);
    let start = king_start(grid);
    if claimed == Player::Bob {
        assert!(
            !seen.contains(&start),
            "verify accepted Bob's matching that covers the start"
        );
    }
    let truth = Analysis::new(grid, moves).winner(start).expect("K is free");
    assert_eq!(
        claimed,
        truth,
        "king::verify accepted a wrong winner on {:?} ({moves:?})",
        grid.to_lines()
    );
    if let Some(mut b) = KingBrute::new(grid, moves) {
        assert_eq!(
            claimed,
            b.winner(start),
            "exhaustive search disagrees on {:?} ({moves:?})",
            grid.to_lines()
        );
    }
}
