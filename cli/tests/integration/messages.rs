//! End-to-end tests of what gridmatch says about inputs it cannot take, or takes differently
//! than one might expect (issue 24): messages in words (no Rust syntax), hints for a file given
//! to the wrong command or written in the wrong encoding, sparse edge-list ids, one rule for
//! byte-order marks.

use crate::common::{Run, on_file, run, run_bytes, temp_file};

/// Asserts exit code 2 and returns stderr.
fn refused(run: Run) -> String {
    assert_eq!(run.code, Some(2), "{run:?}");
    assert!(run.stderr.starts_with("error: "), "{run:?}");
    run.stderr
}

/// No message shows Rust's Debug syntax.
fn in_words(message: &str) {
    for rust in ["Segment {", "Some(", "None", "Tag", "`5`", "[`", "..="] {
        assert!(!message.contains(rust), "{rust:?} in {message:?}");
    }
}

#[test]
fn utf16_input_is_named_with_how_to_convert_it_for_every_reader() {
    // "5\n" in UTF-16 LE, as PowerShell 5's `>` writes it; and big-endian.
    for bom in [&b"\xff\xfe"[..], &b"\xfe\xff"[..]] {
        let mut text = bom.to_vec();
        for &b in b"5\n" {
            if bom[0] == 0xff {
                text.extend([b, 0]);
            } else {
                text.extend([0, b]);
            }
        }
        for args in [
            &["rooks"][..],
            &["king"],
            &["lpuzzle"],
            &["match"],
            &["geography", "--all"],
            &["twosat"],
            &["verify"],
        ] {
            let err = refused(on_file(args, "utf16.txt", &text));
            assert!(
                err.contains(":1:1: found a UTF-16 byte order mark")
                    && err.contains("iconv -f UTF-16 -t UTF-8"),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn at_most_one_byte_order_mark_is_skipped_by_every_command() {
    let bom = "\u{feff}";
    // One mark: read as if absent.
    assert_eq!(run(&["match"], &format!("{bom}0 1\n")).ok(), "1\n");
    assert_eq!(run(&["rooks"], &format!("{bom}1\n.\n")).ok(), "1\n");
    let out = run(&["twosat"], &format!("{bom}p cnf 1 1\n1 0\n"));
    assert_eq!(out.code, Some(10), "{out:?}");
    // Two marks: refused alike (before, `match` and `twosat` skipped both, `rooks` refused).
    for (args, input) in [
        (&["match"][..], "0 1\n"),
        (&["twosat"], "p cnf 1 1\n1 0\n"),
        (&["rooks"], "1\n.\n"),
    ] {
        let err = refused(run(args, &format!("{bom}{bom}{input}")));
        assert!(
            err.contains(":1:1: found a byte-order mark (U+FEFF)"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn an_edge_list_has_the_vertices_its_edges_name() {
    use std::time::{Duration, Instant};
    // Before: 296202816 vertices, 43 s and 6.9 GB for `match`, 296 million `geography` lines.
    let sparse = b"0 296202815\n";
    let started = Instant::now();
    let out = crate::common::run_within(&["match"], sparse, Duration::from_secs(20));
    assert_eq!(out.ok(), "1\n");
    // Under 0.1 s on a quiet machine; the bound leaves room for a loaded CI.
    assert!(started.elapsed() < Duration::from_secs(2));
    // Memory follows the file: the whole run fits in 256 MB of address space (the old vertex
    // count needed gigabytes).
    #[cfg(unix)]
    {
        use std::io::Write;
        use std::process::{Command, Stdio};
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "ulimit -v 262144; exec '{}' match",
                crate::common::BIN
            ))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("sh runs");
        child
            .stdin
            .take()
            .expect("piped")
            .write_all(sparse)
            .expect("write the edge list");
        let out = child.wait_with_output().expect("the run ends");
        assert_eq!(
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).as_ref()
            ),
            (Some(0), "1\n"),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    assert_eq!(
        run_bytes(&["geography", "--all"], sparse).ok(),
        "0 A\n296202815 A\n"
    );
    assert_eq!(
        run_bytes(&["geography", "--start", "296202815", "--show"], sparse).ok(),
        "A\nAlice wins from 296202815: move to 0 first, then answer each move of Bob along \
         this maximum matching (it covers every vertex Bob can reach):\n  0 296202815\n"
    );
    // Every output in the file's own ids: pairs, classes, the certificate, and its check.
    let path = b"10 20\n20 30\n30 40\n";
    assert_eq!(
        run_bytes(&["match", "--pairs"], path).ok(),
        "2\n10 20\n30 40\n"
    );
    assert_eq!(
        run_bytes(&["match", "--classify"], path).ok(),
        "2\n10 20 every\n20 30 none\n30 40 every\n"
    );
    let cert = run_bytes(&["match", "--json"], path).ok();
    assert_eq!(
        cert,
        "{\"certificate\":\"matching\",\"format\":\"edges\",\"size\":2,\
         \"matching\":[[10,20],[30,40]],\"proof\":{\"cover\":[10,30]}}\n"
    );
    let graph = temp_file("path.txt", path);
    let g = graph.to_str().unwrap();
    let checked = run(&["verify", "--graph", g], &cert).ok();
    assert!(checked.ends_with("matching of size 2: ok\n"), "{checked}");
    // A barrier on an odd cycle, in the file's ids.
    let triangle = b"5 9\n9 7\n7 5\n7 100\n";
    let cert = run_bytes(&["match", "--json"], triangle).ok();
    assert!(cert.contains("\"matching\":[[5,9],[7,100]]"), "{cert}");
    // An id no edge names is not a vertex.
    let err = refused(run_bytes(&["geography", "--start", "6"], triangle));
    assert!(
        err.contains(
            "--start 6 is not a vertex of <stdin>, which has 4 vertices (the numbers \
                      its edges name, from 5 to 100)"
        ),
        "{err}"
    );
    let tri = temp_file("triangle.txt", triangle);
    let bad = "{\"certificate\":\"matching\",\"format\":\"edges\",\"size\":1,\
               \"matching\":[[5,6]],\"proof\":{\"barrier\":[]}}\n";
    let out = run(&["verify", "--graph", tri.to_str().unwrap()], bad);
    assert_eq!(out.code, Some(1), "{out:?}");
    assert!(
        out.stdout.contains("vertex 6 is not in the graph"),
        "{out:?}"
    );
}

#[test]
fn geography_on_a_graph_without_vertices_says_so() {
    for graph in ["p edge 0 0\n", "# nothing\n"] {
        let err = refused(run(&["geography", "--start", "0"], graph));
        assert!(err.contains("the graph has no vertices"), "{err}");
        in_words(&err);
    }
    let err = refused(run(&["geography", "--start", "9"], "p edge 6 1\ne 1 2\n"));
    assert!(err.contains("which has vertices 1 to 6"), "{err}");
}

/// Runs `gridmatch ARGS` with at most 4 GB of address space, so that a limit raised past the
/// memory is past it on any machine.
fn in_4_gb(args: &str, stdin: &[u8]) -> Run {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "ulimit -v 4000000; exec '{}' {args}",
            crate::common::BIN
        ))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(stdin).unwrap();
    let out = child.wait_with_output().unwrap();
    Run {
        code: out.status.code(),
        stdout: String::from_utf8_lossy(&out.stdout).into(),
        stderr: String::from_utf8_lossy(&out.stderr).into(),
    }
}

#[cfg(unix)]
#[test]
fn a_limit_raised_past_memory_is_exit_2_naming_the_flag() {
    // Before: SIGABRT, "memory allocation of 24000000008 bytes failed".
    // (`match` and `geography --start` leave isolated vertices out, so this graph of one edge
    // fits; `--dm` lists every vertex and does not.)
    let err = refused(in_4_gb(
        "match --dm --max-edges 3000000000",
        b"p edge 3000000000 1\ne 1 2\n",
    ));
    assert!(
        err.contains("3000000000 vertices and 1 edge need about")
            && err.contains("--max-edges was raised past it"),
        "{err}"
    );
    let out = in_4_gb(
        "match --max-edges 3000000000",
        b"p edge 3000000000 1\ne 1 2\n",
    );
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "1\n"), "{out:?}");
    let out = in_4_gb(
        "geography --start 7 --max-edges 3000000000",
        b"p edge 3000000000 0\n",
    );
    assert_eq!((out.code, out.stdout.as_str()), (Some(0), "B\n"), "{out:?}");
    let err = refused(in_4_gb(
        "twosat --max-clauses 3000000000",
        b"p cnf 2000000000 1\n1 0\n",
    ));
    assert!(err.contains("--max-clauses was raised past it"), "{err}");
}

#[test]
fn verify_names_runs_and_cells_in_words() {
    // Row 0's cover run goes across the pawn at (0,0).
    let cert = r#"{"puzzle":"rooks","case":1,"board":["X.",".."],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[0,0,1],[1,0,1]],"cols":[]}}"#;
    let out = run(&["verify"], &format!("{cert}\n"));
    assert_eq!(out.code, Some(1), "{out:?}");
    // Before: "cover row run Segment { line: 0, start: 0, end: 1 } crosses a pawn".
    assert!(
        out.stdout
            .contains("cover row run (row 0, columns 0 to 1) crosses a pawn at (0,0)"),
        "{out:?}"
    );
    in_words(&out.stdout);
}

#[test]
fn a_board_file_given_to_verify_match_or_twosat_is_named() {
    let rooks = b"5\nX....\nX....\n..X..\n.X...\n....X\n";
    // Before: "invalid type: integer `5`, expected struct Tag".
    let err = refused(on_file(&["verify"], "rooks.in", rooks));
    assert!(
        err.contains(":1:1: found '5', expected a certificate line")
            && err.contains("this looks like a board file")
            && err.contains("gridmatch PUZZLE --json FILE"),
        "{err}"
    );
    in_words(&err);
    // Before: "expected a second vertex number" and nothing else.
    for args in [&["match"][..], &["geography", "--all"], &["twosat"]] {
        let err = refused(on_file(args, "rooks.in", rooks));
        assert!(
            err.contains("starts a board file") && err.contains("`gridmatch rooks FILE`"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn a_third_number_on_a_dimacs_p_line_names_the_two_counts() {
    let err = refused(run(&["match"], "p edge 496 11654 65\ne 1 2\n"));
    assert!(
        err.contains(":1:18: found '65', expected end of line")
            && err.contains("'p edge VERTICES EDGES' (here 496 vertices and 11654 edges)"),
        "{err}"
    );
    let err = refused(run(&["twosat"], "p cnf 3 2 1\n1 0\n2 0\n"));
    assert!(
        err.contains("'p cnf VARIABLES CLAUSES' (here 3 variables and 2 clauses)"),
        "{err}"
    );
}

#[test]
fn a_plus_sign_is_taken_on_cnf_literals() {
    // Before: "found '+1', expected a literal" (while `+` was taken on the p line).
    let out = run(&["twosat"], "p cnf +2 2\n+1 -2 0\n+2 0\n");
    assert_eq!(out.code, Some(10), "{out:?}");
    assert_eq!(out.stdout, "s SATISFIABLE\nv 1 2 0\n");
}

#[test]
fn gen_lpuzzle_flags_are_refused_alike_for_other_puzzles() {
    // Before: `--style unique` was taken silently for king, `--unique` refused.
    for flags in [
        &["--style", "unique"][..],
        &["--style", "tiled"],
        &["--unique"],
    ] {
        for puzzle in ["king", "rooks"] {
            let mut args = vec!["gen", puzzle];
            args.extend(flags);
            let err = refused(run(&args, ""));
            assert!(err.contains("is for lpuzzle patterns"), "{args:?}: {err}");
        }
    }
    let help = run(&["gen", "--help"], "").ok();
    in_words(&help);
    assert!(!help.contains("lpuzzle_unique"), "{help}");
}

#[test]
fn an_lpuzzle_reason_names_only_the_whites_there_are() {
    // The black at (3,3) has a white above and none below (the board's edge).
    let board = "1\n4 4\n....\n..W.\n..BW\nW.WB\n";
    let out = run(&["lpuzzle", "--show"], board).ok();
    // Before: "can take neither its up nor its down white".
    assert!(
        out.contains(
            "why: the black at (3,3) cannot take its only vertical white, up at (2,3): taking \
             it forces, step by step, that white to be taken by another black"
        ),
        "{out}"
    );
    let json = run(&["lpuzzle", "--json"], board).ok();
    assert!(
        json.contains("its only vertical white, up at (2,3)"),
        "{json}"
    );
    let checked = run(&["verify"], &json).ok();
    assert!(checked.ends_with("ok\n"), "{checked}");
}

#[test]
fn counts_of_one_are_singular() {
    // A bad row's length, in the hint.
    let e = refused(run(&["rooks"], "3\n...\n.\n...\n"));
    assert!(
        e.contains("hint: row 2 has 1 cell, the header said 3"),
        "{e}"
    );
    // An L-puzzle's NO by counts, in --show's words.
    let shown = run(&["lpuzzle", "--show"], "1\n2 2\nBW\nWW\n").ok();
    assert!(
        shown.contains("why: 3 white cells but 1 black cell: every piece"),
        "{shown}"
    );
    // The pieces in every tiling, of a tiling of one piece.
    let forced = run(&["lpuzzle", "--forced"], "1\n2 2\nBW\nW.\n").ok();
    assert!(forced.contains("1 of 1 piece in every tiling"), "{forced}");
    // A 1 × 1 matrix's decomposition.
    let mtx = "%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n";
    let dm = run(&["match", "--dm"], mtx).ok();
    assert!(
        dm.starts_with("structural rank 1 (1 row, 1 column)\n"),
        "{dm}"
    );
    // A graph of one vertex, numbered 1 to 1 or named by its edges.
    let e = refused(run(&["geography", "--start", "5"], "p edge 1 0\n"));
    assert!(e.ends_with("which has the one vertex 1\n"), "{e}");
    let e = refused(run(&["geography", "--start", "3"], "5 5\n"));
    assert!(
        e.ends_with("which has one vertex, 5 (the number its edges name)\n"),
        "{e}"
    );
    // One certificate, failed.
    let cert = run(&["rooks", "--json"], "2\n..\n..\n").ok();
    let r = run(&["verify"], &cert.replace("\"answer\":2", "\"answer\":1"));
    assert_eq!(r.code, Some(1), "{r:?}");
    assert!(
        r.stdout.contains("answer 1 but 2 rooks placed"),
        "{}",
        r.stdout
    );
    assert_eq!(r.stderr, "gridmatch verify: 1 of 1 certificate failed\n");
    // `king play --case` past a file of one board.
    let e = refused(run(&["king", "play", "--case", "3", "-"], "1\n1 1\nK\n"));
    assert!(e.contains("found 1 board, expected board 3"), "{e}");
}
