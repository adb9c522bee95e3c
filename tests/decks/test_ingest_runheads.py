"""Running heads that alternate between even and odd pages, on a two-column paper made for
these tests (tests/fixtures/papers/ingest/runheads, CC0): the authors' surnames on the even
page and a short title on the odd one, at the body's size and with no page number beside
them, so that no head repeats on two pages. They are page furniture: never read into the
sentence that crosses the page break under them."""

from __future__ import annotations

import re

import pdfplumber
import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import layout_read

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "runheads"
PDF = FOLDER / "tessera-runheads.pdf"
HEADS = ("Okonkwo and Lindqvist", "Tide gauges and harbour silt")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("runheads"))


def _body(paper) -> str:
    return " ".join(p for s in paper.sections for p in s.paragraphs)


def _written_sentences() -> list[str]:
    """The sentences of the paper's sections as its source writes them."""
    source = (FOLDER / "tessera-runheads.tex").read_text()
    body = source.split("\\section{", 1)[1].split("\\end{document}")[0]
    body = re.sub(r"\\section\{[^}]*\}", " ", body.split("}", 1)[1])
    return [s.strip() + "." for s in " ".join(body.split()).split(".") if s.strip()]


@pytest.mark.parametrize("head", HEADS)
def test_an_alternating_running_head_is_no_text(paper, head):
    assert head not in _body(paper)


def test_the_heads_are_the_layouts_running_lines():
    with pdfplumber.open(PDF) as pdf:
        layout = layout_read(pdf)
    assert set(HEADS) <= set(layout.running)


def test_every_sentence_reads_as_written(paper):
    # the sentences crossing the page breaks under the heads read on, the broken word whole
    body = _body(paper)
    missing = [s for s in _written_sentences() if s not in body]
    assert not missing
