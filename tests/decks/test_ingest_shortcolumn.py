"""A two-column page whose right column is short (a section's last lines run over to its top),
a typewriter name with an underscore, and a display that ends its sentence
(tests/fixtures/papers/ingest/shortcolumn, CC0). Garbled text, round 18: the right column's
lines were read into the left column's lines on their baseline ("… along of lighting. a rocky
coast.") and the rest dropped as a margin; "min _pts" for min_pts; "… is Eq. (1) The estimate
…" as one sentence."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.display_stops import sentence_after_display
from apps.decks.pipeline.ingest.percent_signs import percent_spaced

PDF = (
    settings.BASE_DIR
    / "tests"
    / "fixtures"
    / "papers"
    / "ingest"
    / "shortcolumn"
    / "tessera-shortcolumn.pdf"
)


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("shortcolumn"))


def _section(paper, title):
    (section,) = [s for s in paper.sections if s.title == title]
    return section


def test_a_short_right_column_is_read_after_the_left_one(paper):
    introduction = _section(paper, "Introduction")
    assert (
        introduction.paragraphs[0]
        == "We count lanterns in small harbour towns along a rocky coast."
    )
    results = " ".join(_section(paper, "Results").paragraphs)
    assert results.endswith(
        "Most towns had more dim streets than bright streets, but the two largest towns were"
        " exceptions to this general pattern of lighting."
    )


def test_a_typewriter_name_keeps_its_underscore(paper):
    text = " ".join(_section(paper, "Introduction").paragraphs)
    assert "`min_pts`" in text
    assert "`eps_radius`" in text
    assert "`count_lanterns`" in text


def test_percentages_read_as_printed(paper):
    text = " ".join(_section(paper, "Introduction").paragraphs)
    assert "About 5% of all streets" in text
    assert "12.5% of the lanterns" in text
    assert "Roughly 40% of the owners" in text


def test_a_display_that_ends_its_sentence_ends_it_in_the_text(paper):
    (method,) = _section(paper, "Method").paragraphs
    assert "of length $L$ is Eq. (1). The estimate is unbiased" in method


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("obeys Eq. (2) The rate is low.", "obeys Eq. (2). The rate is low."),
        ("as Eq. (3.1) We fit it.", "as Eq. (3.1). We fit it."),
        # a sentence that goes on through the display, or a name after it
        ("obeys Eq. (2), where the rate is low.", None),
        ("obeys Eq. (2) for every street.", None),
        ("as in Eq. (2) Poisson counts hold.", None),
        ("obeys Eq. (2). The rate is low.", None),
    ],
)
def test_a_new_sentence_after_a_display_is_told_from_one_going_on(text, read):
    assert sentence_after_display(text) == (read or text)


@pytest.mark.parametrize(
    ("text", "read"),
    [
        ("About 5 %of all streets", "About 5% of all streets"),
        ("and 12.5%of the lanterns", "and 12.5% of the lanterns"),
        # R's operators, a sign before punctuation or a hyphen, a percentile
        ("x %in% y and 1 %in% z", None),
        ("the 50%-quantile", None),
        ("about 5 %.", None),
        ("the 95%ile", None),
    ],
)
def test_a_percent_sign_keeps_its_number_and_its_space(text, read):
    assert percent_spaced(text) == (read or text)
