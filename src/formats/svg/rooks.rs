//! The Rooks pictures: [`rooks_svg`] and [`rooks_roles_svg`].

use super::*;
use crate::formats::count;
use crate::puzzles::rooks;

const ROOK_SYMBOL: &str = "<symbol id=\"rook\" viewBox=\"0 0 100 100\"><path fill=\"#b3261e\" stroke=\"#3b0a07\" stroke-width=\"4\" stroke-linejoin=\"round\" d=\"M22 16h10v9h8v-9h20v9h8v-9h10v18l-8 6 4 32h8v12H18V72h8l4-32-8-6z\"/><path fill=\"none\" stroke=\"#f6d6d2\" stroke-width=\"3\" d=\"M31 40h38M27 72h46\"/></symbol>";

const PAWN_SYMBOL: &str = "<symbol id=\"pawn\" viewBox=\"0 0 100 100\"><path fill=\"#d9d9d9\" d=\"M50 18a12 12 0 1 1-.1 0zM41 42h18l-3 6 8 24h8v10H28V72h8l8-24z\"/></symbol>";

/// Rooks as pieces on the board, pawns as dark squares, and the König cover drawn faintly: a
/// blue line along every covered row run and an orange one along every covered column run
/// (every empty cell lies on one of them, which is why no more rooks fit).
pub fn rooks_svg(grid: &Grid, sol: &rooks::Solution) -> String {
    rooks_picture(grid, sol, None)
}

/// Fill of the empty squares a rook stands on in every maximum placement (normal, compact).
const ROLE_EVERY: (&str, &str) = ("#4f9d69", "#2f7d4a");
/// Fill of the empty squares a rook stands on in some maximum placements but not all.
const ROLE_SOME: (&str, &str) = ("#bfe3c8", "#9fd3ab");

/// The [`rooks_svg`] picture with the role of every empty square across all maximum placements
/// ([`rooks::roles`]): dark green where a rook stands in every maximum placement (`R`), light
/// green where it stands in some but not all (`r`), the plain board where it stands in none
/// (`.`). The caption (and `<desc>`) says what the shades mean and how many squares have each
/// role. Each shade is one `<path>` with the class `role-every` or `role-some` (also in the
/// compact style, where the plain squares are the class `role-none`).
///
/// `roles` must be the roles of `grid` (the same size); `sol` any maximum placement of it.
pub fn rooks_roles_svg(grid: &Grid, sol: &rooks::Solution, roles: &rooks::Roles) -> String {
    rooks_picture(grid, sol, Some(roles))
}

/// How many empty squares have each role: every, some, none.
pub(super) fn role_counts(roles: &rooks::Roles) -> [usize; 3] {
    let mut n = [0; 3];
    for role in &roles.cells {
        match role {
            rooks::Role::Every => n[0] += 1,
            rooks::Role::Some => n[1] += 1,
            rooks::Role::None => n[2] += 1,
            rooks::Role::Pawn => {}
        }
    }
    n
}

