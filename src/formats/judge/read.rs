//! Reading the judges' line formats: [`BoardReader`] pulls header lines and board rows one line
//! at a time from any [`BufRead`], so memory is the board being read, not the whole file.
//!
//! Every puzzle's input is a sequence of *header lines* (numbers such as `N` or `R C`) and *board
//! rows* (exactly `C` characters from a small alphabet).
//!
//! Tolerated: CRLF line ends, trailing spaces and tabs, blank lines before a header (between
//! boards) and at the end. Everything else is an [`InputError`] naming file, line and column
//! (both 1-based, columns in bytes), what was found and what was expected.
//!
//! Sizes are checked against a cell limit before anything is allocated, so an absurd header such
//! as `1000000000000` is refused with a message instead of an allocation failure.

use std::io::BufRead;

use crate::error::{InputError, RAISE_LIMIT, Remedy, describe_at};
use crate::formats::count;
use crate::grid::Grid;
use crate::read::parse_number;

/// Default limit on the cells of one board for library callers (the command-line tool derives
/// its default from the machine's memory).
pub const DEFAULT_MAX_CELLS: u64 = 200_000_000;

/// Reads one line into `buf` (cleared first), without its `\n`, keeping at most `keep` bytes:
/// a longer line is left unread past them. `Ok(None)` at end of input, else `Ok(Some(ended))`
/// where `ended` says whether the line end was reached (false: end of input, or `keep` bytes
/// kept with more to come).
///
/// # Complexity
/// O(bytes read); memory O(`keep`) whatever the input.
pub fn read_line_bounded<R: BufRead>(
    input: &mut R,
    buf: &mut Vec<u8>,
    keep: usize,
) -> std::io::Result<Option<bool>> {
    buf.clear();
    let mut any = false;
    while buf.len() < keep {
        let chunk = match input.fill_buf() {
            Ok(c) => c,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if chunk.is_empty() {
            break;
        }
        any = true;
        let window = &chunk[..chunk.len().min(keep - buf.len())];
        if let Some(i) = memchr::memchr(b'\n', window) {
            buf.extend_from_slice(&window[..i]);
            input.consume(i + 1);
            return Ok(Some(true));
        }
        let n = window.len();
        buf.extend_from_slice(window);
        input.consume(n);
    }
    Ok(any.then_some(false))
}

/// What [`BoardReader::next_line`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// End of input.
    End,
    /// A whole line, in `buf`.
    Whole,
    /// The first bytes of a line too long to keep (in `buf`, untrimmed); the rest of the
    /// line has the non-blank byte `byte` at the 1-based column `col`.
    Cut {
        /// Its column.
        col: u64,
        /// The byte.
        byte: u8,
    },
}

/// Bytes of a line kept beyond what it should hold (blanks after a header or a row): a
/// longer line is refused unless only blanks follow.
const MAX_HEADER_LINE: usize = 1 << 20;

/// The largest limit the solvers can take: cell indices are `u32` inside them.
pub const MAX_CELLS: u64 = u32::MAX as u64 - 1;

/// A number in a header line together with where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Number {
    /// The value.
    pub value: u64,
    /// 1-based line.
    pub line: u64,
    /// 1-based column of its first character.
    pub col: u64,
}

/// Reads header lines and board rows from a judge-format text, one line at a time.
pub struct BoardReader<R> {
    input: R,
    file: String,
    line_no: u64,
    buf: Vec<u8>,
    max_cells: u64,
    limit_hint: Option<String>,
}

impl<R: BufRead> BoardReader<R> {
    /// Wraps `input`; `file` names it in error messages.
    pub fn new(input: R, file: impl Into<String>) -> Self {
        BoardReader {
            input,
            file: file.into(),
            line_no: 0,
            buf: Vec::new(),
            max_cells: DEFAULT_MAX_CELLS,
            limit_hint: None,
        }
    }

    /// Sets the largest board (in cells) [`read_grid`](Self::read_grid) accepts.
    pub fn with_max_cells(mut self, max_cells: u64) -> Self {
        self.max_cells = max_cells;
        self
    }

    /// Sets the hint shown when a board is over the cell limit (how the limit was chosen and
    /// how to raise it); the default hint says to raise it, with [`Remedy::CellLimit`] for the
    /// caller to name its setting ([`InputError::name_flag`]).
    pub fn with_limit_hint(mut self, hint: impl Into<String>) -> Self {
        self.limit_hint = Some(hint.into());
        self
    }

