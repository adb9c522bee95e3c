"""Mutation testing of the data rules (issue 16, item 6).

In a scratch database (never the test database), break one rule at a time (`mutants.py`),
run the isolation and rules tests against it in a child pytest, and report which mutants
the tests caught. A mutant is caught when a test fails; every mutant must be.

    .venv/bin/python -m tests.mutation            # all mutants, the report, exit 1 if any survive
    .venv/bin/python -m tests.mutation --list     # the mutants only
    .venv/bin/python -m tests.mutation --only policy-true:erp_salary,trigger-

Steps: the scratch database is built once by a child run without a mutant (provisioned,
migrated, seeded, the rules tests green) and kept as a template; each mutant then gets a
fresh copy of it, so no mutant can leave anything behind for the next.
"""

import os
import re
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import psycopg
from psycopg import sql

from project import database, env
from tests.mutation.mutants import Mutant, enumerate_mutants

# TESSERA_DB_NAME of the child runs; the test settings append "_test".
SCRATCH_NAME = "tessera_mutant"
SCRATCH_DB = f"{SCRATCH_NAME}_test"
PRISTINE_DB = f"{SCRATCH_NAME}_pristine"
# The isolation and rules tests, fastest first (a caught mutant stops at its first failure).
RULES_TESTS = (
    "tests/foundation/test_rls.py",
    "tests/foundation/test_tenant_tables.py",
    "tests/foundation/test_pipeline_checks.py",
    "tests/objects/test_database_rules.py",
    "tests/gateway/test_isolation.py",
    "tests/gateway/test_fuzz.py",
    "tests/gateway/test_execution.py",
    "tests/gateway/test_hostile.py",
)
APPLIED_VARIABLE = "TESSERA_MUTANT_APPLIED_FILE"
# Not a test limit: a child that hangs must not hang the harness.
CHILD_TIMEOUT_SECONDS = 1800
FAILED_LINE = re.compile(r"^(FAILED|ERROR) (\S+)", re.M)


class HarnessError(Exception):
    pass


@dataclass(frozen=True)
class Verdict:
    mutant: Mutant
    caught: bool
    by: str  # the first test that failed, or why it was not caught
    seconds: float


@dataclass(frozen=True)
class Report:
    verdicts: list[Verdict]

    @property
    def survivors(self) -> list[Verdict]:
        return [verdict for verdict in self.verdicts if not verdict.caught]

    @property
    def score(self) -> float:
        return 1.0 - len(self.survivors) / len(self.verdicts) if self.verdicts else 0.0

    def text(self) -> str:
        caught = len(self.verdicts) - len(self.survivors)
        lines = [
            f"data-rule mutants: {caught} of {len(self.verdicts)} caught ({self.score:.0%})",
        ]
        width = max((len(v.mutant.kind) for v in self.verdicts), default=0)
        for verdict in self.verdicts:
            status = "caught  " if verdict.caught else "SURVIVED"
            lines.append(
                f"  {status} {verdict.mutant.kind:<{width}}  {verdict.mutant.target}"
                f"  <- {verdict.by} ({verdict.seconds:.0f} s)"
            )
        return "\n".join(lines)


def run(*, only: list[str] | None = None, echo: Callable[[str], None] = print) -> Report:
    """Build the scratch database, then try every mutant (or those whose id contains one of
    `only`); the scratch databases are dropped afterwards."""
    _drop(SCRATCH_DB, PRISTINE_DB)
    try:
        echo(f"building the scratch database {SCRATCH_DB} (rules tests without a mutant)")
        baseline = _child(None)
        if baseline.returncode != 0:
            raise HarnessError(f"the rules tests fail without a mutant:\n{_tail(baseline)}")
        mutants = [m for m in list_mutants() if not only or any(part in m.id for part in only)]
        _copy(SCRATCH_DB, PRISTINE_DB)
        verdicts = []
        for number, mutant in enumerate(mutants, 1):
            _drop(SCRATCH_DB)
            _copy(PRISTINE_DB, SCRATCH_DB)
            verdict = _try(mutant)
            echo(f"[{number}/{len(mutants)}] {'caught' if verdict.caught else 'SURVIVED'} "
                 f"{mutant.id} <- {verdict.by}")  # fmt: skip
            verdicts.append(verdict)
        return Report(verdicts)
    finally:
        _drop(SCRATCH_DB, PRISTINE_DB)


def list_mutants() -> list[Mutant]:
    """The mutants of the scratch database (built by `run`), else of the test database."""
    with _admin(SCRATCH_DB if _exists(SCRATCH_DB) else f"{database.database_name()}_test") as conn:
        return enumerate_mutants(conn)


def _try(mutant: Mutant) -> Verdict:
    started = time.monotonic()
    with tempfile.TemporaryDirectory() as folder:
        applied = Path(folder) / "applied"
        done = _child(mutant, applied)
        seconds = time.monotonic() - started
        if not applied.exists():
            return Verdict(mutant, False, f"not applied: {_tail(done, 3)}", seconds)
    failed = FAILED_LINE.search(done.stdout)
    if done.returncode == 1 and failed:
        # ERROR: a fixture failed, e.g. rows could not be written under the broken rule.
        by = failed.group(2) if failed.group(1) == "FAILED" else f"{failed.group(2)} (setup)"
        return Verdict(mutant, True, by, seconds)
    if done.returncode == 0:
        return Verdict(mutant, False, "every rules test passed", seconds)
    return Verdict(mutant, False, f"pytest exit {done.returncode}: {_tail(done, 3)}", seconds)


def _child(mutant: Mutant | None, applied: Path | None = None) -> subprocess.CompletedProcess:
    child_env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "project.settings.test",
        "TESSERA_DB_NAME": SCRATCH_NAME,
    }
    if mutant is not None:
        child_env["TESSERA_MUTANT"] = mutant.to_json()
        child_env[APPLIED_VARIABLE] = str(applied)
    command = [
        sys.executable, "-m", "pytest", *RULES_TESTS, "-x", "-q", "-rfE", "--no-header",
        "-p", "no:cacheprovider", "-p", "tests.mutation.plugin",
    ]  # fmt: skip
    try:
        return subprocess.run(
            command,
            cwd=env.BASE_DIR,
            env=child_env,
            capture_output=True,
            text=True,
            timeout=CHILD_TIMEOUT_SECONDS,
            check=False,
        )
    except subprocess.TimeoutExpired as exc:
        return subprocess.CompletedProcess(command, -1, exc.stdout or "", "timed out")


def _tail(done: subprocess.CompletedProcess, lines: int = 40) -> str:
    text = (done.stdout or "") + (done.stderr or "")
    return " | ".join(text.strip().splitlines()[-lines:])


def _admin(dbname: str = "postgres") -> psycopg.Connection:
    params = psycopg.conninfo.conninfo_to_dict(database.admin_url())
    params["dbname"] = dbname
    return psycopg.connect(**params, autocommit=True)


def _exists(name: str) -> bool:
    with _admin() as conn:
        return bool(conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone())


def _drop(*names: str) -> None:
    with _admin() as conn:
        for name in names:
            conn.execute(
                sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(sql.Identifier(name))
            )


def _copy(source: str, target: str) -> None:
    with _admin() as conn:
        conn.execute(
            sql.SQL("CREATE DATABASE {} TEMPLATE {} OWNER {}").format(
                sql.Identifier(target), sql.Identifier(source), sql.Identifier(database.OWNER)
            )
        )
