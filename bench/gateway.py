"""Benchmark of the SQL gateway (issue 3). Prints figures; not a test.

    .venv/bin/python bench/gateway.py                      # default demo size (300 per tenant)
    .venv/bin/python bench/gateway.py --employees 300 20000

For the good corpus (tests/gateway/good_corpus.py) it prints:

- validation time per query, p50 and p99 over every call;
- for each data size, the median over queries of (gateway execution time / the same query
  run by raw psycopg as the table owner with an equivalent WHERE tenant filter), measured in
  the same run, interleaved;
- next to it, the pool's connection reuse rate (share of queries that found an open session)
  and the client CPU time per query of both paths (what a web process pays per query).

The gateway time is the whole `execute()` call: pool checkout, BEGIN READ ONLY, bound context,
SET LOCAL ROLE / timeout / search_path, the query, fetch, ROLLBACK and the session reset. The
baseline is the regenerated SQL with each ERP table replaced by `(SELECT * FROM t WHERE
tenant_id = N)`, sent on a plain connection of the owner role; row-level security is not
forced on the owner for the duration of the run (it still applies to the gateway's
tessera_query role). Everything runs in a private database, `tessera_bench` by default, so
the demo and test databases are left alone.
"""

import argparse
import os
import statistics
import sys
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

ERP_TABLES = ("erp_department", "erp_employee", "erp_salary")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--employees",
        type=int,
        nargs="+",
        default=[300],
        help="Employees per tenant, one run per size (default: 300, the demo size).",
    )
    parser.add_argument("--repeat", type=int, default=15, help="Timed runs per query (15).")
    parser.add_argument(
        "--validate-repeat", type=int, default=200, help="Validations per query (200)."
    )
    parser.add_argument(
        "--database", default="tessera_bench", help="Private database to use (tessera_bench)."
    )
    parser.add_argument("--as-of", default="2026-06-15", help="Seed's as-of date (2026-06-15).")
    parser.add_argument(
        "--show", type=int, default=0, help="Also list the N queries with the highest ratio."
    )
    args = parser.parse_args()

    os.environ["TESSERA_DB_NAME"] = args.database
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")
    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()

    from tests.gateway.good_corpus import GOOD

    print(f"good corpus: {len(GOOD)} queries")
    validation_figures(GOOD, args.validate_repeat)
    for employees in args.employees:
        execution_figures(GOOD, employees, date.fromisoformat(args.as_of), args)


# --- validation --------------------------------------------------------------------------


def validation_figures(corpus, repeat: int) -> None:
    from apps.gateway.policy import default_policy
    from apps.gateway.validation import validate

    policy = default_policy()
    samples = []
    per_query = []
    for good in corpus:
        validate(good.sql, policy=policy)  # warm-up
        times = []
        for _ in range(repeat):
            started = time.perf_counter()
            validate(good.sql, policy=policy)
            times.append((time.perf_counter() - started) * 1000)
        samples += times
        per_query.append((statistics.median(times), good.id))
    p50, p99 = _percentile(samples, 50), _percentile(samples, 99)
    slowest = max(per_query)
    print(
        f"validation: p50 {p50:.3f} ms, p99 {p99:.3f} ms per query "
        f"({len(samples)} calls; slowest query median {slowest[0]:.3f} ms: {slowest[1]})"
    )


# --- execution ---------------------------------------------------------------------------


