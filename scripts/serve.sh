#!/usr/bin/env bash
# Serve Tessera with daphne; stop the embedded PostgreSQL again when daphne exits.
set -euo pipefail
cd "$(dirname "$0")/.."
host=$1 port=$2
if [ -z "${DATABASE_URL:-}" ]; then .venv/bin/python -m project.pgserver start >/dev/null; fi
stop_db() { if [ -z "${DATABASE_URL:-}" ]; then .venv/bin/python -m project.pgserver stop >/dev/null || true; fi; }
trap stop_db EXIT
cat <<MSG

  Tessera is running at http://$host:$port/

  Demo logins (password: tessera-demo)
    ana    analyst at Acme
    hugo   HR manager at Acme
    vera   viewer at Acme
    gus    analyst at Globex
    ivo    analyst at Northwind (other departments)
    admin  administrator at Acme (also /admin/)

  Stop with Ctrl-C (this also stops the embedded PostgreSQL).

MSG
.venv/bin/python -m project.serve "$host" "$port"
