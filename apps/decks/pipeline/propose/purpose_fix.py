"""The slide saying what the paper does, set to say it (purpose_unstated, purpose_slide.py).

Its details of the paper's body go; when none of its bullets states a purpose, the paper's own
statement of what it does (purpose_slide.purpose_statements: its abstract's or introduction's
"We present …", "This paper shows how …") comes first, the first that the reviewer's text
rules pass on the slide (text_gate). The slide keeps at most OPENING_BULLETS bullets: a bullet
that states no purpose gives way to the statement. When nothing would be left, the slide goes
(revision_harms puts a purpose slide back only when no purpose slide is left).
"""

from __future__ import annotations

from apps.decks.pipeline import main_points, purpose_slide, text
from apps.decks.pipeline.propose import text_gate
from apps.decks.pipeline.slide_deck import Slide


def answer(slide: Slide, number: int, work) -> tuple[list[Slide], str]:
    """The purpose slide without its details and with the paper's purpose statement first."""
    paper = work.paper
    found = purpose_slide.unstated(slide, paper)
    if found is None:
        return [slide], ""
    details = {bullet for bullet, _ in found.details}
    kept = [b for b in slide.bullets if b not in details]
    done = [f"took off {len(details)} detail(s) of the paper's body"] if details else []
    if not found.has_purpose:
        statement = _statement(slide, kept, found.statements, number, work)
        if statement is not None:
            kept = _with_room([statement, *kept], paper)
            work.used.add(statement.lower())
            done.append(f"stated what the paper does: “{text.clipped(statement, 60)}”")
    if kept == list(slide.bullets):
        return [slide], ""
    if not kept:
        return [], f"removed “{slide.title}”: no sentence of it says what the paper does"
    return [slide.model_copy(update={"bullets": kept})], "; ".join(done)


def _statement(slide: Slide, kept: list[str], statements: list[str], number: int, work):
    """The first of the paper's purpose statements no slide shows that passes the reviewer's
    text rules as the slide's first bullet."""
    candidates = [s for s in statements if s.lower() not in work.used]

    def place(candidate: str) -> Slide:
        return slide.model_copy(update={"bullets": [candidate, *kept]})

    return text_gate.first_passing(candidates, place, work.deck, work.paper, number)


def _with_room(bullets: list[str], paper) -> list[str]:
    """At most OPENING_BULLETS: the last bullets that state no purpose give way."""
    while len(bullets) > main_points.OPENING_BULLETS:
        spare = [b for b in bullets[1:] if not purpose_slide.states_purpose(b, paper)]
        if not spare:
            break
        bullets = [b for b in bullets if b != spare[-1]]
    return bullets[: main_points.OPENING_BULLETS]
