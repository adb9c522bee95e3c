"""The cover and the deck's shape (round 17), on papers made for these tests
(tests/fixtures/papers/ingest/covers, CC0) and decks made here:

- a document's status set under its title ("A PREPRINT") is no author, and the names under it
  are the authors; a cover whose author line still holds it is reported (`cover_author_tag`)
  and the tag is left off;
- authors each set over their own address, names and addresses in one size with no "and",
  are all read (the second name is no line of the first address);
- a phrase set larger than the title lower on page 1 that repeats the title's words (a
  figure's or a logo's label) is no title;
- a journal's logo with its ISSN printed into it, read as letters carrying the ISSN as
  scripts, is a masthead line: no title, and reported on a cover (`cover_title_unread`);
- the slide saying what the paper does stands right after the motivation: a slide added for
  an early section never goes before it, and one placed after the work's details is reported
  on its slide (`overview_late`) and moved;
- a result stated on two slides in other words (the same measured values) stays on the slide
  saying what the paper does and goes from the motivation (`repeated_result`)."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import repeated_results
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.ingest.masthead_zone import masthead_line
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.propose import deck_level
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules, title_rules
from apps.decks.pipeline.review.registry import DECK_RULES, DeckContext, SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

FOLDER = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "covers"


def _read(name: str, tmp_path_factory):
    return paper_read(FOLDER / name, tmp_path_factory.mktemp(name) / "figures")


def test_a_status_tag_under_the_title_is_no_author(tmp_path_factory):
    paper = _read("tessera-covers-preprint.pdf", tmp_path_factory)
    assert paper.title == "Hedgerow birds: nesting, foraging, and winter survival on mixed farms"
    assert paper.authors == ["Ann Okafor", "Ben Sato", "Carla Diaz"]


def test_a_larger_label_repeating_the_titles_words_is_no_title(tmp_path_factory):
    paper = _read("tessera-covers-echo.pdf", tmp_path_factory)
    assert paper.title == "HedgeCount: A Camera Agent for Counting Birds along Farm Hedgerows"
    assert paper.authors == ["Ann Okafor", "Ben Sato", "Carla Diaz"]


def test_each_author_set_over_an_address_in_one_size_is_read(tmp_path_factory):
    paper = _read("tessera-covers-stacked.pdf", tmp_path_factory)
    assert paper.authors == ["Ann Okafor", "Ben Sato"]


# a logo "quokka letters" with "ISSN 2049-1234" printed into it, as a text layer reads it
LOGO = r"quokka $le_{\mathrm{IS}}t_{SN}t_{20}e_{49-1}r_{23}s_{4}$"


def test_a_logo_carrying_its_issn_as_scripts_is_a_masthead_line():
    assert masthead_line(LOGO)


@pytest.mark.parametrize(
    "title",
    [
        r"Growth of $x_{1}$ and $y^{2}$ in 2031",
        r"$\mathrm{CO}_{2}$ uptake by 1999 ponds",
        r"Bounds on $H_{1}$ for $n = 2049$",
        r"Series $a_{n}$ with $b_{1234}$",
    ],
)
def test_a_title_with_scripts_is_no_masthead_line(title):
    assert not masthead_line(title)


def _paper(**update) -> Paper:
    paper = Paper(
        title="Hedgerow birds on mixed farms",
        authors=["Ann Okafor"],
        pages=2,
        source_name="hedges.pdf",
        sections=[
            Section(title="Introduction", paragraphs=["Hedgerows shelter birds in winter."]),
            Section(title="Motivation: cutting costs", paragraphs=["Cutting is costly."]),
            Section(title="Cameras", paragraphs=["Cameras watched each hedge."]),
            Section(title="Counting", paragraphs=["Birds were counted in January."]),
            Section(title="Maps", paragraphs=["Counts were mapped by farm."]),
        ],
    )
    return paper.model_copy(update=update)


def test_a_cover_titled_by_a_logo_with_its_issn_is_reported():
    paper = _paper(title=LOGO)
    deck = SlideDeck(title=LOGO, slides=[Slide(kind="title", title=LOGO)])
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    assert [i.type for i in title_rules.cover_title_unread(context)] == ["cover_title_unread"]


def _cover_tags(authors: list[str]) -> list:
    paper = _paper(authors=authors)
    deck = deck_of(paper, [Slide(kind="title", title=paper.title)])
    context = SlideContext(1, deck.slides[0], SlideMeasure(slide=1), deck, paper)
    return list(title_rules.cover_author_tag(context)), paper, deck


@pytest.mark.parametrize("tag", ["A Preprint", "Technical Report", "Draft", "Working Paper"])
def test_a_status_on_the_covers_author_line_is_reported_and_left_off(tag):
    found, paper, deck = _cover_tags([tag, "Ann Okafor"])
    assert [i.type for i in found] == ["cover_author_tag"]
    assert found[0].slide == 1
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert revised.authors == ["Ann Okafor"]


@pytest.mark.parametrize(
    "authors", [["Ann Okafor", "Ben Sato"], ["Drafton Reeves"], ["Preston Print"]]
)
def test_authors_are_no_status(authors):
    assert _cover_tags(authors)[0] == []


def _text(title: str, role: str = "method") -> Slide:
    return Slide(kind="bullets", title=title, bullets=[f"{title} for the birds"], role=role)


def _late(slides: list[Slide], paper: Paper) -> list:
    deck = deck_of(paper, slides)
    context = DeckContext(deck, paper, [SlideMeasure(slide=n + 1) for n in range(len(slides))])
    return [i for rule in DECK_RULES if rule.__name__ == "overview_late" for i in rule(context)]


def test_the_overview_after_the_works_details_is_reported_on_its_slide_and_moved():
    paper = _paper()
    slides = [
        Slide(kind="title", title=paper.title, role="title"),
        _text("Motivation", "motivation"),
        _text("Cameras"),
        _text("Counting"),
        _text("What this paper does", "contributions"),
        _text("Maps"),
    ]
    found = _late(slides, paper)
    assert [(i.type, i.slide) for i in found] == [("overview_late", 5)]
    revised = deck_repair(BuiltinProposer(), paper, deck_of(paper, slides), found).deck
    assert [s.title for s in revised.slides[1:]] == [
        "Motivation",
        "What this paper does",
        "Cameras",
        "Counting",
        "Maps",
    ]
    assert _late(list(revised.slides), paper) == []


def test_an_overview_after_the_motivation_is_not_reported():
    paper = _paper()
    slides = [
        Slide(kind="title", title=paper.title, role="title"),
        _text("Motivation", "motivation"),
        _text("What this paper does", "contributions"),
        _text("Cameras"),
    ]
    assert _late(slides, paper) == []


def test_a_slide_for_an_early_section_goes_after_the_overview():
    """ "Motivation: cutting costs" names the "Motivation" slide: a slide for the section after
    it still goes after the overview, never between the motivation and the overview."""
    paper = _paper()
    slides = [
        Slide(kind="title", title=paper.title, role="title"),
        _text("Motivation", "motivation"),
        _text("What this paper does", "contributions"),
        _text("Maps"),
    ]
    assert deck_level.paper_order_index(slides, paper.sections[2], paper) == 3


# one result, worded twice: on the motivation slide and on the slide saying what the paper does
ON_MOTIVATION = "On forty farms, the agent counted 4.5% fewer birds than observers and 12.25% more"
ON_OVERVIEW = "HedgeCount's counts differ from observers' by 4.5% (fewer) and 12.25% (more) birds"


def _result_slides() -> list[Slide]:
    return [
        Slide(kind="title", title="Hedgerow birds on mixed farms", role="title"),
        Slide(
            kind="bullets",
            title="Motivation",
            role="motivation",
            bullets=["Observers count birds slowly", ON_MOTIVATION, "Cameras watch all day"],
        ),
        Slide(
            kind="bullets",
            title="What this paper does",
            role="contributions",
            bullets=[ON_OVERVIEW, "We present a camera agent that counts birds"],
        ),
        Slide(
            kind="bullets",
            title="Conclusions",
            role="conclusion",
            bullets=[ON_OVERVIEW, "Cameras can replace observers on most hedgerows"],
        ),
    ]


def _repeated(slides: list[Slide]) -> list:
    paper = _paper()
    deck = deck_of(paper, slides)
    return [
        issue
        for number, slide in enumerate(slides, start=1)
        for issue in text_rules.repeated_result(
            SlideContext(number, slide, SlideMeasure(slide=number), deck, paper)
        )
    ]


def test_a_result_repeated_on_the_motivation_is_reported_there_and_taken_off():
    slides = _result_slides()
    found = _repeated(slides)
    # reported on the motivation, not on the overview; the closing slide restates it on purpose
    assert [(i.type, i.slide, i.evidence["slide_kept"]) for i in found] == [
        ("repeated_result", 2, 3)
    ]
    revised = deck_repair(BuiltinProposer(), _paper(), deck_of(_paper(), slides), found).deck
    assert revised.slides[1].bullets == ["Observers count birds slowly", "Cameras watch all day"]
    assert revised.slides[2].bullets[0] == ON_OVERVIEW
    assert _repeated(list(revised.slides)) == []


def test_the_proposer_states_a_result_once():
    slides = _result_slides()
    assert repeated_results.without_repeats(slides) == [ON_MOTIVATION]
    assert ON_MOTIVATION not in slides[1].bullets and ON_OVERVIEW in slides[2].bullets


@pytest.mark.parametrize(
    "other",
    [
        "Counts fell by 4.5% in the first winter",  # one value in common: another statement
        "Section 4.5 and Table 12.25 give the counts",  # numbered parts measure nothing
        "In 2031, 40 observers counted 12 farms",  # counts and years
    ],
)
def test_bullets_sharing_fewer_than_two_measured_values_are_no_repeat(other):
    slides = _result_slides()
    slides[1] = slides[1].model_copy(update={"bullets": ["Observers count birds slowly", other]})
    assert _repeated(slides) == []


def test_the_overview_leading_with_the_results_slides_result_is_no_repeat():
    slides = _result_slides()
    slides[1] = slides[1].model_copy(update={"title": "Main results", "role": "result"})
    assert _repeated(slides) == []
