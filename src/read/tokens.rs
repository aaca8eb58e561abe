//! The one tokenizer of every graph and formula format: whitespace-separated tokens and line
//! ends read from a [`BufRead`], with the file, line and column of each, and the errors every
//! reader shares (a bad token, a missing one, a number over a limit, memory run out).
//!
//! **Complexity:** O(bytes) time; at most [`MAX_TOKEN`] bytes of a token held, whatever the
//! input (a longer token is cut and skipped).

use std::io::BufRead;

use super::{OUT_OF_MEMORY, WEIGHTS_NOT_READ, weights};
use crate::InputError;
use crate::error::describe_at;

/// it): at the current token, with a hint the command line extends with its flag.
pub(super) fn out_of_memory<R: BufRead>(t: &Tokens<R>, held: usize, what: &str) -> InputError {
    t.error(
        t.tok_line,
        t.tok_col,
        format!("{what} {}", held + 1),
        format!("no more {what}s than fit in memory"),
    )
    .with_hint(format!("{OUT_OF_MEMORY} holding {held} {what}s"))
}

/// Appends `item`, refusing (with [`out_of_memory`]) rather than aborting when growing `items`
/// fails.
pub(super) fn push<R: BufRead, T>(
    t: &Tokens<R>,
    items: &mut Vec<T>,
    item: T,
    what: &str,
) -> Result<(), InputError> {
    if items.len() == items.capacity() && items.try_reserve(1).is_err() {
        return Err(out_of_memory(t, items.len(), what));
    }
    items.push(item);
    Ok(())
}

/// Bytes of a token kept; a longer one is cut (no number or keyword is that long).
pub(super) const MAX_TOKEN: usize = 64;

/// Initial capacity at most, whatever a header announces.
pub(super) const MAX_RESERVE: u64 = 1 << 20;

/// What [`Tokens::next`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Item {
    /// A token, in [`Tokens::tok`] (at [`Tokens::tok_line`], [`Tokens::tok_col`]).
    Token,
    /// A line end; `col` is just past the line's last non-blank byte.
    LineEnd { line: u64, col: u64 },
    /// The end of input, at `line:col`.
    End { line: u64, col: u64 },
}

/// What [`Tokens::next_nonblank`] read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Next {
    /// A token, in [`Tokens::tok`].
    Token,
    /// The end of input, at `line:col`.
    End { line: u64, col: u64 },
}

/// A number together with where it stood.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Number {
    pub(super) value: u64,
    pub(super) line: u64,
    pub(super) col: u64,
}

/// The one tokenizer of the four formats: whitespace-separated tokens and line ends, read from
/// a [`BufRead`] with at most [`MAX_TOKEN`] bytes held.
pub(super) struct Tokens<R> {
    pub(super) input: R,
    pub(super) file: String,
    /// 1-based line of the next byte.
    pub(super) line: u64,
    /// Bytes of the current line already read.
    pub(super) col: u64,
    /// Column just past the last non-blank byte read on the current line (1 if none).
    pub(super) content_end: u64,
    /// The current token (its first [`MAX_TOKEN`] bytes).
    pub(super) tok: Vec<u8>,
    pub(super) tok_line: u64,
    pub(super) tok_col: u64,
    /// The current token goes on past what `tok` holds (the rest is unread).
    pub(super) cut: bool,
    /// Column of a CR just read, not yet known to be followed by LF.
    pub(super) cr: Option<u64>,
    /// The byte order mark has been looked for.
    pub(super) started: bool,
    /// [`unread`](Self::unread) was called: the next [`next`](Self::next) returns the token again.
    pub(super) again: bool,
}

impl<R: BufRead> Tokens<R> {
    pub(super) fn new(input: R, file: &str) -> Self {
        Tokens {
            input,
            file: file.to_string(),
            line: 1,
            col: 0,
            content_end: 1,
            tok: Vec::with_capacity(MAX_TOKEN),
            tok_line: 0,
            tok_col: 0,
            cut: false,
            cr: None,
            started: false,
            again: false,
        }
    }

    /// The next chunk of input (empty at its end).
    pub(super) fn fill(&mut self) -> Result<&[u8], InputError> {
        fill(&mut self.input, &self.file, self.line, self.col)
    }

    pub(super) fn consume(&mut self, n: usize) {
        self.input.consume(n);
        self.col += n as u64;
    }

    /// Skips a byte order mark at the start of input (refuses a UTF-16 one).
    pub(super) fn start(&mut self) -> Result<(), InputError> {
        if !self.started {
            self.started = true;
            crate::encoding::skip_byte_order_mark(&mut self.input, &self.file)?;
        }
        Ok(())
    }

    /// The error for a CR that does not end a line.
    pub(super) fn lone_cr(&self, col: u64) -> InputError {
        InputError::at(
            &self.file,
            self.line,
            col,
            "byte 0x0d",
            "a line end (LF) after a CR",
        )
        .with_hint("a CR without LF after it: convert the old Mac line ends to LF")
    }

