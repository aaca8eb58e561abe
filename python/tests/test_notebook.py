"""Puzzle answers and King strategies draw themselves in notebooks: IPython's display
formatter finds their ``_repr_svg_``, which is the drawing the command line's ``--svg`` makes
of the same board (compared file for file when the binary is there)."""

from __future__ import annotations

import random
import subprocess
from pathlib import Path

import pytest
from test_puzzles import GRIDMATCH, random_board

import gridmatch

formatters = pytest.importorskip("IPython.core.formatters")


def _answers() -> list[object]:
    return [
        gridmatch.rooks("X....\nX....\n..X..\n.X...\n....X"),
        gridmatch.rooks("..\n..", roles=True),
        gridmatch.lpuzzle("BWW.\nWWBW\n..WB"),
        gridmatch.lpuzzle(".WBW.\nWBWBW\nWWBWW\nBWWWB", unique=True, forced=True),
        gridmatch.lpuzzle("BW\n.."),
        gridmatch.king("K#\n.#\n.#\n.#"),
        gridmatch.king("K.#\n...", moves="knight"),
        gridmatch.king("K#\n.#\n.#\n.#").strategy,
    ]


def test_display_formatter_shows_svg() -> None:
    formatter = formatters.DisplayFormatter()
    for answer in _answers():
        data, _ = formatter.format(answer)
        assert "image/svg+xml" in data, type(answer).__name__
        svg = data["image/svg+xml"]
        assert svg.startswith("<svg") and svg.rstrip().endswith("</svg>")


def test_rooks_svg_starts_with_svg() -> None:
    board = "X....\nX....\n..X..\n.X...\n....X"
    assert gridmatch.rooks(board)._repr_svg_().startswith("<svg")


def test_strategy_draws_as_its_answer() -> None:
    k = gridmatch.king(".#K\n...\n#..", moves="king")
    assert k.strategy._repr_svg_() == k._repr_svg_()
    assert (k.strategy.first_move, k.strategy.replies) == (k.first_move, k.replies)


def _cli_svg(tmp_path: Path, args: list[str], stdin: str) -> str:
    assert GRIDMATCH is not None
    out = tmp_path / "svg"
    subprocess.run(
        [GRIDMATCH, *args, "--svg", str(out)],
        input=stdin, capture_output=True, text=True, timeout=60, check=True,
    )
    return (out / "case-0001.svg").read_text()


@pytest.mark.skipif(GRIDMATCH is None, reason="the gridmatch binary is not built")
def test_svg_is_the_command_lines(tmp_path: Path) -> None:
    rng = random.Random(27)
    for trial in range(12):
        rows, cols = rng.randrange(1, 7), rng.randrange(1, 7)
        b = random_board(rng, ".X", (3, 1), rows, cols)
        text = "\n".join(b)
        for roles in (False, True):
            args = ["rooks", "--rect"] + (["--roles"] if roles else [])
            theirs = _cli_svg(tmp_path / f"r{trial}{roles}", args, f"{rows} {cols}\n{text}\n")
            assert gridmatch.rooks(text, roles=roles)._repr_svg_() == theirs
        p = random_board(rng, "BW.", (1, 3, 1), rows, cols)
        text = "\n".join(p)
        for unique in (False, True):
            args = ["lpuzzle"] + (["--unique"] if unique else [])
            theirs = _cli_svg(tmp_path / f"l{trial}{unique}", args, f"1\n{rows} {cols}\n{text}\n")
            assert gridmatch.lpuzzle(text, unique=unique)._repr_svg_() == theirs
        k = random_board(rng, ".#", (3, 1), rows, cols)
        k[0] = "K" + k[0][1:]
        text = "\n".join(k)
        moves = rng.choice(["king", "wazir", "ferz", "knight"])
        theirs = _cli_svg(
            tmp_path / f"k{trial}", ["king", "--moves", moves], f"1\n{rows} {cols}\n{text}\n"
        )
        answer = gridmatch.king(text, moves=moves)
        assert answer._repr_svg_() == theirs
        assert answer.strategy._repr_svg_() == theirs
