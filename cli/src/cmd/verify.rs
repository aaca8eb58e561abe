//! `gridmatch verify`: checks the certificates `--json` printed, the puzzles' alone and the
//! graph commands' against the graph file, which is read again; exit 1 if any fails.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::error::{Error, name_graph_flags, usage};
use crate::flags::{GraphFormat, VerifyArgs};
use crate::input::{is_stdin, open};
use crate::limits;
use gridmatch::certificate;
use gridmatch::read::read_graph;

/// `gridmatch verify`: exit code 1 if a certificate fails.
pub fn run(args: VerifyArgs, out: &mut dyn Write) -> Result<ExitCode, Error> {
    let VerifyArgs {
        file,
        graph,
        format,
        max_line_bytes,
    } = args;
    if is_stdin(file.as_ref()) && graph.as_ref().is_some_and(|g| is_stdin(Some(g))) {
        return Err(usage(
            "verify: the certificates and the --graph file cannot both be stdin; give one of them as a file".into(),
        ));
    }
    let (r, name) = open(file.as_ref(), "certificates (JSON lines)")?;
    let (limit, hint) = limits::line_limit(max_line_bytes);
    // The graph file's bytes, to try the format a failed certificate names.
    let mut graph_bytes = Vec::new();
    let graph = match graph {
        Some(path) => {
            let (mut g, gname) = open(Some(&path), "the graph")?;
            let limits = limits::graph_limits(None);
            // Read twice from memory: as a plain graph and with weights.
            io::Read::read_to_end(&mut g, &mut graph_bytes)?;
            Some(
                certificate::GraphFile::read(
                    &graph_bytes,
                    &gname,
                    format.map(GraphFormat::format),
                    limits,
                )
                .map_err(|e| name_graph_flags(e, false))?,
            )
        }
        None => None,
    };
    let summary = match &graph {
        Some(g) => {
            certificate::verify_matchings(r, &name, g, &mut { out }, limit, hint.as_deref())?
        }
        None => certificate::verify_records(r, &name, &mut { out }, limit, hint.as_deref())?,
    };
    if summary.failed > 0 {
        eprintln!(
            "gridmatch verify: {} of {} failed",
            summary.failed,
            gridmatch::formats::count(summary.checked, "certificate", "certificates")
        );
        if let Some(f) = summary.other_format
            && read_graph(&graph_bytes[..], "", Some(f), limits::graph_limits(None)).is_ok()
        {
            eprintln!(
                "hint: a failed certificate is for a graph in the {0} format: read the \
                 graph as one with --format {0}",
                f.name()
            );
        }
        return Ok(ExitCode::from(1));
    }
    Ok(ExitCode::SUCCESS)
}
