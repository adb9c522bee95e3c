"""What every entry point does before Django starts: make sure the database server is up."""

import sys

from project import env, pgserver


def ensure_database_server() -> None:
    """Start the embedded PostgreSQL when no DATABASE_URL is configured."""
    if env.read("DATABASE_URL"):
        return
    if pgserver.is_running():
        return
    try:
        pgserver.start()
    except Exception as exc:  # a clear one-line error beats a traceback from pg_ctl
        sys.exit(f"tessera: could not start the embedded PostgreSQL in {pgserver.PGDATA}: {exc}")
