"""The board puzzles: each answer is the command line's ``--json`` certificate, read into an
object, and ``verify()`` runs the same independent verifier as ``gridmatch verify``."""

from __future__ import annotations

import json
from typing import Any, Optional

from . import _core
from ._graphs import CertificateError

Cell = tuple[int, int]
"""A board cell ``(row, col)``, both from 0."""


class _Record:
    """A solved board: its ``--json`` record."""

    __slots__ = ("_json", "record")

    def __init__(self, line: str) -> None:
        self._json = line
        self.record: dict[str, Any] = json.loads(line)
        """The record as a dict (the JSON the command line's ``--json`` writes)."""

    @property
    def board(self) -> list[str]:
        """The board's rows."""
        rows: list[str] = self.record["board"]
        return rows

    def to_json(self) -> str:
        """The certificate as one JSON line, as ``gridmatch … --json`` writes it (``gridmatch
        verify`` checks it)."""
        return self._json

    def verify(self) -> None:
        """Checks the certificate against the board with the puzzle's independent verifier.
        Raises :class:`CertificateError` naming the first rule broken."""
        why = _core.verify_record(self._json)
        if why is not None:
            raise CertificateError(why)


def _cell(p: list[int]) -> Cell:
    return (p[0], p[1])


class Rooks(_Record):
    """The most rooks that do not attack each other (UVa 12668), with the König cover of row
    and column runs that proves no placement has more."""

    __slots__ = ()

    @property
    def answer(self) -> int:
        """The most rooks."""
        n: int = self.record["answer"]
        return n

    def __len__(self) -> int:
        return self.answer

    @property
    def rooks(self) -> list[Cell]:
        """The rooks' cells, row-major."""
        return [_cell(p) for p in self.record["rooks"]]

    @property
    def cover_rows(self) -> list[tuple[int, int, int]]:
        """Row runs of the cover: ``(row, first_col, last_col)``."""
        return [(r, a, b) for r, a, b in self.record["cover"]["rows"]]

    @property
    def cover_cols(self) -> list[tuple[int, int, int]]:
        """Column runs of the cover: ``(col, first_row, last_row)``."""
        return [(c, a, b) for c, a, b in self.record["cover"]["cols"]]

    @property
    def roles(self) -> Optional[list[str]]:
        """With ``roles=True``: the board with ``R`` (a rook in every maximum placement), ``r``
        (in some), ``.`` (in none), ``X`` (pawns)."""
        roles: Optional[list[str]] = self.record.get("roles")
        return roles

    def picture(self) -> str:
        """The board with ``R`` on the rooks."""
        rows = [list(r) for r in self.board]
        for r, c in self.rooks:
            rows[r][c] = "R"
        return "\n".join("".join(r) for r in rows)

    def __repr__(self) -> str:
        return f"Rooks(answer={self.answer})"


def rooks(board: str, *, roles: bool = False) -> Rooks:
    """Rooks (UVa 12668 "Attacking Rooks"): the most non-attacking rooks on a board of ``.``
    (empty) and ``X`` (pawns); a rook attacks along its row and column up to a pawn.

    ``board``: the rows separated by newlines, any rectangle (blank lines around it, CRLF and
    trailing blanks are ignored). ``roles=True`` adds :attr:`Rooks.roles`. Raises
    ``ValueError`` with the command line's message for a bad board.

    >>> rooks("X....\\nX....\\n..X..\\n.X...\\n....X").answer
    7
    """
    return Rooks(_core.rooks(board, roles))


