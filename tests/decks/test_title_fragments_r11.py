"""Titles that are fragments or not the slide's point (issue 14, round 11): a caption cut after
an adverb, a conjunction or a comparison; a bare noun with its article; a quantity without what
it counts; a person's name read as a heading; a "Motivation" title over a slide made mostly of
the method. On hand-made titles, captions, slides and page layouts."""

from __future__ import annotations

import pytest

from apps.decks.pipeline import person_names, role_titles, title_defects
from apps.decks.pipeline.ingest.layout import Layout
from apps.decks.pipeline.ingest.structure import sections_read
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure
from tests.decks.test_unseen_ingest import _segment as segment_at


@pytest.mark.parametrize(
    "title",
    [
        "Mean heart rate of the riders before and immediately",  # an adverb lost its verb
        "Soil moisture recorded separately",
        "Gauges ranked according",  # "according to …" cut
        "Yield per hectare higher than",  # a comparison's second term cut
        "Water level of the tank before",
        "A lattice",  # one bare noun with its article
        "The data",
        "The data (continued)",
        "Cumulative number",  # a quantity without what it counts
        "Total amount",
        "K. Lindqvist",  # a person's name with initials
        "J.-P. Aubert (continued)",
    ],
)
def test_a_title_cut_or_saying_nothing_is_a_fragment(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize(
    "title",
    [
        "Results",
        "The Faust language",
        "The Q-Faust module",
        "A water balance model",
        "Reynolds number",
        "Assembly",
        "Walk-through",
        "Learning to rank",
        "Data cleaning",
        "Yield with and without irrigation",
        "Number of gauges per catchment",
        "OpenMP is based on a fork-join model",
    ],
)
def test_a_title_that_says_its_point_stands(title):
    assert not title_defects.title_fragment(title)


@pytest.mark.parametrize(
    ("caption", "short"),
    [
        (
            "Cumulative number of seeded and recovered synthetic craters deeper than a given "
            "depth. Seeded craters go beyond the detection limit.",
            "Cumulative number",
        ),
        ("A lattice with two sublattices, a host lattice and one guest lattice.", "A lattice"),
    ],
)
def test_a_caption_title_is_its_complete_clause_when_its_short_head_says_nothing(caption, short):
    title = figure_title(figure(1, caption))
    assert title != short and caption.startswith(title)
    assert len(title.split()) > 2
    assert not title_defects.title_fragment(title)


@pytest.mark.parametrize(
    "caption",
    [
        "Mean heart rate of the riders before and immediately after the mountain stage.",
        "Scores of the gauges ranked according to their distance from the outlet.",
    ],
)
def test_a_caption_title_is_never_cut_after_a_preposition_an_adverb_or_a_participle(caption):
    for words in (6, 8, 10):
        title = figure_title(figure(1, caption), words=words)
        assert not title_defects.title_fragment(title), title
        assert not title.endswith(("before", "immediately", "and", "ranked", "according"))


# ------------------------------------------------------------------ a person's name as title

AUTHORS = ["Ingrid Halvorsen", "Tomas Beck"]
GARDEN = (
    "The rain garden holds the water of a storm for two days. The gauge reads its level every "
    "hour, and the filter weighs the gauge against the water balance."
)


def _paper(sections: list[Section]) -> Paper:
    return Paper(
        title="Rain gardens", pages=3, source_name="g.pdf", authors=AUTHORS, sections=sections
    )


@pytest.mark.parametrize(
    ("title", "named"),
    [
        ("Ingrid Halvorsen", True),
        ("Ingrid Halvorsen (continued)", True),
        ("I. Halvorsen", True),
        ("Tomas  Beck", True),
        ("Rain garden storage", False),
        ("Halvorsen", False),  # a surname alone may be a method's name
        ("K. Lindqvist", True),  # any name with initials
        ("U.S. Census", False),
        ("A. Proofs", False),  # an appendix's lettered heading
        ("B. Notation", False),
        ("C. Simulation", False),
    ],
)
def test_a_title_that_names_an_author_is_a_persons_name(title, named):
    assert person_names.names_a_person(title, AUTHORS) is named


def test_the_reviewer_finds_an_authors_name_as_title_and_the_proposer_retitles_it():
    # the paper as an older ingest read it: the author's name heads the section the slide is
    # made from, so the section's heading is no title to fall back on
    paper = _paper([Section(title="Ingrid Halvorsen", paragraphs=[GARDEN])])
    cover = Slide(kind="title", title=paper.title)
    slide = Slide(
        kind="bullets",
        title="Ingrid Halvorsen (continued)",
        bullets=[
            "The rain garden holds the water of a storm for two days",
            "The gauge reads its level every hour",
        ],
        notes=GARDEN,
    )
    deck = SlideDeck(title=paper.title, slides=[cover, slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    issues = [i for i in text_rules.title_defects(context)]
    assert [i.type for i in issues] == ["title_fragment"]
    issue = issues[0].model_copy(update={"slide": 2})
    fixed = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck.slides[1]
    assert not person_names.names_a_person(fixed.title, AUTHORS)
    assert not title_defects.title_fragment(fixed.title)


def test_an_authors_name_set_as_a_heading_on_a_later_page_opens_no_section():
    heading = segment_at("2 Storage in the garden", 72, 100, size=12.0, font="Times-Bold")
    body = segment_at(GARDEN, 72, 120)
    name = segment_at("Ingrid Halvorsen", 72, 300, size=12.0, font="Times-Bold")
    bio = segment_at("The gauge was built by the group of the first author in 2019.", 72, 320)
    for segment in (name, bio):
        segment.page = 2
    layout = Layout(
        pages=[[heading, body], [name, bio]],
        page_sizes=[(612.0, 792.0)] * 2,
        body_size=10.0,
        columns=[(72.0, 540.0)],
    )
    sections, _, _ = sections_read(layout, set(), set(), None, authors=AUTHORS)
    assert [s.title for s in sections] == ["Storage in the garden"]
    # a person the paper is about, not its author, keeps a heading of its own
    sections, _, _ = sections_read(layout, set(), set(), None, authors=["Tomas Beck"])
    assert "Ingrid Halvorsen" in [s.title for s in sections]


# -------------------------------------------------------------- a role title over the method

INTRODUCTION = Section(
    title="Introduction",
    paragraphs=[
        "Small farms lose much of their rain to runoff. Rain gardens keep it on the farm, but "
        "nobody knows how much water they store."
    ],
)
METHOD = Section(
    title="The storage filter",
    paragraphs=[
        "The filter weighs the level gauge against the water balance of every day. The filter "
        "trusts the gauge more after a storm, when the model drifts most."
    ],
)


def test_motivation_over_mostly_method_bullets_is_found_and_titled_with_the_method():
    paper = _paper([INTRODUCTION, METHOD])
    slide = Slide(
        kind="bullets",
        title="Motivation",
        role="motivation",
        bullets=[
            "Small farms lose much of their rain to runoff",
            "The filter weighs the level gauge against the water balance of every day",
            "The filter trusts the gauge more after a storm, when the model drifts most",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    issues = list(text_rules.role_title(context))
    assert [i.type for i in issues] == ["title_role"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].title == "The storage filter"


def test_motivation_mostly_from_the_introduction_stands():
    paper = _paper([INTRODUCTION, METHOD])
    bullets = [
        "Small farms lose much of their rain to runoff",
        "Rain gardens keep it on the farm, but nobody knows how much water they store",
        "The filter weighs the level gauge against the water balance of every day",
    ]
    sources = title_defects.BulletSources(paper)
    assert role_titles.motivation_mismatch("Motivation", bullets, sources) is None


# ------------------------------------------------------- a bare noun named as the slide names it

MODEL_TEXT = (
    "We consider a small open economy model with two goods and a central bank. The central "
    "bank sets the interest rate from the inflation of the last quarter."
)


def test_a_bare_noun_title_is_retitled_as_the_slides_own_words_qualify_it():
    paper = _paper(
        [
            Section(title="Introduction", paragraphs=[GARDEN]),
            Section(title="The model", paragraphs=[MODEL_TEXT]),
        ]
    )
    slide = Slide(
        kind="bullets",
        title="The model",
        bullets=[
            "We consider a small open economy model with two goods and a central bank",
            "The central bank sets the interest rate from the inflation of the last quarter",
        ],
        notes=MODEL_TEXT,
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    context = SlideContext(2, slide, SlideMeasure(slide=2), deck, paper)
    issues = [i.model_copy(update={"slide": 2}) for i in text_rules.title_defects(context)]
    assert [i.type for i in issues] == ["title_fragment"]
    fixed = deck_repair(BuiltinProposer(), paper, deck, issues).deck.slides[1]
    # never the heading before it ("Introduction"), which the slide's text is not
    assert fixed.title == "Small open economy model"


def test_a_display_under_a_bare_noun_heading_is_titled_as_its_section_qualifies_it():
    from apps.decks.pipeline.paper import Equation
    from apps.decks.pipeline.propose.builtin import _display_title

    equation = Equation(tex="i_t = \\phi \\pi_t", page=1, lead="Then we have:", section="The model")
    assert _display_title(equation, set(), [MODEL_TEXT]) == "Small open economy model"
    assert _display_title(equation, set(), []) == ""  # never "The model" itself


def test_a_caption_title_never_ends_on_a_participle_whose_object_is_past_the_comma():
    caption = "Soil cores showing, from left to right, the layers of clay and sand."
    title = figure_title(figure(1, caption))
    assert title == "Soil cores"
    assert not title_defects.title_fragment(title)
