"""The loop does not make a good slide worse (issue #14).

- A caption's legend of abbreviations ("SF = Spring Feeding; NF = No Feeding") is no broken
  mathematics, and a caption's repair never drops the legend the figure's labels need.
- A retitle is made only when the new title is no worse than the one it replaces: not one word
  (unless the paper's heading is), not cut at a comma, a preposition or an article, not a
  phrase that fits any slide, and with a word of the slide; otherwise the slide keeps its
  title and review.json says why the finding stays open.
- A caption revision the reviewer's caption rules would flag as badly as the issue it answers
  is not made.

The proposer here returns a fixed revision (as a language model might) where the builtin one
does not go wrong the same way; paper, figure and slides are made up here.
"""

from __future__ import annotations

import pytest

from apps.decks.pipeline import garbled
from apps.decks.pipeline.issues import Change, Issue, Revision
from apps.decks.pipeline.loop import RoundRecord, revise_record, revise_round
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.test_loop_no_worse import FEEDING, HIVES, FixedProposer
from tests.decks.test_review_rules import measure

LEGEND = "Honey yield per hive by treatment. SF = Spring Feeding; NF = No Feeding; PS = Pollen Substitute."
TITLE = "Honey yield after spring feeding"


def _paper(caption: str = LEGEND) -> Paper:
    figure = Figure(
        id="fig-2",
        kind="figure",
        number=2,
        label="Figure 2",
        caption=caption,
        page=1,
        bbox=(100, 100, 400, 250),
        image="fig-2.png",
        width_px=1200,
        height_px=800,
        section="Results",
    )
    return Paper(
        title="Spring feeding of honey bee colonies",
        pages=3,
        source_name="hives.pdf",
        sections=[Section(number="2", title=TITLE, paragraphs=[HIVES])],
        figures=[figure],
    )


def _figure_deck(paper: Paper, caption: str) -> SlideDeck:
    slide = Slide(kind="figure", title="Yield by treatment", figure="fig-2", caption=caption)
    return deck_of(paper, [Slide(kind="title", title=paper.title), slide])


def _caption_findings(deck: SlideDeck, paper: Paper) -> list[Issue]:
    context = SlideContext(2, deck.slides[1], measure(slide=2), deck, paper)
    return [
        i for rule in SLIDE_RULES for i in rule(context) if i.evidence.get("where") == "caption"
    ]


# ------------------------------------------------------------------- 1. legends are no maths


@pytest.mark.parametrize(
    "legend",
    [
        LEGEND,
        "Accuracy per model. LR = Logistic Regression, RF = Random Forest, GBM = Gradient Boosting.",
        "Mean error per run (SNR = signal to noise ratio).",
        "CNN-LSTM = Convolutional Recurrent Network; mAP = Mean Average Precision.",
    ],
)
def test_a_legend_of_abbreviations_is_no_broken_math(legend):
    assert garbled.broken_math(legend) is None
    paper = _paper(legend)
    assert _caption_findings(_figure_deck(paper, legend), paper) == []


def test_a_formula_spliced_into_prose_is_still_broken_math():
    # a single letter set equal to the next line's word, an operator with nothing after it
    assert garbled.broken_math("the depth q = Breadth of the tree") == "= Breadth"
    assert garbled.broken_math("the gain of hives, AB = 3 +") == "+"
    assert garbled.broken_math("the rate $SF = $ per day")


def test_the_caption_repair_keeps_a_legend_whose_sentence_has_broken_math():
    # the legend's sentence also holds a flattened formula: cutting it would leave the labels
    # SF and NF unexplained, so the repair leaves the caption as it is (no fix claimed)
    caption = "Honey yield per hive. SF = Spring Feeding; NF = No Feeding, at rate β c per hive."
    paper = _paper(caption)
    deck = _figure_deck(paper, caption)
    found = _caption_findings(deck, paper)
    assert [i.type for i in found] == ["broken_math"]
    revision = deck_repair(BuiltinProposer(), paper, deck, found)
    assert revision.deck.slides[1].caption == caption
    assert revision.changes == []


