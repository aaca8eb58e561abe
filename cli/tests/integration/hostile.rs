//! Hostile inputs to the binary: `king play` on a board too large to play.

use std::process::{Command, Stdio};

/// A King file holding one open `rows × cols` board with K in the corner.
fn open_board(rows: usize, cols: usize) -> String {
    let mut text = format!("1\n{rows} {cols}\nK{}\n", ".".repeat(cols - 1));
    for _ in 1..rows {
        text.push_str(&".".repeat(cols));
        text.push('\n');
    }
    text
}

/// The binary exits 2 with the message (the refused board is never drawn).
#[test]
fn play_binary_refuses_a_large_board() {
    let dir = std::env::temp_dir().join(format!("gridmatch-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("big.in");
    std::fs::write(&path, open_board(300, 300)).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_gridmatch"))
        .args(["king", "play", path.to_str().unwrap(), "--side", "alice"])
        .stdin(Stdio::null())
        .output()
        .unwrap();
    std::fs::remove_dir_all(&dir).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.starts_with("error: ") && stderr.contains("found a board of 300 × 300 cells"),
        "{stderr}"
    );
    assert!(out.stdout.is_empty());
}