def execution_figures(corpus, employees: int, as_of: date, args) -> None:
    import psycopg
    from django.conf import settings
    from django.core.management import call_command

    from apps.accounts.models import Tenant
    from apps.erp.demo import load
    from apps.gateway import execution
    from apps.gateway.execution import execute
    from apps.gateway.policy import default_policy
    from apps.gateway.pool import close_pool, pool_use
    from apps.gateway.validation import validate
    from project import database
    from project.maintenance import owner_database

    database.provision(settings.DB_NAME)
    with owner_database() as owner:
        call_command("migrate", database=owner, interactive=False, verbosity=0)
        if not load.matches(employees=employees, as_of=as_of, seed=7):
            started = time.perf_counter()
            report = load.seed(employees=employees, as_of=as_of, seed=7)
            print(
                f"seeded {report.employees} employees, {report.salaries} salary rows "
                f"in {time.perf_counter() - started:.1f} s"
            )
        tenant = Tenant.objects.using(owner).get(slug="acme")
    close_pool()

    context = _acme_context()
    policy = default_policy(statement_timeout_ms=120_000, max_rows=1000)
    owner = psycopg.connect(
        database.conninfo(database.OWNER, settings.DB_NAME),
        autocommit=True,
        cursor_factory=psycopg.RawCursor,
        prepare_threshold=None,
    )
    ratios = []
    gateway_total = raw_total = 0.0
    gateway_cpu, raw_cpu = [], []
    try:
        for table in ERP_TABLES:
            owner.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        employee_rows, salary_rows = owner.execute(
            "SELECT (SELECT count(*) FROM erp_employee), (SELECT count(*) FROM erp_salary)"
        ).fetchone()
        for good in corpus:
            query = validate(good.sql, policy=policy)
            values = execution.bind_parameters(query.parameters, good.params)
            baseline = _with_tenant_filter(query.sql, tenant.pk)
            # Warm both paths (caches, pool) before timing.
            gateway_rows = execute(query, context=context, params=good.params).rows
            raw_rows = owner.execute(baseline, values).fetchall()
            if len(gateway_rows) != min(len(raw_rows), query.max_rows):
                raise SystemExit(f"{good.id}: gateway and baseline disagree")
            gateway_times, raw_times = [], []
            for _ in range(args.repeat):
                started, cpu = time.perf_counter(), time.process_time()
                execute(query, context=context, params=good.params)
                gateway_times.append(time.perf_counter() - started)
                gateway_cpu.append(time.process_time() - cpu)
                started, cpu = time.perf_counter(), time.process_time()
                owner.execute(baseline, values).fetchall()
                raw_times.append(time.perf_counter() - started)
                raw_cpu.append(time.process_time() - cpu)
            gateway_ms = statistics.median(gateway_times) * 1000
            raw_ms = statistics.median(raw_times) * 1000
            gateway_total += gateway_ms
            raw_total += raw_ms
            ratios.append((gateway_ms / raw_ms, good.id, gateway_ms, raw_ms))
        reuse = pool_use()
    finally:
        for table in ERP_TABLES:
            owner.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        owner.close()
        close_pool()
    ratios.sort()
    median_ratio = statistics.median(ratio for ratio, *_ in ratios)
    worst = ratios[-1]
    print(
        f"{employees} employees per tenant ({employee_rows} employee rows, {salary_rows} salary "
        f"rows, visible to acme about half): median ratio gateway/raw {median_ratio:.3f} over "
        f"{len(ratios)} queries; sum of medians {gateway_total:.1f} ms vs {raw_total:.1f} ms; "
        f"highest {worst[0]:.2f} ({worst[1]}: {worst[2]:.2f} vs {worst[3]:.2f} ms)"
    )
    print(
        f"  connection reuse {reuse.reuse_rate:.1%} ({reuse.requests} queries, "
        f"{reuse.connections_opened} connections opened); client CPU per query: gateway "
        f"{statistics.median(gateway_cpu) * 1000:.3f} ms, raw {statistics.median(raw_cpu) * 1000:.3f} ms "
        f"(median)"
    )
    for ratio, name, gateway_ms, raw_ms in reversed(ratios[-args.show :] if args.show else []):
        print(f"  {ratio:6.2f}  {gateway_ms:9.2f} ms vs {raw_ms:9.2f} ms  {name}")


def _acme_context():
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user

    return access_context_for_user(get_user_model().objects.get(username="ana"))


def _with_tenant_filter(sql: str, tenant_id: int) -> str:
    """The same SQL with every ERP table read through `WHERE tenant_id = <id>`."""
    from sqlglot import exp

    from apps.gateway.dialect import DIALECT

    tree = DIALECT.parse(sql)[0]
    for table in list(tree.find_all(exp.Table)):
        if table.name not in ERP_TABLES or not table.args.get("db"):
            continue
        alias = table.args.get("alias")
        alias = alias.copy() if alias else exp.TableAlias(this=table.this.copy())
        filtered = exp.select("*").from_(exp.table_(table.name, db="public"))
        filtered = filtered.where(f"tenant_id = {int(tenant_id)}")
        table.replace(exp.Subquery(this=filtered, alias=alias))
    return tree.sql(dialect=DIALECT)


def _percentile(values: list[float], percent: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(percent / 100 * (len(ordered) - 1))))
    return ordered[index]


if __name__ == "__main__":
    main()
