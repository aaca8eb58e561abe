"""``BipartiteMatching.dmperm()``: the Dulmage–Mendelsohn decomposition, checked against what
the theory says with scipy (structural rank, block upper triangular form, irreducible square
blocks) on random patterns, and against ``gridmatch match --dm --json`` (the same arrays)."""

from __future__ import annotations

import json
import os
import pickle
import shutil
import subprocess
import tempfile
from pathlib import Path

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components, maximum_bipartite_matching

import gridmatch

ROOT = Path(__file__).resolve().parents[2]
GRIDMATCH = os.environ.get("GRIDMATCH_BIN") or shutil.which("gridmatch")
if GRIDMATCH is None and (ROOT / "target" / "release" / "gridmatch").exists():
    GRIDMATCH = str(ROOT / "target" / "release" / "gridmatch")


def _pattern(rng: np.random.Generator) -> tuple[int, int, np.ndarray]:
    rows, cols = int(rng.integers(1, 12)), int(rng.integers(1, 12))
    k = int(rng.integers(0, rows * cols + 1))
    cells = rng.choice(rows * cols, size=k, replace=False)
    edges = np.stack([cells // cols, cells % cols], axis=1).astype(np.int64)
    return rows, cols, edges.reshape(-1, 2)


def _check(rows: int, cols: int, edges: np.ndarray, d: gridmatch.Dmperm) -> None:
    a = sp.csr_array(
        (np.ones(len(edges)), (edges[:, 0], edges[:, 1])), shape=(rows, cols)
    ).toarray() != 0
    assert sorted(d.p) == list(range(rows)) and sorted(d.q) == list(range(cols))
    b = a[np.ix_(d.p, d.q)]
    rank = int((maximum_bipartite_matching(sp.csr_array(a.astype(np.int8)), "column") >= 0).sum())
    assert d.structural_rank == rank
    # Coarse sizes as the boundaries say; under- and over-determined parts rectangular the
    # right way round.
    cc, rr = list(d.cc), list(d.rr)
    assert d.under == (rr[1], cc[2]) and d.over == (rows - rr[2], cols - cc[3])
    assert d.square == rr[2] - rr[1] == cc[3] - cc[2]
    assert d.under == (0, 0) or d.under[0] < d.under[1]
    assert d.over == (0, 0) or d.over[0] > d.over[1]
    # Block upper triangular: nothing below the fine blocks.
    r, s = list(d.r), list(d.s)
    assert r[0] == s[0] == 0 and r[-1] == rows and s[-1] == cols and len(r) == len(s)
    for blk in range(len(r) - 1):
        assert not b[r[blk + 1]:, s[blk]:s[blk + 1]].any()
    # The square part's blocks: square, with a perfect matching, irreducible.
    square = [i for i in range(len(r) - 1) if rr[1] <= r[i] and r[i + 1] <= rr[2] and r[i] < r[i + 1]]
    assert len(square) == d.square_blocks
    for blk in square:
        sub = b[r[blk]:r[blk + 1], s[blk]:s[blk + 1]]
        k = sub.shape[0]
        assert sub.shape == (k, k)
        match = maximum_bipartite_matching(sp.csr_array(sub.astype(np.int8)), "column")
        assert (match >= 0).all()
        # Row i -> row j when row i has an entry in the column matched to row j.
        digraph = sp.csr_array(sub[:, np.argsort(match)].astype(np.int8))
        assert connected_components(digraph, directed=True, connection="strong")[0] == 1


def test_dmperm_agrees_with_the_theory() -> None:
    rng = np.random.default_rng(26)
    for _ in range(400):
        rows, cols, edges = _pattern(rng)
        d = gridmatch.bipartite_matching(edges, rows, cols).dmperm()
        _check(rows, cols, edges, d)


def test_dmperm_pickles_and_is_read_only() -> None:
    d = gridmatch.bipartite_matching([(0, 0), (0, 1), (1, 1), (2, 1)], 3, 3).dmperm()
    back = pickle.loads(pickle.dumps(d))
    assert back == d and repr(back) == repr(d)
    assert (d.under, d.square, d.over, d.square_blocks) == ((0, 1), 1, (2, 1), 1)
    for a in (d.p, d.q, d.r, d.s, d.cc, d.rr):
        assert not a.flags.writeable
    with pytest.raises(ValueError):
        gridmatch.Dmperm(d.p, d.q, d.r, d.s, d.cc[:4], d.rr)


def _arr(xs: list[int]) -> np.ndarray:
    return np.array(xs, dtype=np.int64)


def test_dmperm_constructor_refuses_what_is_not_a_decomposition() -> None:
    """What pickles back is what was pickled; arrays that no pattern decomposes into are a
    ValueError (not sizes that contradict each other)."""
    rng = np.random.default_rng(28)
    for _ in range(200):
        rows, cols, edges = _pattern(rng)
        d = gridmatch.bipartite_matching(edges, rows, cols).dmperm()
        assert gridmatch.Dmperm(d.p, d.q, d.r, d.s, d.cc, d.rr) == d
    bad = [
        # p is not a permutation.
        ([5], [], [0, 1], [0, 0], [0, 0, 0, 0, 0], [0, 0, 0, 0, 1]),
        # A 3 × 3 square part split into a 3 × 3 block and a block that goes back.
        ([0, 1, 2], [0, 1, 2], [0, 3, 0, 3], [0, 3, 0, 3], [0, 0, 0, 3, 3], [0, 0, 3, 3, 3]),
        # R1 (1 row) matched to C1 (2 columns).
        ([0, 1, 2], [0, 1, 2], [0, 1, 3], [0, 2, 3], [0, 0, 2, 3, 3], [0, 1, 2, 3, 3]),
        # A non-square block in the square part.
        ([0, 1], [0, 1], [0, 1, 2], [0, 2, 2], [0, 0, 0, 2, 2], [0, 0, 2, 2, 2]),
    ]
    for args in bad:
        with pytest.raises(ValueError, match="not a Dulmage"):
            gridmatch.Dmperm(*(_arr(a) for a in args))


@pytest.mark.skipif(GRIDMATCH is None, reason="the gridmatch binary is not built")
def test_dmperm_equals_the_command_line() -> None:
    rng = np.random.default_rng(27)
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(25):
            rows, cols, edges = _pattern(rng)
            path = Path(tmp) / f"m{i}.mtx"
            lines = [
                "%%MatrixMarket matrix coordinate pattern general",
                f"{rows} {cols} {len(edges)}",
            ]
            lines += [f"{u + 1} {v + 1}" for u, v in edges]
            path.write_text("\n".join(lines) + "\n")
            out = subprocess.run(
                [str(GRIDMATCH), "match", "--dm", "--json", str(path)],
                check=True, capture_output=True, text=True,
            ).stdout
            record = json.loads(out)
            d = gridmatch.bipartite_matching(edges, rows, cols).dmperm()
            for key in ("p", "q", "r", "s", "cc", "rr"):
                assert list(getattr(d, key)) == record[key], (i, key)
            assert record["square_blocks"] == d.square_blocks
            assert record["coarse"]["under"] == list(d.under)
            assert record["coarse"]["over"] == list(d.over)
