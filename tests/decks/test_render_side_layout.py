"""A figure slide in a side layout (two columns) with nothing for its text column used to be
written with an empty `::left::`: the figure sat in one half and the other half stayed blank.
It is drawn full width instead; with text beside it, the two columns stay."""

from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import deck_of
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide


def _uncaptioned_plot() -> Figure:
    return Figure(
        id="fig-4",
        kind="figure",
        number=4,
        label="Figure",
        caption="",
        page=1,
        bbox=(100, 100, 400, 500),
        image="fig-4.png",
        width_px=400,
        height_px=500,
        section="Data",
        captioned=False,
    )


def _markdown(slide: Slide) -> str:
    paper = Paper(
        title="P",
        pages=1,
        source_name="p.pdf",
        sections=[Section(title="Data", paragraphs=["The points are plotted."])],
        figures=[_uncaptioned_plot()],
    )
    deck = deck_of(paper, [Slide(kind="title", title="P"), slide])
    return "\n---\n".join(deck_markdown(deck, paper).split("\n---\n")[-2:])  # its front matter too


def _figure_slide(**fields) -> Slide:
    return Slide(kind="figure", title="Data", figure="fig-4", layout="figure-right", **fields)


def test_a_side_layout_with_no_text_draws_the_figure_full_width():
    markdown = _markdown(_figure_slide())
    assert "::left::" not in markdown and "::right::" not in markdown
    assert "deck-wide" in markdown and "![Figure](./figures/fig-4.png)" in markdown


def test_a_side_layout_with_text_keeps_its_two_columns():
    markdown = _markdown(_figure_slide(bullets=["The points cluster near the river"]))
    assert "::left::" in markdown and "- The points cluster near the river" in markdown
