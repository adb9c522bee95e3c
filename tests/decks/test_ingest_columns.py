"""Two-column pages (tests/fixtures/papers/ingest/columns, CC0): the columns are read from
each page's gutter, one after the other, never a line of one column joined to or interleaved
with a line of the other, whether the gutter is narrower than the gap that splits a line or
a long full-width abstract hid the columns from the document-wide count; a full-width
abstract stays whole."""

from __future__ import annotations

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline.ingest.layout import layout_read, reading_order

PDF = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "columns"
NARROW = PDF / "tessera-narrowgutter.pdf"
NARROW_TYPE3 = PDF / "tessera-narrowgutter-type3.pdf"  # latex, dvips -Ppk, ps2pdf
WIDE_ABSTRACT = PDF / "tessera-wideabstract.pdf"
LEFT_WORDS = {"harbour", "soundings", "ledger", "channel", "pilots", "tide"}
RIGHT_WORDS = {"orchard", "apples", "cooperative", "weights", "buyers", "auction"}


@pytest.fixture(scope="module", params=[NARROW, NARROW_TYPE3, WIDE_ABSTRACT], ids=lambda p: p.stem)
def layout(request):
    with pdfplumber.open(request.param) as pdf:
        return layout_read(pdf)


def _side(text: str) -> str | None:
    words = {w.strip(".,-").lower() for w in text.split()}
    left, right = bool(words & LEFT_WORDS), bool(words & RIGHT_WORDS)
    return "both" if left and right else "left" if left else "right" if right else None


def _body(layout, page: int) -> list:
    return [
        s
        for s in reading_order(layout, page)
        if layout.is_body(s) and s.width < 0.6 * layout.page_sizes[0][0]  # not the abstract
    ]


def test_no_line_holds_both_columns(layout):
    for page in range(1, len(layout.pages) + 1):
        for segment in _body(layout, page):
            assert _side(segment.text) != "both", segment.text


def test_a_column_is_read_whole_before_the_next(layout):
    sides = [_side(s.text) for s in _body(layout, 1)]
    sides = [s for s in sides if s]
    first_right = sides.index("right")
    assert "right" in sides and all(s == "right" for s in sides[first_right:])
    # the left column's lines read in order: its paragraphs' places come in the source's order
    left = " ".join(s.text for s in _body(layout, 1) if _side(s.text) == "left")
    assert left.index("at dawn") < left.index("at noon") < left.index("at dusk")


def test_the_page_has_two_columns_and_the_abstract_stays_whole(layout):
    assert len(layout.columns) == 2
    assert layout.gutters[0] is not None
    wide = [s.text for s in layout.pages[0] if s.width > 0.75 * layout.page_sizes[0][0]]
    assert len(wide) >= 2, wide  # the abstract's lines, never cut at the gutter
    assert any("a ledger of channel soundings" in t for t in wide), wide


def test_a_page_of_one_column_has_no_gutter():
    """A one-column paper's justified lines, its lists and its displays show no gutter."""
    paper = PDF.parent / "context" / "tessera-context.pdf"
    with pdfplumber.open(paper) as pdf:
        layout = layout_read(pdf)
    assert layout.gutters and not any(layout.gutters)
    assert len(layout.columns) == 1


def test_a_usual_two_column_paper_keeps_its_columns():
    """The existing two-column test paper (a 0.25 in gutter): its pages' gutters lie between
    the document's two columns, so each line keeps the column it had."""
    paper = PDF.parent / "twocol" / "tessera-twocol.pdf"
    with pdfplumber.open(paper) as pdf:
        layout = layout_read(pdf)
    (_, left_end), (right_start, _) = layout.columns
    found = [g for g in layout.gutters if g is not None]
    assert found
    assert all(left_end - 3 <= g.left and g.right <= right_start + 3 for g in found), found
