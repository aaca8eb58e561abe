//! SVG pictures of answers, written as text (no algorithms here: everything drawn comes from the
//! solvers' answers).
//!
//! | puzzle | picture |
//! |---|---|
//! | [`rooks_svg`] | rooks as pieces on a chequered board, pawns dark, the König cover as faint lines (blue: row runs, orange: column runs) |
//! | [`rooks_roles_svg`] | the same, with every empty square shaded by its role across all maximum placements (dark green: a rook in every one, light green: in some, plain: in none) |
//! | [`lpuzzle_svg`] | YES: every L piece in its own colour with a dot on its black corner; NO: the board with the culprit cells in red and, for a conflict, the chain of forced choices as arrows |
//! | [`lpuzzle_two_svg`] | two tilings: the first as a YES, with the cells another piece covers in the second framed in magenta ([`differing_cells`](crate::puzzles::lpuzzle::differing_cells)) |
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

use crate::grid::{Cell, Grid};

mod king;
mod lpuzzle;
mod rooks;

pub use king::king_svg;
pub use lpuzzle::{lpuzzle_svg, lpuzzle_two_svg};
pub use rooks::{rooks_roles_svg, rooks_svg};

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
