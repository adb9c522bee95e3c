"""The rule-based reviewer: measurements and screenshots of each slide, the deck and the paper's
layout → issues `{slide, type, severity, message, suggestion, evidence}` (slide 0 = the deck).

Rules live in small modules, one concern each, and register themselves (registry.py):

    layout_rules   DOM measurements: overflow, density, font sizes, overlaps, contrast, empty
    figure_rules   each figure on the slide: missing, cropped, faded, stretched, small, mismatched
    pixel_rules    the screenshot: ink at the edges, empty area, figure share, text in figures
    text_rules     what a reader reads: connectors, pronouns, pointers, math, fragments, tables
    title_rules    titles that mislead: a plot's label, another slide's figure, maths lost
    context_rules  what a bullet needs from the paper: symbols it never saw defined, lost cases
    cut_rules      bullets cut before their point: a contrast or list member dropped, leads alone
    crop_rules     each figure's crop against the PDF's layout: foreign text, cut lines or labels
    prime_rules    primes read as powers of zero ("$5^{0}$" for 5′), reported for ingestion
    reading_rules  a bullet reading a figure shown on the slide next to it
    deck_rules     the whole deck: slide count, figures shown, near-identical figures in a row,
                   runs of figure slides with captions only
"""

from __future__ import annotations

from pathlib import Path

from apps.decks.pipeline.issues import SEVERITY_RANK, Issue
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.review import (  # noqa: F401  (each module registers its rules)
    context_rules,
    crop_rules,
    cut_rules,
    deck_rules,
    figure_rules,
    layout_rules,
    object_rules,
    pixel_rules,
    prime_rules,
    reading_rules,
    text_rules,
    title_rules,
)
from apps.decks.pipeline.review.registry import DECK_RULES, SLIDE_RULES, DeckContext, SlideContext
from apps.decks.pipeline.slide_deck import SlideDeck


def review(
    deck: SlideDeck, measures: list[SlideMeasure], paper: Paper, figures_dir: Path | None = None
) -> list[Issue]:
    issues: list[Issue] = []
    for measure in measures:
        slide = deck.slides[measure.slide - 1] if measure.slide <= len(deck.slides) else None
        context = SlideContext(measure.slide, slide, measure, deck, paper)
        if measure.missing:
            issues.append(
                context.issue(
                    "render",
                    "high",
                    "the slide did not render in the browser",
                    "simplify the slide's content",
                )
            )
            continue
        for rule in SLIDE_RULES:
            issues.extend(rule(context))
    deck_context = DeckContext(deck, paper, measures, figures_dir)
    for rule in DECK_RULES:
        issues.extend(rule(deck_context))
    return sorted(issues, key=lambda i: (i.slide, -SEVERITY_RANK[i.severity], i.type))
