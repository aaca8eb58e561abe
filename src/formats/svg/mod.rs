//! SVG pictures of answers, written as text (no algorithms here: everything drawn comes from the
//! solvers' answers).
//!
//! | puzzle | picture |
//! |---|---|
//! | [`rooks_svg`] | rooks as pieces on a chequered board, pawns dark, the König cover as faint lines (blue: row runs, orange: column runs) |
//! | [`rooks_roles_svg`] | the same, with every empty square shaded by its role across all maximum placements (dark green: a rook in every one, light green: in some, plain: in none) |
//! | [`lpuzzle_svg`] | YES: every L piece in its own colour with a dot on its black corner; NO: the board with the culprit cells in red and, for a conflict, the chain of forced choices as arrows |
//! | [`lpuzzle_two_svg`] | two tilings: the first as a YES, with the cells another piece covers in the second framed in magenta ([`lpuzzle::differing_cells`]) |
//! | [`king_svg`] | who wins from every square (blue `A`: Alice, the first player; orange `B`: Bob), burned squares dark, the start framed in gold, a maximum matching as dominoes |
//!
//! All coordinates are in cell units (`viewBox`), so one cell is the square `(c, r)–(c+1, r+1)`;
//! `width`/`height` set the size in pixels. Cell fills are drawn as one `<path>` per colour made
//! of horizontal runs with relative moves, so the file grows with the number of colour changes,
//! not with the cells.
//!
//! Boards above [`COMPACT_CELLS`] cells or with a side above [`COMPACT_SIDE`] switch to a
//! *compact* style: 1–8 px per cell, no text inside the board, no grid lines, only path-based
//! drawing (a 500 × 500 board stays around a megabyte or two). King dominoes are left out of a
//! compact picture with more than [`COMPACT_MAX_DOMINOES`] pairs (the picture says so).

use std::fmt::{self, Write};

#[cfg(test)]
mod tests;

use crate::formats::count;
use crate::formats::text::reason_message;
use crate::grid::{Cell, Grid};
use crate::puzzles::king::{Player, WinnerMap};
use crate::puzzles::lpuzzle::{self, Colouring, Dir, Outcome, Reason};
use crate::puzzles::rooks;

/// Boards with more cells than this are drawn in the compact style.
pub const COMPACT_CELLS: usize = 64 * 64;
/// Boards with a side longer than this are drawn in the compact style.
pub const COMPACT_SIDE: usize = 96;
/// Compact King pictures with more matched pairs than this leave the dominoes out.
pub const COMPACT_MAX_DOMINOES: usize = 40_000;

/// Whether a `rows × cols` board is drawn in the compact style.
pub fn is_compact(rows: usize, cols: usize) -> bool {
    rows.saturating_mul(cols) > COMPACT_CELLS || rows.max(cols) > COMPACT_SIDE
}

/// Pictures are at least this many cell units wide in the normal style, so captions fit.
const MIN_WIDTH: usize = 10;
/// Smallest caption font size in cell units.
const CAPTION_FONT: f64 = 0.36;
/// Smallest caption font size in pixels (for boards drawn with small cells).
const CAPTION_PX: f64 = 14.0;
/// Caption line height in font sizes.
const CAPTION_LINE: f64 = 1.4;
/// Per-cell letters (King's A/B) are drawn only when cells are at least this many pixels.
const LETTER_PX: f64 = 26.0;

const PALETTE: [&str; 8] = [
    "#8dd3c7", "#ffed6f", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
];

/// A number in cell units, rounded to 1/1000 and printed without trailing zeros.
struct Num(f64);

impl fmt::Display for Num {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let x = (self.0 * 1000.0).round() / 1000.0;
        // Avoid "-0".
        write!(f, "{}", if x == 0.0 { 0.0 } else { x })
    }
}

/// Escapes text for XML content and attribute values.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 && c != '\n' && c != '\t' => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// Path data in integer cell units with relative moves between subpaths.
#[derive(Default)]
struct Path {
    d: String,
    /// The current point, once something was drawn.
    cur: Option<(i64, i64)>,
}

impl Path {
    fn move_to(&mut self, x: i64, y: i64) {
        // Writing into a String cannot fail.
        let _ = match self.cur {
            None => write!(self.d, "M{x} {y}"),
            Some((cx, cy)) => write!(self.d, "m{} {}", x - cx, y - cy),
        };
        self.cur = Some((x, y));
    }

