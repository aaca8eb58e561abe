#!/usr/bin/env bash
# Regenerates docs/ERRORS.md: feeds bad (and a few tolerated) inputs to the release binary and
# records, for each, the command, the input, the exit code and exactly what it printed on stderr.
#
#   bash docs/errors.sh            # builds target/release/gridmatch if needed
#   GRIDMATCH=path/to/gridmatch bash docs/errors.sh
#   GRIDMATCH_ERRORS_MD=path/to/file.md bash docs/errors.sh   # write there, not docs/ERRORS.md
#
# Inputs are written to files in a scratch folder (the file name shows in the messages); a case
# whose exit code differs from the expected one is marked ⚠ in the table. Figures that come from
# the machine's memory (default limits) are written as ‹memory› and ‹limit›, so the document is
# the same on every machine: cli/tests/integration/docs.rs regenerates it with the binary cargo built and
# fails when it differs from the committed docs/ERRORS.md.
set -euo pipefail
# bash 5.2 reads `&` in a ${s//pattern/replacement} as the match; md() needs it literal.
shopt -u patsub_replacement 2>/dev/null || true
root="$(cd "$(dirname "$0")/.." && pwd)"
bin="${GRIDMATCH:-$root/target/release/gridmatch}"
if [[ ! -x "$bin" ]]; then
    (cd "$root" && cargo build --release --quiet -p gridmatch-cli)
fi
out="${GRIDMATCH_ERRORS_MD:-$root/docs/ERRORS.md}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"

rows=()
n=0

# visible: control bytes other than line ends as \xNN, so that they can be seen in the table.
visible() {
    perl -pe 's/([\x00-\x09\x0b-\x1f\x7f])/sprintf("\\x%02x", ord $1)/ge'
}

# machine_free: in a message about a default limit derived from the machine's memory, the
# memory (`23.5 GiB`) becomes ‹memory› and the limit (`at most 197468672`, `limit is 296203008`)
# ‹limit›; other messages pass unchanged (`--max-cells 10` gives `at most 10 cells`).
machine_free() {
    perl -0777 -pe 'if (/this machine\x27s|of the machine\x27s memory/) {
        s/\b(at most|limit is) \d+/$1 ‹limit›/g; s/\d+(?:\.\d+)? GiB/‹memory›/g }'
}

# md TEXT: escape for a Markdown table cell (HTML specials, pipes, line ends).
md() {
    local s="$1"
    s="${s//&/&amp;}"
    s="${s//</&lt;}"
    s="${s//>/&gt;}"
    s="${s//|/\\|}"
    s="${s//$'\n'/<br>}"
    printf '%s' "$s"
}

# try DESCRIPTION EXPECTED_EXIT INPUT_FORMAT COMMAND...
#   INPUT_FORMAT is a printf %b string written to `in` (shown as is in the table); `-` for none.
#   In COMMAND, the word IN stands for the input file's name (NN.in).
try() {
    local desc="$1" want="$2" input="$3"
    shift 3
    n=$((n + 1))
    local name
    name="$(printf '%02d.in' "$n")"
    local args=() shown=()
    for a in "$@"; do
        if [[ "$a" == IN ]]; then
            args+=("$name")
            shown+=("$name")
        else
            args+=("$a")
            shown+=("$a")
        fi
    done
    if [[ "$input" != - ]]; then
        printf '%b' "$input" >"$name"
    fi
    local code=0
    "$bin" "${args[@]}" >stdout 2>stderr || code=$?
    record "$desc" "$want" "$input" "gridmatch ${shown[*]}" "$code"
}

# record DESCRIPTION EXPECTED_EXIT INPUT COMMAND CODE  (reads ./stdout and ./stderr)
record() {
    local desc="$1" want="$2" input="$3" cmd="$4" code="$5"
    local err outl mark=""
    err="$(machine_free <stderr | visible)"
    outl="$(head -c 300 stdout | visible)"
    [[ "$code" == "$want" ]] || mark=" ⚠ expected $want"
    local shown_input
    if [[ "$input" == - ]]; then
        shown_input="(none)"
    elif [[ -z "$input" ]]; then
        shown_input="(empty file)"
    else
        shown_input="\`$(md "$input")\`"
    fi
    [[ -n "$err" ]] || err="(nothing)"
    [[ -n "$outl" ]] || outl="(nothing)"
    rows+=("| $n | $(md "$desc") | \`$(md "$cmd")\` | $shown_input | **$code**$mark | $(md "$err") | $(md "$outl") |")
}

