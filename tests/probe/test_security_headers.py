"""Every response carries the security headers, whichever layer answered it.

Found by sweeping a running server: the API's JSON 404/405 (apps/agent/api_errors.py
replaces Django's HTML answer on the way out) had no Content-Security-Policy and no
X-Frame-Options, because the middleware that add them had already run; the 401 for a bad
token and the 400 for a foreign Host header had no X-Frame-Options (they are answered before
the innermost middleware is reached); static files had no policy at all."""

import uuid

import pytest
from django.test import Client

from apps.accounts import services as accounts

pytestmark = [pytest.mark.usefixtures("committed_db")]

REQUIRED = {
    "Content-Security-Policy": "frame-ancestors 'none'",
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",
}


@pytest.fixture
def api(acme_context):
    token = accounts.token_create(context=acme_context, name=f"headers-{uuid.uuid4().hex[:8]}")[1]
    return Client(headers={"Authorization": f"Bearer {token}"})


def _assert_protected(response, what: str) -> None:
    for header, expected in REQUIRED.items():
        assert header in response, f"{what} ({response.status_code}) has no {header}"
        assert expected in response[header], f"{what}: {header} is {response[header]!r}"
    assert "'unsafe-inline'" not in response["Content-Security-Policy"]


def test_the_apis_json_refusals_keep_the_security_headers(api):
    _assert_protected(api.get("/api/no-such-route"), "unknown API path")
    _assert_protected(api.get(f"/api/threads/{uuid.uuid4()}/events"), "unknown thread")
    _assert_protected(api.get("/api/ag-ui/"), "wrong method on the AG-UI endpoint")
    _assert_protected(api.put("/api/threads", "{}", content_type="application/json"), "PUT")
    _assert_protected(api.get("/api/artifacts/no-such-artifact/"), "unknown artifact")


def test_refusals_before_the_view_keep_the_security_headers():
    bad_token = Client(headers={"Authorization": "Bearer tsr_not_a_token"})
    _assert_protected(bad_token.post("/api/ag-ui/", "{}", "application/json"), "bad token")
    foreign_host = Client(headers={"Host": "evil.example"})
    _assert_protected(foreign_host.get("/login/"), "foreign Host header")


def test_pages_and_static_files_keep_the_security_headers(acme_context):
    client = Client()
    _assert_protected(client.get("/login/"), "login page")
    _assert_protected(client.get("/no-such-page/"), "HTML 404")
    _assert_protected(client.get("/static/img/favicon.svg"), "static SVG")
    client.login(username="ana", password="tessera-demo")
    _assert_protected(client.get("/", follow=True), "home page")
