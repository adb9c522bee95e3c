"""A run-in heading on a tightly set page: a little more room above it than between lines.

LaTeX's `\\paragraph` puts stretchable glue above its heading; on a full two-column page that
glue shrinks to a few points, less than the 0.6 em that told a new paragraph, and the line
before it (the paragraph's last) may reach the column's edge. Then the bold heading was not
read as one and reached a slide glued to its sentence ("Seed choice A second family …"). The
line's room above, against the room between the column's other lines, still tells it.
"""

from __future__ import annotations

import pdfplumber
import pytest
from reportlab.pdfgen import canvas

from apps.decks.pipeline import defects, lost_text
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.ingest.runin import run_in_split
from apps.decks.pipeline.propose import bullets

SIZE, PITCH, LEFT, RIGHT = 9.0, 10.4, 72.0, 540.0
SENTENCE = (
    "the sampler draws each proposal from the current state and keeps it with a probability "
    "that depends on the ratio of the two densities so that the chain settles on the target "
    "after a burn in whose length we measure in every run of the study"
)
WORDS = SENTENCE.split()


def _justified(pdf: canvas.Canvas, y: float, words: list[str], font: str = "Times-Roman") -> None:
    """A line of words spread from the left edge to the right one, as TeX sets a paragraph."""
    widths = sum(pdf.stringWidth(w, font, SIZE) for w in words)
    gap = (RIGHT - LEFT - widths) / (len(words) - 1)
    x = LEFT
    for word in words:
        pdf.setFont(font, SIZE)
        pdf.drawString(x, y, word)
        x += pdf.stringWidth(word, font, SIZE) + gap


def _page(path, room: float) -> None:
    pdf = canvas.Canvas(str(path), pagesize=(612, 792))
    y = 700.0
    for start in range(0, 36, 18):  # a paragraph whose last line fills the column too
        _justified(pdf, y, WORDS[start : start + 18])
        y -= PITCH
    y -= room  # the heading's extra room: a few points only
    pdf.setFont("Times-Bold", SIZE)
    pdf.drawString(LEFT, y, "Seed choice")
    x = LEFT + pdf.stringWidth("Seed choice", "Times-Bold", SIZE) + SIZE  # LaTeX's quad
    pdf.setFont("Times-Roman", SIZE)
    pdf.drawString(x, y, "A second family of samplers starts from")
    y -= PITCH
    for start in range(0, 36, 18):
        _justified(pdf, y, WORDS[start : start + 18])
        y -= PITCH
    pdf.save()


def _heads(path) -> list[str]:
    with pdfplumber.open(path) as pdf:
        layout = layout_read(pdf)
    run_in_split(layout)
    return [s.text for page in layout.pages for s in page if s.run_in]


def test_a_bold_heading_with_a_little_room_above_runs_in(tmp_path):
    path = tmp_path / "tight.pdf"
    _page(path, room=3.5)  # 3.5 pt: less than 0.6 em of 9 pt, more than the lines' jitter
    assert _heads(path) == ["Seed choice"]


def test_bold_words_opening_a_line_inside_a_paragraph_are_no_heading(tmp_path):
    path = tmp_path / "inside.pdf"
    _page(path, room=0.0)  # the same words at the line pitch: emphasis inside a paragraph
    assert _heads(path) == []


# -------------------------------------------------------------------- the reviewer's check
# What ingestion still glues (a heading it cannot tell) reaches the reviewer: a heading of a
# capitalised word and lower-case ones before a sentence opening on "A"/"An" and a noun.


@pytest.mark.parametrize(
    "bullet, rewritten",
    [
        (
            "Seed choice A poor starting point slows every sampler of the study",
            "A poor starting point slows every sampler of the study",
        ),
        (
            "Badly mixed chains An early stop hides the bias of every sampler",
            "An early stop hides the bias of every sampler",
        ),
    ],
)
def test_a_run_in_heading_before_an_article_is_dropped(bullet, rewritten):
    assert "stray_glyph" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == rewritten


@pytest.mark.parametrize(
    "sentence",
    [
        "Patients in arm A received the higher dose of the drug",
        "Low vitamin A intake raises the risk of night blindness",
        "Treatment groups A and B were compared after six weeks",
        "Blood of type A donors was kept cold for a week",
    ],
)
def test_a_letter_that_names_something_is_no_run_in_heading(sentence):
    assert lost_text.run_in_heading(sentence) is None
