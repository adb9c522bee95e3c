"""The hostile corpus pushed straight into the renderer (bypassing the server): nothing runs,
nothing loads, no CSP violation, and the page still works afterwards."""

import pytest

from apps.a2ui.catalog import CATALOG_ID
from tests.a2ui.conftest import open_harness
from tests.a2ui.hostile import CASES
from tests.a2ui.hostile_v1_0 import CASES_V1

pytestmark = [pytest.mark.slow, pytest.mark.browser]

PROBE = [
    {"version": "v0.9", "createSurface": {"surfaceId": "probe", "catalogId": CATALOG_ID}},
    {
        "version": "v0.9",
        "updateComponents": {
            "surfaceId": "probe",
            "components": [
                {"id": "root", "component": "Column", "children": ["name", "send"]},
                {
                    "id": "name",
                    "component": "TextField",
                    "label": "Name",
                    "value": {"path": "/name"},
                },
                {"id": "send-label", "component": "Text", "text": "Send"},
                {
                    "id": "send",
                    "component": "Button",
                    "child": "send-label",
                    "action": {"event": {"name": "probe", "context": {"name": {"path": "/name"}}}},
                },
            ],
        },
    },
]


@pytest.fixture(scope="module")
def shared(chromium, harness_server):
    context, page, watch = open_harness(chromium, harness_server)
    yield watch
    context.close()


@pytest.mark.parametrize("case", [*CASES, *CASES_V1], ids=lambda case: case.name)
def test_renderer_runs_and_loads_nothing(shared, case):
    watch, page = shared, shared.page
    watch.clear()
    watch.process(case.json())
    for button in page.locator("#surfaces button").all()[:4]:
        if button.is_visible():
            button.click(timeout=2_000)
    page.keyboard.press("Escape")
    page.wait_for_timeout(50)

    assert page.evaluate("() => window.__pwned") is None
    assert page.evaluate("() => ({}).polluted") is None
    assert watch.dialogs == []
    assert watch.popups == []
    assert watch.requests == []
    assert watch.state()["violations"] == []
    assert watch.console_errors == []
    assert watch.page_errors == []
    assert (
        page.locator(
            "#surfaces script, #surfaces style, #surfaces iframe, #surfaces object, #surfaces embed"
        ).count()
        == 0
    )
    assert (
        page.evaluate(
            "() => [...document.querySelectorAll('#surfaces *')].some(e => [...e.attributes].some(a => a.name.startsWith('on') || a.name === 'style' && /url|expression/i.test(a.value)))"
        )
        is False
    )

    watch.clear()
    watch.process(PROBE)
    page.get_by_label("Name").fill("Ada")
    page.get_by_role("button", name="Send").click()
    actions = watch.state()["actions"]
    assert [action["action"]["context"] for action in actions] == [{"name": "Ada"}]
