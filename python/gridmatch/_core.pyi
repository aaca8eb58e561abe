"""Type stubs of the extension module (python/src/): arrays are ``bytes`` of native ``int64``
(vertex ids, ``-1`` for none; DIMACS literals) or ``uint8`` (classes, winners, models)."""

from typing import Optional

__version__: str

Cell = tuple[int, int]

def max_matching(edges: bytes, n: Optional[int] = None) -> tuple[int, bytes, bytes, bool, bytes]:
    """``(n, pairs, mate, bipartite, proof)``: the proof is a König cover if ``bipartite``,
    else a Tutte–Berge barrier."""

def bipartite_matching(
    edges: bytes, n_left: int, n_right: int
) -> tuple[bytes, bytes, bytes, bytes, bytes]:
    """``(pairs, mate_left, mate_right, cover_left, cover_right)``."""

def classify(edges: bytes, n_left: int, n_right: int) -> bytes:
    """One byte per edge: 0 in no maximum matching, 1 in some, 2 in every."""

def geography(edges: bytes, n: Optional[int] = None) -> tuple[int, bytes]:
    """``(n, winners)``: one byte per vertex, 0 Alice, 1 Bob."""

def verify_matching(
    n: int, edges: bytes, pairs: bytes, cover: bool, proof: bytes
) -> Optional[str]:
    """``None`` if the certificate holds, else why not."""

def verify_bipartite(
    n_left: int, n_right: int, edges: bytes, pairs: bytes, cover_left: bytes, cover_right: bytes
) -> Optional[str]:
    """``None`` if the certificate holds, else why not."""

def max_weight_matching(
    edges: bytes,
    weights: bytes,
    n: Optional[int] = None,
    objective: str = "max",
    cardinality: str = "any",
) -> tuple[int, tuple[bool, bytes, bytes, int, int, bytes, bytes, bytes, bytes, int, bytes]]:
    """``(n, (optimum, pairs, pair_weights, total, shift, vertex, blossom_offsets,
    blossom_vertices, blossom_duals, proof_kind, proof))``: duals doubled, blossom ``b`` is
    ``blossom_vertices[offsets[b]:offsets[b + 1]]``, ``proof_kind`` 0 none, 1 a König cover,
    2 a Tutte–Berge barrier; ``optimum`` false: no perfect matching (pairs and proof only)."""

def verify_weighted(
    n: int,
    edges: bytes,
    weights: bytes,
    objective: str,
    cardinality: str,
    optimum: bool,
    pairs: bytes,
    pair_weights: bytes,
    total: int,
    shift: int,
    vertex: bytes,
    blossom_offsets: bytes,
    blossom_vertices: bytes,
    blossom_duals: bytes,
    proof_kind: int,
    proof: bytes,
) -> Optional[str]:
    """``None`` if the certificate holds, else why not."""

def weighted_json(
    n: int,
    decimals: int,
    objective: str,
    cardinality: str,
    optimum: bool,
    pairs: bytes,
    pair_weights: bytes,
    total: int,
    shift: int,
    vertex: bytes,
    blossom_offsets: bytes,
    blossom_vertices: bytes,
    blossom_duals: bytes,
    proof_kind: int,
    proof: bytes,
) -> str:
    """The ``gridmatch match --weights --json`` record."""

def assign_dense(cost: bytes, rows: int, cols: int) -> bytes:
    """Each row's column (``rows <= cols``)."""

def assign_sparse(rows: int, cols: int, entries: bytes, costs: bytes) -> Optional[bytes]:
    """Each row's column, or ``None`` if no assignment covers every row."""

def two_sat(n: int, clauses: bytes) -> tuple[bool, bytes, bytes]:
    """``(True, model, b"")`` or ``(False, chain, chain_clauses)``."""

def two_sat_backbone(n: int, clauses: bytes) -> Optional[bytes]:
    """The literals true in every model, or ``None``."""

def two_sat_second_model(n: int, clauses: bytes, model: bytes) -> Optional[bytes]:
    """Another model, or ``None``."""

def rooks(board: str, roles: bool = False) -> str:
    """The ``--json`` record."""

def lpuzzle(board: str, unique: bool = False, forced: bool = False) -> str:
    """The ``--json`` record."""

def king(
    board: str, moves: str = "king"
) -> tuple[str, tuple[Optional[Cell], list[tuple[Cell, Cell]]]]:
    """The ``--json --all`` record and the winner's plan ``(first move, replies)``."""

def verify_record(record: str) -> Optional[str]:
    """``None`` if the record's certificate holds, else why not."""
