//! The King picture: [`king_svg`].

use super::*;
use crate::formats::count;
use crate::puzzles::king::{Player, WinnerMap};

/// A King board: who wins from every free square (light blue `A`: Alice, who moves first;
/// light orange `B`: Bob), burned squares dark, the start framed in gold, and a maximum matching
/// as dominoes. When Bob wins, the matching drawn leaves the start free (Bob answers every move
/// along it); when Alice wins, it covers the start (she moves along it).
///
/// `map` is who wins from every square, `pairs` the matching the winner plays along
/// ([`crate::puzzles::king::Analysis::winning_matching`]).
pub fn king_svg(grid: &Grid, map: &WinnerMap, start: Cell, pairs: &[(Cell, Cell)]) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let winner = grid.contains(start).then(|| map.get(start)).flatten();
    let who = match winner {
        Some(Player::Alice) => "Alice (A, who moves first) wins from the start",
        Some(Player::Bob) => "Bob (B) wins from the start",
        None => "the start is not a free square",
    };
    let title = format!("King: {who}");
    let compact = is_compact(rows, cols);
    let dominoes = !compact || pairs.len() <= COMPACT_MAX_DOMINOES;
    let caption = format!(
        "{who} (gold frame). Blue A: Alice wins starting there; orange B: Bob wins. Dominoes: a maximum matching ({}){}.",
        count(pairs.len(), "pair", "pairs"),
        if dominoes {
            ""
        } else {
            ", not drawn at this size"
        }
    );
    let mut svg = Svg::new(rows, cols, &title, &caption);
    let paths = class_paths(rows, cols, 3, |r, c| {
        Some(match map.get((r, c)) {
            Some(Player::Alice) => 0,
            Some(Player::Bob) => 1,
            None => 2,
        })
    });
    let (a_fill, b_fill) = if compact {
        ("#7fb0e0", "#f2a27e")
    } else {
        ("#cfe3f7", "#fad7c6")
    };
    svg.fill(&paths[0], a_fill, "");
    svg.fill(&paths[1], b_fill, "");
    svg.fill(&paths[2], "#3a3a3a", "");
    if compact {
        if dominoes {
            let mut p = Path::default();
            for &((r1, c1), (r2, c2)) in pairs {
                p.segment(c1 as i64, r1 as i64, c2 as i64, r2 as i64);
            }
            svg.stroke(
                &p,
                "#333",
                0.35,
                " stroke-opacity=\"0.6\" stroke-linecap=\"round\" transform=\"translate(.5 .5)\"",
            );
        }
        if start.0 < rows && start.1 < cols {
            // Cells are 1–8 px here: thin gold cross-hairs through the start, and a ring on it.
            let (x, y) = (start.1 as f64 + 0.5, start.0 as f64 + 0.5);
            let r = (7.0 / svg.px).max(0.8);
            let _ = writeln!(
                svg.out,
                "<path fill=\"none\" stroke=\"#b8860b\" stroke-opacity=\"0.7\" stroke-width=\"{w}\" d=\"M0 {y}H{cols}M{x} 0V{rows}\"/>\n<circle cx=\"{x}\" cy=\"{y}\" r=\"{r}\" fill=\"#f5c518\" stroke=\"#000\" stroke-width=\"{w2}\"/>",
                w = Num(1.0 / svg.px),
                w2 = Num(2.0 / svg.px),
                x = Num(x),
                y = Num(y),
                r = Num(r),
            );
        }
        return svg.finish();
    }
    svg.grid_lines();
    // Burned squares: a cross.
    let mut burned = Path::default();
    for r in 0..rows {
        for c in 0..cols {
            if map.get((r, c)).is_none() {
                burned.segment(c as i64, r as i64, c as i64 + 1, r as i64 + 1);
                burned.segment(c as i64 + 1, r as i64, c as i64, r as i64 + 1);
            }
        }
    }
    svg.stroke(&burned, "#5c5c5c", 0.05, "");
    // A/B letters in the upper-left corner of every free square, if big enough to read.
    let letters = if svg.px >= LETTER_PX {
        &[("A", "#1d4e89", 0), ("B", "#9c3b14", 1)][..]
    } else {
        &[]
    };
    for &(letter, fill, class) in letters {
        let mut xs = String::new();
        let mut ys = String::new();
        let mut count = 0;
        for r in 0..rows {
            for c in 0..cols {
                let k = match map.get((r, c)) {
                    Some(Player::Alice) => 0,
                    Some(Player::Bob) => 1,
                    None => 2,
                };
                if k == class {
                    // The start's letter goes inside its gold frame, left of the K: in the
                    // corner, the frame would cover it.
                    let (dx, dy) = if (r, c) == start {
                        (0.15, 0.4)
                    } else {
                        (0.07, 0.3)
                    };
                    let _ = write!(xs, "{} ", Num(c as f64 + dx));
                    let _ = write!(ys, "{} ", Num(r as f64 + dy));
                    count += 1;
                }
            }
        }
        if count > 0 {
            // One <text> per colour with a position per glyph.
            let _ = writeln!(
                svg.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"0.26\" font-weight=\"bold\" fill=\"{fill}\">{}</text>",
                xs.trim_end(),
                ys.trim_end(),
                letter.repeat(count)
            );
        }
    }
    // Dominoes: a light capsule with a dark rim between the two centres, a pip on each end.
    let mut bones = Path::default();
    let mut pips = String::new();
    for &((r1, c1), (r2, c2)) in pairs {
        bones.segment(c1 as i64, r1 as i64, c2 as i64, r2 as i64);
        for (r, c) in [(r1, c1), (r2, c2)] {
            if (r, c) != start {
                let _ = write!(
                    pips,
                    "M{} {}a.09 .09 0 1 0 .18 0a.09 .09 0 1 0-.18 0z",
                    Num(c as f64 + 0.41),
                    Num(r as f64 + 0.5)
                );
            }
        }
    }
    svg.stroke(
        &bones,
        "#3b3b3b",
        0.56,
        " stroke-linecap=\"round\" transform=\"translate(.5 .5)\"",
    );
    svg.stroke(
        &bones,
        "#fffaf0",
        0.44,
        " stroke-linecap=\"round\" transform=\"translate(.5 .5)\"",
    );
    if !pips.is_empty() {
        let _ = writeln!(svg.out, "<path fill=\"#3b3b3b\" d=\"{pips}\"/>");
    }
    if start.0 < rows && start.1 < cols {
        let (x, y) = (start.1 as f64, start.0 as f64);
        let _ = writeln!(
            svg.out,
            "<rect x=\"{}\" y=\"{}\" width=\"0.84\" height=\"0.84\" rx=\"0.08\" fill=\"none\" stroke=\"#d4a017\" stroke-width=\"0.12\"/>\n<text x=\"{}\" y=\"{}\" font-size=\"0.42\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"#7a5a00\" stroke=\"#fff8dc\" stroke-width=\"0.06\" paint-order=\"stroke\">K</text>",
            Num(x + 0.08),
            Num(y + 0.08),
            Num(x + 0.5),
            Num(y + 0.65)
        );
    }
    svg.frame("#333", 0.06);
    svg.finish()
}
