//! Opening the inputs: a FILE argument or standard input (announced on a terminal, its end
//! latched), the puzzles' board reader within the cell limit, and the graph commands' graph
//! within the edge limit and the memory.

use std::borrow::Cow;
use std::fs::File;
use std::io::{self, BufRead, BufReader, IsTerminal};
use std::path::PathBuf;

use crate::error::{Error, name_graph_flags, name_the_flag, usage};
use crate::flags::{GraphArgs, GraphFormat};
use crate::limits;
use gridmatch::formats::judge::BoardReader;
use gridmatch::puzzles::{Puzzle, Request};
use gridmatch::read::{GraphInput, Weights, read_graph, read_weighted_graph};

/// An input's name as messages show it: `standard input` for stdin.
pub fn shown_name(name: &str) -> &str {
    if name == "<stdin>" {
        "standard input"
    } else {
        name
    }
}

/// Whether an input path means stdin (absent or `-`).
pub fn is_stdin(path: Option<&PathBuf>) -> bool {
    path.is_none_or(|p| p.as_os_str() == "-")
}

/// Opens an input (stdin if absent or `-`); the readers skip a byte-order mark at its start
/// ([`gridmatch::encoding`]). Standard input on a terminal is announced on stderr (`what` is
/// read), so a command without FILE does not wait silently.
pub fn open(path: Option<&PathBuf>, what: &str) -> Result<(Box<dyn BufRead>, String), Error> {
    let file = path.filter(|_| !is_stdin(path));
    let (input, name): (Box<dyn BufRead>, String) = match file {
        None => {
            if io::stdin().is_terminal() {
                announce_terminal(what);
            }
            (
                Box::new(EofLatch::new(io::stdin().lock())),
                "<stdin>".into(),
            )
        }
        Some(p) => match File::open(p) {
            Ok(f) if f.metadata().is_ok_and(|m| m.is_dir()) => {
                return Err(usage(format!(
                    "cannot read {}: it is a directory, expected a file",
                    p.display()
                )));
            }
            Ok(f) => (
                Box::new(BufReader::with_capacity(1 << 16, f)),
                p.display().to_string(),
            ),
            Err(e) => return Err(usage(format!("cannot open {}: {e}", p.display()))),
        },
    };
    Ok((input, name))
}

/// A reader whose end of input stays ended. A terminal's Ctrl-D ends one read, not the
/// terminal: without this, the readers' byte-order-mark check would take a Ctrl-D typed first, and the
/// command would wait for a second one.
struct EofLatch<R> {
    inner: R,
    ended: bool,
}

impl<R> EofLatch<R> {
    fn new(inner: R) -> Self {
        EofLatch {
            inner,
            ended: false,
        }
    }
}

impl<R: BufRead> io::Read for EofLatch<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ended {
            return Ok(0);
        }
        let n = self.inner.read(buf)?;
        if n == 0 && !buf.is_empty() {
            self.ended = true;
        }
        Ok(n)
    }
}

impl<R: BufRead> BufRead for EofLatch<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.ended {
            return Ok(&[]);
        }
        let buf = self.inner.fill_buf()?;
        if buf.is_empty() {
            self.ended = true;
        }
        Ok(buf)
    }

    fn consume(&mut self, amount: usize) {
        self.inner.consume(amount);
    }
}

/// Tells the person at the terminal that the command reads `what` from it, and how to end it.
fn announce_terminal(what: &str) {
    let end = if cfg!(windows) {
        "Ctrl-Z then Enter"
    } else {
        "Ctrl-D"
    };
    eprintln!(
        "gridmatch: reading {what} from standard input (the terminal); {end} ends the input \
         (or give a FILE)"
    );
}

pub fn board_reader(
    file: Option<&PathBuf>,
    what: &str,
    max_cells: Option<u64>,
    puzzle: Puzzle,
    request: &Request,
) -> Result<BoardReader<Box<dyn BufRead>>, Error> {
    let (r, name) = open(file, what)?;
    let mut reader = BoardReader::new(r, name);
    let (limit, hint) = limits::cell_limit(max_cells, puzzle, request);
    if let Some(limit) = limit {
        reader = reader.with_max_cells(limit);
    }
    if let Some(hint) = hint {
        reader = reader.with_limit_hint(hint);
    }
    Ok(reader)
}

impl GraphArgs {
    /// The graph; `weights`: the command has `--weights` (named in hints).
    pub fn read(&self, weights: bool) -> Result<(GraphInput, String), Error> {
        let (r, name) = open(self.file.as_ref(), "a graph")?;
        let limits = limits::graph_limits(self.max_edges);
        let input = read_graph(r, &name, self.format.map(GraphFormat::format), limits)
            .map_err(|e| name_the_flag(e, "--max-edges", self.max_edges.is_none()))
            .map_err(|e| name_graph_flags(e, weights))?;
        Ok((input, name))
    }

    /// The graph with one weight per edge.
    pub fn read_weighted(&self) -> Result<(GraphInput, Weights, String), Error> {
        let (r, name) = open(self.file.as_ref(), "a weighted graph")?;
        let limits = limits::graph_limits(self.max_edges);
        let read = read_weighted_graph(r, &name, self.format.map(GraphFormat::format), limits)
            .map_err(|e| name_the_flag(e, "--max-edges", self.max_edges.is_none()))
            .map_err(|e| name_graph_flags(e, true))?;
        Ok((read.graph, read.weights, name))
    }

    /// `input` without its isolated vertices, which no engine needs to see (see
    /// [`compact`](gridmatch::graph::certified::compact)), once what `work` needs on it is
    /// known to fit in memory.
    pub fn small<'a>(
        &self,
        input: &'a GraphInput,
        name: &str,
        work: limits::GraphWork,
    ) -> Result<Cow<'a, GraphInput>, Error> {
        let small = input.without_isolated().map_err(|_| {
            usage(format!(
                "{name}: out of memory while leaving out its isolated vertices ({}); give a \
                 smaller input",
                gridmatch::formats::count(input.edges.len() as u64, "edge", "edges")
            ))
        })?;
        self.check_memory(&small, name, work)?;
        Ok(small)
    }

    /// [`check_memory`](Self::check_memory) for work on every declared vertex (`--dm`),
    /// within 3/4 of memory unless `--max-edges` was given ([`limits::check_declared`]).
    pub fn check_declared(
        &self,
        input: &GraphInput,
        name: &str,
        work: limits::GraphWork,
    ) -> Result<(), Error> {
        let (n, m, declared) = sizes(input);
        limits::check_declared(work.bytes(n, m), &declared, name, self.max_edges.is_some())?;
        self.check_memory(input, name, work)
    }

    pub fn check_memory(
        &self,
        input: &GraphInput,
        name: &str,
        work: limits::GraphWork,
    ) -> Result<(), Error> {
        let (n, m, declared) = sizes(input);
        limits::check_memory(
            work.bytes(n, m),
            &declared,
            name,
            "--max-edges",
            self.max_edges.is_some(),
        )?;
        Ok(())
    }
}

/// The vertices and edges of `input`, and the two in words ("5 vertices and 1 edge").
fn sizes(input: &GraphInput) -> (u64, u64, String) {
    let n = gridmatch::graph::certified::Vertices::of(input).n as u64;
    let m = input.edges.len() as u64;
    let words = format!(
        "{} and {}",
        gridmatch::formats::count(n, "vertex", "vertices"),
        gridmatch::formats::count(m, "edge", "edges")
    );
    (n, m, words)
}
