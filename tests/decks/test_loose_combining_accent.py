"""A combining accent the PDF draws apart from its letter (the tilde of ũ set over a formula)
came through as U+0303 standing alone between two spaces: "the algorithm to ̃ determine". The
reviewer finds it as a stray glyph and the proposer removes it; accents on letters stay."""

from apps.decks.pipeline import defects
from apps.decks.pipeline.propose.bullets import strip_stray

LOOSE = "The penalized least squares algorithm to \u0303 determine the modes is a form of scoring"


def test_a_combining_accent_standing_alone_is_a_stray_glyph_and_is_removed():
    assert "stray_glyph" in dict(defects.text_defects(LOOSE))
    assert strip_stray(LOOSE) == LOOSE.replace(" \u0303", "")


def test_accents_on_their_letters_are_no_stray_glyph():
    for whole in (
        "The naive estimate of the mode, cafe\u0301 style, is found by iteration in every case",
        "The estimate $\\tilde{u}$ of the conditional mode is found by penalized iteration",
    ):
        assert "stray_glyph" not in dict(defects.text_defects(whole))
