"""A report written in a word processor (issue 14): headings "1 Introduction", "2.3 Search …"
set in the body's font and size, not bold. Ingestion finds them by their numbers, which run as
an outline (1, 2, 2.1, 2.2, 3 …), instead of reading the whole report as one section; a
numbered list in the text, whose numbers break that outline, stays text."""

from __future__ import annotations

import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.numbered_headings import follows

HEADINGS = [
    "1 Introduction",
    "2 Methods",
    "2.1 Sites",
    "2.2 Search of the records",
    "2.3 Instruments",
    "3 Results",
    "3.1 Salinity",
    "3.2 Temperature",
    "4 Discussion",
    "5 Conclusions",
]
TEXT = (
    "the survey of the coastal stations measured salinity and temperature every week during "
    "two seasons while volunteers recorded the tides and the weather at each site and the "
    "team compared these readings with the satellite estimates of the same quantities"
)
WORDS = TEXT.split(" ")
STEPS = [
    "1 Record the tide at noon",
    "2 Send the readings to the team",
    "3 Check the probes after each storm",
]


def _paragraph(seed: int, count: int = 70) -> list[str]:
    words = [WORDS[(seed * 7 + i * 3) % len(WORDS)] for i in range(count)]
    words[0] = words[0].capitalize()
    lines, line = [], ""
    for word in words:
        if len(line) + len(word) > 88:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line + "."]


def _report(path, heading_font: str, headings=HEADINGS) -> None:
    """One column of Times 11 pt; each heading on a line of its own in `heading_font` at the
    same size, three paragraphs under it; a numbered list of steps under the second heading."""
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Coastal station survey")
    y = 780.0

    def line(text: str, font: str = "Times-Roman", size: float = 11, gap: float = 14) -> None:
        nonlocal y
        if y < 70:
            pdf.showPage()
            y = 780.0
        pdf.setFont(font, size)
        pdf.drawString(72, y, text)
        y -= gap

    line("Coastal Station Survey: Final Report", "Times-Bold", 16, 26)
    line("Ana Example and Bo Sample", gap=26)
    for k, heading in enumerate(headings):
        y -= 6
        line(heading, heading_font, 11, 16)
        for p in range(3):
            for text in _paragraph(k * 3 + p):
                line(text)
            y -= 6
        if k == 1:
            for step in STEPS:
                line(step)
            y -= 6
    pdf.save()


@pytest.mark.parametrize("font", ["Times-Roman", "Times-Bold"])
def test_numbered_headings_in_the_body_font_make_the_sections(tmp_path, font):
    _report(tmp_path / "report.pdf", font)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [(s.number, s.title) for s in paper.sections] == [
        tuple(h.split(" ", 1)) for h in HEADINGS
    ]
    methods = paper.sections[1]
    assert any("Record the tide at noon" in p for p in methods.paragraphs)  # a list, no heading


def test_a_numbered_list_without_an_outline_around_it_stays_text(tmp_path):
    # headings without numbers (and not bold): the list's 1, 2, 3 are no outline of their own
    _report(tmp_path / "report.pdf", "Times-Roman", headings=["Introduction", "Methods"])
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    titles = [s.title for s in paper.sections]
    assert not any(t.startswith(("Record", "Send", "Check")) for t in titles)


@pytest.mark.parametrize(
    ("before", "after", "expected"),
    [
        ((2,), (2, 1), True),
        ((2, 1), (2, 2), True),
        ((2, 3), (3,), True),
        ((3, 2, 1), (4,), True),
        ((2,), (2, 2), False),
        ((2,), (4,), False),
        ((2, 1), (1,), False),
    ],
)
def test_an_outline_number_follows_the_one_before(before, after, expected):
    assert follows(before, after) is expected
