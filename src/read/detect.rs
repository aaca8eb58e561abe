//! Telling a METIS graph from an edge list by content, when neither a `%` comment nor the
//! file's name says which: both start with a line of numbers.
//!
//! **Rule:** a file whose first line starts with a number (and is not named `*.graph` or
//! `*.metis`) is read as METIS first. When that fails, it is an edge list, read as before.
//! When it succeeds (a header of 2–4 numbers, N vertex lines, ids in `1..=N`, 2M listings,
//! every listing mirrored) and the file does not read as an edge list, it is METIS. When it
//! reads both ways, it is the edge list if the METIS graph has no edges (`1 0` alone, or `N 0`
//! and blank lines: a one-edge list, not an edgeless graph anyone writes without a `%`), METIS
//! if the edge list would need its first line to be a self-loop (`N N`), and refused otherwise
//! ([`AMBIGUOUS`]): never one reading picked while the other holds too, but for those two.
//! A file that neither reads as, whose first line is one whole number `N` (where both stop),
//! is a dense matrix when it reads as one with that size line (exactly N × N entries); else
//! the edge list's error stands, as before.
//!
//! **Algorithm:** the METIS reader reads the input through a [`Tee`], which keeps the bytes it
//! consumes while a line scanner finds every line shaped like an edge list line (no numbers, or
//! exactly two — three with weights — before a `#` comment). The first line shaped otherwise
//! is one the edge list reader refuses: the bytes are kept up to its end and no further. The
//! edge list reader then reads the bytes kept followed by the rest of the input: the same
//! input from its start, or, after such a line, enough of it to meet its error there.
//!
//! **Complexity:** O(bytes) time: each byte is read by the METIS reader, scanned once, and read
//! again by the edge list reader only when the METIS reading fails before it or succeeds.
//! Memory: the bytes kept, at most the input (a METIS graph that is also an edge list line by
//! line, a cycle's); usually a few lines, as the METIS reading of an edge list fails at once
//! (its second line names vertex 0, or lists a vertex not mirrored).

use std::io::{BufRead, Read};

use super::tokens::{Tokens, count};
use super::{Format, GraphInput, Limits, OUT_OF_MEMORY, Shape, dense, edges, metis, weights};
use crate::InputError;

/// What an ambiguous file is refused as expecting: the command line recognises this text and
/// names the flag that chooses.
pub const AMBIGUOUS: &str = "a file that reads one way only: name its format";

/// A reader that keeps the bytes consumed from `inner` while they may be read again.
pub(super) struct Tee<R> {
    inner: R,
    /// What is kept, and the line scanner.
    pub(super) keep: Keeper,
}

/// The bytes a [`Tee`] kept, and its line scanner.
pub(super) struct Keeper {
    /// The bytes consumed while recording.
    pub(super) kept: Vec<u8>,
    /// Still keeping.
    recording: bool,
    /// Keeping stopped at the end of a line no edge list holds.
    pub(super) shaped_out: bool,
    /// Keeping stopped because memory or the input failed: what was kept is not all there was.
    pub(super) lost: bool,
    /// Numbers an edge list line holds: 2, or 3 with weights.
    want: u32,
    /// Tokens before a comment on the current line so far.
    count: u32,
    in_token: bool,
    comment: bool,
    /// Bytes of a byte order mark at the start of the input seen so far (3 once past the
    /// start): the mark is no token, so a first line holding only it is blank.
    mark: usize,
}

impl<R: BufRead> Tee<R> {
    /// Keeps what is read from `inner`; `weighted`: edge list lines hold a weight.
    pub(super) fn new(inner: R, weighted: bool) -> Self {
        Tee {
            inner,
            keep: Keeper {
                kept: Vec::new(),
                recording: true,
                shaped_out: false,
                lost: false,
                want: if weighted { 3 } else { 2 },
                count: 0,
                in_token: false,
                comment: false,
                mark: 0,
            },
        }
    }
}

