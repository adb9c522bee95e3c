"""Database roles and connection settings (ARCHITECTURE.md, "Database roles").

`provision()` is the single code path that creates the roles and the database, for the
embedded server and for a server given by DATABASE_URL alike. It is idempotent.

Each login role has its own secret (`role_password`). Web processes, workers and the gateway
read only the secrets of `RUNTIME_ROLES`; the owner's is read by maintenance code alone
(`project/maintenance.py`, provisioning).
"""

import os
import secrets
from dataclasses import dataclass
from urllib.parse import unquote, urlparse

import psycopg
from psycopg import sql

from project import env, pgserver

OWNER = "tessera_owner"
APP = "tessera_app"
GATEWAY = "tessera_gateway"
QUERY = "tessera_query"
LOGIN_ROLES = (OWNER, APP, GATEWAY)
# What a web process, a worker and the gateway connect as; never the owner.
RUNTIME_ROLES = (APP, GATEWAY)

PASSWORD_VARIABLES = {
    OWNER: "TESSERA_DB_OWNER_PASSWORD",
    APP: "TESSERA_DB_APP_PASSWORD",
    GATEWAY: "TESSERA_DB_GATEWAY_PASSWORD",
}
SECRETS_DIR = env.VAR_DIR / "secrets"


@dataclass(frozen=True)
class ServerAddress:
    host: str
    port: str


def admin_url() -> str:
    """URL of a role allowed to create roles and databases."""
    return env.read("DATABASE_URL") or pgserver.admin_uri()


def server_address() -> ServerAddress:
    """Where the server listens. Only host and port are taken from DATABASE_URL: its
    credentials are the administrator's, for provisioning."""
    url = env.read("DATABASE_URL")
    if url:
        parsed = urlparse(url)
        return ServerAddress(parsed.hostname or "localhost", str(parsed.port or 5432))
    directory = pgserver.socket_dir() or pgserver.PGDATA
    # The embedded server listens on its Unix socket only, never on TCP.
    return ServerAddress(str(directory), "5432")


def role_password(role: str) -> str:
    """The login role's own secret: its environment variable, or a random one generated once
    and kept in var/secrets/<role> (readable by this user only)."""
    configured = env.read(PASSWORD_VARIABLES[role])
    if configured:
        return configured
    path = SECRETS_DIR / role
    if not path.exists():
        SECRETS_DIR.mkdir(parents=True, exist_ok=True, mode=0o700)
        SECRETS_DIR.chmod(0o700)
        # O_EXCL: two processes starting at once keep the first one's secret.
        try:
            with open(path, "x", opener=_private_opener) as file:
                file.write(secrets.token_urlsafe(32))
        except FileExistsError:
            pass
    return path.read_text().strip()


def _private_opener(path: str, flags: int) -> int:
    return os.open(path, flags, 0o600)


def database_name() -> str:
    return env.read("TESSERA_DB_NAME")


def connection_params(role: str, name: str) -> dict[str, str]:
    """psycopg connection parameters of one login role on database `name`."""
    address = server_address()
    return {
        "dbname": name,
        "user": role,
        "password": role_password(role),
        "host": address.host,
        "port": address.port,
        "application_name": f"tessera:{role}",
    }


def conninfo(role: str, name: str) -> str:
    return psycopg.conninfo.make_conninfo(**connection_params(role, name))


# Connections a process's pool keeps open at least and lends at most (Django's run-time alias).
POOL_SIZE = (2, 20)


def django_database(role: str, name: str, *, pooled: bool = False) -> dict:
    """Django's entry for the role. `pooled`: connections are lent from a process-wide pool
    instead of kept per thread. Django's ASGI handler runs each request's sync code on a new
    thread, so a connection per thread was a new PostgreSQL backend (fork, authentication,
    catalog caches) for every request (docs/scaling.md)."""
    params = connection_params(role, name)
    config = {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": name,
        "USER": role,
        "PASSWORD": params["password"],
        "HOST": params["host"],
        "PORT": params["port"],
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {"application_name": params["application_name"]},
        "TEST": {"NAME": name},
    }
    if pooled:  # a pool and persistent connections exclude each other in Django
        min_size, max_size = POOL_SIZE
        config["CONN_MAX_AGE"] = 0
        config["OPTIONS"]["pool"] = {"min_size": min_size, "max_size": max_size}
    return config


def _admin_connect(dbname: str | None = None) -> psycopg.Connection:
    url = admin_url()
    if dbname is None:
        return psycopg.connect(url, autocommit=True)
    parsed = urlparse(url)
    params = psycopg.conninfo.conninfo_to_dict(url)
    params["dbname"] = dbname
    if parsed.password:
        params["password"] = unquote(parsed.password)
    return psycopg.connect(**params, autocommit=True)


