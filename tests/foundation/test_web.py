"""HTTP pages, health, CSP and the WebSocket route through the real ASGI application."""

import json

import pytest
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.test import Client

from project.asgi import application

pytestmark = pytest.mark.django_db


def test_healthz_tells_anyone_whether_each_part_works_and_nothing_more():
    response = Client().get("/healthz")
    assert response.status_code == 200
    assert response.json() == {
        "ok": True,
        "checks": {"database": {"ok": True}, "channel_layer": {"ok": True}},
    }
    assert response["Cache-Control"] == "no-store"


def test_healthz_details_are_for_staff(acme_context):
    client = Client()
    client.login(username="admin", password="tessera-demo")
    body = client.get("/healthz").json()
    assert body["checks"]["database"]["role"] == "tessera_app"
    assert body["checks"]["database"]["server"].startswith("PostgreSQL")
    assert body["checks"]["channel_layer"]["backend"]
    analyst = Client()
    analyst.login(username="ana", password="tessera-demo")
    assert "role" not in analyst.get("/healthz").json()["checks"]["database"]


def test_a_failing_part_is_named_to_anyone_and_its_error_only_to_staff_and_the_log(
    acme_context, monkeypatch, caplog
):
    layer = get_channel_layer()

    async def unreachable(*args, **kwargs):
        raise ConnectionError("Error 111 connecting to 10.1.2.3:6379. Connection refused.")

    monkeypatch.setattr(layer, "send", unreachable)
    public = Client().get("/healthz")
    assert public.status_code == 503
    assert public.json()["checks"]["channel_layer"] == {"ok": False}
    assert "10.1.2.3" not in public.content.decode()
    assert "10.1.2.3" in caplog.text
    staff = Client()
    staff.login(username="admin", password="tessera-demo")
    detail = staff.get("/healthz")
    assert detail.status_code == 503
    assert "10.1.2.3" in detail.json()["checks"]["channel_layer"]["error"]


def test_home_requires_login_and_shows_the_users_tenant(acme_context):
    client = Client()
    assert client.get("/").status_code == 302
    assert client.login(username="ana", password="tessera-demo")
    page = client.get("/", follow=True)
    assert page.status_code == 200 and page.redirect_chain[-1][0].startswith("/threads/")
    assert b"Acme Corporation" in page.content and b"analyst" in page.content


def test_wrong_password_is_refused_with_a_message(acme_context):
    response = Client().post("/login/", {"username": "ana", "password": "nope"})
    assert response.status_code == 200
    assert b"Please enter a correct username and password" in response.content


def test_strict_content_security_policy_on_pages(acme_context):
    client = Client()
    client.login(username="ana", password="tessera-demo")
    policy = client.get("/", follow=True)["Content-Security-Policy"]
    directives = dict(part.strip().split(" ", 1) for part in policy.split(";"))
    assert "'unsafe-inline'" not in policy and "'unsafe-eval'" not in policy
    assert directives["default-src"] == "'self'"
    assert directives["object-src"] == "'none'"
    assert directives["frame-ancestors"] == "'none'"


@pytest.mark.asyncio
async def test_websocket_smoke_through_the_asgi_application():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://localhost")]
    )
    connected, _ = await communicator.connect()
    assert connected
    await communicator.send_json_to({"n": 1})
    reply = await communicator.receive_json_from(timeout=5)
    assert reply == {"type": "pong", "echo": {"n": 1}, "authenticated": False}
    await communicator.disconnect()


@pytest.mark.asyncio
async def test_websocket_from_a_foreign_origin_is_refused():
    communicator = WebsocketCommunicator(
        application, "/ws/ping/", headers=[(b"origin", b"http://evil.example")]
    )
    connected, _ = await communicator.connect()
    assert not connected
    await communicator.disconnect()


def test_admin_is_available_to_staff(acme_context):
    client = Client()
    client.login(username="admin", password="tessera-demo")
    assert client.get("/admin/").status_code == 200
    assert json.loads(Client().get("/healthz").content)["ok"]
