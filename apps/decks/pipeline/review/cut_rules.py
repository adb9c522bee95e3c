"""Rules on bullets that lost what carries their point, with the paper as the oracle
(pipeline/cut_points.py): a contrast, concession or list member cut from the sentence, a
concession whose answer is the next sentence, a list's lead without its items, a sentence that names a problem the paper states only
in the sentences after it, a bullet that
ends inside a word, a bullet that ends where a display begins or is one of its lines, a bullet
that stops before its comparison's other term, its condition or its last noun's complement, a
bullet that opens inside a phrase; and a figure's caption cut inside a phrase with an ellipsis."""

from __future__ import annotations

import re

from apps.decks.pipeline import cut_points, text
from apps.decks.pipeline.review.registry import SlideContext, slide_rule

MESSAGES = {
    "lost_point": "shows the paper's sentence without the part that carries its point "
    "(“{part}”): alone it says what the paper does not",
    "list_lead": "announces a list and the slide shows none of its items (the paper goes on "
    "“{part}”)",
    "unstated_point": "names a problem, or a need, and the slide does not say what it is (the "
    "paper goes on “{part}”)",
    "cut_word": "ends inside a word of the paper (“{part}”): the text was cut at a character count",
    "display_tail": "ends where a display of the paper begins, or is one of its lines, set "
    "as prose (the display goes on “{part}”)",
    "cut_short": "stops where the paper's sentence goes on with what completes it (its {part}…)",
    "broken_opening": "opens inside a phrase of the paper's sentence: its first words "
    "(“{part}”) were dropped and the rest no longer parses",
}
SUGGESTIONS = {
    "lost_point": "show the sentence with its contrast (or the two sentences joined), or "
    "leave it out",
    "list_lead": "show the items after the lead, or leave the lead out",
    "unstated_point": "show the sentence with the one after it that says what the problem is, "
    "or leave it out",
    "cut_word": "end the bullet with the paper's whole word where its clause ends, or show "
    "the whole sentence",
    "display_tail": "leave the bullet out: a display's piece reads as no sentence",
    "cut_short": "show the whole sentence, or another sentence of the part",
    "broken_opening": "show the whole sentence, its opening phrase whole or dropped to its "
    "comma, or another sentence of the part",
}
SEVERITY = {
    "lost_point": "high",
    "list_lead": "medium",
    "unstated_point": "medium",
    "cut_word": "high",
    "display_tail": "medium",
    "cut_short": "medium",
    "broken_opening": "medium",
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


# A caption cut at a word count: "… with 15 and…", "… as provided by…".
ELLIPSIS_END = re.compile(r"(?:…|\.\.\.)\s*$")


@slide_rule
def cut_caption(c: SlideContext):
    """The caption of a figure the paper captions ends with an ellipsis where the paper's
    caption goes on: cut inside a phrase, it leaves the reader half of what the figure shows."""
    if c.slide is None or not c.slide.caption.strip():
        return
    figures = c.figures()
    if not figures or not figures[0].captioned:
        return
    caption = c.slide.caption
    kept = text.before_lost_opening(caption)
    if kept != caption:  # "… of the dataset. paragraph (blue), including …"
        lost = caption[len(kept) :].strip()
        yield c.issue(
            "cut_caption",
            "medium",
            f"the caption goes on with a sentence that lost its first words (“{lost[:50]}”)",
            "show the caption's whole sentences only",
            where="caption",
            kind="opening",
            text=caption[:200],
            part=lost[:80],
        )
    elif ELLIPSIS_END.search(caption):
        head = ELLIPSIS_END.sub("", caption).rstrip()
        part = " ".join(head.split()[-4:])
        yield c.issue(
            "cut_caption",
            "medium",
            f"the caption is cut inside a phrase (“… {part[:60]}…”)",
            "show the caption's sentence whole, or cut where a clause ends",
            where="caption",
            text=caption[:200],
            part=part[:80],
        )
