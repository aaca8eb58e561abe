//! `gridmatch match --dm`: the Dulmage–Mendelsohn decomposition of a bipartite graph file,
//! printed plainly or as the JSON certificate `gridmatch verify --graph` checks.

use std::io::Write;

use crate::error::Error;
use gridmatch::InputError;
use gridmatch::formats::count;
use gridmatch::formats::json::DmRecord;
use gridmatch::graph::certified::Vertices;
use gridmatch::graph::certified::dm::dulmage_mendelsohn;
use gridmatch::read::GraphInput;

/// `gridmatch match --dm`: the coarse sizes, the number of square blocks, then each fine block
/// with its rows and columns in `A(p, q)` order and the file's numbering; or, with `json`, one
/// [`DmRecord`].
pub fn dm_cmd(
    input: &GraphInput,
    name: &str,
    json: bool,
    out: &mut dyn Write,
) -> Result<(), Error> {
    let cert = dulmage_mendelsohn(input).map_err(|e| {
        InputError::at(name, 1, 1, "a graph with an odd cycle", "a bipartite graph").with_hint(
            format!(
                "{e}; --dm splits rows from columns, which needs two sides (a Matrix Market \
                 matrix, or a graph with no odd cycle)"
            ),
        )
    })?;
    if json {
        let record = DmRecord::new(input, &cert);
        serde_json::to_writer(&mut *out, &record).map_err(std::io::Error::from)?;
        writeln!(out)?;
        return Ok(());
    }
    let d = &cert.dm;
    let v = Vertices::of(input);
    let (under, over) = (d.under(), d.over());
    writeln!(
        out,
        "structural rank {} ({}, {})",
        d.structural_rank(),
        count(d.n_rows(), "row", "rows"),
        count(d.n_cols(), "column", "columns")
    )?;
    writeln!(
        out,
        "coarse: under-determined {} x {}, square {} x {}, over-determined {} x {}",
        under.0,
        under.1,
        d.square(),
        d.square(),
        over.0,
        over.1
    )?;
    writeln!(out, "square blocks: {}", d.square_blocks())?;
    let squares = d.square_block_indices();
    let mut line = String::new();
    for b in 0..d.num_blocks() {
        let kind = if b < squares.start {
            "under-determined"
        } else if b >= squares.end {
            "over-determined"
        } else {
            "square"
        };
        let (rows, cols) = (&d.p[d.r[b]..d.r[b + 1]], &d.q[d.s[b]..d.s[b + 1]]);
        line.clear();
        line.push_str(&format!(
            "block {} ({kind} {} x {}): rows",
            b + 1,
            rows.len(),
            cols.len()
        ));
        for &i in rows {
            line.push_str(&format!(" {}", v.number(cert.rows[i as usize])));
        }
        line.push_str("; columns");
        for &j in cols {
            line.push_str(&format!(" {}", v.number(cert.cols[j as usize])));
        }
        writeln!(out, "{line}")?;
    }
    Ok(())
}
