"""Fixes for claims the deck carried from where the paper makes them: another study's work
stated as the paper's (borrowed_claim) and a property of one method shown under another's title
(misattributed_claim). A certain repair first — the study or the method named in the bullet, or
the bullet moved to the slide of its subject — else the bullet goes, and another sentence of the
slide's part (never one from another study's scope) takes its place."""

from __future__ import annotations

from typing import TYPE_CHECKING

from apps.decks.pipeline import carried_text, defects, text
from apps.decks.pipeline.slide_deck import Slide

if TYPE_CHECKING:
    from apps.decks.pipeline.issues import Issue
    from apps.decks.pipeline.propose.repair import Work

MAX_WORDS = 34


def answer_borrowed(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """Outside the paper's own claims, the bullet names the study it is from ("In our previous
    study, we investigated …"); under a title for the paper's own work it goes."""
    original = issue.evidence.get("text", "")
    if original not in slide.bullets:
        return [slide], "answered by the rewrite of the same bullet" if original else ""
    scope = carried_text.scopes_of(work.paper).get(work.index.source(original).sentence or "")
    if scope is not None and not issue.evidence.get("own_title"):
        named = carried_text.attributed(original, scope)
        if _stands(named, work):
            return _replaced(slide, original, named, work), (
                f"named the study bullet {slide.bullets.index(original) + 1} is from "
                f"(“{scope.lead}”)"
            )
    return _dropped(slide, original, work)


def _stands(value: str | None, work: Work) -> bool:
    return (
        value is not None
        and value.lower() not in work.used
        and text.word_count(value) <= MAX_WORDS
        and not defects.text_defects(value)
    )


def _replaced(slide: Slide, original: str, value: str, work: Work) -> list[Slide]:
    bullets = [value if b == original else b for b in slide.bullets]
    work.used.add(value.lower())
    update: dict = {"bullets": bullets}
    if original == slide.equation_lead:
        update["equation_lead"] = value
    return [slide.model_copy(update=update)]


def _dropped(slide: Slide, original: str, work: Work) -> tuple[list[Slide], str]:
    """The bullet out; another sentence of the slide's part in, if one is not another study's."""
    from apps.decks.pipeline.propose.repair import _next_sentence

    kept = [b for b in slide.bullets if b != original]
    scopes = carried_text.scopes_of(work.paper)
    action = "removed the bullet"
    tried: list[str] = []
    for _ in range(3):
        replacement = _main_point(slide, work) or _next_sentence(slide, work)
        if not replacement:
            break
        if work.index.source(replacement).sentence in scopes:
            tried.append(replacement.lower())
            work.used.add(replacement.lower())  # not offered again
            continue
        kept.append(replacement)
        work.used.add(replacement.lower())
        action = "replaced the bullet with another sentence of the same part"
        break
    work.used.difference_update(tried)
    update: dict = {"bullets": kept}
    if original == slide.equation_lead:
        update.update(equation="", equation_lead="")
        action += " and the display it introduced"
    return [slide.model_copy(update=update)], action


MAX_BULLETS = 5  # a slide that takes a moved bullet stays within what a text slide holds


def answer_misattributed(slide: Slide, issue: Issue, work: Work) -> tuple[list[Slide], str]:
    """The bullet to the slide titled for its subject when the deck has one with room, else
    with its subject named ("For the Cox model, covariates must …"), else out."""
    original = issue.evidence.get("text", "")
    if original not in slide.bullets:
        return [slide], "answered by the rewrite of the same bullet" if original else ""
    reading = carried_text.reading_of(work.paper)
    name = issue.evidence.get("name", "")
    kept = [b for b in slide.bullets if b != original]
    if original != slide.equation_lead and _move(original, name, issue.slide, work, reading.names):
        return [slide.model_copy(update={"bullets": kept})], (
            f"moved bullet {slide.bullets.index(original) + 1} to the slide of its subject "
            f"(“{issue.evidence.get('subject', name)}”)"
        )
    found = carried_text.Attribution(name, issue.evidence.get("subject", ""))
    if found.phrase:
        named = carried_text.with_subject(original, found, reading.names)
        if _stands(named, work):
            return _replaced(slide, original, named, work), (
                f"named the subject of bullet {slide.bullets.index(original) + 1} "
                f"(“{found.phrase}”)"
            )
    return _dropped(slide, original, work)


def _move(bullet: str, name: str, number: int, work: Work, names: set[str]) -> bool:
    """Append the bullet to another text slide titled for `name` (placed already, or still to
    come after slide `number` of the round's deck); False when there is none with room."""
    placed = work.placed if work.placed is not None else []
    coming = list(work.deck.slides) if work.deck is not None else []
    for slides in (placed, coming):
        for position, other in enumerate(slides):
            if slides is coming and position < number:
                continue  # this slide and those before it: placed already
            if other.kind != "bullets" or other.equation:
                continue
            if name not in carried_text.title_subjects(other.title, names):
                continue
            if len(other.bullets) >= MAX_BULLETS or bullet in other.bullets:
                continue
            slides[position] = other.model_copy(update={"bullets": [*other.bullets, bullet]})
            if slides is coming:
                work.deck.slides[position] = slides[position]
            return True
    return False


def _main_point(slide: Slide, work: Work) -> str | None:
    """On the slide that says what the paper does, the paper's own statement of its method or
    result when no bullet of the deck makes that point yet (main_points.missing; never one in
    another study's scope): a second wording of a result the slide states already ("improves
    the performance by 48%" beside "increases the efficiency by 48%") is a repeat."""
    from apps.decks.pipeline import main_points

    if slide.role != "contributions":
        return None
    slides = work.deck.slides if work.deck else [slide]
    for statement in main_points.missing(slides, work.paper):
        if statement.bullet.lower() in work.used:
            continue
        if any(text.similar(statement.bullet, b) for b in work.used):
            continue
        return statement.bullet
    return None
