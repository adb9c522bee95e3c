"""What the loop itself made worse on unseen papers (round 24's loop-made defects), each
through the real reviewer and `revise_round`: a generic title is never replaced by a subject
cut before its noun ("Several standard quadrat" of "Several standard quadrat layouts can be
…"); a figure whose crop stops one label line short of its caption keeps its slide (the
drawing is the figure's, only its axis title is missing); a cover set in capitals is never
set in sentence case by guessing the case of a word the paper's text never writes."""

from __future__ import annotations

from apps.decks.pipeline import crops
from apps.decks.pipeline.loop import revise_round
from apps.decks.pipeline.paper import PageText, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure
from tests.decks.test_review_rules import image_box, measure


def _found(deck: SlideDeck, paper: Paper, number: int, kind: str):
    context = SlideContext(number, deck.slides[number - 1], measure(slide=number), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == kind]


# ------------------------------------------------------------ a retitle is a whole phrase

SURVEY = [
    "The reef transects are mapped onto a regular grid of quadrats before any count is made. "
    "Several standard quadrat layouts can be applied to this gridded reef. "
    "For the present survey stratified random quadrats were used. "
    "Robust error bounds on the coral cover are obtained by repeating the draw ten times.",
    "The coral cover of the northern reef fell by a third between the two surveys. "
    "The southern reef kept its cover over the same years.",
]


def _survey() -> Paper:
    return Paper(
        title="Counting corals on a gridded reef",
        sections=[
            Section(number="2", title="Details", paragraphs=SURVEY[:1]),
            Section(number="3", title="Results", paragraphs=SURVEY[1:]),
        ],
        pages=6,
        source_name="reef.pdf",
    )


def test_a_generic_title_is_replaced_by_a_whole_subject_or_not_at_all():
    paper = _survey()
    bullets = [
        "Several standard quadrat layouts can be applied to this gridded reef",
        "For the present survey stratified random quadrats were used",
        "Robust error bounds on the coral cover are obtained by repeating the draw ten times",
    ]
    slide = Slide(kind="bullets", title="Details", bullets=bullets)
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    found = _found(deck, paper, 2, "title_generic")
    assert found, "“Details” names no subject"
    # what the reviewer says the slide is about is the whole noun phrase, never one cut
    # before its noun (the plural noun before "can" is no verb)
    assert found[0].evidence["part"] == "Several standard quadrat layouts"
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    title = revised.slides[1].title
    assert title in {"Details", "Several standard quadrat layouts"}, title
    assert not title.endswith("quadrat")


# --------------------------------------------- a crop one axis title short of its caption

MOORING = [
    "The mooring logged the water temperature every ten minutes for a year. "
    "Figure 1 shows the daily range of the temperature over the seasons.",
    "The daily range is largest in late summer, when the thermocline sits above the sensor.",
]


def _mooring(nearby: list[PageText]) -> Paper:
    # the plot from 150 to 400 pt, its caption from 450 pt: 50 pt between them
    plot = figure(
        1,
        "Daily range of the water temperature at the mooring over one year.",
        bbox=(120, 150, 480, 400),
    ).model_copy(update={"caption_bbox": (110, 450, 490, 470), "nearby": nearby})
    return Paper(
        title="A year at the mooring",
        sections=[Section(number="1", title="Temperature at the mooring", paragraphs=MOORING)],
        figures=[plot],
        pages=4,
        source_name="mooring.pdf",
    )


def _crop_round(paper: Paper):
    slide = Slide(kind="figure", title="Daily range of the water temperature", figure="fig-1")
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, measure(slide=2, images=[image_box()]), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "crop_off_caption"]
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    return found, revised


def test_a_crop_one_axis_title_short_of_its_caption_keeps_its_figure_slide():
    # the plot's axis title, centred under it, is the one line the crop left out
    axis_title = PageText(bbox=(220, 412, 380, 421), kind="body", text="Day of the year")
    paper = _mooring([axis_title])
    assert crops.off_caption(paper.figures[0]) and crops.short_by_a_line(paper.figures[0])
    found, revised = _crop_round(paper)
    assert found, "the reviewer still says the crop stops short of its caption"
    assert [s.figures() for s in revised.slides[1:]] == [["fig-1"]]


def test_a_crop_short_of_its_caption_by_lines_of_the_page_is_still_taken_off():
    # three lines of the figure's drawing (its legend) left out: a piece of the figure, not a label
    legend = [
        PageText(bbox=(130, 405 + 11 * k, 470, 414 + 11 * k), kind="body", text=f"row {k}")
        for k in range(3)
    ]
    paper = _mooring(legend)
    assert crops.off_caption(paper.figures[0]) and not crops.short_by_a_line(paper.figures[0])
    found, revised = _crop_round(paper)
    assert found and all("fig-1" not in s.figures() for s in revised.slides)


# ------------------------------------------------------------- a cover set in capitals

TIDES = [
    "We predict the tides of a small harbour from a year of gauge readings. "
    "The predictions are compared with the published tables of the harbour.",
    "The harmonic predictions agree with the gauge within four centimetres.",
]


def _cover_round(title: str):
    paper = Paper(
        title=title,
        sections=[Section(number="1", title="Introduction", paragraphs=TIDES)],
        pages=4,
        source_name="tides.pdf",
    )
    body = Slide(kind="bullets", title="Introduction", bullets=[TIDES[1].rstrip(".")])
    deck = SlideDeck(title=title, slides=[Slide(kind="title", title=title), body])
    found = _found(deck, paper, 1, "title_capitals")
    assert found, "the cover is set in capitals"
    revised, _changes = revise_round(BuiltinProposer(), paper, [], deck, found, [])
    return revised


def test_a_cover_in_capitals_is_set_in_sentence_case_when_the_text_writes_every_word():
    revised = _cover_round("HARMONIC PREDICTIONS OF HARBOUR TIDES")
    assert revised.slides[0].title == "Harmonic predictions of harbour tides"
    assert revised.title == revised.slides[0].title


def test_a_cover_in_capitals_is_never_lower_cased_on_a_guess_at_a_name():
    # "DARWIN" is a name the text never writes: "darwin" would misspell it on the cover, so
    # the cover stays as the paper sets it (a style finding left open)
    title = "HARMONIC PREDICTIONS OF HARBOUR TIDES AT DARWIN"
    revised = _cover_round(title)
    assert revised.slides[0].title == title and revised.title == title
