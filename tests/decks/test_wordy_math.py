"""A hyphenated word typed in math mode ("$p-value$") or its hyphen alone read as a formula
("non $-$ linear") renders as a minus between italic letters: ingestion writes it as the word,
the reviewer reports it as `broken_math` on a slide, and the repair writes it as text; real
formulas ("$n - 1$", "$x - y$", "$e^{-t}$") stay formulas. Paper and sentences are invented
(tests/fixtures/papers/ingest/wordymath)."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.decks.pipeline import garbled
from apps.decks.pipeline.defects import text_defects
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.propose.bullets import rewrite

PAPER = Path(__file__).parents[1] / "fixtures/papers/ingest/wordymath/tessera-wordymath.pdf"


@pytest.fixture(scope="module")
def text(tmp_path_factory):
    paper = paper_read(PAPER, tmp_path_factory.mktemp("figures"))
    return " ".join(p for s in paper.sections for p in s.paragraphs)


@pytest.mark.parametrize("word", ["non-linear", "k-means", "p-value", "tree-frog"])
def test_a_word_typed_in_math_mode_is_read_as_the_word(text, word):
    assert f" {word} " in text
    assert not garbled.broken_math(text)


@pytest.mark.parametrize("formula", ["$n - 1$", "$x - y$", "e^{-t}", "$b_{i}$"])
def test_a_formula_stays_a_formula(text, formula):
    assert formula in text


@pytest.mark.parametrize(
    ("bullet", "written"),
    [
        ("Each $t-test$ compared two ponds.", "Each t-test compared two ponds."),
        ("We fitted a non $-$ linear model to the nightly counts.", "We fitted a non-linear model"),
        ("The $SARS-CoV-2$ load fell within a week.", "The SARS-CoV-2 load fell"),
    ],
)
def test_the_reviewer_reports_it_and_the_repair_writes_the_word(bullet, written):
    assert any(kind == "broken_math" for kind, _ in text_defects(bullet))
    fixed = rewrite(bullet)
    assert fixed is not None and fixed.startswith(written) and "$" not in fixed


@pytest.mark.parametrize(
    "bullet",
    [
        "The count fell by $n - 1$ calls for each degree.",
        "The gap $a - b$ between the two ponds stayed small.",
        "The rate $\\lambda = e^{-t}$ falls with time.",
        "The estimate $\\hat{x} - x$ stays under one call.",
    ],
)
def test_a_formula_on_a_slide_is_not_reported(bullet):
    assert not any(kind == "broken_math" for kind, _ in text_defects(bullet))
