"""One gate for every text a repair puts on a slide: the reviewer's own text checks, first.

The loop made defects on unseen papers by putting a sentence on a slide without reading it as
the reviewer will: a flagged bullet swapped for a neighbouring sentence that dangles (it needs
the sentence before), that borrows another study's claim, or that is two sentences glued; a
thin slide padded with sentences that need their own context; a replacement that repeats the
caption of a figure another slide shows. The next round then finds the new defect, or worse,
does not, and the deck ends with it.

`flagged` runs the reviewer's rules that read a bullet (text, context, cut, reading and object
rules) on the slide as it would be with the candidate on it, in the deck as it would be, and
returns what they say of that candidate; a candidate that also repeats another slide's caption
or bullet is flagged too. A repair uses the first candidate `flagged` says nothing of, and
gives up honestly (the finding stays open) when none passes.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import source_cuts, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.render.measure import SlideMeasure
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# the review modules whose rules read a bullet's words (the others read pixels and boxes)
TEXT_RULE_MODULES = ("text_rules", "context_rules", "cut_rules", "reading_rules", "object_rules")


# a caption or bullet this short ("Cross-validation curve") shares its words with any sentence
# on its subject: only a longer one is repeated by a sentence that says what it says
REPEAT_MIN_WORDS = 6
# a phrase of two words or more written again inside the parenthesis that follows it: an
# abbreviation's long form wrapped round an earlier expansion, round after round ("language
# model (language model (LM))"), seen on unseen papers
NESTED_REPEAT = re.compile(r"\b(\w+(?:\s+\w+)+)\s*\(\s*\1\b", re.I)


def _text_rules():
    from apps.decks.pipeline.review import SLIDE_RULES  # the reviewer imports the proposer

    return [r for r in SLIDE_RULES if r.__module__.rsplit(".", 1)[-1] in TEXT_RULE_MODULES]


def flagged(
    candidate: str, slide: Slide, deck: SlideDeck | None, paper: Paper, number: int = 0
) -> list[str]:
    """What the reviewer would find on `candidate` as a bullet of `slide` (which already holds
    it), slide `number` of `deck` (the slide put in that place; appended when 0): the issue
    types of the findings about that bullet, and "repeats another slide" when it says what
    another slide's caption or bullet says. Empty when it passes."""
    from apps.decks.pipeline.review.registry import SlideContext

    slides = list(deck.slides) if deck is not None else []
    if 1 <= number <= len(slides):
        slides[number - 1] = slide
    else:
        slides.append(slide)
        number = len(slides)
    trial = (deck or SlideDeck(title="", slides=[slide])).model_copy(update={"slides": slides})
    context = SlideContext(number, slide, SlideMeasure(slide=number), trial, paper)
    key = candidate[:200]
    found: list[str] = []
    for rule in _text_rules():
        found += [i.type for i in rule(context) if i.evidence.get("text") == key]
    if NESTED_REPEAT.search(candidate):
        found.append("repeats itself")
    if repeats_another_slide(candidate, slides, number):
        found.append(REPEATS)
    # what the candidate loses of the paper's sentence it was cut from (its condition, its
    # subject, the supposition before it): the reviewer reads it alone and sees a fact
    above = slide.bullets[: slide.bullets.index(candidate)] if candidate in slide.bullets else []
    found += source_cuts.faults(candidate, paper, " ".join(above))
    return found


REPEATS = "repeats another slide"


def repeats_another_slide(sentence: str, slides: list[Slide], number: int) -> bool:
    """Does the sentence say what a caption or bullet (of six words or more) of a slide other
    than slide `number` says?"""
    return any(
        text.similar(sentence, shown)
        for n, s in enumerate(slides, start=1)
        if n != number
        for shown in [s.caption, *s.bullets]
        if len(text.words(shown)) >= REPEAT_MIN_WORDS
    )


def first_passing(
    candidates: list[str], place, deck: SlideDeck | None, paper: Paper, number: int = 0
) -> str | None:
    """The first of `candidates` that `flagged` says nothing of once `place(candidate)` (the
    slide with it) is the slide; None when every one would be flagged."""
    for candidate in candidates:
        if candidate and not flagged(candidate, place(candidate), deck, paper, number):
            return candidate
    return None
