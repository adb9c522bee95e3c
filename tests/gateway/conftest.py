"""Fixtures for the gateway's tests: a superuser view of the database to observe effects, the
gateway's own sessions, and a way to switch the parser check off."""

from dataclasses import dataclass, field

import psycopg
import psycopg.sql
import pytest
from django.conf import settings

from apps.gateway import pool as gateway_pool
from apps.gateway.policy import Policy, default_policy
from apps.gateway.validation import ValidatedQuery
from project import database

LISTEN_CHANNEL = "tessera_attack"


def admin_conninfo() -> str:
    """The server's admin role on the test database: sees every row (superuser)."""
    params = psycopg.conninfo.conninfo_to_dict(database.admin_url())
    params["dbname"] = settings.DB_NAME
    return psycopg.conninfo.make_conninfo(**params)


@pytest.fixture(scope="session")
def admin(django_db_setup):
    with psycopg.connect(admin_conninfo(), autocommit=True) as conn:
        yield conn


@pytest.fixture(scope="session")
def tenant_ids(admin) -> dict[str, int]:
    return dict(admin.execute("SELECT slug, id FROM accounts_tenant").fetchall())


@pytest.fixture(scope="session", autouse=True)
def _close_gateway_pool():
    yield
    gateway_pool.close_pool()


@pytest.fixture
def hostile_policy() -> Policy:
    """The ERP policy with a short timeout, so denial-of-service attempts end quickly."""
    return default_policy(statement_timeout_ms=700)


def unchecked(sql: str, policy: Policy) -> ValidatedQuery:
    """A query that skipped validation: what the database layers face on their own."""
    return ValidatedQuery(
        sql=sql,
        parameters=(),
        max_rows=policy.max_rows,
        statement_timeout_ms=policy.statement_timeout_ms,
    )


# --- observing effects -------------------------------------------------------------------

SNAPSHOT_QUERIES = {
    "relations": """
        SELECT n.nspname, c.relname, c.relkind, c.relrowsecurity, c.relforcerowsecurity
          FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
         WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')
           AND n.nspname NOT LIKE 'pg\\_temp\\_%' AND n.nspname NOT LIKE 'pg\\_toast\\_temp\\_%'
         ORDER BY 1, 2
    """,
    # Only the tables agent SQL could reach; other apps' tests may share this database.
    "sequences": """
        SELECT sequencename, last_value FROM pg_sequences
         WHERE schemaname = 'public'
           AND (sequencename LIKE 'erp%' OR sequencename LIKE 'accounts%'
                OR sequencename LIKE 'auth%')
         ORDER BY 1
    """,
    "roles": """
        SELECT rolname, rolsuper, rolinherit, rolcreaterole, rolcreatedb, rolcanlogin,
               rolbypassrls, rolconfig
          FROM pg_roles WHERE rolname LIKE 'tessera%' ORDER BY 1
    """,
    "memberships": """
        SELECT r.rolname, m.rolname FROM pg_auth_members a
          JOIN pg_roles r ON r.oid = a.roleid JOIN pg_roles m ON m.oid = a.member
         WHERE r.rolname LIKE 'tessera%' OR m.rolname LIKE 'tessera%' ORDER BY 1, 2
    """,
    "query_role_privileges": """
        SELECT table_name, privilege_type FROM information_schema.role_table_grants
         WHERE grantee = 'tessera_query' ORDER BY 1, 2
    """,
    "set_config_privileges": """
        SELECT r.rolname,
               has_function_privilege(r.oid, 'pg_catalog.set_config(text,text,boolean)', 'EXECUTE')
          FROM pg_roles r WHERE r.rolname LIKE 'tessera%' ORDER BY 1
    """,
    "policies": """
        SELECT polrelid::regclass::text, polname, pg_get_expr(polqual, polrelid)
          FROM pg_policy ORDER BY 1, 2
    """,
    "database_settings": "SELECT setdatabase, setrole, setconfig FROM pg_db_role_setting ORDER BY 1, 2",
    # Held by the gateway's sessions (other apps' workers may hold their own).
    "advisory_locks": """
        SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
         WHERE l.locktype = 'advisory' AND a.usename = 'tessera_gateway'
    """,
    "prepared_transactions": "SELECT count(*) FROM pg_prepared_xacts",
}


