"""The exported report opened from disk has none of the site's headers: it carries its own
Content-Security-Policy in a <meta>. Its own inline scripts are allowed by hash and draw the
charts; anything else a file could hold (another inline script, a remote image) is blocked.
Before, the file had no policy: markup that ever got past the escaping would run."""

import base64
import hashlib
import re

import pytest
from django.test import Client

from tests.workspace.test_api import result  # noqa: F401  (a thread with a table and a chart)

pytestmark = [pytest.mark.usefixtures("committed_db")]

INLINE = re.compile(r"<(script|style)>(.*?)</\1>", re.DOTALL)


def _report(result) -> str:  # noqa: F811
    client = Client()
    assert client.login(username="ana", password="tessera-demo")
    return client.get(f"/threads/{result.thread_id}/export").content.decode()


def _policy(html: str) -> dict[str, list[str]]:
    [content] = re.findall(r'<meta http-equiv="Content-Security-Policy" content="([^"]+)">', html)
    content = content.replace("&#x27;", "'")
    return {d.split()[0]: d.split()[1:] for d in content.split("; ")}


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def test_the_report_allows_exactly_its_own_inline_scripts(result):  # noqa: F811
    html = _report(result)
    policy = _policy(html)
    assert policy["default-src"] == ["'none'"]
    assert policy["img-src"] == ["data:", "blob:"] and "connect-src" not in policy
    scripts = [text for kind, text in INLINE.findall(html) if kind == "script"]
    assert len(scripts) == 2  # plotly.js and the loader; the figures' JSON is not run
    assert sorted(policy["script-src"]) == sorted(_hash(text) for text in scripts)
    assert html.index("Content-Security-Policy") < html.index("<style>")


@pytest.mark.slow
@pytest.mark.browser
def test_the_report_from_disk_draws_its_chart_and_runs_nothing_added(
    result,  # noqa: F811
    browser_page,
    tmp_path,
):
    html = _report(result)
    added = (
        "<script>document.title = 'ran'</script>"
        '<img src="https://example.org/beacon.png" id="beacon">'
    )
    path = tmp_path / "report.html"
    path.write_text(html.replace("</main>", f"{added}</main>"))
    page = browser_page
    violations = []
    page.on(
        "console", lambda m: violations.append(m.text) if "Content Security" in m.text else None
    )
    page.goto(path.as_uri())
    page.locator(".chart .main-svg").first.wait_for(timeout=15_000)
    assert page.locator(".chart .bars .point").count() == 6
    assert page.title() != "ran"
    assert page.evaluate("document.getElementById('beacon').naturalWidth") == 0
    # The two blocked additions, and nothing of the report's own.
    assert len(violations) == 2, violations
    assert all("inline script" in v or "example.org" in v for v in violations), violations
