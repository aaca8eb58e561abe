//! Tests of the pictures: well-formed SVG that draws what it is handed.
use super::*;
use crate::generate;
use crate::puzzles::king::Analysis;
use crate::puzzles::king::{self, Moves};

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
    if let Answer::No(Reason::Conflict { .. }) = answer {
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
