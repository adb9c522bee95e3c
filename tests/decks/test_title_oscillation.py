"""A slide's title does not go back and forth between two sections' headings: a slide titled
with its own section's heading that ends on a verb ("Some tools we use") is no fragment; a
retitle never takes the heading of a section the slide's bullets do not come from; a retitle
the slide already had once is not made again, and a finding about a title that went and came
back is low. A one-line statement set as its own paragraph ("… must NOT …" over "This is
because …") is a whole sentence, not a cut one. On a paper and slides made up here."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.issues import Change, Issue
from apps.decks.pipeline.loop_guard import no_repeated_retitles, settle_title_findings
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

STORING = (
    "The cores are kept frozen at minus twenty degrees until the lab receives them. Each core "
    "is wrapped in foil and labelled with its depth and the date of drilling."
)
TOOLS = (
    "A small scanner reads the barcode on every core before it is cut. A balance weighs each "
    "slice to a tenth of a gram, and a spreadsheet collects the weights per core."
)
TOOLS_BULLETS = [
    "A small scanner reads the barcode on every core before it is cut",
    "A balance weighs each slice to a tenth of a gram",
]
HEADING = "Some tools we use"  # the author's heading, ending on a verb


def _paper(extra: list[Section] | None = None) -> Paper:
    return Paper(
        title="Ice cores in the lab",
        pages=3,
        source_name="cores.pdf",
        sections=[
            Section(title="Storing the cores", paragraphs=[STORING]),
            Section(title=HEADING, paragraphs=[TOOLS]),
            *(extra or []),
        ],
    )


def _deck(paper: Paper, title: str) -> SlideDeck:
    slide = Slide(kind="bullets", title=title, bullets=TOOLS_BULLETS, notes=TOOLS)
    return SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])


def _title_findings(deck: SlideDeck, paper: Paper) -> list[Issue]:
    slide = deck.slides[1]
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    return [i.model_copy(update={"slide": 2}) for i in text_rules.title_defects(context)]


def test_a_slide_titled_with_its_sections_heading_ending_on_a_verb_is_no_fragment():
    paper = _paper()
    assert _title_findings(_deck(paper, HEADING), paper) == []
    # the same words that head no section of the paper are still read as a cut title
    assert [i.type for i in _title_findings(_deck(paper, "Other tools we use"), paper)] == [
        "title_fragment"
    ]


@pytest.mark.parametrize(
    "heading", ["The model", "Output", "Software:", "Effects in the presence of"]
)
def test_a_heading_that_says_nothing_or_was_cut_is_still_a_fragment(heading):
    paper = _paper([Section(title=heading, paragraphs=[TOOLS])])
    found = _title_findings(_deck(paper, heading), paper)
    assert [i.type for i in found] == ["title_fragment"]


def test_a_retitle_never_takes_the_heading_of_a_section_the_bullets_do_not_come_from():
    paper = _paper()
    deck = _deck(paper, HEADING)
    # the finding as the reviewer made it before headings were the author's choice
    issue = Issue(
        slide=2,
        type="title_fragment",
        severity="medium",
        message=f"the title “{HEADING}” is a fragment (“use”)",
        evidence={"where": "title", "text": HEADING, "part": "use"},
    )
    fixed = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck.slides[1]
    assert "Storing the cores" not in fixed.title


def _rounds() -> tuple[Paper, list[SlideDeck]]:
    """Round 1 titled with the heading, round 2 retitled with another one, round 3 back."""
    paper = _paper()
    return paper, [_deck(paper, t) for t in (HEADING, "Storing the cores", HEADING)]


def test_a_retitle_the_slide_already_had_is_not_made_again():
    _, (one, two, three) = _rounds()
    again = _deck(_paper(), "Storing the cores")
    changes = [
        Change(issue=0, slide=2, type="title_fragment", action="retitled “Storing the cores”")
    ]
    revised, kept = no_repeated_retitles([one, two], three, again, changes)
    assert revised.slides[1].title == HEADING
    assert kept == []
    # the way back (round 2 → round 3) was a first time: made
    revised, kept = no_repeated_retitles([one], two, three, changes[:0])
    assert revised.slides[1].title == HEADING


def test_a_finding_about_a_title_that_went_and_came_back_is_low():
    paper, (one, two, three) = _rounds()
    fragment = Issue(
        slide=2,
        type="title_fragment",
        severity="medium",
        message="the title is a fragment",
        evidence={"where": "title", "text": HEADING},
    )
    mismatch = Issue(
        slide=0,
        type="title_mismatch",
        severity="medium",
        message="slide 2 is titled so but its bullets come from elsewhere",
        evidence={"slides": [2]},
    )
    other = Issue(slide=0, type="slide_count", severity="medium", message="few slides")
    settled = settle_title_findings([one, two], three, [fragment, mismatch, other])
    assert [i.severity for i in settled] == ["low", "low", "medium"]
    # a title changed once (no return yet) still blocks
    assert settle_title_findings([one], two, [fragment])[0].severity == "medium"


RULE = "Cores must NOT thaw between the freezer and the saw"
BECAUSE = (
    "This is because melt water carries the dust of one layer into the next. A thawed core "
    "is logged as such and left out of the dust counts."
)


def test_a_statement_set_as_its_own_paragraph_is_no_cut_sentence():
    paper = Paper(
        title="Ice cores in the lab",
        pages=3,
        source_name="cores.pdf",
        sections=[Section(title="Handling the cores", paragraphs=[RULE, BECAUSE])],
    )
    slide = Slide(kind="bullets", title="Handling the cores", bullets=[RULE], notes=RULE)
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    assert list(text_rules.cut_before_display(context)) == []
    # the same line going on in a paragraph that continues it is a cut
    cut = "Cores must NOT thaw between the freezer and the"
    paper = paper.model_copy(
        update={"sections": [Section(title="Handling the cores", paragraphs=[cut, "saw."])]}
    )
    slide = slide.model_copy(update={"bullets": [cut]})
    deck = SlideDeck(title=paper.title, slides=[deck.slides[0], slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    assert [i.type for i in text_rules.cut_before_display(context)] == ["broken_sentence"]
