"""A figure's own text read as a section heading (a panel's title over the panel, the axis name
under it, set large; the crop missed them) is no section: its paragraphs go back to the section
it interrupts, and no slide is titled with it. A section heading at its column's edge above a
figure stays. Geometry and words invented here."""

from __future__ import annotations

from apps.decks.pipeline.ingest.figure_headings import merged_figure_headings
from apps.decks.pipeline.paper import Figure, PageText, Section


def _figure(nearby: list[PageText]) -> Figure:
    return Figure(
        id="fig-2",
        kind="figure",
        number=2,
        label="Figure 2",
        caption="Resampled estimates of the pond's mean depth and its spread.",
        page=5,
        bbox=(80, 120, 280, 275),  # the left panel only: the crop missed the right one
        image="fig-2.png",
        width_px=800,
        height_px=620,
        caption_bbox=(200, 300, 410, 310),
        nearby=nearby,
    )


def _label(x0: float, top: float, x1: float, text: str) -> PageText:
    return PageText(bbox=(x0, top, x1, top + 10), kind="label", text=text)


PANEL_LABELS = [
    _label(78, 150, 90, "Density"),  # the left panel's axis name
    _label(108, 118, 118, "1.2"),
    _label(142, 236, 195, "4.0 4.5"),
    _label(185, 264, 226, "Draws"),  # the x axis's name, inside the crop
    _label(312, 150, 324, "Density"),  # the right panel's axis name
]


def _sections() -> list[Section]:
    return [
        Section(number="", title="Resampling the depth survey", level=2, paragraphs=["A " * 5]),
        Section(number="", title="Mean depth", level=1, paragraphs=["B " * 5]),
        Section(number="", title="Spread of depth", level=1, paragraphs=[]),
        Section(number="", title="Draws", level=1, paragraphs=["C " * 5]),
        Section(number="", title="Ponds in packages", level=2, paragraphs=["D " * 5]),
    ]


def test_a_panel_title_and_an_axis_name_read_as_headings_go_back_to_their_section():
    panel_title = PageText(bbox=(150, 82, 258, 96), kind="heading", text="Mean depth")
    merged = merged_figure_headings(_sections(), [_figure([panel_title, *PANEL_LABELS])])
    assert [s.title for s in merged] == ["Resampling the depth survey", "Ponds in packages"]
    assert merged[0].paragraphs == ["A " * 5, "B " * 5, "C " * 5]


def test_a_heading_at_the_columns_edge_above_a_figure_stays_a_section():
    # the heading starts where the figure's labels start: a section heading, not a panel title
    heading = PageText(bbox=(78, 82, 190, 96), kind="heading", text="Mean depth")
    sections = _sections()
    merged = merged_figure_headings(sections, [_figure([heading, *PANEL_LABELS[:3]])])
    assert [s.title for s in merged] == [s.title for s in _sections()]


def test_a_numbered_or_well_known_heading_is_never_taken_for_figure_text():
    labels = [*PANEL_LABELS, _label(150, 82, 258, "Results")]
    sections = [
        Section(number="", title="Setup", level=1, paragraphs=["A " * 5]),
        Section(number="3", title="Draws", level=1, paragraphs=["B " * 5]),
        Section(number="", title="Results", level=1, paragraphs=["C " * 5]),
    ]
    merged = merged_figure_headings(sections, [_figure(labels)])
    assert [s.title for s in merged] == ["Setup", "Draws", "Results"]