    /// The cells `(x..x+w, y)` as one closed rectangle; the current point stays at its corner.
    fn run(&mut self, x: usize, y: usize, w: usize) {
        self.move_to(x as i64, y as i64);
        let _ = write!(self.d, "h{w}v1h-{w}z");
    }

    /// The cells `(x, y..y+h)` as one closed rectangle.
    fn vrun(&mut self, x: usize, y: usize, h: usize) {
        self.move_to(x as i64, y as i64);
        let _ = write!(self.d, "v{h}h1v-{h}z");
    }

    /// A segment from `(x1, y1)` to `(x2, y2)`.
    fn segment(&mut self, x1: i64, y1: i64, x2: i64, y2: i64) {
        self.move_to(x1, y1);
        let _ = write!(self.d, "l{} {}", x2 - x1, y2 - y1);
        self.cur = Some((x2, y2));
    }

    fn is_empty(&self) -> bool {
        self.d.is_empty()
    }
}

/// One `<path>` per class of cells, from `class(r, c)` (`None`: not drawn), as horizontal runs.
fn class_paths(
    rows: usize,
    cols: usize,
    classes: usize,
    class: impl Fn(usize, usize) -> Option<usize>,
) -> Vec<Path> {
    let mut paths: Vec<Path> = (0..classes).map(|_| Path::default()).collect();
    for r in 0..rows {
        let mut c = 0;
        while c < cols {
            let k = class(r, c);
            let start = c;
            while c < cols && class(r, c) == k {
                c += 1;
            }
            if let Some(k) = k
                && let Some(p) = paths.get_mut(k)
            {
                p.run(start, r, c - start);
            }
        }
    }
    paths
}

/// The picture being written: frame, size and caption.
struct Svg {
    out: String,
    rows: usize,
    cols: usize,
    compact: bool,
    /// Pixels per cell unit.
    px: f64,
    /// Width in cell units.
    width: f64,
    /// Caption font size in cell units.
    font: f64,
    caption: Vec<String>,
}

impl Svg {
    /// Starts a picture of a `rows × cols` board: `title` for `<title>`, `caption` for
    /// `<desc>` and, in the normal style, as text below the board (`|` breaks a line).
    fn new(rows: usize, cols: usize, title: &str, caption: &str) -> Svg {
        let caption_text = caption;
        let compact = is_compact(rows, cols);
        let side = rows.max(cols).max(1) as f64;
        let (width, px, caption) = if compact {
            (cols as f64, (1000.0 / side).clamp(1.0, 8.0), Vec::new())
        } else {
            let width = cols.max(MIN_WIDTH) as f64;
            let px = (640.0 / (rows.max(cols).max(MIN_WIDTH) as f64)).clamp(14.0, 44.0);
            (
                width,
                px,
                wrap(caption, width, CAPTION_FONT.max(CAPTION_PX / px)),
            )
        };
        let font = CAPTION_FONT.max(CAPTION_PX / px);
        let height = rows as f64 + caption.len() as f64 * font * CAPTION_LINE + 0.2;
        let pad = 0.1;
        let mut out = String::with_capacity(if compact {
            rows.saturating_mul(cols).saturating_mul(4).min(1 << 22)
        } else {
            8192
        });
        let _ = write!(
            out,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" viewBox=\"{} {} {} {}\" font-family=\"DejaVu Sans, Arial, Helvetica, sans-serif\" role=\"img\" class=\"{}\">\n<title>{}</title>\n<desc>{}</desc>\n",
            Num(((width + 2.0 * pad) * px).ceil()),
            Num(((height + pad) * px).ceil()),
            Num(-pad),
            Num(-pad),
            Num(width + 2.0 * pad),
            Num(height + pad),
            if compact {
                "gridmatch compact"
            } else {
                "gridmatch"
            },
            escape(title),
            escape(&caption_text.replace('|', " ")),
        );
        let ox = ((width - cols as f64) / 2.0).floor();
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>",
            Num(-pad),
            Num(-pad),
            Num(width + 2.0 * pad),
            Num(height + pad)
        );
        if compact {
            out.push_str("<g shape-rendering=\"crispEdges\">\n");
        } else {
            let _ = writeln!(out, "<g transform=\"translate({} 0)\">", Num(ox));
        }
        Svg {
            out,
            rows,
            cols,
            compact,
            px,
            width,
            font,
            caption,
        }
    }

    /// A filled path (nothing if empty).
    fn fill(&mut self, path: &Path, fill: &str, extra: &str) {
        if !path.is_empty() {
            let _ = writeln!(self.out, "<path fill=\"{fill}\"{extra} d=\"{}\"/>", path.d);
        }
    }

    /// A stroked path (nothing if empty).
    fn stroke(&mut self, path: &Path, stroke: &str, width: f64, extra: &str) {
        if !path.is_empty() {
            let _ = writeln!(
                self.out,
                "<path fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\"{extra} d=\"{}\"/>",
                Num(width),
                path.d
            );
        }
    }

    /// Thin lines between the cells (normal style only).
    fn grid_lines(&mut self) {
        if self.compact {
            return;
        }
        let mut p = Path::default();
        for r in 0..=self.rows {
            p.move_to(0, r as i64);
            let _ = write!(p.d, "h{}", self.cols);
            p.cur = Some((self.cols as i64, r as i64));
        }
        for c in 0..=self.cols {
            p.move_to(c as i64, 0);
            let _ = write!(p.d, "v{}", self.rows);
            p.cur = Some((c as i64, self.rows as i64));
        }
        self.stroke(&p, "#8a8a8a", 0.03, " stroke-opacity=\"0.6\"");
    }

    /// A frame around the whole board.
    fn frame(&mut self, stroke: &str, width: f64) {
        let _ = writeln!(
            self.out,
            "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"{stroke}\" stroke-width=\"{}\"/>",
            self.cols,
            self.rows,
            Num(width)
        );
    }

    /// Finishes the picture: closes the board group and writes the caption lines below it.
    fn finish(mut self) -> String {
        self.out.push_str("</g>\n");
        for (i, line) in self.caption.iter().enumerate() {
            let _ = writeln!(
                self.out,
                "<text x=\"{}\" y=\"{}\" font-size=\"{}\" text-anchor=\"middle\" fill=\"#222\">{}</text>",
                Num(self.width / 2.0),
                Num(self.rows as f64 + 0.1 + self.font * CAPTION_LINE * (i as f64 + 0.8)),
                Num(self.font),
                escape(line)
            );
        }
        self.out.push_str("</svg>\n");
        self.out
    }
}

