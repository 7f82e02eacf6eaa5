#!/usr/bin/env bash
# Creates the project's virtual environment (.venv/ by default) with a Python
# >= 3.12 and the pinned jax/jaxlib of python-bindings/requirements.txt. Never
# installs into the system Python. Idempotent: a venv whose pins are already
# satisfied is left alone (a stamp file records the requirements it holds).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
venv=${1:-$root/.venv}
req=${2:-$root/python-bindings/requirements.txt}
stamp=$venv/.gspmd-requirements

if [ -x "$venv/bin/python" ] && [ -f "$stamp" ] && cmp -s "$req" "$stamp"; then
  exit 0
fi

ok() { "$1" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; }
py=""
for cand in python3.13 python3.12 python3; do
  if p=$(command -v "$cand") && ok "$p"; then py=$p; break; fi
done
if [ -z "$py" ]; then
  for p in "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3; do
    if [ -x "$p" ] && ok "$p"; then py=$p; break; fi
  done
fi
if [ -z "$py" ]; then
  echo "error: the TPU path needs Python >= 3.12 (jax/jaxlib 0.12); none found" \
       "(looked for python3.13, python3.12, python3 on PATH and pyenv's versions/3.12+)." \
       "Install one (e.g. pyenv install 3.12) and re-run make." >&2
  exit 1
fi
echo "ensure-venv: creating $venv with $py" >&2
"$py" -m venv "$venv"
"$venv/bin/python" -m pip install --disable-pip-version-check -q -r "$req"
cp "$req" "$stamp"