impl Keeper {
    /// Stops keeping (what is kept stays).
    pub(super) fn stop(&mut self) {
        self.recording = false;
    }

    /// Keeps `bytes`, scanning their lines; stops after a line no edge list holds (a line of
    /// tokens before any `#` comment other than none or exactly `want`).
    fn keep(&mut self, bytes: &[u8]) {
        let mut end = bytes.len();
        let bom = crate::encoding::UTF8_BOM;
        for (i, &b) in bytes.iter().enumerate() {
            if self.mark < bom.len() {
                if b == bom[self.mark] {
                    self.mark += 1;
                    continue;
                }
                // Not a mark after all: the bytes taken for one start a token.
                if self.mark > 0 {
                    self.in_token = true;
                    self.count += 1;
                }
                self.mark = bom.len();
            }
            match b {
                b'\n' => {
                    let bad = self.count != 0 && self.count != self.want;
                    self.count = 0;
                    self.in_token = false;
                    self.comment = false;
                    if bad {
                        self.shaped_out = true;
                        self.recording = false;
                        end = i + 1;
                        break;
                    }
                }
                b' ' | b'\t' | b'\r' => self.in_token = false,
                _ if self.comment || self.in_token => {}
                b'#' => self.comment = true,
                _ => {
                    self.in_token = true;
                    self.count += 1;
                }
            }
        }
        if self.kept.try_reserve(end).is_err() {
            self.recording = false;
            self.shaped_out = false;
            self.lost = true;
            return;
        }
        self.kept.extend_from_slice(&bytes[..end]);
    }
}