/// Splits `text` into lines that fit `width` cell units at the caption font size; `|` forces a
/// line break.
fn wrap(text: &str, width: f64, font: f64) -> Vec<String> {
    // Average glyph width of a sans-serif font is about 0.55 em.
    let max = ((width - 0.2) / (font * 0.55)).floor().max(12.0) as usize;
    let mut lines = Vec::new();
    for para in text.split('|') {
        let mut line = String::new();
        for word in para.split_whitespace() {
            if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > max {
                lines.push(std::mem::take(&mut line));
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        if !line.is_empty() {
            lines.push(line);
        }
    }
    lines
}

/// Unit squares of the given cells, as one path.
fn squares(cells: impl IntoIterator<Item = (usize, usize)>) -> Path {
    let mut p = Path::default();
    for (r, c) in cells {
        p.run(c, r, 1);
    }
    p
}

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
fn role_counts(roles: &rooks::Roles) -> [usize; 3] {
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

/// An arrow from the centre of `from` one step towards `dir` (cell units), as path data.
fn arrow(d: &mut String, from: (usize, usize), dir: Dir) {
    let (dx, dy): (f64, f64) = match dir {
        Dir::Up => (0.0, -1.0),
        Dir::Down => (0.0, 1.0),
        Dir::Left => (-1.0, 0.0),
        Dir::Right => (1.0, 0.0),
    };
    let (x, y) = (from.1 as f64 + 0.5, from.0 as f64 + 0.5);
    let (tx, ty) = (x + 0.72 * dx, y + 0.72 * dy);
    let (bx, by) = (tx - 0.22 * dx, ty - 0.22 * dy);
    let (px, py) = (-dy * 0.12, dx * 0.12);
    let _ = write!(
        d,
        "M{} {}L{} {}M{} {}L{} {}L{} {}z",
        Num(x + 0.18 * dx),
        Num(y + 0.18 * dy),
        Num(bx),
        Num(by),
        Num(tx),
        Num(ty),
        Num(bx + px),
        Num(by + py),
        Num(bx - px),
        Num(by - py)
    );
}

/// An L-puzzle answer. YES: every piece in its own colour (touching pieces differ), outlined,
/// with a dark dot on its black corner. NO: the pattern (black `B`, white `W`, grey `.`) with the
/// culprit cells in red (the whole board framed in red for a count mismatch) and, for a conflict,
/// the chain of forced choices as red arrows from each black towards the white it would take.
pub fn lpuzzle_svg(grid: &Grid, answer: &lpuzzle::Outcome) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    match answer {
        Outcome::Yes(pieces) => {
            let title = format!(
                "L-puzzle: YES, {}",
                count(pieces.len(), "L piece", "L pieces")
            );
            let caption = format!(
                "YES: {}, one colour each; the dot marks each piece's black corner.",
                count(pieces.len(), "L piece", "L pieces")
            );
            tiling_picture(grid, pieces, &title, &caption, &[])
        }
        Outcome::No(reason) => {
            let title = format!("L-puzzle: NO: {}", reason_message(grid, reason));
            let caption = match reason {
                Reason::Conflict { .. } => format!(
                    "NO: {}.|Culprit cells in red; purple arrows: the chain of forced choices.",
                    reason_message(grid, reason)
                ),
                Reason::Count { .. } => format!("NO: {}.", reason_message(grid, reason)),
                Reason::Stranded { .. } => {
                    format!(
                        "NO: {}.|The culprit cell is in red.",
                        reason_message(grid, reason)
                    )
                }
            };
            let mut svg = Svg::new(rows, cols, &title, &caption);
            let paths = class_paths(rows, cols, 3, |r, c| match grid.get(r, c) {
                b'B' => Some(0),
                b'W' => Some(1),
                _ => Some(2),
            });
            svg.fill(&paths[2], "#d6d6d6", "");
            svg.fill(&paths[1], "#ffffff", "");
            svg.fill(&paths[0], "#262626", "");
            svg.grid_lines();
            let culprits = reason.cells(grid);
            let marks = squares(culprits.iter().copied());
            svg.fill(&marks, "#e02424", " fill-opacity=\"0.45\"");
            if svg.compact {
                // Cells are 1–8 px here: ring every culprit so it can be found.
                let r = (4.0 / svg.px).max(0.8);
                let mut rings = String::new();
                for &(row, col) in &culprits {
                    let (x, y) = (col as f64 + 0.5, row as f64 + 0.5);
                    let _ = write!(
                        rings,
                        "M{} {}a{r} {r} 0 1 0 {d} 0a{r} {r} 0 1 0-{d} 0z",
                        Num(x - r),
                        Num(y),
                        r = Num(r),
                        d = Num(2.0 * r)
                    );
                }
                if !rings.is_empty() {
                    let _ = writeln!(
                        svg.out,
                        "<path fill=\"none\" stroke=\"#e02424\" stroke-width=\"{}\" d=\"{rings}\"/>",
                        Num(1.5 / svg.px)
                    );
                }
            } else {
                svg.stroke(&marks, "#b91c1c", 0.1, "");
            }
            match reason {
                Reason::Count { .. } => {
                    let w = if svg.compact { 3.0 / svg.px } else { 0.15 };
                    svg.frame("#e02424", w);
                }
                Reason::Conflict { chain } if !svg.compact => {
                    let mut d = String::new();
                    for ch in chain {
                        arrow(&mut d, ch.cell, ch.dir);
                    }
                    let _ = writeln!(
                        svg.out,
                        "<path fill=\"#6d28d9\" stroke=\"#6d28d9\" stroke-width=\"0.07\" stroke-linecap=\"round\" stroke-linejoin=\"round\" d=\"{d}\"/>"
                    );
                    svg.frame("#333", 0.06);
                }
                _ => {
                    if !svg.compact {
                        svg.frame("#333", 0.06);
                    }
                }
            }
            svg.finish()
        }
    }
}

/// A tiling: every piece in its own colour (touching pieces differ), outlined, with a dark dot
/// on its black corner; the cells of `differ` framed in magenta (filled in the compact style).
fn tiling_picture(
    grid: &Grid,
    pieces: &[lpuzzle::Piece],
    title: &str,
    caption: &str,
    differ: &[(usize, usize)],
) -> String {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut svg = Svg::new(rows, cols, title, caption);
    let Colouring { owner, colour } = lpuzzle::colour_pieces(grid, pieces);
    let owner_of = |r: usize, c: usize| owner[r * cols + c];
    let n = PALETTE.len();
    let paths = class_paths(rows, cols, n + 1, |r, c| {
        let o = owner_of(r, c);
        Some(if o == u32::MAX {
            n
        } else {
            colour[o as usize] % n
        })
    });
    svg.fill(&paths[n], "#f1f1f1", "");
    for (i, colour) in PALETTE.iter().enumerate() {
        svg.fill(&paths[i], colour, "");
    }
    let corners = squares(pieces.iter().map(|p| p.black));
    if svg.compact {
        svg.fill(&corners, "#1f1f1f", "");
        mark_cells(&mut svg, differ);
        return svg.finish();
    }
    svg.grid_lines();
    // Outlines: every cell edge between different owners (or the board's edge).
    let mut edges = Path::default();
    for r in 0..rows {
        for c in 0..cols {
            let o = owner_of(r, c);
            let right = if c + 1 < cols {
                owner_of(r, c + 1)
            } else {
                u32::MAX
            };
            let below = if r + 1 < rows {
                owner_of(r + 1, c)
            } else {
                u32::MAX
            };
            let left = if c == 0 { u32::MAX } else { owner_of(r, c - 1) };
            let above = if r == 0 { u32::MAX } else { owner_of(r - 1, c) };
            let (x, y) = (c as i64, r as i64);
            if o != right && (o != u32::MAX || right != u32::MAX) {
                edges.segment(x + 1, y, x + 1, y + 1);
            }
            if o != below && (o != u32::MAX || below != u32::MAX) {
                edges.segment(x, y + 1, x + 1, y + 1);
            }
            if c == 0 && o != u32::MAX && left == u32::MAX {
                edges.segment(x, y, x, y + 1);
            }
            if r == 0 && o != u32::MAX && above == u32::MAX {
                edges.segment(x, y, x + 1, y);
            }
        }
    }
    svg.stroke(
        &edges,
        "#202020",
        0.07,
        " stroke-linecap=\"square\" stroke-linejoin=\"miter\"",
    );
    let mut dots = String::new();
    for p in pieces {
        let (x, y) = (p.black.1 as f64 + 0.5, p.black.0 as f64 + 0.5);
        let _ = write!(
            dots,
            "M{} {}a.2 .2 0 1 0 .4 0a.2 .2 0 1 0-.4 0z",
            Num(x - 0.2),
            Num(y)
        );
    }
    if !dots.is_empty() {
        let _ = writeln!(svg.out, "<path fill=\"#1f1f1f\" d=\"{dots}\"/>");
    }
    mark_cells(&mut svg, differ);
    svg.finish()
}

/// Frames the given cells in magenta (one `<path>` of class `differ`; filled squares in the
/// compact style, where a frame would not show).
fn mark_cells(svg: &mut Svg, cells: &[(usize, usize)]) {
    if cells.is_empty() {
        return;
    }
    if svg.compact {
        let marks = squares(cells.iter().copied());
        svg.fill(&marks, DIFFER, " fill-opacity=\"0.75\" class=\"differ\"");
        return;
    }
    let mut d = String::new();
    for &(r, c) in cells {
        let _ = write!(d, "M{}.14 {}.14h.72v.72h-.72z", c, r);
    }
    let _ = writeln!(
        svg.out,
        "<path class=\"differ\" fill=\"none\" stroke=\"{DIFFER}\" stroke-width=\"0.1\" stroke-dasharray=\"0.18 0.09\" d=\"{d}\"/>"
    );
}

/// The colour of the cells where two tilings differ.
const DIFFER: &str = "#c026d3";

/// Two tilings of one pattern, for a designer checking uniqueness: `first` drawn as
/// [`lpuzzle_svg`] draws a YES, with every cell covered by a different piece in `second`
/// ([`lpuzzle::differing_cells`]) framed in magenta (filled in the compact style). Swap the two to draw
/// the second tiling with the same cells marked. With equal tilings nothing is marked and the
/// caption says the tiling is unique.
pub fn lpuzzle_two_svg(grid: &Grid, first: &[lpuzzle::Piece], second: &[lpuzzle::Piece]) -> String {
    let differ = lpuzzle::differing_cells(grid, first, second);
    let n = count(first.len(), "L piece", "L pieces");
    let (title, caption) = if differ.is_empty() {
        (
            format!("L-puzzle: YES, unique, {n}"),
            format!("YES, unique: {n}, one colour each; the dot marks each piece's black corner."),
        )
    } else {
        let cells = count(differ.len(), "cell", "cells");
        (
            format!(
                "L-puzzle: YES, not unique: {cells} {} in another tiling",
                if differ.len() == 1 {
                    "differs"
                } else {
                    "differ"
                }
            ),
            format!(
                "YES, not unique: {n}, one colour each; the dot marks each piece's black corner.|The {cells} framed in magenta {} covered by another piece in another tiling.",
                if differ.len() == 1 { "is" } else { "are" }
            ),
        )
    };
    tiling_picture(grid, first, &title, &caption, &differ)
}

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
