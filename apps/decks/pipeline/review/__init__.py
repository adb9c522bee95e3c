"""Rule-based reviewer: measurements and screenshots of each slide → issues.

Every rule states what it saw in `evidence` (numbers, the offending text) so that a proposer —
builtin or a model — can act on it and a person can check it.
"""

from __future__ import annotations

from apps.decks import limits
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# The content box a figure can use on a slide: canvas minus padding, title and footer.
CONTENT_BOX = (884.0, 411.0)


def review(deck: SlideDeck, measures: list[SlideMeasure], paper: Paper) -> list[Issue]:
    issues: list[Issue] = []
    for measure in measures:
        slide = deck.slides[measure.slide - 1] if measure.slide <= len(deck.slides) else None
        issues.extend(slide_review(slide, measure))
    issues.extend(deck_review(deck, paper))
    return sorted(issues, key=lambda i: (i.slide, -_rank(i), i.type))


def _rank(issue: Issue) -> int:
    return {"low": 0, "medium": 1, "high": 2}[issue.severity]


def best_figure_area(aspect: float) -> float:
    width, height = CONTENT_BOX
    drawn_width = min(width, height * aspect)
    return drawn_width * drawn_width / aspect


def slide_review(slide: Slide | None, m: SlideMeasure) -> list[Issue]:
    n = m.slide
    if m.missing:
        return [
            Issue(
                slide=n,
                type="render",
                severity="high",
                message="the slide did not render in the browser",
                suggestion="simplify the slide's content",
            )
        ]
    found: list[Issue] = []
    is_figure = slide is not None and slide.kind == "figure"
    is_title = slide is not None and slide.kind == "title"

    # Overflow.
    excess = max(m.overflow.bottom_px, m.overflow.right_px, m.overflow.left_px)
    if excess > limits.get("overflow_px"):
        side = (
            "below"
            if m.overflow.bottom_px >= max(m.overflow.right_px, m.overflow.left_px)
            else "beside"
        )
        if is_figure:
            suggestion = "shrink the figure or shorten the text beside it"
        elif slide is not None and len(slide.bullets) >= 4:
            suggestion = "split into two slides"
        else:
            suggestion = "condense the bullets"
        found.append(
            Issue(
                slide=n,
                type="overflow",
                severity="high" if excess > limits.get("overflow_high_px") else "medium",
                message=f"text runs {excess:.0f} px {side} the slide",
                suggestion=suggestion,
                evidence={"overflow": m.overflow.model_dump()},
            )
        )

    # Density.
    body = m.words("body")
    if is_figure:
        limit = limits.get_int("words_beside_figure")
        if body > limit:
            found.append(
                Issue(
                    slide=n,
                    type="density",
                    severity="medium",
                    message=f"{body} words beside the figure (at most {limit})",
                    suggestion="keep one or two short points; the figure carries the slide",
                    evidence={"words": body, "limit": limit},
                )
            )
    elif not is_title:
        medium, high = limits.get_int("words_text_slide"), limits.get_int("words_text_slide_high")
        if body > medium:
            found.append(
                Issue(
                    slide=n,
                    type="density",
                    severity="high" if body > high else "medium",
                    message=f"{body} words on one slide (at most {medium})",
                    suggestion="split into two slides" if body > high else "condense the bullets",
                    evidence={"words": body, "limit": medium},
                )
            )
    caption_words = m.words("caption")
    if caption_words > limits.get("caption_words"):
        found.append(
            Issue(
                slide=n,
                type="density",
                severity="low",
                message=f"the caption has {caption_words} words",
                suggestion="keep the caption's first sentence",
                evidence={"caption_words": caption_words},
            )
        )

    # Font sizes.
    for roles, limit_name in (
        (("body", "title"), "min_font_px"),
        (("caption", "chrome"), "min_chrome_font_px"),
    ):
        texts = [t for t in m.texts if t.role in roles]
        if not texts:
            continue
        smallest = min(texts, key=lambda t: t.font_px)
        limit = limits.get(limit_name)
        if smallest.font_px < limit:
            found.append(
                Issue(
                    slide=n,
                    type="small_font",
                    severity="medium",
                    message=f"{smallest.role} text is {smallest.font_px:.0f} px (at least {limit:.0f})",
                    suggestion="enlarge the text or say less",
                    evidence={"font_px": smallest.font_px, "text": smallest.text[:60]},
                )
            )

    # Figures.
    found.extend(_figure_issues(slide, m))

    # Overlaps.
    for overlap in m.overlaps:
        if overlap.area_px >= limits.get("overlap_min_px"):
            found.append(
                Issue(
                    slide=n,
                    type="overlap",
                    severity="medium",
                    message=f"“{overlap.a[:30]}” overlaps “{overlap.b[:30]}” ({overlap.area_px:.0f} px²)",
                    suggestion="give each element its own space: shrink the figure or cut text",
                    evidence=overlap.model_dump(),
                )
            )

    # Empty and near-empty.
    content = [t for t in m.texts if t.role != "chrome"]
    if not content and not m.images:
        found.append(
            Issue(
                slide=n,
                type="empty",
                severity="high",
                message="the slide is empty",
                suggestion="remove the slide or give it content",
            )
        )
    elif m.pixels is not None and m.pixels.ink_fraction < limits.get("near_empty_ink"):
        found.append(
            Issue(
                slide=n,
                type="near_empty",
                severity="medium",
                message=f"only {m.pixels.ink_fraction:.1%} of the slide is inked",
                suggestion="merge with a neighbouring slide or add the point it makes",
                evidence={"ink_fraction": m.pixels.ink_fraction},
            )
        )

    # Contrast and faded text.
    for text in content:
        if text.opacity < limits.get("figure_min_opacity"):
            found.append(
                Issue(
                    slide=n,
                    type="contrast",
                    severity="medium",
                    message=f"text “{text.text[:30]}” is faded (opacity {text.opacity:.2f})",
                    suggestion="do not place text where the theme fades it (right after the title)",
                    evidence={"opacity": text.opacity, "text": text.text[:60]},
                )
            )
            break
    low_contrast = [t for t in m.texts if t.contrast < limits.get("contrast_min")]
    if low_contrast:
        worst = min(low_contrast, key=lambda t: t.contrast)
        found.append(
            Issue(
                slide=n,
                type="contrast",
                severity="high" if worst.contrast < limits.get("contrast_high") else "medium",
                message=f"text contrast {worst.contrast:.1f}:1 (WCAG AA needs 4.5:1)",
                suggestion="use the deck's ink colour on its paper colour",
                evidence={"contrast": worst.contrast, "text": worst.text[:60]},
            )
        )

    # Ink at the edges.
    if m.pixels is not None:
        sides = [side for side, count in m.pixels.edges.items() if count > 20]
        if sides:
            found.append(
                Issue(
                    slide=n,
                    type="edge",
                    severity="low" if any(i.type == "overflow" for i in found) else "medium",
                    message=f"content touches the {' and '.join(sides)} edge of the slide",
                    suggestion="keep content inside the slide's margins",
                    evidence={"edges": m.pixels.edges},
                )
            )
    return found


