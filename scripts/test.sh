#!/usr/bin/env bash
# The whole suite: lint, then pytest against a real PostgreSQL, Chromium and Slidev.
# Starts the embedded PostgreSQL if it is not running and stops it again afterwards.
set -euo pipefail
cd "$(dirname "$0")/.."
.venv/bin/ruff check .
.venv/bin/ruff format --check .
started_db=0
if [ -z "${DATABASE_URL:-}" ] && [ "$(.venv/bin/python -m project.pgserver status)" != running ]; then
  .venv/bin/python -m project.pgserver start >/dev/null
  started_db=1
fi
cleanup() { if [ "$started_db" = 1 ]; then .venv/bin/python -m project.pgserver stop >/dev/null || true; fi; }
trap cleanup EXIT
DJANGO_SETTINGS_MODULE=project.settings.test .venv/bin/python -m pytest "$@"
