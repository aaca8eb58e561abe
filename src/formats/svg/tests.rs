//! Tests of the pictures: well-formed SVG that draws what it is handed.
use super::rooks::role_counts;
use super::*;
use crate::generate;
use crate::puzzles::king::Analysis;
use crate::puzzles::king::{self, Moves};
use crate::puzzles::lpuzzle::{Outcome, Reason};
use crate::puzzles::{lpuzzle, rooks};

/// The King picture as the command line draws it: the map and the winner's matching.
fn king_picture(grid: &Grid, analysis: &Analysis, start: Cell) -> String {
    let pairs = analysis.winning_matching(start).unwrap_or_default();
    king_svg(grid, &analysis.map(), start, &pairs)
}

type TestResult = Result<(), Box<dyn std::error::Error>>;

fn parse(svg: &str) -> roxmltree::Document<'_> {
    match roxmltree::Document::parse(svg) {
        Ok(doc) => doc,
        Err(e) => panic!("not XML: {e}\n{}", &svg[..svg.len().min(2000)]),
    }
}

fn check(svg: &str) -> roxmltree::Document<'_> {
    let doc = parse(svg);
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");
    assert_eq!(
        root.tag_name().namespace(),
        Some("http://www.w3.org/2000/svg")
    );
    for attr in ["width", "height", "viewBox"] {
        assert!(root.attribute(attr).is_some(), "missing {attr}");
    }
    // Every referenced symbol exists.
    for node in doc.descendants().filter(|n| n.has_tag_name("use")) {
        let href = node.attribute("href").unwrap_or("");
        let id = href.trim_start_matches('#');
        assert!(
            doc.descendants().any(|n| n.attribute("id") == Some(id)),
            "dangling {href}"
        );
    }
    doc
}

fn count(doc: &roxmltree::Document<'_>, tag: &str) -> usize {
    doc.descendants().filter(|n| n.has_tag_name(tag)).count()
}

fn is_compact_doc(doc: &roxmltree::Document<'_>) -> bool {
    doc.root_element()
        .attribute("class")
        .is_some_and(|c| c.contains("compact"))
}

#[test]
fn rooks_sample() {
    let grid = Grid::from_rows(&["X....", "X....", "..X..", ".X...", "....X"]);
    let sol = rooks::solve(&grid);
    let svg = rooks_svg(&grid, &sol);
    let doc = check(&svg);
    assert!(!is_compact_doc(&doc));
    let rooks = doc
        .descendants()
        .filter(|n| n.has_tag_name("use") && n.attribute("href") == Some("#rook"))
        .count();
    assert_eq!(rooks, 7);
    assert!(svg.contains("7 rooks"));
}

#[test]
fn rooks_edge_boards() {
    for rows in [
        &["X"][..],
        &["."],
        &["XXXX"],
        &["....", "....", "....", "...."],
    ] {
        let grid = Grid::from_rows(rows);
        check(&rooks_svg(&grid, &rooks::solve(&grid)));
    }
}

#[test]
fn lpuzzle_yes_and_no() {
    let yes = Grid::from_rows(&["BWW.", "WWBW", "..WB"]);
    let answer = lpuzzle::solve(&yes);
    assert!(answer.is_yes());
    let svg = lpuzzle_svg(&yes, &answer);
    check(&svg);
    assert!(svg.contains("YES"));

    for rows in [
        &["W..", "BW.", "WBW"][..],
        &["BW", "WW", "W."],
        &["BWW", "WWW"],
        &["WBW", "WWW", "WBW"],
    ] {
        let grid = Grid::from_rows(rows);
        let answer = lpuzzle::solve(&grid);
        assert!(!answer.is_yes(), "{rows:?}");
        let svg = lpuzzle_svg(&grid, &answer);
        check(&svg);
        assert!(svg.contains("NO"));
    }
}

#[test]
fn lpuzzle_conflict_draws_arrows() {
    let grid = Grid::from_rows(&["W..", "BW.", "WBW"]);
    let answer = lpuzzle::solve(&grid);
    if let Outcome::No(Reason::Conflict { .. }) = answer {
        let svg = lpuzzle_svg(&grid, &answer);
        assert!(svg.contains("#6d28d9"));
        check(&svg);
    }
}

