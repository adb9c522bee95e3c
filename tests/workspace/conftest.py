"""Fixtures for the workspace's endpoint tests: query-result artifacts stored for a person,
an administrator's view of the rows to compare with, and logged-in HTTP clients."""

import psycopg
import pytest
from django.contrib.auth import get_user_model
from django.test import AsyncClient

from apps.agent import services
from apps.gateway import limits
from apps.workspace import results
from tests.gateway.conftest import admin_conninfo


@pytest.fixture(scope="session")
def admin_rows(django_db_setup):
    """`admin_rows(sql, params)`: rows as the server's superuser sees them (every tenant)."""
    with psycopg.connect(admin_conninfo(), autocommit=True) as conn:

        def rows(sql: str, params=()) -> list[tuple]:
            return conn.execute(sql, params).fetchall()

        yield rows


@pytest.fixture
def sql_result(committed_db, acme_context):
    """`sql_result(sql, title=…, context=…)`: a stored sql_result artifact of a fresh thread,
    as the workspace stores one (the page's run is capped at the gateway's row limit)."""

    def create(sql: str, *, title: str = "Result", context=acme_context, params=None):
        thread = services.thread_create(context=context)
        stored = results.sql_artifacts_create(
            context=context,
            sql=sql,
            params=params or {},
            title=title,
            thread_id=thread.id,
            run_id=None,
        )
        return stored.sql_result

    return create


@pytest.fixture
def stored_artifact(committed_db, acme_context):
    """`stored_artifact(kind, payload)`: an artifact stored as is, without running anything
    (e.g. SQL that fails now, as a changed schema or new data could make it)."""

    def create(kind: str, payload: dict, *, context=acme_context):
        thread = services.thread_create(context=context)
        return services.artifact_create(
            context=context, kind=kind, payload=payload, thread_id=thread.id
        )

    return create


@pytest.fixture
def csv_cap(monkeypatch):
    """`csv_cap(n)`: TESSERA_CSV_MAX_ROWS=n for this test."""

    def set_cap(rows: int) -> None:
        monkeypatch.setenv("TESSERA_CSV_MAX_ROWS", str(rows))
        limits.current.cache_clear()

    yield set_cap
    limits.current.cache_clear()


@pytest.fixture
def web(committed_db):
    """`await web("ana")`: an AsyncClient logged in as that person (the ASGI path daphne
    serves, so streaming responses stream)."""

    async def login(username: str = "ana") -> AsyncClient:
        client = AsyncClient()
        user = await get_user_model().objects.aget(username=username)
        await client.aforce_login(user)
        return client

    return login
