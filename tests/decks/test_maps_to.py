r"""TeX's maps-to arrow read as one arrow (issue #14, round 20): `\mapsto` is the math symbols
font's bar, named "7", set over an arrow, and the slide showed "x 7→ g(x)". A seven of the
math symbols font where an arrow starts is the bar; the digit 7 stays. On a paper made for
this test (tests/fixtures/papers/ingest/mapsto, CC0)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.maps_to import arrows_joined

PDF = (
    settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "mapsto" / "tessera-mapsto.pdf"
)


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("mapsto") / "figures")


def test_the_maps_to_bar_and_its_arrow_read_as_one_arrow(paper):
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert r"$x \mapsto c(x)" in text
    assert r"$j \longmapsto A(j)$" in text
    assert "7→" not in text and "7\\to" not in text.replace("$7 \\to 7$", "").replace(" ", "")
    assert [e.tex for e in paper.equations] == [r"f: x \mapsto x^{2} + 1"]


def test_a_seven_of_the_text_stays_a_seven(paper):
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "has 7 levels and 7 of them are used" in text
    assert "$7 \\to 7$" in text


def _char(text: str, font: str, x0: float, top: float = 100.0) -> dict:
    return {"text": text, "fontname": font, "x0": x0, "x1": x0 + 8, "top": top, "size": 10.0}


def test_only_a_symbol_fonts_seven_where_an_arrow_starts_is_the_bar():
    symbols = "ABCDEF+LMMathSymbols10-Regular"
    joined = arrows_joined([_char("7", symbols, 50), _char("→", symbols, 50)])
    assert [c["text"] for c in joined] == ["↦"]
    # a seven of the text's font before an arrow, or the symbol font's seven away from it
    roman = "ABCDEF+LMRoman10-Regular"
    apart = [_char("7", roman, 50), _char("→", symbols, 50)]
    assert [c["text"] for c in arrows_joined(apart)] == ["7", "→"]
    far = [_char("7", symbols, 50), _char("→", symbols, 70)]
    assert [c["text"] for c in arrows_joined(far)] == ["7", "→"]