# --- rows -------------------------------------------------------------------------------------
try "short row" 2 '3\n...\n..\n...\n' rooks IN
try "long row" 2 '2\n..\n...\n' rooks IN
try "wrong character" 2 '2\n.Y\n..\n' rooks IN
try "lower-case letter in an L pattern" 2 '1\n1 3\nBwW\n' lpuzzle IN
try "non-ASCII character in a row" 2 '2\n.é\n..\n' rooks IN
try "invalid UTF-8 byte in a row" 2 '2\n.\xff\n..\n' rooks IN
try "tab inside a row" 2 '3\n.\t.\n...\n...\n' rooks IN
try "blank line inside a board" 2 '2\n..\n\n..\n' rooks IN
try "trailing spaces and tabs after rows (tolerated)" 0 '2 \n.. \t\n.X\t\n' rooks IN
# --- header lines -----------------------------------------------------------------------------
try "missing number: R C header with only R" 2 '3\n...\n...\n...\n' rooks --rect IN
try "extra number on an N header" 2 '3 3\n...\n...\n...\n' rooks IN
try "extra number on an R C header" 2 '1\n2 2 2\nBW\nW.\n' lpuzzle IN
try "missing board count (King file starting with R C)" 2 '2 2\nK.\n..\n' king IN
try "negative size" 2 '-3\n' rooks IN
try "negative board count" 2 '-1\n' king IN
try "zero size" 2 '0\n' rooks IN
try "zero columns" 2 '1\n3 0\n' lpuzzle IN
try "zero boards announced, nothing after (accepted)" 0 '0\n' king IN
try "absurd size 10^12" 2 '1000000000000\n' rooks IN
try "absurd R C 10^12 x 10^12" 2 '1000000000000 1000000000000\n' rooks --rect IN
try "size 2^64 (overflows u64)" 2 '18446744073709551616\n' rooks IN
try "board count 2^64 + 1" 2 '18446744073709551617\n1 1\n.\n' lpuzzle IN
try "non-numeric size" 2 'three\n...\n' rooks IN
try "decimal size" 2 '2.5\n..\n..\n' rooks IN
try "size with a leading + (accepted)" 0 '+2\n..\n..\n' rooks IN
try "size glued to a letter" 2 '3x\n...\n' rooks IN
try "size followed by a non-UTF-8 byte" 2 '12\xff\n' rooks IN
try "size followed by a non-ASCII letter" 2 '3é\n...\n' rooks IN
try "board count followed by a control byte" 2 '1\x01\n1 1\n.\n' lpuzzle IN
# --- boards -----------------------------------------------------------------------------------
try "truncated board" 2 '3\n...\n...\n' rooks IN
try "truncated board after a good one (first answer printed)" 2 '1\nX\n3\n...\n' rooks IN
try "fewer boards than announced" 2 '2\n1 3\nBWW\n' lpuzzle IN
try "more boards than announced" 2 '1\n1 1\n.\n1 1\n.\n' lpuzzle IN
try "two K on a King board" 2 '1\n2 3\nK.K\n...\n' king IN
try "no K on a King board" 2 '1\n2 2\n..\n.#\n' king IN
try "CRLF line ends (accepted)" 0 '2\r\n2 2\r\nK.\r\n.#\r\n4 2\r\nK#\r\n.#\r\n.#\r\n.#\r\n' king IN
try "CRLF line ends, rooks (accepted)" 0 '2\r\nX.\r\n..\r\n' rooks IN
try "empty input, rooks (no boards: accepted)" 0 '' rooks IN
try "empty input, lpuzzle" 2 '' lpuzzle IN
try "empty input, king" 2 '' king IN
try "only blank lines, king" 2 '\n\n  \n' king IN
try "binary garbage" 2 '\x00\x01\xfe\xff\x7fELF\x02\x01\x01\x00\n\x89PNG\r\n' rooks IN
try "NUL byte in a header" 2 '2\x00\n..\n..\n' rooks IN
try "--max-cells exceeded" 2 '4\n....\n....\n....\n....\n' rooks --max-cells 10 IN
try "nonexistent file" 2 - rooks no/such/file.in
try "a directory instead of a file" 2 - king .
# --- verify -----------------------------------------------------------------------------------
try "verify: not JSON" 2 '{not json\n' verify IN
try "verify: JSON, but not a certificate (missing fields)" 2 '{"puzzle":"rooks"}\n' verify IN
try "verify: unknown puzzle" 2 '{"puzzle":"chess","case":1}\n' verify IN
try "verify: invalid UTF-8" 2 '\xff\xfe\n' verify IN
try "verify: empty file" 2 '' verify IN
try "verify: tampered rooks certificate (answer 7 → 8, one rook added)" 1 '{"puzzle":"rooks","case":1,"board":["X....","X....","..X..",".X...","....X"],"answer":8,"rooks":[[0,1],[0,2],[1,3],[2,1],[2,4],[3,0],[3,2],[4,1]],"cover":{"rows":[[0,1,4],[1,1,4],[2,0,1],[2,3,4],[3,0,0],[3,2,4],[4,0,3]],"cols":[]}}\n' verify IN
try "verify: tampered King certificate (B → A)" 1 '{"puzzle":"king","case":1,"moves":"king","board":["K.",".#"],"answer":"A","matching":[[0,1,1,0]],"barrier":[]}\n' verify IN
try "verify: tampered L certificate (a piece moved onto a dot)" 1 '{"puzzle":"lpuzzle","case":1,"board":["BW","W."],"answer":"YES","pieces":[[[0,0],[1,0],[1,1]]]}\n' verify IN
try "verify: certificate with a ragged board" 1 '{"puzzle":"rooks","case":1,"board":["..","."],"answer":1,"rooks":[[0,0]],"cover":{"rows":[],"cols":[[0,0,1]]}}\n' verify IN
# --- your own graphs and formulas (match, geography, twosat) --------------------------------
try "DIMACS: p line with a word for N" 2 'p edge x 1\n' match IN
try "DIMACS: e line before the p line" 2 'e 1 2\np edge 2 1\n' match IN
try "DIMACS: vertex out of range" 2 'p edge 2 1\ne 1 3\n' match IN
try "DIMACS: vertex 0 (DIMACS counts from 1)" 2 'p edge 2 1\ne 0 1\n' match IN
try "DIMACS: fewer edges than the p line says" 2 'p edge 3 2\ne 1 2\n' match IN
try "DIMACS: more edges than the p line says" 2 'p edge 3 1\ne 1 2\ne 2 3\n' match IN
try "DIMACS: absurd N" 2 'p edge 1000000000000000 1\ne 1 2\n' match IN
try "DIMACS: a billion declared vertices and one edge (accepted: only vertices with an edge are built)" 0 'p edge 1000000000 1\ne 1 2\n' match IN
try "--dm on 4·10⁹ declared vertices (it lists every vertex)" 2 'p edge 4000000000 1\ne 1 2\n' match --dm IN
try "Matrix Market: rows and columns together beyond 32-bit numbers" 2 '%%MatrixMarket matrix coordinate pattern general\n3000000000 3000000000 1\n1 1\n' match IN
try "DIMACS: a line that is not c, p or e" 2 'p edge 2 1\nx 1 2\n' match IN
try "edge list: not a number" 2 '0 1\n1 x\n' match IN
try "edge list: a weight column" 2 '0 1 0.5\n' match IN
try "edge list: negative vertex" 2 '0 -1\n' match --format edges IN
try "Matrix Market: array format (accepted: every entry an edge)" 0 '%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n4\n' match IN
try "Matrix Market: row out of range" 2 '%%MatrixMarket matrix coordinate pattern general\n2 2 1\n3 1\n' match IN
try "Matrix Market: missing value in a real matrix" 2 '%%MatrixMarket matrix coordinate real general\n2 2 1\n1 1\n' match IN
try "Matrix Market: fewer entries than announced" 2 '%%MatrixMarket matrix coordinate pattern general\n2 2 2\n1 1\n' match IN
try "a CNF file given to match" 2 'p cnf 2 1\n1 2 0\n' match IN
try "an edge list forced as DIMACS" 2 '0 1\n' match --format dimacs IN
try "--classify on a graph with an odd cycle" 2 '0 1\n1 2\n2 0\n' match --classify IN
try "geography: start out of range" 2 'p edge 2 1\ne 1 2\n' geography --start 3 IN
try "geography on a matrix" 2 '%%MatrixMarket matrix coordinate pattern general\n1 1 1\n1 1\n' geography --all IN
try "CNF: a 3-literal clause" 2 'p cnf 3 1\n1 2 3 0\n' twosat IN
try "CNF: a clause without its 0 at the end" 2 'p cnf 2 1\n1 2\n' twosat IN
try "CNF: literal beyond N" 2 'p cnf 2 1\n1 3 0\n' twosat IN
try "CNF: fewer clauses than announced" 2 'p cnf 2 2\n1 2 0\n' twosat IN
try "CNF: absurd N" 2 'p cnf 100000000000 1\n1 0\n' twosat IN
try "CNF: empty clause" 2 'p cnf 2 1\n0\n' twosat IN
try "CNF: a graph given to twosat" 2 'p edge 2 1\ne 1 2\n' twosat IN
try "CNF: satisfiable (accepted, exit 10)" 10 'p cnf 2 2\n1 2 0\n-1 0\n' twosat IN
try "CNF: unsatisfiable with --proof (accepted, exit 20)" 20 'p cnf 1 2\n1 0\n-1 0\n' twosat --proof IN
printf 'p edge 2 1\ne 1 2\n' >g.col
try "verify --graph: a matching certificate with a pair that is not an edge" 1 '{"certificate":"matching","format":"dimacs","size":1,"matching":[[1,1]],"proof":{"cover":[1]}}\n' verify --graph g.col IN
try "verify --graph: a vertex outside the graph" 1 '{"certificate":"matching","format":"dimacs","size":1,"matching":[[1,3]],"proof":{"cover":[1]}}\n' verify --graph g.col IN
try "verify without --graph on a matching certificate" 2 '{"certificate":"matching","format":"dimacs","size":1,"matching":[[1,2]],"proof":{"cover":[1]}}\n' verify IN
try "designer: a roles record that contradicts its placement" 1 '{"puzzle":"rooks","case":1,"board":["..",".X"],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[0,0,1],[1,0,0]],"cols":[]},"roles":["..","RX"]}\n' verify IN
try "designer: a second tiling that is the first" 1 '{"puzzle":"lpuzzle","case":1,"board":["BW","W."],"answer":"YES","pieces":[[[0,0],[1,0],[0,1]]],"unique":false,"second":[[[0,0],[1,0],[0,1]]]}\n' verify IN
try "designer: gen --unique for rooks" 2 - gen rooks --unique
# --- a file for another command ---------------------------------------------------------------
try "a King file given to lpuzzle" 2 '1\n2 3\nK.#\n...\n' lpuzzle IN
try "a King file given to rooks (it starts with a count)" 2 '1\n2 3\nK.#\n...\n' rooks IN
try "a rooks file given to king" 2 '3\n..X\n...\nX..\n' king IN
try "an L-puzzle file given to king" 2 '1\n2 2\nBW\nW.\n' king IN
try "a board with fewer rows than its header says" 2 '2\n2 2\nK.\n1 1\nK\n' king IN
try "a UTF-8 byte-order mark before the first line (skipped)" 0 '\xef\xbb\xbf2\n..\n.X\n' rooks IN
try "king --json --all: a map that contradicts the certificate" 1 '{"puzzle":"king","case":1,"moves":"king","board":["K."],"answer":"A","matching":[[0,0,0,1]],"barrier":[],"barrier_without_start":[],"map":["BB"]}\n' verify IN
try "verify: the certificates and --graph both on stdin" 2 - verify --graph - -
# --- encodings, sparse ids, raised limits (issue 24) ---------------------------------------------
try "a UTF-16 file (PowerShell 5's \`>\`), rooks" 2 '\xff\xfe5\x00\n\x00' rooks IN
try "a UTF-16 file given to match" 2 '\xff\xfe0\x00 \x001\x00\n\x00' match IN
try "a UTF-16 big-endian file given to twosat" 2 '\xfe\xff\x00p\x00 \x00c' twosat IN
try "two UTF-8 byte-order marks (only one is skipped)" 2 '\xef\xbb\xbf\xef\xbb\xbf0 1\n' match IN
try "edge list with sparse ids (accepted: the vertices are the ids that appear)" 0 '0 296202815\n' match IN
try "geography --all on sparse ids (one line per id that appears)" 0 '0 296202815\n' geography --all IN
try "geography: a start no edge names" 2 '5 9\n9 7\n7 100\n' geography --start 6 IN
try "geography on a graph with no vertices" 2 'p edge 0 0\n' geography --start 0 IN
try "DIMACS: a third number on the p line" 2 'p edge 496 11654 65\ne 1 2\n' match IN
try "CNF: a third number on the p line" 2 'p cnf 3 2 1\n1 0\n2 0\n' twosat IN
try "CNF: literals with a + sign (accepted, exit 10)" 10 'p cnf 2 2\n+1 -2 0\n+2 0\n' twosat IN
try "a rooks file given to match" 2 '5\nX....\nX....\n..X..\n.X...\n....X\n' match IN
try "a rooks file given to twosat" 2 '5\nX....\nX....\n..X..\n.X...\n....X\n' twosat IN
try "a rooks file given to verify" 2 '5\nX....\nX....\n..X..\n.X...\n....X\n' verify IN
try "gen king --style unique (--style is for lpuzzle)" 2 - gen king --style unique
try "--generate man with a command name (pages go to a directory)" 2 - --generate man rooks
try "--generate with an unknown kind" 2 - --generate nope
# A limit raised past memory: run with 4 GB of address space, so that it is past it anywhere.
raised_limit() { # DESCRIPTION INPUT COMMAND-ARGS...
    local desc="$1" input="$2"; shift 2
    n=$((n + 1))
    local name
    name="$(printf '%02d.in' "$n")"
    printf '%b' "$input" >"$name"
    local code=0
    (ulimit -v 4000000; exec "$bin" "$@" "$name") >stdout 2>stderr || code=$?
    record "$desc" 2 "$input" "gridmatch $* $name" "$code"
}
raised_limit "--max-edges raised past memory, --dm (which lists every vertex; run in 4 GB of address space)" 'p edge 3000000000 1\ne 1 2\n' match --dm --max-edges 3000000000
try "one edge among 10⁷ declared vertices (accepted: the engines leave isolated vertices out)" 0 'p edge 10000000 1\ne 1 2 5\n' match --weights IN
# Memory that runs out where no pre-check stands (here while reading: 4·10⁶ edges in 40 MB of
# address space): the allocator's one line, exit 2. How far the reading got, and so the amount,
# depends on the machine: it is written ‹bytes›.
seq 0 3999999 | awk '{ print $1, $1 + 1 }' >oom.in
n=$((n + 1))
code=0
(ulimit -v 40000; exec "$bin" match --format edges oom.in) >stdout 2>stderr || code=$?
perl -pi -e 's/an allocation of \d+ bytes/an allocation of ‹bytes› bytes/' stderr
record "out of memory while reading (4·10⁶ edges in 40 MB of address space, oom.in)" 2 - \
    "gridmatch match --format edges oom.in   (ulimit -v 40000)" "$code"
