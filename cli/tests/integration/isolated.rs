//! Bytes in, bytes of cost (issue 33): files of a few bytes that declare millions of vertices
//! answer as a two-vertex graph would, in the file's own numbering, with certificates that
//! verify against the file; and memory that runs out ends as exit 2 with one line, never an
//! abort.

use crate::common::{Run, temp_file};

/// Runs `gridmatch ARGS` under `ulimit -v KB` with `stdin` fed from another thread; `None`
/// when this system's shell cannot set the limit (the test is then skipped).
#[cfg(unix)]
fn limited(kb: u64, args: &str, stdin: &[u8]) -> Option<Run> {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let probe = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {kb}"))
        .status();
    if !probe.is_ok_and(|s| s.success()) {
        eprintln!("skipped: `ulimit -v` is not available here");
        return None;
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v {kb}; exec '{}' {args}",
            crate::common::BIN
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh runs");
    let mut pipe = child.stdin.take().expect("piped");
    let input = stdin.to_vec();
    // The run may stop reading early (it ran out of memory): a failed write is fine.
    let feeder = std::thread::spawn(move || {
        let _ = pipe.write_all(&input);
    });
    let mut stdout = String::new();
    child
        .stdout
        .take()
        .expect("piped")
        .read_to_string(&mut stdout)
        .expect("stdout");
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("piped")
        .read_to_string(&mut stderr)
        .expect("stderr");
    let status = child.wait().expect("the run ends");
    feeder.join().expect("the feeder ends");
    Some(Run {
        code: status.code(),
        stdout,
        stderr,
    })
}

/// 256 MB of address space: the goal for every tiny file (what the engines see is two
/// vertices; the rest is the binary and its buffers).
const SMALL_KB: u64 = 262_144;

/// `gridmatch ARGS FILE` within [`SMALL_KB`] (without a limit where none can be set).
fn small(args: &str, name: &str, contents: &str) -> String {
    let f = temp_file(name, contents.as_bytes());
    let path = f.to_str().expect("UTF-8 path");
    #[cfg(unix)]
    if let Some(run) = limited(SMALL_KB, &format!("{args} '{path}'"), b"") {
        return run.ok();
    }
    let mut full: Vec<&str> = args.split(' ').collect();
    full.push(path);
    crate::common::run(&full, "").ok()
}

/// `gridmatch ARGS --json FILE` then `verify --graph FILE` of what it wrote, each within
/// [`SMALL_KB`].
fn verified(args: &str, name: &str, contents: &str) -> String {
    let line = small(&format!("{args} --json"), name, contents);
    let cert = temp_file(&format!("{name}.jsonl"), line.as_bytes());
    let verdict = small(
        &format!("verify {} --graph", cert.to_str().expect("UTF-8 path")),
        name,
        contents,
    );
    assert!(verdict.ends_with(": ok\n"), "{args}: {line}\n{verdict}");
    line
}

const WEIGHTED_50M: &str = "p edge 50000000 1\ne 1 2 5\n";
/// A billion declared vertices: the default limits take it, and the weighted check of a
/// certificate costs what the edges and the certificate name (it took 12.4 GB and 110 s for
/// 2.9·10⁸ vertices).
const WEIGHTED_1G: &str = "p edge 1000000000 1\ne 1 2 5\n";
const PLAIN_50M: &str = "p edge 50000000 1\ne 1 2\n";

#[test]
fn a_weighted_edge_among_fifty_million_vertices() {
    assert_eq!(
        small(
            "match --weights",
            "w10m.txt",
            "p edge 10000000 1\ne 1 2 5\n"
        ),
        "5 1\n"
    );
    for (args, answer) in [
        ("match --weights", "5 1\n"),
        ("match --weights --pairs", "5 1\n1 2 5\n"),
        ("match --weights --max-cardinality", "5 1\n"),
        ("match --weights --min", "0 0\n"),
        ("match --weights --min --max-cardinality", "5 1\n"),
        // 49 999 998 vertices have no edge: no matching covers them.
        ("match --weights --perfect", "no perfect matching\n"),
        ("match --weights --min --perfect", "no perfect matching\n"),
    ] {
        assert_eq!(small(args, "w50m.txt", WEIGHTED_50M), answer, "{args}");
    }
    for args in [
        "match --weights",
        "match --weights --max-cardinality",
        "match --weights --min --max-cardinality",
        "match --weights --perfect",
    ] {
        let line = verified(args, "w1g.txt", WEIGHTED_1G);
        assert!(line.contains("\"size\":1"), "{args}: {line}");
    }
}

#[test]
fn a_plain_edge_among_fifty_million_vertices() {
    assert_eq!(small("match", "p50m.txt", PLAIN_50M), "1\n");
    assert_eq!(small("match --pairs", "p50m.txt", PLAIN_50M), "1\n1 2\n");
    assert_eq!(
        small("match --classify", "p50m.txt", PLAIN_50M),
        "1\n1 2 every\n"
    );
    let line = verified("match", "p1g.txt", "p edge 1000000000 1\ne 1 2\n");
    assert!(line.contains("\"matching\":[[1,2]]"), "{line}");
    // Vertex 50000000 has no edge: Alice cannot move from it.
    assert_eq!(
        small("geography --start 50000000 --show", "p50m.txt", PLAIN_50M),
        "B\nBob wins from 50000000: Alice has no move\n"
    );
    assert_eq!(
        small("geography --start 2 --show", "p50m.txt", PLAIN_50M),
        "A\nAlice wins from 2: move to 1 first, then answer each move of Bob along this \
         maximum matching (it covers every vertex Bob can reach):\n  1 2\n"
    );
    // A vertex the file does not have is still refused.
    let f = temp_file("p50m.txt", PLAIN_50M.as_bytes());
    let out = crate::common::run(
        &[
            "geography",
            "--start",
            "50000001",
            f.to_str().expect("UTF-8"),
        ],
        "",
    );
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.stderr.contains("which has vertices 1 to 50000000"),
        "{out:?}"
    );
}

