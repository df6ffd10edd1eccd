#!/usr/bin/env bash
# Builds the Python module into a virtual environment and runs its tests.
#
# The module is built in cargo's debug profile, so after `cargo test` only
# ropkit and the module itself are compiled again. The environment lives in
# python/.venv (or $ROPKIT_VENV) and is reused by later runs.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
venv="${ROPKIT_VENV:-$here/.venv}"

if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
fi
# shellcheck disable=SC1091
source "$venv/bin/activate"
python -m pip install --quiet --disable-pip-version-check "maturin>=1.8,<2" "numpy>=1.21" pytest "dask[distributed]" pyarrow pandas
maturin develop --quiet --manifest-path "$here/Cargo.toml"
cd "$here"
python -m pytest -q tests
