"""Rules on what a bullet needs from the part of the paper the deck left out: a symbol used
before the deck says what it is (undefined_symbol), an instruction whose case was the sentence
before it (lost_condition), a part of a command no slide names (unintroduced_code), the
where-clause of a formula no slide shows (orphan_definition), a sentence announcing a display
that is not there (lead_without_display), a display shown without the sentence that says what
it is (display_without_lead), a set counted or paired that the slide never names
("compare the two models", "both plots", "Either may fail": leaning_reference), a numbered line,
step or rule or a lettered instance no slide shows ("apply Rule 1", "for article B":
dangling_pointer). Text rules (text_rules.py) read a bullet alone; these read it with
the slides before it and with the paper's own sentences."""

from __future__ import annotations

import re

from apps.decks.pipeline import carried_text, context_text, defects
from apps.decks.pipeline.code_context import code_parts
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets, displays
from apps.decks.pipeline.propose.context_fix import (
    code_keys,
    deck_keys,
    leads_nowhere,
    missing_code_for_bullet,
    missing_for_bullet,
    missing_for_display,
    orphaned,
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


@slide_rule
def unintroduced_code(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    parts = code_parts(c.paper)
    if not parts.kinds:
        return
    earlier = code_keys(c.deck.slides[: c.number - 1])
    for index, bullet in enumerate(slide.bullets):
        missing = missing_code_for_bullet(slide, index, earlier, parts)
        if missing:
            names = ", ".join(n.shown for n, _ in missing)
            owners = " or ".join(
                f"`{w}`" for w in dict.fromkeys(w for _, ws in missing for w in ws)
            )
            yield c.issue(
                "unintroduced_code",
                "medium",
                f"bullet {index + 1} uses {names}, a part of {owners}, which neither the slide "
                "nor an earlier one names",
                "bring the sentence that introduces the command onto the slide before the "
                "bullet, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                names=[n.key for n, _ in missing],
                commands=list(dict.fromkeys(w for _, ws in missing for w in ws)),
            )


@slide_rule
def orphan_definition(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        before, after = c.deck.slides[: c.number - 1], c.deck.slides[c.number :]
        orphans = orphaned(slide, index, before, after)
        if orphans:
            yield c.issue(
                "orphan_definition",
                "medium",
                f"bullet {index + 1} says what {', '.join(f'${k}$' for k in orphans)} "
                "stand(s) for, but no slide uses it: the formula it explained is not shown",
                "show the formula it explains, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
                symbols=orphans,
            )


@slide_rule
def lead_without_display(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        if leads_nowhere(slide, index):
            yield c.issue(
                "lead_without_display",
                "medium",
                f"bullet {index + 1} ends with a colon, but no display follows it: the next "
                "bullet reads as what it announced",
                "show the display it announces, or leave the bullet out",
                where="bullet",
                index=index,
                text=bullet[:200],
            )


@slide_rule
def display_without_lead(c: SlideContext):
    equation = displays.without_lead(c.slide, c.paper) if c.slide is not None else None
    if equation is None:
        return
    # one the fixer cannot answer (the paper's lead does not read as a bullet) stays a low
    fixable = displays.lead_reads(equation.lead)
    yield c.issue(
        "display_without_lead",
        "medium" if fixable else "low",
        "the display is shown under no sentence saying what it is; the paper leads into it "
        f"with “{equation.lead.strip()[:100]}”",
        "bring the paper's sentence that leads into the display over it, with the bullets "
        "saying what its symbols are under it",
        where="equation",
        text=c.slide.equation[:200],
        part=equation.lead.strip()[:200],
    )


# A bullet that names a pair "either" or "neither" can stand for.
PAIR_NAMED = re.compile(r"\b(?:two|both|pair|either|neither)\b|\w\s+(?:or|nor)\s+\w", re.I)


def _shown_before(c: SlideContext, index: int) -> str:
    """What the slide shows a reader before bullet `index`: its title, caption and bullets."""
    slide = c.slide
    return " ".join([slide.title, slide.caption, *slide.bullets[:index]]).lower()


@slide_rule
def unnamed_set(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    for index, bullet in enumerate(slide.bullets):
        found = carried_text.counted_set(bullet)
        if (
            found is None
            or defects.unresolved_reference(bullet)
            or defects.leaning_reference(bullet)
        ):
            continue  # "The two commands …", "these three types": the text rules' already
        part, noun = found
        if noun and carried_text.names_set(noun, _shown_before(c, index)):
            continue  # "Two estimators …" over "both estimators": the slide names them
        if not noun and index and PAIR_NAMED.search(slide.bullets[index - 1]):
            continue  # "… Newton's method or bisection." over "Either may fail …"
        yield c.issue(
            "leaning_reference",
            "medium",
            f"bullet {index + 1} says “{part}”, a set the slide never names",
            "merge with the sentence that names them, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=part[:80],
        )


@slide_rule
def unshown_place(c: SlideContext):
    slide = c.slide
    if slide is None or slide.kind == "title" or not slide.bullets:
        return
    earlier = " ".join(
        " ".join([s.title, s.caption, *s.bullets])
        for s in c.deck.slides[: c.number - 1]
        if s is not slide
    ).lower()
    for index, bullet in enumerate(slide.bullets):
        found = carried_text.program_place(bullet)
        if found is None:
            continue
        part, label = found
        if label in _shown_before(c, index) or label in earlier:
            continue  # "Rule 1: …" shown before "apply Rule 1"
        yield c.issue(
            "dangling_pointer",
            "medium",
            f"bullet {index + 1} points at “{part}”, which no slide shows",
            "state what it says, or leave the bullet out",
            where="bullet",
            index=index,
            text=bullet[:200],
            part=part[:80],
        )
