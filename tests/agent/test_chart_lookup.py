"""The chart of a result: the right one among several, through a partial index on the
chart's source (without it each look-up read every artifact of the table)."""

import pytest
from django.db import connection

from apps.agent import selectors, services

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _artifact(context, kind, payload):
    return services.artifact_create(context=context, kind=kind, payload=payload)


def test_the_chart_of_a_result_is_the_latest_chart_made_from_it(acme_context, globex_context):
    result = _artifact(acme_context, "sql_result", {"columns": [], "rows": []})
    other = _artifact(acme_context, "sql_result", {"columns": [], "rows": []})
    _artifact(acme_context, "chart", {"source_id": result.id, "figure": {"n": 1}})
    latest = _artifact(acme_context, "chart", {"source_id": result.id, "figure": {"n": 2}})
    _artifact(acme_context, "chart", {"source_id": other.id, "figure": {}})
    _artifact(globex_context, "chart", {"source_id": result.id, "figure": {}})
    found = selectors.chart_of_result(context=acme_context, artifact_id=result.id)
    assert found is not None and found.id == latest.id
    assert selectors.chart_of_result(context=globex_context, artifact_id=other.id) is None


def test_the_index_covers_the_look_up():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'agent_chart_source_idx'")
        (definition,) = cursor.fetchone()
    assert "(payload -> 'source_id'::text)" in definition
    assert "WHERE ((kind)::text = 'chart'::text)" in definition
