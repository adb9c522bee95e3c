"""The Decks page in Chromium against a real daphne: upload the generated paper, watch the
render's progress (through a page reload) to done, see the slides, open the built deck under
its own CSP, download the PDF, and compare a slide before and after a round.

This is the one real render of the web tests: the upload queues a job that a runner thread of
the server runs (threads mode), or a `manage.py worker` started here (workers mode)."""

from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest
from django.conf import settings

from apps.accounts.access import bound
from apps.decks.models import Deck
from apps.decks.tasks import DECK_QUEUE
from apps.jobs import settings as job_settings
from tests.conftest import login
from tests.decks.webdecks import PLANTED, deck_add, deck_remove, two_rounds_from

pytestmark = [pytest.mark.slow, pytest.mark.browser, pytest.mark.usefixtures("committed_db")]

RENDER_TIMEOUT_MS = 300_000
COLLECT_VIOLATIONS = """
window.__violations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));
"""


@pytest.fixture
def worker():
    """In workers mode a worker for the decks queue; in threads mode the server runs the job."""
    if job_settings.runner_mode() != job_settings.RUNNER_WORKERS:
        yield None
        return
    process = subprocess.Popen(
        [sys.executable, "manage.py", "worker", "--threads", "1", "--queues", DECK_QUEUE],
        cwd=settings.BASE_DIR,
        env={**os.environ, "DJANGO_SETTINGS_MODULE": "project.settings.test"},
    )
    yield process
    process.terminate()
    process.wait(60)


@pytest.fixture
def cleanup(acme_context):
    made: list = []
    yield made
    for deck_id in made:
        deck_remove(acme_context, deck_id)


def test_upload_watch_progress_open_download_and_compare(
    tessera_server, browser_page, generated_pdf, acme_context, worker, cleanup, tmp_path
):
    page = browser_page
    login(page, tessera_server.url)
    page.goto(f"{tessera_server.url}/decks/")
    page.set_input_files("#id_paper", str(generated_pdf))
    page.select_option("#id_rounds", "3")
    page.click(".deck-upload-form button[type=submit]")
    page.wait_for_url(re.compile(r"/decks/[0-9a-f-]{36}/$"))
    deck_id = page.url.rstrip("/").rsplit("/", 1)[1]
    cleanup.append(deck_id)

    # Live progress in words, while the render runs outside the request.
    page.wait_for_selector("#deck-connection[data-state=live]")
    page.wait_for_function(
        "() => document.querySelector('[data-field=message]')?.textContent"
        ".includes('rendering slide')",
        timeout=RENDER_TIMEOUT_MS,
    )
    assert re.fullmatch(r"Round 1 of 3: rendering slide \d+/\d+", _text(page, "message"))
    assert _text(page, "round") == "1 of 3" and re.fullmatch(r"\d+ of \d+", _text(page, "slide"))
    assert 0 < int(page.locator(".deck-bar").get_attribute("value")) < 100
    assert page.locator(".deck-steps li[data-state=current]").inner_text() == "Review and revise"
    page.screenshot(path=str(tmp_path / "running.png"))

    # A reload picks up where the render is.
    page.reload()
    assert page.locator("[data-progress]").count() == 1 or page.locator(".deck-summary").count()

    # Done: the results replace the progress panel without a reload.
    page.locator(".deck-summary").wait_for(timeout=RENDER_TIMEOUT_MS)
    with bound(acme_context):
        deck = Deck.objects.get(pk=deck_id)
    assert deck.status == "done", deck.error
    slides = deck.summary["slides"]
    assert 10 <= slides <= 20
    panel = page.locator(".round-panel:not([hidden])")
    assert panel.locator(".slide-card img").count() == slides
    panel.locator(".slide-card img").last.scroll_into_view_if_needed()
    page.wait_for_function(
        "() => [...document.querySelectorAll('.round-panel:not([hidden]) .slide-card img')]"
        ".every((img) => img.complete && img.naturalWidth > 0)"
    )
    page.screenshot(path=str(tmp_path / "done.png"), full_page=True)

    with page.expect_download() as download:
        page.get_by_role("link", name="Download PDF").click()
    assert download.value.path().read_bytes().startswith(b"%PDF-")
    assert download.value.suggested_filename.endswith(".pdf")

    # The built deck opens in a new tab and runs under its own policy without complaint.
    with page.context.expect_page() as opened:
        page.get_by_role("link", name="Open the deck").click()
    site = opened.value
    site.add_init_script(COLLECT_VIOLATIONS)
    site_problems: list[str] = []
    site.on("console", lambda m: site_problems.append(m.text) if m.type == "error" else None)
    site.on("pageerror", lambda error: site_problems.append(str(error)))
    site.reload()
    site.locator(".slidev-page").first.wait_for()
    for _ in range(slides):
        site.keyboard.press("ArrowRight")
    site.wait_for_timeout(800)
    assert site.evaluate("location.hash") == f"#/{slides}"
    figures = site.evaluate(  # the paper's figures, bundled by Slidev as assets/fig-N-<hash>.png
        "[...document.querySelectorAll('.slidev-page img')]"
        ".filter((i) => /\\/(fig|tab)-\\d+/.test(i.src)).map((i) => i.naturalWidth)"
    )
    assert figures and all(width > 0 for width in figures)
    assert site.evaluate("window.__violations") == [] and site_problems == []
    site.close()

    # Before and after, on a deck with two rounds made from this one's screenshots.
    two = deck_add(acme_context, status="running", title="two rounds")
    cleanup.append(two.id)
    two_rounds_from(deck.folder, two.folder)
    with bound(acme_context):
        Deck.objects.filter(pk=two.id).update(status="done", summary={**deck.summary, "rounds": 2})
    page.goto(f"{tessera_server.url}/decks/{two.id}/")
    page.get_by_role("tab", name=re.compile("Round 1")).click()
    card = page.locator("#round-1 .slide-card").nth(PLANTED["slide"] - 1)
    assert PLANTED["message"] in card.inner_text()
    card.get_by_role("link", name="Before / after round 2").click()
    pair = page.locator("[data-compare-pair]")
    images = pair.locator("img")
    assert [images.nth(i).get_attribute("src").rsplit("/files/", 1)[1] for i in range(2)] == [
        "rounds/01/slides/02.png",
        "rounds/02/slides/02.png",
    ]
    assert PLANTED["message"] in pair.locator("[data-side=before]").inner_text()
    assert "No issues on this slide." in pair.locator("[data-side=after]").inner_text()
    page.select_option("[data-compare-form] select[name=slide]", "3")
    assert images.nth(1).get_attribute("src").endswith("rounds/02/slides/03.png")
    assert "slide=3" in page.url and "before=1" in page.url
    page.screenshot(path=str(tmp_path / "compare.png"), full_page=True)
    assert page.problems == []


def _text(page, field: str) -> str:
    return page.locator(f"[data-field={field}]").inner_text().strip()
