"""A table's caption read whole and alone: neither a reference that opens a line of prose nor
the table's bold column header is part of it.

Two ways a table caption reached a slide glued to something else: a line of prose broken
before "Table 2. The …" (the sentence began on the line above) was taken for the caption and
took the table's number, so the real caption was read as text; and a caption in plain type was
read on into the header set bold right under it ("… of the coating Amount of coating [mg]").
"""

from __future__ import annotations

import pdfplumber
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest.captions import captions_find
from apps.decks.pipeline.ingest.layout import layout_read
from apps.decks.pipeline.ingest.runin import run_in_split

PROSE = [
    "The coating was applied to twelve steel plates and each plate was weighed before and after",
    "drying so that the loss of solvent could be measured for every sample that we prepared; the",
    "mean loss and its spread for each amount of coating on the plates are presented in",
    "Table 2. The measured losses agree with the reference values for every plate we prepared.",
]


def _paper(path, reference: bool = True) -> None:
    pdf = canvas.Canvas(str(path), pagesize=(612, 792))
    y = 700.0
    for line in PROSE if reference else PROSE[:2]:
        pdf.setFont("Times-Roman", 10)
        pdf.drawString(72, y, line)
        y -= 12
    pdf.showPage()
    y = 700.0
    pdf.setFont("Helvetica-Bold", 9)
    pdf.drawString(72, y, "Table 2.")
    pdf.setFont("Helvetica", 9)
    pdf.drawString(
        112, y, "Effects of the coating on the plates expressed by the mean loss of solvent"
    )
    y -= 14
    pdf.setFont("Helvetica-Bold", 9)
    pdf.drawString(90, y, "Loss [% of mass] by amount")
    y -= 11
    pdf.setFont("Helvetica-Bold", 9)
    pdf.drawString(72, y, "Plate")
    for column, amount in enumerate(("5", "10", "20")):
        pdf.drawString(200 + 60 * column, y, amount)
    pdf.setFont("Helvetica", 9)
    for row in range(4):
        y -= 11
        pdf.drawString(72, y, f"P{row + 1}")
        for column in range(3):
            pdf.drawString(200 + 60 * column, y, f"{0.8 + 0.3 * row + 0.1 * column:.2f}")
    pdf.save()


def _captions(path):
    with pdfplumber.open(path) as pdf:
        layout = layout_read(pdf)
    run_in_split(layout)
    return captions_find(layout)


def test_a_reference_opening_a_line_of_prose_is_no_caption(tmp_path):
    path = tmp_path / "tables.pdf"
    _paper(path)
    tables = [c for c in _captions(path) if c.kind == "table"]
    assert [(c.number, c.page) for c in tables] == [(2, 2)]


def test_the_bold_column_header_under_the_caption_is_not_read_into_it(tmp_path):
    path = tmp_path / "tables.pdf"
    _paper(path, reference=False)
    (caption,) = [c for c in _captions(path) if c.kind == "table"]
    assert caption.text.endswith("expressed by the mean loss of solvent")
