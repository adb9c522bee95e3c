"""An underline drawn as a rule under running-text mathematics is part of the formula: a lower
bound `\\underline{x}_i` beside the upper bound `\\overline{x}_i`. Dropped, "X_i = (1-p)x_i +
p\\underline{x}_i" read "(1-p)x_i + px_i" — which is x_i, a wrong statement — and "either
X_i = \\underline{x}_i or …" set the parameter to itself. Read on a paper made for these tests
(tests/fixtures/papers/ingest/underlines, CC0); with a rebuild from its LaTeX source."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "underlines"
PDF = FOLDER / "tessera-underlines.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("underlines") / "figures")


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def test_an_underline_under_running_text_math_is_read(paper):
    body = _text(paper)
    assert "its lower bound $\\underline{x}_{i}$ and its upper bound $\\overline{x}_{i}$" in body
    assert "either $X_{i} = \\underline{x}_{i}$ or $X_{i} = \\overline{x}_{i}$" in body
    assert "$X_{i} = (1 - p)x_{i} + p\\underline{x}_{i}$" in body
    assert "the lower bound $\\underline{b}$ of the budget" in body


def test_the_plain_symbol_and_underlined_prose_keep_no_underline(paper):
    body = _text(paper)
    assert "Every parameter $x_{i}$ of a candidate" in body
    assert "The only rule of the operators" in body  # an underlined word is no formula


def test_a_display_fraction_is_no_underline(paper):
    (equation,) = paper.equations
    assert "\\frac{r}{n}" in equation.tex


@needs_pdflatex
def test_a_rebuild_from_the_source_reads_the_same(tmp_path):
    rebuilt = paper_read(
        pdflatex_copy(FOLDER, "tessera-underlines.tex", tmp_path), tmp_path / "figures"
    )
    assert "p\\underline{x}_{i}$" in _text(rebuilt)
