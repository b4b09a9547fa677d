# Shared by scripts/serve and scripts/test: make .venv with the machine's Python 3.11.
# Debian keeps venv in a separate package (python3-venv); install it when it is missing.
set -euo pipefail

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi
}

PYTHON=${PYTHON:-python3}
if [ ! -x .venv/bin/python ]; then
  if ! "$PYTHON" -m venv .venv 2>/dev/null; then
    echo "Installing Debian's python3-venv (needed to make .venv)..."
    rm -rf .venv
    as_root apt-get update -qq
    as_root apt-get install -y -qq python3-venv
    "$PYTHON" -m venv .venv
  fi
  .venv/bin/python -m pip install -q --upgrade pip
fi
