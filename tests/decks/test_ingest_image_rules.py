"""An underscore painted as a one-pixel image mask (ps2pdf's way of drawing TeX's rules).

dvips → ps2pdf turns every rule of a page into an inline image stretched to the rule's size,
so LaTeX's `\\_` between the letters of a code name is a thin image, not a path. Read as a
path only, `solve_subproblem` reaches a slide as "solve subproblem". The font is a serif one
on purpose: the name is no typewriter text, the rule alone says it is one name.
"""

from __future__ import annotations

import pdfplumber
from PIL import Image as PILImage
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest.layout import layout_read

SIZE = 10.0


def _line_with_rule_images(path, parts: list[str]) -> None:
    """One line of Times text; between the parts, a rule 0.3 em wide painted as an image."""
    pixel = PILImage.new("1", (1, 1), 0)
    pdf = canvas.Canvas(str(path), pagesize=(612, 792))
    pdf.setFont("Times-Roman", SIZE)
    x, baseline = 72.0, 700.0
    for number, part in enumerate(parts):
        pdf.drawString(x, baseline, part)
        x += pdf.stringWidth(part, "Times-Roman", SIZE)
        if number < len(parts) - 1:
            x += 0.06 * SIZE  # LaTeX's kern before the rule
            pdf.drawInlineImage(pixel, x, baseline - 0.1, width=0.3 * SIZE, height=0.48)
            x += 0.3 * SIZE
    pdf.save()


def _text(path) -> str:
    with pdfplumber.open(path) as pdf:
        layout = layout_read(pdf)
    return " ".join(segment.text for segment in layout.segments(None))


def test_an_underscore_painted_as_an_image_joins_the_name(tmp_path):
    path = tmp_path / "rules.pdf"
    _line_with_rule_images(path, ["In the function solve", "sub", "problem we solve it."])
    assert "solve_sub_problem we solve it" in _text(path)


def test_a_thin_image_under_a_word_gap_is_no_underscore(tmp_path):
    """A rule that does not meet the letters on both sides (a gap wider than the rule) is not
    read into the words."""
    path = tmp_path / "apart.pdf"
    _line_with_rule_images(path, ["In the function solve ", " problem we solve it."])
    text = _text(path)
    assert "_" not in text
    assert "solve problem" in text
