"""Rules on each figure a slide shows: there, whole, unaltered, and as large as it can be."""

from __future__ import annotations

from apps.decks import limits
from apps.decks.pipeline.figure_room import CONTENT_BOX
from apps.decks.pipeline.review.registry import SlideContext, slide_rule


def best_figure_area(aspect: float) -> float:
    width, height = CONTENT_BOX
    drawn_width = min(width, height * aspect)
    return drawn_width * drawn_width / aspect


@slide_rule
def figure_missing(c: SlideContext):
    if c.slide is None or c.slide.kind != "figure":
        return
    shown = {i.figure for i in c.measure.images}
    # The measure names an image by the figure id in its file name, and two builds of a slide
    # that shows its figure give no such name: Vite inlines a PNG under its 4 KB limit (a
    # small table's crop) as a data: URL, and Rollup emits two figures of identical bytes (a
    # drawing cropped twice) as one file, named after the other. Each loaded image that names
    # none of the slide's figures stands for one of them the names did not find: a figure the
    # slide shows is never reported missing (a false high finding the loop then "repairs").
    wanted = set(c.slide.figures())
    unnamed = sum(1 for i in c.measure.images if i.loaded and i.figure not in wanted)
    for figure_id in c.slide.figures():
        if figure_id in shown or c.measure.backgrounds:
            continue
        if unnamed:
            unnamed -= 1
            continue
        yield c.issue(
            "figure_missing",
            "high",
            f"{figure_id} is not on the slide",
            "use a figure id from the paper's figure list",
            figure=figure_id,
        )
    for image in c.measure.images:
        if not image.loaded:
            yield c.issue(
                "figure_missing",
                "high",
                f"{image.figure or image.src} did not load",
                "use a figure id from the paper's figure list",
                src=image.src,
            )


@slide_rule
def figure_cropped(c: SlideContext):
    for background in c.measure.backgrounds:
        if background.size != "contain":
            yield c.issue(
                "figure_cropped",
                "high",
                f"an image is drawn as a background with size “{background.size}”, which crops it",
                "place the figure as an image scaled to fit",
                **background.model_dump(),
            )
    for image in c.measure.images:
        if image.loaded and image.visible_fraction < limits.get("figure_visible_min"):
            yield c.issue(
                "figure_cropped",
                "high",
                f"only {image.visible_fraction:.0%} of {image.figure or image.src} is visible",
                "scale the figure to fit (object-fit: contain) and keep it on the slide",
                visible_fraction=image.visible_fraction,
                fit=image.fit,
                drawn=image.drawn.model_dump(),
            )


@slide_rule
def figure_altered(c: SlideContext):
    for image in c.measure.images:
        label = image.figure or image.src
        faded = image.opacity < limits.get("figure_min_opacity") or any(
            f in image.filter for f in ("opacity", "grayscale", "blur", "brightness")
        )
        if faded:
            yield c.issue(
                "figure_faded",
                "medium",
                f"{label} is faded (opacity {image.opacity:.2f})",
                "show the figure at full opacity",
                opacity=image.opacity,
                filter=image.filter,
            )
        if image.distortion > 0.03:
            yield c.issue(
                "figure_distorted",
                "medium",
                f"{label} is stretched by {image.distortion:.0%}",
                "keep the figure's aspect ratio",
                distortion=image.distortion,
            )


@slide_rule
def figure_small(c: SlideContext):
    for image in c.measure.images:
        if not image.figure or not image.loaded:
            continue
        aspect = image.natural.w / max(1.0, image.natural.h)
        fill = image.visible.area / best_figure_area(aspect)
        if fill < limits.get("figure_min_fill"):
            share = image.visible.area / (c.measure.canvas.w * c.measure.canvas.h)
            pair = c.slide is not None and c.slide.figure_pair
            severity = "high" if fill < limits.get("figure_min_fill_high") else "medium"
            yield c.issue(
                "figure_small",
                "low" if pair else severity,  # two compared figures share the slide
                f"{image.figure} covers {share:.0%} of the slide, {fill:.0%} of what fits",
                "enlarge the figure (full width, less text beside it)",
                fill=round(fill, 3),
                share=round(share, 3),
            )


@slide_rule
def figure_narrow(c: SlideContext):
    """A figure must be drawn at least 60% of the slide's width, or at its native width (its
    printed width, 1 pt = 1 px) when that is smaller. One as tall as the slide allows, or one
    that fills its frame's height on a slide with no text but its caption (drawn at its full
    usable height), is reported low: its shape limits it, and nothing the fix could take off
    the slide would make it wider (reported medium, it made the loop take text off and put it
    back, round after round)."""
    by_id = {f.id: f for f in c.figures()}
    for image in c.measure.images:
        figure = by_id.get(image.figure)
        if figure is None or not image.loaded:
            continue
        native = figure.bbox[2] - figure.bbox[0]
        wanted = min(limits.get("figure_min_width_share") * c.measure.canvas.w, native)
        if image.drawn.w + 1 >= wanted:
            continue
        bare = c.slide is not None and not c.slide.bullets and not c.slide.equation.strip()
        # as tall as the slide allows, or filling the height of a frame that nearly does (a
        # tall figure above its caption), or of any frame when only its caption is beside it
        fills_height = image.drawn.h >= image.frame.h - 2
        tall_as_it_gets = image.drawn.h >= 0.9 * CONTENT_BOX[1] or (
            fills_height and (bare or image.frame.h >= 0.85 * CONTENT_BOX[1])
        )
        pair = c.slide is not None and c.slide.figure_pair
        yield c.issue(
            "figure_narrow",
            "low" if tall_as_it_gets or pair else "medium",
            f"{image.figure} is drawn {image.drawn.w:.0f} px wide, less than {wanted:.0f} px "
            f"(60% of the slide, or its printed width)",
            "give the figure the slide's full width, with its text under it",
            drawn_w=image.drawn.w,
            wanted_w=round(wanted),
        )


@slide_rule
def figure_mismatch(c: SlideContext):
    diffs = c.measure.pixels.figure_diff if c.measure.pixels else {}
    limit = limits.get("figure_match_max_diff")
    for image in c.measure.images:
        diff = diffs.get(image.figure)
        if diff is not None and diff > limit:
            yield c.issue(
                "figure_mismatch",
                "high" if diff > 2 * limit else "medium",
                f"the pixels shown for {image.figure} differ from the paper's figure "
                f"(mean difference {diff:.2f})",
                "show the figure unaltered, with nothing drawn over it",
                difference=diff,
            )
