"""One example per slide: where a section's next example begins.

A section of worked examples often runs one example into the next under one heading: the
second example opens its paragraph ("Our second example demonstrates …", "As a further
example, …"), its own heading set run-in at the paragraph's start ("Analysis of field data Our
second example …") and read by ingestion as the paragraph's first words. A slide made from such
a section glued the two: under the first example's heading it showed the second example's data
("the subject was instructed to …" under "Analysis of synthetic series") — a wrong statement
about the first example.

`boundaries` finds, in a section, the paragraphs where another example begins; `mixed` reads a
slide's bullets against them (the paper is the oracle: each bullet stands where its sentence
does, paper_order.place_of) and says which bullets belong to an example the slide's title does
not name. The repair (`separated`) keeps the slide's own example and leaves the other's
bullets out when the slide stays full, else — every bullet the other example's — titles the
slide by that example (its run-in heading, else "Second example: …").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import paper_order, text
from apps.decks.pipeline.paper import Paper, Section
from apps.decks.pipeline.slide_deck import Slide

ORDINALS = r"second|third|fourth|fifth|sixth|next|last|final|further|other|another"
# The words that open another example: "Our second example", "The next example", "As a
# further example", "In the third example", "Another example", "Example 2", "A second
# application of …"
NEXT_EXAMPLE = re.compile(
    rf"(?:(?:our|the|a|as\s+(?:a|our|the)|in\s+(?:the|our|a))\s+(?:{ORDINALS})\s+|another\s+)"
    r"(?:(?:worked|case|real|practical|numerical|illustrative|application|usage|full)\s+)?"
    r"(?:example|case\s+study|illustration|application|use\s+case)s?\b|"
    r"\bexample\s+(?:\d+|two|three|four|II|III)\b",
    re.I,
)
# a run-in heading before the opening: a few words, no sentence's punctuation, capitalised
RUN_IN = re.compile(r"[A-Z][^.!?:;,()]{2,60}")
MOST_HEADING_WORDS = 8
# the longest lead before the opening words in the paragraph's first characters
OPENING_REACH = 80


@dataclass(frozen=True)
class Boundary:
    paragraph: int  # index of the paragraph where the other example begins
    heading: str  # its run-in heading ("Analysis of field data"), or ""
    ordinal: str  # "second", "next", … as the paper says it
    opening: str = ""  # the example's first sentence, without its run-in heading


def boundaries(section: Section) -> list[Boundary]:
    """The paragraphs of `section` (after its first) that open another example."""
    found: list[Boundary] = []
    for index, paragraph in enumerate(section.paragraphs):
        if index == 0:
            continue
        head = paragraph[:OPENING_REACH]
        match = NEXT_EXAMPLE.search(head)
        if match is None:
            continue
        lead = head[: match.start()]
        heading = ""
        if lead.strip():
            # the opening words start a sentence: at the paragraph's start, or after a run-in
            # heading; never inside a sentence ("… as in the second example")
            heading = lead.strip()
            if (
                not match.group(0)[0].isupper()  # a new sentence after the heading
                or not RUN_IN.fullmatch(heading)
                or len(heading.split()) > MOST_HEADING_WORDS
            ):
                continue
        ordinal = re.search(rf"{ORDINALS}|\d+|two|three|four|II|III", match.group(0), re.I)
        first = text.sentences(paragraph[match.start() :])
        found.append(
            Boundary(
                index,
                heading,
                ordinal.group(0).lower() if ordinal else "",
                first[0] if first else "",
            )
        )
    return found


# a paragraph about all the examples before it ("These examples demonstrate …", "Both
# examples show …"): it belongs to none of them
ALL_EXAMPLES = re.compile(
    r"^\W*(?:these|both|the|all)\s+(?:(?:two|three|four|above|previous)\s+)?examples\b", re.I
)


def _part(section: Section, paragraph: int) -> int | None:
    """Which example of the section a paragraph belongs to (0: the section's own; None: a
    paragraph about them all)."""
    if ALL_EXAMPLES.match(section.paragraphs[paragraph]):
        return None
    return sum(1 for b in boundaries(section) if b.paragraph <= paragraph)


@dataclass(frozen=True)
class Mixed:
    section: Section
    examples: dict[str, int]  # bullet → the example of its section it comes from
    titled: bool  # the slide is titled by the section's heading (which names its first example)

    @property
    def others(self) -> list[str]:
        """The bullets that belong to another example than the slide's own."""
        own = self.own
        return [b for b, e in self.examples.items() if e != own]

    @property
    def own(self) -> int:
        """The slide's example: the heading's own when the slide is titled by it and shows
        one of its bullets, else the example most of its bullets come from."""
        found = list(self.examples.values())
        if self.titled and 0 in found:
            return 0
        return max(set(found), key=lambda e: (found.count(e), -e))


