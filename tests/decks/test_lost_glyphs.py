"""A number must never change when the PDF's text layer lost a glyph of it, on a paper of our
own (tests/fixtures/papers/ingest/lostglyphs, CC0) whose math symbols are bitmap fonts with no
Unicode: the minus of an exponent and before a number is read from the glyph's drawn shape (a
flat bar on the math axis) or from a rule drawn in its place; a ± or × the text layer cannot
name is marked unreadable, never dropped, and the reviewer reports a bullet holding it beside a
number (lost_glyph), whose fix drops the bullet. The same paper's running header is a journal's
"A. Author et al. / Journal 12 (2031) 1–9": the cover's venue is the citation without its
authors."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import defects
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.ingest.structure import readable_captions, venue_find
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of, footer_text
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.paperfactory import needs_pdflatex, pdflatex_copy
from tests.decks.test_review_rules import measure

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "lostglyphs"
PDF = FOLDER / "tessera-lostglyphs.pdf"
VENUE = "Journal of Cryogenic Sensing 12 (2031) 1–9"


def _apparatus(paper: Paper) -> str:
    return " ".join(next(s for s in paper.sections if s.title == "Apparatus").paragraphs)


def _numbers_kept(text: str) -> None:
    assert "evacuated to $10^{-7}$ Pa" in text  # not $10^{7}$
    assert "offset was $-4$ mV" in text  # not "4 mV"
    assert "below $10^{-5}$ mbar" in text  # the minus drawn as a rule, not "10 5"
    # ± and × have no reading there: marked, never dropped into another number
    assert "12 \ufffd 3 nm" in text and "12 3" not in text
    assert "4 \ufffd 8 elements" in text and "4 8" not in text


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(PDF, tmp_path_factory.mktemp("lostglyphs") / "figures")


def test_a_lost_minus_is_read_from_its_shape_and_other_lost_signs_are_marked(paper):
    _numbers_kept(_apparatus(paper))


def test_the_venue_of_an_authors_running_header_is_its_citation(paper):
    assert paper.venue == VENUE and paper.year == "2031"
    assert footer_text(paper) == "Holt et al. · Journal of Cryogenic Sensing 2031"


@needs_pdflatex
def test_the_paper_built_from_its_source_reads_the_same(tmp_path):
    pdf = pdflatex_copy(FOLDER, "tessera-lostglyphs.tex", tmp_path)
    paper = paper_read(pdf, tmp_path / "figures")
    _numbers_kept(_apparatus(paper))
    assert paper.venue == VENUE


def _running(*texts: str) -> Layout:
    return Layout(pages=[], page_sizes=[], body_size=10.0, columns=[], running=list(texts))


@pytest.mark.parametrize(
    "running, venue",
    [
        ("S. Vik, T. Aas / Annals of Glacier Flow 40 (2029) 273–284", "Annals of Glacier Flow"),
        ("S. Vik and T. Aas | Annals of Glacier Flow 40 (2029) 273–284", "Annals of Glacier"),
        ("Vik et al. / Annals of Glacier Flow 40 (2029) 273–284", "Annals of Glacier Flow"),
        ("Input / Output Letters 40 (2029) 273–284", "Input / Output Letters"),
    ],
)
def test_a_running_headers_authors_are_no_venue(running, venue):
    found, year = venue_find(_running(running), "A title")
    assert found.startswith(venue) and "/ Annals" not in found and year == "2029"


def test_a_running_header_of_authors_and_year_gives_the_year_only():
    assert venue_find(_running("Vik et al. (2029)"), "A title") == ("", "2029")


LOST = Paper(
    title="Calibrating film thermometers",
    sections=[
        Section(
            title="Apparatus",
            paragraphs=[
                "The film thickness was 12 \ufffd 3 nm on every wafer we measured. "
                "The cryostat was evacuated to $10^{\ufffd7}$ Pa before each cool-down began. "
                "The sensors were read by a lock-in amplifier at a fixed reference frequency. "
                "Each channel was calibrated against a reference thermometer before the run."
            ],
        ),
    ],
    pages=4,
    source_name="films.pdf",
)


@pytest.mark.parametrize(
    "bullet",
    [
        "The film thickness was 12 \ufffd 3 nm on every wafer we measured",
        "The cryostat was evacuated to $10^{\ufffd7}$ Pa before each cool-down began",
        "The offset was \ufffd4 mV at the start of every run",
    ],
)
def test_a_bullet_with_an_unreadable_glyph_beside_a_number_is_reported_and_dropped(bullet):
    assert [k for k, _ in defects.text_defects(bullet)][0] == "lost_glyph"
    kept = "The sensors were read by a lock-in amplifier at a fixed reference frequency"
    slide = Slide(kind="bullets", title="Apparatus", bullets=[bullet, kept])
    deck = deck_of(LOST, [Slide(kind="title", title=LOST.title), slide])
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, LOST)
    issues = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "lost_glyph"]
    assert len(issues) == 1 and issues[0].severity == "high"
    revised = deck_repair(BuiltinProposer(), LOST, deck, issues).deck
    shown = " ".join(b for s in revised.slides for b in s.bullets)
    assert "\ufffd" not in shown and kept in shown
    # never the number without its glyph
    assert "12 3" not in shown and "10^{7}" not in shown and " 4 mV" not in shown


def test_a_stray_glyph_away_from_numbers_is_still_stripped():
    assert defects.text_defects("The \ufffd sensors were read by a lock-in amplifier")[0][0] == (
        "stray_glyph"
    )


def test_a_caption_sentence_with_an_unreadable_glyph_beside_a_number_is_left_out():
    figure = Figure(
        id="fig-1",
        kind="figure",
        number=1,
        label="Figure 1",
        caption="Surface of the film. The scan area was 5 \ufffd 5 µm wide.",
        page=1,
        bbox=(50, 60, 300, 260),
        image="fig-1.png",
        width_px=500,
        height_px=400,
    )
    readable_captions([figure])
    assert figure.caption == "Surface of the film."


def test_a_citation_line_on_page_one_is_the_venue_whatever_the_running_header_says():
    from tests.decks.test_unseen_ingest import _segment as at

    segments = [
        at("Journal of Cryogenic Sensing 12 (2031) 1–9", 150, 40, 8.0),
        at("Calibrating film thermometers", 120, 120, 16.0),
        at("The sensors were read by a lock-in amplifier at a fixed frequency.", 60, 300),
    ]
    layout = Layout(
        pages=[segments],
        page_sizes=[(612.0, 792.0)],
        body_size=10.0,
        columns=[],
        running=["Holt et al. — Film thermometers 2031"],
    )
    assert venue_find(layout, "Calibrating film thermometers") == (VENUE, "2031")
    layout.pages = [segments[1:]]  # without it, the running line names authors, no venue
    assert venue_find(layout, "Calibrating film thermometers") == ("", "2031")


def _char(text: str, x0: float, font: str, size: float = 8.0) -> dict:
    # pdfplumber's fields: the baseline at 100 pt from the page's top (page 800 pt high)
    return {
        "text": text,
        "x0": x0,
        "x1": x0 + 0.5 * size,
        "top": 100 - 0.8 * size,
        "bottom": 100 + 0.2 * size,
        "y0": 700 - 0.2 * size,
        "size": size,
        "fontname": font,
        "matrix": (size, 0, 0, size, x0, 700),
        "upright": True,
    }


def test_a_glyph_read_as_a_digit_but_drawn_off_the_baseline_is_unreadable():
    """A publisher's font whose text map names its degree sign "1" ("400 1C" for 400 °C) and
    its equals sign "¼" ("T 1⁄4 650" for T = 650): the drawn glyph says otherwise."""
    from apps.decks.pipeline.ingest import lost_glyphs

    text = [
        _char("4", 10, "Text"),
        _char("0", 14, "Text"),
        _char("0", 18, "Text"),
        _char("1", 22.5, "Entities"),
        _char("C", 26, "Text"),
    ]
    suspect = [i for i in range(len(text)) if lost_glyphs._digit_of_another_font(text, i)]
    assert suspect == [3]
    # pdfium's boxes (tight, loose): a small ring at cap height; a real "1" from the baseline
    ring = ((22.6, 93.5, 24.8, 95.6), (22.5, 93.0, 26.5, 101.6))
    one = ((22.8, 94.4, 25.0, 100.0), (22.5, 93.0, 26.5, 101.6))
    read = lost_glyphs._misread_digits(text, suspect, [ring])
    assert "".join(c["text"] for c in read) == "400\ufffdC"
    assert lost_glyphs._misread_digits(text, suspect, [one]) == text
