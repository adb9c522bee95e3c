"""Bullets that use a name the paper defines and no slide says, made readable (defined_terms.py).

In order, never inventing a definition: (a) the paper's own appositive after the name's first
use ("BSQ holds …" → "BSQ (the banded square queue) holds …") when the paper defined it so;
(b) the paper's defining sentence, as a bullet that stands, before the bullet when the slide has
room, or merged with it when short (context_fix.bring_in); (c) the bullet left out. The
proposer walks its first deck with `self_contained`; the reviser answers the reviewer's
`undefined_term` with `answer`.
"""

from __future__ import annotations

from apps.decks.pipeline import defined_terms, text
from apps.decks.pipeline.defined_terms import Entry, Ledger, Term
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.propose import bullets
from apps.decks.pipeline.propose.context_fix import DEFINITION_WORDS, Outcome, bring_in
from apps.decks.pipeline.slide_deck import Slide

MAX_GLOSSED_WORDS = 40


def _names(missing: list[tuple[Term, Entry]]) -> str:
    return ", ".join(term.shown for term, _ in missing)


def definition_bullet(sentence: str) -> str | None:
    """The paper's defining sentence as a bullet that stands, or None."""
    candidate = text.capitalised(text.clean(sentence).strip())
    if text.word_count(candidate) > DEFINITION_WORDS:
        candidate = text.condense(candidate, DEFINITION_WORDS)
        if candidate is None:
            return None
    return bullets.rewrite(candidate.rstrip(" ."), max_words=DEFINITION_WORDS)


def with_definitions(
    slide: Slide, index: int, missing: list[tuple[Term, Entry]], before: str, book: Ledger
) -> Outcome:
    """Bullet `index` answered for the names `missing` lists (`before`: the deck's text before
    the slide, for re-checking what is brought in)."""
    bullet = slide.bullets[index]
    names = _names(missing)
    if all(entry.gloss for _, entry in missing):
        glossed = bullet
        for term, entry in missing:
            glossed = defined_terms.with_gloss(glossed, term, entry.gloss) or ""
        if glossed and text.word_count(glossed) <= MAX_GLOSSED_WORDS:
            kept = [*slide.bullets[:index], glossed, *slide.bullets[index + 1 :]]
            return Outcome(
                slide.model_copy(update={"bullets": kept}),
                f"gave {names} the paper's own gloss at its first use",
                index + 1,
            )
    sentences = list(dict.fromkeys(entry.sentence for _, entry in missing))
    made = [definition_bullet(s) for s in sentences[:2]] if len(sentences) <= 2 else []
    shown = "\n".join([before, slide.title, slide.caption, *slide.bullets[:index]])
    if made and all(made):
        # a definition leaning on another name no slide says explains nothing
        for bullet_made in made:
            if defined_terms.undefined_terms(bullet_made, shown + "\n" + "\n".join(made), book):
                made = []
                break
    return bring_in(
        slide, index, made if made and all(made) else None, names, f"{names}, which no slide says"
    )


def self_contained(slides: list[Slide], paper: Paper) -> list[Slide]:
    """The deck's slides with every bullet using a name the paper defines and no earlier text
    of the deck says answered (with_definitions)."""
    book = defined_terms.ledger(paper)
    if not book.entries:
        return slides
    out: list[Slide] = []
    for slide in slides:
        if slide.kind != "title":
            before_text = defined_terms.shown_before(out, len(out) + 1, 0)
            had = slide
            index = 0
            while index < len(slide.bullets):
                shown = "\n".join([before_text, slide.title, slide.caption, *slide.bullets[:index]])
                missing = defined_terms.undefined_terms(slide.bullets[index], shown, book)
                if not missing:
                    index += 1
                    continue
                outcome = with_definitions(slide, index, missing, before_text, book)
                slide, index = outcome.slide, max(outcome.next_index, index)
                if outcome.slide.bullets == had.bullets:
                    index += 1
            if slide.kind == "bullets" and had.bullets and not slide.bullets and not slide.equation:
                continue  # every bullet leaned on names no slide says: the slide goes with them
        out.append(slide)
    return out


def answer(slide: Slide, evidence: dict, paper: Paper, before: str) -> tuple[Slide, str]:
    """The reviser's answer to one `undefined_term` issue, checked again on the slide as it is
    now (`before`: the deck's text before the slide)."""
    original = evidence.get("text", "")
    index = next((i for i, b in enumerate(slide.bullets) if b[:200] == original[:200]), None)
    if index is None:
        return slide, ""
    book = defined_terms.ledger(paper)
    shown = "\n".join([before, slide.title, slide.caption, *slide.bullets[:index]])
    missing = defined_terms.undefined_terms(slide.bullets[index], shown, book)
    if not missing:
        return slide, ""
    outcome = with_definitions(slide, index, missing, before, book)
    return outcome.slide, outcome.action
