"""A hyphenated word typed in math mode ("$p-value$") or its hyphen alone read as a formula
("non $-$ linear") renders as a minus between italic letters: ingestion writes it as the word,
the reviewer reports it as `broken_math` on a slide, and the repair writes it as text; real
formulas ("$n - 1$", "$x - y$", "$e^{-t}$") stay formulas. Paper and sentences are invented
(tests/fixtures/papers/ingest/wordymath)."""

from __future__ import annotations

from pathlib import Path

import pytest

from apps.decks.pipeline import garbled, wordy_math
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


@pytest.mark.parametrize(
    ("bullet", "written"),
    [
        (
            "Each pond's $\\delta -catchment, C_{\\delta}(q)$, holds the nearby streams.",
            "Each pond's $\\delta$-catchment, $C_{\\delta}(q)$, holds the nearby streams.",
        ),
        (
            "The calls held linalool $(12.5\\%), \\beta \\text{-pinene} (40.2\\%)$ and more.",
            "The calls held linalool (12.5%), $\\beta$-pinene (40.2%) and more.",
        ),
        (
            "It is the $1 - \\beta -level$ band of the call counts.",
            "It is the $1 - \\beta$-level band of the call counts.",
        ),
    ],
)
def test_a_symbol_and_a_word_in_one_formula_keep_only_the_symbol_as_math(bullet, written):
    """The symbol of a compound ("δ-catchment") is mathematics, the word after its hyphen is
    not; a formula before it goes on into the symbol, percentages beside it are text."""
    assert garbled.broken_math(bullet)
    assert wordy_math.written_as_text(bullet) == written
    assert not garbled.broken_math(written)


def test_a_compound_set_with_its_word_as_text_is_not_reported():
    # "$K\text{-fold}$" renders as "K-fold": nothing for a reader to see
    assert not garbled.broken_math("We ran $K\\text{-fold}$ cross-validation on the ponds.")
