"""The puzzles against the judges' sample answers in tests/data, and record for record against
the command line (`gridmatch … --json`) when its binary is there (CI builds it first; set
GRIDMATCH_BIN to point elsewhere)."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
from pathlib import Path

import pytest

import gridmatch

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"


def judge_boards(puzzle: str) -> list[list[str]]:
    """The boards of tests/data/PUZZLE.in."""
    lines = [l.strip() for l in (DATA / f"{puzzle}.in").read_text().splitlines()]
    lines = [l for l in lines if l]
    boards, i = [], 0
    if puzzle != "rooks":
        i = 1  # the count T
    while i < len(lines):
        head = lines[i].split()
        rows = int(head[0])
        boards.append(lines[i + 1 : i + 1 + rows])
        i += 1 + rows
    return boards


def test_rooks_sample_answers() -> None:
    want = (DATA / "rooks.out").read_text().split()
    boards = judge_boards("rooks")
    got = []
    for b in boards:
        r = gridmatch.rooks("\n".join(b))
        r.verify()
        assert len(r.rooks) == r.answer == len(r.cover_rows) + len(r.cover_cols)
        got.append(str(r.answer))
    assert got == want


def test_lpuzzle_sample_answers() -> None:
    want = (DATA / "lpuzzle.out").read_text().split()
    got = []
    for b in judge_boards("lpuzzle"):
        r = gridmatch.lpuzzle("\n".join(b))
        r.verify()
        assert (r.pieces is None) == (not r) == (r.reason is not None)
        got.append("YES" if r else "NO")
    assert got == want


def test_king_sample_answers() -> None:
    want = [l.split(": ")[1] for l in (DATA / "king.out").read_text().splitlines() if l]
    got = []
    for b in judge_boards("king"):
        r = gridmatch.king("\n".join(b))
        r.verify()
        assert r.map[r.start[0]][r.start[1]] == r.winner
        got.append(r.winner)
    assert got == want


def test_board_text_tolerance() -> None:
    text = "\n\n  \nX....\r\nX....  \n..X..\n.X...\n....X\n\n"
    assert gridmatch.rooks(text).answer == 7
    # Line numbers in errors count the skipped lines.
    with pytest.raises(ValueError, match=r"^board:4:2: found 'Q'"):
        gridmatch.rooks("\n\n\n.Q\n..")


def random_board(rng: random.Random, alphabet: str, weights, rows: int, cols: int) -> list[str]:
    return ["".join(rng.choices(alphabet, weights, k=cols)) for _ in range(rows)]


def test_strategies_and_designer_flags() -> None:
    rng = random.Random(4)
    for _ in range(60):
        rows, cols = rng.randrange(1, 7), rng.randrange(1, 7)
        b = random_board(rng, ".#", (3, 1), rows, cols)
        r0, c0 = rng.randrange(rows), rng.randrange(cols)
        b[r0] = b[r0][:c0] + "K" + b[r0][c0 + 1 :]
        for moves in ("king", "wazir", "ferz", "knight"):
            k = gridmatch.king("\n".join(b), moves=moves)
            k.verify()
            if k.winner == "A":
                assert k.first_move is not None and k.barrier_without_start is not None
            else:
                assert k.first_move is None and k.barrier_without_start is None
    r = gridmatch.lpuzzle(".WBW.\nWBWBW\nWWBWW\nBWWWB", unique=True, forced=True)
    r.verify()
    assert r and r.unique is False and r.second is not None and r.forced is not None
    roles = gridmatch.rooks("..\n..", roles=True).roles
    assert roles == ["rr", "rr"]


GRIDMATCH = os.environ.get("GRIDMATCH_BIN") or shutil.which(
    str(ROOT / "target" / "release" / "gridmatch")
)


def cli(args: list[str], stdin: str) -> str:
    assert GRIDMATCH is not None
    out = subprocess.run(
        [GRIDMATCH, *args], input=stdin, capture_output=True, text=True, timeout=60, check=True
    )
    return out.stdout.strip()


@pytest.mark.skipif(GRIDMATCH is None, reason="the gridmatch binary is not built")
def test_records_equal_the_command_line() -> None:
    rng = random.Random(6)
    checked = 0
    for _ in range(40):
        rows, cols = rng.randrange(1, 9), rng.randrange(1, 9)
        b = random_board(rng, ".X", (3, 1), rows, cols)
        text = "\n".join(b)
        ours = gridmatch.rooks(text, roles=True).to_json()
        theirs = cli(["rooks", "--rect", "--json", "--roles"], f"{rows} {cols}\n{text}\n")
        assert json.loads(ours) == json.loads(theirs)
        assert ours == theirs
        p = random_board(rng, "BW.", (1, 3, 1), rows, cols)
        text = "\n".join(p)
        for flags in ([], ["--unique", "--forced"]):
            ours = gridmatch.lpuzzle(text, unique=bool(flags), forced=bool(flags)).to_json()
            theirs = cli(["lpuzzle", "--json", *flags], f"1\n{rows} {cols}\n{text}\n")
            assert ours == theirs
        k = random_board(rng, ".#", (3, 1), rows, cols)
        k[0] = "K" + k[0][1:]
        text = "\n".join(k)
        moves = rng.choice(["king", "wazir", "ferz", "knight"])
        ours = gridmatch.king(text, moves=moves).to_json()
        theirs = cli(
            ["king", "--json", "--all", "--moves", moves], f"1\n{rows} {cols}\n{text}\n"
        )
        assert ours == theirs
        checked += 1
    assert checked == 40


@pytest.mark.skipif(GRIDMATCH is None, reason="the gridmatch binary is not built")
def test_board_errors_are_the_command_lines() -> None:
    # The same bad row through both: the message after FILE:LINE:COL is the same.
    ours = _error(lambda: gridmatch.rooks("X..\n.Y."))
    proc = subprocess.run(
        [GRIDMATCH, "rooks", "--rect"],
        input="2 3\nX..\n.Y.\n",
        capture_output=True,
        text=True,
        check=False,
    )
    theirs = proc.stderr.strip().removeprefix("error: ")
    assert ours.split(": ", 1)[1] == theirs.split(": ", 1)[1].splitlines()[0]


def _error(f) -> str:
    with pytest.raises(ValueError) as e:
        f()
    return str(e.value)
