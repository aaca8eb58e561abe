//! Issue 24, through the binary: a man page per command (with its options, exit codes and
//! examples), the README's input formats (each sample file is the README's snippet and the
//! commands print what the README shows), and a command reading a terminal says so. Each test
//! failed before its fix.

use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use crate::common::{BIN, run, run_within};
use crate::pty::pty;

/// The repository's root (the workspace).
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// A fresh, empty folder under the target's temp dir.
fn scratch_dir(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("gridmatch-cli")
        .join(format!("{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

// ---------------------------------------------------------------------------------------------
// Man pages
// ---------------------------------------------------------------------------------------------

/// The subcommands `gridmatch [PATH…] --help` lists under `Commands:` (without `help`).
fn listed_subcommands(path: &[String]) -> Vec<String> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let help = run(&args, "").ok();
    let mut names = Vec::new();
    let mut in_commands = false;
    for line in help.lines() {
        if line == "Commands:" {
            in_commands = true;
        } else if in_commands {
            match line.strip_prefix("  ") {
                Some(entry) if !entry.starts_with(' ') => {
                    let name = entry.split_whitespace().next().unwrap().to_string();
                    if name != "help" {
                        names.push(name);
                    }
                }
                Some(_) => {}
                None => in_commands = false,
            }
        }
    }
    names
}

/// Every command path, the root (empty) first: `[]`, `[rooks]`, …, `[king, play]`.
fn all_command_paths() -> Vec<Vec<String>> {
    let mut paths = vec![Vec::new()];
    let mut i = 0;
    while i < paths.len() {
        let path = paths[i].clone();
        for sub in listed_subcommands(&path) {
            let mut deeper = path.clone();
            deeper.push(sub);
            paths.push(deeper);
        }
        i += 1;
    }
    paths
}

/// The long options `gridmatch [PATH…] --help` lists (`--help` and `--version` included).
fn listed_options(path: &[String]) -> Vec<String> {
    let mut args: Vec<&str> = path.iter().map(String::as_str).collect();
    args.push("--help");
    let help = run(&args, "").ok();
    help.lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with('-'))
        .filter_map(|l| {
            l.split([',', ' '])
                .find(|w| w.starts_with("--") && w.len() > 2)
                .map(str::to_string)
        })
        .collect()
}

/// A roff page as plain text: escaped dashes and quotes undone.
fn unroff(page: &str) -> String {
    page.replace("\\-", "-")
        .replace("\\*(Aq", "'")
        .replace("\\fB", "")
        .replace("\\fI", "")
        .replace("\\fR", "")
}

/// The text of section `name` (up to the next `.SH`).
fn section<'a>(page: &'a str, name: &str) -> Option<&'a str> {
    let start = page
        .find(&format!(".SH {name}\n"))
        .or_else(|| page.find(&format!(".SH \"{name}\"\n")))?;
    let rest = &page[start..];
    let body = &rest[rest.find('\n').unwrap() + 1..];
    Some(match body.find("\n.SH ") {
        Some(end) => &body[..end],
        None => body,
    })
}

/// The exit codes a page's EXIT STATUS section lists (the line after each `.TP`).
fn exit_codes(status: &str) -> BTreeSet<String> {
    let lines: Vec<&str> = status.lines().collect();
    lines
        .windows(2)
        .filter(|w| w[0] == ".TP")
        .flat_map(|w| w[1].split(", ").map(str::to_string).collect::<Vec<_>>())
        .collect()
}

