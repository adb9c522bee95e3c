"""/ws/studio/: the current preferences on connect, every accepted change pushed to each open
page of that person (and tenant defaults to everyone in the tenant), nothing to anyone else."""

import pytest
from asgiref.sync import sync_to_async
from channels.layers import get_channel_layer
from channels.testing import WebsocketCommunicator
from django.contrib.auth import get_user_model

from apps.studio import services
from apps.studio.consumers import StudioConsumer
from apps.studio.live import SAFE_CSS_VALUE, live_payload, shortcut_links
from apps.studio.planner import SWATCHES
from apps.studio.preferences import DEFAULT_LIGHT, Preferences, to_css_variables

pytestmark = pytest.mark.usefixtures("ana_reset")

BLUE = SWATCHES["light"]["blue"]
TIMEOUT = 5


async def _connect(username: str) -> WebsocketCommunicator:
    user = await sync_to_async(get_user_model().objects.get)(username=username)
    communicator = WebsocketCommunicator(StudioConsumer.as_asgi(), "/ws/studio/")
    communicator.scope["user"] = user
    connected, _ = await communicator.connect(timeout=TIMEOUT)
    assert connected
    return communicator


async def test_every_open_page_of_the_person_gets_the_change_and_no_one_else(ana_reset, hr_context):
    first, second, other = await _connect("ana"), await _connect("ana"), await _connect("hugo")
    try:
        for communicator in (first, second, other):
            hello = await communicator.receive_json_from(timeout=TIMEOUT)
            assert hello["type"] == "preferences" and "--color-primary" in hello["variables"]
        await sync_to_async(services.preferences_change)(
            context=ana_reset,
            ops=[{"op": "replace", "path": "/theme/primary", "value": BLUE}],
            request="make the buttons blue",
        )
        for communicator in (first, second):
            pushed = await communicator.receive_json_from(timeout=TIMEOUT)
            assert pushed["variables"]["--color-primary"] == BLUE
            assert pushed["attributes"]["data-mode"] == "light"
        assert await other.receive_nothing(timeout=0.3)
    finally:
        for communicator in (first, second, other):
            await communicator.disconnect()


async def test_groups_are_left_on_disconnect(ana_reset):
    communicator = await _connect("ana")
    await communicator.receive_json_from(timeout=TIMEOUT)
    layer = get_channel_layer()
    group = services.group_of(context=ana_reset, scope="user")
    assert layer.groups.get(group)
    await communicator.disconnect()
    assert not layer.groups.get(group)


async def test_anonymous_connections_are_refused():
    from django.contrib.auth.models import AnonymousUser

    communicator = WebsocketCommunicator(StudioConsumer.as_asgi(), "/ws/studio/")
    communicator.scope["user"] = AnonymousUser()
    connected, code = await communicator.connect(timeout=TIMEOUT)
    assert not connected and code == 4401


def test_payload_values_are_plain_tokens_and_local_links():
    document = DEFAULT_LIGHT.as_document()
    document["shortcuts"] = [
        {"id": "q", "label": "Headcount", "kind": "question", "target": "headcount by department"},
        {"id": "p", "label": "Pipeline", "kind": "page", "target": "/pipeline/"},
        {"id": "n", "label": "New", "kind": "page", "target": "/threads/new"},
    ]
    preferences = Preferences.model_validate(document)
    links = shortcut_links(preferences)
    assert [(link["href"], link["method"]) for link in links] == [
        ("/studio/shortcuts/q/ask/", "post"),
        ("/pipeline/", "get"),
        ("/threads/new", "post"),
    ]
    for value in to_css_variables(preferences).values():
        assert SAFE_CSS_VALUE.fullmatch(value)
        assert not any(char in value for char in ";{}<>\\")


def test_live_payload_shape(ana_reset):
    from apps.studio import selectors

    payload = live_payload(selectors.layers_get(context=ana_reset))
    assert set(payload) == {
        "type",
        "version",
        "tenantVersion",
        "variables",
        "attributes",
        "shortcuts",
    }
    assert set(payload["attributes"]) == {
        "data-mode",
        "data-density",
        "data-sidebar",
        "data-artifact-panel",
        "data-panels",
    }
