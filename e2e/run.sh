#!/usr/bin/env bash
# Browser end-to-end test of `gridmatch serve`.
#
# Installs what is missing (Debian's chromium via apt-get, playwright-core via npm ci from the
# committed package-lock.json; never a downloaded browser build), builds the release binary, and
# runs e2e/playground.test.js. Screenshots land in e2e/screenshots/ (not committed).
# Exit status: 0 when every check passed.
set -euo pipefail
cd "$(dirname "$0")/.."

CHROMIUM="${CHROMIUM:-/usr/bin/chromium}"
export CHROMIUM

if [ ! -x "$CHROMIUM" ]; then
  echo "e2e: installing chromium with apt-get" >&2
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if ! command -v node >/dev/null 2>&1; then
  echo "e2e: node is missing (node 20 or newer is needed)" >&2
  exit 1
fi
node_major="$(node -p 'process.versions.node.split(".")[0]')"
if [ "$node_major" -lt 20 ]; then
  echo "e2e: node $(node --version) is too old: playwright-core needs node 20 or newer" >&2
  exit 1
fi

# playwright-core at the locked version, or a clean install from the lock file.
if ! (cd e2e && node -e '
  const want = require("./package-lock.json").packages["node_modules/playwright-core"].version;
  process.exit(require("playwright-core/package.json").version === want ? 0 : 1);
' >/dev/null 2>&1); then
  echo "e2e: installing playwright-core with npm ci" >&2
  (cd e2e && npm ci --no-audit --no-fund --loglevel=error)
fi

cargo build --release --quiet --bin gridmatch
# The binary cargo just built (CARGO_TARGET_DIR is honoured), unless GRIDMATCH_BIN says otherwise.
export GRIDMATCH_BIN="${GRIDMATCH_BIN:-${CARGO_TARGET_DIR:-target}/release/gridmatch}"

node e2e/playground.test.js
