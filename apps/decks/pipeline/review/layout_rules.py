"""Rules on the DOM measurements of a slide: what overflows, how much text, how small, what
overlaps, what a reader cannot read."""

from __future__ import annotations

from apps.decks import limits
from apps.decks.pipeline.review.registry import SlideContext, slide_rule


@slide_rule
def overflow(c: SlideContext):
    o = c.measure.overflow
    excess = max(o.bottom_px, o.right_px, o.left_px)
    if excess <= limits.get("overflow_px"):
        return
    side = "below" if o.bottom_px >= max(o.right_px, o.left_px) else "beside"
    if c.is_figure:
        suggestion = "shrink the figure or shorten the text beside it"
    elif c.slide is not None and len(c.slide.bullets) >= 4:
        suggestion = "split into two slides"
    else:
        suggestion = "condense the bullets"
    yield c.issue(
        "overflow",
        "high" if excess > limits.get("overflow_high_px") else "medium",
        f"text runs {excess:.0f} px {side} the slide",
        suggestion,
        overflow=o.model_dump(),
    )


@slide_rule
def density(c: SlideContext):
    body = c.measure.words("body")
    if c.is_figure:
        limit = limits.get_int("words_beside_figure")
        if body > limit:
            yield c.issue(
                "density",
                "medium",
                f"{body} words beside the figure (at most {limit})",
                "keep one or two short points; the figure carries the slide",
                words=body,
                limit=limit,
            )
    elif not c.is_title:
        medium, high = limits.get_int("words_text_slide"), limits.get_int("words_text_slide_high")
        if body > medium:
            yield c.issue(
                "density",
                "high" if body > high else "medium",
                f"{body} words on one slide (at most {medium})",
                "split into two slides" if body > high else "condense the bullets",
                words=body,
                limit=medium,
            )
    caption_words = c.measure.words("caption")
    if caption_words > limits.get("caption_words"):
        yield c.issue(
            "density",
            "low",
            f"the caption has {caption_words} words",
            "keep the caption's first sentence",
            caption_words=caption_words,
        )


@slide_rule
def small_font(c: SlideContext):
    for roles, limit_name in (
        (("body", "title", "code"), "min_font_px"),
        (("caption", "chrome"), "min_chrome_font_px"),
    ):
        texts = [t for t in c.measure.texts if t.role in roles]
        if not texts:
            continue
        smallest = min(texts, key=lambda t: t.font_px)
        limit = limits.get(limit_name)
        if smallest.font_px < limit:
            yield c.issue(
                "small_font",
                "medium",
                f"{smallest.role} text is {smallest.font_px:.0f} px (at least {limit:.0f})",
                "enlarge the text or say less",
                font_px=smallest.font_px,
                text=smallest.text[:60],
            )


@slide_rule
def overlap(c: SlideContext):
    for found in c.measure.overlaps:
        if found.area_px >= limits.get("overlap_min_px"):
            yield c.issue(
                "overlap",
                "medium",
                f"“{found.a[:30]}” overlaps “{found.b[:30]}” ({found.area_px:.0f} px²)",
                "give each element its own space: shrink the figure or cut text",
                **found.model_dump(),
            )


@slide_rule
def empty(c: SlideContext):
    content = [t for t in c.measure.texts if t.role != "chrome"]
    if not content and not c.measure.images:
        yield c.issue("empty", "high", "the slide is empty", "remove the slide or give it content")


@slide_rule
def contrast(c: SlideContext):
    content = [t for t in c.measure.texts if t.role != "chrome"]
    faded = next((t for t in content if t.opacity < limits.get("figure_min_opacity")), None)
    if faded is not None:
        yield c.issue(
            "contrast",
            "medium",
            f"text “{faded.text[:30]}” is faded (opacity {faded.opacity:.2f})",
            "do not place text where the theme fades it (right after the title)",
            opacity=faded.opacity,
            text=faded.text[:60],
        )
    low = [t for t in c.measure.texts if t.contrast < limits.get("contrast_min")]
    if low:
        worst = min(low, key=lambda t: t.contrast)
        yield c.issue(
            "contrast",
            "high" if worst.contrast < limits.get("contrast_high") else "medium",
            f"text contrast {worst.contrast:.1f}:1 (WCAG AA needs 4.5:1)",
            "use the deck's ink colour on its paper colour",
            contrast=worst.contrast,
            text=worst.text[:60],
        )


@slide_rule
def math_errors(c: SlideContext):
    if c.measure.math.errors:
        yield c.issue(
            "broken_math",
            "high",
            f"KaTeX could not typeset “{c.measure.math.errors[0][:60]}”",
            "write the formula in TeX that KaTeX accepts, or leave it out",
            errors=c.measure.math.errors[:5],
        )
