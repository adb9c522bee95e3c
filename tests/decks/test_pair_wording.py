"""Wording of figure slides about the deck's own figures: a pair of figures is titled with its
point and both figures named ("…: Figures 6 and 7"), never the machinery's "…: side by side";
a caption or title that points at a figure the deck leaves out ("A repeat of Figure 5, …")
names what that figure shows instead."""

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose.deck_level import common_title, merge_repeated
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide, SlideDeck
from tests.decks.factories import figure

CAPTIONS = {
    3: "The capillary surface, with equal y and z scales and appropriate annotations.",
    4: "The capillary surface with parameters as in Figure 3, but with a smaller angle.",
    5: "Two capillary surfaces, showing the difference in the curves for the two angles.",
    6: "A repeat of Figure 5, with simple grid labels added.",
    7: "A repeat of Figure 5 again, with more advanced grid labels.",
}


def _paper() -> Paper:
    return Paper(
        title="Plots of capillary surfaces",
        sections=[],
        figures=[figure(n, c) for n, c in CAPTIONS.items()],
        pages=8,
        source_name="capillary.pdf",
    )


def _figure_slide(number: int) -> Slide:
    return Slide(kind="figure", title=f"Plot {number}", figure=f"fig-{number}")


def test_a_pair_title_names_both_figures_and_never_says_side_by_side():
    title = common_title(
        "The capillary surface with equal scales",
        "The capillary surface with a smaller angle",
        "",
        "Figures 3 and 4",
    )
    assert title == "The capillary surface: Figures 3 and 4"
    assert "side by side" not in common_title("We can get survival curves", "Pass it", "Curves")


def test_merged_repeated_figures_are_titled_with_both_numbers():
    paper = _paper()
    deck = SlideDeck(
        title=paper.title,
        slides=[
            Slide(kind="title", title=paper.title),
            _figure_slide(3).model_copy(update={"title": "The capillary surface"}),
            _figure_slide(4).model_copy(update={"title": "The capillary surface with a smaller"}),
        ],
    )
    issue = Issue(
        slide=2,
        type="repeated_figures",
        severity="medium",
        message="m",
        evidence={"slides": [2, 3]},
    )
    merged = merge_repeated(deck, paper, [(0, issue)], [])
    assert merged == {3}
    assert deck.slides[1].title == "The capillary surface: Figures 3 and 4"


def test_a_caption_pointing_at_a_figure_the_deck_leaves_out_names_what_it_shows():
    paper = _paper()
    pair = _figure_slide(6).model_copy(
        update={"figure_pair": "fig-7", "title": "A repeat of Figure 5: Figures 6 and 7"}
    )
    deck = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), pair])
    markdown = deck_markdown(deck, paper)
    assert "Figure 5" not in markdown, markdown
    assert "# A repeat of two capillary surfaces: Figures 6 and 7" in markdown
    assert "A repeat of two capillary surfaces, with simple grid labels added." in markdown
    assert "A repeat of two capillary surfaces again, with more advanced grid labels." in markdown
    # shown in the deck, Figure 5 is pointed at by its number; a figure the paper's figures do
    # not hold stays as printed
    shown = deck.model_copy(update={"slides": [*deck.slides, _figure_slide(5)]})
    assert "A repeat of Figure 5, with simple grid labels added." in deck_markdown(shown, paper)
    alone = _figure_slide(4).model_copy(update={"caption": "As in Figure 9, with a smaller angle."})
    lone = SlideDeck(title=paper.title, slides=[Slide(kind="title", title=paper.title), alone])
    assert "As in Figure 9, with a smaller angle." in deck_markdown(lone, paper)


def test_a_left_out_figure_whose_title_is_one_member_of_its_caption_is_not_renamed():
    """Named by the head of its caption ("Tide heights at the north gauge", cut before ", and
    the two fitted curves"), a left-out figure would make "A zoom of Figure 1" say the zoom
    shows what it does not (a WRONG caption seen on an unseen paper); a pointer a "see …"
    sends the reader to is never renamed either."""
    paper = Paper(
        title="Tides at two gauges",
        sections=[],
        figures=[
            figure(1, "Tide heights at the north gauge, and the two fitted curves of the model."),
            figure(2, "A zoom of Figure 1 around the spring tide of March."),
            figure(3, "Residuals of the fit (see footnote of Figure 4) for the whole year."),
            figure(4, "Tide heights at the south gauge, showing the surge of May."),
        ],
        pages=4,
        source_name="tides.pdf",
    )
    slides = [Slide(kind="title", title=paper.title), _figure_slide(2), _figure_slide(3)]
    markdown = deck_markdown(SlideDeck(title=paper.title, slides=slides), paper)
    assert "A zoom of Figure 1 around the spring tide of March." in markdown
    assert "see footnote of Figure 4" in markdown
    assert "north gauge" not in markdown and "south gauge" not in markdown


def test_a_sentence_that_only_restates_the_caption_is_not_a_bullet_under_it():
    """The sentence that mentions a figure and only says again what its caption shows reads as
    the caption twice; one that states a finding stays."""
    from apps.decks.pipeline.paper import Mention
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

    series = figure(
        7,
        "Subset of the time series of observed and predicted concentrations at a single "
        "station along with its 95% prediction intervals.",
        bbox=(50, 50, 550, 250),
    )
    restating = (
        "A time series view is presented in Figure 7 showing the observed and predicted time "
        "series at a single location along with its 95% prediction intervals."
    )
    finding = (
        "The prediction intervals in Figure 7 cover 94% of the observed concentrations, close "
        "to their nominal level."
    )
    series = series.model_copy(
        update={
            "mentions": [Mention(text=restating, section="S"), Mention(text=finding, section="S")]
        }
    )
    slide = BuiltinProposer().figure_slide(series, set())
    assert slide.bullets and not any("time series view" in b for b in slide.bullets)
    assert any("94%" in b for b in slide.bullets)
