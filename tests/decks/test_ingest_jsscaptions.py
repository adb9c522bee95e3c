"""Captions as the Journal of Statistical Software sets them, on a paper made for these tests
(tests/fixtures/papers/ingest/jsscaptions, CC0): "Figure 1 Example …" in the body font with no
punctuation after its label, under a plot drawn by the code printed above it; a caption over
its figure; a tall 3 × 2 grid of panels; a raster plot with wide white margins."""

import pytest
from django.conf import settings
from PIL import Image

from apps.decks.pipeline.ingest import paper_read

JSS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "jsscaptions"


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    return tmp_path_factory.mktemp("j") / "figures"


@pytest.fixture(scope="module")
def paper(folder):
    return paper_read(JSS / "tessera-jsscaptions.pdf", folder)


def test_every_figure_has_its_own_caption_never_a_sentence_of_the_text(paper):
    found = sorted((f.label, f.captioned, f.caption) for f in paper.figures)
    assert found == [
        ("Figure 1", True, "Example of a single panel plot."),
        ("Figure 2", True, "Number of chronic conditions against age for the forty patients."),
        (
            "Figure 3",
            True,
            "Expected and observed frequencies of the counts under the five fitted models.",
        ),
        (
            "Figure 4",
            True,
            "Cumulative number of visits over the patients ordered by their visits.",
        ),
        ("Figure 5", True, "Visits against the index of the patients, drawn small."),
        ("Figure 6", True, "Chronic conditions against the age of the patients, drawn small."),
    ]


def test_a_caption_found_beside_its_drawing_is_not_inside_the_crop(paper):
    """The unpunctuated label's line was cropped with the plot as one of its axis labels."""
    single = next(f for f in paper.figures if f.number == 1)
    assert single.caption_bbox is not None
    assert single.bbox[3] < single.caption_bbox[1], (single.bbox, single.caption_bbox)
    texts = {t.text for t in single.nearby if t.kind == "label"}
    assert "Index" in texts  # the plot's own axis title stays in the crop
    assert not any(t.startswith("Figure 1") for t in texts)


def test_a_tall_grid_of_panels_is_laid_out_to_go_across_a_slide(paper):
    """The 3 × 2 grid (printed 0.72 of the page high) is laid out as two rows of three panels,
    each with its title: wide enough to be drawn across the slide, not as a thumbnail."""
    grid = next(f for f in paper.figures if f.number == 3)
    assert grid.panels == 6
    assert grid.width_px / grid.height_px >= 1.5


def test_a_raster_figure_is_cropped_to_its_plot_not_its_white_margins(paper, folder):
    """Figure 4 is an image 0.85 of the text width wide, of which the plot is about 60 %: the
    crop is the plot, with a thin white margin, so that the slide draws the plot large."""
    framed = next(f for f in paper.figures if f.number == 4)
    printed = 0.85 * 6.5 * 72
    assert framed.bbox[2] - framed.bbox[0] < 0.75 * printed, framed.bbox
    image = Image.open(folder / framed.image).convert("L")
    ink = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    margins = (ink[0], ink[1], image.width - ink[2], image.height - ink[3])
    assert max(margins) <= 0.03 * image.width, margins


def test_two_captions_level_across_a_narrow_gutter_are_both_captions():
    """Two figures side by side in a two-column page, their captions on one line 25 pt apart:
    the right one is no reference in the middle of the left one's sentence (it went into the
    body text, its figure lost)."""
    from apps.decks.pipeline.ingest.captions import captions_find
    from apps.decks.pipeline.ingest.layout import Layout
    from tests.decks.test_unseen_ingest import _segment

    lines = [
        _segment("Figure 8: Sample graph created by Contour", 72, 275),
        _segment("Figure 9: Another sample graph created by", 290, 275),
        _segment("and Plot, showing potential lines for a", 72, 287),
        _segment("Contour and Plot, illustrating a filled style.", 290, 287),
    ]
    layout = Layout(
        pages=[lines], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[(72, 270), (290, 538)]
    )
    found = {c.label: c.text for c in captions_find(layout)}
    assert found == {
        "Figure 8": "Sample graph created by Contour and Plot, showing potential lines for a",
        "Figure 9": "Another sample graph created by Contour and Plot, illustrating a filled style.",
    }
    # a label in the middle of a sentence of one column stays a reference
    prose = [_segment("as the plot of", 72, 400), _segment("Figure 3: shows the rates", 150, 400)]
    one = Layout(
        pages=[prose], page_sizes=[(612.0, 792.0)], body_size=10.0, columns=[(72, 270), (290, 538)]
    )
    assert captions_find(one) == []


def test_two_figures_side_by_side_are_cropped_apart_each_over_its_caption(paper):
    """Figures 5 and 6 stand side by side, their captions level: each crop reaches to the
    caption beside it, never into the other figure (one crop held both, the other was lost)."""
    left = next(f for f in paper.figures if f.number == 5)
    right = next(f for f in paper.figures if f.number == 6)
    assert left.bbox[2] < right.caption_bbox[0], (left.bbox, right.caption_bbox)
    assert right.bbox[0] > left.caption_bbox[2], (right.bbox, left.caption_bbox)


def test_a_footnote_over_a_figure_is_the_texts_never_a_label_of_the_figure():
    """A URL footnote ("³http://…", mark 6 pt and raised, text 8 pt, three words) just over a
    figure at the foot of the page: too short to read as prose, it was cropped as a label."""
    from apps.decks.pipeline.crops import box_findings
    from apps.decks.pipeline.ingest.figure_text import page_texts
    from apps.decks.pipeline.ingest.figures import Box
    from apps.decks.pipeline.ingest.layout import Layout
    from tests.decks.test_unseen_ingest import _segment

    mark = _segment("3", 110, 446, 6.0)
    note = _segment("http://gstat.r- forge.r- project.org/STpred.html", mark.x1, 449, 8.0)
    tick = _segment("70", 470, 490, 8.0)  # a label of the plot, set as small
    layout = Layout(
        pages=[[mark, note, tick]],
        page_sizes=[(595.0, 842.0)],
        body_size=9.0,
        columns=[(99, 496)],
    )
    box = Box(99, 445, 486, 728, True)
    kinds = {t.text: t.kind for t in page_texts(layout, 1, box, [], {id(note), id(tick)})}
    assert kinds["http://gstat.r- forge.r- project.org/STpred.html"] == "body"
    assert kinds["3"] == "body" and kinds["70"] == "label"
    foreign, _ = box_findings((99, 445, 486, 728), page_texts(layout, 1, box, []), [])
    assert {t.text for t in foreign} >= {"3", "http://gstat.r- forge.r- project.org/STpred.html"}
