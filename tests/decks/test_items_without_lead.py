"""A bulleted item of the paper's list that goes on from its lead ("… the loader offers: •
reading every file twice, • checking …") is no bullet on its own: capitalised, it reads as a
fragment or a claim without its subject (garbled, set 16). It is not drafted, and the reviewer
finds one on a slide (`lone_list_item`, with the paper's sentence) so that another sentence
of its part takes its place. Items that are sentences of their own stay."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.review import review
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import measure

LEAD = "The batch loader offers several services to the jobs it runs, including"
ITEMS = [
    "• reading every input file twice to check its length,",
    "• retrying a failed transfer from another replica, and",
    "• reporting the progress of each job to the scheduler.",
]
OTHERS = [
    "The loader keeps one index per batch of input files.",
    "Every job writes its output to a new file on the local disk.",
    "A failed job is run again from its input files on another node.",
]


@pytest.mark.parametrize(
    "item",
    [
        "• reporting the progress of each job to the scheduler.",
        "• retrying a failed transfer from another replica on a second node.",
        "• a density plot of the fitted distribution over the histogram of the data.",
    ],
)
def test_an_item_that_goes_on_from_its_lead_is_no_bullet(item):
    assert bullets.rewrite(item) is None


@pytest.mark.parametrize(
    ("item", "bullet"),
    [
        (
            "• Every job writes its output to a new file.",
            "Every job writes its output to a new file.",
        ),
        (
            "• Cluster administration is done by one node.",
            "Cluster administration is done by one node.",
        ),
    ],
)
def test_an_item_that_is_a_sentence_of_its_own_stays(item, bullet):
    assert bullets.rewrite(item) == bullet


def test_the_reviewer_finds_an_item_without_its_lead_and_the_proposer_replaces_it():
    paper = Paper(
        title="Loading batches",
        sections=[
            Section(
                title="Loader",
                paragraphs=[OTHERS[0], LEAD, *ITEMS, " ".join(OTHERS[1:])],
            )
        ],
        pages=1,
        source_name="paper.pdf",
    )
    item = "Retrying a failed transfer from another replica"
    slide = Slide(
        kind="bullets",
        title="Loader",
        bullets=[OTHERS[0].rstrip("."), item],
        notes=" ".join([OTHERS[0], LEAD, *ITEMS, *OTHERS[1:]]),
    )
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    issues = review(deck, [measure(slide=1), measure(slide=2)], paper)
    found = [i for i in issues if i.type == "lone_list_item"]
    assert [(i.evidence["index"], i.evidence["part"]) for i in found] == [(1, "retrying")]
    after = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1].bullets
    assert item not in after and OTHERS[0].rstrip(".") in after
    assert len(after) == 2
