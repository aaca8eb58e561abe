//! Draws the answers for the sample boards of `docs/` as SVG pictures into `docs/` (or the
//! directory given as the first argument):
//!
//! ```sh
//! cargo run --release --example pictures            # docs/rooks.svg, docs/lpuzzle.svg, …
//! cargo run --release --example pictures -- /tmp/x  # somewhere else
//! ```
//!
//! Every picture is what `gridmatch PUZZLE --svg DIR` draws for its board (`boards.rs`);
//! `tests/integration/docs_pictures.rs` fails when a committed `docs/*.svg` differs from it.

mod boards;

use std::path::PathBuf;

fn main() -> std::io::Result<()> {
    let dir = std::env::args_os()
        .nth(1)
        .map_or_else(|| PathBuf::from(boards::DIR), PathBuf::from);
    std::fs::create_dir_all(&dir)?;
    for (name, svg) in boards::pictures() {
        let path = dir.join(name);
        std::fs::write(&path, &svg)?;
        println!("wrote {} ({} bytes)", path.display(), svg.len());
    }
    Ok(())
}
