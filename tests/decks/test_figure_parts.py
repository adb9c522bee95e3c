"""A figure of two stacked panels whose labels (4.5 pt) stay too small to read even drawn as
tall as a slide allows: ingestion crops each panel with its own "(a)"/"(b)" line, the reviewer
reports it at medium (a layout exists that draws it readable), and the repair shows a panel a
slide, across the slide, under its share of the caption. Paper and figure are invented
(tests/fixtures/papers/ingest/smallpanels)."""

from pathlib import Path

import pytest

from apps.decks.pipeline.figure_parts import part_caption, part_shown
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.paper import FigurePart
from apps.decks.pipeline.propose.builtin import BuiltinProposer, deck_of
from apps.decks.pipeline.propose.repair import deck_repair
from apps.decks.pipeline.render.measure import Rect
from apps.decks.pipeline.slide_deck import Slide
from tests.decks.test_review_rules import _paper, image_box, measure, slide_review

PAPER = Path(__file__).parents[1] / "fixtures/papers/ingest/smallpanels/tessera-smallpanels.pdf"
CAPTION = (
    "Animals counted on each night of the survey. (a) Hedgehogs seen under the amber "
    "lantern. (b) Badgers seen under the amber lantern."
)


@pytest.fixture(scope="module")
def figure(tmp_path_factory):
    folder = tmp_path_factory.mktemp("figures")
    paper = paper_read(PAPER, folder)
    return paper.figures[0], folder


def test_each_panel_is_cropped_with_its_own_label(figure):
    figure, folder = figure
    assert len(figure.parts) == 2
    marks = {
        t.text[:3]: t.bbox
        for t in figure.nearby
        if t.kind != "caption" and t.text.startswith(("(a)", "(b)"))
    }
    first, second = figure.parts
    assert first.bbox[3] >= marks["(a)"][3] - 1 and second.bbox[1] >= marks["(a)"][3] - 1
    assert second.bbox[3] >= marks["(b)"][3] - 1
    for part in figure.parts:
        assert (folder / part.image).exists()
        assert part.width_px / part.height_px > 1.4  # each wide: drawn across the slide


def test_a_figure_readable_whole_is_not_cut(tmp_path):
    """Two stacked panels whose 9 pt labels are drawn readable as tall as a slide allows stay
    whole; at 4.5 pt they are cut."""
    from PIL import Image

    from apps.decks.pipeline.ingest.panel_parts import parts_written

    image = Image.new("RGB", (2000, 2300), "white")
    for top in (100, 1250):
        image.paste((0, 0, 0), (100, top, 1900, top + 900))
    path = tmp_path / "fig-9.png"
    image.save(path)
    box = (50.0, 100.0, 290.0, 376.0)  # 240 pt wide: 8.3 image px per pt
    assert parts_written(path, box, 9.0) == []
    assert len(parts_written(path, box, 4.5)) == 2


def _figure_with_parts():
    paper = _paper(1)
    parts = [
        FigurePart(image=f"fig-1-part{n}.png", width_px=2000, height_px=1000, bbox=b)
        for n, b in ((1, (50, 100, 290, 220)), (2, (50, 220, 290, 340)))
    ]
    figure = paper.figures[0].model_copy(
        update={"text_pt": 4.5, "caption": CAPTION, "bbox": (50, 100, 290, 340), "parts": parts}
    )
    paper.figures[0] = figure
    return paper


def _tall_image(w: float = 430, h: float = 430):
    box = image_box(w=w, h=h)
    return box.model_copy(update={"frame": Rect(x=270, y=100, w=w, h=h)})


def test_the_reviewer_reports_a_figure_with_parts_at_medium():
    paper = _figure_with_parts()
    slide = Slide(kind="figure", title="Counts", figure="fig-1", caption=CAPTION)
    found = [i for i in slide_review(slide, measure(images=[_tall_image()]), paper)]
    small = next(i for i in found if i.type == "figure_text_small")
    assert small.severity == "medium" and small.evidence["parts"] == 2
    whole = paper.model_copy(deep=True)
    whole.figures[0] = whole.figures[0].model_copy(update={"parts": []})
    alone = next(
        i
        for i in slide_review(slide, measure(images=[_tall_image()]), whole)
        if i.type == "figure_text_small"
    )
    assert alone.severity == "low"  # as tall as a slide allows, nothing draws it larger


def test_the_repair_shows_a_panel_a_slide_under_its_share_of_the_caption():
    paper = _figure_with_parts()
    slide = Slide(kind="figure", title="Counts", figure="fig-1", caption=CAPTION, bullets=[])
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    found = [
        i.model_copy(update={"slide": 2})
        for i in slide_review(slide, measure(images=[_tall_image()]), paper)
        if i.type == "figure_text_small"
    ]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    parts = [s for s in revised.slides if s.figure == "fig-1"]
    assert [s.panel for s in parts] == [1, 2]
    assert [s.title for s in parts] == ["Counts (a)", "Counts (b)"]
    assert parts[1].caption.endswith("(b) Badgers seen under the amber lantern.")
    assert "Hedgehogs" not in parts[1].caption
    assert all(s.layout == "figure-full" for s in parts)
    # the part's own region is what the reviewer measures on its slide: drawn across the
    # slide, 4.5 pt over 240 pt of page at 884 px is 16.6 px, readable
    shown = part_shown(paper.figures[0], 1)
    assert shown.image == "fig-1-part1.png" and shown.bbox == (50, 100, 290, 220)
    wide = image_box(w=884, h=442)
    assert not [
        i
        for i in slide_review(parts[1], measure(images=[wide]), paper)
        if i.type == "figure_text_small"
    ]


def test_a_caption_without_one_label_per_part_stays_whole():
    assert part_caption("Counts per night for both animals.", 1, 2) == (
        "Counts per night for both animals."
    )
    assert part_caption(CAPTION, 1, 2) == (
        "Animals counted on each night of the survey. (a) Hedgehogs seen under the amber lantern."
    )


def test_a_figure_at_its_largest_without_parts_keeps_its_bullets():
    """Reported low (no layout draws it larger), the repair leaves the slide as it is: taking
    its bullets off would draw it no larger and lose what they said."""
    paper = _figure_with_parts()
    paper.figures[0] = paper.figures[0].model_copy(update={"parts": []})
    bullet = "The amber lantern counted within two animals of the daytime survey"
    slide = Slide(kind="figure", title="Counts", figure="fig-1", caption=CAPTION, bullets=[bullet])
    deck = deck_of(paper, [Slide(kind="title", title=paper.title), slide])
    found = [
        i.model_copy(update={"slide": 2})
        for i in slide_review(slide, measure(images=[_tall_image()]), paper)
        if i.type == "figure_text_small"
    ]
    assert [i.severity for i in found] == ["low"]
    revised = deck_repair(BuiltinProposer(), paper, deck, found).deck
    assert [s.bullets for s in revised.slides if s.figure == "fig-1"] == [[bullet]]
