"""What the deck upload request may cost. Its structural check inflated every drawing stream:
a file just under `max_drawing_mb` held the request ~7 s, and a file whose cross-reference
stream declares ten million entries (68 kB) held PDFium 32 s before it failed. The request now
opens the file in a child process under `max_open_s` and reads only the page tree; inflating
the drawing streams is the render job's first step, and a bomb fails the deck there with the
same message the field gave before."""

import time
import zlib

import pytest

from apps.accounts.access import bound
from apps.decks import errors, jobs, limits
from apps.decks.models import Deck, DeckStatus
from tests.decks.test_web import _client, _field_error, _upload
from tests.probe.test_form_bombs import _form, forms_page
from tests.probe.test_hostile_pdfs import enqueued, new_decks, var_dir  # noqa: F401

pytestmark = [pytest.mark.django_db]


def declared_entries_without_pages(entries: int) -> bytes:
    """A catalog whose page tree is missing, indexed by a cross-reference stream that declares
    `entries` objects (zeros: a few kB once compressed)."""
    out = b"%PDF-1.7\n"
    catalog = len(out)
    out += b"1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\n"
    xref = len(out)
    rows = b"\x00\x00\x00\x00\x00\xff\xff"
    rows += b"\x01" + catalog.to_bytes(4, "big") + b"\x00\x00"
    rows += b"\x01" + xref.to_bytes(4, "big") + b"\x00\x00"
    packed = zlib.compress(rows + b"\x00" * 7 * entries, 9)
    head = b"<< /Type /XRef /Size %d /W [1 4 2] /Root 1 0 R /Filter /FlateDecode /Length %d >>"
    out += b"2 0 obj\n" + head % (3 + entries, len(packed))
    out += b"\nstream\n%s\nendstream\nendobj\nstartxref\n%d\n%%%%EOF\n" % (packed, xref)
    return out


def test_a_drawing_bomb_is_queued_at_once_and_fails_its_deck_with_the_reason(
    new_decks,  # noqa: F811
    acme_context,
    enqueued,  # noqa: F811
    var_dir,  # noqa: F811
    django_capture_on_commit_callbacks,
):
    with django_capture_on_commit_callbacks(execute=True):
        response = _upload(_client(acme_context), "paper.pdf", forms_page(_form(80_000_000)))
    assert response.status_code == 302, _field_error(response)
    [deck] = new_decks()
    assert enqueued == [{"deck_id": str(deck.id), "owner_id": acme_context.user_id}]

    assert jobs.deck_render(deck_id=str(deck.id), owner_id=acme_context.user_id) == "failed"
    with bound(acme_context):
        failed = Deck.objects.get(pk=deck.id)
    assert failed.status == DeckStatus.FAILED
    assert "inflates past" in failed.error and "paper.pdf" in failed.error


def test_a_file_pdfium_takes_long_to_open_is_refused_within_the_open_limit(
    new_decks,  # noqa: F811
    acme_context,
    enqueued,  # noqa: F811
    var_dir,  # noqa: F811
    monkeypatch,
):
    seconds = 2
    monkeypatch.setitem(
        limits.LIMITS, "max_open_s", limits.Limit("max_open_s", seconds, "shortened here")
    )
    data = declared_entries_without_pages(10_000_000)
    assert len(data) < 100_000
    started = time.monotonic()
    response = _upload(_client(acme_context), "paper.pdf", data)
    elapsed = time.monotonic() - started
    assert response.status_code == 400
    assert _field_error(response) == errors.OPEN_TOO_SLOW.format(name="paper.pdf", seconds=seconds)
    assert elapsed < seconds + 8, elapsed  # PDFium alone took 32 s on it
    assert new_decks() == [] and enqueued == []
    assert not any((var_dir / "decks").iterdir())


def test_a_paper_at_the_field_is_measured_by_the_child(
    new_decks,  # noqa: F811
    acme_context,
    enqueued,  # noqa: F811
    var_dir,  # noqa: F811
):
    """The child's page sizes reach the limit: a poster-sized page is still refused."""
    poster = forms_page(_form(20_000)).replace(b"[0 0 612 792]", b"[0 0 5000 792]", 1)
    response = _upload(_client(acme_context), "poster.pdf", poster)
    assert response.status_code == 400
    assert "5000×792 pt" in _field_error(response)
    assert new_decks() == [] and enqueued == []