raised_limit "--max-clauses raised past memory (run in 4 GB of address space)" 'p cnf 2000000000 1\n1 0\n' twosat --max-clauses 3000000000
# --- lines without an end -------------------------------------------------------------------
# Inputs too long to show: generated here, described in the table (stdin is empty). Memory stays
# bounded: a line is kept up to 1 MiB past what it should hold.
long_case() { # DESCRIPTION FILE COMMAND-ARGS...
    local desc="$1" file="$2"; shift 2
    n=$((n + 1))
    local code=0
    "$bin" "$@" "$file" </dev/null >stdout 2>stderr || code=$?
    record "$desc" 2 - "gridmatch $* $file" "$code"
}
{ printf '2\n'; head -c 3000000 /dev/zero | tr '\0' '.'; } >longrow.in
long_case "a row of 3·10⁶ characters on a 2 × 2 board (longrow.in)" longrow.in rooks
{ printf '1'; head -c 3000000 /dev/zero | tr '\0' ' '; printf 'x\n'; } >longhead.in
long_case "a header, 3·10⁶ blanks, then 'x' (longhead.in)" longhead.in rooks
{
    printf '1\n101 100\n'
    printf 'K%099d\n' 0 | tr 0 .
    for _ in $(seq 100); do printf '%0100d\n' 0 | tr 0 .; done
} >bigplay.in
long_case "king play: a board above 10⁴ cells (101 × 100, bigplay.in)" bigplay.in king play
# --- broken pipe ------------------------------------------------------------------------------
{
    for _ in $(seq 40000); do echo 1; echo .; done
} >pipe.in
# Rooks prints one line per board, far more than a pipe holds; `head` closes it after one line.
n=$((n + 1))
set +o pipefail
"$bin" rooks pipe.in 2>stderr | head -n 1 >stdout
code="${PIPESTATUS[0]}"
set -o pipefail
record "broken pipe: stdout closed early (quiet exit 0)" 0 - \
    "gridmatch rooks pipe.in | head -n 1   (pipe.in: 40000 one-cell boards)" "$code"