def _figure_issues(slide: Slide | None, m: SlideMeasure) -> list[Issue]:
    n = m.slide
    found: list[Issue] = []
    if (
        slide is not None
        and slide.kind == "figure"
        and slide.figure
        and not any(i.figure == slide.figure for i in m.images)
    ):
        found.append(
            Issue(
                slide=n,
                type="figure_missing",
                severity="high",
                message=f"{slide.figure} is not on the slide",
                suggestion="use a figure id from the paper's figure list",
                evidence={"figure": slide.figure},
            )
        )
    for background in m.backgrounds:
        if background.size not in ("contain",):
            found.append(
                Issue(
                    slide=n,
                    type="figure_cropped",
                    severity="high",
                    message=f"an image is drawn as a background with size “{background.size}”, "
                    "which crops it",
                    suggestion="place the figure as an image scaled to fit",
                    evidence=background.model_dump(),
                )
            )
    for image in m.images:
        label = image.figure or image.src
        if not image.loaded:
            found.append(
                Issue(
                    slide=n,
                    type="figure_missing",
                    severity="high",
                    message=f"{label} did not load",
                    suggestion="use a figure id from the paper's figure list",
                    evidence={"src": image.src},
                )
            )
            continue
        if image.visible_fraction < limits.get("figure_visible_min"):
            found.append(
                Issue(
                    slide=n,
                    type="figure_cropped",
                    severity="high",
                    message=f"only {image.visible_fraction:.0%} of {label} is visible",
                    suggestion="scale the figure to fit (object-fit: contain) and keep it on the slide",
                    evidence={
                        "visible_fraction": image.visible_fraction,
                        "fit": image.fit,
                        "drawn": image.drawn.model_dump(),
                    },
                )
            )
        if image.opacity < limits.get("figure_min_opacity") or any(
            f in image.filter for f in ("opacity", "grayscale", "blur", "brightness")
        ):
            found.append(
                Issue(
                    slide=n,
                    type="figure_faded",
                    severity="medium",
                    message=f"{label} is faded (opacity {image.opacity:.2f})",
                    suggestion="show the figure at full opacity",
                    evidence={"opacity": image.opacity, "filter": image.filter},
                )
            )
        if image.distortion > 0.03:
            found.append(
                Issue(
                    slide=n,
                    type="figure_distorted",
                    severity="medium",
                    message=f"{label} is stretched by {image.distortion:.0%}",
                    suggestion="keep the figure's aspect ratio",
                    evidence={"distortion": image.distortion},
                )
            )
        aspect = image.natural.w / max(1.0, image.natural.h)
        fill = image.visible.area / best_figure_area(aspect)
        if image.figure and fill < limits.get("figure_min_fill"):
            share = image.visible.area / (m.canvas.w * m.canvas.h)
            found.append(
                Issue(
                    slide=n,
                    type="figure_small",
                    severity="high" if fill < limits.get("figure_min_fill_high") else "medium",
                    message=f"{label} covers {share:.0%} of the slide, {fill:.0%} of what fits",
                    suggestion="enlarge the figure (full width, less text beside it)",
                    evidence={"fill": round(fill, 3), "share": round(share, 3)},
                )
            )
        diff = (m.pixels.figure_diff if m.pixels else {}).get(image.figure)
        if diff is not None and diff > limits.get("figure_match_max_diff"):
            found.append(
                Issue(
                    slide=n,
                    type="figure_mismatch",
                    severity="high" if diff > 2 * limits.get("figure_match_max_diff") else "medium",
                    message=f"the pixels shown for {label} differ from the paper's figure "
                    f"(mean difference {diff:.2f})",
                    suggestion="show the figure unaltered, with nothing drawn over it",
                    evidence={"difference": diff},
                )
            )
    return found


def deck_review(deck: SlideDeck, paper: Paper) -> list[Issue]:
    found: list[Issue] = []
    count = len(deck.slides)
    low, high = limits.get_int("min_slides"), limits.get_int("max_slides")
    if not low <= count <= high:
        found.append(
            Issue(
                slide=0,
                type="slide_count",
                severity="medium",
                message=f"the deck has {count} slides (between {low} and {high} expected)",
                suggestion="merge slides"
                if count > high
                else "give the main sections their own slides",
                evidence={"slides": count},
            )
        )
    available = [f for f in paper.figures if f.kind == "figure" or f.carries_results]
    wanted = min(limits.get_int("min_figures"), len(available))
    used = [f for f in deck.figures_used() if paper.figure(f) is not None]
    if len(used) < wanted:
        found.append(
            Issue(
                slide=0,
                type="too_few_figures",
                severity="high",
                message=f"the deck shows {len(used)} of the paper's figures (at least {wanted})",
                suggestion="give the main result figures their own slides",
                evidence={"used": used, "available": [f.id for f in available]},
            )
        )
    return found
