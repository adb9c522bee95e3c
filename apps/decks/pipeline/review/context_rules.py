"""Rules on what a bullet needs from the part of the paper the deck left out: a symbol used
before the deck says what it is (undefined_symbol), an instruction whose case was the sentence
before it (lost_condition). Text rules (text_rules.py) read a bullet alone; these read it with
the slides before it and with the paper's own sentences."""

from __future__ import annotations

from apps.decks.pipeline import context_text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.context_fix import (
    deck_keys,
    missing_for_bullet,
    missing_for_display,
)
from apps.decks.pipeline.review.registry import SlideContext, slide_rule
from apps.decks.pipeline.symbol_context import definitions

_INDEX: dict[int, tuple[Paper, bullets.SentenceIndex]] = {}


def sentence_index(paper: Paper) -> bullets.SentenceIndex:
    """The paper's sentence index, built once per paper object (every slide's rule asks)."""
    cached = _INDEX.get(id(paper))
    if cached is None or cached[0] is not paper:
        _INDEX.clear()
        cached = (paper, bullets.SentenceIndex(paper))
        _INDEX[id(paper)] = cached
    return cached[1]


@slide_rule
def undefined_symbol(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title":
        return
    defs = definitions(c.paper)
    if not defs.places:
        return
    earlier = deck_keys(c.deck.slides[: c.number - 1])
    for index, bullet in enumerate(slide.bullets):
        missing = missing_for_bullet(slide, index, earlier, defs)
        if missing:
            names = ", ".join(f"${s.shown}$" for s, _ in missing)
            yield c.issue(
                "undefined_symbol",
                "medium",
                f"bullet {index + 1} uses {names}, which neither the slide nor an earlier one "
                "introduces",
                "bring the sentence that introduces it onto the slide before the bullet, or "
                "leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                symbols=[s.key for s, _ in missing],
                definitions=[d[:300] for _, d in missing],
            )
    missing = missing_for_display(slide, earlier, defs)
    if missing:
        names = ", ".join(f"${s.shown}$" for s, _ in missing)
        yield c.issue(
            "undefined_symbol",
            "medium",
            f"the display uses {names}, which neither the slide nor an earlier one introduces",
            "bring the sentence that introduces it onto the slide, or leave the display out",
            where="equation",
            text=slide.equation[:200],
            symbols=[s.key for s, _ in missing],
            definitions=[d[:300] for _, d in missing],
        )


@slide_rule
def lost_condition(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    index = sentence_index(c.paper)
    for position, bullet in enumerate(slide.bullets):
        previous = index.source(bullet).previous
        verb = context_text.condition_left_behind(bullet, previous)
        if verb:
            yield c.issue(
                "lost_condition",
                "medium",
                f"bullet {position + 1} says what the reader “{verb}” do, but the case it is "
                f"for was the sentence before it in the paper (“{previous[:80]}”)",
                "state the case with the instruction, or leave the instruction out",
                where="bullet",
                index=position,
                text=bullet[:200],
                part=previous[:120],
            )
