#!/usr/bin/env bash
# Builds the Python module into a virtual environment and runs its tests.
#
# The module is built in cargo's debug profile and with the feature
# `share-test-build`, so after `cargo test` only the module, pyo3 and numpy's
# crates are compiled. The environment lives in
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
# share-test-build: the same features for the crates the module shares with
# `cargo test`, so that a run after it builds only the module and pyo3.
maturin develop --quiet --features share-test-build --manifest-path "$here/Cargo.toml"
cd "$here"
python -m pytest -q tests
