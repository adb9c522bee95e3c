"""Reviewer rules on hand-made measurements: each problem is named, graded and evidenced."""

import pytest

from apps.decks.pipeline.issues import Issue, blocking, counts
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.render.measure import (
    Background,
    ImageBox,
    Overflow,
    Overlap,
    Pixels,
    Rect,
    Size,
    SlideMeasure,
    TextBox,
)
from apps.decks.pipeline.review import deck_review, review, slide_review
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

ISSUE_KEYS = {"slide", "type", "severity", "message", "suggestion", "evidence"}


def text_box(
    words: int, role: str = "body", font_px: float = 22, contrast: float = 12.0, y: float = 100
):
    return TextBox(
        text=" ".join(["word"] * words),
        words=words,
        role=role,
        font_px=font_px,
        contrast=contrast,
        opacity=1.0,
        rect=Rect(x=48, y=y, w=400, h=30),
    )


def image_box(visible_fraction: float = 1.0, w: float = 560, h: float = 300, fit: str = "contain"):
    drawn = Rect(x=380, y=100, w=w, h=h)
    visible = Rect(x=380, y=100, w=w, h=h * visible_fraction)
    return ImageBox(
        src="./figures/fig-1.png",
        figure="fig-1",
        natural=Size(w=w * 2, h=h * 2),
        loaded=True,
        fit=fit,
        frame=drawn,
        drawn=drawn,
        visible=visible,
        visible_fraction=visible_fraction,
    )


def measure(**fields) -> SlideMeasure:
    base = {
        "slide": 2,
        "texts": [text_box(2, "title", 29), text_box(30)],
        "pixels": Pixels(ink_fraction=0.05, edges={"top": 0, "bottom": 0, "left": 0, "right": 0}),
    }
    base.update(fields)
    return SlideMeasure(**base)


TEXT_SLIDE = Slide(kind="bullets", title="Method", bullets=["a b c"] * 5)
FIGURE_SLIDE = Slide(kind="figure", title="Result", figure="fig-1", bullets=["a b c"])


def types(issues: list[Issue]) -> dict[str, str]:
    return {i.type: i.severity for i in issues}


def test_clean_slide_has_no_issue():
    assert slide_review(TEXT_SLIDE, measure()) == []


def test_overflow_is_measured_in_pixels_and_graded():
    small = slide_review(TEXT_SLIDE, measure(overflow=Overflow(bottom_px=10)))
    large = slide_review(TEXT_SLIDE, measure(overflow=Overflow(bottom_px=180)))
    assert types(small)["overflow"] == "medium"
    issue = next(i for i in large if i.type == "overflow")
    assert issue.severity == "high"
    assert issue.message == "text runs 180 px below the slide"
    assert issue.suggestion == "split into two slides"
    assert issue.evidence["overflow"]["bottom_px"] == 180


def test_density_on_text_and_figure_slides():
    dense = slide_review(TEXT_SLIDE, measure(texts=[text_box(2, "title"), text_box(95)]))
    very = slide_review(TEXT_SLIDE, measure(texts=[text_box(2, "title"), text_box(130)]))
    beside = slide_review(
        FIGURE_SLIDE, measure(texts=[text_box(2, "title"), text_box(55)], images=[image_box()])
    )
    assert types(dense)["density"] == "medium"
    assert types(very)["density"] == "high"
    assert types(beside)["density"] == "medium"
    assert "55 words beside the figure" in next(i.message for i in beside if i.type == "density")


def test_cropped_faded_small_and_mismatched_figures():
    cropped = slide_review(FIGURE_SLIDE, measure(images=[image_box(visible_fraction=0.6)]))
    assert types(cropped)["figure_cropped"] == "high"
    faded_image = image_box().model_copy(update={"opacity": 0.5})
    assert (
        types(slide_review(FIGURE_SLIDE, measure(images=[faded_image])))["figure_faded"] == "medium"
    )
    tiny = slide_review(FIGURE_SLIDE, measure(images=[image_box(w=120, h=60)]))
    assert types(tiny)["figure_small"] == "high"
    pixels = Pixels(ink_fraction=0.1, edges={}, figure_diff={"fig-1": 0.4})
    mismatch = slide_review(FIGURE_SLIDE, measure(images=[image_box()], pixels=pixels))
    assert types(mismatch)["figure_mismatch"] == "high"


def test_missing_figure_and_background_cover():
    missing = slide_review(FIGURE_SLIDE, measure(images=[]))
    assert types(missing)["figure_missing"] == "high"
    cover = Background(size="cover", rect=Rect(x=490, y=0, w=490, h=552))
    background = slide_review(TEXT_SLIDE, measure(backgrounds=[cover]))
    assert types(background)["figure_cropped"] == "high"


def test_small_font_overlap_contrast_edges_and_emptiness():
    found = slide_review(
        TEXT_SLIDE,
        measure(
            texts=[text_box(2, "title"), text_box(20, font_px=11, contrast=2.1)],
            overlaps=[Overlap(a="bullet", b="fig-1", area_px=900)],
            pixels=Pixels(
                ink_fraction=0.05, edges={"top": 0, "bottom": 400, "left": 0, "right": 0}
            ),
        ),
    )
    assert types(found) == {
        "small_font": "medium",
        "overlap": "medium",
        "contrast": "high",
        "edge": "medium",
    }
    empty = slide_review(TEXT_SLIDE, measure(texts=[]))
    assert types(empty)["empty"] == "high"
    near = slide_review(TEXT_SLIDE, measure(pixels=Pixels(ink_fraction=0.001)))
    assert types(near)["near_empty"] == "medium"


def test_unrendered_slide_is_high():
    assert types(slide_review(TEXT_SLIDE, SlideMeasure(slide=3, missing=True))) == {
        "render": "high"
    }


def _paper(figures: int) -> Paper:
    from apps.decks.pipeline.paper import Figure

    return Paper(
        title="P",
        pages=1,
        source_name="p.pdf",
        figures=[
            Figure(
                id=f"fig-{n}",
                kind="figure",
                number=n,
                label=f"Figure {n}",
                caption="c",
                page=1,
                bbox=(0, 0, 1, 1),
                image=f"fig-{n}.png",
                width_px=100,
                height_px=100,
            )
            for n in range(1, figures + 1)
        ],
    )


@pytest.mark.parametrize("slides, expected", [(5, "slide_count"), (25, "slide_count"), (12, None)])
def test_deck_size(slides, expected):
    deck = SlideDeck(title="P", slides=[Slide(kind="bullets", title=str(n)) for n in range(slides)])
    found = [i.type for i in deck_review(deck, _paper(0))]
    assert (expected in found) if expected else found == []


def test_too_few_figures_is_high_and_deck_level():
    deck = SlideDeck(title="P", slides=[FIGURE_SLIDE] + [TEXT_SLIDE] * 11)
    issue = next(i for i in deck_review(deck, _paper(5)) if i.type == "too_few_figures")
    assert issue.slide == 0 and issue.severity == "high"


def test_issue_schema_and_counting():
    deck = SlideDeck(title="P", slides=[TEXT_SLIDE] * 12)
    found = review(
        deck, [measure(slide=n, overflow=Overflow(bottom_px=50)) for n in range(1, 13)], _paper(0)
    )
    assert all(set(i.model_dump()) == ISSUE_KEYS for i in found)
    assert counts(found)["high"] == 12
    assert len(blocking(found)) == 12
    assert blocking([Issue(slide=1, type="edge", severity="low", message="m")]) == []
