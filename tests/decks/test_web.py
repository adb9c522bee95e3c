"""The Decks pages over HTTP: upload checks, who may see what, the files of a deck (screenshots,
PDF, the built site with its own CSP), and each state of the deck page."""

from __future__ import annotations

import html as html_text
import re
import shutil
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import caches
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from apps.accounts.access import bound
from apps.decks import errors, tasks, uploads
from apps.decks.models import Deck, DeckStatus
from tests.decks import paperfactory
from tests.decks.webdecks import MINIMAL_PDF, PLANTED, TITLE, deck_add

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_counters():
    caches["limits"].clear()
    yield
    caches["limits"].clear()


@pytest.fixture(autouse=True)
def var_dir(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    return tmp_path


class _Job:
    def __init__(self):
        self.calls = []

    def enqueue(self, **kwargs):
        self.calls.append(kwargs)


@pytest.fixture
def enqueued(monkeypatch):
    """The render jobs queued (the job itself is tested in test_web_live.py)."""
    job = _Job()
    monkeypatch.setattr(tasks, "deck_render", job)
    return job.calls


def _client(context) -> Client:
    client = Client()
    client.force_login(get_user_model().objects.get(pk=context.user_id))
    return client


@pytest.fixture
def new_decks(acme_context):
    """ana's decks made by this test (the shared test database may hold others' decks)."""
    with bound(acme_context):
        earlier = list(Deck.objects.values_list("id", flat=True))

    def made() -> list[Deck]:
        with bound(acme_context):
            return list(Deck.objects.exclude(id__in=earlier))

    return made


def _field_error(response) -> str:
    html = response.content.decode()
    found = re.search(r'<p class="field-error" id="paper-error" role="alert">(.*?)</p>', html, re.S)
    assert found, "no error next to the upload field"
    return html_text.unescape(found.group(1).strip())


def _upload(client, name: str, content: bytes, **data):
    upload = SimpleUploadedFile(name, content, content_type="application/pdf")
    return client.post("/decks/", {"paper": upload, **data})


# Upload


def test_a_pdf_becomes_a_queued_deck_rendered_after_commit(
    new_decks, acme_context, generated_pdf, enqueued, django_capture_on_commit_callbacks, var_dir
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = _upload(
            _client(acme_context), "My paper (final).pdf", generated_pdf.read_bytes()
        )
    [deck] = new_decks()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/"
    assert len(callbacks) == 1
    assert enqueued == [{"deck_id": str(deck.id), "owner_id": acme_context.user_id}]
    assert deck.status == DeckStatus.QUEUED and deck.rounds == 5
    assert deck.title == "My paper (final)" and deck.filename == "My_paper_final.pdf"
    assert deck.folder == var_dir / "decks" / str(deck.id)
    assert deck.upload_path.read_bytes() == generated_pdf.read_bytes()


@pytest.mark.parametrize("name", ["★.pdf", "📄.pdf", "...pdf", "$$$.pdf", "a/../..pdf"])
def test_a_pdf_whose_name_has_no_character_safe_on_disk_is_stored_as_paper(
    new_decks, acme_context, generated_pdf, enqueued, name
):
    # Django's get_valid_filename raises SuspiciousFileOperation when nothing is left of the
    # name: the upload of a valid PDF was a bare 400 page, not a deck.
    response = _upload(_client(acme_context), name, generated_pdf.read_bytes())
    [deck] = new_decks()
    assert response.status_code == 302 and response["Location"] == f"/decks/{deck.id}/"
    assert deck.filename == "paper.pdf"
    assert deck.upload_path.read_bytes() == generated_pdf.read_bytes()


def test_the_number_of_rounds_is_taken_and_checked(
    new_decks, acme_context, generated_pdf, enqueued
):
    client = _client(acme_context)
    assert _upload(client, "p.pdf", generated_pdf.read_bytes(), rounds="2").status_code == 302
    assert new_decks()[0].rounds == 2
    refused = _upload(client, "p.pdf", generated_pdf.read_bytes(), rounds="11")
    assert refused.status_code == 400
    assert _field_error(refused) == uploads.BAD_ROUNDS.format(limit=10)


@pytest.mark.parametrize(
    ("name", "content", "expected"),
    [
        ("notes.pdf", b"These are my notes, not a PDF.\n" * 20, errors.NOT_A_PDF),
        ("empty.pdf", b"", uploads.EMPTY),
    ],
)
def test_files_that_are_not_a_pdf_are_refused_next_to_the_field(
    new_decks, acme_context, enqueued, var_dir, name, content, expected
):
    response = _upload(_client(acme_context), name, content)
    assert response.status_code == 400
    assert _field_error(response) == expected.format(name=name)
    assert 'aria-invalid="true"' in response.content.decode()
    assert new_decks() == [] and enqueued == []
    assert not (var_dir / "decks").exists() or not any((var_dir / "decks").iterdir())


def test_no_file_is_refused(acme_context, enqueued):
    response = _client(acme_context).post("/decks/", {"rounds": "3"})
    assert response.status_code == 400 and _field_error(response) == uploads.NO_FILE


def test_a_file_over_the_limit_is_refused_before_it_is_stored(
    new_decks, acme_context, enqueued, monkeypatch, var_dir
):
    monkeypatch.setenv("TESSERA_DECK_MAX_UPLOAD_MB", "1")
    big = MINIMAL_PDF + b"%" + b"x" * (1024 * 1024)
    response = _upload(_client(acme_context), "big.pdf", big)
    assert response.status_code == 400
    assert _field_error(response) == uploads.TOO_LARGE.format(name="big.pdf", limit_mb=1)
    assert new_decks() == [] and enqueued == []
    assert "up to 1 MB" in response.content.decode()


def test_the_upload_limit_is_the_smallest_of_the_decks_uploads_and_pipelines(monkeypatch):
    monkeypatch.setenv("TESSERA_DECK_MAX_UPLOAD_MB", "500")
    monkeypatch.setenv("TESSERA_UPLOAD_MAX_MB", "500")
    assert uploads.max_upload_mb() == 50
    monkeypatch.setenv("TESSERA_UPLOAD_MAX_MB", "10")
    assert uploads.max_upload_mb() == 10


def test_uploads_per_hour_are_limited(
    acme_context, generated_pdf, enqueued, monkeypatch, new_decks
):
    monkeypatch.setenv("TESSERA_UPLOADS_PER_HOUR", "1")
    client = _client(acme_context)
    assert _upload(client, "p.pdf", generated_pdf.read_bytes()).status_code == 302
    refused = _upload(client, "p.pdf", generated_pdf.read_bytes())
    assert refused.status_code == 429
    assert _field_error(refused).startswith("You have uploaded 1 files in the last hour")
    assert len(new_decks()) == 1


def test_an_encrypted_pdf_is_refused_at_the_field_with_the_pipelines_message(
    new_decks, acme_context, generated_pdf, tmp_path, enqueued, var_dir
):
    locked = paperfactory.encrypted_pdf(tmp_path / "locked.pdf", generated_pdf)
    response = _upload(_client(acme_context), "locked.pdf", locked.read_bytes())
    assert response.status_code == 400
    assert _field_error(response).startswith("locked.pdf is encrypted with a password")
    assert new_decks() == [] and not any((var_dir / "decks").iterdir())


def test_the_upload_needs_the_csrf_token(new_decks, acme_context, generated_pdf, enqueued):
    client = Client(enforce_csrf_checks=True)
    client.force_login(get_user_model().objects.get(pk=acme_context.user_id))
    response = _upload(client, "p.pdf", generated_pdf.read_bytes())
    assert response.status_code == 403 and new_decks() == []


# Access


def test_pages_need_a_login(acme_context):
    deck = deck_add(acme_context)
    for url in ("/decks/", f"/decks/{deck.id}/", f"/decks/{deck.id}/deck.pdf"):
        response = Client().get(url)
        assert response.status_code == 302 and response["Location"].startswith("/login/")


@pytest.mark.parametrize("other", ["globex_context", "hr_context"])
def test_another_person_gets_404_for_every_url_of_a_deck(acme_context, other, request):
    deck = deck_add(acme_context)
    client = _client(request.getfixturevalue(other))
    for url in (
        f"/decks/{deck.id}/",
        f"/decks/{deck.id}/deck.pdf",
        f"/decks/{deck.id}/files/slides/01.png",
        f"/decks/{deck.id}/files/rounds/01/slides/02.png",
        f"/decks/{deck.id}/site/",
        f"/decks/{deck.id}/site/assets/index.js",
    ):
        assert client.get(url).status_code == 404, url
    assert TITLE not in client.get("/decks/").content.decode()
    assert _client(acme_context).get(f"/decks/{deck.id}/").status_code == 200


def test_the_list_shows_ones_own_decks_newest_first(acme_context):
    older = deck_add(acme_context, status=DeckStatus.FAILED, title="older", error="broken")
    newer = deck_add(acme_context)
    html = _client(acme_context).get("/decks/").content.decode()
    assert html.index(f"/decks/{newer.id}/") < html.index(f"/decks/{older.id}/")
    assert 'data-status="failed"' in html and "broken" in html


# Files


def test_screenshots_are_served_from_an_allow_list(acme_context):
    deck = deck_add(acme_context)
    client = _client(acme_context)
    shot = client.get(f"/decks/{deck.id}/files/rounds/01/slides/02.png")
    assert shot.status_code == 200 and shot["Content-Type"] == "image/png"
    assert client.get(f"/decks/{deck.id}/files/slides/01.png").status_code == 200
    for path in (
        "summary.json",
        f"upload/{deck.filename}",
        "rounds/01/slides/../../../upload/graph-paper.pdf",
        "rounds/01/deck.json",
        "slides/1.png",
        "slides/99.png",
    ):
        assert client.get(f"/decks/{deck.id}/files/{path}").status_code == 404, path


def test_the_pdf_downloads_under_the_papers_title(acme_context):
    deck = deck_add(acme_context)
    response = _client(acme_context).get(f"/decks/{deck.id}/deck.pdf")
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;")
    assert 'filename="Cache-Aware_Scheduling_Makes_Graph_Analytics_Faster.pdf"' in disposition
    assert b"".join(response.streaming_content) == MINIMAL_PDF


@pytest.mark.parametrize("title", ["★★★", "..", "$"])
def test_the_pdf_of_a_deck_whose_title_has_no_character_safe_on_disk_downloads_as_deck(
    acme_context, title
):
    # get_valid_filename raised SuspiciousFileOperation: the download was a bare 400.
    deck = deck_add(acme_context, title=title)
    response = _client(acme_context).get(f"/decks/{deck.id}/deck.pdf")
    assert response.status_code == 200
    assert response["Content-Disposition"] == 'attachment; filename="deck.pdf"'
    assert b"".join(response.streaming_content) == MINIMAL_PDF


def test_the_built_site_is_served_with_its_own_strict_policy(acme_context):
    deck = deck_add(acme_context)
    client = _client(acme_context)
    index = client.get(f"/decks/{deck.id}/site/")
    assert index.status_code == 200 and index["Content-Type"] == "text/html; charset=utf-8"
    policy = dict(
        part.strip().split(" ", 1) for part in index["Content-Security-Policy"].split(";")
    )
    site = f"http://testserver/decks/{deck.id}/site/"
    assert policy["default-src"] == "'none'"
    assert policy["script-src"] == site  # this deck's folder only: no inline, no eval
    assert policy["style-src"].startswith(site + " 'sha256-")
    assert "unsafe" not in index["Content-Security-Policy"]
    assert policy["img-src"] == f"{site} data:" and policy["frame-ancestors"] == "'none'"
    script = client.get(f"/decks/{deck.id}/site/assets/index.js")
    assert script["Content-Type"] == "text/javascript; charset=utf-8"
    assert script["X-Content-Type-Options"] == "nosniff"
    assert client.get(f"/decks/{deck.id}/site/assets/index.css")["Content-Type"].startswith(
        "text/css"
    )
    # The built deck asks for the paper's figures next to itself.
    figure = client.get(f"/decks/{deck.id}/site/figures/fig-1.png")
    assert figure.status_code == 200 and figure["Content-Type"] == "image/png"
    for path in ("../upload/graph-paper.pdf", "../summary.json", ".hidden", "figures/../../x"):
        assert client.get(f"/decks/{deck.id}/site/{path}").status_code == 404, path


def test_files_of_a_deck_still_being_made_are_not_served(acme_context):
    deck = deck_add(acme_context, status=DeckStatus.RUNNING)
    client = _client(acme_context)
    assert client.get(f"/decks/{deck.id}/site/").status_code == 404
    assert client.get(f"/decks/{deck.id}/deck.pdf").status_code == 404


# The deck page in each state


def test_a_running_deck_shows_its_progress_in_words(acme_context):
    progress = {
        "phase": "render",
        "message": "round 2 of 5: rendering slide 7/14",
        "round": 2,
        "rounds": 5,
        "slide": 7,
        "slides": 14,
        "fraction": 0.42,
        "issues": {},
        "reviews": [{"round": 1, "issues": {"high": 2, "medium": 1, "low": 3}}],
    }
    deck = deck_add(acme_context, status=DeckStatus.RUNNING, progress=progress)
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert 'data-field="label">Rendering every slide<' in html
    assert 'data-field="message" aria-live="polite">Round 2 of 5: rendering slide 7/14<' in html
    assert '<progress class="deck-bar" max="100" value="42"' in html
    assert 'data-field="round">2 of 5<' in html and 'data-field="slide">7 of 14<' in html
    assert '<li data-state="done">Write the first deck</li>' in html
    assert '<li data-state="current">Review and revise</li>' in html
    tiles = html.split('data-field="tiles"', 1)[1].split("</ol>", 1)[0]
    assert tiles.count('data-state="done"') == 6 and tiles.count('data-state="current"') == 1
    assert tiles.count("<li") == 14
    reviews = html.split('data-field="reviews"', 1)[1].split("</ol>", 1)[0]
    assert (
        "Round 1</span>" in reviews and 'data-count="2"><span class="num">2</span> high' in reviews
    )
    assert 'id="deck-connection"' in html and "Download PDF" not in html


def test_a_render_that_went_silent_says_so(acme_context):
    deck = deck_add(acme_context, status=DeckStatus.RUNNING, progress={"phase": "build"})
    with bound(acme_context):
        Deck.objects.filter(pk=deck.pk).update(updated_at=timezone.now() - timedelta(minutes=20))
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert "Nothing has happened for 20" in html and "may have stopped" in html


def test_a_finished_deck_without_its_files_says_so(acme_context):
    deck = deck_add(acme_context)
    shutil.rmtree(deck.folder)
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert "files are missing" in html and "Download PDF" not in html


def test_a_queued_deck_says_it_waits_for_a_worker(acme_context):
    deck = deck_add(acme_context, status=DeckStatus.QUEUED)
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert "Waiting for a worker to start the render" in html and 'value="0"' in html


def test_a_failed_deck_shows_the_message_and_where_it_stopped(acme_context):
    message = errors.NO_TEXT.format(name="scan.pdf")
    deck = deck_add(
        acme_context,
        status=DeckStatus.FAILED,
        error=message,
        progress={"phase": "ingest", "message": "reading the paper", "fraction": 0.0},
    )
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert f'<p class="deck-error" role="alert">{message}</p>' in html
    assert "Last step: reading the paper." in html
    assert '<li data-state="failed">Read the paper</li>' in html
    assert 'href="/decks/#upload"' in html


def test_a_finished_deck_shows_slides_by_round_with_their_issues(acme_context):
    deck = deck_add(acme_context)
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert f'href="/decks/{deck.id}/site/"' in html and f'href="/decks/{deck.id}/deck.pdf"' in html
    # Both rounds' thumbnails are on the page; the final round's tab is selected.
    assert html.count(f'src="/decks/{deck.id}/files/rounds/01/slides/') == 4 + 1  # + compare
    assert html.count(f'src="/decks/{deck.id}/files/rounds/02/slides/') == 5 + 1
    assert re.search(r'id="round-tab-2"[^>]*aria-selected="true"', html)
    assert re.search(r'id="round-1"[^>]*hidden', html)
    # The planted issue, with type, severity, message and fix, on slide 2 of round 1.
    assert '<li class="slide-card" data-worst="high">' in html
    assert PLANTED["message"] in html and PLANTED["suggestion"] in html
    assert (
        '<span class="issue-severity">high</span> <span class="issue-type">overflow</span>' in html
    )
    assert "Whole deck" in html and "too few figures" in html
    # A before/after link where there is something to compare.
    assert html.count('class="compare-link"') == 1


def test_before_and_after_compares_one_slide_across_two_rounds(acme_context):
    deck = deck_add(acme_context)
    client = _client(acme_context)
    html = client.get(f"/decks/{deck.id}/").content.decode()
    # By default: the first slide with an issue, round 1 against round 2.
    pair = html.split("data-compare-pair", 1)[1]
    assert f'src="/decks/{deck.id}/files/rounds/01/slides/02.png"' in pair
    assert f'src="/decks/{deck.id}/files/rounds/02/slides/02.png"' in pair
    assert PLANTED["message"] in pair and "No issues on this slide." in pair
    assert 'id="deck-compare-data"' in html
    # A slide only the later round has.
    html = client.get(f"/decks/{deck.id}/?slide=5&before=1&after=2").content.decode()
    pair = html.split("data-compare-pair", 1)[1]
    assert "Round 1 has 4 slides; there is no slide 5." in pair
    assert f'src="/decks/{deck.id}/files/rounds/02/slides/05.png"' in pair


def test_a_deck_with_one_round_has_no_before_and_after(acme_context):
    deck = deck_add(acme_context, rounds=1)
    html = _client(acme_context).get(f"/decks/{deck.id}/").content.decode()
    assert "Before and after" not in html and "Round 1 <span" in html


def test_deck_pages_keep_the_strict_policy(acme_context):
    deck = deck_add(acme_context)
    response = _client(acme_context).get(f"/decks/{deck.id}/")
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "unsafe" not in policy
    html = response.content.decode()
    assert "<script>" not in html and " style=" not in html and "<style" not in html
