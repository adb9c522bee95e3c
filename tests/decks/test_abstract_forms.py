"""The abstract read in the forms papers set it (issue #14): a run-in "Summary." label, no
label and a smaller size than the text, a letter-spaced heading, a run-in "Abstract—"; the
headline is then found there. Papers of our own built by pdflatex
(tests/fixtures/papers/ingest/abstracts, CC0)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import headline
from apps.decks.pipeline.ingest import paper_read

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "abstracts"
FIRST = "Taggers label each word of a text with its part of speech."


@pytest.mark.parametrize("form", ["summary", "small", "spaced", "dash"])
def test_the_abstract_is_read_and_states_the_headline(form, tmp_path):
    paper = paper_read(FOLDER / f"{form}.pdf", tmp_path / "figures")
    assert paper.abstract.startswith(FIRST), paper.abstract[:120]
    assert "fastest on the longest sentences" in paper.abstract
    # the abstract is not also a section of the paper
    assert [s.title for s in paper.sections] == ["Introduction", "Method", "Conclusions"]
    found = headline.headline(paper)
    assert found is not None and "96.1 percent" in found.bullet, found