    /// The last line read (line end and trailing blanks removed; of a very long line, its
    /// first megabyte or so) and its 1-based number.
    pub fn last_line(&self) -> (u64, &[u8]) {
        (self.line_no, &self.buf)
    }

    /// The input, to read on where the boards end (`king play -` reads the moves there).
    pub fn into_inner(self) -> R {
        self.input
    }

    /// The name used in error messages.
    pub fn file(&self) -> &str {
        &self.file
    }

    /// The current cell limit.
    pub fn max_cells(&self) -> u64 {
        self.max_cells
    }

    /// Builds an error at `line:col`.
    pub fn error(
        &self,
        line: u64,
        col: u64,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> InputError {
        InputError::at(&self.file, line, col, found, expected)
    }

    /// Reads the next line into `self.buf` without its line end or trailing blanks.
    ///
    /// At most `max_len + 1` bytes of a line are kept, so a file without line ends cannot make
    /// the reader buffer all of it. A longer line reads as [`Line::Whole`] if only blanks follow
    /// what was kept, and as [`Line::Cut`] (kept bytes untrimmed) otherwise.
    fn next_line(&mut self, max_len: usize) -> Result<Line, InputError> {
        if self.line_no == 0 && self.buf.is_empty() {
            crate::encoding::skip_byte_order_mark(&mut self.input, &self.file)?;
        }
        let keep = max_len.saturating_add(1);
        let ended = match read_line_bounded(&mut self.input, &mut self.buf, keep) {
            Ok(Some(ended)) => ended,
            Ok(None) => return Ok(Line::End),
            Err(e) => return Err(self.unreadable(self.line_no + 1, e)),
        };
        self.line_no += 1;
        if !ended
            && self.buf.len() == keep
            && let Some((col, byte)) = self.skip_rest_of_line(keep)?
        {
            return Ok(Line::Cut { col, byte });
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        while matches!(self.buf.last(), Some(b' ' | b'\t')) {
            self.buf.pop();
        }
        Ok(Line::Whole)
    }

    /// The error for a cut line whose kept part was fine: the byte beyond it.
    fn cut_error(&self, col: u64, byte: u8, expected: &str) -> InputError {
        self.error(self.line_no, col, describe_at(&[byte], 0), expected)
            .with_hint(format!(
                "the line runs on past {MAX_HEADER_LINE} characters; is a line end missing?"
            ))
    }

    /// Skips the rest of a line of which `kept` bytes are in `self.buf`, up to and including
    /// its line end. Stops early at the first byte that is not a blank and returns its 1-based
    /// column and the byte; `None` if only blanks (or a CR) follow.
    fn skip_rest_of_line(&mut self, kept: usize) -> Result<Option<(u64, u8)>, InputError> {
        let mut col = kept as u64;
        loop {
            let chunk = match self.input.fill_buf() {
                Ok(c) => c,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                // This line is already counted.
                Err(e) => return Err(self.unreadable(self.line_no, e)),
            };
            if chunk.is_empty() {
                return Ok(None);
            }
            for (i, &b) in chunk.iter().enumerate() {
                match b {
                    b'\n' => {
                        self.input.consume(i + 1);
                        return Ok(None);
                    }
                    b' ' | b'\t' | b'\r' => {}
                    _ => return Ok(Some((col + i as u64 + 1, b))),
                }
            }
            let len = chunk.len();
            self.input.consume(len);
            col += len as u64;
        }
    }

    fn unreadable(&self, line: u64, e: std::io::Error) -> InputError {
        self.error(line, 1, "unreadable input", "text")
            .with_hint(e.to_string())
    }

    /// Skips blank lines and reads the next header line's numbers. `Ok(None)` at end of input.
    ///
    /// `what` names the expected numbers for messages, e.g. `"the board size N"`.
    pub fn header(&mut self, count: usize, what: &str) -> Result<Option<Vec<Number>>, InputError> {
        // A cut line's kept part is parsed first: an error in it is reported where it is.
        let cut = loop {
            match self.next_line(MAX_HEADER_LINE)? {
                Line::End => return Ok(None),
                Line::Whole if self.buf.is_empty() => {}
                Line::Whole => break None,
                Line::Cut { col, byte } => break Some((col, byte)),
            }
        };
        let mut nums = Vec::with_capacity(count);
        let mut i = 0;
        let b = &self.buf;
        while i < b.len() {
            if b[i] == b' ' || b[i] == b'\t' {
                i += 1;
                continue;
            }
            let start = i;
            let col = start as u64 + 1;
            if nums.len() == count {
                let mut e = self.error(
                    self.line_no,
                    col,
                    describe_at(b, start),
                    "end of line".to_string(),
                );
                e.hint = Some(format!("this line should hold only {what}"));
                return Err(e);
            }
            while i < b.len() && b[i] != b' ' && b[i] != b'\t' {
                i += 1;
            }
            let token = &b[start..i];
            let value = parse_number(token).ok_or_else(|| {
                let shown = String::from_utf8_lossy(token);
                // A control or non-ASCII byte is named by itself, at its own column.
                let odd = token.iter().position(|c| !c.is_ascii_graphic());
                let (col, found) = if let Some(k) = odd {
                    (col + k as u64, describe_at(b, start + k))
                } else if shown.chars().count() > 24 {
                    (
                        col,
                        format!("'{}…'", shown.chars().take(24).collect::<String>()),
                    )
                } else {
                    (col, format!("'{shown}'"))
                };
                let mut e =
                    self.error(self.line_no, col, found, format!("{what} (a whole number)"));
                if token.first() == Some(&b'-') {
                    e.hint = Some("sizes and counts cannot be negative".into());
                } else if token.iter().all(u8::is_ascii_digit) {
                    e.hint = Some("the number is too large".into());
                }
                e
            })?;
            nums.push(Number {
                value,
                line: self.line_no,
                col,
            });
        }
        if let Some((col, byte)) = cut {
            let expected = if nums.len() == count {
                "end of line"
            } else {
                what
            };
            return Err(self.cut_error(col, byte, expected));
        }
        if nums.len() < count {
            let col = self.buf.len() as u64 + 1;
            return Err(self.error(self.line_no, col, "end of line", what.to_string()));
        }
        Ok(Some(nums))
    }

    /// Like [`header`](Self::header), but end of input is an error.
    pub fn required_header(&mut self, count: usize, what: &str) -> Result<Vec<Number>, InputError> {
        match self.header(count, what)? {
            Some(n) => Ok(n),
            None => Err(InputError::end_of_input(
                &self.file,
                self.line_no + 1,
                1,
                what.to_string(),
            )),
        }
    }

    /// Checks that only blank lines remain.
    pub fn expect_end(&mut self, why: &str) -> Result<(), InputError> {
        loop {
            let cut = match self.next_line(MAX_HEADER_LINE)? {
                Line::End => return Ok(()),
                Line::Whole => None,
                Line::Cut { col, byte } => Some((col, byte)),
            };
            if let Some(i) = self.buf.iter().position(|&c| c != b' ' && c != b'\t') {
                let mut e = self.error(
                    self.line_no,
                    i as u64 + 1,
                    describe_at(&self.buf, i),
                    "end of input",
                );
                e.hint = Some(why.to_string());
                return Err(e);
            }
            if let Some((col, byte)) = cut {
                return Err(self.cut_error(col, byte, "end of input"));
            }
        }
    }

    /// Validates board dimensions against the cell limit; `at` is the header number to blame.
    pub fn check_size(&self, rows: Number, cols: Number) -> Result<(usize, usize), InputError> {
        for n in [rows, cols] {
            if n.value == 0 {
                return Err(self.error(n.line, n.col, "'0'", "a size of at least 1"));
            }
        }
        let cells = rows.value.checked_mul(cols.value);
        match cells {
            Some(c) if c <= self.max_cells => {
                let r = usize::try_from(rows.value);
                let cc = usize::try_from(cols.value);
                match (r, cc) {
                    (Ok(r), Ok(cc)) => Ok((r, cc)),
                    _ => Err(self.too_big(rows, cols)),
                }
            }
            _ => Err(self.too_big(rows, cols)),
        }
    }

    fn too_big(&self, rows: Number, cols: Number) -> InputError {
        let e = self.error(
            rows.line,
            rows.col,
            format!("a board of {} × {} cells", rows.value, cols.value),
            format!("at most {}", count(self.max_cells, "cell", "cells")),
        );
        match &self.limit_hint {
            Some(h) => e.with_hint(h.clone()),
            None => e.with_hint(RAISE_LIMIT).with_remedy(Remedy::CellLimit),
        }
    }

    /// Reads `rows` rows of exactly `cols` characters from `alphabet`. Returns the grid and the
    /// line number of its first row.
    ///
    /// # Complexity
    /// O(rows × cols); allocates the grid once (size checked by [`check_size`](Self::check_size)).
    pub fn read_grid(
        &mut self,
        rows: usize,
        cols: usize,
        alphabet: &[u8],
    ) -> Result<(Grid, u64), InputError> {
        let mut cells = Vec::new();
        cells
            .try_reserve_exact(rows * cols)
            .map_err(|_| self.error(self.line_no + 1, 1, "not enough memory", "a smaller board"))?;
        let first_line = self.line_no + 1;
        let allowed = alphabet_text(alphabet);
        for r in 0..rows {
            // A cut row is longer than `cols`: the checks below refuse it at its first
            // wrong column, as they would the whole row.
            let read = self.next_line(cols.saturating_add(MAX_HEADER_LINE))?;
            if read == Line::End {
                let mut e = InputError::end_of_input(
                    &self.file,
                    self.line_no + 1,
                    1,
                    format!(
                        "row {} of {rows} ({} from {allowed})",
                        r + 1,
                        characters(cols)
                    ),
                );
                e.hint = Some("the board is truncated".into());
                return Err(e);
            }
            let line = &self.buf;
            if let Some(i) = line.iter().position(|c| !alphabet.contains(c))
                && i < cols
            {
                {
                    return Err(self.error(
                        self.line_no,
                        i as u64 + 1,
                        describe_at(line, i),
                        format!("one of {allowed}"),
                    ));
                }
            }
            if line.len() != cols {
                let (col, found) = if line.len() < cols {
                    (line.len() as u64 + 1, "end of line".to_string())
                } else {
                    (cols as u64 + 1, describe_at(line, cols))
                };
                let mut e = self.error(self.line_no, col, found, characters(cols));
                let more = if matches!(read, Line::Cut { .. }) {
                    "more than "
                } else {
                    ""
                };
                e.hint = Some(format!(
                    "row {} has {more}{}, the header said {cols}",
                    r + 1,
                    count(line.len(), "cell", "cells")
                ));
                return Err(e);
            }
            cells.extend_from_slice(line);
        }
        Ok((Grid::from_cells(rows, cols, cells), first_line))
    }
}

/// "1 character", "5 characters".
fn characters(n: usize) -> String {
    count(n, "character", "characters")
}

fn alphabet_text(alphabet: &[u8]) -> String {
    let parts: Vec<String> = alphabet
        .iter()
        .map(|&c| format!("'{}'", c as char))
        .collect();
    parts.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    type TestResult = Result<(), Box<dyn std::error::Error>>;

    fn reader(s: &str) -> BoardReader<&[u8]> {
        BoardReader::new(s.as_bytes(), "t")
    }

    #[test]
    fn crlf_trailing_spaces_and_blank_lines() -> TestResult {
        let mut r = reader("\r\n 2 \r\n.X  \r\nX.\t\r\n\r\n\r\n1\n.\n\n");
        let h = r.required_header(1, "N")?;
        assert_eq!(h[0].value, 2);
        assert_eq!(h[0].col, 2);
        let (g, first) = r.read_grid(2, 2, b".X")?;
        assert_eq!(first, 3);
        assert_eq!(g.to_lines(), vec![".X", "X."]);
        let h = r.header(1, "N")?.ok_or("a second header")?;
        assert_eq!((h[0].value, h[0].line), (1, 7));
        r.read_grid(1, 1, b".X")?;
        assert!(r.header(1, "N")?.is_none());
        Ok(())
    }

    #[test]
    fn errors_name_line_and_column() -> TestResult {
        let mut r = reader("2\n.Y\n");
        r.required_header(1, "N")?;
        let e = r.read_grid(2, 2, b".X").unwrap_err();
        assert_eq!(e.to_string(), "t:2:2: found 'Y', expected one of '.' 'X'");

        let mut r = reader("3\n...\n..\n");
        r.required_header(1, "N")?;
        let e = r.read_grid(3, 3, b".X").unwrap_err();
        assert_eq!((e.line, e.col), (3, 3));
        assert!(
            e.to_string()
                .contains("row 2 has 2 cells, the header said 3")
        );

        let mut r = reader("2\n..\n");
        r.required_header(1, "N")?;
        let e = r.read_grid(2, 2, b".X").unwrap_err();
        assert_eq!((e.line, e.found.as_str()), (3, "end of input"));

        for (text, col) in [("-3\n", 1), ("x\n", 1), ("  99999999999999999999999\n", 3)] {
            let e = reader(text).required_header(1, "N").unwrap_err();
            assert_eq!((e.line, e.col), (1, col), "{text}");
        }
        let e = reader("3 4\n").required_header(1, "N").unwrap_err();
        assert_eq!((e.col, e.expected.as_str()), (3, "end of line"));
        let e = reader("3\n").required_header(2, "R C").unwrap_err();
        assert_eq!((e.col, e.found.as_str()), (2, "end of line"));
        Ok(())
    }

    #[test]
    fn sizes_are_checked_before_allocation() {
        let r = reader("").with_max_cells(100);
        let n = |v| Number {
            value: v,
            line: 1,
            col: 1,
        };
        assert!(r.check_size(n(10), n(10)).is_ok());
        assert!(r.check_size(n(10), n(11)).is_err());
        assert!(r.check_size(n(0), n(1)).is_err());
        assert!(r.check_size(n(u64::MAX), n(u64::MAX)).is_err());
        let e = r
            .check_size(n(1_000_000_000_000), n(1_000_000_000_000))
            .unwrap_err();
        // The library names no flag; the command line names its own.
        assert!(!e.to_string().contains("--"), "{e}");
        assert_eq!(e.remedy, Some(Remedy::CellLimit));
        assert_eq!(
            e.name_flag("--max-cells").hint.as_deref(),
            Some("raise the limit with --max-cells if the machine has the memory")
        );
        let e = reader("")
            .with_max_cells(100)
            .with_limit_hint("the hint")
            .check_size(n(11), n(10))
            .unwrap_err();
        assert_eq!(e.hint.as_deref(), Some("the hint"));
    }

    #[test]
    fn long_lines_are_not_buffered_whole() -> TestResult {
        let big = 2 * MAX_HEADER_LINE;
        // Blanks after a header or a row are fine, however many.
        let text = format!("2{}\n..{}\n..\n", " ".repeat(big), " \t".repeat(big));
        let mut r = reader(&text);
        assert_eq!(r.required_header(1, "N")?[0].value, 2);
        let (g, _) = r.read_grid(2, 2, b".X")?;
        assert_eq!(g.to_lines(), vec!["..", ".."]);
        // Something after a long run of blanks in a header: refused where it is.
        let text = format!("2{}x\n", " ".repeat(big));
        let e = reader(&text).required_header(1, "N").unwrap_err();
        assert_eq!(
            (e.line, e.col, e.found.as_str()),
            (1, big as u64 + 2, "'x'")
        );
        assert_eq!(e.expected, "end of line");
        // A long line is still refused at its first wrong byte when that comes early: a file
        // with old Mac line ends (CR only) is one long line.
        let text = "1\r.\r".repeat(big / 4);
        let e = reader(&text).required_header(1, "N").unwrap_err();
        assert_eq!(
            (e.line, e.col, e.found.as_str()),
            (1, 2, "byte 0x0d"),
            "{e}"
        );
        let text = format!("2\n..\n..\n{}x", " ".repeat(big));
        let mut r = reader(&text).with_max_cells(4);
        r.required_header(1, "N")?;
        r.read_grid(2, 2, b".X")?;
        let e = r.expect_end("nothing after the board").unwrap_err();
        assert_eq!(
            (e.line, e.col, e.found.as_str()),
            (4, big as u64 + 1, "'x'")
        );
        // A row far too long: refused at its first wrong column, as a short one would be.
        let text = format!("3\n{}\n", ".".repeat(big));
        let mut r = reader(&text);
        r.required_header(1, "N")?;
        let e = r.read_grid(3, 3, b".X").unwrap_err();
        assert_eq!((e.line, e.col, e.found.as_str()), (2, 4, "'.'"));
        assert!(e.to_string().contains("row 1 has more than"), "{e}");
        // Input without any line end ends in an error rather than reading forever.
        let endless =
            std::io::BufReader::new(std::io::Read::chain(&b"1\n"[..], std::io::repeat(b'.')));
        let mut r = BoardReader::new(endless, "endless");
        r.required_header(1, "N")?;
        let e = r.read_grid(1, 1, b".X").unwrap_err();
        assert_eq!((e.line, e.col), (2, 2));
        let endless = std::io::BufReader::new(std::io::repeat(b'7'));
        let e = BoardReader::new(endless, "endless")
            .required_header(1, "N")
            .unwrap_err();
        assert_eq!(e.line, 1);
        Ok(())
    }

    #[test]
    fn non_ascii_is_named() -> TestResult {
        let mut r = reader("1\né\n");
        r.required_header(1, "N")?;
        let e = r.read_grid(1, 1, b".X").unwrap_err();
        assert_eq!(e.found, "'é'");
        Ok(())
    }
}
