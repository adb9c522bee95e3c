"""Review rules as a list of small registered functions.

A slide rule takes a `SlideContext` and yields issues; a deck rule takes a `DeckContext`. Rules
register themselves with `@slide_rule` / `@deck_rule` when their module is imported
(review/__init__.py imports them all), run in registration order and do not see each other's
findings: each states what it saw in `evidence`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path

from apps.decks.pipeline.issues import Issue
from apps.decks.pipeline.paper import Figure, Paper
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.slide_deck import Slide, SlideDeck


@dataclass
class SlideContext:
    number: int
    slide: Slide | None
    measure: SlideMeasure
    deck: SlideDeck
    paper: Paper
    shots: Path | None = None  # the round's screenshots folder, for pixel rules

    @property
    def is_figure(self) -> bool:
        return self.slide is not None and self.slide.kind == "figure"

    @property
    def is_title(self) -> bool:
        return self.slide is not None and self.slide.kind == "title"

    def figures(self) -> list[Figure]:
        if self.slide is None:
            return []
        return [f for f in (self.paper.figure(i) for i in self.slide.figures()) if f is not None]

    def issue(self, type: str, severity: str, message: str, suggestion: str = "", **evidence):
        return Issue(
            slide=self.number,
            type=type,
            severity=severity,
            message=message[:500],
            suggestion=suggestion[:500],
            evidence=evidence,
        )


@dataclass
class DeckContext:
    deck: SlideDeck
    paper: Paper
    measures: list[SlideMeasure]
    figures_dir: Path | None = None


SlideRule = Callable[[SlideContext], Iterable[Issue]]
DeckRule = Callable[[DeckContext], Iterable[Issue]]
SLIDE_RULES: list[SlideRule] = []
DECK_RULES: list[DeckRule] = []


def slide_rule(rule: SlideRule) -> SlideRule:
    SLIDE_RULES.append(rule)
    return rule


def deck_rule(rule: DeckRule) -> DeckRule:
    DECK_RULES.append(rule)
    return rule
