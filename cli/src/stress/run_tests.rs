use super::*;

fn sh(script: &str, input: &[u8], timeout: f64) -> Output {
    let cmd = ["sh".to_string(), "-c".to_string(), script.to_string()];
    run(&cmd, input, Duration::from_secs_f64(timeout), &|| false).expect("sh runs")
}

#[test]
fn captures_and_times_out() {
    let o = sh("cat; echo err >&2; exit 3", b"hello\n", 5.0);
    assert_eq!(o.stdout, b"hello\n");
    assert_eq!(o.stderr, b"err\n");
    assert_eq!(
        match o.ending {
            Ending::Exited(s) => s.code(),
            _ => None,
        },
        Some(3)
    );
    let start = Instant::now();
    // The grandchild `sleep` keeps the pipes open: the group kill closes them.
    let o = sh("echo partial; sleep 100", b"", 0.3);
    assert_eq!(o.ending, Ending::TimedOut);
    assert_eq!(o.stdout, b"partial\n");
    assert!(start.elapsed() < Duration::from_secs(5));
    // A background child after a normal exit does not hold the run either.
    let start = Instant::now();
    let o = sh("sleep 100 & echo done", b"", 10.0);
    assert!(matches!(o.ending, Ending::Exited(_)));
    assert_eq!(o.stdout, b"done\n");
    assert!(start.elapsed() < Duration::from_secs(5));
}

#[test]
fn floods_are_cut() {
    let o = sh("yes", b"", 10.0);
    assert_eq!(o.ending, Ending::TooMuchOutput { stderr: false });
    assert_eq!(o.stdout.len(), OUTPUT_CAP);
}

#[test]
fn unread_input_does_not_block() {
    let big = vec![b'.'; 4 << 20];
    let o = sh("exit 0", &big, 5.0);
    assert!(matches!(o.ending, Ending::Exited(s) if s.success()));
}

#[test]
fn programs_are_found() {
    assert!(check_program("sh").is_ok());
    assert!(check_program("no-such-program-gridmatch").is_err());
    assert!(check_program("./no/such/file").is_err());
}