#[test]
fn a_matrix_of_twenty_million_columns_and_one_value() {
    let mtx = "%%MatrixMarket matrix coordinate real general\n1 20000000 1\n1 20000000 3.5\n";
    assert_eq!(
        small("match --weights --pairs", "wide.mtx", mtx),
        "3.5 1\n1 20000000 3.5\n"
    );
    let mtx = "%%MatrixMarket matrix coordinate real general\n1 1000000000 1\n1 1000000000 3.5\n";
    verified("match --weights --max-cardinality", "wide.mtx", mtx);
    verified("match", "wide.mtx", mtx);
}

/// Rows and columns without an entry in the middle: classes and pairs keep the file's numbers.
#[test]
fn isolated_rows_and_columns_keep_their_numbers() {
    let mtx = "%%MatrixMarket matrix coordinate pattern general\n4 6 3\n2 5\n3 4\n2 4\n";
    assert_eq!(
        small("match --classify", "m.mtx", mtx),
        "2\n2 5 every\n3 4 every\n2 4 none\n"
    );
    assert_eq!(small("match --pairs", "m.mtx", mtx), "2\n2 5\n3 4\n");
    let line = verified("match", "m.mtx", mtx);
    assert!(line.contains("\"matching\":[[2,5],[3,4]]"), "{line}");
    let graph = "p edge 6 2\ne 1 2\ne 5 6\n";
    assert_eq!(
        small("geography --all", "g.txt", graph),
        "1 A\n2 A\n3 B\n4 B\n5 A\n6 A\n"
    );
}

/// Asserts one line on stderr, exit 2, naming `flag`.
#[cfg(unix)]
fn out_of_memory(run: &Run, flag: &str) {
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(
        run.stderr.starts_with("error: ") && run.stderr.lines().count() == 1,
        "{run:?}"
    );
    assert!(
        run.stderr.contains(flag) && run.stderr.contains("memory"),
        "{run:?}"
    );
}