    /// Reads the next token or line end; skips blanks.
    pub(super) fn next(&mut self) -> Result<Item, InputError> {
        if std::mem::take(&mut self.again) {
            return Ok(Item::Token);
        }
        if self.cut {
            self.skip_token()?;
        }
        self.start()?;
        self.tok.clear();
        loop {
            let chunk = fill(&mut self.input, &self.file, self.line, self.col)?;
            if chunk.is_empty() {
                self.cr = None;
                if !self.tok.is_empty() {
                    return Ok(self.token_read());
                }
                return Ok(Item::End {
                    line: self.line,
                    col: self.content_end,
                });
            }
            let len = chunk.len();
            let mut i = 0;
            while i < len {
                let b = chunk[i];
                if let Some(col) = self.cr
                    && b != b'\n'
                {
                    self.consume(i);
                    return Err(self.lone_cr(col));
                }
                match b {
                    b'\n' | b' ' | b'\t' | b'\r' if !self.tok.is_empty() => {
                        self.consume(i);
                        return Ok(self.token_read());
                    }
                    b'\n' => {
                        self.input.consume(i + 1);
                        let item = Item::LineEnd {
                            line: self.line,
                            col: self.content_end,
                        };
                        self.line += 1;
                        self.col = 0;
                        self.content_end = 1;
                        self.cr = None;
                        return Ok(item);
                    }
                    b'\r' => self.cr = Some(self.col + i as u64 + 1),
                    b' ' | b'\t' => {}
                    _ => {
                        // The token's bytes in this chunk, all at once.
                        let rest = &chunk[i..];
                        let n = rest.iter().position(|&c| is_blank(c)).unwrap_or(rest.len());
                        if self.tok.is_empty() {
                            self.tok_line = self.line;
                            self.tok_col = self.col + i as u64 + 1;
                        }
                        let room = MAX_TOKEN - self.tok.len();
                        if n > room {
                            self.tok.extend_from_slice(&rest[..room]);
                            self.consume(i + room);
                            self.cut = true;
                            return Ok(Item::Token);
                        }
                        self.tok.extend_from_slice(&rest[..n]);
                        i += n;
                        continue;
                    }
                }
                i += 1;
            }
            self.consume(len);
        }
    }

    /// Ends the token just read (all of it in `tok`).
    pub(super) fn token_read(&mut self) -> Item {
        self.content_end = self.tok_col + self.tok.len() as u64;
        Item::Token
    }

    /// Reads past the rest of a cut token.
    pub(super) fn skip_token(&mut self) -> Result<(), InputError> {
        self.cut = false;
        loop {
            let chunk = self.fill()?;
            if chunk.is_empty() {
                break;
            }
            let end = chunk.iter().position(|&b| is_blank(b));
            let n = end.unwrap_or(chunk.len());
            self.consume(n);
            if end.is_some() {
                break;
            }
        }
        self.content_end = self.col + 1;
        Ok(())
    }

    /// Reads past the rest of the current line, its line end included (a comment).
    pub(super) fn skip_line(&mut self) -> Result<(), InputError> {
        self.cut = false;
        self.again = false;
        self.cr = None;
        loop {
            let chunk = self.fill()?;
            if chunk.is_empty() {
                self.content_end = self.col + 1;
                return Ok(());
            }
            if let Some(i) = memchr::memchr(b'\n', chunk) {
                self.input.consume(i + 1);
                self.line += 1;
                self.col = 0;
                self.content_end = 1;
                return Ok(());
            }
            let n = chunk.len();
            self.consume(n);
        }
    }

    /// Pushes the current token back: the next [`next`](Self::next) returns it again.
    pub(super) fn unread(&mut self) {
        self.again = true;
    }

    /// Skips blank lines: the next token, or the end of input.
    pub(super) fn next_nonblank(&mut self) -> Result<Next, InputError> {
        loop {
            match self.next()? {
                Item::LineEnd { .. } => {}
                Item::Token => return Ok(Next::Token),
                Item::End { line, col } => return Ok(Next::End { line, col }),
            }
        }
    }

    pub(super) fn error(
        &self,
        line: u64,
        col: u64,
        found: impl Into<String>,
        expected: impl Into<String>,
    ) -> InputError {
        InputError::at(&self.file, line, col, found, expected)
    }

    /// The error of finding the current token where `expected` should be: at the token, or at
    /// its first control or non-ASCII byte (named by itself).
    pub(super) fn bad_token(&self, expected: impl Into<String>) -> InputError {
        let (col, found) = match self.tok.iter().position(|c| !c.is_ascii_graphic()) {
            Some(k) => (self.tok_col + k as u64, describe_at(&self.tok, k)),
            None => {
                let shown = String::from_utf8_lossy(&self.tok);
                if self.cut || shown.chars().count() > 24 {
                    let head: String = shown.chars().take(24).collect();
                    (self.tok_col, format!("'{head}…'"))
                } else {
                    (self.tok_col, format!("'{shown}'"))
                }
            }
        };
        self.error(self.tok_line, col, found, expected)
    }

