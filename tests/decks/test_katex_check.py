"""Every formula of a deck typesets in the KaTeX of the Slidev install (node, no mock): a
bullet, caption or display KaTeX refuses is left out, never drawn as red source."""

from __future__ import annotations

import shutil

import pytest

from apps.decks.pipeline.katex_check import KATEX, katex_checked, refused
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

pytestmark = pytest.mark.skipif(
    shutil.which("node") is None or not KATEX.exists(), reason="node or KaTeX missing"
)


def test_katex_refuses_a_double_subscript_and_takes_its_nested_form():
    assert refused([("G_{i}_{1}", False), ("G_{i_{1}}", False)]) == {("G_{i}_{1}", False)}


def test_a_bullet_or_display_that_does_not_typeset_is_left_out():
    slide = Slide(
        kind="bullets",
        title="Lattice sums",
        bullets=[
            "The sum over $G_{i}_{1}$ runs over the reciprocal lattice vectors",
            "The energy converges quickly with the cutoff $k_{c}$ in this setting",
            "The structure factor is computed once per step as follows:",
        ],
        equation="S(k) = \\sum_{j} q_{j} e^{i k \\cdot r_{j}}_{2}_{3}",
    )
    fine = Slide(
        kind="bullets",
        title="Energy",
        bullets=["The energy is $E = \\frac{1}{2} \\sum_{i} q_{i} \\phi_{i}$ for all charges"],
        equation="E = \\frac{1}{2} \\sum_{i} q_{i} \\phi_{i}",
    )
    deck = katex_checked(SlideDeck(title="Ewald sums", slides=[slide, fine]))
    first, second = deck.slides
    assert first.bullets == ["The energy converges quickly with the cutoff $k_{c}$ in this setting"]
    assert first.equation == ""
    assert second == fine
