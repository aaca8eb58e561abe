#!/usr/bin/env bash
# The Python checks, run by .ci/run with the virtualenv's python in which the built wheel is
# installed: python/ci.sh <venv-python>.
set -euxo pipefail; PY="$1"; cd "$(dirname "$0")"
# The stub (gridmatch/_core.pyi) says what the extension has: every class, attribute,
# function and signature (as rustworkx checks its stubs).
# Run from outside python/, so that the installed package is what is imported, not the
# sources beside this script.
(cd / && "$PY" -m mypy.stubtest gridmatch._core)
# The package's types, against the stub.
"$PY" -m mypy --strict gridmatch
"$PY" -m ruff check .
# From tests/, not python/: `python -m` puts the working directory first on sys.path, and
# python/gridmatch (the sources, without the built extension) would shadow the installed wheel.
(cd tests && "$PY" -m pytest -q -p no:cacheprovider .)
