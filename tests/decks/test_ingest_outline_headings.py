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


def _report(path, heading_font: str, headings=HEADINGS, tab: float | None = None) -> None:
    """One column of Times 11 pt; each heading on a line of its own in `heading_font` at the
    same size, three paragraphs under it; a numbered list of steps under the second heading.
    With `tab`, the heading's title starts that many points right of its number, as a word
    processor's tab sets it."""
    pdf = canvas.Canvas(str(path), pagesize=A4)
    pdf.setTitle("Coastal station survey")
    y = 780.0

    def line(
        text: str, font: str = "Times-Roman", size: float = 11, gap: float = 14, x: float = 72
    ) -> None:
        nonlocal y
        if y < 70:
            pdf.showPage()
            y = 780.0
        pdf.setFont(font, size)
        pdf.drawString(x, y, text)
        y -= gap

    line("Coastal Station Survey: Final Report", "Times-Bold", 16, 26)
    line("Ana Example and Bo Sample", gap=26)
    for k, heading in enumerate(headings):
        y -= 6
        if tab is None:
            line(heading, heading_font, 11, 16)
        else:
            number, title = heading.split(" ", 1)
            pdf.setFont(heading_font, 11)
            pdf.drawString(72, y, number)
            line(title, heading_font, 11, 16, x=72 + tab)
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


@pytest.mark.parametrize(
    ("font", "tab"), [("Times-Roman", 36), ("Times-Bold", 36), ("Times-Bold", 62)]
)
def test_a_tab_between_the_number_and_the_title_keeps_the_heading(tmp_path, font, tab):
    # "1" ⇥ "Introduction": the title half an inch (or most of an inch) right of the number, a
    # gap wider than any word space; read apart, the number was a stray line and the report one
    # section
    _report(tmp_path / "report.pdf", font, tab=tab)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [(s.number, s.title) for s in paper.sections] == [
        tuple(h.split(" ", 1)) for h in HEADINGS
    ]


QUESTIONS = [
    "1 Introduction",
    "2 Methods",
    "2.1 Sites",
    "2.2 Records: tide gauges and logs",
    "2.3 Instruments",
    "3 Results",
    "3.1 Does salinity drift?",
    "3.2 Temperature",
    "4 Discussion",
]


def test_a_heading_with_a_colon_or_a_question_stays_in_the_outline(tmp_path):
    _report(tmp_path / "report.pdf", "Times-Roman", headings=QUESTIONS)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [s.number for s in paper.sections] == [h.split(" ", 1)[0] for h in QUESTIONS]
    assert paper.sections[3].title == "Records: tide gauges and logs"


def test_one_unread_heading_does_not_cost_the_outline_the_rest(tmp_path):
    # 2.2 set over two lines is no outline line; 2.3 and all after it still are
    headings = [h for h in HEADINGS if not h.startswith("2.2")]
    _report(tmp_path / "report.pdf", "Times-Roman", headings=headings)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [s.number for s in paper.sections] == [h.split(" ", 1)[0] for h in headings]


@pytest.mark.parametrize(
    "headings",
    [
        ["I. Introduction", "II. Methods", "III. Results", "IV. Discussion"],
        ["A. Introduction", "B. Methods", "C. Results", "D. Discussion"],
    ],
)
def test_an_outline_numbered_in_roman_or_by_letters(tmp_path, headings):
    _report(tmp_path / "report.pdf", "Times-Roman", headings=headings)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [(s.number, s.title) for s in paper.sections] == [
        tuple(h.replace(".", "").split(" ", 1)) for h in headings
    ]
    assert paper.authors == ["Ana Example", "Bo Sample"]  # "I. Introduction" names no one


def test_lettered_appendices_after_the_outline(tmp_path):
    headings = [*HEADINGS, "A Additional tables", "B Station list"]
    _report(tmp_path / "report.pdf", "Times-Roman", headings=headings, tab=30)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [s.number for s in paper.sections][-3:] == ["5", "A", "B"]


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


FACED = ["Introduction", "Study area and data", "Instruments", "Results", "Discussion"]


def test_unnumbered_headings_in_a_face_of_their_own_make_the_sections(tmp_path):
    # Helvetica headings over Times text, same size, not bold, no numbers: the face is the sign
    _report(tmp_path / "report.pdf", "Helvetica", headings=FACED)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert [s.title for s in paper.sections] == FACED


def test_short_lines_in_the_body_face_stay_text(tmp_path):
    _report(tmp_path / "report.pdf", "Times-Roman", headings=FACED)
    paper = paper_read(tmp_path / "report.pdf", tmp_path / "figures")
    assert len(paper.sections) == 1
