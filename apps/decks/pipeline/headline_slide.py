"""A thin slide that holds the paper's headline is filled, never deleted.

The opening slide ("What this paper does") is at times made of the headline alone: the
abstract's other sentences were on earlier slides or were no statements. The reviewer reports
it thin (thin_slide), and the thin slide's fix merged it into the slide before it when that one
was of the same part, else deleted it and hoped a later slide would take its bullet; the
headline, the paper's main result, was then on no slide. Here such a slide gets the sentences
the paper writes around its headline (the abstract's, nearest first, else its conclusions'),
and when none stands as a bullet the slide stays thin, its finding open: the slide that says
what the paper does is never merged away (round 19, story_slides.is_purpose).

Nothing is invented: only the paper's sentences, as the proposer makes them bullets.
"""

from __future__ import annotations

from apps.decks.pipeline import headline, main_points, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

FILLED_BULLETS = 3  # the headline and two sentences around it: a slide, not a list


def holds_headline(slide: Slide, paper: Paper) -> bool:
    """Does one of the slide's bullets state the paper's headline?"""
    found = headline.headline(paper)
    return found is not None and any(main_points.makes(b, found) for b in slide.bullets)


def filled(slide: Slide, paper: Paper, shown: list[str]) -> Slide | None:
    """The slide with the sentences the paper writes around its headline that no slide states
    (`shown`), nearest first, kept in the paper's order around the headline; None when none
    stands as a bullet."""
    found = headline.headline(paper)
    if found is None:
        return None
    extra: list[tuple[int, str]] = []  # (position in the source, bullet)
    sentences, at = _source_around(paper, found)
    said = [*shown, *slide.bullets]
    for position in sorted(range(len(sentences)), key=lambda i: (abs(i - at), i)):
        if len(slide.bullets) + len(extra) >= FILLED_BULLETS:
            break
        sentence = sentences[position]
        if position == at or _part_of_headline(sentence, found):
            continue
        bullet = _as_bullet(sentence, sentences[position - 1] if position else "")
        if bullet is None or any(_said(bullet, b) for b in [*said, *(b for _, b in extra)]):
            continue
        extra.append((position, bullet))
    if not extra:
        return None
    before = [b for p, b in sorted(extra) if p < at]
    after = [b for p, b in sorted(extra) if p > at]
    return slide.model_copy(update={"bullets": [*before, *slide.bullets, *after]})


def _source_around(paper: Paper, found: main_points.Statement) -> tuple[list[str], int]:
    """The sentences of the part the headline is read in (the abstract, else its section) and
    the headline's position among them."""
    paragraphs = [paper.abstract] if found.origin == "abstract" and paper.abstract else []
    if not paragraphs:
        paragraphs = [
            p for s in paper.sections if s.title == found.origin for p in s.paragraphs if p.strip()
        ]
    sentences = [s for p in paragraphs for s in text.sentences(p)]
    mine = found.sentence or found.bullet
    at = next(
        (i for i, s in enumerate(sentences) if _part_of_headline(s, found) or s in mine),
        0,
    )
    return sentences, at


def _part_of_headline(sentence: str, found: main_points.Statement) -> bool:
    """A sentence the headline is made of (one of a pair "… in 17 minutes. This is 2.5 times
    faster …" joined into one statement)."""
    mine = found.sentence or found.bullet
    return text.similar(sentence, mine) or sentence.rstrip(" .") in mine


def _as_bullet(sentence: str, previous: str) -> str | None:
    """The sentence as the headline's neighbours are made bullets: a main point (its text
    defects fixed, a main point's length)."""
    return main_points.statement_bullet(sentence, previous)


def _said(bullet: str, other: str) -> bool:
    return text.similar(bullet, other) or text.same_claim(bullet, other)
