"""Helpers for pipeline tests: find seeded candidates, run raw SQL as the runtime role."""

from django.db import connection

from apps.accounts.access import AccessContext, bound
from apps.objects.models import Candidate


def candidate_in(context: AccessContext, state: str) -> Candidate:
    with bound(context):
        return (
            Candidate.objects.select_related("position").filter(state=state).order_by("id").first()
        )


def execute(context: AccessContext | None, sql: str, params: list | None = None) -> int:
    """Run one statement as tessera_app under `context`; returns the row count."""
    with bound(context), connection.cursor() as cursor:
        cursor.execute(sql, params or [])
        return cursor.rowcount


def fetch(context: AccessContext | None, sql: str, params: list | None = None) -> list[tuple]:
    with bound(context), connection.cursor() as cursor:
        cursor.execute(sql, params or [])
        return cursor.fetchall()
