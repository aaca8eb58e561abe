//! `gridmatch gen`: random boards in a puzzle's judge format, deterministic for a seed.

use std::io::Write;

use crate::error::{Error, usage};
use crate::flags::GenArgs;
use crate::limits;
use gridmatch::Grid;
use gridmatch::formats::judge::{Header, write_board, write_count};
use gridmatch::generate::{self, LStyle};
use gridmatch::puzzles::Puzzle;

pub fn run(args: &GenArgs, out: &mut dyn Write) -> Result<(), Error> {
    let rows = args.rows;
    let cols = args.cols.unwrap_or(rows);
    if rows == 0 || cols == 0 || !(0.0..=1.0).contains(&args.density) {
        return Err(usage(
            "gen: --rows/--cols must be at least 1 and --density within 0..1".into(),
        ));
    }
    if args.puzzle == Puzzle::Rooks && rows != cols && !args.rect {
        return Err(usage(
            "gen rooks: the UVa format is square; use --rect for R x C boards".into(),
        ));
    }
    // One rule for both L-puzzle flags: refused for the other puzzles.
    if args.puzzle != Puzzle::Lpuzzle {
        let flag = if args.unique {
            Some("--unique")
        } else {
            args.style.map(|_| "--style")
        };
        if let Some(flag) = flag {
            return Err(usage(format!(
                "gen {}: {flag} is for lpuzzle patterns",
                args.puzzle
            )));
        }
    }
    let style = if args.unique {
        LStyle::Unique
    } else {
        args.style.unwrap_or_default()
    };
    // The board is built in memory before it is written: at most 5.3 bytes per cell at the
    // peak (L-puzzle tiled 3000²; rooks 1.4, King 2.4); a unique pattern is solved as it is
    // built, 20.1 bytes per cell at the peak (3000²; 35.4 with the whole-formula backbone).
    let per_cell = if style == LStyle::Unique { 40 } else { 8 };
    let limit = limits::memory_bytes().map_or(gridmatch::formats::judge::MAX_CELLS, |bytes| {
        limits::max_cells_for_memory(bytes, per_cell)
    });
    match rows.checked_mul(cols) {
        Some(cells) if cells as u64 <= limit => {}
        _ => {
            return Err(usage(format!(
                "gen: a board of {rows} × {cols} cells is more than {limit}, the most this \
                 machine can build"
            )));
        }
    }
    let mut rng = generate::rng(args.seed);
    if gridmatch::formats::judge::is_counted(args.puzzle) {
        write_count(out, args.count)?;
    }
    let header = Header::of(args.puzzle, args.rect);
    for _ in 0..args.count {
        let grid: Grid = generate::board(&mut rng, args.puzzle, rows, cols, args.density, style);
        write_board(out, &grid, header)?;
    }
    Ok(())
}
