"""The data rules of the database, read from its catalog, and one mutant per way of breaking
each: the harness (`harness.py`) applies one at a time to a scratch copy and expects the
rules tests to fail.

Read from the catalog, so a new rule is mutated without editing this file:

- every row-level security policy (`pg_policies`): dropped, and loosened to `true`;
- every table with row-level security: disabled, and no longer forced on the owner;
- every function our provisioning revokes from PUBLIC (pg_catalog functions whose access
  list names a tessera_* role: set_config, advisory locks, pg_notify): granted to PUBLIC;
- every trigger, CHECK constraint and tenant-safe foreign key (one that includes
  tenant_id) of the ERP and hiring-pipeline tables (`erp_*`): disabled or dropped.
"""

import json
from dataclasses import asdict, dataclass

from psycopg import sql

POLICIES = """
    SELECT tablename, policyname, cmd, permissive FROM pg_policies
     WHERE schemaname = 'public' ORDER BY tablename, policyname
"""
RLS_TABLES = """
    SELECT c.relname, c.relforcerowsecurity FROM pg_class c
     WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r' AND c.relrowsecurity
     ORDER BY 1
"""
REVOKED_FUNCTIONS = """
    SELECT p.oid::regprocedure::text FROM pg_proc p
     WHERE p.pronamespace = 'pg_catalog'::regnamespace
       AND EXISTS (SELECT 1 FROM aclexplode(p.proacl) a
                    WHERE a.grantee <> 0 AND pg_get_userbyid(a.grantee) LIKE 'tessera\\_%')
       AND NOT EXISTS (SELECT 1 FROM aclexplode(p.proacl) a
                        WHERE a.grantee = 0 AND a.privilege_type = 'EXECUTE')
     ORDER BY 1
"""
RULE_TRIGGERS = """
    SELECT c.relname, t.tgname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
     WHERE NOT t.tgisinternal AND c.relnamespace = 'public'::regnamespace
       AND c.relname LIKE 'erp\\_%' ORDER BY 1, 2
"""
RULE_CONSTRAINTS = """
    SELECT c.relname, k.conname, k.contype FROM pg_constraint k
      JOIN pg_class c ON c.oid = k.conrelid
     WHERE c.relnamespace = 'public'::regnamespace AND c.relname LIKE 'erp\\_%'
       AND (k.contype = 'c'
            OR (k.contype = 'f' AND cardinality(k.conkey) > 1 AND EXISTS (
                SELECT 1 FROM pg_attribute a WHERE a.attrelid = k.conrelid
                   AND a.attnum = ANY (k.conkey) AND a.attname = 'tenant_id')))
     ORDER BY 1, 2
"""


@dataclass(frozen=True)
class Mutant:
    id: str
    kind: str
    target: str
    statements: tuple[str, ...]

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> "Mutant":
        data = json.loads(text)
        return cls(**{**data, "statements": tuple(data["statements"])})


def _q(conn, template: str, *names: str) -> str:
    return sql.SQL(template).format(*map(sql.Identifier, names)).as_string(conn)


def enumerate_mutants(conn) -> list[Mutant]:
    """Every mutant of the database `conn` is connected to (as a superuser)."""
    return [
        *_policy_mutants(conn),
        *_rls_mutants(conn),
        *_function_mutants(conn),
        *_trigger_mutants(conn),
        *_constraint_mutants(conn),
    ]


def _policy_mutants(conn):
    for table, policy, cmd, permissive in conn.execute(POLICIES).fetchall():
        target = f"{table}.{policy} ({permissive.lower()}, {cmd})"
        yield Mutant(
            f"policy-drop:{table}.{policy}",
            "drop policy",
            target,
            (_q(conn, "DROP POLICY {} ON {}", policy, table),),
        )
        # Loosen to "every row": USING for what reads, WITH CHECK for what writes.
        clauses = {
            "SELECT": " USING (true)",
            "DELETE": " USING (true)",
            "INSERT": " WITH CHECK (true)",
        }.get(cmd, " USING (true) WITH CHECK (true)")
        yield Mutant(
            f"policy-true:{table}.{policy}",
            "loosen policy",
            target,
            (_q(conn, "ALTER POLICY {} ON {}", policy, table) + clauses,),
        )


def _rls_mutants(conn):
    for table, forced in conn.execute(RLS_TABLES).fetchall():
        yield Mutant(
            f"rls-off:{table}",
            "disable row security",
            table,
            (_q(conn, "ALTER TABLE {} DISABLE ROW LEVEL SECURITY", table),),
        )
        if forced:
            yield Mutant(
                f"rls-unforced:{table}",
                "stop forcing row security",
                table,
                (_q(conn, "ALTER TABLE {} NO FORCE ROW LEVEL SECURITY", table),),
            )


def _function_mutants(conn):
    for (signature,) in conn.execute(REVOKED_FUNCTIONS).fetchall():
        yield Mutant(
            f"grant-public:{signature}",
            "grant a revoked function to PUBLIC",
            signature,
            (f"GRANT EXECUTE ON FUNCTION pg_catalog.{signature} TO PUBLIC",),
        )


def _trigger_mutants(conn):
    for table, trigger in conn.execute(RULE_TRIGGERS).fetchall():
        yield Mutant(
            f"trigger-off:{table}.{trigger}",
            "disable trigger",
            f"{table}.{trigger}",
            (_q(conn, "ALTER TABLE {} DISABLE TRIGGER {}", table, trigger),),
        )


def _constraint_mutants(conn):
    for table, constraint, kind in conn.execute(RULE_CONSTRAINTS).fetchall():
        yield Mutant(
            f"constraint-drop:{table}.{constraint}",
            "drop check" if kind == "c" else "drop tenant-safe key",
            f"{table}.{constraint}",
            (_q(conn, "ALTER TABLE {} DROP CONSTRAINT {}", table, constraint),),
        )