#[test]
fn every_command_has_a_man_page_with_its_options_exit_codes_and_an_example() {
    let dir = scratch_dir("man");
    let made = run(&["--generate", "man", dir.to_str().unwrap()], "");
    assert_eq!(made.code, Some(0), "--generate man DIR: {}", made.stderr);

    let paths = all_command_paths();
    assert!(
        paths.iter().any(|p| p == &["king", "play"]),
        "nested commands are found: {paths:?}"
    );
    let mut expected_files = BTreeSet::new();
    for path in &paths {
        let full = std::iter::once("gridmatch".to_string())
            .chain(path.iter().cloned())
            .collect::<Vec<_>>();
        let file = format!("{}.1", full.join("-"));
        expected_files.insert(file.clone());
        let page = std::fs::read_to_string(dir.join(&file))
            .unwrap_or_else(|e| panic!("{file}: no page for `{}`: {e}", full.join(" ")));
        let page = unroff(&page);

        let options = section(&page, "OPTIONS").unwrap_or_else(|| panic!("{file}: no OPTIONS"));
        for opt in listed_options(path) {
            assert!(
                options.contains(&opt),
                "{file}: the option {opt} of `{} --help` is not in OPTIONS",
                full.join(" ")
            );
        }

        let status =
            section(&page, "EXIT STATUS").unwrap_or_else(|| panic!("{file}: no EXIT STATUS"));
        let codes = exit_codes(status);
        let want: &[&str] = match path.first().map(String::as_str) {
            None => &["0", "1", "2", "10", "20", "130", "143"],
            Some("verify" | "stress") => &["0", "1", "2", "130", "143"],
            Some("twosat") => &["10", "20", "2", "130", "143"],
            Some("serve" | "demo" | "gen") => &["0", "2"],
            Some(_) => &["0", "2", "130", "143"],
        };
        for code in want {
            assert!(
                codes.contains(*code),
                "{file}: exit code {code} not in {codes:?}"
            );
        }

        let examples = section(&page, "EXAMPLES").unwrap_or_else(|| panic!("{file}: no EXAMPLES"));
        assert!(
            examples.contains(&full.join(" ")),
            "{file}: no example of `{}`:\n{examples}",
            full.join(" ")
        );

        // Every page a page refers to exists.
        for word in page.split_whitespace() {
            if let Some(name) = word.strip_suffix("(1)")
                && name.starts_with("gridmatch")
            {
                assert!(
                    dir.join(format!("{name}.1")).exists(),
                    "{file} refers to {word}, which was not written"
                );
            }
        }
    }
    let written: BTreeSet<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    assert_eq!(written, expected_files, "the pages written");

    // `gridmatch --generate man > gridmatch.1` (the README's Install section) is the main page.
    let main = run(&["--generate", "man"], "").ok();
    assert_eq!(
        main,
        std::fs::read_to_string(dir.join("gridmatch.1")).unwrap()
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn generate_man_with_a_subcommand_name_says_how_to_get_its_page() {
    let scratch = scratch_dir("man-rooks");
    let out = Command::new(BIN)
        .args(["--generate", "man", "rooks"])
        .current_dir(&scratch)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("gridmatch --generate man DIR") && err.contains("gridmatch-rooks.1"),
        "{err}"
    );
    assert!(!scratch.join("rooks").exists(), "a folder `rooks` was made");
    let completions = run(&["--generate", "complete-bash", "x"], "");
    assert_eq!(completions.code, Some(2), "{}", completions.stderr);
    let _ = std::fs::remove_dir_all(&scratch);
}

// ---------------------------------------------------------------------------------------------
// The README's input formats
// ---------------------------------------------------------------------------------------------

/// The README's `## Input formats` section.
fn formats_section() -> String {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let start = readme
        .find("\n## Input formats\n")
        .expect("README.md has an `## Input formats` section");
    let rest = &readme[start + 1..];
    let end = rest[3..].find("\n## ").map_or(rest.len(), |i| i + 4);
    rest[..end].to_string()
}

/// The fenced blocks of `text`: (info string, content).
fn fenced_blocks(text: &str) -> Vec<(String, String)> {
    let mut blocks = Vec::new();
    let mut open: Option<(String, String)> = None;
    for line in text.lines() {
        match (&mut open, line.strip_prefix("```")) {
            (None, Some(info)) => open = Some((info.to_string(), String::new())),
            (Some(_), Some("")) => blocks.push(open.take().unwrap()),
            (Some((_, body)), _) => {
                body.push_str(line);
                body.push('\n');
            }
            (None, None) => {}
        }
    }
    blocks
}

/// The sample files and a command line that reads each (the file last).
const SAMPLES: &[(&str, &[&str])] = &[
    ("rooks.txt", &["rooks"]),
    ("rooks-rect.txt", &["rooks", "--rect"]),
    ("lpuzzle.txt", &["lpuzzle"]),
    ("king.txt", &["king"]),
    ("graph.col", &["match"]),
    ("matrix.mtx", &["match", "--classify"]),
    ("edges.txt", &["match"]),
    ("graph.graph", &["match"]),
    ("assignment.asn", &["match", "--weights"]),
    (
        "costs.txt",
        &[
            "match",
            "--format",
            "dense",
            "--weights",
            "--min",
            "--perfect",
        ],
    ),
    ("floats.txt", &["match", "--weights"]),
    ("formula.cnf", &["twosat"]),
];

#[test]
fn every_sample_input_is_the_readmes_snippet_and_is_answered() {
    let section = formats_section();
    let inputs = root().join("examples/inputs");
    let on_disk: BTreeSet<String> = std::fs::read_dir(&inputs)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    let checked: BTreeSet<String> = SAMPLES.iter().map(|(f, _)| f.to_string()).collect();
    assert_eq!(
        on_disk, checked,
        "every file in examples/inputs/ is checked here"
    );

    for (file, args) in SAMPLES {
        let path = inputs.join(file);
        let content = std::fs::read_to_string(&path).unwrap();
        // The snippet is the first block after the link to the file.
        let link = format!("(examples/inputs/{file})");
        let at = section
            .find(&link)
            .unwrap_or_else(|| panic!("README's Input formats does not link {link}"));
        let (info, snippet) = fenced_blocks(&section[at..])
            .into_iter()
            .next()
            .unwrap_or_else(|| panic!("no snippet after {link}"));
        assert_eq!(info, "text", "{file}'s snippet");
        assert_eq!(
            snippet, content,
            "README's snippet of {file} and the file differ"
        );

        let mut argv: Vec<&str> = args.to_vec();
        argv.push(path.to_str().unwrap());
        let got = run(&argv, "");
        let answered = if *file == "formula.cnf" { 10 } else { 0 };
        assert_eq!(
            got.code,
            Some(answered),
            "gridmatch {argv:?}: {}",
            got.stderr
        );
        assert!(
            got.stderr.is_empty() && !got.stdout.is_empty(),
            "{file}: {got:?}"
        );
    }
}

#[test]
fn the_readmes_example_runs_print_what_it_shows() {
    let section = formats_section();
    let mut commands = 0;
    for (info, body) in fenced_blocks(&section) {
        if info != "console" {
            continue;
        }
        // `$ gridmatch ARGS` lines, each followed by its output.
        let mut runs: Vec<(String, String)> = Vec::new();
        for line in body.lines() {
            match line.strip_prefix("$ ") {
                Some(cmd) => runs.push((cmd.to_string(), String::new())),
                None => {
                    let (_, out) = runs.last_mut().expect("output before a command");
                    out.push_str(line);
                    out.push('\n');
                }
            }
        }
        for (cmd, shown) in runs {
            let words: Vec<&str> = cmd.split_whitespace().collect();
            assert_eq!(words[0], "gridmatch", "{cmd}");
            let got = Command::new(BIN)
                .args(&words[1..])
                .current_dir(root())
                .stdin(Stdio::null())
                .output()
                .unwrap();
            let code = got.status.code();
            assert!(
                matches!(code, Some(0 | 10 | 20)),
                "{cmd}: exit {code:?}, {}",
                String::from_utf8_lossy(&got.stderr)
            );
            assert_eq!(
                String::from_utf8(got.stdout).unwrap(),
                shown,
                "README shows another output for `{cmd}`"
            );
            commands += 1;
        }
    }
    assert!(
        commands >= 8,
        "only {commands} example runs in Input formats"
    );
    // Among them, `match --classify`, whose output starts with the matching's size.
    assert!(section.contains("$ gridmatch match --classify examples/inputs/matrix.mtx\n3\n"));
}

// ---------------------------------------------------------------------------------------------
// A terminal on stdin
// ---------------------------------------------------------------------------------------------

/// The first line `gridmatch ARGS` writes on stderr with stdin on a terminal and nothing
/// typed, within a few seconds; then Ctrl-D ends the input.
fn first_stderr_line_on_a_terminal(args: &[&str]) -> Option<String> {
    let term = pty();
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(term.open_slave())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let stderr = child.stderr.take().unwrap();
    let (tx, rx) = mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    // The terminal's echo is read and dropped, so the child never blocks on it.
    let mut echo = term.master.try_clone().unwrap();
    std::thread::spawn(move || {
        let mut buf = [0u8; 256];
        while matches!(echo.read(&mut buf), Ok(n) if n > 0) {}
    });
    let line = rx.recv_timeout(Duration::from_secs(10)).ok();
    let mut typing = term.master.try_clone().unwrap();
    typing.write_all(b"\x04").unwrap();
    crate::common::wait_or_kill(&mut child, "after Ctrl-D", Duration::from_secs(30));
    line
}

#[test]
fn a_command_reading_a_terminal_says_so() {
    for (args, what) in [
        (&["rooks"][..], "boards"),
        (&["lpuzzle", "-"][..], "boards"),
        (&["king"][..], "boards"),
        (&["king", "play", "-"][..], "the board"),
        (&["match"][..], "a graph"),
        (&["geography", "--all"][..], "a graph"),
        (&["twosat"][..], "formula"),
        (&["verify"][..], "certificates"),
    ] {
        let line = first_stderr_line_on_a_terminal(args)
            .unwrap_or_else(|| panic!("gridmatch {args:?} waits silently on a terminal"));
        assert!(
            line.contains("standard input") && line.contains("Ctrl-D") && line.contains(what),
            "gridmatch {args:?}: {line}"
        );
    }
    // Not when stdin is a pipe or a file: the output of a script stays clean.
    let piped = run_within(&["rooks"], b"1\n.\n", Duration::from_secs(30));
    assert_eq!((piped.code, piped.stdout.as_str()), (Some(0), "1\n"));
    assert_eq!(piped.stderr, "");
}
