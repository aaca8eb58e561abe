//! End-to-end tests of the designer tools through the binary: `rooks --roles`,
//! `lpuzzle --unique` / `--forced`, their `--json` fields under `verify`, and
//! `gen lpuzzle --unique`.

use crate::common::run;

const PINWHEEL: &str = "1\n4 5\n.WBW.\nWBWBW\nWWBWW\nBWWWB\n";
const ONE_PIECE: &str = "1\n2 2\nBW\nW.\n";
const LSAMPLE: &str = "2\n3 4\nBWW.\nWWBW\n..WB\n3 3\nW..\nBW.\nWBW\n";

#[test]
fn roles_follow_each_answer() {
    let input = "5\nX....\nX....\n..X..\n.X...\n....X\n2\n..\n.X\n";
    let out = run(&["rooks", "--roles"], input).ok();
    assert_eq!(
        out, "7\nX.rrr\nX.rrr\n.RXrr\nRXR..\n.R..X\n2\n.R\nRX\n",
        "the sample's roles, then the L whose ends always hold a rook and corner never"
    );
    // --show draws the placement first; the roles come last.
    let shown = run(&["rooks", "--roles", "--show"], "2\n..\n.X\n").ok();
    assert!(shown.starts_with("2\n"), "{shown}");
    assert!(shown.ends_with(".R\nRX\n"), "{shown}");
    // An open board: every cell holds a rook in some placement but not all.
    assert_eq!(
        run(&["rooks", "--roles"], "2\n..\n..\n").ok(),
        "2\nrr\nrr\n"
    );
}

