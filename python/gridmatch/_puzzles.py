"""The board puzzles: each answer is the command line's ``--json`` certificate read into a
typed object (:class:`Rooks`, :class:`Lpuzzle`, :class:`King`, from the extension), whose
``verify()`` runs the same independent verifier as ``gridmatch verify`` and whose
``_repr_svg_()`` is the drawing of ``--svg`` (shown by Jupyter)."""

from __future__ import annotations

from . import _core
from ._core import King, KingStrategy, Lpuzzle, Reason, Rooks

__all__ = ["King", "KingStrategy", "Lpuzzle", "Reason", "Rooks", "king", "lpuzzle", "rooks"]

Cell = tuple[int, int]
"""A board cell ``(row, col)``, both from 0."""


def rooks(board: str, *, roles: bool = False) -> Rooks:
    """Rooks (UVa 12668 "Attacking Rooks"): the most non-attacking rooks on a board of ``.``
    (empty) and ``X`` (pawns); a rook attacks along its row and column up to a pawn.

    ``board``: the rows separated by newlines, any rectangle (blank lines around it, CRLF and
    trailing blanks are ignored). ``roles=True`` adds :attr:`Rooks.roles`. Raises
    ``ValueError`` with the command line's message for a bad board.

    >>> rooks("X....\\nX....\\n..X..\\n.X...\\n....X").answer
    7
    """
    return _core.rooks(board, roles)


def lpuzzle(board: str, *, unique: bool = False, forced: bool = False) -> Lpuzzle:
    """L-puzzle (NWERC 2011 "Piece it together"): can the pattern of ``B`` (black), ``W``
    (white) and ``.`` (empty) cells be built of L pieces, each a black corner with one white
    above or below and one left or right? A tiling, or the reason there is none (a count, a
    stranded black, or a chain of forced choices). ``unique`` / ``forced`` add what the
    command line's ``--unique`` / ``--forced`` add.

    >>> lpuzzle("BWW.\\nWWBW\\n..WB").answer
    True
    """
    return _core.lpuzzle(board, unique, forced)


def king(board: str, moves: str = "king") -> King:
    """King (GCJ 2008): players alternately move a piece from the board's single ``K`` to a
    free (``.``), unvisited square; ``#`` is burned; who cannot move loses. ``moves``:
    ``king`` (8 neighbours, the GCJ game), ``wazir``, ``ferz`` or ``knight``.

    >>> king("K#\\n.#\\n.#\\n.#").winner
    'A'
    """
    return _core.king(board, moves)