    /// The current token is `word` (ASCII case ignored).
    pub(super) fn is(&self, word: &str) -> bool {
        !self.cut && self.tok.eq_ignore_ascii_case(word.as_bytes())
    }

    /// The current token as an unsigned number (an optional `+`, then digits); `what` names it
    /// for the error.
    pub(super) fn number(&self, what: &str) -> Result<Number, InputError> {
        let value = if self.cut {
            None
        } else {
            parse_number(&self.tok)
        };
        match value {
            Some(value) => Ok(Number {
                value,
                line: self.tok_line,
                col: self.tok_col,
            }),
            None => {
                let mut e = self.bad_token(format!("{what} (a whole number)"));
                if self.tok.first() == Some(&b'-') {
                    e.hint = Some("this number cannot be negative".into());
                } else if self.tok.iter().all(u8::is_ascii_digit) {
                    e.hint = Some("the number is too large".into());
                }
                Err(e)
            }
        }
    }

    /// Reads the next token on the current line; `expected` names it if the line ends first.
    pub(super) fn token_on_line(&mut self, expected: &str) -> Result<(), InputError> {
        self.token_or(|| expected.to_string())
    }

    /// Reads the next token on the current line; `expected()` names it if the line ends first.
    pub(super) fn token_or(&mut self, expected: impl FnOnce() -> String) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => Ok(()),
            Item::LineEnd { line, col } => Err(self.error(line, col, "end of line", expected())),
            Item::End { line, col } => {
                Err(InputError::end_of_input(&self.file, line, col, expected()))
            }
        }
    }

    /// Reads the next number on the current line.
    pub(super) fn number_on_line(&mut self, what: &str) -> Result<Number, InputError> {
        self.token_or(|| format!("{what} (a whole number)"))?;
        self.number(what)
    }

    /// Reads the end of the current line (or of input); `hint` explains a token found instead.
    pub(super) fn line_end(&mut self, hint: &str) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => Err(self.bad_token("end of line").with_hint(hint)),
            _ => Ok(()),
        }
    }

    /// Reads the end of an edge line read without weights; `hint` explains a token found
    /// instead, and says that weights are not read ([`WEIGHTS_NOT_READ`]) when it is a number.
    pub(super) fn edge_line_end(&mut self, hint: &str) -> Result<(), InputError> {
        match self.next()? {
            Item::Token => {
                let weight = !self.cut && weights::parse(&self.tok, false).is_ok();
                let hint = if weight {
                    format!("{hint} {WEIGHTS_NOT_READ}")
                } else {
                    hint.to_string()
                };
                Err(self.bad_token("end of line").with_hint(hint))
            }
            _ => Ok(()),
        }
    }

    /// Refuses `n` over `limit` (`what`: "vertices", "edges", …); `set` names the limit.
    pub(super) fn check_limit(
        &self,
        n: Number,
        limit: u64,
        what: &str,
        set: &str,
    ) -> Result<(), InputError> {
        if n.value <= limit {
            return Ok(());
        }
        Err(self
            .error(
                n.line,
                n.col,
                format!("{} {what}", n.value),
                format!("at most {limit} {what}"),
            )
            .with_hint(format!("the {set} limit is {limit}")))
    }
}

/// The next chunk of `input` (empty at its end), retrying interrupted reads; an I/O error is
/// reported at `line`, just past the `col` bytes of it already read.
pub(super) fn fill<'a, R: BufRead>(
    input: &'a mut R,
    file: &str,
    line: u64,
    col: u64,
) -> Result<&'a [u8], InputError> {
    loop {
        match input.fill_buf() {
            Ok([]) => return Ok(&[]),
            Ok(_) => break,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => {
                return Err(
                    InputError::at(file, line, col + 1, "unreadable input", "text")
                        .with_hint(e.to_string()),
                );
            }
        }
    }
    // Data is buffered: this returns it without reading again.
    input.fill_buf().map_err(|e| {
        InputError::at(file, line, col + 1, "unreadable input", "text").with_hint(e.to_string())
    })
}

/// A byte that ends a token: a blank, CR or LF.
pub(super) fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r' | b'\n')
}

/// `n` as a `usize` (limits keep it small enough on any 64-bit target).
pub(super) fn to_usize(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// Capacity to reserve for `announced` items.
pub(super) fn reserve(announced: u64) -> usize {
    to_usize(announced.min(MAX_RESERVE))
}

/// Parses an unsigned decimal with an optional leading `+`; `None` on anything else or overflow.
pub(crate) fn parse_number(token: &[u8]) -> Option<u64> {
    let digits = token.strip_prefix(b"+").unwrap_or(token);
    if digits.is_empty() {
        return None;
    }
    digits.iter().try_fold(0u64, |acc, &d| {
        if d.is_ascii_digit() {
            acc.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        } else {
            None
        }
    })
}

pub(super) use crate::error::count;
