//! Draws the answers for the built-in sample boards as SVG pictures into `docs/` (or the
//! directory given as the first argument):
//!
//! ```sh
//! cargo run --release --example pictures            # docs/rooks.svg, docs/lpuzzle.svg, docs/king.svg
//! cargo run --release --example pictures -- /tmp/x  # somewhere else
//! ```
//!
//! Every picture comes from the real solver output; `docs/*.svg` are regenerated this way.

use std::path::PathBuf;

use gridmatch::Grid;
use gridmatch::formats::svg;
use gridmatch::puzzles::king::{self, Analysis, Moves};
use gridmatch::puzzles::{lpuzzle, rooks};

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from("docs"), PathBuf::from);
    std::fs::create_dir_all(&dir)?;

    // UVa 12668 sample 1.
    let grid = Grid::from_rows(&["X....", "X....", "..X..", ".X...", "....X"]);
    let sol = rooks::solve(&grid);
    write(&dir, "rooks.svg", &svg::rooks_svg(&grid, &sol))?;

    // NWERC 2011 sample 1 (YES) and sample 2 (NO).
    let grid = Grid::from_rows(&["BWW.", "WWBW", "..WB"]);
    let answer = lpuzzle::solve(&grid);
    write(&dir, "lpuzzle.svg", &svg::lpuzzle_svg(&grid, &answer))?;
    let grid = Grid::from_rows(&["W..", "BW.", "WBW"]);
    let answer = lpuzzle::solve(&grid);
    write(&dir, "lpuzzle-no.svg", &svg::lpuzzle_svg(&grid, &answer))?;

    // A King board where Bob wins from K (its region has an odd number of squares) and Alice
    // from every square of the other region (the GCJ samples are 2×2 and 4×2).
    let grid = Grid::from_rows(&[
        "K.....#.", "......#.", ".#....#.", "#######.", "........", "######.#", "....#...",
        "..#...#.",
    ]);
    let start = king::start_of(&grid).map_err(std::io::Error::other)?;
    let analysis = Analysis::new(&grid, Moves::King);
    let pairs = analysis.winning_matching(start).unwrap_or_default();
    write(
        &dir,
        "king.svg",
        &svg::king_svg(&grid, &analysis.map(), start, &pairs),
    )?;
    Ok(())
}

fn write(dir: &std::path::Path, name: &str, svg: &str) -> std::io::Result<()> {
    let path = dir.join(name);
    std::fs::write(&path, svg)?;
    println!("wrote {} ({} bytes)", path.display(), svg.len());
    Ok(())
}
