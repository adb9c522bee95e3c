"""A PDF that viewers and PDFium read but pdfminer cannot parse (a stray token in a page's
dictionary) is read from PDFium's copy of it, not refused as damaged: a journal's paper came
with such a file and made no deck."""

import pdfplumber
import pytest
from pdfplumber.utils.exceptions import PdfminerException

from apps.decks.pipeline.ingest import paper_read
from tests.decks import paperfactory


@pytest.fixture(scope="module")
def stray(generated_pdf, tmp_path_factory):
    return paperfactory.stray_token_pdf(
        tmp_path_factory.mktemp("stray") / "stray.pdf", generated_pdf
    )


def test_pdfminer_alone_cannot_read_the_file(stray):
    # the premise: without the copy, pdfminer refuses the page dictionaries
    with pytest.raises(PdfminerException), pdfplumber.open(stray) as plumber:
        plumber.pages  # noqa: B018


def test_the_paper_is_read_from_pdfiums_copy_as_the_file_says(stray, generated_paper, tmp_path):
    paper, _figures = generated_paper
    read = paper_read(stray, tmp_path / "figures")
    assert read.title == paper.title
    assert [s.title for s in read.sections] == [s.title for s in paper.sections]
    assert [s.paragraphs for s in read.sections] == [s.paragraphs for s in paper.sections]
    assert len(read.figures) == len(paper.figures) > 0
