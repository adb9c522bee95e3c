"""Under /api/, an unknown path or id and a wrong method were Django's HTML 404/405 pages:
nothing a script can read. They are the API's JSON refusal, with the same status and Allow."""

import uuid

import pytest
from django.test import Client

from apps.accounts import services as accounts

pytestmark = [pytest.mark.usefixtures("committed_db")]


@pytest.fixture
def api(acme_context):
    token = accounts.token_create(context=acme_context, name=f"errors-{uuid.uuid4().hex[:8]}")[1]
    return Client(headers={"Authorization": f"Bearer {token}"})


def _refusal(response, status: int, code: str) -> dict:
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json"), response.content[:200]
    body = response.json()
    assert body["type"] == "REQUEST_REFUSED" and body["code"] == code
    return body


def test_an_unknown_api_path_is_a_json_not_found(api):
    body = _refusal(api.get("/api/no-such-route"), 404, "NOT_FOUND")
    assert "/api/no-such-route" in body["message"]


def test_an_unknown_thread_is_a_json_not_found(api):
    _refusal(api.get(f"/api/threads/{uuid.uuid4()}/events"), 404, "NOT_FOUND")


def test_a_wrong_method_is_a_json_refusal_that_keeps_allow(api):
    response = api.put("/api/threads", "{}", content_type="application/json")
    body = _refusal(response, 405, "METHOD_NOT_ALLOWED")
    assert response["Allow"] == "POST" and "POST" in body["message"]


def test_a_view_s_own_json_refusal_is_left_as_it_is(api):
    response = api.post("/api/ag-ui/", "not json", content_type="application/json")
    assert response.status_code == 400 and response.json()["type"] == "REQUEST_REFUSED"


def test_pages_outside_the_api_keep_their_html_404(client):
    response = client.get("/no-such-page/")
    assert response.status_code in (302, 404)
    assert not response.get("Content-Type", "").startswith("application/json")