#[test]
fn roles_in_json_are_checked_by_verify() {
    let json = run(&["rooks", "--roles", "--json"], "2\n..\n.X\n").ok();
    assert!(json.contains(r#""roles":[".R","RX"]"#), "{json}");
    let ok = run(&["verify", "-"], &json);
    assert_eq!(ok.code, Some(0), "{}", ok.stderr);
    // A cell claimed never used while the placement uses it, and a role on a pawn.
    for (from, to) in [(r#"".R","#, r#""..","#), (r#""RX"]"#, r#""RR"]"#)] {
        let bad = json.replace(from, to);
        assert_ne!(bad, json);
        let run = run(&["verify", "-"], &bad);
        assert_eq!(run.code, Some(1), "{bad}\n{}{}", run.stdout, run.stderr);
        assert!(run.stdout.contains("roles:"), "{}", run.stdout);
    }
}

#[test]
fn unique_lines() {
    assert_eq!(
        run(&["lpuzzle", "--unique"], PINWHEEL).ok(),
        "YES not unique\n"
    );
    assert_eq!(
        run(&["lpuzzle", "--unique"], ONE_PIECE).ok(),
        "YES unique\n"
    );
    assert_eq!(
        run(&["lpuzzle", "--unique"], LSAMPLE).ok(),
        "YES unique\nNO\n"
    );
    // Without the flag, the judge's words.
    assert_eq!(run(&["lpuzzle"], PINWHEEL).ok(), "YES\n");
}

#[test]
fn unique_show_draws_two_tilings() {
    let out = run(&["lpuzzle", "--unique", "--show"], PINWHEEL).ok();
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "YES not unique");
    assert_eq!(lines[1], "first tiling:");
    assert_eq!(lines[6], "second tiling:");
    assert_ne!(
        lines[2..6],
        lines[7..11],
        "the two tilings are drawn differently"
    );
    assert_eq!(lines[11], "12 cells in other pieces (*):");
    assert_eq!(lines[12..16], [".***.", "*****", "W***W", "BW*WB"]);
    // A unique pattern is drawn once.
    let one = run(&["lpuzzle", "--unique", "--show"], ONE_PIECE).ok();
    assert_eq!(one, "YES unique\nAa\na.\n\n");
}

#[test]
fn unique_json_is_checked_by_verify() {
    let json = run(&["lpuzzle", "--unique", "--forced", "--json"], PINWHEEL).ok();
    assert!(json.contains(r#""unique":false"#), "{json}");
    assert!(json.contains(r#""second":"#), "{json}");
    assert_eq!(run(&["verify", "-"], &json).code, Some(0));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let tamper = |f: &dyn Fn(&mut serde_json::Value)| {
        let mut v = value.clone();
        f(&mut v);
        let line = format!("{v}\n");
        let r = run(&["verify", "-"], &line);
        assert_eq!(r.code, Some(1), "{line}");
        r.stdout
    };
    // The "second" tiling is the first one.
    let out = tamper(&|v| v["second"] = v["pieces"].clone());
    assert!(out.contains("the second tiling is the first one"), "{out}");
    // Unique, yet a second tiling.
    tamper(&|v| v["unique"] = true.into());
    // Not unique, without a second tiling.
    tamper(&|v| {
        v.as_object_mut().unwrap().remove("second");
    });
    // A second "tiling" that is not one.
    tamper(&|v| v["second"][0][1] = serde_json::json!([0, 0]));
    // A forced piece that is not in the tiling.
    tamper(&|v| v["forced"] = serde_json::json!([[[0, 2], [1, 2], [0, 1]]]));
    // A piece of the first tiling that the second does not use, claimed forced.
    let second = &value["second"];
    let loose = value["pieces"]
        .as_array()
        .unwrap()
        .iter()
        .find(|p| !second.as_array().unwrap().contains(p))
        .unwrap()
        .clone();
    let out = tamper(&|v| v["forced"].as_array_mut().unwrap().push(loose.clone()));
    assert!(
        out.contains("is not in the second tiling, so not in every tiling"),
        "{out}"
    );
    // A forced piece listed twice.
    let out = tamper(&|v| {
        let first = v["forced"][0].clone();
        v["forced"].as_array_mut().unwrap().push(first);
    });
    assert!(out.contains("is listed twice"), "{out}");
}

#[test]
fn unique_json_needs_every_piece_forced() {
    let json = run(&["lpuzzle", "--unique", "--forced", "--json"], ONE_PIECE).ok();
    assert!(json.contains(r#""unique":true"#), "{json}");
    assert_eq!(run(&["verify", "-"], &json).code, Some(0));
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["forced"] = serde_json::json!([]);
    let r = run(&["verify", "-"], &format!("{v}\n"));
    assert_eq!(r.code, Some(1), "{}", r.stdout);
    assert!(
        r.stdout
            .contains("a unique tiling has every piece forced, but 0 of its 1 are listed"),
        "{}",
        r.stdout
    );
}

#[test]
fn forced_pieces_are_drawn() {
    let out = run(&["lpuzzle", "--forced"], PINWHEEL).ok();
    assert_eq!(
        out,
        "YES\n2 of 6 pieces in every tiling (? elsewhere):\n.???.\n?????\na???a\nAa?aA\n"
    );
    let one = run(&["lpuzzle", "--forced"], ONE_PIECE).ok();
    assert_eq!(
        one,
        "YES\n1 of 1 piece in every tiling (? elsewhere):\nAa\na.\n"
    );
    // NO has no pieces to show.
    assert_eq!(
        run(&["lpuzzle", "--forced"], LSAMPLE).ok().lines().last(),
        Some("NO")
    );
}

#[test]
fn fast_uniqueness_agrees_with_the_two_tilings() {
    // The judge line comes from propagation and the open rest; --json from the whole formula.
    for (rows, cols, seed) in [("6", "9", "1"), ("12", "12", "2"), ("20", "31", "3")] {
        let input = run(
            &[
                "gen",
                "lpuzzle",
                "--rows",
                rows,
                "--cols",
                cols,
                "--density",
                "0.95",
                "--count",
                "300",
                "--seed",
                seed,
            ],
            "",
        )
        .ok();
        let lines = run(&["lpuzzle", "--unique"], &input).ok();
        let json = run(&["lpuzzle", "--unique", "--json"], &input).ok();
        let mut several = 0;
        for (line, rec) in lines.lines().zip(json.lines()) {
            let v: serde_json::Value = serde_json::from_str(rec).unwrap();
            let want = match v["unique"].as_bool() {
                Some(true) => "YES unique",
                Some(false) => "YES not unique",
                None => "NO",
            };
            assert_eq!(line, want, "{rec}");
            several += usize::from(want == "YES not unique");
        }
        assert_eq!(lines.lines().count(), 300);
        assert!(several > 0, "no pattern of {rows} × {cols} had two tilings");
        assert_eq!(run(&["verify", "-"], &json).code, Some(0));
        // The same with two workers.
        assert_eq!(run(&["lpuzzle", "--unique", "-j", "2"], &input).ok(), lines);
    }
}

#[test]
fn generated_unique_patterns_are_unique() {
    let generate = |style: &[&str]| {
        let size = [
            "--rows",
            "40",
            "--cols",
            "50",
            "--count",
            "30",
            "--density",
            "0.9",
        ];
        let args: Vec<&str> = ["gen", "lpuzzle"]
            .iter()
            .chain(style)
            .chain(&size)
            .copied()
            .collect();
        run(&args, "").ok()
    };
    let input = generate(&["--unique"]);
    let out = run(&["lpuzzle", "--unique"], &input).ok();
    assert_eq!(out, "YES unique\n".repeat(30));
    // The same seed gives the same patterns, and --unique is --style unique.
    assert_eq!(generate(&["--style", "unique"]), input);
    let rooks = run(&["gen", "rooks", "--unique"], "");
    assert_eq!(rooks.code, Some(2));
    assert!(
        rooks.stderr.contains("--unique is for lpuzzle"),
        "{}",
        rooks.stderr
    );
}

#[test]
fn svg_pictures_show_roles_and_both_tilings() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("designer-svg-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let d = dir.to_str().unwrap();
    run(&["rooks", "--roles", "--svg", d], "2\n..\n.X\n").ok();
    let rooks = std::fs::read_to_string(dir.join("case-0001.svg")).unwrap();
    assert!(
        rooks.contains("Roles across all maximum placements"),
        "{rooks}"
    );
    run(&["lpuzzle", "--unique", "--svg", d], PINWHEEL).ok();
    let two = std::fs::read_to_string(dir.join("case-0001.svg")).unwrap();
    assert!(
        two.contains("not unique") && two.contains(r#"class="differ""#),
        "{two}"
    );
    // Without the flags, the plain pictures.
    run(&["rooks", "--svg", d], "2\n..\n.X\n").ok();
    let plain = std::fs::read_to_string(dir.join("case-0001.svg")).unwrap();
    assert!(!plain.contains("Roles across"), "{plain}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn designer_tools_have_their_own_memory_limit() {
    // A board far above any limit: refused before allocation, with the designer tools' figure.
    for (args, per_cell) in [
        (&["lpuzzle", "--forced"][..], "192 bytes per cell"),
        (&["lpuzzle", "--unique", "--json"][..], "192 bytes per cell"),
        (&["lpuzzle", "--json"][..], "64 bytes per cell"),
        (&["lpuzzle", "--unique"][..], "32 bytes per cell"),
    ] {
        let r = run(args, "1\n1 4000000000\n");
        assert_eq!(r.code, Some(2), "{args:?}");
        if r.stderr.contains("bytes per cell") {
            assert!(r.stderr.contains(per_cell), "{args:?}: {}", r.stderr);
        }
    }
}
