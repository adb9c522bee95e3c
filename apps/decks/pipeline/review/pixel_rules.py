"""Rules on the slide's screenshot: ink at the edges, an almost empty slide, a large empty
band (a figure shrunk beside an empty column), and text inside a figure drawn too small."""

from __future__ import annotations

from apps.decks import limits
from apps.decks.pipeline import figure_room
from apps.decks.pipeline.figure_parts import part_shown
from apps.decks.pipeline.render.markdown import larger_across
from apps.decks.pipeline.review.registry import SlideContext, slide_rule


@slide_rule
def edge(c: SlideContext):
    pixels = c.measure.pixels
    if pixels is None:
        return
    sides = [side for side, count in pixels.edges.items() if count > 20]
    if sides:
        overflowing = max(c.measure.overflow.bottom_px, c.measure.overflow.right_px) > 2
        yield c.issue(
            "edge",
            "low" if overflowing else "medium",
            f"content touches the {' and '.join(sides)} edge of the slide",
            "keep content inside the slide's margins",
            edges=pixels.edges,
        )


@slide_rule
def near_empty(c: SlideContext):
    pixels = c.measure.pixels
    content = [t for t in c.measure.texts if t.role != "chrome"]
    if pixels is None or (not content and not c.measure.images):
        return
    if pixels.ink_fraction < limits.get("near_empty_ink"):
        yield c.issue(
            "near_empty",
            "medium",
            f"only {pixels.ink_fraction:.1%} of the slide is inked",
            "merge with a neighbouring slide or add the point it makes",
            ink_fraction=pixels.ink_fraction,
        )


@slide_rule
def empty_area(c: SlideContext):
    pixels = c.measure.pixels
    if pixels is None or c.is_title or not c.measure.images:
        return
    limit = limits.get("empty_band_max")
    widest = max(pixels.empty_width, pixels.empty_height)
    if widest > limit:
        where = "column" if pixels.empty_width >= pixels.empty_height else "band"
        yield c.issue(
            "empty_area",
            "medium",
            f"an empty {where} takes {widest:.0%} of the slide beside its content",
            "let the figure use the room: a layout with the figure across the slide",
            empty_width=pixels.empty_width,
            empty_height=pixels.empty_height,
        )


@slide_rule
def caption_column(c: SlideContext):
    """A figure drawn narrow beside a column that holds nothing but its caption: the column
    is the slide's empty share, though the caption's ink hides it from the pixel bands."""
    if not c.is_figure or len(c.measure.images) != 1:
        return
    image = c.measure.images[0]
    if any(t.role == "body" and t.words for t in c.measure.texts):
        return
    captions = [t.rect for t in c.measure.texts if t.role == "caption"]
    drawn = image.drawn
    beside = [  # at the figure's height, left or right of it (not a caption under it)
        r
        for r in captions
        if (r.x >= drawn.x + drawn.w - 1 or r.x + r.w <= drawn.x + 1)
        and r.y < drawn.y + drawn.h - 1
        and r.y + r.h > drawn.y + 1
    ]
    canvas = c.measure.canvas.w
    figure = next((f for f in c.figures() if f.id == image.figure), None)
    if figure is not None and not larger_across(figure):
        return  # a square or tall figure has more room beside its caption than over it
    if beside and image.drawn.w < limits.get("figure_min_width_share") * canvas:
        share = 1 - image.drawn.w / canvas
        yield c.issue(
            "empty_area",
            "medium",
            f"the column beside {image.figure or 'the figure'} holds only its caption; "
            f"{share:.0%} of the slide's width is not the figure",
            "put the caption under the figure and give the figure the slide",
            drawn_w=image.drawn.w,
            caption_beside=True,
        )


@slide_rule
def figure_text_small(c: SlideContext):
    """The smallest text inside a figure (its axis labels), as drawn on the slide."""
    by_id = {f.id: f for f in c.figures()}
    panel = c.slide.panel if c.slide is not None else 0
    for image in c.measure.images:
        figure = by_id.get(image.figure)
        if figure is None or not figure.text_pt:
            continue
        whole = figure
        if panel and figure.id == c.slide.figure:
            figure = part_shown(figure, panel)  # the part's region is what the image shows
        scale = image.drawn.w / max(1.0, figure.bbox[2] - figure.bbox[0])
        drawn_px = figure.text_pt * scale
        if drawn_px < limits.get("figure_text_min_px"):
            # Drawn as large as the slide allows, the figure's own small print is the paper's.
            largest = _at_its_largest(c, image) or _small_print_anyway(c, image, whole, panel)
            # Two compared figures share the slide, as figure_small and figure_narrow allow: the
            # other way, a slide each, shows near-identical figures in a row.
            pair = c.slide is not None and c.slide.figure_pair
            # a figure whose panels can each have a slide (Figure.parts) is not at its largest
            parts = bool(whole.parts) and not panel and not pair
            yield c.issue(
                "figure_text_small",
                "low" if (largest or pair) and not parts else "medium",
                f"the labels inside {figure.id} are drawn {drawn_px:.1f} px high "
                f"(readable from {limits.get('figure_text_min_px'):g} px)",
                "show its panels a slide each, across the slide"
                if parts
                else "give the figure more room (a slide of its own, full width)",
                text_px=round(drawn_px, 1),
                text_pt=figure.text_pt,
                parts=len(whole.parts) if parts else 0,
            )


def _small_print_anyway(c: SlideContext, image, figure, panel: int) -> bool:
    """The figure's own print reads at no size a slide draws it, and it is drawn about as large
    as a slide of its own draws it over its caption and one line: taking that line off (a
    statement of what the figure shows, bare_figure_run's) draws it a tenth larger, still too
    small to read, and loses what the slide said of it."""
    if panel or figure_room.legible_alone(figure):
        return False
    lines = c.slide.bullets if c.slide is not None else []
    return len(lines) <= 1 and image.drawn.w >= SHOWN_AT_ITS_ROOM * figure_room.width_over_lines(
        figure, 2
    )


# measured figures drawn over a caption and a line come out at 0.85–1.0 of the room's model
# (figure_room.width_over_lines): the renderer's title and caption vary a little
SHOWN_AT_ITS_ROOM = 0.85


def _at_its_largest(c: SlideContext, image) -> bool:
    """Drawn across the slide's whole width, as tall as a slide allows, or filling a frame that
    spans the slide with nothing beside it: no layout draws it larger."""
    if image.drawn.w >= 0.9 * 884:
        return True
    if image.drawn.h >= image.frame.h - 2 and image.frame.h >= 0.85 * 430:
        return True  # as tall as a slide lets a figure be
    spans = image.frame.w >= 0.9 * 884 and not (c.slide and c.slide.bullets)
    fills = image.drawn.h >= image.frame.h - 2 or image.drawn.w >= image.frame.w - 2
    return spans and fills
