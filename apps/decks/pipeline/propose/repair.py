"""Apply reviewer issues to a deck: split, condense, re-layout, resize.

Each fix is small and moves in one direction (figures only shrink to cure overflow, text only
gets shorter), so repeated rounds converge instead of oscillating.
"""

from __future__ import annotations

from collections import defaultdict
from typing import TYPE_CHECKING

from apps.decks import limits
from apps.decks.pipeline import text
from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import fitting
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

if TYPE_CHECKING:
    from apps.decks.pipeline.propose.builtin import BuiltinProposer

MIN_TEXT_PX = 18
CANVAS_HEIGHT = 552


def deck_repair(
    proposer: BuiltinProposer, paper: Paper, deck: SlideDeck, issues: list[Issue]
) -> SlideDeck:
    by_slide: dict[int, list[Issue]] = defaultdict(list)
    for issue in issues:
        by_slide[issue.slide].append(issue)
    room = limits.get_int("max_slides") - len(deck.slides)
    slides: list[Slide] = []
    for number, slide in enumerate(deck.slides, start=1):
        found = by_slide.get(number, [])
        if not found:
            slides.append(slide)
            continue
        repaired = _slide_repair(slide, found, paper, room > 0)
        room -= len(repaired) - 1
        slides.extend(repaired)
    deck = deck.model_copy(update={"slides": slides})
    return _deck_repair(proposer, paper, deck, by_slide.get(0, []))


def _types(found: list[Issue]) -> dict[str, Issue]:
    worst: dict[str, Issue] = {}
    rank = {"low": 0, "medium": 1, "high": 2}
    for issue in found:
        if issue.type not in worst or rank[issue.severity] > rank[worst[issue.type].severity]:
            worst[issue.type] = issue
    return worst


def _slide_repair(slide: Slide, found: list[Issue], paper: Paper, may_split: bool) -> list[Slide]:
    types = _types(found)
    if slide.kind != "title" and ({"empty", "render"} & types.keys()):
        return [] if not slide.bullets and not slide.figure else [_condensed(slide, 14)]
    if slide.kind == "figure":
        figure = paper.figure(slide.figure or "")
        if figure is None:
            converted = slide.model_copy(update={"kind": "bullets", "figure": None})
            return [converted] if converted.bullets else []
        return [_figure_repair(slide, types, figure)]
    if slide.kind == "title":
        return [_title_repair(slide, types)]
    return _text_repair(slide, types, may_split)


def _figure_repair(slide: Slide, types: dict[str, Issue], figure) -> Slide:
    update: dict = {}
    height = slide.figure_height
    if slide.fit != "contain" or "figure_cropped" in types:
        update["fit"] = "contain"
    if {"figure_faded", "figure_distorted", "figure_mismatch"} & types.keys():
        update["fit"] = "contain"
    bullets = list(slide.bullets)
    caption = slide.caption or text.first_sentence(figure.caption)
    layout = slide.layout
    if "figure_small" in types:
        if layout != "figure-full" and figure.aspect >= 1.2:
            layout = "figure-full"
            bullets = bullets[:1]
        height = max(height, fitting.MAX_FIGURE_HEIGHT)
        bullets = [text.shorten(b, 16) for b in bullets]
        caption = text.shorten(caption, 16, ellipsis=True)
    if "density" in types:
        bullets = _trim_words(bullets, limits.get_int("words_beside_figure") - 8, 16)
        caption = text.shorten(caption, 20, ellipsis=True)
    if "small_font" in types:
        update["text_size"] = max(slide.text_size, 20)
        caption = text.shorten(caption, 16, ellipsis=True)
    excess = 0.0
    text_overflows = False
    for kind in ("overflow", "edge", "overlap"):
        issue = types.get(kind)
        if issue is None:
            continue
        overflow = issue.evidence.get("overflow", {})
        lowest = overflow.get("lowest", {})
        figure_bottom = max(lowest.get("image", 0.0), lowest.get("caption", 0.0))
        if kind == "overflow" and lowest and figure_bottom <= CANVAS_HEIGHT:
            text_overflows = True  # the text column runs off the slide, not the figure
            continue
        excess = max(excess, float(overflow.get("bottom_px", 0)), 16.0)
    if text_overflows:
        bullets = _trim_words(bullets, max(12, _words(bullets) - 14), 16)
        update["text_size"] = max(MIN_TEXT_PX, slide.text_size - 2)
    cropped = types.get("figure_cropped")
    if cropped and slide.fit == "contain":  # cropped by the canvas, not by object-fit
        visible = float(cropped.evidence.get("visible_fraction", 1.0))
        excess = max(excess, (1 - visible) * height + 8)
    if excess:
        if height - excess - 12 >= fitting.MIN_FIGURE_HEIGHT:
            height = int(height - excess - 12)
        else:
            height = fitting.MIN_FIGURE_HEIGHT
            bullets = _trim_words(bullets, 20, 12)
            caption = text.shorten(caption, 12, ellipsis=True)
            update["text_size"] = max(MIN_TEXT_PX, slide.text_size - 2)
    update.update(
        {"figure_height": int(height), "bullets": bullets, "caption": caption, "layout": layout}
    )
    if not bullets and layout != "figure-full" and figure.aspect >= 1.1:
        update["layout"] = "figure-full"  # nothing to say beside it: give it the whole slide
    repaired = slide.model_copy(update=update)
    relaid = repaired.layout != slide.layout or repaired.fit != slide.fit
    if ("figure_small" in types or relaid) and not excess:
        repaired = fitting.fit_figure_slide(repaired, figure)
    return repaired


