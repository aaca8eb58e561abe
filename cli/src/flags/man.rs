//! The man pages: one per command (`gridmatch.1`, `gridmatch-rooks.1`, …,
//! `gridmatch-king-play.1`), each clap_mangen's NAME, SYNOPSIS, DESCRIPTION, OPTIONS and
//! SUBCOMMANDS followed by an EXIT STATUS and an EXAMPLES section from the tables here.
//!
//! `gridmatch --generate man` prints the main page; `gridmatch --generate man DIR` writes every
//! page into DIR. A unit test checks that every command has its exit codes and examples.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::Command;
use clap_mangen::Man;
use clap_mangen::roff::{Roff, bold, roman};

/// One exit code (or a few, as `130, 143`) and what it means.
type Status = (&'static str, &'static str);
/// A command line and what it does.
type Example = (&'static str, &'static str);

const OK: Status = ("0", "Success: every input was read and answered.");
const BAD_INPUT: Status = (
    "2",
    "Bad input or usage: the error on standard error names FILE:LINE:COL, what was found \
     there and what was expected (answers for the boards before it are already printed); or a \
     file that cannot be read, or arguments that do not go together.",
);
const INTERRUPTED: Status = (
    "130, 143",
    "Interrupted by Ctrl-C (SIGINT) or killed by SIGTERM: the process ends by the signal, \
     which shells report as 128 + its number.",
);
/// A closed pipe on standard output (`| head`) is no error.
const PIPE: &str = "A reader of standard output that stops early (| head) ends the run quietly, \
                    with exit status 0.";

