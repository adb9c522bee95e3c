"""An overline drawn as a rule over running-text mathematics is part of the formula: without it
"the mean Δt̄ = (m+1)/λ" states that every waiting time Δt equals that value, and "Δt̄ is the
expected value of Δt" defines Δt by itself — wrong statements. Read on a paper made for these
tests (tests/fixtures/papers/ingest/overlines, CC0); with a rebuild from its LaTeX source.

And the last short line of a paragraph set right above a table stays in its paragraph (it was
read as the table's first row, and the sentence lost its end)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "overlines"
PDF = FOLDER / "tessera-overlines.pdf"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("overlines") / "figures")


def _text(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def test_an_overline_over_running_text_math_is_read(paper):
    body = _text(paper)
    assert "divided by $\\overline{\\Delta t}$, where $\\overline{\\Delta t}$ is the" in body
    assert "the mean waiting time is $\\overline{\\Delta t} = (m + 1)/\\lambda$" in body
    assert "The sample mean $\\overline{x}$ of" in body
    assert "$\\overline{AB}$" in body and "$\\overline{CD}$" in body


def test_the_plain_symbol_beside_it_keeps_no_overline(paper):
    body = _text(paper)
    assert "expected value of $\\Delta t$." in body
    assert "each single waiting time $\\Delta t$ may" in body
    assert "population mean $\\mu$" in body


def test_a_fraction_rule_over_a_denominator_is_no_overline(paper):
    (equation,) = paper.equations
    assert "\\frac{\\Delta t}{2m}" in equation.tex and "\\frac{A}{B}" in equation.tex
    assert "overline" not in equation.tex


def test_a_paragraphs_last_line_above_a_table_stays_in_the_paragraph(paper):
    assert "followed over the whole period." in _text(paper)
    assert paper.set_aside.get("cell") == 9  # the table's own words, and only them


@needs_pdflatex
def test_a_rebuild_from_the_source_reads_the_same(tmp_path):
    rebuilt = paper_read(
        pdflatex_copy(FOLDER, "tessera-overlines.tex", tmp_path), tmp_path / "figures"
    )
    assert "$\\overline{\\Delta t}$" in _text(rebuilt)
    assert "$\\overline{x}$" in _text(rebuilt)