WATCHED_TABLES = """
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relkind = 'r'
       AND (c.relname LIKE 'erp%' OR c.relname LIKE 'accounts%' OR c.relname = 'auth_user')
     ORDER BY 1
"""


def snapshot(admin: psycopg.Connection) -> dict:
    state = {name: admin.execute(query).fetchall() for name, query in SNAPSHOT_QUERIES.items()}
    for (table,) in admin.execute(WATCHED_TABLES).fetchall():
        state[f"rows of {table}"] = admin.execute(
            psycopg.sql.SQL(
                "SELECT count(*), md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) "
                "FROM {} t"
            ).format(psycopg.sql.Identifier(table))
        ).fetchone()
    return state


@dataclass
class Effects:
    """Everything an attack could change, observed before and after it."""

    admin: psycopg.Connection
    listener: psycopg.Connection
    sentinels: list[psycopg.Connection]
    before: dict = field(default_factory=dict)
    notifications: list = field(default_factory=list)

    def start(self) -> None:
        self.before = snapshot(self.admin)
        self.notifications.clear()

    def assert_unchanged(self) -> None:
        after = snapshot(self.admin)
        for name, rows in self.before.items():
            assert after[name] == rows, f"{name} changed"
        # Deliver any pending notification to the listener.
        self.listener.execute("SELECT 1")
        assert self.notifications == [], "a notification escaped the transaction"
        for sentinel in self.sentinels:
            assert sentinel.execute("SELECT 1").fetchone() == (1,), "a session was terminated"
        assert_gateway_sessions_clean()


def assert_gateway_sessions_clean() -> None:
    """Every idle connection in the gateway's pool is back to a pristine session."""
    pool = gateway_pool.get_pool()
    taken = []
    try:
        for _ in range(pool.get_stats().get("pool_available", 0)):
            taken.append(pool.getconn(timeout=5))
        for conn in taken:
            assert conn.info.transaction_status == psycopg.pq.TransactionStatus.IDLE
            row = conn.execute(
                "SELECT current_user, session_user, "
                "coalesce(current_setting('app.tenant_id', true), ''), "
                "coalesce(current_setting('app.role', true), ''), "
                "(SELECT count(*) FROM pg_listening_channels()), "
                "(SELECT count(*) FROM pg_prepared_statements), "
                "(SELECT count(*) FROM pg_cursors), "
                "(SELECT count(*) FROM pg_locks WHERE pid = pg_backend_pid() "
                "   AND locktype = 'advisory')"
            ).fetchone()
            assert row == (
                database.GATEWAY,
                database.GATEWAY,
                "",
                "",
                0,
                0,
                0,
                0,
            ), f"gateway session left dirty: {row}"
    finally:
        for conn in taken:
            pool.putconn(conn)


@pytest.fixture(scope="session")
def _effect_connections(django_db_setup):
    listener = psycopg.connect(admin_conninfo(), autocommit=True)
    listener.execute(f"LISTEN {LISTEN_CHANNEL}")
    sentinels = [
        psycopg.connect(database.conninfo(role, settings.DB_NAME), autocommit=True)
        for role in (database.GATEWAY, database.APP)
    ]
    yield listener, sentinels
    for conn in (listener, *sentinels):
        conn.close()


@pytest.fixture
def effects(admin, _effect_connections) -> Effects:
    listener, sentinels = _effect_connections
    observed = Effects(admin=admin, listener=listener, sentinels=sentinels)
    listener.add_notify_handler(observed.notifications.append)
    try:
        observed.start()
        yield observed
    finally:
        listener.remove_notify_handler(observed.notifications.append)


@pytest.fixture
def sentinel_pid(_effect_connections) -> int:
    _, sentinels = _effect_connections
    return sentinels[0].info.backend_pid
