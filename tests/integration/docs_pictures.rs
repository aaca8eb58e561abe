//! The pictures in `docs/` are what the code draws now: each is redrawn by the `pictures`
//! example's own code (`examples/pictures/boards.rs`: the board through `Puzzle::answer`, drawn
//! by `formats::output::picture`) and compared byte for byte with the committed file.
//!
//! When a drawing changes on purpose, regenerate them with
//! `cargo run --release --example pictures` and commit `docs/*.svg`.

#[path = "../../examples/pictures/boards.rs"]
mod boards;

use std::path::Path;

#[test]
fn committed_pictures_are_what_the_code_draws() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    // Each fresh picture is also written here, for `diff` against the committed one.
    let fresh_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs_pictures");
    std::fs::create_dir_all(&fresh_dir).expect("create the scratch folder");
    let mut stale = Vec::new();
    for (name, svg) in boards::pictures() {
        let committed_path = root.join(boards::DIR).join(name);
        let committed = std::fs::read(&committed_path).unwrap_or_default();
        if committed != svg.as_bytes() {
            let fresh = fresh_dir.join(name);
            std::fs::write(&fresh, &svg).expect("write the fresh picture");
            stale.push(format!(
                "  {} differs from what the code draws: diff {} {}",
                committed_path.display(),
                committed_path.display(),
                fresh.display()
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "stale pictures in {}/:\n{}\nregenerate them with `cargo run --release --example \
         pictures` (from the repository's root) and commit them",
        boards::DIR,
        stale.join("\n")
    );
}

#[test]
fn every_committed_picture_is_drawn() {
    // A picture in docs/ that no board draws would go stale unseen.
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let drawn: Vec<&str> = boards::pictures().into_iter().map(|(n, _)| n).collect();
    let mut committed: Vec<String> = std::fs::read_dir(root.join(boards::DIR))
        .expect("read docs/")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.ends_with(".svg"))
        .collect();
    committed.sort();
    for name in &committed {
        assert!(
            drawn.contains(&name.as_str()),
            "{}/{name} is drawn by no board of examples/pictures/boards.rs",
            boards::DIR
        );
    }
}
