"""gridmatch on Dask: the README's "When one machine is not enough" example runs as pasted on a
``LocalCluster`` of two worker processes, and batches of boards (rooks, L-puzzle, King) and
graphs (general and bipartite matching) mapped over a ``dask.bag`` on such a cluster give
exactly the serial results. Every result crosses a process boundary pickled, so the result
objects' pickling is checked on its own too. Skipped when dask or distributed is absent
(python/requirements-test.txt has both, so CI runs it)."""

from __future__ import annotations

import pickle
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

db = pytest.importorskip("dask.bag")
distributed = pytest.importorskip("distributed")

import gridmatch

ROOT = Path(__file__).resolve().parents[2]
SECTION = "## When one machine is not enough"


def readme_example() -> tuple[int, str]:
    """The ```py block of the README's section (fenced ```py, not ```python, so that
    test_readme.py leaves it to this file and the cluster is started once): (line, code)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(SECTION)
    m = re.compile(r"^```py[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL).search(text, start)
    assert m is not None, f"README.md: no ```py block after {SECTION!r}"
    assert "\n## " not in text[start + len(SECTION) : m.start()], "the block left the section"
    return text.count("\n", 0, m.start()) + 1, m.group(1)


def test_readme_example_runs_as_pasted() -> None:
    line, code = readme_example()
    assert "LocalCluster(n_workers=2, processes=True, threads_per_worker=1)" in code
    # Run as a script is (the cluster starts under `if __name__ == "__main__":`), compiled
    # under the README's name and line so that a failure points into the README.
    namespace: dict[str, Any] = {"__name__": "__main__"}
    exec(compile("\n" * line + code, str(ROOT / "README.md"), "exec"), namespace)  # noqa: S102
    # What the example computed on the cluster is what the serial calls give.
    boards, graphs = namespace["boards"], namespace["graphs"]
    assert namespace["answers"] == [gridmatch.rooks(b).answer for b in boards]
    serial = [gridmatch.max_matching(g, n=namespace["n"]) for g in graphs]
    assert_same_matchings(namespace["matchings"], serial)


# --- the batches ------------------------------------------------------------------------------


def random_board(rng: random.Random, alphabet: str, weights: list[float]) -> str:
    rows, cols = rng.randint(1, 9), rng.randint(1, 9)
    return "\n".join("".join(rng.choices(alphabet, weights, k=cols)) for _ in range(rows))


def rooks_boards(rng: random.Random, count: int) -> list[str]:
    return [random_board(rng, ".X", [3, 1]) for _ in range(count)]


def lpuzzle_boards(rng: random.Random, count: int) -> list[str]:
    # Random patterns are nearly always NO (for each of its reasons); the README's sample and
    # the 2x2 squares of tiled L pairs add YES answers.
    boards = ["BWW.\nWWBW\n..WB", "BW\nW.", "BW\nWB"]
    boards += [random_board(rng, "BW.", [1, 2, 2]) for _ in range(count - len(boards))]
    return boards


def king_boards(rng: random.Random, count: int) -> list[str]:
    boards = []
    for _ in range(count):
        cells = [list(row) for row in random_board(rng, ".#", [4, 1]).split("\n")]
        r, c = rng.randrange(len(cells)), rng.randrange(len(cells[0]))
        cells[r][c] = "K"
        boards.append("\n".join("".join(row) for row in cells))
    return boards


def random_graphs(seed: int) -> list[tuple[np.ndarray, int]]:
    rng = np.random.default_rng(seed)
    graphs = []
    for n, m in [(1, 0), (2, 1), (7, 9), (50, 80), (200, 600), (1000, 2500), (3000, 9000)]:
        graphs.append((rng.integers(0, n, size=(m, 2), dtype=np.int64), n))
    return graphs


def random_bipartite(seed: int) -> list[tuple[np.ndarray, int, int]]:
    rng = np.random.default_rng(seed)
    out = []
    for left, right, m in [(3, 4, 5), (40, 30, 90), (500, 700, 2000)]:
        e = np.column_stack([rng.integers(0, left, m), rng.integers(0, right, m)])
        out.append((e.astype(np.int64), left, right))
    return out


def assert_same_matchings(got: list[Any], want: list[Any]) -> None:
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert type(g) is type(w)
        assert len(g) == len(w)
        np.testing.assert_array_equal(g.pairs, w.pairs)
        np.testing.assert_array_equal(g.mate, w.mate)
        np.testing.assert_array_equal(g.barrier(), w.barrier())
        g.verify()


def assert_same_puzzles(got: list[Any], want: list[Any]) -> None:
    assert len(got) == len(want)
    for g, w in zip(got, want):
        assert type(g) is type(w)
        assert g.to_json() == w.to_json()
        g.verify()


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with (
        distributed.LocalCluster(
            n_workers=2, processes=True, threads_per_worker=1, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as c,
    ):
        yield c


TIMEOUT = 120
"""Seconds a computation may take on the cluster before the test fails instead of hanging."""


def gather(client: Any, collection: Any) -> Any:
    """The collection computed on the cluster, its result pickled back to this process."""
    return client.compute(collection).result(timeout=TIMEOUT)


def on_cluster(client: Any, items: list[Any], f: Any, **kwargs: Any) -> list[Any]:
    return list(gather(client, db.from_sequence(items, npartitions=4).map(f, **kwargs)))


def test_cluster_has_two_worker_processes(client: Any) -> None:
    workers = client.scheduler_info()["workers"]
    assert len(workers) == 2
    pids = set(client.run(lambda: __import__("os").getpid()).values())
    assert len(pids) == 2 and __import__("os").getpid() not in pids


def test_boards_on_the_cluster_equal_serial(client: Any) -> None:
    rng = random.Random(27)
    rooks, lpuzzle, king = rooks_boards(rng, 60), lpuzzle_boards(rng, 60), king_boards(rng, 60)
    assert_same_puzzles(
        on_cluster(client, rooks, gridmatch.rooks), [gridmatch.rooks(b) for b in rooks]
    )
    assert_same_puzzles(
        on_cluster(client, rooks, gridmatch.rooks, roles=True),
        [gridmatch.rooks(b, roles=True) for b in rooks],
    )
    tilings = [gridmatch.lpuzzle(b) for b in lpuzzle]
    assert_same_puzzles(on_cluster(client, lpuzzle, gridmatch.lpuzzle), tilings)
    assert any(r.answer for r in tilings) and not all(r.answer for r in tilings)
    for moves in ["king", "knight"]:
        got = on_cluster(client, king, gridmatch.king, moves=moves)
        want = [gridmatch.king(b, moves=moves) for b in king]
        assert_same_puzzles(got, want)
        assert [(g.first_move, g.replies) for g in got] == [(w.first_move, w.replies) for w in want]
        assert {w.winner for w in want} == {"A", "B"}


def test_graphs_on_the_cluster_equal_serial(client: Any) -> None:
    graphs = random_graphs(27)
    got = gather(
        client,
        db.from_sequence(graphs, npartitions=3).map(lambda g: gridmatch.max_matching(g[0], n=g[1])),
    )
    assert_same_matchings(got, [gridmatch.max_matching(e, n=n) for e, n in graphs])
    bip = random_bipartite(27)
    got = gather(
        client,
        db.from_sequence(bip, npartitions=3).map(
            lambda g: gridmatch.bipartite_matching(g[0], n_left=g[1], n_right=g[2])
        ),
    )
    want = [gridmatch.bipartite_matching(e, n_left=a, n_right=b) for e, a, b in bip]
    for g, w in zip(got, want):
        assert len(g) == len(w)
        np.testing.assert_array_equal(g.pairs, w.pairs)
        np.testing.assert_array_equal(g.mate_left, w.mate_left)
        np.testing.assert_array_equal(g.mate_right, w.mate_right)
        assert [np.asarray(x).tolist() for x in g.cover()] == [
            np.asarray(x).tolist() for x in w.cover()
        ]
        np.testing.assert_array_equal(g.classify(), w.classify())
        g.verify()
    # A reduction on the workers: only the sizes come back.
    sizes = db.from_sequence(graphs, npartitions=3).map(
        lambda g: len(gridmatch.max_matching(g[0], n=g[1]))
    )
    assert gather(client, sizes.sum()) == sum(
        len(gridmatch.max_matching(e, n=n)) for e, n in graphs
    )


# --- pickling, without the cluster -------------------------------------------------------------


def round_trip(x: Any) -> Any:
    for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1):
        y = pickle.loads(pickle.dumps(x, protocol=protocol))
        assert type(y) is type(x)
    return y


def test_puzzle_answers_pickle() -> None:
    board = "X....\nX....\n..X..\n.X...\n....X"
    for r in [
        gridmatch.rooks(board),
        gridmatch.rooks(board, roles=True),
        gridmatch.lpuzzle("BWW.\nWWBW\n..WB", unique=True, forced=True),
        gridmatch.lpuzzle("BW\nWB"),
        gridmatch.king("K.#\n...", moves="knight"),
        gridmatch.king("K#\n.#\n.#\n.#"),
    ]:
        s = round_trip(r)
        assert s.to_json() == r.to_json() and repr(s) == repr(r)
        s.verify()
    k = gridmatch.king("K.#\n...", moves="knight")
    s = round_trip(k)
    assert (s.winner, s.first_move, s.replies, s.map) == (k.winner, k.first_move, k.replies, k.map)


def test_graph_results_pickle() -> None:
    edges = [(0, 1), (1, 2), (2, 0), (2, 3)]
    m = gridmatch.max_matching(edges, n=5)
    assert_same_matchings([round_trip(m)], [m])
    b = gridmatch.bipartite_matching([(0, 0), (0, 1), (1, 0)], n_left=2, n_right=2)
    s = round_trip(b)
    np.testing.assert_array_equal(s.mate_left, b.mate_left)
    np.testing.assert_array_equal(s.classify(), b.classify())
    s.verify()
    t = gridmatch.two_sat(3, [(1, -2), (2, 3)])
    s = round_trip(t)
    assert bool(s) == bool(t)
    np.testing.assert_array_equal(s.model, t.model)
    s.verify()
    u = gridmatch.two_sat(1, [(1, 1), (-1, -1)])
    s = round_trip(u)
    assert not s and s.explain() == u.explain()
    s.verify()
    w = gridmatch.max_weight_matching(edges, [6, 6, 6, 1])
    s = round_trip(w)
    assert s.total == w.total and s.to_json() == w.to_json()
    np.testing.assert_array_equal(s.pairs, w.pairs)
    s.verify()