fn rooks_picture(grid: &Grid, sol: &rooks::Solution, roles: Option<&rooks::Roles>) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let roles = roles.filter(|r| r.cols == cols && r.cells.len() == rows * cols);
    let mut title = format!(
        "Rooks: {} on a {rows}×{cols} board",
        count(sol.rooks.len(), "non-attacking rook", "non-attacking rooks")
    );
    let mut caption = format!(
        "{}. König cover: {} (blue) + {} (orange) touch every empty square, and each holds at most one rook.",
        count(sol.rooks.len(), "rook", "rooks"),
        count(sol.row_cover.len(), "row run", "row runs"),
        count(sol.col_cover.len(), "column run", "column runs")
    );
    if let Some(roles) = roles {
        let [every, some, none] = role_counts(roles);
        title.push_str(", with the role of every empty square");
        let _ = write!(
            caption,
            "|Roles across all maximum placements: dark green, a rook in every one ({}); light green, in some ({some}); plain, in none ({none}).",
            count(every, "square", "squares")
        );
    }
    let mut svg = Svg::new(rows, cols, &title, &caption);
    let pawn = |r: usize, c: usize| grid.get(r, c) != rooks::EMPTY;
    // The role class of an empty square: 0 every, 1 some, 2 none (None without roles).
    let role = |r: usize, c: usize| match roles.map(|x| x.get(r, c)) {
        Some(rooks::Role::Every) => Some(0),
        Some(rooks::Role::Some) => Some(1),
        Some(_) => Some(2),
        None => None,
    };
    if svg.compact {
        if roles.is_some() {
            let paths = class_paths(rows, cols, 4, |r, c| {
                Some(if pawn(r, c) {
                    3
                } else {
                    role(r, c).unwrap_or(2)
                })
            });
            svg.fill(&paths[2], "#f2ead8", " class=\"role-none\"");
            svg.fill(&paths[0], ROLE_EVERY.1, " class=\"role-every\"");
            svg.fill(&paths[1], ROLE_SOME.1, " class=\"role-some\"");
            svg.fill(&paths[3], "#4a4a4a", "");
        } else {
            let paths = class_paths(rows, cols, 2, |r, c| Some(usize::from(pawn(r, c))));
            svg.fill(&paths[0], "#f2ead8", "");
            svg.fill(&paths[1], "#4a4a4a", "");
        }
        let mut row_runs = Path::default();
        for s in &sol.row_cover {
            row_runs.run(s.start, s.line, s.end + 1 - s.start);
        }
        let mut col_runs = Path::default();
        for s in &sol.col_cover {
            col_runs.vrun(s.line, s.start, s.end + 1 - s.start);
        }
        svg.fill(&row_runs, "#2b6cb0", " fill-opacity=\"0.3\"");
        svg.fill(&col_runs, "#d97706", " fill-opacity=\"0.3\"");
        svg.fill(&squares(sol.rooks.iter().copied()), "#b3261e", "");
        return svg.finish();
    }
    let paths = class_paths(rows, cols, 3, |r, c| {
        Some(if pawn(r, c) { 2 } else { (r + c) % 2 })
    });
    svg.fill(&paths[0], "#f2ead8", "");
    svg.fill(&paths[1], "#e4d7bd", "");
    svg.fill(&paths[2], "#4a4a4a", "");
    if roles.is_some() {
        let shades = class_paths(
            rows,
            cols,
            2,
            |r, c| {
                if pawn(r, c) { None } else { role(r, c) }
            },
        );
        svg.fill(&shades[0], ROLE_EVERY.0, " class=\"role-every\"");
        svg.fill(&shades[1], ROLE_SOME.0, " class=\"role-some\"");
    }
    svg.grid_lines();
    svg.out.push_str("<defs>");
    svg.out.push_str(ROOK_SYMBOL);
    svg.out.push_str(PAWN_SYMBOL);
    svg.out.push_str("</defs>\n");
    for r in 0..rows {
        for c in 0..cols {
            if pawn(r, c) {
                let _ = writeln!(
                    svg.out,
                    "<use href=\"#pawn\" x=\"{c}.1\" y=\"{r}.1\" width=\"0.8\" height=\"0.8\"/>"
                );
            }
        }
    }
    for (segs, color, horizontal) in [
        (&sol.row_cover, "#2b6cb0", true),
        (&sol.col_cover, "#d97706", false),
    ] {
        let mut d = String::new();
        for s in segs {
            let (a, b, l) = (
                s.start as f64 + 0.2,
                s.end as f64 + 0.8,
                s.line as f64 + 0.5,
            );
            let _ = if horizontal {
                write!(d, "M{} {}H{}", Num(a), Num(l), Num(b))
            } else {
                write!(d, "M{} {}V{}", Num(l), Num(a), Num(b))
            };
        }
        if !d.is_empty() {
            let _ = writeln!(
                svg.out,
                "<path fill=\"none\" stroke=\"{color}\" stroke-opacity=\"0.4\" stroke-width=\"0.16\" stroke-linecap=\"round\" d=\"{d}\"/>"
            );
        }
    }
    for &(r, c) in &sol.rooks {
        let _ = writeln!(
            svg.out,
            "<use href=\"#rook\" x=\"{c}.08\" y=\"{r}.08\" width=\"0.84\" height=\"0.84\"/>"
        );
    }
    svg.frame("#333", 0.06);
    svg.finish()
}
