"""The one place that reads the process environment.

Every setting Tessera takes from the environment is declared here with its default and a
one-line help text; `tests/test_settings_documented.py` fails when one is missing from the
README's configuration table.
"""

import os
from dataclasses import dataclass
from pathlib import Path

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = Path(os.environ.get("TESSERA_VAR_DIR", BASE_DIR / "var"))


@dataclass(frozen=True)
class Variable:
    name: str
    default: str
    help: str


VARIABLES: dict[str, Variable] = {
    v.name: v
    for v in [
        Variable(
            "DJANGO_SETTINGS_MODULE",
            "project.settings.dev",
            "Settings module: dev, test or production.",
        ),
        Variable(
            "TESSERA_SECRET_KEY",
            "",
            "Django secret key; required in production, generated and kept in var/ otherwise.",
        ),
        Variable("TESSERA_DEBUG", "", "Set to 1 to turn on Django's debug pages (dev only)."),
        Variable(
            "TESSERA_ALLOWED_HOSTS",
            "localhost,127.0.0.1,[::1]",
            "Comma-separated host names the app answers to.",
        ),
        Variable("TESSERA_HOST", "127.0.0.1", "Interface `make run` binds daphne to."),
        Variable("TESSERA_PORT", "8000", "Port `make run` binds daphne to."),
        Variable(
            "DATABASE_URL",
            "",
            "PostgreSQL admin URL (superuser or CREATEROLE+CREATEDB). Empty: an embedded server in var/pgdata.",
        ),
        Variable(
            "TESSERA_DB_NAME", "tessera", "Database name Tessera creates and uses on that server."
        ),
        Variable(
            "TESSERA_DB_OWNER_PASSWORD",
            "",
            "Password of tessera_owner (migrations, demo seed); generated and kept in var/secrets/ when empty. Give it to maintenance commands only.",
        ),
        Variable(
            "TESSERA_DB_APP_PASSWORD",
            "",
            "Password of tessera_app (web processes, workers); generated and kept in var/secrets/ when empty.",
        ),
        Variable(
            "TESSERA_DB_GATEWAY_PASSWORD",
            "",
            "Password of tessera_gateway (the SQL gateway's pool); generated and kept in var/secrets/ when empty.",
        ),
        Variable(
            "REDIS_URL",
            "",
            "Redis URL for the channel layer and shared rate-limit counters; empty: in-memory, one process.",
        ),
        Variable(
            "TESSERA_VAR_DIR", "var", "Folder for local state: database files, decks, secrets."
        ),
    ]
}


def read(name: str) -> str:
    """Value of a declared variable, or its default."""
    variable = VARIABLES[name]
    return os.environ.get(name, variable.default)


def read_bool(name: str) -> bool:
    return read(name).strip().lower() in {"1", "true", "yes", "on"}


def read_int(name: str, error: type[Exception] = SystemExit) -> int:
    raw = read(name)
    try:
        return int(raw)
    except ValueError as exc:
        raise error(f"{name} must be a whole number, got {raw!r}") from exc


def read_positive_int(name: str, error: type[Exception] = SystemExit) -> int:
    """A count setting (1 or more); `error` is the exception its caller reports bad values with."""
    value = read_int(name, error)
    if value < 1:
        raise error(f"{name} must be at least 1, got {value}")
    return value


def read_positive_float(name: str, error: type[Exception] = SystemExit, unit: str = "") -> float:
    """A duration or rate setting (greater than 0), `unit` named in the error ("seconds")."""
    raw = read(name)
    try:
        value = float(raw)
    except ValueError as exc:
        what = f"a number of {unit}" if unit else "a number"
        raise error(f"{name} must be {what}, got {raw!r}") from exc
    if value <= 0:
        raise error(f"{name} must be greater than 0, got {raw!r}")
    return value


def read_list(name: str) -> list[str]:
    return [item.strip() for item in read(name).split(",") if item.strip()]


def declare(name: str, default: str, help: str) -> None:
    """Let an app declare its own variable (still read through this module)."""
    VARIABLES[name] = Variable(name, default, help)
