"""Rules on bullets that lost what carries their point, with the paper as the oracle
(pipeline/cut_points.py): a contrast, concession or list member cut from the sentence, a
concession whose answer is the next sentence, a list's lead without its items, a bullet that
ends inside a word, a bullet that ends where a display begins or is one of its lines, a bullet
that stops before its comparison's other term, its condition or its last noun's complement."""

from __future__ import annotations

from apps.decks.pipeline import cut_points
from apps.decks.pipeline.review.registry import SlideContext, slide_rule

MESSAGES = {
    "lost_point": "shows the paper's sentence without the part that carries its point "
    "(“{part}”): alone it says what the paper does not",
    "list_lead": "announces a list and the slide shows none of its items (the paper goes on "
    "“{part}”)",
    "cut_word": "ends inside a word of the paper (“{part}”): the text was cut at a character count",
    "display_tail": "ends where a display of the paper begins, or is one of its lines, set "
    "as prose (the display goes on “{part}”)",
    "cut_short": "stops where the paper's sentence goes on with what completes it (its {part}…)",
}
SUGGESTIONS = {
    "lost_point": "show the sentence with its contrast (or the two sentences joined), or "
    "leave it out",
    "list_lead": "show the items after the lead, or leave the lead out",
    "cut_word": "end the bullet with the paper's whole word where its clause ends, or show "
    "the whole sentence",
    "display_tail": "leave the bullet out: a display's piece reads as no sentence",
    "cut_short": "show the whole sentence, or another sentence of the part",
}
SEVERITY = {
    "lost_point": "high",
    "list_lead": "medium",
    "cut_word": "high",
    "display_tail": "medium",
    "cut_short": "medium",
}


@slide_rule
def cut_points_rule(c: SlideContext):
    if c.slide is None or c.slide.kind == "title":
        return
    for index, bullet in enumerate(c.slide.bullets):
        if bullet in (c.slide.equation_lead, c.slide.code_lead):
            continue  # the lead of what the slide shows under it
        found = cut_points.cut_points(bullet, c.paper, c.slide.bullets[index + 1 :])
        if found is None:
            continue
        yield c.issue(
            found.kind,
            SEVERITY[found.kind],
            f"bullet {index + 1} " + MESSAGES[found.kind].format(part=found.part[:60]),
            SUGGESTIONS[found.kind],
            where="bullet",
            index=index,
            text=bullet[:200],
            part=found.part[:80],
            repair=found.repair[:400],
            added=list(found.added),
            after=found.after[:400],
        )
