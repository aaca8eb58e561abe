"""Arrays into the extension: every array crosses as a C-contiguous ``int64`` NumPy array,
checked for shape and type here and for range in the extension. Every array handed back to
the caller is read-only: made so by the extension, or a fresh array passed through
:func:`frozen`."""

from __future__ import annotations

import operator
from typing import Any, TypeVar

import numpy as np
from numpy.typing import NDArray

_INT64_MAX = int(np.iinfo(np.int64).max)

_A = TypeVar("_A", bound="np.ndarray[Any, Any]")


def count(value: Any, what: str) -> int:
    """A whole number >= 0 given by the caller (``n``, ``n_left``, ...), or ``ValueError``."""
    try:
        v = operator.index(value)
    except TypeError:
        raise ValueError(f"{what}: found {value!r}, expected a whole number") from None
    if v < 0:
        raise ValueError(
            f"{what}: found {v}, expected a whole number\nhint: this number cannot be negative"
        )
    if v > _INT64_MAX:
        raise ValueError(f"{what}: found {v}, expected a whole number below 2**63")
    return v


def _describe(obj: Any) -> str:
    return type(obj).__name__


def pairs(
    obj: Any, what: str, empty_row: str = "an edge has two ends"
) -> NDArray[np.int64]:
    """``obj`` (an ``(m, 2)`` integer array, or any sequence or iterable of pairs of integers)
    as a C-contiguous ``(m, 2)`` ``int64`` array; ``ValueError`` for anything else.

    No rows at all (``[]``, shape ``(0,)``, ``(0, 0)`` or ``(0, 2)``) is the empty list; rows
    with nothing in them (``[()]``, shape ``(k, 0)`` with ``k > 0``) are refused, with
    ``empty_row`` as the hint: they are not pairs, and dropping them would change the answer
    (an empty clause makes a formula unsatisfiable)."""
    if isinstance(obj, np.ndarray):
        a = obj
    elif isinstance(obj, (str, bytes)):
        # ValueError, as for every bad input (the documented contract), not TypeError.
        raise ValueError(  # noqa: TRY004
            f"{what}: found {_describe(obj)}, expected an (m, 2) integer array or a sequence of "
            "pairs of integers"
        )
    else:
        if not isinstance(obj, (list, tuple)) and not hasattr(obj, "__array__"):
            try:
                obj = list(obj)
            except TypeError:
                raise ValueError(
                    f"{what}: found {_describe(obj)}, expected an (m, 2) integer array or a "
                    "sequence of pairs of integers"
                ) from None
        try:
            a = np.asarray(obj)
        except (ValueError, TypeError, OverflowError):
            raise ValueError(
                f"{what}: expected an (m, 2) integer array or a sequence of pairs of integers"
                "\nhint: some element is not a pair of integers"
            ) from None
    if a.ndim == 2 and a.shape[0] > 0 and a.shape[1] == 0:
        raise ValueError(
            f"{what}: found an array of shape {a.shape}, expected shape (m, 2)"
            f"\nhint: {what}[0] is empty: {empty_row}"
        )
    if a.size == 0 and (a.ndim == 1 or (a.ndim == 2 and a.shape[1] in (0, 2))):
        return np.empty((0, 2), dtype=np.int64)
    if a.dtype.kind not in "iu":
        raise ValueError(
            f"{what}: found an array of {a.dtype}, expected integers (an (m, 2) integer array)"
        )
    if a.ndim != 2 or a.shape[1] != 2:
        raise ValueError(f"{what}: found an array of shape {a.shape}, expected shape (m, 2)")
    if a.dtype.kind == "u" and a.dtype.itemsize == 8 and a.size and int(a.max()) > _INT64_MAX:
        big = int(a.max())
        raise ValueError(f"{what}: found {big}, expected a vertex number below 2**63")
    return np.ascontiguousarray(a, dtype=np.int64)


def frozen(a: _A) -> _A:
    """``a`` (an array made here, no one else's), made read-only, as every result is."""
    a.flags.writeable = False
    return a
