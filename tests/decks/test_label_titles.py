"""A slide titled by an example's label ("Fact iii", "Rule 4") or by a possessive whose noun
was cut ("TeX’s", the subject a retitle took from "TeX’s programming facilities come …") is a
title_fragment; a retitle never takes such a subject."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.title_defects import subject_title, title_fragment


@pytest.mark.parametrize(
    "title", ["Fact iii", "Fact iii (continued)", "Rule 4", "Rule 1.6", "Exercise 2", "TeX’s"]
)
def test_a_label_or_a_cut_possessive_is_a_title_fragment(title):
    assert title_fragment(title)


@pytest.mark.parametrize(
    "title", ["Rules of thumb", "Fact checking", "Newton's method", "Type I error", "The ‘genes’"]
)
def test_a_title_that_says_its_point_is_no_fragment(title):
    assert title_fragment(title) is None


def test_a_bullets_possessive_is_no_subject_to_title_a_slide_with():
    assert subject_title("Pantry’s shelves hold more when the jars match") == ""
    assert subject_title("The rubber seal is what keeps the moths out") == "Rubber seal"
