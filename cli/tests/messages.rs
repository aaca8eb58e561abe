//! End-to-end tests of what gridmatch says about inputs it cannot take, or takes differently
//! than one might expect (issue 24): messages in words (no Rust syntax), hints for a file given
//! to the wrong command or written in the wrong encoding, sparse edge-list ids, one rule for
//! byte-order marks.

mod common;
use common::{Run, run, run_bytes, temp_file};

/// Runs `gridmatch ARGS FILE` on a temporary file holding `contents`.
fn on_file(args: &[&str], name: &str, contents: &[u8]) -> Run {
    let f = temp_file(name, contents);
    let path = f.to_str().unwrap().to_string();
    let mut full: Vec<&str> = args.to_vec();
    full.push(&path);
    run_bytes(&full, b"")
}

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
        assert!(err.contains(":1:1: found "), "{args:?}: {err}");
    }
}
