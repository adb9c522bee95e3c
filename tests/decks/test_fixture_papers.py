"""Tessera's own LaTeX test paper reads as written: two columns apart, running header and
footer recognised, display equations rebuilt as TeX with their sub- and superscripts, the tall
stack of panels laid side by side, the vector drawings rendered sharp, and the tightly set
section's words apart. The committed PDF is tested everywhere; where pdflatex exists, the PDF
is also rebuilt from its source and must read the same."""

import pytest

from apps.decks.pipeline.ingest import paper_read
from tests.decks.conftest import FIXTURES, paper_named
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy

LATEX = FIXTURES / "latex"


def _read(pdf, tmp_path):
    return paper_read(pdf, tmp_path / "figures")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return _read(paper_named("tessera-test-paper"), tmp_path_factory.mktemp("latex"))


def test_columns_header_and_structure(paper):
    assert paper.title == "Damped Oscillators Learn to Predict Cache Stalls in Recurrent Schedulers"
    assert paper.authors == ["Ada Okafor", "Nils Lindqvist", "Claire Moreau"]
    assert paper.doi == "10.5555/tessera.test.2025"
    assert [s.heading for s in paper.sections] == [
        "1 Introduction",
        "2 Model",
        "3 Experiments",
        "4 Tightly set notes",
        "5 Conclusions",
    ]
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    assert "Journal of Synthetic Results" not in text  # the running header is not body text
    # Lines of the two columns never mix: each sentence reads on.
    assert "work stealing or back-off [2]. In contrast, we predict the stall signal" in text


def test_display_equations_with_scripts_and_accents(paper):
    by_number = {e.number: e.tex for e in paper.equations}
    assert by_number["1"] == (
        r"\ddot{s}(t) + 2\zeta \omega_{0} \dot{s}(t) + \omega_{0}^{2} s(t) = k_{u} u(t)"
    )
    assert by_number["2"].startswith(r"s_{t+1} = \alpha_{1}s_{t}")
    # The loss's squares and the hat over its estimate are not read onto it: shown without them
    # it would state another loss, so the display is dropped (ingest/accounted.py)
    assert "3" not in by_number
    model = next(s for s in paper.sections if s.title == "Model")
    assert r"$\Delta = 10^{-5}$" in " ".join(model.paragraphs)  # inline, a superscript


def test_tight_letter_spacing_still_gives_words(paper):
    notes = next(s for s in paper.sections if s.title == "Tightly set notes")
    text = " ".join(notes.paragraphs)
    assert text.startswith("The prediction error grows when the release rate changes faster")
    assert max(len(w) for w in text.split()) < 20


def test_figures_tall_panels_and_vector_drawings(paper):
    drawing, panels, curves = (paper.figure(f"fig-{n}") for n in (1, 2, 3))
    assert panels.panels == 4 and panels.aspect > 1.2  # four stacked panels, now 2 × 2
    assert drawing.width_px >= 1960 and curves.width_px >= 1960  # sharp across a slide
    assert paper.figure("tab-1").kind == "table"


@needs_pdflatex
def test_the_source_still_builds_the_committed_paper(tmp_path, paper):
    rebuilt = _read(pdflatex_copy(LATEX, "tessera-test-paper.tex", tmp_path), tmp_path)
    assert [s.heading for s in rebuilt.sections] == [s.heading for s in paper.sections]
    assert [e.tex for e in rebuilt.equations] == [e.tex for e in paper.equations]
    assert rebuilt.sections[1].paragraphs == paper.sections[1].paragraphs
