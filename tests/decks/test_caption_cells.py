"""A table's caption that read on into the table's cells ("Lamp timing 16 64 256 8.41 8.37 …",
a caption set right above its rows): the slide shows its words before the cells, the reviewer
reports one that still holds them (table_as_text, where caption, kind cells) and the repair
cuts it there. Captions and numbers are invented."""

from apps.decks.pipeline.garbled import without_cells
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.captions import caption_text
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

GLUED = "Lamp timing per flock 16 64 256 1K 8.41 8.37 8.52 8.49 9.12 7.25 6.14 6.02 4.33 4.02"


def _table(caption: str) -> Figure:
    return Figure(
        id="tab-2",
        kind="table",
        number=2,
        label="Table 2",
        caption=caption,
        page=1,
        bbox=(100, 100, 400, 250),
        image="tab-2.png",
        width_px=1200,
        height_px=600,
        section="Results",
    )


def _paper(figure: Figure) -> Paper:
    return Paper(
        title="Counting by lamplight",
        pages=1,
        source_name="p.pdf",
        sections=[
            Section(
                title="Results",
                paragraphs=["Table 2 gives the counting time for each lamp and flock size."],
            )
        ],
        figures=[figure],
    )


def test_the_caption_is_cut_before_its_tables_cells():
    assert without_cells(GLUED) == "Lamp timing per flock"
    assert caption_text(_table(GLUED)) == "Lamp timing per flock"


def test_captions_with_numbers_of_their_own_are_not_cut():
    for caption in (
        "Mean error over 10 runs of 200 steps each.",
        "Accuracy for k = 1, 2 and 3 on the held-out set.",
        "Time in seconds for 16, 64 and 256 sheep.",
    ):
        assert without_cells(caption) == caption


def _findings(deck, paper):
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return [i for rule in SLIDE_RULES for i in rule(context) if i.type == "table_as_text"]


def test_the_reviewer_reports_cells_in_a_caption_and_the_repair_cuts_them():
    figure = _table(GLUED)
    paper = _paper(figure)
    slide = Slide(kind="figure", title="Counting time", figure="tab-2", caption=GLUED)
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    found = _findings(deck, paper)
    assert [(i.evidence["where"], i.evidence["kind"]) for i in found] == [("caption", "cells")]
    assert found[0].evidence["part"].startswith("16 64 256")
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.slides[1].caption == "Lamp timing per flock"
    assert _findings(revised, paper) == []


def test_a_caption_without_cells_is_not_reported():
    caption = "Counting time per flock for each lamp, in seconds."
    figure = _table(caption)
    paper = _paper(figure)
    slide = Slide(kind="figure", title="Counting time", figure="tab-2", caption=caption)
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    assert _findings(deck, paper) == []
