"""A percent sign that opens a label keeps its space.

A caption such as "Turnout for % Black voters" sets the sign apart from the word before it;
reading every "%" as closing punctuation put it on that word ("for% Black"), a token no reader
can say. After a number the sign still closes it ("5 %" → "5%").
"""

from __future__ import annotations

import pdfplumber
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest.layout import layout_read


def _text(path, line: str) -> str:
    pdf = canvas.Canvas(str(path), pagesize=(612, 792))
    pdf.setFont("Times-Roman", 10)
    pdf.drawString(72, 700, line)
    pdf.save()
    with pdfplumber.open(path) as opened:
        layout = layout_read(opened)
    return " ".join(segment.text for segment in layout.segments(None))


def test_a_percent_sign_after_a_word_opens_the_label(tmp_path):
    text = _text(tmp_path / "label.pdf", "Figure 4: Estimates for % Black Turnout and % Other")
    assert "for % Black Turnout and % Other" in text


def test_a_percent_sign_after_a_colon_opens_the_label(tmp_path):
    text = _text(tmp_path / "colon.pdf", "Figure 5: Tomography plot: % Black Turnout by county")
    assert "plot: % Black Turnout" in text


def test_a_percent_sign_after_a_number_still_closes_it(tmp_path):
    text = _text(tmp_path / "number.pdf", "About 12 % of the precincts and (7) % of the rest.")
    assert "12% of the precincts and (7)% of" in text