def mixed(slide: Slide, paper: Paper) -> Mixed | None:
    """The slide's bullets read against the examples of their section: when they come from
    two examples, or all from a later example under the section's own heading (which names
    the first)."""
    if slide.kind == "title" or not slide.bullets:
        return None
    parts: dict[str, tuple[int, int]] = {}  # bullet → (section index, example)
    for bullet in slide.bullets:
        place = paper_order.place_of(bullet, paper)
        if place is None:
            continue
        section = paper.sections[place[0]]
        part = _part(section, place[1]) if boundaries(section) else None
        if part is not None:
            parts[bullet] = (place[0], part)
    sections = {s for s, _ in parts.values()}
    if len(sections) != 1:
        return None
    section = paper.sections[sections.pop()]
    examples = {b: e for b, (_, e) in parts.items()}
    titled = _titled_by(slide.title, section)
    if len(set(examples.values())) == 1 and (0 in examples.values() or not titled):
        return None
    return Mixed(section, examples, titled)


def _titled_by(title: str, section: Section) -> bool:
    base = re.sub(r"\s*\((?:continued|cont\.?)\)\s*$", "", title, flags=re.I).strip().lower()
    return base == section.title.strip().lower()


def _title_of(section: Section, example: int) -> str:
    found = boundaries(section)
    if not 0 < example <= len(found):
        return ""
    boundary = found[example - 1]
    if boundary.heading:
        return boundary.heading
    ordinal = boundary.ordinal
    if ordinal in ("next", "further", "other", "another", ""):
        ordinal = ["second", "third", "fourth", "fifth"][min(example - 1, 3)]
    return f"{section.title}: {ordinal} example"


def separated(slide: Slide, paper: Paper) -> tuple[Slide, str]:
    """The slide showing one example: the other example's bullets left out when the slide
    keeps two bullets (or one beside a figure, a display, code), titled by its example when
    that is not the one its heading names; (slide, "") when it cannot be done."""
    found = mixed(slide, paper)
    if found is None:
        return slide, ""
    others = found.others
    kept = [b for b in slide.bullets if b not in others]
    visual = bool(slide.figure or slide.equation or slide.code)
    if len(kept) < 2 and not (visual and kept):
        return slide, ""
    update: dict = {"bullets": kept}
    actions = []
    if others:
        actions.append(
            f"left out {len(others)} bullet{'s' if len(others) > 1 else ''} of another "
            f"example of “{found.section.title[:60]}”"
        )
    if found.titled and found.own != 0:
        title = _title_of(found.section, found.own)
        if not title:
            return slide, ""
        update["title"] = title[:120]
        update["notes"] = _notes(found.section, found.own) or slide.notes
        actions.append(f"titled the slide by the example its bullets come from: “{title}”")
        # the example's own opening sentence says which example the slide shows ("Our second
        # example demonstrates the analysis of field data …"), above its bullets
        opening = _opening(found.section, found.own)
        if opening and opening not in kept and len(kept) < MOST_BULLETS:
            update["bullets"] = [opening, *kept]
            actions.append(f"opened it with “{text.shorten(opening, 10, ellipsis=True)}”")
    return slide.model_copy(update=update), "; ".join(actions)


def _notes(section: Section, example: int) -> str:
    """The speaker notes of one example: its paragraphs (the notes held the section's first)."""
    found = boundaries(section)
    start = found[example - 1].paragraph
    end = found[example].paragraph if example < len(found) else len(section.paragraphs)
    return text.whole_sentences(" ".join(section.paragraphs[start:end]), 1500)


MOST_BULLETS = 5  # a slide given its example's opening keeps no more than this


def _opening(section: Section, example: int) -> str | None:
    """The example's opening sentence as the proposer makes a bullet of it, or None."""
    from apps.decks.pipeline.propose import bullets

    found = boundaries(section)
    if not 0 < example <= len(found) or not found[example - 1].opening:
        return None
    short = text.condense(text.math_logos(found[example - 1].opening), 28)
    return bullets.rewrite(short) if short else None
