"""A figure whose caption is a sentence about what the authors do (issue #14, round 18): a
title cut from it anywhere leaves a clause without its end ("We move the flock between the
paddocks by opening gates | that …"); the reviewer reports the cut (title_fragment), and the
title made from the caption, by the first deck or the fixer, names the act and its object
("Moving the flock between the paddocks"). On captions written here."""

from __future__ import annotations

from apps.decks.pipeline import sentence_titles, title_defects
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks import factories

CAPTION = (
    "We move the flock between the paddocks by opening gates that the shepherd sets on a "
    "timer every ten days. The grass regrows while a paddock rests."
)
CUT = "We move the flock between the paddocks by opening gates"


def _paper(caption: str = CAPTION) -> Paper:
    figure = factories.figure(
        1, caption, page=2, bbox=(100.0, 100.0, 300.0, 250.0), height_px=750, section="Grazing plan"
    )
    section = Section(number="1", title="Grazing plan", paragraphs=["Sheep graze in turn."])
    return Paper(
        title="Rest periods in rotational grazing",
        pages=4,
        source_name="grazing.pdf",
        sections=[section],
        figures=[figure],
    )


def _slide(title: str, paper: Paper) -> Slide:
    return Slide(kind="figure", title=title, figure="fig-1", caption=paper.figures[0].caption)


def _findings(paper: Paper, slide: Slide) -> list:
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    return [i for i in text_rules.title_defects(context) if i.type == "title_fragment"]


def test_a_sentence_caption_cut_inside_its_clause_is_a_fragment_and_is_retitled():
    paper = _paper()
    slide = _slide(CUT, paper)
    found = _findings(paper, slide)
    assert [i.evidence["part"] for i in found] == ["gates that"]
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[1]
    assert fixed.title == "Moving the flock between the paddocks"
    assert _findings(paper, fixed) == []
    # a noun phrase the caption goes on with in a clause of its own stays whole
    noun = _paper("Gates that the shepherd opens on a timer every ten days.")
    assert title_defects.caption_cut("Gates", noun.figures[0].caption) is None


def test_the_first_title_of_a_sentence_caption_is_the_authors_act():
    assert figure_title(_paper().figures[0]) == "Moving the flock between the paddocks"
    # a short sentence is a title as it stands
    short = _paper("We fit a gamma law.")
    assert figure_title(short.figures[0]) == "We fit a gamma law"


def test_the_act_of_a_sentence_is_a_heading_of_its_verb_and_object():
    for sentence, title in [
        ("Here we fit a lognormal law to the losses, as before.", "Fitting a lognormal law"),
        ("We tie the fences to the posts with wire.", "Tying the fences"),
        (
            "We split the herd into ten groups that graze apart.",
            "Splitting the herd into ten groups",
        ),
        ("We compute the regrowth using daily plate readings.", "Computing the regrowth"),
    ]:
        assert sentence_titles.act_title(sentence) == title, sentence
    # a finding, an auxiliary, a verb read wrong, or an object too long is no act
    for sentence in (
        "We see that the grass regrows within three weeks.",
        "We can plot the residuals.",
        "We uses the meter.",
        "We move the flock of three hundred ewes and their lambs between the paddocks.",
    ):
        assert sentence_titles.act_title(sentence) == "", sentence