# --- METIS graph files (issue 27) -------------------------------------------------------------
try "METIS: an edge listed at one end only" 2 '% a METIS graph\n3 2\n2\n1 3\n\n' match IN
try "METIS: a neighbour whose line does not list this vertex" 2 '3 1\n2\n1\n1\n' match --format metis IN
try "METIS: more edges listed than the header says" 2 '3 1\n2 3\n1\n1\n' match --format metis IN
try "METIS: fewer edges listed than the header says" 2 '3 3\n2 3\n1\n1\n' match --format metis IN
try "METIS: a vertex line missing" 2 '3 1\n2\n' match --format metis IN
try "METIS: FMT is not binary digits" 2 '2 1 2\n2\n1\n' match --format metis IN
try "METIS: edge weights that differ at the two ends" 2 '2 1 1\n2 5\n1 6\n' match --weights --format metis IN
try "METIS: --weights on a graph without edge weights" 2 '2 1\n2\n1\n' match --weights --format metis IN
# --- command-line polish (issue 33) ----------------------------------------------------------
try "twosat --json (twosat has none: what it writes instead)" 2 'p cnf 1 1\n1 0\n' twosat --json IN
# --- telling METIS from an edge list, array matrices, hints (issue 33) -----------------------
try "METIS without '%' or a .graph name: the header would be a self-loop (accepted: METIS)" 0 '6 6\n2 6\n1 3\n2 4\n3 5\n4 6\n5 1\n' match IN
try "a file that reads both as METIS and as an edge list" 2 '4 3\n2 3\n1 3\n1 2\n\n' match IN
try "DIMACS: a weight column without --weights" 2 'p edge 2 1\ne 1 2 5\n' match IN
try "edge list: a weight column given to geography (no --weights there)" 2 '0 1 5\n' geography --all IN
try "a CSV edge list" 2 '0,1\n1,2\n' match IN
try "a CSV edge list with a header line" 2 'source,target\n0,1\n' match IN
try "Matrix Market array: fewer values than the size line says" 2 '%%MatrixMarket matrix array real general\n2 2\n1\n2\n3\n' match IN
try "Matrix Market array: a pattern array" 2 '%%MatrixMarket matrix array pattern general\n2 2\n' match IN
try "Matrix Market array: two values on a real entry's line" 2 '%%MatrixMarket matrix array real general\n2 1\n1 2\n' match IN
try "--weights --min --perfect on a rectangular matrix (accepted: no perfect matching, and a hint)" 0 '%%MatrixMarket matrix array real general\n2 3\n1\n2\n3\n4\n5\n6\n' match --weights --min --perfect IN
printf '4 3\n2 3\n1 3\n1 2\n\n' >both.txt
try "verify --graph: a METIS certificate against the graph read as an edge list" 1 '{"certificate":"matching","format":"metis","size":1,"matching":[[1,2]],"proof":{"barrier":[]}}\n' verify --graph both.txt --format edges IN
try "verify --graph: a puzzle certificate" 2 '{"puzzle":"rooks","case":1,"board":["X.",".."],"answer":2,"rooks":[[0,1],[1,0]],"cover":{"rows":[[0,1,1],[1,0,1]],"cols":[]}}\n' verify --graph g.col IN
# --- assignment formats (issue 36) --------------------------------------------------------------
try "DIMACS assignment, square (accepted: the minimum cost, perfect)" 0 'p asn 4 3\nn 1\nn 3\na 1 2 5\na 1 4 1\na 3 2 2\n' match --weights --min --perfect IN
try "DIMACS assignment without question flags (accepted: its own question, --min --perfect here)" 0 'p asn 4 4\nn 1\nn 2\na 1 3 5\na 1 4 2\na 2 3 1\na 2 4 7\n' match --weights IN
try "DIMACS assignment: more nodes than the edge limit (each node's number is kept)" 2 'p asn 4000000000 1\nn 1\na 1 2 3\n' match --weights IN
try "DIMACS assignment: an arc from a node no 'n' line names" 2 'p asn 4 1\nn 1\nn 2\na 3 4 5\n' match --weights --min --perfect IN
try "DIMACS assignment: an arc to a source node" 2 'p asn 4 1\nn 1\nn 2\na 1 2 5\n' match --weights --min --perfect IN
try "DIMACS assignment: an 'n' line after the arcs" 2 'p asn 4 1\nn 1\na 1 2 5\nn 3\n' match --weights --min --max-cardinality IN
try "DIMACS assignment: a node named by two 'n' lines" 2 'p asn 4 1\nn 1\nn 1\na 1 2 5\n' match --weights --min --perfect IN
try "DIMACS assignment: fewer arcs than the p line says" 2 'p asn 4 2\nn 1\na 1 2 5\n' match --weights --min --perfect IN
try "dense, 2 x 3 with a size line (accepted: the minimum cost, rows all matched)" 0 '2 3\n4 1 3\n2 0 5\n' match --format dense --weights --min --max-cardinality IN
try "dense: a row too short" 2 '1 2 3\n4 5\n' match --format dense --weights --min --perfect IN
try "dense: fewer entries than the size line says" 2 '2\n1 2\n3\n' match --format dense --weights --min --perfect IN
try "dense: more entries than the size line says" 2 '2 1\n1 2\n3\n' match --format dense --weights --min --max-cardinality IN
try "dense: an entry that is not a number" 2 '2\n1 x\n3 4\n' match --format dense --weights --min --perfect IN