/// Before: `memory allocation of 800000000 bytes failed` and exit 134 under `ulimit -v
/// 4000000`; the tiny file now fits, and what does not fit is exit 2 with one line.
#[cfg(unix)]
#[test]
fn memory_that_runs_out_is_exit_2_with_one_line() {
    let Some(run) = limited(4_000_000, "match --weights", WEIGHTED_50M.as_bytes()) else {
        return;
    };
    assert_eq!(
        (run.code, run.stdout.as_str()),
        (Some(0), "5 1\n"),
        "{run:?}"
    );
    // --dm lists every vertex, so it keeps them all: refused by the pre-check.
    let Some(run) = limited(1_000_000, "match --dm", PLAIN_50M.as_bytes()) else {
        return;
    };
    out_of_memory(&run, "--max-edges");
    assert!(
        run.stderr.contains("50000000 vertices and 1 edge"),
        "{run:?}"
    );
    // A graph too large to read in 40 MB (4·10⁶ edges): the allocator's last line of
    // defence, with the amount asked for.
    let mut big = Vec::with_capacity(4_000_000 * 16);
    for i in 0..4_000_000u32 {
        big.extend_from_slice(format!("{i} {}\n", i + 1).as_bytes());
    }
    let Some(run) = limited(40_000, "match --format edges", &big) else {
        return;
    };
    out_of_memory(&run, "--max-edges");
    assert!(
        run.stderr.contains("an allocation of ") && run.stderr.contains(" bytes failed"),
        "{run:?}"
    );
}

/// The default limits count what costs memory: vertices are limited by their numbering, not
/// by what the machine could hold were each one built (a billion declared vertices with one
/// edge answer in [`SMALL_KB`]); what does keep every declared vertex says so in the file's
/// numbers — `--dm` (which lists them all), an assignment file's nodes (kept as edges are),
/// and a matrix whose rows and columns together cannot be numbered.
#[test]
fn declared_vertices_cost_only_where_they_are_kept() {
    assert_eq!(
        small("match", "p1g.txt", "p edge 1000000000 1\ne 1 2\n"),
        "1\n"
    );
    assert_eq!(
        small(
            "geography --start 1000000000",
            "p1g.txt",
            "p edge 1000000000 1\ne 1 2\n"
        ),
        "B\n"
    );
    let f = temp_file("p4g.txt", b"p edge 4000000000 1\ne 1 2\n");
    let path = f.to_str().expect("UTF-8");
    let dm = crate::common::run(&["match", "--dm", path], "");
    assert_eq!(dm.code, Some(2), "{dm:?}");
    assert!(
        dm.stderr
            .contains("declares 4000000000 vertices and 1 edge")
            && dm.stderr.contains("listing every declared vertex")
            && dm.stderr.contains("--max-edges"),
        "{dm:?}"
    );
    // Beyond 32-bit numbers: the real limit, not a flag that cannot raise it.
    let f = temp_file("p5g.txt", b"p edge 5000000000 1\ne 1 2\n");
    let out = crate::common::run(&["match", f.to_str().expect("UTF-8")], "");
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.stderr.contains("expected at most 4294967294 vertices")
            && out
                .stderr
                .contains("the most vertices gridmatch can number")
            && !out.stderr.contains("raise it"),
        "{out:?}"
    );
    // An assignment file keeps every node's number: its nodes count as edges do.
    let f = temp_file("n.asn", b"p asn 4000000000 1\nn 1\na 1 2 3\n");
    let out = crate::common::run(&["match", "--weights", f.to_str().expect("UTF-8")], "");
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.stderr
            .contains("found 4000000000 nodes, expected at most")
            && out.stderr.contains("the edge limit is")
            && out.stderr.contains("raise it with --max-edges N"),
        "{out:?}"
    );
    let f = temp_file(
        "huge.mtx",
        b"%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n1 1\n",
    );
    let out = crate::common::run(&["match", f.to_str().expect("UTF-8")], "");
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(
        out.stderr
            .contains("found 3000000000 columns, expected at most 1294967294 columns")
            && out.stderr.contains("numbered together"),
        "{out:?}"
    );
}