#[test]
fn king_alice_and_bob() -> TestResult {
    for (rows, letter) in [
        (&["K.", ".#"][..], 'B'),
        (&["K#", ".#", ".#", ".#"], 'A'),
        (&["K.", ".."], 'A'),
        (&["K..", "...", "..."], 'B'),
        (&["K.."], 'B'),
        (&[".K."], 'A'),
    ] {
        let grid = Grid::from_rows(rows);
        let start = king::start_of(&grid)?;
        let analysis = Analysis::new(&grid, Moves::King);
        let winner = analysis.winner(start).ok_or("start square has no winner")?;
        assert_eq!(winner.letter(), letter, "{rows:?}");
        let svg = king_picture(&grid, &analysis, start);
        let doc = check(&svg);
        assert!(!is_compact_doc(&doc));
        let who = if letter == 'A' { "Alice" } else { "Bob" };
        assert!(svg.contains(who), "{svg}");
    }
    Ok(())
}

#[test]
fn king_other_moves() -> TestResult {
    let grid = Grid::from_rows(&["K...", ".#..", "...#", "...."]);
    let start = king::start_of(&grid)?;
    for moves in Moves::ALL {
        let analysis = Analysis::new(&grid, moves);
        check(&king_picture(&grid, &analysis, start));
    }
    Ok(())
}

#[test]
fn escapes_text() {
    assert_eq!(escape("a<b & \"c\">"), "a&lt;b &amp; &quot;c&quot;&gt;");
    assert_eq!(format!("{}", Num(-0.0001)), "0");
    assert_eq!(format!("{}", Num(0.1 + 0.2)), "0.3");
    assert_eq!(format!("{}", Num(3.0)), "3");
}

/// 500 × 500 boards render in the compact style: no text in the board, paths only, a
/// reasonable size.
#[test]
fn compact_500() -> TestResult {
    const LIMIT: usize = 6 << 20;
    let mut rng = generate::rng(7);
    let n = 500;

    let grid = generate::rooks(&mut rng, n, n, 0.1);
    let svg = rooks_svg(&grid, &rooks::solve(&grid));
    let doc = check(&svg);
    assert!(is_compact_doc(&doc));
    assert_eq!(count(&doc, "text"), 0);
    assert_eq!(count(&doc, "use"), 0);
    assert!(svg.len() < LIMIT, "rooks: {} bytes", svg.len());

    for style in [generate::LStyle::Tiled, generate::LStyle::NearMiss] {
        let grid = generate::lpuzzle(&mut rng, n, n, 0.5, style);
        let answer = lpuzzle::solve(&grid);
        let svg = lpuzzle_svg(&grid, &answer);
        let doc = check(&svg);
        assert!(is_compact_doc(&doc));
        assert_eq!(count(&doc, "text"), 0);
        assert!(svg.len() < LIMIT, "lpuzzle: {} bytes", svg.len());
    }

    let mut grid = generate::king(&mut rng, n, n, 0.1);
    if king::start_of(&grid).is_err() {
        let mut cells = grid.cells().to_vec();
        cells[0] = b'K';
        grid = Grid::from_cells(n, n, cells);
    }
    let start = king::start_of(&grid)?;
    let analysis = Analysis::new(&grid, Moves::King);
    let svg = king_picture(&grid, &analysis, start);
    let doc = check(&svg);
    assert!(is_compact_doc(&doc));
    assert_eq!(count(&doc, "text"), 0);
    assert!(svg.len() < LIMIT, "king: {} bytes", svg.len());
    // Too many pairs to draw at 1–2 px a cell: the description says so.
    assert!(svg.contains("not drawn at this size"));
    assert_eq!(count(&doc, "circle"), 1);
    Ok(())
}

#[test]
fn compact_threshold() {
    assert!(!is_compact(8, 8));
    assert!(!is_compact(64, 64));
    assert!(is_compact(65, 64));
    assert!(is_compact(1, 97));
    assert!(is_compact(500, 500));
}

#[test]
fn caption_wraps() {
    let lines = wrap(
        "one two three four five six seven eight nine ten|x",
        4.0,
        0.36,
    );
    assert!(lines.len() >= 2);
    assert_eq!(lines.last().map(String::as_str), Some("x"));
}

