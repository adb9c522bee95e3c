"""Compression bombs the round-15 check did not look for: a page that draws form XObjects
whose instructions inflate to hundreds of megabytes. The check inflated only the pages' own
content streams, then asked PDFium for every image object, which builds every object of every
form: a 600 kB upload inflating to 200 MB held the web request 226 s and 3 GB, and one of ten
70 MB forms would have held it far longer. The check now inflates every stream the pages draw
from (forms, patterns, Type 3 glyphs) before PDFium opens a page, within `max_drawing_mb` in
all, and sizes the images inside forms from their dictionaries."""

import time
import zlib
from pathlib import Path

import pytest

from apps.decks import errors, limits
from apps.decks.pipeline.ingest.checks import pdf_check
from tests.probe.test_hostile_pdfs import CATALOG, _pdf

pytestmark = [pytest.mark.django_db]

FONT = b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"
TEXT = b"BT /F1 12 Tf 72 720 Td (x) Tj ET\n"  # one text object per line: costly to build


def _stream(head: bytes, data: bytes) -> bytes:
    return b"<< %s /Length %d >>\nstream\n%s\nendstream" % (head, len(data), data)


def _form(inflated: int) -> bytes:
    packed = zlib.compress(TEXT * (inflated // len(TEXT)), 9)
    head = b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Filter /FlateDecode"
    return _stream(head + b" /Resources << /Font << /F1 4 0 R >> >>", packed)


def forms_page(*forms: bytes, undrawn: tuple[bytes, ...] = ()) -> bytes:
    """A paper page drawing each form: objects 1 catalog, 2 pages, 3 page, 4 font, 5 the
    page's contents, 6… the forms, then the `undrawn` objects (a form's own resources)."""
    names = b" ".join(b"/X%d %d 0 R" % (i, 6 + i) for i in range(len(forms)))
    resources = b"/Resources << /XObject << %s >> /Font << /F1 4 0 R >> >>" % names
    page = b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] %s /Contents 5 0 R >>"
    drawn = b" ".join(b"q /X%d Do Q" % i for i in range(len(forms)))
    contents = _stream(b"", drawn + b" BT /F1 12 Tf 72 700 Td (A small paper) Tj ET")
    pages = b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>"
    return _pdf(CATALOG, pages, page % resources, FONT, contents, *forms, *undrawn)


def image_in_form(width: int, height: int) -> bytes:
    image = _stream(
        b"/Type /XObject /Subtype /Image /Width %d /Height %d /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /FlateDecode" % (width, height),
        zlib.compress(b"\x00" * 64),
    )
    form = _stream(
        b"/Type /XObject /Subtype /Form /BBox [0 0 612 792] /Resources << /XObject "
        b"<< /Im 7 0 R >> >>",
        b"q 100 0 0 100 0 0 cm /Im Do Q",
    )
    return forms_page(form, undrawn=(image,))


def _checked(tmp_path, data: bytes, seconds: float):
    path = tmp_path / "paper.pdf"
    path.write_bytes(data)
    started = time.monotonic()
    try:
        with pytest.raises(errors.LimitExceeded) as refused:
            pdf_check(path)
    finally:
        elapsed = time.monotonic() - started
    assert elapsed < seconds, elapsed
    return str(refused.value)


def test_a_form_that_inflates_past_the_stream_bound_is_refused_at_once(tmp_path):
    message = _checked(tmp_path, forms_page(_form(80_000_000)), seconds=10)
    assert "inflates past" in message


def test_forms_that_inflate_past_the_drawing_budget_together_are_refused(tmp_path):
    each = int(limits.get("max_drawing_mb") * 1_000_000 / 3) + 1_000_000
    assert each < 75_000_000  # each form alone passes pypdf's bound
    message = _checked(tmp_path, forms_page(*(_form(each) for _ in range(3))), seconds=10)
    assert f"more than {limits.get('max_drawing_mb'):g} MB of instructions" in message


def test_an_image_inside_a_form_is_sized(tmp_path):
    message = _checked(tmp_path, image_in_form(20_000, 20_000), seconds=10)
    assert "400 megapixels" in message


def test_a_paper_with_forms_of_ordinary_size_passes(tmp_path):
    path = tmp_path / "paper.pdf"
    path.write_bytes(forms_page(_form(200_000), _form(300_000)))
    assert pdf_check(Path(path)) == 1
