"""A figure keeps the paper's order on the deck: one that belongs to the introduction follows
the opening slides instead of landing after the last body slide (a getting-started paper's
first two figures used to close its deck)."""

from __future__ import annotations

from apps.decks.pipeline.paper import Figure, Paper, Section
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render.markdown import deck_markdown
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

SECTIONS = {
    "Introduction": "Point patterns record where each {} of the forest stands in plot {}.",
    "Reading the data": "The reader takes the {} coordinates of plot {} from a table.",
    "Fitting a model": "The fitted intensity of {} trees in plot {} rises with the slope.",
    "Conclusion": "Spatial models of the {} trees explain the pattern of plot {}.",
}
KINDS = ["oak", "beech", "pine", "birch", "ash", "maple", "elm", "lime", "yew", "alder"]


def _paragraph(template: str, start: int) -> str:
    return " ".join(template.format(k, start + n) for n, k in enumerate(KINDS))


def _figure(number: int, section: str) -> Figure:
    return Figure(
        id=f"fig-{number}",
        kind="figure",
        number=number,
        label=f"Figure {number}",
        caption=f"Trees of plot {number} with their crowns drawn to scale",
        page=number,
        bbox=(0, 0, 100, 100),
        image=f"fig-{number}.png",
        width_px=900,
        height_px=700,
        section=section,
    )


def _paper() -> Paper:
    return Paper(
        title="Forest point patterns",
        authors=["Ada Quill"],
        sections=[
            Section(title=t, paragraphs=[_paragraph(w, 1), _paragraph(w, 20)])
            for t, w in SECTIONS.items()
        ],
        figures=[
            _figure(1, "Introduction"),
            _figure(2, "Introduction"),
            _figure(3, "Fitting a model"),
        ],
        pages=6,
        source_name="forest.pdf",
    )


def test_the_introductions_figures_follow_the_opening_slides_in_paper_order():
    slides = BuiltinProposer().propose(_paper()).slides
    shown = [s.figure for s in slides if s.figure]
    assert shown == ["fig-1", "fig-2", "fig-3"]
    first = next(i for i, s in enumerate(slides) if s.figure == "fig-1")
    assert slides[first - 1].role in ("title", "motivation", "contributions")


def test_markup_in_the_title_and_mustaches_in_the_notes_stay_text_in_slides_md():
    paper = _paper()
    deck = SlideDeck(
        title="Trees <script>alert(1)</script>",
        slides=[
            Slide(kind="title", title="Trees", role="title"),
            Slide(kind="bullets", title="Plots", bullets=["Two plots."], notes="see {{ x }} here"),
        ],
    )
    written = deck_markdown(deck, paper)
    assert "<script>" not in written and "{{" not in written and "}}" not in written
    assert 'title: "Trees ‹script›alert(1)‹/script›"' in written
