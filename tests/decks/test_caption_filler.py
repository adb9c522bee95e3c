"""A figure slide's caption line that says nothing a reader needs (round 14, unseen papers):
the slide's title again (a title made from that caption), the figure's label alone ("Figure 3."),
or the caption's source or credit ("Source: …", "Adapted from …"). The line shows what the
caption says beyond the title, else it goes and the figure gets the room; a credit is never
shown. The captions are invented."""

import pytest

from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import deck_of
from apps.decks.pipeline.propose.captions import caption_text, without_credits
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide


def _figure(caption: str, number: int = 3, aspect: tuple[int, int] = (1000, 500)) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=caption,
        page=1,
        bbox=(100, 100, 100 + aspect[0] / 2, 100 + aspect[1] / 2),
        image=f"fig-{number}.png",
        width_px=aspect[0],
        height_px=aspect[1],
        section="Results",
    )


def _slide_markdown(figures: list[Figure], slide: Slide) -> str:
    paper = Paper(
        title="P",
        pages=1,
        source_name="p.pdf",
        sections=[Section(title="Results", paragraphs=["The counts rise with the load."])],
        figures=figures,
    )
    deck = deck_of(paper, [Slide(kind="title", title="P"), slide])
    return deck_markdown(deck, paper).split("\n---\n")[-1]


def _caption_lines(markdown: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.startswith(">")]


def test_a_caption_that_repeats_the_title_shows_what_the_caption_says_beyond_it():
    figure = _figure(
        "Pump output per hour. Each dot is one night's mean; the grey band is the range."
    )
    slide = Slide(
        kind="figure",
        title="Pump output per hour",
        figure="fig-3",
        caption="Pump output per hour.",
    )
    lines = _caption_lines(_slide_markdown([figure], slide))
    assert lines == ["> **Figure 3.** Each dot is one night's mean; the grey band is the range."]


def test_a_caption_that_only_repeats_the_title_is_no_line():
    figure = _figure("Example output.")
    slide = Slide(kind="figure", title="Example output", figure="fig-3", caption="Example output.")
    assert _caption_lines(_slide_markdown([figure], slide)) == []


def test_a_caption_that_only_says_a_figure_is_there_is_no_line():
    figure = _figure("The layout of the sensor board is represented.")
    slide = Slide(kind="figure", title="Layout of the sensor board", figure="fig-3")
    assert _caption_lines(_slide_markdown([figure], slide)) == []


def test_a_caption_that_says_more_than_the_title_stays():
    figure = _figure("Pump output per hour against the valve setting.")
    slide = Slide(kind="figure", title="Pump output per hour", figure="fig-3")
    lines = _caption_lines(_slide_markdown([figure], slide))
    assert lines == ["> **Figure 3.** Pump output per hour against the valve setting."]


def test_a_pairs_captions_are_kept_though_the_title_names_them():
    first, second = _figure("Pump output.", 3), _figure("Valve setting.", 4)
    slide = Slide(
        kind="figure",
        title="Pump output and valve setting: Figures 3 and 4",
        figure="fig-3",
        figure_pair="fig-4",
        caption="Pump output.",
    )
    lines = _caption_lines(_slide_markdown([first, second], slide))
    assert lines == ["> **Figure 3.** Pump output.", "> **Figure 4.** Valve setting."]


def test_the_captions_source_or_credit_is_never_shown():
    figure = _figure(
        "Night-time pump output (adapted from [12]). Source: regional water board, 2019."
    )
    assert caption_text(figure) == "Night-time pump output."
    slide = Slide(kind="figure", title="Pumps", figure="fig-3", caption="")
    lines = _caption_lines(_slide_markdown([figure], slide))
    assert lines == ["> **Figure 3.** Night-time pump output."]
    credit_only = _figure("Reprinted with permission from Doe et al. (2018).")
    assert caption_text(credit_only) == ""
    slide = Slide(kind="figure", title="Pumps", figure="fig-3", caption="")
    assert _caption_lines(_slide_markdown([credit_only], slide)) == []


def test_a_sentence_about_sources_is_no_credit():
    for caption in (
        "Sources of error in the gauge readings.",
        "Counts adapted to the new grid.",
        "Image of the sensor board taken at noon.",
    ):
        assert without_credits(caption) == caption


@pytest.mark.parametrize("aspect", [(300, 900), (520, 480)])
def test_a_tall_figure_keeps_its_only_caption_beside_it(aspect):
    """Across the slide a tall figure (a flow chart) leaves two empty columns (the reviewer's
    empty_area, seen in the fixture paper's deck test), and a squarish one is drawn below 60 %
    of the slide's width (a paper deck test): its caption, even one that repeats the title, is
    then the slide's text column beside it. (The other tests here draw a wide figure, which
    goes across the slide either way.)"""
    figure = _figure("Steps of the pump controller.", aspect=aspect)
    slide = Slide(
        kind="figure",
        title="Steps of the pump controller",
        figure="fig-3",
        caption="Steps of the pump controller.",
    )
    markdown = _slide_markdown([figure], slide)
    assert _caption_lines(markdown) == ["> **Figure 3.** Steps of the pump controller."]
    assert "::left::" in markdown  # beside the figure, not under it
