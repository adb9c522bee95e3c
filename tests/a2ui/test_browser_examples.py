"""Every official example renders in Chromium under the app's CSP: no console error, no
unresolved component, nothing loaded from elsewhere."""

import pytest

from tests.a2ui.conftest import load_example, official_examples

pytestmark = [pytest.mark.slow, pytest.mark.browser]


@pytest.mark.parametrize("path", official_examples(), ids=lambda p: p.stem)
def test_official_example_renders(harness, path):
    errors = harness.process(load_example(path))
    state = harness.state()
    assert errors == []
    assert state["errors"] == []
    assert harness.unresolved() == 0
    assert harness.page.locator("#surfaces .a2ui-surface .a2ui-c").count() > 1
    assert state["violations"] == []
    assert harness.console_errors == []
    assert harness.page_errors == []
    assert harness.foreign_requests() == []