/// The cells of the unit-square runs of a path written by [`Path::run`] (or any path of
/// absolute/relative moves followed by `hWv1h-Wz` or `h.72…` frames: a frame counts as its cell).
fn path_cells(d: &str) -> Vec<(usize, usize)> {
    let mut cells = Vec::new();
    let bytes = d.as_bytes();
    let mut i = 0;
    let number = |i: &mut usize| -> f64 {
        let start = *i;
        while *i < bytes.len()
            && (bytes[*i] == b'-' && *i == start || bytes[*i] == b'.' || bytes[*i].is_ascii_digit())
        {
            *i += 1;
        }
        d[start..*i].parse().unwrap_or(f64::NAN)
    };
    let skip_space = |i: &mut usize| {
        while *i < bytes.len() && bytes[*i] == b' ' {
            *i += 1;
        }
    };
    let (mut x, mut y) = (0.0, 0.0);
    let mut fresh = false;
    while i < bytes.len() {
        let cmd = bytes[i];
        i += 1;
        match cmd {
            b'M' | b'm' => {
                let a = number(&mut i);
                skip_space(&mut i);
                let b = number(&mut i);
                if cmd == b'M' {
                    (x, y) = (a, b);
                } else {
                    (x, y) = (x + a, y + b);
                }
                fresh = true;
            }
            b'h' => {
                let w = number(&mut i);
                if fresh && w > 0.0 {
                    let (c0, r) = (x.floor() as usize, y.floor() as usize);
                    let n = w.ceil() as usize;
                    cells.extend((c0..c0 + n).map(|c| (r, c)));
                }
                fresh = false;
            }
            b'v' => {
                number(&mut i);
            }
            _ => {}
        }
    }
    cells.sort_unstable();
    cells
}

/// The cells drawn by the `<path>` of class `class` (none if there is no such path).
fn class_cells(doc: &roxmltree::Document<'_>, class: &str) -> Vec<(usize, usize)> {
    let mut cells: Vec<_> = doc
        .descendants()
        .filter(|n| n.has_tag_name("path") && n.attribute("class") == Some(class))
        .flat_map(|n| path_cells(n.attribute("d").unwrap_or("")))
        .collect();
    cells.sort_unstable();
    cells
}

fn role_cells(roles: &rooks::Roles, role: rooks::Role) -> Vec<(usize, usize)> {
    (0..roles.cells.len() / roles.cols.max(1))
        .flat_map(|r| (0..roles.cols).map(move |c| (r, c)))
        .filter(|&(r, c)| roles.get(r, c) == role)
        .collect()
}

#[test]
fn path_cells_reads_runs() {
    let mut p = Path::default();
    p.run(1, 0, 2);
    p.run(0, 3, 1);
    assert_eq!(path_cells(&p.d), [(0, 1), (0, 2), (3, 0)]);
}

/// Every shaded square of the roles picture is a square of that role, and every square of
/// the role is shaded; the rooks and the plain picture stay as `rooks_svg` draws them.
#[test]
fn rooks_roles_are_drawn() {
    let mut rng = generate::rng(11);
    let mut boards = vec![
        Grid::from_rows(&["..", ".X"]),
        Grid::from_rows(&["..", ".."]),
        Grid::from_rows(&["X....", "X....", "..X..", ".X...", "....X"]),
        Grid::from_rows(&["X"]),
        Grid::from_rows(&["."]),
    ];
    for n in [3, 6, 9, 20] {
        boards.push(generate::rooks(&mut rng, n, n + 2, 0.25));
    }
    for grid in &boards {
        let sol = rooks::solve(grid);
        let roles = rooks::roles(grid);
        let svg = rooks_roles_svg(grid, &sol, &roles);
        let doc = check(&svg);
        assert!(!is_compact_doc(&doc));
        assert_eq!(
            class_cells(&doc, "role-every"),
            role_cells(&roles, rooks::Role::Every),
            "{:?}",
            grid.to_lines()
        );
        assert_eq!(
            class_cells(&doc, "role-some"),
            role_cells(&roles, rooks::Role::Some),
            "{:?}",
            grid.to_lines()
        );
        let rooks_drawn = doc
            .descendants()
            .filter(|n| n.has_tag_name("use") && n.attribute("href") == Some("#rook"))
            .count();
        assert_eq!(rooks_drawn, sol.rooks.len());
        let [every, some, none] = role_counts(&roles);
        let desc = doc
            .descendants()
            .find(|n| n.has_tag_name("desc"))
            .and_then(|n| n.text())
            .unwrap_or("");
        for needle in [
            format!(
                "in every one ({})",
                crate::formats::count(every, "square", "squares")
            ),
            format!("in some ({some})"),
            format!("in none ({none})"),
        ] {
            assert!(desc.contains(&needle), "{desc:?} lacks {needle:?}");
        }
        // The plain picture has no roles.
        let plain = rooks_svg(grid, &sol);
        assert!(!plain.contains("role-"));
        assert!(!plain.contains("Roles across"));
    }
    // The documented example: the ends of the L in every placement, its corner in none.
    let grid = Grid::from_rows(&["..", ".X"]);
    let doc_svg = rooks_roles_svg(&grid, &rooks::solve(&grid), &rooks::roles(&grid));
    let doc = check(&doc_svg);
    assert_eq!(class_cells(&doc, "role-every"), [(0, 1), (1, 0)]);
    assert!(class_cells(&doc, "role-some").is_empty());
}

