"""A square float64 matrix of 128 rows or more beyond ±2**59 at its common scale is answered
from its guess (the optimum of the floats rounded to a binary grid) made exact for the
shortest decimals without an i128 matrix (python/src/weighted/settled.rs): compared here with
the independent exact path (the same numbers as ``Decimal`` objects, solved on the i128
engine from scratch) and with scipy in exact ``Fraction`` arithmetic, ``verify()`` true, the
proof pickles, and tampered potentials, costs, assignments and scales are refused."""

from __future__ import annotations

import pickle
from decimal import Decimal
from fractions import Fraction

import numpy as np
import pytest
from scipy.optimize import linear_sum_assignment as scipy_lsa

import gridmatch
from gridmatch import CertificateError


def _exact(a: np.ndarray) -> list[list[Fraction]]:
    return [[Fraction(repr(x)) for x in row] for row in a.tolist()]


def _total(exact: list[list[Fraction]], pairs) -> Fraction:
    return sum((exact[int(i)][int(j)] for i, j in zip(*pairs)), Fraction(0))


def _matrix(rng: np.random.Generator, rows: int, cols: int, kind: int) -> np.ndarray:
    a = rng.random((rows, cols))
    if kind == 1:  # tiny entries beside ordinary ones
        a = np.where(rng.random((rows, cols)) < 0.3, a * 1e-4, a * 1e2)
    elif kind == 2:  # negative ones, exact zeros, -0.0
        a = a - 0.5
        a[rng.random((rows, cols)) < 0.05] = 0.0
        a[rng.random((rows, cols)) < 0.05] = -0.0
    elif kind == 3:  # magnitudes 10**-3 .. 10**3
        a = a * 10.0 ** rng.integers(-3, 4, size=(rows, cols))
    elif kind == 6:  # magnitudes 10**-6 .. 10**6: many entries below the floats' margin
        a = a * 10.0 ** rng.integers(-6, 7, size=(rows, cols))
    elif kind == 4:  # ties: a few full-precision values repeated
        a = rng.choice(rng.random(5) * 1e-3, size=(rows, cols))
    elif kind == 5:  # halves beside full precision: exact on the grid, few digits
        a = np.where(rng.random((rows, cols)) < 0.5, np.round(a * 8) / 8, a)
    return a


def _check(a: np.ndarray, maximize: bool) -> gridmatch.Assignment:
    ours = gridmatch.linear_sum_assignment(a, maximize=maximize)
    assert ours.exact and ours.gap == 0 and ours.verify()
    exact = _exact(a)
    mine = _total(exact, ours)
    # The independent exact path: the same decimals as objects, the i128 engine from scratch.
    other = gridmatch.linear_sum_assignment(
        np.array([[Decimal(repr(x)) for x in row] for row in a.tolist()], dtype=object),
        maximize=maximize,
    )
    assert other.exact and Fraction(other.total) == mine, (a, maximize)
    assert Fraction(ours.total) == mine and ours.total_float == float(mine)
    theirs = _total(exact, scipy_lsa(a, maximize=maximize))
    assert (mine >= theirs) if maximize else (mine <= theirs)
    return ours


def test_settled_answers_equal_the_exact_path() -> None:
    """Square 128² to 160² matrices of every kind above, min and max: the settled path (its
    proof keeps the floats) equals the i128 engine's optimum exactly, at least as good as
    scipy's, and verify() holds; a pickled proof verifies, with its digits made or not."""
    rng = np.random.default_rng(3602)
    settled = 0
    for trial in range(28):
        n = int(rng.choice([128, 129, 143, 160]))
        kind = trial % 7
        maximize = trial % 4 >= 2
        ours = _check(_matrix(rng, n, n, kind), maximize)
        proof = ours._proof
        if kind in (0, 1, 3):
            # Full precision: beyond ±2**59 at the common scale, settled from the guess.
            assert proof.floats is not None and proof.wide
        settled += proof.floats is not None
        back = pickle.loads(pickle.dumps(ours))
        assert back.verify() and back.total == ours.total
        if proof.floats is not None:
            # The digits made from the floats (verify made them) pickle too.
            assert proof.digits is not None and len(proof.digits) == n * n
            again = pickle.loads(pickle.dumps(ours))
            assert again._proof.floats is not None and again.verify()
    assert settled >= 12


def test_rectangular_and_small_matrices_take_the_other_paths() -> None:
    """Rectangular both ways and square below 128 rows: the same exact optimum (no settled
    proof); the settled path is for square matrices only."""
    rng = np.random.default_rng(3603)
    for trial, (rows, cols) in enumerate([(128, 140), (140, 128), (127, 127), (130, 200)]):
        ours = _check(_matrix(rng, rows, cols, trial % 4), trial % 2 == 1)
        assert ours._proof.floats is None


def test_guesses_the_floats_cannot_settle_fall_back() -> None:
    """Two kinds of matrix beside one 1.0 (the grid of the guess then has steps of 2**-57):
    entries 10**-5·(1 + r·10**-13), which differ by less than a step, so the guess is an
    arbitrary one among grid ties and cannot be settled (the exact costs are then made and
    solved from it); and entries in [10**-16, 2·10**-16), below every float comparison's
    margin, whose exact costs are made at once. Both exact, the optimum of the i128 engine
    on the same decimals, no settled proof."""
    rng = np.random.default_rng(3604)
    for trial in range(8):
        n = 128
        if trial % 2:
            a = (1 + rng.random((n, n))) * 1e-16
        else:
            a = 1e-5 * (1 + rng.random((n, n)) * 1e-13)
        a[int(rng.integers(n)), int(rng.integers(n))] = 1.0
        ours = _check(a, trial % 4 >= 2)
        assert ours._proof.floats is None


def test_tampered_settled_answers_are_refused() -> None:
    """A settled proof with a potential raised, an assigned float made dearer, a scale one
    decimal short, or two rows' columns swapped fails verify()."""
    rng = np.random.default_rng(3605)
    for maximize in (False, True):
        a = rng.random((150, 150))
        a[rng.random((150, 150)) < 0.1] *= 1e-5
        ours = _check(a, maximize)
        proof = ours._proof
        assert proof.floats is not None
        cls = type(proof)

        def bad(index: int, value, proof=proof, ours=ours, cls=cls) -> None:
            state = list(proof.__reduce__()[1])
            state[index] = value
            if index == 16:
                state[12] = state[13] = None  # the digits made again, from these floats
            with pytest.raises(CertificateError):
                gridmatch.Assignment(ours[0], ours[1], cls(*state)).verify()

        u = proof.row.copy()
        u[0] += 1
        bad(4, u)
        floats = np.array(proof.floats, dtype=np.float64)
        k = proof.col_of_row[0]
        floats[k] = np.nextafter(floats[k], np.inf if not maximize else -np.inf)
        bad(16, floats)
        bad(6, proof.decimals - 1)
        r, c = ours
        swapped = c.copy()
        swapped[[0, 1]] = swapped[[1, 0]]
        with pytest.raises(CertificateError):
            gridmatch.Assignment(r, swapped, proof).verify()
