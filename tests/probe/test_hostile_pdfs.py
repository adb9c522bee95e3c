"""Hostile PDFs at the deck upload field: files whose structure a PDF library chokes on. A page
tree that is its own child made pypdfium2 raise PdfiumError out of the upload's structural
check, which is no PaperError: the upload was a 500. Each gets the field's message, a 400,
and leaves no deck and no file behind.

A compression bomb (a ~1 MB page stream that inflates to 1 GB) passed the structural check
and was refused only by the pipeline's text reader after minutes and gigabytes: the check now
inflates each page's content streams under pypdf's output bound. A title with markup reached
Slidev's title renderer as markup."""

import zlib
from pathlib import Path

import pytest

from apps.decks import errors
from apps.decks.pipeline.ingest.checks import pdf_check
from tests.decks import test_web
from tests.decks.test_web import _client, _field_error, _upload

pytestmark = [pytest.mark.django_db]

# the upload tests' fixtures: the decks this test made, the render jobs it queued
new_decks = test_web.new_decks
enqueued = test_web.enqueued

CATALOG = b"<< /Type /Catalog /Pages 2 0 R >>"
PAGE = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>"


def _pdf(*objects: bytes) -> bytes:
    """A PDF of these objects (1 0 R is the catalog) with a correct cross-reference table."""
    out, offsets = b"%PDF-1.7\n", []
    for number, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n%s\nendobj\n" % (number, body)
    table = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    trailer = b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n"
    return out + trailer % (len(objects) + 1, table)


def looping_page_tree() -> bytes:
    return _pdf(CATALOG, b"<< /Type /Pages /Kids [2 0 R] /Count 1 >>")


def missing_page_tree() -> bytes:
    return _pdf(CATALOG, b"<< /Type /Pages /Kids [9 0 R] /Count 3 >>")


def compression_bomb(inflated: int) -> bytes:
    packed = zlib.compress(b"BT /F1 12 Tf 72 720 Td (x) Tj ET\n" + b" " * inflated, 9)
    stream = b"<< /Length %d /Filter /FlateDecode >>\nstream\n%s\nendstream" % (len(packed), packed)
    return _pdf(CATALOG, b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>", PAGE, stream)


@pytest.fixture(autouse=True)
def var_dir(settings, tmp_path):
    settings.VAR_DIR = tmp_path
    return tmp_path


@pytest.mark.parametrize("make", [looping_page_tree, missing_page_tree], ids=lambda f: f.__name__)
def test_a_pdf_the_reader_chokes_on_is_refused_at_the_field(
    make, new_decks, acme_context, enqueued, var_dir
):
    response = _upload(_client(acme_context), "paper.pdf", make())
    assert response.status_code == 400
    assert _field_error(response).startswith("paper.pdf could not be read as a PDF (")
    assert new_decks() == [] and enqueued == []
    assert not any((var_dir / "decks").iterdir())


def test_a_compression_bomb_is_refused_by_the_structural_check(tmp_path):
    bomb = tmp_path / "bomb.pdf"
    bomb.write_bytes(compression_bomb(200_000_000))
    assert bomb.stat().st_size < 1_000_000
    with pytest.raises(errors.PaperError):
        pdf_check(Path(bomb))


HOSTILE_TITLE = "Hostile Paper: <script>alert(1)</script> <img src=x onerror=alert(1)>"


def test_a_title_with_markup_reaches_slidevs_title_renderer_as_text():
    """Slidev renders the headmatter `title` as Markdown into a Vue template
    (/@slidev/title-renderer.md): a paper titled with `<script>` failed `slidev build` ("Tags
    with side effect (<script> and <style>) are ignored in client component templates"), and
    an `<img onerror>` there would be compiled as markup. The slide's own heading is escaped
    (`\\<script\\>`); the title field is not."""
    from apps.decks.pipeline.render.markdown import headmatter
    from apps.decks.pipeline.slide_deck import Slide, SlideDeck

    deck = SlideDeck(
        title=HOSTILE_TITLE,
        slides=[Slide(kind="bullets", title="Motivation", bullets=["One point."])],
    )
    title = headmatter(deck)["title"]
    assert "<script>" not in title and "<img" not in title
