"""The chart of a result: the latest one made from it, looked up among its run's artifacts
when the result has a run, among all the tenant's otherwise; never another tenant's. The
table fetch reads the result and its chart together (`artifact_with_chart`): the same chart,
one statement on the artifacts when the result has a run."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from apps.agent import selectors, services

pytestmark = [pytest.mark.usefixtures("committed_db")]


def _artifact(context, kind, payload, run=None):
    return services.artifact_create(
        context=context,
        kind=kind,
        payload=payload,
        thread_id=run.thread_id if run else None,
        run_id=run.id if run else None,
    )


def _run(context):
    thread = services.thread_create(context=context)
    return services.run_create(context=context, thread_id=thread.id, request="q", provider="t")


@pytest.mark.parametrize("with_run", [True, False])
def test_the_chart_of_a_result_is_the_latest_made_from_it(acme_context, globex_context, with_run):
    run = _run(acme_context) if with_run else None
    result = _artifact(acme_context, "sql_result", {"columns": [], "rows": []}, run)
    other = _artifact(acme_context, "sql_result", {"columns": [], "rows": []}, run)
    _artifact(acme_context, "chart", {"source_id": result.id, "figure": {"n": 1}}, run)
    latest = _artifact(acme_context, "chart", {"source_id": result.id, "figure": {"n": 2}}, run)
    _artifact(acme_context, "chart", {"source_id": other.id, "figure": {}}, run)
    _artifact(globex_context, "chart", {"source_id": result.id, "figure": {"n": 3}})
    found = selectors.chart_of_result(
        context=acme_context, artifact_id=result.id, run_id=result.run_id
    )
    assert found is not None and found.id == latest.id
    assert selectors.chart_of_result(context=globex_context, artifact_id=other.id) is None
    with CaptureQueriesContext(connection) as queries:
        artifact, chart = selectors.artifact_with_chart(context=acme_context, artifact_id=result.id)
    assert artifact.id == result.id and chart == {"source_id": result.id, "figure": {"n": 2}}
    reads = [q["sql"] for q in queries.captured_queries if "agent_artifact" in q["sql"]]
    assert len(reads) == (1 if with_run else 2)
    assert selectors.artifact_with_chart(context=globex_context, artifact_id=result.id) == (
        None,
        None,
    )
    chart_itself, none = selectors.artifact_with_chart(context=acme_context, artifact_id=latest.id)
    assert chart_itself.id == latest.id and none is None


def test_a_chart_of_another_run_is_not_the_results(acme_context):
    run, elsewhere = _run(acme_context), _run(acme_context)
    result = _artifact(acme_context, "sql_result", {"columns": [], "rows": []}, run)
    _artifact(acme_context, "chart", {"source_id": result.id, "figure": {}}, elsewhere)
    assert (
        selectors.chart_of_result(context=acme_context, artifact_id=result.id, run_id=run.id)
        is None
    )
    assert selectors.artifact_with_chart(context=acme_context, artifact_id=result.id)[1] is None
