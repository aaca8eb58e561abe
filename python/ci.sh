#!/usr/bin/env bash
# The Python package's checks, run by .ci/run against the wheel it built and installed in a
# fresh virtualenv: `python/ci.sh VENV_PYTHON` (GRIDMATCH_BIN: the gridmatch binary, for the
# tests that compare with the command line). Nothing here builds Rust: .ci/run runs it with no
# Rust toolchain on PATH, so the tests see the wheel a package index would serve.
set -euxo pipefail
PY="$1"
cd "$(dirname "$0")"
"$PY" -m pip install -q --only-binary=:all: -r requirements-test.txt
# dask and distributed (tests/test_dask.py) by the README's own line, as a user pastes it: a pinned
# pair, since each distributed requires its own dask and an unpinned pair can resolve to an old
# distributed that fails on import. The import check keeps test_dask.py from being skipped.
dask_line=$(grep -o 'pip install "dask\[bag\]==[0-9.]*" "distributed==[0-9.]*"' ../README.md)
eval "\"\$PY\" -m $dask_line -q --only-binary=:all:"
"$PY" -c 'import dask.bag, dask.distributed'
# `python -m` puts the current directory (python/, which holds the pure-Python sources but not
# the compiled _core) first on sys.path; PYTHONSAFEPATH (3.11+) keeps it off, and the check
# below fails if the package were imported from anywhere but the installed wheel.
export PYTHONSAFEPATH=1
"$PY" -c 'import gridmatch, sysconfig, pathlib as p; f = p.Path(gridmatch.__file__).resolve(); assert f.is_relative_to(p.Path(sysconfig.get_paths()["platlib"]).resolve()), f; print("gridmatch", gridmatch.__version__, "from", f.parent)'
# The stub (gridmatch/_core.pyi) says what the extension has: every class, attribute,
# function and signature (as rustworkx checks its stubs); the package's types against it; lint.
"$PY" -m mypy.stubtest gridmatch._core
"$PY" -m mypy --strict gridmatch
"$PY" -m ruff check .
"$PY" -m pytest -q -p no:cacheprovider tests
# scipy's and networkx's own tests of the functions gridmatch stands in for
# (optimize/tests/test_linear_assignment.py, algorithms/tests/test_matching.py, taken from the
# packages installed above), run with gridmatch's functions swapped in by peers/conftest.py;
# the differences it expects are listed there and in README.md.
peers=$(mktemp -d)
cp peers/conftest.py "$peers/"
"$PY" -c 'import pathlib, scipy.optimize.tests as s, networkx.algorithms.tests as n
print(pathlib.Path(s.__file__).parent / "test_linear_assignment.py")
print(pathlib.Path(n.__file__).parent / "test_matching.py")' | while read -r f; do cp "$f" "$peers/"; done
"$PY" -m pytest -q -p no:cacheprovider "$peers"
rm -rf "$peers"
