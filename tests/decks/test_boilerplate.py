"""What is not the paper's content, on a paper of our own (tests/fixtures/papers/ingest/
boilerplate, CC0): a paragraph drawn twice 0.3 pt apart is read once, and a line citing another
paper's journal, volume, year and pages under the title is not the paper's venue."""

from __future__ import annotations

from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.drawn_twice import drawn_once

PAPER = settings.BASE_DIR / "tests/fixtures/papers/ingest/boilerplate/tessera-boilerplate.pdf"


def _char(text: str, x0: float, top: float, size: float = 10.0) -> dict:
    return {"text": text, "x0": x0, "top": top, "size": size, "upright": True}


def test_a_paragraph_drawn_twice_is_read_once(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    method = next(s for s in paper.sections if s.title == "Method")
    text = " ".join(method.paragraphs)
    assert "Each sheet was weighed every hour until its weight stopped falling." in text
    assert "EEaacchh" not in text and "sshheeeett" not in text
    # the paragraphs drawn once are read as before
    results = next(s for s in paper.sections if s.title == "Results")
    assert results.paragraphs[0].startswith("Pressed sheets dried in eleven hours")


def test_a_glyphs_copy_a_fraction_of_a_point_away_is_left_out_and_neighbours_stay():
    chars = [_char("l", 10.0, 50.0), _char("l", 10.3, 50.0), _char("l", 12.8, 50.0)]
    assert [c["x0"] for c in drawn_once(chars)] == [10.0, 12.8]  # "ll" of "fall", drawn once
    # the same letter on the next line, or at another size, is another glyph
    other = [_char("a", 10.0, 50.0), _char("a", 10.0, 62.0), _char("a", 10.2, 50.0, size=7)]
    assert len(drawn_once(other)) == 3


def test_a_citation_of_another_paper_under_the_title_is_not_the_venue(tmp_path):
    paper = paper_read(PAPER, tmp_path / "figures")
    assert paper.title == "Drying Rates of Hand-Made Paper Sheets"
    assert "Fibre Drying" not in paper.venue
    assert paper.year != "1994"
