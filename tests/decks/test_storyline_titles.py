"""Titles that say the slide's point, sentences about the document rather than its subject, and
covers (issue 14, round 10). On synthetic sentences and hand-made decks, and on a LaTeX paper
of our own (tests/fixtures/papers/ingest/storyline, CC0): a paper that opens with its model
(no abstract, no introduction), author lines that name an affiliation, footnote marks, a TeX
accent inside quotation marks, a heading in capitals over a name, and sentences about the
document itself."""

from __future__ import annotations

import pytest
from django.conf import settings

from apps.decks.pipeline import defects, document_text, role_titles, title_defects, title_style
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import text_rules
from apps.decks.pipeline.review.registry import SlideContext
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure

STORYLINE = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "storyline"

# ------------------------------------------------------------ sentences about the document


@pytest.mark.parametrize(
    "bullet",
    [
        "The complete listing of the pump controller is given at the end of the chapter",
        "We shall finally present the costs and close the article with some remarks",
        "We will also describe every valve of the network",
        "The filters are compared in the following paragraphs",
        "In the following subsections we are giving a brief overview of the valves",
        "Subsections we are giving a short introduction to the valves",
        "This note has shown how to size a tank from a year of records",
        "The tank model is the same as in previous section",
        "Before the run, the controller has to carry on several steps that we describe here",
    ],
)
def test_a_sentence_about_the_document_is_found_and_never_a_bullet(bullet):
    assert "meta_text" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    ("bullet", "repaired"),
    [
        (
            "Using the notation of the preceding section, the filter estimates the stored "
            "water from the daily rain",
            "The filter estimates the stored water from the daily rain",
        ),
        (
            "As we already explained in the previous section, all valves of the network are closed "
            "within a second",
            "All valves of the network are closed within a second",
        ),
    ],
)
def test_a_pointer_into_the_document_as_an_aside_is_removed_and_the_statement_kept(
    bullet, repaired
):
    assert "meta_text" in dict(defects.text_defects(bullet))
    assert bullets.rewrite(bullet) == repaired


def test_an_aside_that_leads_into_the_texts_own_announcement_is_no_repair():
    bullet = "In the next section, we describe the valves of the network"
    assert document_text.without_document_aside(bullet, defects.META) is None
    assert bullets.rewrite(bullet) is None


@pytest.mark.parametrize(
    "bullet",
    [
        "The first section of the pipe holds most of the sediment",
        "Water reaches the end of the pipe within two minutes",
        "We have shown how to reduce the error of the gauge by half",
        "This paper shows that gardens of forty cubic metres pay for themselves",
        "The next valve closes when the pressure falls below two bars",
    ],
)
def test_a_statement_about_the_subject_stands(bullet):
    assert "meta_text" not in dict(defects.text_defects(bullet))


# --------------------------------------------------------------------- storyline titles


def _paper(sections: list[Section], abstract: str = "") -> Paper:
    return Paper(
        title="Rain gardens for small farms",
        abstract=abstract,
        sections=sections,
        pages=4,
        source_name="gardens.pdf",
    )


MODEL = Section(
    title="A water balance model",
    paragraphs=[
        "We consider a farm of ten hectares that drains into one rain garden. We assume that "
        "the soil under the garden holds water like a bucket of fixed depth. Rain that falls on "
        "the roofs and yards runs into the garden within an hour. The garden loses water to the "
        "air and to the ground below it. The model counts the water in the garden at the end of "
        "every day, from the rain of that day and the level of the garden before it."
    ],
)
STORAGE = Section(
    title="Storage estimates",
    paragraphs=[
        "Storage in the garden cannot be read directly, so it is estimated from a level gauge. "
        "The filter weighs the gauge against the water balance of every day. The filter trusts "
        "the gauge more after a storm, when the model drifts most. Over a season the filter "
        "halved the error of the stored water compared with the model alone."
    ],
)


def _slide_issues(deck: SlideDeck, paper: Paper, number: int):
    context = SlideContext(number, deck.slides[number - 1], SlideMeasure(slide=number), deck, paper)
    return list(text_rules.role_title(context))