def test_a_revision_that_cuts_the_legend_off_the_caption_is_refused():
    paper = _paper()
    deck = _figure_deck(paper, LEGEND)
    cut = _figure_deck(paper, "Honey yield per hive by treatment.")
    issue = Issue(slide=2, type="broken_math", severity="medium", message="the caption …")
    proposer = FixedProposer(
        Revision(deck=cut, changes=[Change(issue=0, slide=2, type="broken_math", action="cut")])
    )
    refused: list[dict] = []
    result, changes = revise_round(proposer, paper, [], deck, [issue], refused)
    assert result.slides[1].caption == LEGEND
    assert changes == []
    assert refused[0]["guard"] == "no_worse_captions"
    assert "NF, PS, SF" in refused[0]["why"]


# --------------------------------------------------------- 3. a caption no better is not made


def test_a_caption_revision_the_caption_rules_flag_is_refused():
    # the paper's caption, but its formula's subscript flattened ("β c" for β_c)
    caption = "Honey yield per hive by treatment."
    paper = _paper(caption + " Syrup was fed at rate β c per hive.")
    deck = _figure_deck(paper, "")
    worse = _figure_deck(paper, "Syrup was fed at rate β c per hive.")
    issue = Issue(slide=2, type="thin_slide", severity="medium", message="a bare figure")
    proposer = FixedProposer(
        Revision(deck=worse, changes=[Change(issue=0, slide=2, type="thin_slide", action="said")])
    )
    refused: list[dict] = []
    result, changes = revise_round(proposer, paper, [], deck, [issue], refused)
    assert result.slides[1].caption == ""
    assert changes == []
    assert refused[0]["guard"] == "no_worse_captions"
    assert "broken mathematics" in refused[0]["why"]
    # the figure's own caption, which no rule flags, is made
    better = _figure_deck(paper, caption)
    proposer.revision = Revision(deck=better, changes=proposer.revision.changes)
    result, changes = revise_round(proposer, paper, [], deck, [issue], [])
    assert result.slides[1].caption == caption and len(changes) == 1


# ------------------------------------------------------------------ 2. retitles no worse


def _text_deck(title: str) -> SlideDeck:
    paper = _paper()
    slide = Slide(kind="bullets", title=title, bullets=FEEDING, notes=HIVES)
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])


def _retitle(old: str, new: str):
    paper = _paper()
    deck = _text_deck(old)
    issue = Issue(
        slide=2,
        type="title_fragment",
        severity="medium",
        message="a title that is a fragment",
        evidence={"where": "title", "text": old},
    )
    change = Change(issue=0, slide=2, type="title_fragment", action=f"retitled “{new}”")
    proposer = FixedProposer(Revision(deck=_text_deck(new), changes=[change]))
    record = RoundRecord(1, deck, [issue], None)  # type: ignore[arg-type]
    revised = revise_record(proposer, paper, [record], "medium")
    return revised, record


@pytest.mark.parametrize(
    ("new", "why"),
    [
        ("Hives", "a single word"),  # a bullet's first word
        ("Our approach", "a phrase that fits any slide"),
        ("Below", "a phrase that fits any slide"),
        ("Honey yield of fed hives,", "cut at a comma"),  # a caption cut at its comma
        ("Brood of the", "ending on a preposition or an article"),
        ("Weather records in August", "without a word of the slide"),
    ],
)
def test_a_retitle_worse_than_a_readable_title_is_not_made(new, why):
    revised, record = _retitle("Syrup and the June gap", new)
    assert revised is None  # nothing else changed: the loop stops with the title kept
    assert record.refused[0]["guard"] == "no_worse_retitles"
    assert why in record.refused[0]["why"]
    # the finding stays open with the true reason, not as one no repair exists for
    assert record.unrepairable and record.unrepairable[0]["type"] == "title_fragment"
    assert why in record.unrepairable[0]["reason"]


def test_a_retitle_as_good_or_better_is_made():
    revised, record = _retitle("Once fed in spring", "Spring feeding raises honey yield")
    assert revised is not None
    assert revised.slides[1].title == "Spring feeding raises honey yield"
    assert record.refused == []
    # the paper's own heading is a title even with no word of the slide's bullets
    revised, record = _retitle("Once fed in spring", TITLE)
    assert revised is not None and revised.slides[1].title == TITLE
