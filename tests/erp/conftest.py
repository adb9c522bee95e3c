"""Helpers for the ERP planner tests: run the planner's SQL through the gateway (as the agent
does) and an independent hand-written query through Django's connection, both under RLS for the
same tenant, and compare the rows."""

import json
from collections import Counter
from datetime import date
from decimal import ROUND_HALF_UP, Decimal
from io import StringIO
from typing import Any

import pytest
from django.core.management import call_command
from django.db import connection

from apps.accounts.access import bound
from apps.erp.demo.generate import DEPARTMENTS
from apps.erp.entities import Department, Entities, entities_read
from apps.erp.planner import Clarification, Planned, Refusal, plan_question
from apps.gateway.services import run_sql
from tests.conftest import AS_OF, login

CENT = Decimal("0.01")


def norm(value: Any) -> Any:
    """Rows from the gateway (JSON-ish) and from psycopg compare equal after this."""
    if isinstance(value, float):
        value = Decimal(str(value))
    if isinstance(value, Decimal):
        return value.quantize(CENT, rounding=ROUND_HALF_UP)
    if isinstance(value, str) and len(value) == 10 and value[4] == "-":
        try:
            return date.fromisoformat(value)
        except ValueError:
            return value
    return value


def norm_rows(rows) -> list[tuple]:
    return [tuple(norm(v) for v in row) for row in rows]


DEMO_DEPARTMENTS = tuple(
    Department(index, code, name) for index, (code, name) in enumerate(DEPARTMENTS, start=1)
)
# The demo departments, for tests that read questions without a database.
DEMO = Entities("demo", DEMO_DEPARTMENTS)


def entities_of(context) -> Entities:
    """The tenant's entities as the planner reads them: through the gateway."""
    return entities_read(context=context)


def plan(question: str, *, as_of: date = AS_OF, answers=None, entities=DEMO) -> Planned:
    outcome = plan_question(question, as_of=as_of, answers=answers, entities=entities)
    assert isinstance(outcome, Planned), f"{question!r} was not planned: {outcome}"
    return outcome


def planner_result(question: str, context, *, as_of: date = AS_OF, answers=None):
    """(planned, column names, rows) with the planner's SQL run by the gateway."""
    planned = plan(question, as_of=as_of, answers=answers, entities=entities_of(context))
    result = run_sql(planned.sql, context=context, params=planned.params)
    assert not result.truncated
    names = [c["name"] for c in result.columns]
    assert names == [c.name for c in planned.columns]
    return planned, names, norm_rows(result.rows)


def hand_rows(sql: str, context, params: dict | None = None) -> list[tuple]:
    with bound(context), connection.cursor() as cursor:
        cursor.execute(sql, params or {})
        return norm_rows(cursor.fetchall())


def pick(names: list[str], rows: list[tuple], *wanted: str) -> list[tuple]:
    """The wanted columns of each row, by name (the planner puts ids last)."""
    indexes = [names.index(name) for name in wanted]
    return [tuple(row[i] for i in indexes) for row in rows]


def components(messages) -> dict:
    """The components of A2UI messages by id."""
    return {
        c["id"]: c
        for m in messages
        if "updateComponents" in m
        for c in m["updateComponents"]["components"]
    }


TOLERANCE = Decimal("0.011")  # both sides round to cents; their last digit may differ


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, Decimal | int) and isinstance(b, Decimal | int) and not isinstance(a, bool):
        return abs(Decimal(a) - Decimal(b)) <= TOLERANCE
    return a == b


def _key(row: tuple) -> tuple:
    return tuple((type(v).__name__, str(v)) for v in row if not isinstance(v, Decimal))


def assert_rows(actual: list[tuple], expected: list[tuple], *, ordered: bool) -> None:
    """Rows equal (numbers to the cent), in order or as multisets."""
    expected = norm_rows(expected)
    assert len(actual) == len(expected), f"{len(actual)} rows, expected {len(expected)}"
    if not ordered:
        assert Counter(_key(r) for r in actual) == Counter(_key(r) for r in expected)
        actual, expected = sorted(actual, key=_key), sorted(expected, key=_key)
    for got, want in zip(actual, expected, strict=True):
        assert len(got) == len(want), (got, want)
        assert all(_close(a, b) for a, b in zip(got, want, strict=True)), (got, want)


def refused(question: str, *, as_of: date = AS_OF, entities=DEMO) -> Refusal | Clarification:
    outcome = plan_question(question, as_of=as_of, entities=entities)
    assert not isinstance(outcome, Planned), f"{question!r} was answered: {outcome.sql}"
    return outcome


@pytest.fixture
def acme(acme_context, db):
    return acme_context


@pytest.fixture
def globex(globex_context, db):
    return globex_context


@pytest.fixture
def northwind_context(django_db_setup, django_db_blocker):
    """AccessContext of `ivo`, analyst at northwind (whose departments differ)."""
    from tests.conftest import _context

    with django_db_blocker.unblock():
        return _context("ivo")


@pytest.fixture
def northwind(northwind_context, db):
    return northwind_context


USERS_BY_TENANT = {"acme": "ana", "globex": "gus", "northwind": "ivo"}


def ask_json(question: str, context, *, as_of: date = AS_OF, thread: str | None = None) -> dict:
    """The outcome of `manage.py ask QUESTION --tenant T --user U --as-of D --json`."""
    extra = ["--thread", thread] if thread else []
    out = StringIO()
    call_command(
        "ask",
        question,
        "--tenant",
        context.tenant_slug,
        "--user",
        USERS_BY_TENANT[context.tenant_slug],
        "--as-of",
        as_of.isoformat(),
        *extra,
        "--json",
        stdout=out,
    )
    return json.loads(out.getvalue())


def ask_result(question: str, context, *, as_of: date = AS_OF):
    """(planned, column names, rows) through the real CLI contract:
    `manage.py ask QUESTION --tenant SLUG --user USER --as-of DATE --json`. The run's SQL must be
    the planner's, and its rows are what the person gets."""
    planned = plan(question, as_of=as_of, entities=entities_of(context))
    outcome = ask_json(question, context, as_of=as_of)
    assert outcome["status"] == "finished", outcome
    [result] = [artifact for artifact in outcome["artifacts"] if artifact["kind"] == "sql_result"]
    assert result["sql"] == planned.sql and result["params"] == planned.params
    assert not result["truncated"]
    return planned, [column["name"] for column in result["columns"]], norm_rows(result["rows"])


def page_money(value) -> str:
    """A number as the chat page writes it: thousands separators, at most two decimals."""
    text = f"{value:,.2f}"
    return text.rstrip("0").rstrip(".") if "." in text else text


def ask_in_new_thread(page, base_url: str, question: str):
    """Log in, open a new thread, ask `question` and wait for the answer's reading chips;
    returns the chips' locator."""
    login(page, base_url)
    page.click("button.new-thread")
    page.wait_for_selector("#connection-status[data-state=live]")
    page.fill("#composer-input", question)
    page.keyboard.press("Enter")
    chips = page.locator(".surface-host[data-surface-id^=reading-]")
    chips.first.wait_for(timeout=30_000)
    return chips