/// The exit codes and examples of the command whose full name (`gridmatch king play`) is
/// `name`; `None` for a command without a page of its own here.
fn extras(name: &str) -> Option<(Vec<Status>, Vec<Example>)> {
    let (status, examples): (Vec<Status>, Vec<Example>) = match name {
        "gridmatch" => (
            vec![
                OK,
                (
                    "1",
                    "A check failed: verify found a failing certificate, or stress found a \
                     board the program under test gets wrong.",
                ),
                BAD_INPUT,
                (
                    "10, 20",
                    "twosat: the formula is satisfiable (10) or unsatisfiable (20), as SAT \
                     solvers answer.",
                ),
                INTERRUPTED,
            ],
            vec![
                (
                    "gridmatch demo",
                    "Solves the built-in sample boards of every puzzle and draws the answers.",
                ),
                (
                    "gridmatch rooks boards.txt",
                    "The most non-attacking rooks on every board of boards.txt.",
                ),
                (
                    "gridmatch --generate man > gridmatch.1",
                    "Writes this page; gridmatch --generate man DIR writes it and the page of \
                     every subcommand (gridmatch-rooks.1, ..., gridmatch-king-play.1) into DIR.",
                ),
            ],
        ),
        "gridmatch rooks" => (
            vec![OK, BAD_INPUT, INTERRUPTED],
            vec![
                (
                    "gridmatch rooks boards.txt",
                    "One line per board: the most rooks, exactly as the judge prints it.",
                ),
                (
                    "gridmatch gen rooks --rows 6 --count 3 | gridmatch rooks --show",
                    "Three random boards, each answer followed by the board with R on the rooks.",
                ),
                (
                    "gridmatch rooks --rect --json boards.txt | gridmatch verify",
                    "Boards given as R C then R rows; certificates checked independently.",
                ),
            ],
        ),
        "gridmatch lpuzzle" => (
            vec![OK, BAD_INPUT, INTERRUPTED],
            vec![
                ("gridmatch lpuzzle patterns.txt", "YES or NO per pattern."),
                (
                    "gridmatch lpuzzle --show --unique patterns.txt",
                    "Each tiling drawn (a letter per piece), a second one if there is one, or \
                     the reason for NO.",
                ),
            ],
        ),
        "gridmatch king" => (
            vec![OK, BAD_INPUT, INTERRUPTED],
            vec![
                ("gridmatch king boards.txt", "Case #x: A or B per board."),
                (
                    "gridmatch king --all --moves knight boards.txt",
                    "With knight moves; after each answer the winner from every free square.",
                ),
            ],
        ),
        "gridmatch king play" => (
            vec![
                (
                    "0",
                    "The game ended, or was left with q, quit, exit or the end of input.",
                ),
                (
                    "2",
                    "The board cannot be read (or --case names a board the file does not \
                     have, or the board is over 10000 cells).",
                ),
                INTERRUPTED,
            ],
            vec![
                (
                    "gridmatch king play boards.txt --side bob",
                    "Plays the first board of boards.txt as Bob; type a move's number or ROW \
                     COL, help or q.",
                ),
                (
                    "gridmatch king play - < game.txt",
                    "The board, then the moves (one a line), from standard input.",
                ),
            ],
        ),
        "gridmatch match" => (
            vec![OK, BAD_INPUT, INTERRUPTED],
            vec![
                (
                    "gridmatch match graph.col",
                    "The size of a maximum matching of a DIMACS graph.",
                ),
                (
                    "gridmatch match --json graph.col > cert.json && gridmatch verify --graph \
                     graph.col cert.json",
                    "The matching with its proof, checked against the graph file.",
                ),
                (
                    "gridmatch match --classify matrix.mtx",
                    "The size, then each edge once as U V every|some|none.",
                ),
                (
                    "gridmatch match --dm --json matrix.mtx > dm.json && gridmatch verify \
                     --graph matrix.mtx dm.json",
                    "The Dulmage-Mendelsohn decomposition as MATLAB's dmperm (p, q, r, s, cc, \
                     rr; 0-based), checked against the matrix.",
                ),
            ],
        ),
        "gridmatch geography" => (
            vec![OK, BAD_INPUT, INTERRUPTED],
            vec![
                (
                    "gridmatch geography --start 3 --show graph.col",
                    "A or B from vertex 3, then the winner's strategy.",
                ),
                (
                    "gridmatch geography --all edges.txt",
                    "V A|B for every vertex of an edge list.",
                ),
            ],
        ),
        "gridmatch twosat" => (
            vec![
                ("10", "Satisfiable: s SATISFIABLE and a model on a v line."),
                ("20", "Unsatisfiable: s UNSATISFIABLE."),
                BAD_INPUT,
                INTERRUPTED,
            ],
            vec![
                (
                    "gridmatch twosat formula.cnf",
                    "s SATISFIABLE and a model, or s UNSATISFIABLE.",
                ),
                (
                    "gridmatch twosat --proof formula.cnf",
                    "On UNSAT, the implication chain x => ... => -x => ... => x, each step with \
                     its clause's line.",
                ),
            ],
        ),
        "gridmatch verify" => (
            vec![
                ("0", "Every certificate passed."),
                (
                    "1",
                    "At least one certificate failed (each failure is printed).",
                ),
                BAD_INPUT,
                INTERRUPTED,
            ],
            vec![
                (
                    "gridmatch king --json boards.txt | gridmatch verify",
                    "Checks the certificates of every board.",
                ),
                (
                    "gridmatch verify --graph graph.col cert.json",
                    "Checks match --json certificates against the graph file.",
                ),
            ],
        ),
        "gridmatch demo" => (
            vec![OK, ("2", "Writing the output failed.")],
            vec![("gridmatch demo", "The samples of every puzzle, drawn.")],
        ),
        "gridmatch serve" => (
            vec![
                (
                    "0",
                    "Stopped by Ctrl-C (SIGINT) or SIGTERM: answers under way get 2 seconds, \
                     then the server exits.",
                ),
                (
                    "2",
                    "The port cannot be opened (in use: try another --port).",
                ),
            ],
            vec![(
                "gridmatch serve --port 8081 --quiet",
                "The playground on http://127.0.0.1:8081/, without the access log.",
            )],
        ),
        "gridmatch gen" => (
            vec![
                OK,
                (
                    "2",
                    "Sizes or a density out of range, or flags that do not go together.",
                ),
            ],
            vec![
                (
                    "gridmatch gen king --rows 15 --count 100 --seed 7 > boards.txt",
                    "100 random 15 x 15 King boards, the same for the same seed.",
                ),
                (
                    "gridmatch gen lpuzzle --unique --rows 6",
                    "A pattern with exactly one tiling.",
                ),
            ],
        ),
        "gridmatch stress" => (
            vec![
                ("0", "Every case passed."),
                (
                    "1",
                    "A failure was found (a wrong answer, a crash or a timeout): it is shrunk, \
                     printed and saved to --save.",
                ),
                (
                    "2",
                    "Usage: CMD cannot be run, or flags that do not go together.",
                ),
                INTERRUPTED,
            ],
            vec![(
                "gridmatch stress rooks --cases 200 -- python3 my_rooks.py",
                "Runs python3 my_rooks.py on 200 generated boards against gridmatch.",
            )],
        ),
        _ => return None,
    };
    Some((status, examples))
}

