"""A hyphenated word that opens on a symbol, typeset partly in maths' font (issue #14, round
19): "$k-Nearest$ grouping" (the whole word read as maths, its letters italic and its hyphen a
minus with spaces), "$k-N$earest", "$k$−Nearest" (the hyphen read as a minus sign). The
reviewer reports it as `title_math_word`; the fixer writes the symbol in maths and the word in
letters ("$k$-Nearest"); maths with a minus ("$n - k$") is none. Titles made up here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import title_quality
from tests.decks.test_title_marks import _findings, _paper, _repaired, _text_slide


@pytest.mark.parametrize(
    ("title", "part"),
    [
        ("$k-Nearest$ grouping of paddocks", "$k-Nearest$"),
        ("$k - Nearest$ grouping of paddocks", "$k - Nearest$"),
        ("$k-N$earest grouping of paddocks", "$k-N$earest"),
        ("$k$−Nearest grouping of paddocks", "$k$−Nearest"),
        ("k−Nearest grouping of paddocks", "k−Nearest"),
        ("$k-NN$ grouping of paddocks", "$k-NN$"),
        ("$k\\text{-Nearest}$ grouping of paddocks", "$k\\text{-Nearest}$"),
    ],
)
def test_a_hyphenated_word_set_in_maths_is_found_and_written_with_its_symbol_alone_in_maths(
    title, part
):
    paper = _paper()
    slide = _text_slide(title)
    found = _findings(paper, slide)
    assert [(i.type, i.evidence["part"]) for i in found] == [("title_math_word", part)]
    fixed = _repaired(paper, slide, found)
    assert fixed.title.startswith("$k$-N"), fixed.title
    assert _findings(paper, fixed) == []


@pytest.mark.parametrize(
    "title",
    [
        "Rest of $n - k$ days",
        "Shift of $x-y$ in the paddocks",
        "Lag $t - 1$ of regrowth",
        "The $k$-means grouping of paddocks",
        "$\\alpha - \\beta$ filter of heights",
        "Part A - Overview of paddocks",
    ],
)
def test_maths_with_a_minus_and_a_heading_with_a_dash_are_no_word_set_in_maths(title):
    assert title_quality.hyphened_math(title) == [], title
    assert _findings(_paper(), _text_slide(title)) == [], title
