"""Covers: a journal's masthead set large above the title ("Journal of Statistical Software",
an Elsevier journal's name between "Contents lists available" and its homepage) is the venue,
never the deck's title. The running lines of later pages say it is the venue."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.ingest.structure import masthead
from tests.decks.test_debris import _cover
from tests.decks.test_unseen_ingest import _segment as at

TITLE = "Hourly Tidal Forecasts from Coastal Station Records"
BODY = "The records are read hourly and cleaned of gaps before any fit is made."


def _paper(journal: str, running_line: str):
    first = [
        at(running_line, 200, 30, size=7.0),
        at(journal, 180, 80, size=14.0),
        at(TITLE, 72, 160, size=13.4),
        at("Maren Holt", 72, 200, size=10.5),
        at("Coastal tides are forecast from forty station records in this study.", 72, 300),
    ]
    later = [[at(running_line, 200, 30, size=7.0), at(BODY, 72, 300)] for _ in range(3)]
    return _cover(first, later)


@pytest.mark.parametrize(
    ("journal", "running_line"),
    [
        # the journal's name inside the authors' running line, with volume, year and pages
        (
            "Coastal Waters & Shelf Dynamics",
            "M. Holt / Coastal Waters & Shelf Dynamics 12 (2031) 1–5",
        ),
        # the journal's name alone as the running header: a venue's word says what it is
        ("Journal of Applied Tides", "Journal of Applied Tides"),
    ],
)
def test_a_journal_masthead_above_the_title_is_not_the_title(journal, running_line):
    title, authors = _paper(journal, running_line)
    assert title == TITLE
    assert authors == ["Maren Holt"]


def test_a_title_repeated_as_the_running_header_is_no_masthead():
    assert not masthead(TITLE, [TITLE, "2"])
    assert masthead("Journal of Applied Tides", ["Journal of Applied Tides", "2"])


def test_words_of_the_masthead_inside_other_words_are_no_match():
    # "Tides" inside "Tidesworth Review" is not the running line's name
    assert not masthead("Tides", ["Tidesworth Review 3 (2031) 1–9"])
    assert not masthead("Coastal Waters", ["A study of coastal watersheds, 2031"])
