"""A report's type or series label printed above its title ("Technical Report 2026-07" set
larger than the title, "Working Paper No. 14" at the title's size) is a form's line, not the
title: the title under it is found, and the authors under the title with it. A title whose
short first line carries a number runs on into its second line. On papers made for these
tests (tests/fixtures/papers/ingest/reportcovers, CC0)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.cover_labels import without_type_labels
from apps.decks.pipeline.ingest.layout import Segment, Word

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "reportcovers"
AUTHORS = ["Maren Ostby", "Tomasz Wielgus", "Hélène Marchetti"]


def _read(name, tmp_path):
    return paper_read(FOLDER / f"tessera-report-{name}.pdf", tmp_path)


@pytest.mark.parametrize("name", ["larger-label", "series-label"])
def test_the_label_above_the_title_is_not_the_title(name, tmp_path):
    paper = _read(name, tmp_path)
    assert paper.title == "Counting Herons on a Flooded Estuary"
    assert paper.authors == AUTHORS


def test_a_title_whose_first_line_has_a_number_stays_whole(tmp_path):
    paper = _read("numbered-title", tmp_path)
    assert paper.title == "Herons 2026: Counting Birds on a Flooded Estuary"


def _line(text: str, top: float, size: float) -> Segment:
    word = Word(text=text, x0=200, x1=400, top=top, bottom=top + size, size=size, font="LMRoman")
    return Segment(1, [word])


def test_a_short_title_with_a_digit_in_a_name_is_no_series_label():
    # a series label carries a number of its own ("No. 14", "2026-07"); "Heron3" is a
    # program's name: taken for a label, the cover lost its title to the author's line
    title, author = _line("Heron3 Methods", 160, 17.2), _line("Maren K Ostby", 196, 12.0)
    assert without_type_labels([title, author]) == [title, author]
    label, under = (
        _line("Report No. 3", 120, 17.2),
        _line("Counting Herons on Estuaries", 160, 17.2),
    )
    assert without_type_labels([label, under]) == [under]
