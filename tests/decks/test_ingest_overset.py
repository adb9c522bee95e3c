"""Text set over a relation (`\\overset{iid}{\\sim}`, `\\stackrel{d}{=}`), read from the glyphs'
places on a paper made for these tests (tests/fixtures/papers/ingest/overset, CC0). Read glyph
by glyph, "iid" over the ~ became a superscript of the symbol before and of the relation:
"$a_{i}^{i} \\sim^{id} N(0, \\sigma^{2})$", a clean formula that states something else."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.glyphs import Glyph
from apps.decks.pipeline.ingest.stacked_relations import stacked_relations
from tests.decks.paper_text import formulas as formulas_of
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "overset"
PDF = FOLDER / "tessera-overset.pdf"


@pytest.fixture(scope="module")
def formulas(tmp_path_factory):
    return formulas_of(paper_read(PDF, tmp_path_factory.mktemp("overset") / "figures"))


@pytest.mark.parametrize(
    "tex",
    [
        r"$a_{i} \overset{\mathrm{iid}}{\sim} N(0,\sigma^{2})$",
        r"$\lambda_{i} \overset{\mathrm{def}}{=} \exp (\alpha + a_{i})$",
        r"$S_{1} \overset{d}{=} S_{2}$",
    ],
)
def test_text_over_a_relation_is_read_over_it(formulas, tex):
    assert tex in formulas, sorted(formulas)


def test_no_piece_of_the_text_over_a_relation_becomes_a_script(formulas):
    assert not [f for f in formulas if "^{i}" in f or "^{id}" in f or "^{d}" in f], formulas


def test_a_superscript_before_a_relation_stays_a_superscript(formulas):
    assert "$x^{2} = y$" in formulas, sorted(formulas)


def _glyph(text: str, x0: float, size: float, baseline: float) -> Glyph:
    width = 0.5 * size
    return Glyph(text, x0, x0 + width, baseline - size, baseline, size, "CMR10", baseline)


def test_small_text_over_a_relation_but_off_its_middle_is_left_alone():
    relation = _glyph("=", 100.0, 10.0, 200.0)
    # a superscript of the symbol before the relation, raised as high, ends before its middle
    raised = _glyph("2", 93.0, 7.0, 194.0)
    glyphs = stacked_relations([relation, raised])
    assert [g.tex for g in glyphs] == ["", ""]
    centred = _glyph("d", 100.75, 7.0, 193.0)
    assert [g.tex for g in stacked_relations([relation, centred])] == [r"\overset{d}{=}"]


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, tmp_path_factory):
    pdf = pdflatex_copy(FOLDER, "tessera-overset.tex", tmp_path)
    built = formulas_of(paper_read(pdf, tmp_path_factory.mktemp("built") / "figures"))
    assert r"$a_{i} \overset{\mathrm{iid}}{\sim} N(0,\sigma^{2})$" in built