impl<R: BufRead> Read for Tee<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let data = self.fill_buf()?;
            let n = data.len().min(buf.len());
            buf[..n].copy_from_slice(&data[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl<R: BufRead> BufRead for Tee<R> {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        self.inner.fill_buf()
    }

    fn consume(&mut self, amount: usize) {
        if self.keep.recording && amount > 0 {
            // The bytes just returned by `fill_buf`, still buffered: no read happens.
            match self.inner.fill_buf() {
                Ok(data) if data.len() >= amount => self.keep.keep(&data[..amount]),
                _ => {
                    self.keep.recording = false;
                    self.keep.lost = true;
                }
            }
        }
        self.inner.consume(amount);
    }
}

/// A file whose first line starts with a number, read through `t` (that number unread): METIS
/// or an edge list, told by the rule of `detect.rs`.
pub(super) fn metis_or_edges<R: BufRead>(
    mut t: Tokens<&mut Tee<R>>,
    limits: Limits,
    mut weights: Option<&mut weights::Acc>,
) -> Result<GraphInput, InputError> {
    let file = t.file.clone();
    let weighted = weights.is_some();
    let mut metis_acc = weights::Acc::default();
    let metis = metis::read(&mut t, limits, weighted.then_some(&mut metis_acc));
    let tee = t.input;
    tee.keep.stop();
    let kept = std::mem::take(&mut tee.keep.kept);
    if tee.keep.lost {
        return Err(InputError::at(
            &file,
            1,
            1,
            "a file too large to keep while its format is told",
            AMBIGUOUS,
        )
        .with_hint(format!(
            "{OUT_OF_MEMORY} keeping its first {} bytes, to read them again as an edge list if \
             they are not a METIS graph",
            kept.len()
        )));
    }
    let shaped_out = tee.keep.shaped_out;
    let metis = match metis {
        Err(metis_error) => {
            // Read again from the start as an edge list; after a line no edge list holds, its
            // reading stops there with an error.
            let mut kept = kept;
            // A first line of one whole number (METIS and an edge list both refuse it there,
            // having read no further than its end): perhaps a dense matrix's size line. The
            // METIS reader may have stopped before the line's end (a CR): the rest of it, up
            // to 64 bytes, is kept too.
            let mut size_line = None;
            if one_number_first_line(&kept) {
                let ended = kept.ends_with(b"\n") || finish_line(tee, &mut kept);
                if ended && one_number_first_line(&kept) {
                    size_line = Some(kept.clone());
                }
            }
            // The edge list refuses the size line: it reads no further than what is kept.
            let rest = if shaped_out || size_line.is_some() {
                0
            } else {
                u64::MAX
            };
            let replay = std::io::Cursor::new(kept).chain((&mut *tee).take(rest));
            let read = edges::read(
                &mut Tokens::new(replay, &file),
                limits,
                weights.as_deref_mut(),
            );
            return match read {
                Ok(_) if shaped_out => Err(metis_error),
                Err(edge_error) if size_line.is_some() => {
                    let line = size_line.unwrap_or_default();
                    let mut acc = weights::Acc::default();
                    let replay = std::io::Cursor::new(line).chain(&mut *tee);
                    let dense = dense::read(
                        &mut Tokens::new(replay, &file),
                        limits,
                        weighted.then_some(&mut acc),
                    );
                    match dense {
                        Ok(g) => {
                            if let Some(w) = weights {
                                *w = acc;
                            }
                            Ok(g)
                        }
                        // Not a whole matrix either: the edge list's error, as before.
                        Err(_) => Err(edge_error),
                    }
                }
                read => read,
            };
        }
        Ok(g) => g,
    };
    let put = |weights: Option<&mut weights::Acc>, acc: weights::Acc| {
        if let Some(w) = weights {
            *w = acc;
        }
    };
    if shaped_out {
        put(weights, metis_acc);
        return Ok(metis);
    }
    // The whole input was kept: does it read as an edge list too?
    let mut edge_acc = weights::Acc::default();
    let edges = edges::read(
        &mut Tokens::new(&kept[..], &file),
        limits,
        weighted.then_some(&mut edge_acc),
    );
    let vertices = match metis.shape {
        Shape::General { vertices } => vertices,
        Shape::Bipartite { .. } => unreachable!("a METIS graph has one vertex set"),
    };
    match edges {
        // Only METIS reads it, or the edge list would start with the self-loop `N N`.
        Err(_) => {}
        // A METIS graph without edges (`1 0`, `0 0`, blank vertex lines) is no more than an
        // edge list's first edge: read as the edge list it also is.
        Ok(e) if metis.edges.is_empty() => {
            put(weights, edge_acc);
            return Ok(e);
        }
        Ok(_) if vertices == metis.edges.len() => {}
        Ok(e) => {
            return Err(InputError::at(
                &file,
                1,
                1,
                format!(
                    "a file that reads both as a METIS graph ({}, {}) and as an edge list ({})",
                    count(vertices as u64, "vertex", "vertices"),
                    count(metis.edges.len() as u64, "edge", "edges"),
                    count(e.edges.len() as u64, "edge", "edges"),
                ),
                AMBIGUOUS,
            )
            .with_hint(
                "its first line is a METIS header or an edge, and every line after it fits \
                 either reading",
            ));
        }
    }
    put(weights, metis_acc);
    Ok(metis)
}

/// Moves the input's bytes up to the end of the current line (at most 64) from `tee`, which
/// keeps no more, to `kept`: whether the line's end was found.
fn finish_line<R: BufRead>(tee: &mut Tee<R>, kept: &mut Vec<u8>) -> bool {
    let mut moved = 0;
    while moved < 64 {
        let Ok(data) = tee.fill_buf() else {
            return false;
        };
        if data.is_empty() {
            return false;
        }
        let take = data.len().min(64 - moved);
        let (n, ended) = match data[..take].iter().position(|&b| b == b'\n') {
            Some(i) => (i + 1, true),
            None => (take, false),
        };
        if kept.try_reserve(n).is_err() {
            return false;
        }
        kept.extend_from_slice(&data[..n]);
        tee.consume(n);
        moved += n;
        if ended {
            return true;
        }
    }
    false
}

/// Whether the first line of `kept` that holds a token (blank lines and `#` comment lines
/// before it skipped, a byte order mark too) is exactly one whole number `N`, with no comment:
/// a dense matrix's size line (an edge list's line holds two numbers, a METIS header two to
/// four).
pub(super) fn one_number_first_line(kept: &[u8]) -> bool {
    let text = kept.strip_prefix(crate::encoding::UTF8_BOM).unwrap_or(kept);
    for line in text.split(|&b| b == b'\n') {
        let mut tokens = line
            .split(|&b| matches!(b, b' ' | b'\t' | b'\r'))
            .filter(|t| !t.is_empty());
        match tokens.next() {
            None => continue,
            Some(t) if t[0] == b'#' => continue,
            Some(t) => {
                return t.iter().all(u8::is_ascii_digit)
                    && t.iter().any(|&d| d != b'0')
                    && tokens.next().is_none();
            }
        }
    }
    false
}

/// Whether `file` is named like a METIS graph: `*.graph` or `*.metis` (any case).
pub(super) fn metis_name(file: &str) -> bool {
    let lower = file.to_ascii_lowercase();
    lower.ends_with(".graph") || lower.ends_with(".metis")
}

/// The hint of a graph file whose format its first line does not tell; it ends with `or name
/// the format`, which a front end completes with its setting ([`Remedy::Format`]).
///
/// [`Remedy::Format`]: crate::Remedy::Format
pub(super) const DETECT_HINT: &str = "the format is told by the first line: '%%MatrixMarket' (mtx), \
     'c', 'p' or 'e' (dimacs), a number or '#' (edges, or metis: told by the lines that follow \
     or a *.graph name), \
     another '%' comment (metis); or name the format";

/// The format a graph file's first non-blank line tells: `%%` (the `%%MatrixMarket` banner) →
/// Matrix Market, another `%` (a comment) → METIS, `c`, `p` or `e` → DIMACS, a digit, `+` or
/// `#` → edge list; `None` otherwise (and for a blank line). A leading byte order mark and
/// blanks are skipped. ([`read_graph`](super::read_graph) also reads a file whose name ends in `.graph` or
/// `.metis` and whose first line starts with a number as METIS, and tells METIS from an edge
/// list by what follows in any other such file: see the [module docs](super).)
///
/// # Examples
/// ```
/// use gridmatch::read::{Format, detect};
///
/// assert_eq!(detect(b"%%MatrixMarket matrix coordinate pattern general"), Some(Format::MatrixMarket));
/// assert_eq!(detect(b"p edge 5 4"), Some(Format::Dimacs));
/// assert_eq!(detect(b"0 1"), Some(Format::EdgeList));
/// assert_eq!(detect(b"% a METIS graph"), Some(Format::Metis));
/// assert_eq!(detect(b"graph {"), None);
/// ```
pub fn detect(first_line: &[u8]) -> Option<Format> {
    let line = first_line
        .strip_prefix(crate::encoding::UTF8_BOM)
        .unwrap_or(first_line);
    let at = line.iter().position(|&b| !matches!(b, b' ' | b'\t'))?;
    match line[at] {
        b'%' if line.get(at + 1) == Some(&b'%') => Some(Format::MatrixMarket),
        b'%' => Some(Format::Metis),
        b'c' | b'p' | b'e' => Some(Format::Dimacs),
        b'0'..=b'9' | b'+' | b'#' => Some(Format::EdgeList),
        _ => None,
    }
}

/// The hint for a file read as `this` format whose first token `tok` starts another format.
pub(super) fn looks_like(tok: &[u8], this: Format) -> Option<String> {
    match detect(tok) {
        Some(f) if f != this => Some(format!(
            "this looks like {}, not {}: name its format ({}), or let it be detected",
            f.described(),
            this.described(),
            f.name()
        )),
        _ => None,
    }
}
