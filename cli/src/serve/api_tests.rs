use super::*;

fn board(json: &str) -> BoardRows {
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{json}: {e}"))
}

#[test]
fn boards_are_measured_while_read() {
    // Within the limit: every row kept, as sent.
    let b = board(r#"["..X", "X..", ""]"#);
    assert_eq!(b.rows, ["..X", "X..", ""]);
    assert_eq!((b.sent_rows, b.sent_cols), (3, 3));
    // Exactly at the limit: kept.
    let rows = vec![".".repeat(500); 500];
    let b = board(&serde_json::to_string(&rows).unwrap_or_default());
    assert_eq!(b.rows.len(), 500);
    assert!(grid_of(Puzzle::Rooks, &b).is_ok());
    // Many one-cell rows: none kept past the limit, all counted.
    let rows = vec!["."; 4 * PLAYGROUND_MAX_CELLS];
    let b = board(&serde_json::to_string(&rows).unwrap_or_default());
    assert_eq!((b.rows.len(), b.rows.capacity()), (0, 0));
    assert_eq!((b.sent_rows, b.sent_cols), (4 * PLAYGROUND_MAX_CELLS, 1));
    let e = grid_of(Puzzle::Rooks, &b).err();
    assert_eq!(e.map(|e| e.status), Some(StatusCode::PAYLOAD_TOO_LARGE));
    // Empty rows count too: the rows are bounded.
    let rows = vec![""; PLAYGROUND_MAX_CELLS + 1];
    let b = board(&serde_json::to_string(&rows).unwrap_or_default());
    assert_eq!(b.rows.len(), 0);
    // A long row late: what was kept is dropped.
    let mut rows = vec!["..".to_string(); 1000];
    rows.push(".".repeat(PLAYGROUND_MAX_CELLS));
    let b = board(&serde_json::to_string(&rows).unwrap_or_default());
    assert_eq!(
        (b.rows.len(), b.sent_rows, b.sent_cols),
        (0, 1001, PLAYGROUND_MAX_CELLS)
    );
    let e = grid_of(Puzzle::Rooks, &b).err().map(|e| e.message);
    assert!(e.is_some_and(|m| m.contains("1001 rows × 250000 columns")));
    // Escaped rows are measured as decoded.
    let b = board(r#"["\u002e\u002e"]"#);
    assert_eq!(b.rows, [".."]);
    assert!(serde_json::from_str::<BoardRows>(r#"[".", 1]"#).is_err());
    assert!(serde_json::from_str::<BoardRows>(r#"".""#).is_err());
}

#[test]
fn square_lists_are_capped() {
    let ok = vec![[0, 0]; PLAYGROUND_MAX_CELLS];
    let json = serde_json::to_string(&ok).unwrap_or_default();
    assert_eq!(
        serde_json::from_str::<Capped<[usize; 2]>>(&json)
            .ok()
            .map(|c| c.0.len()),
        Some(PLAYGROUND_MAX_CELLS)
    );
    let over = vec![[0, 0]; PLAYGROUND_MAX_CELLS + 1];
    let json = serde_json::to_string(&over).unwrap_or_default();
    let e = serde_json::from_str::<Capped<[usize; 2]>>(&json)
        .err()
        .map(|e| e.to_string());
    assert!(e.is_some_and(|m| m.contains("at most 250000")));
}
