"""A caption too long for a title was cut after its tenth word, mid-phrase ("Balanced sample
from the artificial example with the two theoretical", "A time series shown of magnetic field
that does not"). The title is the longest head that ends before a preposition or a clause."""

import pytest

from apps.decks.pipeline.paper import Figure
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from apps.decks.pipeline.title_defects import caption_cut
from tests.decks.factories import figure


def _figure(caption: str) -> Figure:
    return figure(1, caption, bbox=(100, 100, 400, 300), width_px=400, height_px=300)


@pytest.mark.parametrize(
    ("caption", "title"),
    [
        (
            "Scatter plot of the simulated sample from the mixture model with the two true "
            "regression lines drawn in grey.",
            "Scatter plot of the simulated sample from the mixture model",
        ),
        (
            "Hourly readings of the pressure sensor that do not vary because the valve stays "
            "shut all night long.",
            "Hourly readings of the pressure sensor that do not vary",
        ),
        (
            "Fitted hazard of relapse over the whole follow-up period while adjusting the "
            "model for age and sex.",
            "Fitted hazard of relapse over the whole follow-up period",
        ),
    ],
)
def test_a_long_caption_is_cut_before_a_phrase_never_inside_one(caption, title):
    assert figure_title(_figure(caption)) == title


def test_a_short_caption_is_its_own_title():
    assert figure_title(_figure("Runtime of the solver.")) == "Runtime of the solver"


# A caption's phrase cut at its comma, its parentheses or its tenth word ("Schematic
# distinction between oxDNA", "Distribution of total energy into kinetic", "Convergence of the
# layout of a grid graph under four"): the title reads whole but says half of what is shown.
CUT_CAPTIONS = [
    (
        "Schematic comparison between the old model (left) and the new model (right). Both "
        "are drawn to scale.",
        "Schematic comparison between the old model",
        "Schematic comparison between the old model and the new model",
    ),
    (
        "Energy split into kinetic, potential and thermal parts. The total is conserved.",
        "Energy split into kinetic",
        "Energy split into kinetic, potential and thermal parts",
    ),
    (
        "Convergence of the layout of a ring graph under three different choices of the "
        "starting positions.",
        "Convergence of the layout of a ring graph under three",
        "Convergence of the layout of a ring graph",
    ),
]


@pytest.mark.parametrize(("caption", "cut", "title"), CUT_CAPTIONS)
def test_a_caption_is_never_cut_inside_a_list_a_pair_or_a_phrase(caption, cut, title):
    assert figure_title(_figure(caption)) == title
    assert caption_cut(title, caption) is None


@pytest.mark.parametrize(("caption", "cut", "title"), CUT_CAPTIONS)
def test_a_title_cut_inside_its_captions_phrase_is_found(caption, cut, title):
    assert caption_cut(cut, caption)


@pytest.mark.parametrize(
    ("title", "caption"),
    [
        ("Runtime of the solver", "Runtime of the solver. Lower is better."),
        ("Scatter plot of the sample", "Scatter plot of the sample with the fitted lines."),
        ("Fitted hazard of relapse", "Fitted hazard of relapse, by age group."),
        ("Posterior draws", "Posterior draws (thinned) of the two chains."),
        ("Mean weight", "Figure 2: Mean weight: males and females."),
        ("Convergence of the solver", "Error of the solver under four settings."),
    ],
)
def test_a_title_that_ends_where_its_captions_phrase_ends_is_no_cut(title, caption):
    assert caption_cut(title, caption) is None


def test_the_reviewer_finds_a_figure_title_cut_inside_its_caption_and_the_proposer_fixes_it():
    from tests.decks.test_review_rules import _paper, measure, slide_review

    caption, cut, whole = CUT_CAPTIONS[0]
    paper = _paper(1)
    paper.figures[0] = _figure(caption)
    cover = Slide(kind="title", title="P")
    slide = Slide(kind="figure", title=cut, figure="fig-1")
    found = [i for i in slide_review(slide, measure(), paper) if i.type == "title_fragment"]
    assert found and "(left) and" in found[0].evidence["part"]
    issue = found[0].model_copy(update={"slide": 2})
    deck = SlideDeck(title="P", slides=[cover, slide])
    revised = deck_repair(BuiltinProposer(), paper, deck, [issue]).deck
    fixed = revised.slides[1]
    # the caption's phrase whole, or a head of it that ends where a phrase ends
    assert fixed.title != cut and whole.startswith(fixed.title)
    assert caption_cut(fixed.title, caption) is None
    assert not [i for i in slide_review(fixed, measure(), paper) if i.type == "title_fragment"]