def _ensure_role(cur: psycopg.Cursor, role: str, *, login: bool, inherit: bool = True) -> None:
    cur.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (role,))
    if cur.fetchone() is None:
        cur.execute(sql.SQL("CREATE ROLE {}").format(sql.Identifier(role)))
    options = [
        "LOGIN" if login else "NOLOGIN",
        "INHERIT" if inherit else "NOINHERIT",
        "NOSUPERUSER",
        "NOCREATEDB",
        "NOCREATEROLE",
        "NOBYPASSRLS",
    ]
    cur.execute(sql.SQL("ALTER ROLE {} " + " ".join(options)).format(sql.Identifier(role)))
    if login:
        cur.execute(
            sql.SQL("ALTER ROLE {} PASSWORD {}").format(
                sql.Identifier(role), sql.Literal(role_password(role))
            )
        )
        # Django sets TimeZone on connect only when it differs; UTC by default avoids the
        # set_config call for roles that may not execute it.
        cur.execute(sql.SQL("ALTER ROLE {} SET timezone = 'UTC'").format(sql.Identifier(role)))


def provision(name: str | None = None) -> str:
    """Create roles and the database `name` if missing, and (re)apply their privileges."""
    name = name or database_name()
    with _admin_connect() as conn, conn.cursor() as cur:
        _ensure_role(cur, OWNER, login=True)
        _ensure_role(cur, APP, login=True)
        # NOINHERIT: the gateway's login role holds no table privilege of its own; it only
        # reaches tessera_query's SELECTs after `SET LOCAL ROLE tessera_query`.
        _ensure_role(cur, GATEWAY, login=True, inherit=False)
        _ensure_role(cur, QUERY, login=False)
        cur.execute(
            sql.SQL("GRANT {} TO {}").format(sql.Identifier(QUERY), sql.Identifier(GATEWAY))
        )
        if not env.read("DATABASE_URL"):
            pgserver.require_passwords(cur)
        cur.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
        if cur.fetchone() is None:
            cur.execute(
                sql.SQL("CREATE DATABASE {} OWNER {} ENCODING 'UTF8' TEMPLATE template0").format(
                    sql.Identifier(name), sql.Identifier(OWNER)
                )
            )
    with _admin_connect(name) as conn, conn.cursor() as cur:
        _apply_database_privileges(cur, name)
    return name


SIDE_EFFECT_FUNCTIONS = """
    SELECT p.oid::regprocedure::text FROM pg_proc p
    JOIN pg_namespace n ON n.oid = p.pronamespace
    WHERE n.nspname = 'pg_catalog'
      AND (p.proname LIKE 'pg\\_advisory%' OR p.proname LIKE 'pg\\_try\\_advisory%'
           OR p.proname = 'pg_notify')
"""


def _apply_database_privileges(cur: psycopg.Cursor, name: str) -> None:
    ident = sql.Identifier
    cur.execute(sql.SQL("REVOKE ALL ON DATABASE {} FROM PUBLIC").format(ident(name)))
    for role in LOGIN_ROLES:
        cur.execute(sql.SQL("GRANT CONNECT ON DATABASE {} TO {}").format(ident(name), ident(role)))
    # The demo seed stages rows in temporary tables: COPY cannot write through RLS directly.
    cur.execute(sql.SQL("GRANT TEMPORARY ON DATABASE {} TO {}").format(ident(name), ident(OWNER)))
    cur.execute(sql.SQL("REVOKE CREATE ON SCHEMA public FROM PUBLIC"))
    cur.execute(sql.SQL("ALTER SCHEMA public OWNER TO {}").format(ident(OWNER)))
    cur.execute(sql.SQL("GRANT USAGE ON SCHEMA public TO {}, {}").format(ident(APP), ident(QUERY)))
    # set_config is how trusted code binds the tenant; agent SQL (tessera_query) must not
    # be able to call it, so it is revoked from PUBLIC and granted to the login roles only.
    cur.execute("REVOKE EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) FROM PUBLIC")
    for role in LOGIN_ROLES:
        cur.execute(
            sql.SQL(
                "GRANT EXECUTE ON FUNCTION pg_catalog.set_config(text, text, boolean) TO {}"
            ).format(ident(role))
        )
    # Side effects a READ ONLY transaction still allows (advisory locks, notifications) are
    # refused to agent SQL by the database itself, not only by the gateway's parser.
    cur.execute(SIDE_EFFECT_FUNCTIONS)
    for (signature,) in cur.fetchall():
        cur.execute(sql.SQL("REVOKE EXECUTE ON FUNCTION {} FROM PUBLIC").format(sql.SQL(signature)))
        cur.execute(
            sql.SQL("GRANT EXECUTE ON FUNCTION {} TO {}, {}").format(
                sql.SQL(signature), ident(OWNER), ident(APP)
            )
        )
    cur.execute(
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {} IN SCHEMA public "
            "GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO {}"
        ).format(ident(OWNER), ident(APP))
    )
    cur.execute(
        sql.SQL(
            "ALTER DEFAULT PRIVILEGES FOR ROLE {} IN SCHEMA public "
            "GRANT USAGE, SELECT ON SEQUENCES TO {}"
        ).format(ident(OWNER), ident(APP))
    )