/// The command tree the pages are made of: no `help` subcommand (it has no page), built so
/// every subcommand knows its full name.
fn tree(cmd: Command) -> Command {
    let mut cmd = cmd.disable_help_subcommand(true);
    cmd.build();
    cmd
}

/// Every command of the built tree, the root first, depth first.
fn all_commands(cmd: &Command) -> Vec<Command> {
    let mut found = vec![cmd.clone()];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        found.extend(all_commands(sub));
    }
    found
}

/// The full name of a command of the built tree: `gridmatch king play`.
fn full_name(cmd: &Command) -> String {
    cmd.get_bin_name().unwrap_or(cmd.get_name()).to_string()
}

/// Renders one command's page.
fn render(cmd: &Command, out: &mut dyn Write) -> io::Result<()> {
    let name = full_name(cmd);
    let man = Man::new(cmd.clone()).source(concat!("gridmatch ", env!("CARGO_PKG_VERSION")));
    man.render_title(out)?;
    man.render_name_section(out)?;
    man.render_synopsis_section(out)?;
    man.render_description_section(out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(out)?;
    }
    if cmd.has_subcommands() {
        man.render_subcommands_section(out)?;
    }
    let (status, examples) = extras(&name).unwrap_or_default();
    let mut roff = Roff::default();
    roff.control("SH", ["EXIT STATUS"]);
    for (code, meaning) in status {
        roff.control("TP", []);
        roff.text([bold(code)]);
        roff.text([roman(meaning)]);
    }
    roff.control("PP", []);
    roff.text([roman(PIPE)]);
    roff.control("SH", ["EXAMPLES"]);
    for (line, what) in examples {
        roff.control("TP", []);
        roff.text([bold(line)]);
        roff.text([roman(what)]);
    }
    if name == "gridmatch" {
        roff.control("SH", ["SEE ALSO"]);
        roff.text([roman(
            "The page of each subcommand, listed above: gridmatch --generate man DIR writes \
             them all into DIR (then man -l DIR/gridmatch-rooks.1, or copy them into a man1 \
             folder).",
        )]);
    } else {
        roff.control("SH", ["SEE ALSO"]);
        roff.text([roman("gridmatch(1)")]);
    }
    roff.to_writer(out)?;
    if cmd.get_version().is_some() {
        man.render_version_section(out)?;
    }
    Ok(())
}

/// `gridmatch --generate man`: the main page.
pub fn write_main_page(cmd: Command, out: &mut dyn Write) -> io::Result<()> {
    render(&tree(cmd), out)
}

/// `gridmatch --generate man DIR`: every page into DIR (created if missing); returns the
/// files written, the main page first.
pub fn write_all_pages(cmd: Command, dir: &Path) -> io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let mut written = Vec::new();
    for cmd in all_commands(&tree(cmd)) {
        let file = dir.join(format!("{}.1", full_name(&cmd).replace(' ', "-")));
        let mut page = io::BufWriter::new(std::fs::File::create(&file)?);
        render(&cmd, &mut page)?;
        page.flush()?;
        written.push(file);
    }
    Ok(written)
}

/// The names of the subcommands (for a DIR that is one: `--generate man rooks`).
pub fn subcommand_names(cmd: &Command) -> Vec<String> {
    all_commands(&tree(cmd.clone()))
        .iter()
        .skip(1)
        .map(|c| c.get_name().to_string())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::CommandFactory;

    #[test]
    fn every_command_has_exit_codes_and_examples() {
        for cmd in all_commands(&tree(crate::flags::Cli::command())) {
            let name = full_name(&cmd);
            let (status, examples) =
                extras(&name).unwrap_or_else(|| panic!("no EXIT STATUS/EXAMPLES for {name}"));
            assert!(!status.is_empty() && !examples.is_empty(), "{name}");
            for (line, _) in examples {
                assert!(line.contains(&name), "{name}: {line}");
            }
        }
    }
}
