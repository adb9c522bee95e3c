"""The web process's ASGI handler (project/http.py) runs the middleware chain synchronously in
one hop: every answer — status, headers (CSP, frame, content type, redirects, `Allow`) and
body — is the one Django's own ASGI handler gives, for a table fetch, another tenant's
artifact, a refused CSRF check, a wrong method, no session, a page and a streamed CSV download."""

import asyncio
import re

import pytest
from django.core.handlers.asgi import ASGIHandler
from django.test import Client

from apps.agent import services
from project.http import ProjectASGIHandler
from tests.support.asgi_request import asgi_request

pytestmark = [pytest.mark.usefixtures("committed_db")]

SQL = "SELECT d.name AS department FROM erp_department d ORDER BY d.name"
# Per-request values of a page: its CSP nonce and its (masked) CSRF token.
NONCE = re.compile(rb"nonce-[A-Za-z0-9+/=_-]+|nonce=\"[^\"]+\"|\b[A-Za-z0-9]{64}\b")


def _cookie(username: str) -> bytes:
    client = Client()
    assert client.login(username=username, password="tessera-demo")
    return f"sessionid={client.cookies['sessionid'].value}".encode()


async def _call(handler, method: str, path: str, cookie: bytes | None) -> tuple:
    status, headers, body = await asgi_request(handler, method, path, cookie)
    headers = sorted((k.lower(), NONCE.sub(b"nonce", v)) for k, v in headers)
    return status, [h for h in headers if h[0] != b"set-cookie"], NONCE.sub(b"n", body)


@pytest.fixture
def table(acme_context):
    thread = services.thread_create(context=acme_context)
    run = services.run_create(context=acme_context, thread_id=thread.id, request="q", provider="t")
    payload = {"title": "Departments", "sql": SQL, "params": {}, "columns": [], "rows": []}
    result = services.artifact_create(
        context=acme_context, kind="sql_result", payload=payload, thread_id=thread.id, run_id=run.id
    )
    services.artifact_create(
        context=acme_context,
        kind="chart",
        payload={"source_id": result.id, "figure": {"data": []}},
        thread_id=thread.id,
        run_id=run.id,
    )
    return result


def test_every_answer_is_the_one_djangos_handler_gives(table):
    ana, gus = _cookie("ana"), _cookie("gus")
    requests = [
        ("GET", f"/api/artifacts/{table.id}/", ana),
        ("GET", f"/api/artifacts/{table.id}/", gus),
        ("GET", "/api/artifacts/no-such-artifact/", ana),
        ("DELETE", f"/api/artifacts/{table.id}/", ana),
        ("OPTIONS", f"/api/artifacts/{table.id}/", ana),
        ("GET", f"/api/artifacts/{table.id}/", None),
        ("GET", f"/api/artifacts/{table.id}/csv", ana),
        ("GET", f"/threads/{table.thread_id}/", ana),
        ("GET", f"/threads/{table.thread_id}/", None),
    ]
    django_handler, project_handler = ASGIHandler(), ProjectASGIHandler()
    answers = []
    for method, path, cookie in requests:
        expected = asyncio.run(_call(django_handler, method, path, cookie))
        answered = asyncio.run(_call(project_handler, method, path, cookie))
        assert answered == expected, (method, path)
        answers.append(answered)
    statuses = [status for status, _, _ in answers]
    assert statuses[:5] == [200, 404, 404, 403, 405] and statuses[6:8] == [200, 200]
    assert statuses[5] in (302, 401) and statuses[8] == 302
    assert f'"source_id": "{table.id}"'.encode() in answers[0][2]
    assert (b"allow", b"GET") in answers[4][1]
    assert b"Engineering" in answers[6][2]
    assert any(name == b"content-security-policy" for name, _ in answers[7][1])
