"""A title read on into its byline (issue #14, round 20): a page that sets its author line in
the title's own size right under it gave one block of large text, and the cover showed the
author's name and e-mail address as the title's last words, with no author line. An address is
never part of a title, and its local part spells whose it is: the byline is cut off where that
name begins, and the name is the author. On papers made for these tests
(tests/fixtures/papers/ingest/titlebylines, CC0) and titles written here."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.title_byline import byline_split
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review.registry import SLIDE_RULES, SlideContext
from apps.decks.pipeline.slide_deck import Slide

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "titlebylines"


def _read(name: str, tmp_path):
    return paper_read(FOLDER / name, tmp_path / "figures")


def test_a_byline_in_the_titles_size_is_read_as_the_author_not_the_titles_end(tmp_path):
    paper = _read("tessera-byline-one.pdf", tmp_path)
    assert paper.title == (
        "Runoff estimates for small mountain streams from two seasons of gauge readings"
    )
    assert paper.authors == ["Anna Berg"]


def test_two_bylines_with_affiliations_give_both_authors_and_leave_the_title_whole(tmp_path):
    paper = _read("tessera-byline-two.pdf", tmp_path)
    assert paper.title == "Snow Cover and Spring Floods in Two Alpine Valleys"
    assert paper.authors == ["Anna Berg", "Tomas Lee"]


@pytest.mark.parametrize(
    ("title", "split"),
    [
        # the address spells the surname whole and the given name by its initial
        (
            "Tidal mixing in a shallow bay Ole Brun obrun@fjord.example",
            ("Tidal mixing in a shallow bay", ["Ole Brun"]),
        ),
        # the surname alone: the given name before it, in a sentence-case title
        (
            "Tidal mixing in a shallow bay Ole Brun brun@fjord.example",
            ("Tidal mixing in a shallow bay", ["Ole Brun"]),
        ),
        # an address the words before it do not spell goes alone: no word is taken for a name
        (
            "Tidal Mixing in a Shallow Bay office@fjord.example",
            ("Tidal Mixing in a Shallow Bay", []),
        ),
        # a capitalised title word the address does not spell stays in the title
        (
            "Tidal Mixing in Oslo Fjord Ole Brun ole.brun@fjord.example",
            ("Tidal Mixing in Oslo Fjord", ["Ole Brun"]),
        ),
        # the address is the name's initials, a shortened given name with all its letters
        (
            "Tidal mixing in a shallow bay Ole Th. Brun <othb@fjord.example>",
            ("Tidal mixing in a shallow bay", ["Ole Th. Brun"]),
        ),
        ("Tidal mixing in a shallow bay", None),
    ],
)
def test_the_address_says_where_the_byline_starts_and_whose_name_it_is(title, split):
    assert byline_split(title) == split


def test_the_reviewer_reports_a_cover_title_run_on_into_its_byline_and_the_fixer_cuts_it():
    paper = Paper(
        title="Tidal mixing in a shallow bay",
        pages=3,
        source_name="bay.pdf",
        sections=[Section(number="1", title="Tides", paragraphs=["The bay mixes at each tide."])],
    )
    cover = Slide(kind="title", title="Tidal mixing in a shallow bay Ole Brun obrun@fjord.example")
    deck = deck_of(paper, [cover, Slide(kind="bullets", title="Tides", bullets=["The bay mixes."])])
    context = SlideContext(1, cover, SlideMeasure(slide=1), deck, paper)
    found = [i for rule in SLIDE_RULES for i in rule(context) if i.type == "cover_title_byline"]
    assert [i.evidence.get("authors") for i in found] == [["Ole Brun"]]
    fixed = deck_repair(BuiltinProposer(), paper, deck, found).deck.slides[0]
    assert fixed.title == "Tidal mixing in a shallow bay"
    # a cover title with no address is never reported
    whole = cover.model_copy(update={"title": "Tidal mixing in a shallow bay"})
    context = SlideContext(1, whole, SlideMeasure(slide=1), deck, paper)
    assert not [i for rule in SLIDE_RULES for i in rule(context) if i.type == "cover_title_byline"]
