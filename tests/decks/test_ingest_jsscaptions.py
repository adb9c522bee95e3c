"""Captions as the Journal of Statistical Software sets them, on a paper made for these tests
(tests/fixtures/papers/ingest/jsscaptions, CC0): "Figure 1 Example …" in the body font with no
punctuation after its label, under a plot drawn by the code printed above it; a caption over
its figure; a tall 3 × 2 grid of panels."""

import pytest
from django.conf import settings

from apps.decks.pipeline.ingest import paper_read

JSS = settings.BASE_DIR / "tests" / "fixtures" / "papers" / "ingest" / "jsscaptions"


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    return paper_read(JSS / "tessera-jsscaptions.pdf", tmp_path_factory.mktemp("j") / "figures")


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