{
    echo "# Bad input: what gridmatch says"
    echo
    echo "Generated by \`bash docs/errors.sh\` against \`target/release/gridmatch\` ($("$bin" --version)); do not"
    echo "edit by hand. Each row is one input actually run: the command (the input file is \`NN.in\`,"
    echo "holding the bytes of the *input* column, written with \`printf '%b'\`), the exit code, and"
    echo "exactly what the binary printed on stderr and (first 300 bytes) on stdout. Control bytes in"
    echo "the output other than line ends are shown as \\xNN (the binary prints them raw)."
    echo
    echo "Exit codes: 0 success (accepted input), 1 a certificate failed \`verify\`, 2 bad input;"
    echo "\`twosat\` answers 10 (satisfiable) or 20 (unsatisfiable), as SAT solvers do."
    echo "A ⚠ marks an exit code other than the one expected. Default limits (\`--max-cells\`,"
    echo "\`--max-edges\`, \`--max-clauses\`, \`--max-line-bytes\`) depend on the machine's memory (its"
    echo "RAM, or its container's limit): in messages about them the memory is written ‹memory› and"
    echo "the limit ‹limit›, so this document is the same on every machine. \`cargo test\`"
    echo "(cli/tests/integration/docs.rs) regenerates it and fails when it differs from this copy."
    echo
    echo "| # | case | command | input | exit | stderr | stdout |"
    echo "|---|---|---|---|---|---|---|"
    printf '%s\n' "${rows[@]}"
    cat <<'NOTES'

## Messages worth improving

The review of the first version of this table (commit 928b307) found six messages worth
rewording; all are fixed, and the table above shows the messages as they are now:

- a bad byte inside a number is named at its own column (`12\xff` → `1:3: found byte 0xff`);
- "announced 1 board" is singular;
- a King board without K is reported at its header line and names the lines of its rows
  (it used to point one column past the end of the last row);
- `verify` gives a JSON error's position once, in front (serde_json's own " at line … column
  …" suffix is dropped);
- a directory given as input reads `cannot read DIR: it is a directory, expected a file`, like
  a missing file (it used to be `DIR:1:1: found unreadable input` + `hint: Is a directory`);
- `verify` of a file without certificates is bad input (exit 2, `found end of input, expected a
  certificate line`), no longer the exit code 1 of a failed certificate.

## Weights

`gridmatch match --weights FILE` reads each edge's weight with the library's
`read::read_weighted_graph`: the third number of an edge list line (`U V WEIGHT`) or of a
DIMACS edge line (`e U V WEIGHT`), a Matrix Market entry's value. A weight is
`[+-]digits[.digits][e[+-]digits]`, read exactly (no floating point): all weights of a file are
scaled to the most decimals any of them needs, as 64-bit integers where they fit (at most 18
decimals, at most 2^59 once scaled) and as 128-bit ones or each on its own power of ten
otherwise (see README's weighted matching); a weight has at most 38 significant digits, is
below 10^1000 in magnitude and has at most 1000 decimals. A bad weight is bad input (exit 2). The rows below are the reader's
messages as the command line prints them (the input is `NAME.in`, read in the format shown);
`cargo test` (src/read/tests.rs) reads each input again and fails when the message
differs.

| # | case | format | input | message |
|---|---|---|---|---|
| w01 | edge list: a line without its weight | `edges` | `0 1 5\n1 2\n` | error: w01.in:2:4: found end of line, expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: a weighted edge list line is 'U V WEIGHT' |
| w02 | edge list: a comment where the weight should be | `edges` | `0 1 # heavy\n` | error: w02.in:1:5: found '#', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: the weight is missing: a comment starts here; a weighted edge list line is 'U V WEIGHT' |
| w03 | edge list: a word for a weight | `edges` | `0 1 abc\n` | error: w03.in:1:5: found 'abc', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: a weighted edge list line is 'U V WEIGHT' |
| w04 | edge list: a fraction | `edges` | `0 1 1/2\n` | error: w04.in:1:5: found '1/2', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: fractions are not read: write the weight as a decimal number (0.5, not 1/2) |
| w05 | edge list: a hexadecimal weight | `edges` | `0 1 0x10\n` | error: w05.in:1:5: found '0x10', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: hexadecimal numbers are not read: write the weight in decimal |
| w06 | edge list: NaN | `edges` | `0 1 nan\n` | error: w06.in:1:5: found 'nan', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: weights must be finite decimal numbers |
| w07 | edge list: a fourth column | `edges` | `0 1 5 6\n` | error: w07.in:1:7: found '6', expected end of line<br>hint: a weighted edge list line is 'U V WEIGHT' |
| w08 | edge list: more than 38 significant digits | `edges` | `0 1 0.123456789012345678901234567890123456789\n` | error: w08.in:1:5: found '0.1234567890123456789012…', expected a weight with at most 38 significant digits<br>hint: weights are read exactly, their digits as a 128-bit integer (at most 38): round this one |
| w09 | edge list: a weight of 10^1000 or more | `edges` | `0 1 1e1000\n` | error: w09.in:1:5: found '1e1000', expected a weight below 1e1000 in magnitude, with at most 1000 decimals<br>hint: weights are read exactly, from 10^-1000 to 10^1000 (every 64-bit float is within 10^±324) |
| w10 | edge list: more than 1000 decimals | `edges` | `0 1 1e-1001\n` | error: w10.in:1:5: found '1e-1001', expected a weight below 1e1000 in magnitude, with at most 1000 decimals<br>hint: weights are read exactly, from 10^-1000 to 10^1000 (every 64-bit float is within 10^±324) |
| w12 | DIMACS: an e line without its weight | `dimacs` | `p edge 2 1\ne 1 2\n` | error: w12.in:2:6: found end of line, expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: a weighted edge line is 'e U V WEIGHT' |
| w13 | DIMACS: an infinite weight | `dimacs` | `p edge 2 1\ne 1 2 -Infinity\n` | error: w13.in:2:7: found '-Infinity', expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: weights must be finite decimal numbers |
| w14 | Matrix Market: a pattern matrix has no weights | `mtx` | `%%MatrixMarket matrix coordinate pattern general\n2 2 1\n1 2\n` | error: w14.in:1:34: found 'pattern', expected a Matrix Market file with values (integer or real) — --weights needs them<br>hint: a pattern matrix gives no weights: only where its entries are |
| w15 | Matrix Market: a complex matrix | `mtx` | `%%MatrixMarket matrix coordinate complex general\n2 2 1\n1 2 1 0\n` | error: w15.in:1:34: found 'complex', expected a Matrix Market file with values (integer or real) — --weights needs them<br>hint: a complex matrix's entries have two values each, not one weight |
| w16 | Matrix Market: a real matrix entry without its value | `mtx` | `%%MatrixMarket matrix coordinate real general\n2 2 1\n1 2\n` | error: w16.in:3:4: found end of line, expected a weight (a decimal number such as 3, -2.5 or 1e6)<br>hint: a real matrix entry is 'I J VALUE' |
NOTES
} >"$out"
echo "wrote $out ($n cases)"