@pytest.mark.parametrize(
    "bullets_shown",
    [
        [
            "We consider a farm of ten hectares that drains into one rain garden",
            "We assume that the soil under the garden holds water like a bucket of fixed depth",
        ],
        ["We multiply the balance by the area of the garden to obtain the volume"],
    ],
)
def test_what_this_paper_does_over_steps_of_the_work_is_found_and_retitled(bullets_shown):
    paper = _paper([MODEL, STORAGE])
    slide = Slide(
        kind="bullets", title="What this paper does", bullets=bullets_shown, role="contributions"
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    issues = _slide_issues(deck, paper, 2)
    assert [i.type for i in issues] == ["title_role"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    titles = [s.title for s in revised.slides]
    assert "What this paper does" not in titles
    if len(revised.slides) > 1:  # retitled where its bullets come from, never with "We"
        assert titles[1] == "A water balance model"


def test_what_this_paper_does_over_its_aim_stands():
    paper = _paper([MODEL, STORAGE])
    slide = Slide(
        kind="bullets",
        title="What this paper does",
        bullets=[
            "We present a water balance model for rain gardens on small farms",
            "The filter halved the error of the stored water",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    assert not _slide_issues(deck, paper, 2)


def test_motivation_over_a_model_section_is_found_and_titled_with_that_section():
    paper = _paper([MODEL, STORAGE])
    slide = Slide(
        kind="bullets",
        title="Motivation",
        role="motivation",
        bullets=[
            "Rain that falls on the roofs and yards runs into the garden within an hour",
            "The garden loses water to the air and to the ground below it",
        ],
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    issues = _slide_issues(deck, paper, 2)
    assert [i.type for i in issues] == ["title_role"]
    revised = BuiltinProposer().revise(paper, deck, issues).deck
    assert revised.slides[1].title == "A water balance model"


def test_a_paper_that_opens_with_preliminaries_titles_that_slide_with_their_heading():
    preliminaries = Section(title="Preliminary results", paragraphs=STORAGE.paragraphs)
    deck = BuiltinProposer().propose(_paper([preliminaries, MODEL]))
    titles = [s.title for s in deck.slides]
    assert "Motivation" not in titles
    assert titles[1] == "Preliminary results"


def test_motivation_over_an_introduction_stands():
    introduction = Section(title="Introduction", paragraphs=MODEL.paragraphs)
    paper = _paper([introduction, STORAGE])
    slide = Slide(
        kind="bullets",
        title="Motivation",
        bullets=["Rain that falls on the roofs and yards runs into the garden within an hour"],
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), slide])
    assert not _slide_issues(deck, paper, 2)


def test_a_paper_that_opens_with_its_model_gets_no_motivation_nor_aim_slide_over_it():
    deck = BuiltinProposer().propose(_paper([MODEL, STORAGE]))
    titles = [s.title for s in deck.slides]
    assert "Motivation" not in titles
    assert "What this paper does" not in titles
    assert titles[1] == "A water balance model"  # the opening slide says what it shows


@pytest.mark.parametrize(
    ("bullet", "aim"),
    [
        ("We have recently extended the compiler with two new schemes", True),
        ("The goal of this paper is to present these new compilation schemes", True),
        ("In this note we derive the stationary distribution of the queue", True),
        ("We only need to prove that the matrix is regular", False),
        ("We consider an economy of households and firms", False),
        ("We multiply the equation from the left by the inverse", False),
    ],
)
def test_an_aim_is_told_from_a_step_of_the_work(bullet, aim):
    assert role_titles.states_aim(bullet) is aim


# -------------------------------------------------------------------- generic titles


@pytest.mark.parametrize("title", ["Example", "Example (continued)", "The result", "Examples"])
def test_a_bare_generic_word_is_a_title_that_says_nothing(title):
    assert title_defects.title_fragment(title)


@pytest.mark.parametrize("title", ["Results", "Example: a hill farm near Nakuru"])
def test_a_heading_that_names_its_part_stands(title):
    assert not title_defects.title_fragment(title)


def _figure(caption: str, *, captioned: bool = True, section: str = "") -> Figure:
    return figure(1, caption, captioned=captioned, section=section)


def test_an_uncaptioned_figure_is_titled_with_its_whole_heading_not_its_label():
    figure = _figure("", captioned=False, section="Example: a hill farm near Nakuru")
    assert figure_title(figure) == "Example: a hill farm near Nakuru"


def test_a_caption_title_never_ends_on_a_participle_that_lost_its_agent():
    caption = (
        "The C++ implementation code of the pump controller generated by the model compiler "
        "from the block diagram."
    )
    title = figure_title(_figure(caption))
    assert title == "The C++ implementation code of the pump controller"
    # the reviewer reads the cut one as the caption's opening cut inside its phrase
    cut = "The C++ implementation code of the pump controller generated"
    assert title_defects.caption_cut(cut, caption)
    assert not title_defects.caption_cut(title, caption)


def test_a_caption_title_is_never_a_bare_generic_head():
    caption = (
        "The result of the vector option is a directed acyclic graph of loops that the "
        "scheduler runs in parallel."
    )
    title = figure_title(_figure(caption), words=8)
    assert title.lower() != "the result"
    assert not title_defects.title_fragment(title)


# ---------------------------------------------------------------------- sentence case


def test_one_sentence_case_helper_keeps_abbreviations_and_gives_names_their_case():
    assert title_style.sentence_case("FITTING A GLM IN R") == "Fitting a GLM in R"
    body = "The Kalman filter weighs the gauge. Every day the Kalman gain is updated."
    cased = title_style.sentence_case("THE KALMAN FILTER FOR GARDEN STORAGE")
    assert cased == "The kalman filter for garden storage"
    assert title_style.proper_nouns(cased, body) == "The Kalman filter for garden storage"


# ------------------------------------------------------------------ the LaTeX paper


@pytest.fixture(scope="module")
def storyline(tmp_path_factory):
    folder = tmp_path_factory.mktemp("storyline")
    return paper_read(STORYLINE / "tessera-storyline.pdf", folder / "figures")


def test_the_cover_gives_the_authors_without_their_affiliations_and_the_title_its_accent(
    storyline,
):
    assert storyline.authors == ["Lena Okafor", "Tomas Berg"]
    assert "“à la carte”" in storyline.title
    assert "`" not in storyline.title and "∗" not in storyline.title


def test_a_heading_in_capitals_keeps_the_name_its_text_writes_capitalised(storyline):
    assert "The Kalman filter for garden storage" in [s.title for s in storyline.sections]


def test_the_deck_of_the_paper_has_storyline_titles_only_over_their_parts(storyline):
    deck = BuiltinProposer().propose(storyline)
    titles = [s.title for s in deck.slides]
    assert "What this paper does" not in titles  # no sentence of it states an aim
    assert "Motivation" not in titles  # it opens with its model, not an introduction
    assert not any(title_defects.title_fragment(t) for t in titles[1:])
    shown = [b for s in deck.slides for b in s.bullets]
    assert shown
    for bullet in shown:
        assert "meta_text" not in dict(defects.text_defects(bullet)), bullet
    # the document's own asides never reach a slide, its statements do
    assert not any("end of the chapter" in b or "end the report" in b for b in shown)
    assert not any("has shown how" in b for b in shown)


# ------------------------------------------------------------------- a pair's title


def test_two_figures_that_share_no_head_are_both_named_never_one_over_both():
    from apps.decks.pipeline.propose.deck_level import common_title

    title = common_title(
        "Throughput of the pump benchmark",
        "Speedup ratio between vector and scalar code",
        "Benchmark of the pump",
    )
    assert title == (
        "Throughput of the pump benchmark and speedup ratio between vector and scalar code"
    )
    # titles that are clauses (a verb, a pronoun) leave the pair to the section's heading
    assert common_title("We can get survival curves", "Pass the fit to plot", "Curves") == (
        "Curves compared"
    )


def test_a_pair_under_a_labelled_heading_is_titled_without_two_colons():
    from apps.decks.pipeline.propose.deck_level import common_title

    heading = "Example: the hill farm near Nakuru"
    assert common_title(heading, heading, heading) == "The hill farm near Nakuru compared"