/// Big boards: the roles in the compact style, every empty square in exactly one role path.
#[test]
fn rooks_roles_compact() {
    let mut rng = generate::rng(5);
    let grid = generate::rooks(&mut rng, 120, 150, 0.2);
    let sol = rooks::solve(&grid);
    let roles = rooks::roles(&grid);
    let svg = rooks_roles_svg(&grid, &sol, &roles);
    let doc = check(&svg);
    assert!(is_compact_doc(&doc));
    assert_eq!(count(&doc, "text"), 0);
    assert_eq!(count(&doc, "use"), 0);
    for (class, role) in [
        ("role-every", rooks::Role::Every),
        ("role-some", rooks::Role::Some),
        ("role-none", rooks::Role::None),
    ] {
        let cells = class_cells(&doc, class);
        assert_eq!(cells, role_cells(&roles, role), "{class}");
    }
    assert!(
        role_counts(&roles).iter().all(|&n| n > 0),
        "a board with every role"
    );
}

#[test]
fn lpuzzle_two_tilings_marked() {
    let pinwheel = Grid::from_rows(&[".WBW.", "WBWBW", "WWBWW", "BWWWB"]);
    let lpuzzle::Tilings::Several(first, second) = lpuzzle::tilings(&pinwheel) else {
        panic!("the pinwheel has two tilings");
    };
    let differ = lpuzzle::differing_cells(&pinwheel, &first, &second);
    assert!(!differ.is_empty());
    assert_eq!(differ, lpuzzle::differing_cells(&pinwheel, &second, &first));
    for (a, b) in [(&first, &second), (&second, &first)] {
        let svg = lpuzzle_two_svg(&pinwheel, a, b);
        let doc = check(&svg);
        assert!(!is_compact_doc(&doc));
        assert_eq!(class_cells(&doc, "differ"), differ);
        assert!(svg.contains("not unique"));
        assert!(svg.contains(&format!("{} cells", differ.len())));
    }
    // One tiling against itself: nothing marked, and the plain picture is unchanged.
    let single = Grid::from_rows(&["BW", "W."]);
    let lpuzzle::Tilings::Unique(only) = lpuzzle::tilings(&single) else {
        panic!("one piece has one tiling");
    };
    let svg = lpuzzle_two_svg(&single, &only, &only);
    let doc = check(&svg);
    assert!(count(&doc, "path") > 0);
    assert!(class_cells(&doc, "differ").is_empty());
    assert!(svg.contains("unique") && !svg.contains("not unique"));
    assert!(!lpuzzle_svg(&single, &lpuzzle::solve(&single)).contains("differ"));
}

#[test]
fn lpuzzle_two_tilings_compact() {
    let mut rng = generate::rng(3);
    let grid = generate::lpuzzle(&mut rng, 100, 100, 0.5, generate::LStyle::Tiled);
    let lpuzzle::Tilings::Several(first, second) = lpuzzle::tilings(&grid) else {
        panic!("a random 100 × 100 tiling is expected to have a second one");
    };
    let svg = lpuzzle_two_svg(&grid, &first, &second);
    let doc = check(&svg);
    assert!(is_compact_doc(&doc));
    assert_eq!(count(&doc, "text"), 0);
    assert_eq!(
        class_cells(&doc, "differ"),
        lpuzzle::differing_cells(&grid, &first, &second)
    );
}
