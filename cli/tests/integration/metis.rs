//! METIS graph files end to end: random graphs give `match`, `match --weights` and
//! `match --json` + `verify --graph` the same answers as their DIMACS twins, detected or named
//! with `--format metis`; malformed ones exit 2 with their line and column.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::common::{on_file, run, temp_file};

/// A random simple graph on 1..=n (no loops), with integer weights: as METIS (FMT 1), DIMACS
/// with weights and DIMACS without.
fn twins(seed: u64) -> (String, String, String) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = rng.random_range(1..=40u32);
    let mut edges = Vec::new();
    for _ in 0..rng.random_range(0..=60) {
        let (a, b) = (rng.random_range(1..=n), rng.random_range(1..=n));
        if a != b
            && !edges
                .iter()
                .any(|&(x, y, _)| (x, y) == (a.min(b), a.max(b)))
        {
            edges.push((a.min(b), a.max(b), rng.random_range(-9..=20i32)));
        }
    }
    let mut lists = vec![Vec::new(); n as usize + 1];
    let mut dimacs = format!("p edge {n} {}\n", edges.len());
    let mut plain = dimacs.clone();
    for &(a, b, w) in &edges {
        lists[a as usize].push((b, w));
        lists[b as usize].push((a, w));
        dimacs += &format!("e {a} {b} {w}\n");
        plain += &format!("e {a} {b}\n");
    }
    let mut metis = format!("% seed {seed}\n{n} {} 1\n", edges.len());
    for list in &lists[1..] {
        let words: Vec<String> = list.iter().map(|(v, w)| format!("{v} {w}")).collect();
        metis += &words.join(" ");
        metis += "\n";
    }
    (metis, dimacs, plain)
}

#[test]
fn metis_files_answer_as_their_dimacs_twins() {
    for seed in 0..25 {
        let (metis, dimacs, plain) = twins(seed);
        for args in [
            &["match"][..],
            &["match", "--weights"],
            &["match", "--weights", "--perfect"],
        ] {
            let twin = if args.len() == 1 { &plain } else { &dimacs };
            let want = on_file(args, "g.col", twin).ok();
            assert_eq!(
                on_file(args, "g.txt", &metis).ok(),
                want,
                "{args:?}\n{metis}"
            );
            let mut named = args.to_vec();
            named.extend(["--format", "metis", "-"]);
            assert_eq!(run(&named, &metis).ok(), want, "{args:?}\n{metis}");
        }
        // Certificates in the file's numbering verify against the METIS file.
        let graph = temp_file("g.graph", metis.as_bytes());
        let g = graph.to_str().unwrap();
        for args in [&["match", "--json"][..], &["match", "--weights", "--json"]] {
            let mut a = args.to_vec();
            a.push(g);
            let cert = run(&a, "").ok();
            assert!(cert.contains(r#""format":"metis""#), "{cert}");
            let certs = temp_file("cert.json", cert.as_bytes());
            let out = run(&["verify", "--graph", g, certs.to_str().unwrap()], "").ok();
            assert!(out.ends_with(": ok\n"), "{out}");
        }
    }
}

#[test]
fn malformed_metis_files_are_refused_with_their_place() {
    let cases: &[(&str, &str, u64, u64)] = &[
        // 2 lists 3, 3 does not list 2.
        ("a.graph", "3 2\n2\n1 3\n\n", 4, 1),
        // 3 lists 1, 1 does not list 3.
        ("b.graph", "% c\n3 1\n2\n1\n1\n", 5, 1),
        // M too small, too large.
        ("c.graph", "3 1\n2 3\n1\n1\n", 2, 3),
        ("d.graph", "3 3\n2 3\n1\n1\n", 1, 3),
        // A vertex out of range, a bad FMT, a line missing, a line too many.
        ("e.graph", "2 1\n3\n1\n", 2, 1),
        ("f.graph", "2 1 2\n2\n1\n", 1, 5),
        ("g.graph", "3 1\n2\n", 3, 1),
        ("h.graph", "2 1\n2\n1\n7\n", 4, 1),
        // Edge weights that differ at the two ends (read with --weights only).
        ("i.graph", "2 1 1\n2 5\n1 6\n", 3, 3),
    ];
    for &(name, text, line, col) in cases {
        let args: &[&str] = if name == "i.graph" {
            &["match", "--weights"]
        } else {
            &["match"]
        };
        let out = on_file(args, name, text);
        assert_eq!(out.code, Some(2), "{name}: {out:?}");
        let at = format!("{name}:{line}:{col}: found ");
        assert!(
            out.stderr.starts_with("error: ") && out.stderr.contains(&at),
            "{name}: expected {at} in {:?}",
            out.stderr
        );
    }
    // Named as METIS, a DIMACS file is refused at its first token.
    let out = run(&["match", "--format", "metis"], "p edge 2 1\ne 1 2\n");
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(out.stderr.contains(":1:1: found 'p'"), "{}", out.stderr);
    // --weights on a METIS graph without edge weights.
    let out = on_file(&["match", "--weights"], "j.graph", "2 1\n2\n1\n");
    assert_eq!(out.code, Some(2), "{out:?}");
    assert!(out.stderr.contains("edge weights"), "{}", out.stderr);
}
