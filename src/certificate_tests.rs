use super::*;
use crate::CertificateFound as F;

const ROOKS: &str = r#"{"puzzle":"rooks","case":1,"board":["X.",".."],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[0,1,1],[1,0,1]],"cols":[]}}"#;
const MATCHING: &str = r#"{"certificate":"matching","format":"dimacs","size":1,"matching":[[1,2]],"proof":{"cover":[1]}}"#;

fn refusal(result: Result<Summary, Error>) -> InputError {
    match result {
        Err(Error::Input(e)) => e,
        other => panic!("expected bad input, got {other:?}"),
    }
}

fn records(text: &str, max_line: usize) -> InputError {
    refusal(verify_records(
        text.as_bytes(),
        "c",
        &mut Vec::new(),
        max_line,
        None,
    ))
}

fn matchings(text: &str) -> InputError {
    let graph = GraphFile::read(b"p edge 2 1\ne 1 2\n", "g", None, Limits::default()).unwrap();
    refusal(verify_matchings(
        text.as_bytes(),
        "c",
        &graph,
        &mut Vec::new(),
        1 << 20,
        None,
    ))
}

/// Every refusal of a certificate file says what it found in words that name no command and
/// no flag, and carries the remedy a front end words in its own.
#[test]
fn refusals_name_no_command_and_carry_their_remedy() {
    let cases = [
        (
            records("{not json\n", 1 << 20),
            Remedy::Certificates(F::Invalid),
        ),
        (
            records("{\"puzzle\":\"rooks\"}\n", 1 << 20),
            Remedy::Certificates(F::Invalid),
        ),
        (
            records("\u{feff}\n", 1 << 20),
            Remedy::Certificates(F::Empty),
        ),
        (records("", 1 << 20), Remedy::Certificates(F::Empty)),
        (
            records("5\nX....\n", 1 << 20),
            Remedy::Certificates(F::Board),
        ),
        (
            records("p edge 2 1\n", 1 << 20),
            Remedy::Certificates(F::GraphFile),
        ),
        (
            records("hello\n", 1 << 20),
            Remedy::Certificates(F::NotJson),
        ),
        (
            records(MATCHING, 1 << 20),
            Remedy::Certificates(F::Matching),
        ),
        (records(&format!("{ROOKS}\n"), 10), Remedy::LineLimit),
        (matchings(ROOKS), Remedy::Certificates(F::Puzzle)),
    ];
    for (e, remedy) in cases {
        let text = e.to_string();
        assert_eq!(e.remedy, Some(remedy), "{text}");
        assert!(!text.contains("--"), "a flag in: {text}");
        assert!(!text.contains("gridmatch "), "a command in: {text}");
        // name_flag leaves the certificate remedies to the front end.
        if let Remedy::Certificates(_) = remedy {
            assert_eq!(e.clone().name_flag("--x"), e);
        }
    }
}

/// What each refusal found and expected.
#[test]
fn refusals_say_what_was_found_and_expected() {
    let e = records(MATCHING, 1 << 20);
    assert_eq!(
        (e.found.as_str(), e.expected.as_str()),
        ("a matching certificate", "a puzzle certificate line")
    );
    let e = matchings(ROOKS);
    assert_eq!(
        (e.found.as_str(), e.expected.as_str()),
        ("a puzzle certificate", "a matching certificate line")
    );
    let e = records("", 1 << 20);
    assert!(e.at_end);
    assert_eq!(e.expected, CERTIFICATE_LINE);
    let e = records(&format!("{ROOKS}\n"), 10);
    assert_eq!((e.col, e.expected.as_str()), (11, CERTIFICATE_LINE));
    assert_eq!(e.hint.as_deref(), Some(RAISE_LIMIT));
    let e = records("5\nX....\n", 1 << 20);
    assert_eq!((e.found.as_str(), e.expected.as_str()), ("'5'", NOT_JSON));
}
