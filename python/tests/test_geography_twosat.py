"""Vertex geography against exhaustive game search; 2-SAT against every assignment."""

from __future__ import annotations

import random

import numpy as np
import pytest
from oracles import brute_geography, models, random_graph

import gridmatch


def test_geography_against_game_search() -> None:
    rng = random.Random(2)
    count = 0
    for _ in range(500):
        n = rng.randrange(1, 10)
        edges = random_graph(rng, n, rng.randrange(0, 2 * n + 1))
        got = gridmatch.geography(edges, n)
        assert got.tolist() == brute_geography(n, edges), (n, edges)
        count += 1
    assert count == 500


def test_geography_paths_and_isolated() -> None:
    assert gridmatch.geography([], n=2).tolist() == ["B", "B"]
    # Path of 4: a perfect matching, Alice wins from everywhere.
    assert gridmatch.geography([(0, 1), (1, 2), (2, 3)]).tolist() == ["A"] * 4


def random_formula(rng: random.Random, n: int, m: int) -> list[tuple[int, int]]:
    def lit() -> int:
        return rng.randrange(1, n + 1) * rng.choice((1, -1))

    return [(lit(), lit()) for _ in range(m)]


def test_two_sat_against_brute_force() -> None:
    rng = random.Random(3)
    sat = unsat = 0
    for _ in range(1500):
        n = rng.randrange(1, 9)
        clauses = random_formula(rng, n, rng.randrange(0, 3 * n + 1))
        r = gridmatch.two_sat(n, clauses)
        all_models = models(n, clauses)
        assert r.satisfiable == bool(all_models) == bool(r)
        r.verify()
        if r:
            sat += 1
            model = r.model
            assert model is not None and tuple(model.tolist()) in all_models
            forced = r.forced()
            assert forced is not None
            want = sorted(
                (v + 1) * (1 if all_models[0][v] else -1)
                for v in range(n)
                if all(mm[v] == all_models[0][v] for mm in all_models)
            )
            assert sorted(forced.tolist()) == want
            second = r.second_model()
            if len(all_models) == 1:
                assert second is None
            else:
                assert second is not None and tuple(second.tolist()) in all_models
                assert second.tolist() != model.tolist()
        else:
            unsat += 1
            chain, steps = r.chain, r.chain_clauses
            assert chain is not None and steps is not None
            # Each step p ⇒ q comes from a clause (-p ∨ q); x ⇒ … ⇒ -x ⇒ … ⇒ x.
            assert chain[0] == chain[-1] and -chain[0] in chain.tolist()
            for (p, q), k in zip(zip(chain[:-1], chain[1:]), steps):
                a, b = clauses[k]
                assert (a, b) in ((-p, q), (q, -p))
            assert "unsatisfiable" in r.explain()
            assert r.model is None and r.forced() is None and r.second_model() is None
    assert sat > 300 and unsat > 300


def test_two_sat_unit_clauses_and_arrays() -> None:
    r = gridmatch.two_sat(3, [1, (-2,), (2, 3)])
    assert r.model is not None and r.model.tolist() == [True, False, True]
    r = gridmatch.two_sat(2, np.array([[1, 2], [-1, -1], [-2, -2]], dtype=np.int32))
    assert not r
    assert gridmatch.two_sat(0, []).model is not None


def test_two_sat_tampered_model_is_rejected() -> None:
    r = gridmatch.two_sat(2, [(1, 2), (-1, -1)])
    tampered = gridmatch.TwoSat(r.n, r.clauses, True, model=np.array([True, True]))
    with pytest.raises(gridmatch.CertificateError, match="clause 1"):
        tampered.verify()
    with pytest.raises(ValueError, match="no model"):
        tampered.second_model()