class Lpuzzle(_Record):
    """An L-puzzle answer (NWERC 2011 "Piece it together"): a tiling of the pattern by L
    pieces, or the reason there is none."""

    __slots__ = ()

    @property
    def answer(self) -> bool:
        """Whether the pattern can be built (the judge's YES)."""
        return bool(self.record["answer"] == "YES")

    def __bool__(self) -> bool:
        return self.answer

    @staticmethod
    def _pieces(ps: Optional[list[list[list[int]]]]) -> Optional[list[tuple[Cell, Cell, Cell]]]:
        if ps is None:
            return None
        return [(_cell(b), _cell(v), _cell(h)) for b, v, h in ps]

    @property
    def pieces(self) -> Optional[list[tuple[Cell, Cell, Cell]]]:
        """For YES, the tiling: ``(black corner, vertical arm, horizontal arm)`` per piece."""
        return self._pieces(self.record.get("pieces"))

    @property
    def reason(self) -> Optional[dict[str, Any]]:
        """For NO, why: ``kind`` (``count``, ``stranded`` or ``conflict``), ``message``, the
        culprit ``cells`` and the kind's own fields (``blacks``/``whites``; ``cell``/``axis``;
        the ``chain`` of forced choices ``{"cell": [r, c], "dir": "up"}``)."""
        reason: Optional[dict[str, Any]] = self.record.get("reason")
        return reason

    @property
    def unique(self) -> Optional[bool]:
        """With ``unique=True`` and YES: whether the tiling is the only one."""
        unique: Optional[bool] = self.record.get("unique")
        return unique

    @property
    def second(self) -> Optional[list[tuple[Cell, Cell, Cell]]]:
        """With ``unique=True``: a second, different tiling, if there is one."""
        return self._pieces(self.record.get("second"))

    @property
    def forced(self) -> Optional[list[tuple[Cell, Cell, Cell]]]:
        """With ``forced=True`` and YES: the pieces that are in every tiling."""
        return self._pieces(self.record.get("forced"))

    def __repr__(self) -> str:
        if self.answer:
            return f"Lpuzzle(YES, {len(self.pieces or [])} pieces)"
        return f"Lpuzzle(NO: {(self.reason or {}).get('message', '')})"


def lpuzzle(board: str, *, unique: bool = False, forced: bool = False) -> Lpuzzle:
    """L-puzzle (NWERC 2011 "Piece it together"): can the pattern of ``B`` (black), ``W``
    (white) and ``.`` (empty) cells be built of L pieces, each a black corner with one white
    above or below and one left or right? A tiling, or the reason there is none (a count, a
    stranded black, or a chain of forced choices). ``unique`` / ``forced`` add what the
    command line's ``--unique`` / ``--forced`` add.

    >>> lpuzzle("BWW.\\nWWBW\\n..WB").answer
    True
    """
    return Lpuzzle(_core.lpuzzle(board, unique, forced))


class King(_Record):
    """Who wins the King game (GCJ 2008 "King") from the board's ``K``, with the certificate
    (maximum matchings and Tutte–Berge barriers), the winner from every square, and the
    winner's plan."""

    __slots__ = ("first_move", "replies")

    def __init__(self, line: str, plan: tuple[Optional[Cell], list[tuple[Cell, Cell]]]) -> None:
        super().__init__(line)
        self.first_move: Optional[Cell] = plan[0]
        """When Alice wins: her winning first move."""
        self.replies: list[tuple[Cell, Cell]] = plan[1]
        """When Bob wins: his reply to each first move of Alice, ``(Alice's move, Bob's)``."""

    @property
    def winner(self) -> str:
        """``"A"`` if Alice (who moves first) wins, ``"B"`` if Bob does."""
        w: str = self.record["answer"]
        return w

    @property
    def moves(self) -> str:
        """The move set: ``king``, ``wazir``, ``ferz`` or ``knight``."""
        m: str = self.record["moves"]
        return m

    @property
    def start(self) -> Cell:
        """The ``K`` square."""
        for r, row in enumerate(self.board):
            c = row.find("K")
            if c >= 0:
                return (r, c)
        raise ValueError("the board has no K")  # pragma: no cover - checked when solved

    @property
    def matching(self) -> list[tuple[Cell, Cell]]:
        """The maximum matching the winner plays along (``(cell, cell)`` pairs)."""
        return [((a, b), (c, d)) for a, b, c, d in self.record["matching"]]

    @property
    def barrier(self) -> list[Cell]:
        """A Tutte–Berge barrier proving the matching maximum."""
        return [_cell(p) for p in self.record["barrier"]]

    @property
    def barrier_without_start(self) -> Optional[list[Cell]]:
        """When Alice wins: a barrier of the board without the start, proving that every
        maximum matching covers the start."""
        b = self.record.get("barrier_without_start")
        return None if b is None else [_cell(p) for p in b]

    @property
    def map(self) -> list[str]:
        """Who wins from every square: rows of ``A``/``B``, ``#`` on burned squares."""
        m: list[str] = self.record["map"]
        return m

    def __repr__(self) -> str:
        return f"King(winner={self.winner!r}, moves={self.moves!r})"


def king(board: str, moves: str = "king") -> King:
    """King (GCJ 2008): players alternately move a piece from the board's single ``K`` to a
    free (``.``), unvisited square; ``#`` is burned; who cannot move loses. ``moves``:
    ``king`` (8 neighbours, the GCJ game), ``wazir``, ``ferz`` or ``knight``.

    >>> king("K#\\n.#\\n.#\\n.#").winner
    'A'
    """
    line, plan = _core.king(board, moves)
    return King(line, plan)
