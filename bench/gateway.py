"""Benchmark of the SQL gateway (issue 3). Prints figures; not a test.

    .venv/bin/python bench/gateway.py                      # default demo size (300 per tenant)
    .venv/bin/python bench/gateway.py --employees 300 20000

For the good corpus (tests/gateway/good_corpus.py) it prints:

- validation time per query, p50 and p99 over every call, cold (the validation cache off:
  every call parses, checks and regenerates) and warm (served from the cache);
- for each data size, the median over queries of (gateway time / the same query run by raw
  psycopg as the table owner with an equivalent WHERE tenant filter), measured in the same
  run, interleaved, twice: cold (validation cache off, so every call validates its text) and
  warm (the text already validated, as when the planner repeats its SQL);
- next to it, the pool's connection reuse rate (share of queries that found an open session)
  and the client CPU time per query of the paths (what a web process pays per query).

The gateway time is the whole call, as `run_sql()` makes it: validation, then `execute()`
(pool checkout, BEGIN READ ONLY, bound context, SET LOCAL ROLE / timeout / search_path, the
query, fetch, ROLLBACK and the session reset). The
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
    for cache in (False, True):
        samples = []
        per_query = []
        for good in corpus:
            validate(good.sql, policy=policy, cache=cache)  # warm-up (and, cached, the entry)
            times = []
            for _ in range(repeat):
                started = time.perf_counter()
                validate(good.sql, policy=policy, cache=cache)
                times.append((time.perf_counter() - started) * 1000)
            samples += times
            per_query.append((statistics.median(times), good.id))
        p50, p99 = _percentile(samples, 50), _percentile(samples, 99)
        slowest = max(per_query)
        print(
            f"validation {'warm (cached)' if cache else 'cold (cache off)'}: p50 {p50:.3f} ms, "
            f"p99 {p99:.3f} ms per query ({len(samples)} calls; slowest query median "
            f"{slowest[0]:.3f} ms: {slowest[1]})"
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
    paths = {"cold": _Path(cache=False), "warm": _Path(cache=True)}
    raw_ms_per_query, raw_cpu = [], []
    try:
        for table in ERP_TABLES:
            owner.execute(f"ALTER TABLE {table} NO FORCE ROW LEVEL SECURITY")
        employee_rows, salary_rows = owner.execute(
            "SELECT (SELECT count(*) FROM erp_employee), (SELECT count(*) FROM erp_salary)"
        ).fetchone()
        for good in corpus:
            query = validate(good.sql, policy=policy)  # also the warm path's cache entry
            values = execution.bind_parameters(query.parameters, good.params)
            baseline = _with_tenant_filter(query.sql, tenant.pk)
            # Warm both paths (caches, pool) before timing.
            gateway_rows = execute(query, context=context, params=good.params).rows
            raw_rows = owner.execute(baseline, values).fetchall()
            if len(gateway_rows) != min(len(raw_rows), query.max_rows):
                raise SystemExit(f"{good.id}: gateway and baseline disagree")
            raw_times = []
            for _ in range(args.repeat):
                for path in paths.values():
                    path.time(good, policy, context)
                started, cpu = time.perf_counter(), time.process_time()
                owner.execute(baseline, values).fetchall()
                raw_times.append(time.perf_counter() - started)
                raw_cpu.append(time.process_time() - cpu)
            raw_ms = statistics.median(raw_times) * 1000
            raw_ms_per_query.append(raw_ms)
            for path in paths.values():
                path.end_query(good.id, raw_ms)
        reuse = pool_use()
    finally:
        for table in ERP_TABLES:
            owner.execute(f"ALTER TABLE {table} FORCE ROW LEVEL SECURITY")
        owner.close()
        close_pool()
    print(
        f"{employees} employees per tenant ({employee_rows} employee rows, {salary_rows} salary "
        f"rows, visible to acme about half), {len(corpus)} queries, raw sum of medians "
        f"{sum(raw_ms_per_query):.1f} ms, median {statistics.median(raw_ms_per_query):.2f} ms:"
    )
    for name, path in paths.items():
        print(f"  {name}: {path.summary()}")
    print(
        f"  connection reuse {reuse.reuse_rate:.1%} ({reuse.requests} queries, "
        f"{reuse.connections_opened} connections opened); client CPU per query (median): "
        f"cold {paths['cold'].cpu_ms():.3f} ms, warm {paths['warm'].cpu_ms():.3f} ms, "
        f"raw {statistics.median(raw_cpu) * 1000:.3f} ms"
    )
    for name, path in paths.items():
        for ratio, query_id, gateway_ms, raw_ms in path.highest(args.show):
            print(f"  {name} {ratio:6.2f}  {gateway_ms:9.2f} ms vs {raw_ms:9.2f} ms  {query_id}")


class _Path:
    """One way of making the gateway call, timed per query: `run_sql()`'s validation (cache on
    or off) followed by `execute()`."""

    def __init__(self, *, cache: bool):
        self.cache = cache
        self.times: list[float] = []
        self.cpu: list[float] = []
        self.ratios: list[tuple[float, str, float, float]] = []

    def time(self, good, policy, context) -> None:
        from apps.gateway.execution import execute
        from apps.gateway.validation import validate

        started, cpu = time.perf_counter(), time.process_time()
        query = validate(good.sql, policy=policy, cache=self.cache)
        execute(query, context=context, params=good.params)
        self.times.append(time.perf_counter() - started)
        self.cpu.append(time.process_time() - cpu)

    def end_query(self, query_id: str, raw_ms: float) -> None:
        gateway_ms = statistics.median(self.times) * 1000
        self.ratios.append((gateway_ms / raw_ms, query_id, gateway_ms, raw_ms))
        self.times = []

    def summary(self) -> str:
        ratios = sorted(self.ratios)
        worst = ratios[-1]
        median = statistics.median(ratio for ratio, *_ in ratios)
        total = sum(gateway_ms for _, _, gateway_ms, _ in ratios)
        validation = "validation cache off" if not self.cache else "validation cached"
        return (
            f"median ratio gateway/raw {median:.3f} ({validation}); sum of medians "
            f"{total:.1f} ms; highest {worst[0]:.2f} ({worst[1]}: {worst[2]:.2f} vs "
            f"{worst[3]:.2f} ms)"
        )

    def cpu_ms(self) -> float:
        return statistics.median(self.cpu) * 1000

    def highest(self, count: int) -> list:
        return sorted(self.ratios, reverse=True)[:count] if count else []


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