def _title_repair(slide: Slide, types: dict[str, Issue]) -> Slide:
    if {"overflow", "edge"} & types.keys():
        return slide.model_copy(update={"title": text.shorten(slide.title, 14)})
    return slide


def _text_repair(slide: Slide, types: dict[str, Issue], may_split: bool) -> list[Slide]:
    overflow = types.get("overflow")
    density = types.get("density")
    severe = (overflow and overflow.severity == "high") or (density and density.severity == "high")
    if (overflow or density) and may_split and len(slide.bullets) >= 4 and severe:
        half = (len(slide.bullets) + 1) // 2
        budget = limits.get_int("words_text_slide") - 10
        first = slide.model_copy(update={"bullets": _trim_words(slide.bullets[:half], budget, 24)})
        second = slide.model_copy(
            update={
                "bullets": _trim_words(slide.bullets[half:], budget, 24),
                "title": _continued(slide.title),
                "notes": "",
            }
        )
        return [first, second]
    if overflow or density or "edge" in types or "overlap" in types:
        bullets = _trim_words(slide.bullets, limits.get_int("words_text_slide") - 10, 20)
        size = slide.text_size
        if overflow and len(bullets) == len(slide.bullets):
            size = max(MIN_TEXT_PX, size - 2)
        return [slide.model_copy(update={"bullets": bullets, "text_size": size})]
    if "small_font" in types:
        return [slide.model_copy(update={"text_size": max(20, slide.text_size)})]
    if "near_empty" in types and len(slide.bullets) < 2:
        return []
    return [slide]


def _words(bullets: list[str]) -> int:
    return sum(text.word_count(b) for b in bullets)


def _continued(title: str) -> str:
    return title if title.endswith("(continued)") else f"{title} (continued)"


def _condensed(slide: Slide, max_words: int) -> Slide:
    return slide.model_copy(
        update={"bullets": _trim_words(slide.bullets, 10 * max_words, max_words)}
    )


def _trim_words(bullets: list[str], budget: int, per_bullet: int) -> list[str]:
    """Cut bullets at a clause boundary where one is near, then drop the longest ones until
    the total fits the budget (never cut a sentence in the middle)."""
    kept = [text.shorten(b, per_bullet) for b in bullets]
    while len(kept) > 1 and sum(text.word_count(b) for b in kept) > budget:
        kept.remove(max(kept, key=text.word_count))
    return kept


def _deck_repair(
    proposer: BuiltinProposer, paper: Paper, deck: SlideDeck, found: list[Issue]
) -> SlideDeck:
    types = _types(found)
    slides = list(deck.slides)
    high = limits.get_int("max_slides")
    if "too_few_figures" in types or len(slides) < limits.get_int("min_slides"):
        shown = set(deck.figures_used())
        candidates = [
            f
            for f in sorted(paper.figures, key=lambda f: (f.kind != "figure", -len(f.mentions)))
            if f.id not in shown and (f.kind == "figure" or f.carries_results)
        ]
        used: set[str] = {b.lower() for s in slides for b in s.bullets}
        wanted = max(
            limits.get_int("min_figures") - len(shown), limits.get_int("min_slides") - len(slides)
        )
        for figure in candidates[: max(0, wanted)]:
            index = max(1, len(slides) - 1) if slides[-1].role == "conclusion" else len(slides)
            slides.insert(index, proposer.figure_slide(figure, used))
    while len(slides) > high:
        removable = [
            i
            for i, s in enumerate(slides)
            if s.kind == "bullets" and s.role not in ("conclusion", "contributions")
        ]
        if not removable:
            break
        slides.pop(removable[-1])
    return deck.model_copy(update={"slides": slides})
