"""Every public result type survives pickling (as Dask and multiprocessing ship results between
processes): the copy is of the same type, holds equal content (the constructor arguments it
pickles as, compared array by array with their dtypes; its repr; its JSON record), still
verifies, and its arrays are still read-only."""

from __future__ import annotations

import copy
import pickle
from typing import Any

import numpy as np
import pytest
from test_read_only import _public_types, _results, _walk

import gridmatch


def _same(a: Any, b: Any, where: str) -> None:
    """``a`` and ``b`` hold equal content: arrays equal in shape, dtype and values; results
    of the extension equal in what they pickle as; anything else ``==``."""
    assert type(a) is type(b), where
    if isinstance(a, np.ndarray):
        assert a.dtype == b.dtype and a.shape == b.shape, where
        assert np.array_equal(a, b), where
    elif isinstance(a, (tuple, list)):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b)):
            _same(x, y, f"{where}[{i}]")
    elif type(a).__module__.startswith("gridmatch"):
        _same(a.__reduce__()[1], b.__reduce__()[1], f"{where}.__reduce__()")
    else:
        assert a == b, where


def _cases() -> list[tuple[str, Any]]:
    cases = list(_results())
    # The maximum matching that proves there is no perfect one.
    with pytest.raises(gridmatch.NoPerfectMatching) as e:
        gridmatch.min_weight_perfect_matching([(0, 1), (0, 2), (0, 3)], [1, 1, 1])
    cases.append(("NoPerfectMatching.matching", e.value.matching))
    cases.append(("lpuzzle, NO", gridmatch.lpuzzle("BW\n..")))
    cases.append(("king, Bob", gridmatch.king("K.")))
    cases.append(("max_weight_matching, decimals", gridmatch.max_weight_matching([(0, 1)], [0.5])))
    cases.append(("max_weight_matching, maxcardinality", gridmatch.max_weight_matching(
        [(0, 1), (1, 2), (2, 0), (2, 3)], [6, 6, 6, 1], maxcardinality=True)))
    return cases


@pytest.mark.parametrize("protocol", [2, pickle.DEFAULT_PROTOCOL, pickle.HIGHEST_PROTOCOL])
def test_every_result_pickles(protocol: int) -> None:
    cases = _cases()
    public = _public_types()
    assert public <= {type(r) for _, r in cases}, public
    for case, r in cases:
        back = pickle.loads(pickle.dumps(r, protocol=protocol))
        _same(r, back, case)
        if type(r).__module__ == "gridmatch._core":
            assert back == r, case
        assert repr(back) == repr(r), case
        if hasattr(r, "to_json"):
            assert back.to_json() == r.to_json(), case
        if hasattr(r, "verify"):
            back.verify()
        writeable = sorted(w for w, a in _walk(case, back).items() if a.flags.writeable)
        # A bare array or tuple of arrays (geography, linear_sum_assignment) is NumPy's to
        # pickle: the package's own objects promise read-only arrays after a round trip.
        if type(r).__module__.startswith("gridmatch"):
            assert writeable == [], writeable


def test_unpickled_results_answer_alike() -> None:
    m = gridmatch.bipartite_matching([(0, 0), (0, 1), (1, 0), (2, 1)], 3, 2)
    back = pickle.loads(pickle.dumps(m))
    assert back.classify().tolist() == m.classify().tolist()
    _same(back.cover(), m.cover(), "cover")
    r = gridmatch.two_sat(3, [(1, 2), (-1, 3)])
    back = pickle.loads(pickle.dumps(r))
    assert back.explain() == r.explain()
    _same(back.forced(), r.forced(), "forced")
    _same(back.second_model(), r.second_model(), "second_model")
    w = gridmatch.max_weight_matching([(0, 1), (1, 2)], [0.1, 0.2])
    back = pickle.loads(pickle.dumps(w))
    assert back.total == w.total and str(back.total) == "0.2"
    d, e = back.duals(), w.duals()
    assert d.denominator == e.denominator and d.shift == e.shift
    k = gridmatch.king("K#\n.#\n.#\n.#")
    back = pickle.loads(pickle.dumps(k))
    assert back.first_move == k.first_move and back._repr_svg_() == k._repr_svg_()
    assert copy.deepcopy(k).to_json() == k.to_json()


def test_no_perfect_matching_pickles_with_its_proof() -> None:
    with pytest.raises(gridmatch.NoPerfectMatching) as e:
        gridmatch.min_weight_perfect_matching([(0, 1), (0, 2), (0, 3)], [1, 1, 1])
    back = pickle.loads(pickle.dumps(e.value))
    assert str(back) == str(e.value) and isinstance(back, ValueError)
    _same(back.matching, e.value.matching, "matching")
    back.matching.verify()


def test_results_compare_by_content() -> None:
    a = gridmatch.max_matching([(0, 1), (1, 2), (2, 3)])
    assert a == gridmatch.max_matching(np.array([[0, 1], [1, 2], [2, 3]]))
    assert a != gridmatch.max_matching([(0, 1), (1, 2)])  # other edges
    assert a != gridmatch.max_matching([(0, 1), (1, 2), (2, 3)], n=5)
    assert a != "Matching" and a != gridmatch.bipartite_matching([(0, 1)])
    assert gridmatch.rooks("..") == gridmatch.rooks("..") != gridmatch.rooks("X.")
    assert gridmatch.two_sat(1, [(1, 1)]) != gridmatch.two_sat(1, [(-1, -1)])


def test_a_tampered_pickle_does_not_verify() -> None:
    m = gridmatch.max_matching([(0, 1), (1, 2), (2, 3)])
    cls, args = m.__reduce__()
    n, edges, pairs, mate, bipartite, barrier = args
    bad = cls(n, edges, pairs[:1], mate, bipartite, barrier)
    with pytest.raises(gridmatch.CertificateError):
        bad.verify()
    # A constructor copies a writeable array, so the caller cannot change the result later.
    mine = np.array(pairs)
    r = cls(n, edges, mine, mate, bipartite, barrier)
    mine[0, 0] = 3
    assert r.pairs.tolist() == pairs.tolist() and not r.pairs.flags.writeable
