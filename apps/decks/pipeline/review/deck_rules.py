"""Rules on the whole deck (slide 0): its length, the figures it shows, and near-identical
figures shown one after another where one slide comparing them would do."""

from __future__ import annotations

from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from apps.decks import limits
from apps.decks.pipeline import text
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.review.registry import DeckContext, deck_rule


def fewest_slides(paper) -> int:
    """A short paper makes a short deck: the title, a slide per substantial section and per
    figure worth showing, and the closing one, up to the usual minimum."""
    sections = sum(1 for s in paper.sections if s.words >= 80)
    figures = sum(1 for f in paper.figures if f.kind == "figure" or f.carries_results)
    return max(4, min(limits.get_int("min_slides"), 2 + sections + figures))


@deck_rule
def slide_count(c: DeckContext):
    count = len(c.deck.slides)
    low, high = fewest_slides(c.paper), limits.get_int("max_slides")
    if not low <= count <= high:
        yield Issue(
            slide=0,
            type="slide_count",
            severity="medium",
            message=f"the deck has {count} slides (between {low} and {high} expected)",
            suggestion="merge slides"
            if count > high
            else "give the main sections their own slides",
            evidence={"slides": count},
        )


@deck_rule
def too_few_figures(c: DeckContext):
    available = [f for f in c.paper.figures if f.kind == "figure" or f.carries_results]
    wanted = min(limits.get_int("min_figures"), len(available))
    used = [f for f in c.deck.figures_used() if c.paper.figure(f) is not None]
    if len(used) < wanted:
        yield Issue(
            slide=0,
            type="too_few_figures",
            severity="high",
            message=f"the deck shows {len(used)} of the paper's figures (at least {wanted})",
            suggestion="give the main result figures their own slides",
            evidence={"used": used, "available": [f.id for f in available]},
        )


def figure_difference(a: Path, b: Path) -> float:
    """How unlike two figures look: 1 − the overlap (intersection over union) of their ink,
    both reduced to 64×64. Plots on a white page differ little pixel by pixel; what they draw,
    and where, tells them apart."""
    masks = []
    for path in (a, b):
        with Image.open(path) as opened:
            grey = opened.convert("L").resize((64, 64), Image.Resampling.BOX)
        masks.append(grey.point(lambda v: 255 if v < 225 else 0))
    union = ImageStat.Stat(ImageChops.lighter(*masks)).sum[0]
    shared = ImageStat.Stat(ImageChops.darker(*masks)).sum[0]
    return 1.0 - (shared / union if union else 1.0)


def similar_captions(a: str, b: str) -> bool:
    wa = set(text.words(a)) - text.STOPWORDS
    wb = set(text.words(b)) - text.STOPWORDS
    return bool(wa and wb) and len(wa & wb) / len(wa | wb) >= 0.6


@deck_rule
def repeated_figures(c: DeckContext):
    """Figure slides in a row whose figures look alike (or say alike): one slide comparing
    them would do."""
    singles = [
        (n, s) for n, s in enumerate(c.deck.slides, start=1) if s.kind == "figure" and s.figure
    ]
    for (n1, s1), (n2, s2) in zip(singles, singles[1:], strict=False):
        if n2 - n1 > 2 or s1.figure_pair or s2.figure_pair:
            continue
        f1, f2 = c.paper.figure(s1.figure), c.paper.figure(s2.figure)
        if f1 is None or f2 is None or f1.kind != f2.kind:
            continue
        difference = None
        if c.figures_dir is not None and (c.figures_dir / f1.image).exists():
            difference = figure_difference(c.figures_dir / f1.image, c.figures_dir / f2.image)
        looks_alike = difference is not None and difference < limits.get("repeated_figure_max_diff")
        alike = looks_alike or (
            similar_captions(f1.caption, f2.caption)
            and (difference is None or difference < 2 * limits.get("repeated_figure_max_diff"))
        )
        if alike:
            yield Issue(
                slide=n2,
                type="repeated_figures",
                severity="medium",
                message=f"slides {n1} and {n2} show near-identical figures ({f1.label}, {f2.label})",
                suggestion="show them side by side on one slide that compares them",
                evidence={
                    "slides": [n1, n2],
                    "figures": [f1.id, f2.id],
                    "difference": None if difference is None else round(difference, 3),
                },
            )
