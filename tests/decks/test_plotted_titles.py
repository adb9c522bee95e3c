"""A figure slide's title says what its figure shows (round 18): an uncaptioned plot under a
section heading another slide already has is titled by what the sentence leading into it
says it shows, never "<heading> (continued)"; a caption whose first clause cites the model
it shows keeps its words before the citation instead of falling back on "Figure 3"."""

from __future__ import annotations

import pytest

from apps.decks.pipeline.plotted_titles import plotted_title, without_citation
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.propose.captions import figure_title
from tests.decks.factories import figure


def _uncaptioned(statement: str):
    fig = figure(1, statement, bbox=(50, 50, 450, 250), width_px=1200, height_px=600)
    return fig.model_copy(update={"captioned": False, "label": "Figure", "section": "Fitting"})


@pytest.mark.parametrize(
    ("statement", "title"),
    [
        ("We can plot the residuals with the plot method:", "Plot of the residuals"),
        (
            "Then we can view the fitted curves for each site by passing the grid argument:",
            "Fitted curves for each site",
        ),
        ("One may draw the weekly counts against the rainfall.", "Plot of the weekly counts"),
        (
            "Once fit, we can view the chosen $k$ value and a cross validated error plot to help.",
            "Chosen $k$ value and a cross validated error plot",
        ),
    ],
)
def test_the_plot_is_named_by_the_sentence_leading_into_it(statement, title):
    assert plotted_title(statement) == title


@pytest.mark.parametrize(
    "statement",
    [
        "To plot the survival of each cohort, pass the fit to plot:",  # no reader's act
        "The model is fitted with the default settings.",
        "We can see that the fit improves.",  # a finding, not what is shown ("that" ends it)
    ],
)
def test_a_sentence_naming_no_plotted_thing_gives_no_title(statement):
    assert plotted_title(statement) == ""


def test_an_uncaptioned_plot_under_a_taken_heading_is_not_continued():
    fig = _uncaptioned("We can plot the residuals with the plot method:")
    slide = BuiltinProposer().figure_slide(fig, used=set(), titles={"Fitting"})
    assert slide.title == "Plot of the residuals"


def test_an_uncaptioned_plot_keeps_its_heading_when_no_slide_has_it():
    fig = _uncaptioned("We can plot the residuals with the plot method:")
    assert BuiltinProposer().figure_slide(fig, used=set(), titles=set()).title == "Fitting"


def test_a_caption_citing_its_model_keeps_the_words_before_the_citation():
    fig = figure(3, "Rainfall with the fitted values of the Okafor et al. model. Dots are days.")
    assert figure_title(fig) == "Rainfall with the fitted values"
    assert without_citation("Counts as in Sato et al") == ""  # nothing left but one word


def test_a_bare_noun_caption_keeps_how_its_values_were_treated():
    fig = figure(4, "Rainfall, averaged to weekly medians of daily totals. One line per gauge.")
    assert figure_title(fig) == "Rainfall, averaged to weekly medians of daily totals"


def test_a_longer_caption_head_stands_alone():
    fig = figure(4, "Weekly rainfall at the coastal gauges, averaged over three winters.")
    assert figure_title(fig) == "Weekly rainfall at the coastal gauges"


def test_a_run_under_one_heading_titles_an_uncaptioned_plot_by_what_it_shows():
    from apps.decks.pipeline.paper import Paper, Section
    from apps.decks.pipeline.propose.deck_level import _own_title
    from apps.decks.pipeline.slide_deck import Slide

    fig = _uncaptioned("We can plot the residuals with the plot method:")
    paper = Paper(
        title="Fitting burrow temperatures",
        authors=["Ann Okafor"],
        pages=2,
        source_name="burrows.pdf",
        sections=[Section(title="Fitting", paragraphs=["We fit a model."])],
        figures=[fig],
    )
    slide = Slide(kind="figure", title="Fitting", figure=fig.id, caption=fig.caption)
    assert _own_title(slide, paper, {"Fitting"}, "Fitting") == "Plot of the residuals"
