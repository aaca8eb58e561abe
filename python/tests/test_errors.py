"""Bad input raises ValueError with a message naming what was found and what was expected;
nothing crashes."""

from __future__ import annotations

import doctest

import numpy as np
import pytest

import gridmatch
from gridmatch import _graphs, _labels, _puzzles, _weighted


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: gridmatch.max_matching([(0, -1)]), r"edges\[0\]\[1\]: found -1, expected a vertex number .*\nhint: this number cannot be negative"),
        (lambda: gridmatch.max_matching([(0, 1), (2, 5)], n=4), r"edges\[1\]\[1\]: found 5, expected a vertex number from 0 to 3\nhint: n = 4 vertices"),
        (lambda: gridmatch.max_matching([(0, 1)], n=0), r"expected no vertex number \(n = 0\)"),
        (lambda: gridmatch.max_matching([(0, 1)], n=-3), r"n: found -3, expected a whole number"),
        (lambda: gridmatch.max_matching([(0, 1)], n=2.5), r"n: found 2.5, expected a whole number"),
        (lambda: gridmatch.max_matching([(0, 1)], n=2**40), r"expected at most 4294967294 vertices"),
        (lambda: gridmatch.max_matching([(0, 2**33)]), r"found 8589934592, expected a vertex number from 0 to 4294967293"),
        (lambda: gridmatch.max_matching(np.zeros((4, 3), dtype=np.int64)), r"found an array of shape \(4, 3\), expected shape \(m, 2\)"),
        (lambda: gridmatch.max_matching(np.zeros(6, dtype=np.int64)), r"found an array of shape \(6,\)"),
        (lambda: gridmatch.max_matching(np.zeros((3, 2))), r"found an array of float64, expected integers"),
        (lambda: gridmatch.max_matching(np.zeros((3, 2), dtype=bool)), r"found an array of bool"),
        (lambda: gridmatch.max_matching([(0, 1), (2,)]), r"expected an \(m, 2\) integer array"),
        (lambda: gridmatch.max_matching([("a", "b")]), r"found an array of <U1"),
        (lambda: gridmatch.max_matching("01"), r"edges: found str"),
        (lambda: gridmatch.max_matching(5), r"edges: found int"),
        (lambda: gridmatch.max_matching([(0, 2**70)]), r"edges"),
        (lambda: gridmatch.max_matching(np.array([[0, 2**63]], dtype=np.uint64)), r"found 9223372036854775808"),
        (lambda: gridmatch.bipartite_matching([(0, 2)], 1, 2), r"edges\[0\]\[1\]: found 2, expected a right vertex number from 0 to 1\nhint: n_right = 2 right vertices"),
        (lambda: gridmatch.bipartite_matching([(-1, 0)], 1, 2), r"found -1, expected a left vertex number from 0 to 0"),
        (lambda: gridmatch.bipartite_matching([], 2**31, 2**31), r"n_left \+ n_right: found 4294967296"),
        (lambda: gridmatch.geography([(0, 3)], n=3), r"found 3, expected a vertex number from 0 to 2"),
        (lambda: gridmatch.two_sat(2, [(1, 0)]), r"clauses\[0\]\[1\]: found 0, expected a literal from -2 to 2\nhint: 0 is not a literal"),
        (lambda: gridmatch.two_sat(2, [(1, -3)]), r"found -3, expected a literal from -2 to 2\nhint: n = 2 variables"),
        (lambda: gridmatch.two_sat(2**40, []), r"n: found 1099511627776, expected at most 2147483646 variables"),
        (lambda: gridmatch.two_sat(-1, []), r"n: found -1"),
        (lambda: gridmatch.two_sat(2, [(1, 2, 3)]), r"found an array of shape \(1, 3\)"),
        (lambda: gridmatch.rooks(""), r"the board is empty"),
        (lambda: gridmatch.rooks("\n \n"), r"the board is empty"),
        (lambda: gridmatch.rooks("X.\n.Q"), r"^board:2:2: found 'Q', expected one of '.' 'X'$"),
        (lambda: gridmatch.rooks("X.\n.\tX"), r"board:2:2: found a tab"),
        (lambda: gridmatch.rooks("X.\n.é"), r"board:2:2: found 'é'"),
        (lambda: gridmatch.rooks("X..\n.."), r"board:2:3: found end of line, expected 3 characters\nhint: row 2 has 2 cells, row 1 has 3"),
        (lambda: gridmatch.rooks("X.\n..X"), r"board:2:3: found 'X', expected 2 characters"),
        (lambda: gridmatch.rooks("..\n\n.."), r"board:2:1: found end of line"),
        (lambda: gridmatch.lpuzzle("BWX"), r"board:1:3: found 'X', expected one of 'B' 'W' '.'"),
        (lambda: gridmatch.king(".#\n.."), r"found a board without 'K' \(its rows are lines 1-2\), expected exactly one 'K'"),
        (lambda: gridmatch.king("K.\n.K"), r"board:2:2: found a second 'K', expected '.' or '#'\nhint: the king already starts at line 1, column 1"),
        (lambda: gridmatch.king("K.", moves="queen"), r"moves: found 'queen', expected one of king, wazir, ferz, knight"),
        (lambda: gridmatch.king("K.\nX."), r"board:2:1: found 'X', expected one of '.' '#' 'K'"),
    ],
)
def test_bad_input_raises_value_error(call, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call()


def test_verify_against_bad_edges() -> None:
    m = gridmatch.max_matching([(0, 1)])
    with pytest.raises(ValueError, match=r"found 2, expected a vertex number from 0 to 1"):
        m.verify([(0, 2)])


def test_record_verifier_rejects_tampering() -> None:
    r = gridmatch.rooks("..\n..")
    bad = r.to_json().replace('"answer":2', '"answer":3')
    with pytest.raises(gridmatch.CertificateError, match="answer 3 but 2 rooks"):
        _puzzles.Rooks(bad).verify()
    with pytest.raises(ValueError, match="record"):
        _puzzles.Rooks('{"puzzle":"rooks"}').verify()


@pytest.mark.parametrize("module", [_graphs, _puzzles, _labels, _weighted])
def test_doctests(module) -> None:
    result = doctest.testmod(module, optionflags=doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0 and result.attempted > 0


_EMPTY_CLAUSE = r"an empty clause can never be satisfied: the formula is unsatisfiable as written"


@pytest.mark.parametrize(
    "clauses, message",
    [
        ([()], r"^clauses\[0\]: found an empty clause, expected one or two literals\nhint: " + _EMPTY_CLAUSE + "$"),
        ([[]], r"^clauses\[0\]: found an empty clause"),
        (((),), r"^clauses\[0\]: found an empty clause"),
        ([(1, 2), ()], r"^clauses\[1\]: found an empty clause"),
        ([(1,), ()], r"^clauses\[1\]: found an empty clause"),
        ([1, []], r"^clauses\[1\]: found an empty clause"),
        ([np.array([], dtype=np.int64)], r"^clauses\[0\]: found an empty clause"),
        (lambda: iter([(1, -1), ()]), r"^clauses\[1\]: found an empty clause"),
        (lambda: (c for c in [()]), r"^clauses\[0\]: found an empty clause"),
        (np.asarray([()], dtype=np.int64), r"^clauses: found an array of shape \(1, 0\), expected shape \(m, 2\)\nhint: clauses\[0\] is empty: " + _EMPTY_CLAUSE + "$"),
        (np.asarray([()]), r"^clauses: found an array of shape \(1, 0\)"),
        (np.empty((3, 0), dtype=np.uint8), r"^clauses: found an array of shape \(3, 0\)"),
    ],
)
def test_empty_clause_is_refused_as_the_command_line_does(clauses, message: str) -> None:
    # Issue 24: np.asarray([()]) has shape (1, 0) and became "no clauses": satisfiable.
    with pytest.raises(ValueError, match=message):
        gridmatch.two_sat(1, clauses() if callable(clauses) else clauses)


@pytest.mark.parametrize(
    "edges",
    [lambda: [()], lambda: [[]], lambda: ((), ()), lambda: iter([()]),
     lambda: np.asarray([()]), lambda: np.empty((2, 0), dtype=np.int64)],
    ids=["list-tuple", "list-list", "tuple-tuples", "iterator", "asarray", "int64-k-0"],
)
@pytest.mark.parametrize(
    "call",
    [
        gridmatch.max_matching,
        gridmatch.geography,
        gridmatch.bipartite_matching,
        lambda e: gridmatch.max_matching([(0, 1)]).verify(e),
        lambda e: gridmatch.bipartite_matching([(0, 0)]).verify(e),
    ],
    ids=["max_matching", "geography", "bipartite_matching", "verify", "bipartite-verify"],
)
def test_rows_without_ends_are_not_edges(call, edges) -> None:
    # Issue 24: a (k, 0) array (k > 0) became the empty graph.
    with pytest.raises(
        ValueError,
        match=r"^edges: found an array of shape \(\d, 0\), expected shape \(m, 2\)\n"
        r"hint: edges\[0\] is empty: an edge has two ends$",
    ):
        call(edges())


@pytest.mark.parametrize(
    "rows",
    [list, lambda: (), lambda: iter([]), lambda: np.empty((0, 2), dtype=np.int64),
     lambda: np.empty(0), lambda: np.empty((0, 0))],
    ids=["list", "tuple", "iterator", "0-2", "0", "0-0"],
)
def test_no_rows_at_all_is_still_empty(rows) -> None:
    m = gridmatch.max_matching(rows(), n=3)
    assert len(m) == 0 and m.mate.tolist() == [-1, -1, -1]
    assert gridmatch.geography(rows(), n=2).tolist() == ["B", "B"]
    r = gridmatch.two_sat(2, rows())
    assert r.satisfiable and r.model is not None and len(r.model) == 2
