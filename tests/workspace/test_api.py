"""Artifacts over HTTP: detail, edited SQL through the same gateway, CSV re-run, HTML report."""

import csv
import io

import pytest
from django.test import Client

from apps.agent import runtime, services
from apps.agent.inbound import UserText
from apps.agent.providers import Plan, PlannedCall, PlannerRegistry
from apps.agent.providers.builtin import BuiltinProvider
from apps.agent.tools import registry as tool_registry

pytestmark = [pytest.mark.usefixtures("committed_db")]

SQL = (
    "SELECT d.name AS department, count(*) AS headcount FROM erp_employee e "
    "JOIN erp_department d ON d.id = e.department_id WHERE e.termination_date IS NULL "
    "GROUP BY d.name ORDER BY d.name"
)


@pytest.fixture
def result(acme_context):
    planners = PlannerRegistry()

    def plan(request):
        if request.continuing:
            return Plan(text="Done.")
        return Plan(
            calls=[PlannedCall("run_sql", {"sql": SQL, "title": "Active <b>headcount</b>"})]
        )

    planners.register("t", plan)
    thread = services.thread_create(context=acme_context)
    outcome = runtime.run_execute(
        context=acme_context,
        thread_id=thread.id,
        message=UserText(type="message", text="headcount"),
        provider=BuiltinProvider(planners),
        registry=tool_registry,
    )
    return outcome


def _client(username="ana"):
    client = Client()
    assert client.login(username=username, password="tessera-demo")
    return client


def test_artifact_detail_includes_rows_and_chart_for_its_owner_only(result):
    table = result.artifacts[0]
    data = _client().get(f"/api/artifacts/{table['id']}/").json()
    assert data["kind"] == "sql_result" and data["payload"]["rows"] == table["rows"]
    assert data["chart"]["figure"]["data"][0]["type"] == "bar"
    assert _client("gus").get(f"/api/artifacts/{table['id']}/").status_code == 404


def test_edited_sql_runs_through_the_gateway_and_errors_come_back_with_a_code(result):
    table = result.artifacts[0]
    client = _client()
    edited = SQL.replace("ORDER BY d.name", "ORDER BY headcount DESC")
    ok = client.post(
        f"/api/artifacts/{table['id']}/sql", {"sql": edited}, content_type="application/json"
    ).json()
    assert ok["ok"] is True and ok["artifact"]["id"] != table["id"]
    counts = [row[1] for row in ok["artifact"]["payload"]["rows"]]
    assert counts == sorted(counts, reverse=True)
    refused = client.post(
        f"/api/artifacts/{table['id']}/sql",
        {"sql": "DELETE FROM erp_employee"},
        content_type="application/json",
    )
    # The body the page reads is unchanged; the status now says the query cannot run.
    assert refused.status_code == 422
    assert refused.json()["ok"] is False and refused.json()["error"]["code"] == "NOT_A_QUERY"
    unknown = client.post(
        f"/api/artifacts/{table['id']}/sql",
        {"sql": "SELECT salary FROM erp_employee"},
        content_type="application/json",
    )
    assert unknown.status_code == 422
    assert unknown.json()["error"]["code"] == "UNKNOWN_COLUMN" and isinstance(
        unknown.json()["error"]["position"], int
    )
    failing = client.post(
        f"/api/artifacts/{table['id']}/sql",
        {"sql": "SELECT 1 / (count(*) - count(*)) FROM erp_employee"},
        content_type="application/json",
    )
    assert failing.status_code == 422 and failing.json()["error"]["code"] == "QUERY_ERROR"
    missing = client.post(
        "/api/artifacts/art_0000/sql", {"sql": SQL}, content_type="application/json"
    )
    assert missing.status_code == 404 and missing.json()["error"]["code"] == "NOT_FOUND"
    malformed = client.post(
        f"/api/artifacts/{table['id']}/sql", "not json", content_type="application/json"
    )
    assert malformed.status_code == 400
    assert malformed.json()["error"]["code"] == "BAD_REQUEST"


async def test_csv_download_reruns_the_query(result, web):
    table = result.artifacts[0]
    response = await (await web("ana")).get(f"/api/artifacts/{table['id']}/csv")
    assert response["Content-Type"].startswith("text/csv")
    body = b"".join([chunk async for chunk in response.streaming_content])
    rows = list(csv.reader(io.StringIO(body.decode())))
    assert rows[0] == ["Department", "Headcount"]  # the columns' labels
    assert [[name, int(count)] for name, count in rows[1:]] == table["rows"]


def test_thread_report_is_self_contained_and_escapes_text(result):
    response = _client().get(f"/threads/{result.thread_id}/export")
    html = response.content.decode()
    assert response["Content-Disposition"].startswith("attachment")
    assert "headcount" in html and "Plotly.newPlot" in html and "plotly.js v" in html
    assert "<b>headcount</b>" not in html and "&lt;b&gt;headcount&lt;/b&gt;" in html
    assert 'src="http' not in html and "<link" not in html
    assert _client("gus").get(f"/threads/{result.thread_id}/export").status_code == 404


def test_an_edited_query_returning_more_bytes_than_the_gateway_reads_is_refused(result):
    # Twenty rows of 10 MB: the page's edit-and-run box gets TOO_LARGE (the gateway stops
    # reading at TESSERA_GATEWAY_MAX_RESULT_MB), and the same box runs the next query.
    table = result.artifacts[0]
    client = _client()
    wide = "SELECT n, repeat('x', 10000000) AS filler FROM generate_series(1, 20) AS n"
    refused = client.post(
        f"/api/artifacts/{table['id']}/sql", {"sql": wide}, content_type="application/json"
    )
    assert refused.status_code == 422  # the query as written cannot run, like any refusal
    assert refused.json()["error"]["code"] == "TOO_LARGE"
    assert "larger than 16 MB" in refused.json()["error"]["message"]
    again = client.post(
        f"/api/artifacts/{table['id']}/sql", {"sql": SQL}, content_type="application/json"
    )
    assert again.status_code == 200 and again.json()["ok"] is True
