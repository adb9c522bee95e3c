#!/usr/bin/env bash
# Installs everything Tessera needs on a fresh machine; fast when already done.
# Used by `make run` and `make test` (and so by CI). Prints one clear line per failure.
set -euo pipefail
cd "$(dirname "$0")/.."

say() { printf '\033[1m==>\033[0m %s\n' "$*"; }
die() { printf 'tessera setup: %s\n' "$*" >&2; exit 1; }

find_python() {
  local candidates=("${TESSERA_PYTHON:-}" python3.13 python3.12 "$HOME/.pyenv/versions/"3.1[2-9]*/bin/python /root/.pyenv/versions/3.1[2-9]*/bin/python python3)
  for candidate in "${candidates[@]}"; do
    [ -n "$candidate" ] || continue
    command -v "$candidate" >/dev/null 2>&1 || [ -x "$candidate" ] || continue
    if "$candidate" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
      echo "$candidate"; return 0
    fi
  done
  return 1
}

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    die "need root to run: $* (install it yourself, then retry)"; fi
}

apt_install() {
  command -v apt-get >/dev/null || die "$1 is missing and this machine has no apt-get: install $1 yourself"
  say "installing $* (apt)"
  as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null || true
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

# 1. Python >= 3.12 and the virtual environment
if [ ! -x .venv/bin/python ] || ! .venv/bin/python -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' 2>/dev/null; then
  python=$(find_python) || die "Python >= 3.12 not found (set TESSERA_PYTHON to its path, or install python3.12)"
  say "creating .venv with $python"
  rm -rf .venv
  "$python" -m venv .venv
fi

# 2. Python packages, reinstalled only when the lock file changes
lock_sum=$(sha256sum requirements.lock | cut -d' ' -f1)
if [ "$(cat .venv/.lock-sum 2>/dev/null)" != "$lock_sum" ]; then
  say "installing Python packages (requirements.lock)"
  .venv/bin/python -m pip install -q --disable-pip-version-check --upgrade pip >/dev/null 2>&1
  # The machine-wide pip.conf may name local mirrors that do not exist here; its warnings are noise.
  .venv/bin/python -m pip install -q --disable-pip-version-check -r requirements.lock 2> >(grep -v "^WARNING: Location" >&2)
  echo "$lock_sum" > .venv/.lock-sum
fi

# 3. System packages: Chromium (slide rendering, screenshots, browser tests)
chromium=${TESSERA_CHROMIUM:-/usr/bin/chromium}
[ -x "$chromium" ] || apt_install chromium
[ -x "$chromium" ] || die "Chromium not found at $chromium after install"

# Redis is needed by the multi-process tests only when they run (CI); install it when absent.
if [ "${TESSERA_SETUP_REDIS:-${CI:-}}" != "" ] && ! command -v redis-server >/dev/null; then
  apt_install redis-server
fi

# pdflatex rebuilds the committed LaTeX test papers from their sources (tests/decks); CI
# installs it so those tests run there instead of being skipped.
if [ "${TESSERA_SETUP_TEX:-${CI:-}}" != "" ] && ! command -v pdflatex >/dev/null; then
  apt_install texlive-latex-base texlive-latex-recommended texlive-fonts-recommended
fi

# 4. npm packages, each folder reinstalled only when its lock file changes: the Slidev
#    renderer, and the official AG-UI client the tests drive the server with.
npm_folder() {
  local folder=$1 label=$2
  [ -f "$folder/package-lock.json" ] || return 0
  command -v npm >/dev/null || apt_install nodejs npm
  local npm_sum
  npm_sum=$(sha256sum "$folder/package-lock.json" | cut -d' ' -f1)
  if [ ! -d "$folder/node_modules" ] || [ "$(cat "$folder/node_modules/.lock-sum" 2>/dev/null)" != "$npm_sum" ]; then
    say "installing $label (npm ci)"
    (cd "$folder" && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund --loglevel=error >/dev/null)
    echo "$npm_sum" > "$folder/node_modules/.lock-sum"
  fi
}
npm_folder renderers/slidev "Slidev"
npm_folder tests/agui_client "the AG-UI client for tests"
