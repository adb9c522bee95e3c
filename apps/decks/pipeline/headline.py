"""The paper's main result said first: the opening slide ("What this paper does") leads with
what the paper found or built and how well it works, then its method and context; the closing
slide restates a result rather than the paper's outline or plans alone.

A deck made of the abstract's best sentences in the paper's order gave the method and the
context first and the headline number, if at all, as the opening slide's last bullet, often cut
before its comparison ("1.2 cycles/byte" without "against 2.1 and 6–7 for …"). The headline is
the abstract's (else the conclusions') plainest finding (`main_points.result_statements`) whose
bullet keeps its comparison whole: every number of its sentence and its comparing words ("than",
"compared with", "against"); one that lost either is never the headline (a number away from
what it is compared with misstates the result).

The statement is only ever the paper's sentence as main_points makes it a bullet: nothing is
invented, and nothing is moved away from its unit or its subject.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import antecedents, main_points, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

# What a sentence cites or points at is no part of its measure: "[12]", "(3, 4)", "Table 2".
NOT_A_MEASURE = re.compile(
    r"\[[^\]]*\]|\(\d+(?:\s*[-–,]\s*\d+)*\)|"
    r"\b(?:fig(?:ure)?s?|tables?|sections?|eqs?|equations?|appendix|ref)\.?\s*\(?\d+\)?|"
    r"\b(?:19|20)\d\d[a-z]?\b",
    re.I,
)
# The words that make a number a comparison: without them "2.1" is a number of nothing.
COMPARING = re.compile(
    r"\bthan\b|\bcompared\s+(?:to|with)\b|\bagainst\b|\bversus\b|\bvs\b\.?|\brelative\s+to\b|"
    r"\bin\s+comparison\b|\boutperform\w*|\bstate[-\s]of[-\s]the[-\s]art\b",
    re.I,
)
# The first slides a reader meets after the cover that must state the headline
OPENING_SLIDES = 2
OPENING_ROLE = "contributions"


def _numbers(value: str) -> set[str]:
    return set(text.NUMBER.findall(NOT_A_MEASURE.sub(" ", value)))


def whole(statement: main_points.Statement) -> bool:
    """Does the bullet keep its sentence's measure and comparison whole: every number of the
    sentence (citations and pointers aside) and each comparing word?"""
    sentence = statement.sentence or statement.bullet
    if not _numbers(sentence) <= _numbers(statement.bullet):
        return False
    wanted = {m.group(0).lower().split()[0] for m in COMPARING.finditer(sentence)}
    kept = {m.group(0).lower().split()[0] for m in COMPARING.finditer(statement.bullet)}
    return wanted <= kept


_CACHE: dict[int, tuple[Paper, main_points.Statement | None]] = {}


def headline(paper: Paper) -> main_points.Statement | None:
    """The abstract's (else the conclusions', else — without an abstract — the introduction's
    closing paragraph's) plainest finding, stated whole: the first result
    statement read there with a finding in so many words (a measure with its verb, a
    comparison, "we prove / show that …") whose bullet keeps its comparison; None when the
    paper states none (a side result of the body or what a package makes possible is no
    headline)."""
    cached = _CACHE.get(id(paper))
    if cached is not None and cached[0] is paper:
        return cached[1]
    closing = [*main_points.conclusions(paper), *main_points.closing_discussion(paper)]
    # a paper without an abstract states it in its introduction's closing paragraph
    claims = [title for title, _ in main_points.closing_claims(paper)]
    origins = {"abstract", *(s.title for s in closing), *claims}
    found = next(
        (
            st
            for st in main_points.result_statements(paper)
            if st.origin in origins and st.strength >= 2 and whole(st)
        ),
        None,
    )
    _CACHE[id(paper)] = (paper, found)
    return found


def _makes(bullet: str, statement: main_points.Statement) -> bool:
    return main_points.makes(bullet, statement)


def _sentence_before(paper: Paper, found: main_points.Statement) -> str:
    """The abstract's sentence just before the headline's, or ""."""
    sentences = text.sentences(paper.abstract or "")
    mine = found.sentence or found.bullet
    at = next(
        (i for i, s in enumerate(sentences) if text.similar(s, mine) or mine in s),
        None,
    )
    return sentences[at - 1] if at else ""


def lead_position(
    bullets: list[str], bullet: str, found: main_points.Statement, paper: Paper
) -> int:
    """Where the headline leads a slide of `bullets` (itself not among them): first, unless its
    sentence leans by a pronoun on the abstract's sentence before it ("We present a cache-aware
    scheduler …" / "On eight graphs it cuts cache misses …") and a bullet states that
    sentence: then right after that bullet. Placed before it, its "it" would name nothing the
    reader has met, and the loop would remove the paper's main result for that."""
    if antecedents.dangling_pronoun(bullet, [found.sentence or bullet]) is None:
        return 0
    before = _sentence_before(paper, found)
    if not before:
        return 0
    at = next(
        (i for i, b in enumerate(bullets) if b != bullet and text.similar(b, before)),
        None,
    )
    return 0 if at is None else at + 1


def _leading(bullets: list[str], found: main_points.Statement, paper: Paper) -> bool:
    """Does the headline lead these bullets (at its lead position)?"""
    for position, bullet in enumerate(bullets):
        if _makes(bullet, found):
            rest = bullets[:position] + bullets[position + 1 :]
            return position == lead_position(rest, bullet, found, paper)
    return False


def opening_index(slides: list[Slide]) -> int | None:
    """The slide that says what the paper does (its role), else None."""
    return next(
        (
            i
            for i, s in enumerate(slides)
            if s.role == OPENING_ROLE and s.kind == "bullets" and not s.equation
        ),
        None,
    )


def leads(slide: Slide, position: int, paper: Paper) -> bool:
    """Is this bullet the headline leading the opening slide (placed first on purpose, before
    the abstract's earlier sentences: not out of the paper's order)?"""
    if slide.role != OPENING_ROLE or position >= len(slide.bullets):
        return False
    found = headline(paper)
    return (
        found is not None
        and _makes(slide.bullets[position], found)
        and _leading(list(slide.bullets), found, paper)
    )


def leads_the_paper(found: main_points.Statement, paper: Paper) -> bool:
    """Is the headline read where the paper opens (its abstract, else — without one — its
    introduction's closing paragraph), not in the conclusions a deck ends on?"""
    claims = {title for title, _ in main_points.closing_claims(paper)}
    return found.origin == "abstract" or found.origin in claims


def buried(slides: list[Slide], paper: Paper) -> tuple[main_points.Statement, int | None] | None:
    """(headline, slide number stating it or None) when the abstract (else the introduction's
    closing paragraph) states a headline and the deck's first content slides do not, or its opening slide states it but not first."""
    found = headline(paper)
    if found is None or not leads_the_paper(found, paper):
        return None
    opening = opening_index(slides)
    if opening is not None and _leading(list(slides[opening].bullets), found, paper):
        return None  # it leads the slide saying what the paper does, wherever that slide is
    content = [i for i, s in enumerate(slides) if s.role != "title"]
    first = content[:OPENING_SLIDES]
    for index in first:
        for position, bullet in enumerate(slides[index].bullets):
            if _makes(bullet, found):
                if index == opening and position > 0:
                    return found, index + 1
                return None
    where = next(
        (i + 1 for i, s in enumerate(slides) if any(_makes(b, found) for b in s.bullets)), None
    )
    return found, where


def lead_with(slides: list[Slide], paper: Paper, used: set[str]) -> str:
    """The headline made the opening slide's first bullet: moved there from lower on that
    slide, or from another slide that keeps two bullets without it; added when no slide
    states it. A deck without an opening slide gets one after its motivation, the headline and
    the paper's method statement (never a slide of one bullet). Changes `slides` in place;
    returns what it did, or ""."""
    found = headline(paper)
    if found is None:
        return ""
    opening = opening_index(slides)
    if opening is not None and _leading(list(slides[opening].bullets), found, paper):
        return ""
    # where the deck states it now (the opening slide itself first)
    order = ([opening] if opening is not None else []) + [
        i for i in range(len(slides)) if i != opening
    ]
    where = next(
        (
            (i, p)
            for i in order
            for p, b in enumerate(slides[i].bullets)
            if _makes(b, found) and b != slides[i].equation_lead
        ),
        None,
    )
    bullet = found.bullet if where is None else slides[where[0]].bullets[where[1]]
    if where is not None and where[0] != opening:
        kept = [b for b in slides[where[0]].bullets if b != bullet]
        figure = slides[where[0]].kind != "bullets"
        if len(kept) < 2 and not figure:
            return ""  # taken away, its slide would be thin: the reader meets it there
        if (
            found.origin != "abstract"
            and where[0] == _closing_index(slides)
            and not _closing_keeps_result(slides, where, paper)
        ):
            # the conclusions' finding is the closing slide's own: taken away, the deck would
            # end on plans alone (an abstract's headline leads the deck: headline_buried)
            return ""
    if opening is None and where is not None and _says_what_paper_does(slides[where[0]], paper):
        # a "Motivation" slide made of the paper's contribution and its result (a report
        # without an abstract, whose introduction closes on both) is the opening slide: it
        # says what the paper does, first its result, then the method, then the context
        index = where[0]
        others = [b for b in slides[index].bullets if b != bullet]
        method = [b for b in others if _makes_method(b, paper)]
        rest = [b for b in others if b not in method]
        slides[index] = slides[index].model_copy(
            update={
                "bullets": [bullet, *method, *rest],
                "role": OPENING_ROLE,
                "title": main_points.opening_title(slides),
            }
        )
        used.add(bullet.lower())
        return f"opened the deck with the paper's main result: “{text.shorten(bullet, 10, ellipsis=True)}”"
    if opening is None:
        slide = _new_opening(slides, paper, bullet)
        if slide is None:
            return ""
        _take_out(slides, where)
        at = next(
            (i for i, s in enumerate(slides) if s.role not in ("title", "motivation")),
            len(slides),
        )
        slides.insert(at, slide)
        used.update(b.lower() for b in slide.bullets)
        return f"opened the deck with the paper's main result: “{text.shorten(bullet, 10, ellipsis=True)}”"
    # a shorter version of the headline's own sentence (cut before its comparison) goes: the
    # slide would say it twice
    others = [b for b in slides[opening].bullets if b != bullet and not _part_of(b, bullet)]
    if where is None or where[0] != opening:
        others = main_points.with_room(others, paper, bullet)
        _take_out(slides, where)
    at = lead_position(others, bullet, found, paper)
    bullets = [*others[:at], bullet, *others[at:]]
    slides[opening] = slides[opening].model_copy(update={"bullets": bullets})
    used.add(bullet.lower())
    return f"put the paper's main result first: “{text.shorten(bullet, 10, ellipsis=True)}”"


def _makes_method(bullet: str, paper: Paper) -> bool:
    return any(main_points.makes(bullet, st) for st in main_points.method_statements(paper))


def _says_what_paper_does(slide: Slide, paper: Paper) -> bool:
    """A motivation slide of text that also states the paper's method: it holds what the
    paper does, not why (the headline found there makes it the opening slide)."""
    return (
        slide.role == "motivation"
        and slide.kind == "bullets"
        and not slide.equation
        and any(_makes_method(b, paper) for b in slide.bullets)
    )


def _part_of(bullet: str, headline_bullet: str) -> bool:
    """Is the bullet the headline's own sentence cut shorter: word for word its beginning
    (a rewritten or another finding, however alike its words and numbers, stays)?"""
    words = _words(bullet)
    whole_words = _words(headline_bullet)
    return 0 < len(words) < len(whole_words) and whole_words[: len(words)] == words


def _words(value: str) -> list[str]:
    # the words and numbers ("6.2%", "1,024"), not the punctuation a cut leaves or drops
    return re.findall(r"\w+(?:[.,–-]\w+)*%?", value.lower())


def _take_out(slides: list[Slide], where: tuple[int, int] | None) -> None:
    if where is None:
        return
    index, position = where
    bullets = list(slides[index].bullets)
    del bullets[position]
    slides[index] = slides[index].model_copy(update={"bullets": bullets})


def _new_opening(slides: list[Slide], paper: Paper, bullet: str) -> Slide | None:
    shown = [b for s in slides for b in s.bullets if b != bullet]
    chosen = [bullet]
    for st in main_points.method_statements(paper):
        if len(chosen) >= main_points.OPENING_BULLETS - 1:
            break
        if not any(text.similar(st.bullet, b) for b in [*shown, *chosen]):
            chosen.append(st.bullet)
    if len(chosen) < 2:
        return None  # one bullet alone is a thin slide
    found = headline(paper)
    if found is not None:
        others = chosen[1:]
        at = lead_position(others, bullet, found, paper)
        chosen = [*others[:at], bullet, *others[at:]]
    return Slide(
        kind="bullets",
        title=main_points.opening_title(slides),
        bullets=chosen,
        role=OPENING_ROLE,
        notes=text.whole_sentences(paper.abstract, 1500),
    )


def _closing_index(slides: list[Slide]) -> int | None:
    """The deck's last conclusions slide of bullets, else None."""
    return next(
        (
            i
            for i in range(len(slides) - 1, -1, -1)
            if slides[i].role == "conclusion" and slides[i].kind == "bullets"
        ),
        None,
    )


def _closing_keeps_result(slides: list[Slide], where: tuple[int, int], paper: Paper) -> bool:
    """With the headline taken from the closing slide, does that slide still state a result:
    one of its other bullets, or another result `restate` can open it with?"""
    moved = slides[where[0]].bullets[where[1]]
    trial = list(slides)
    _take_out(trial, where)
    trial.insert(0, Slide(kind="bullets", title="", bullets=[moved]))  # now said first
    where = (where[0] + 1, where[1])
    used = {b.lower() for s in slides for b in s.bullets}
    restate(trial, paper, used)
    results = [st for st in main_points.result_statements(paper) if st.strength >= 2]
    return any(_makes(b, st) for b in trial[where[0]].bullets for st in results)


def restate(slides: list[Slide], paper: Paper, used: set[str]) -> str:
    """The closing slide ("Conclusions") restates a result: when none of its bullets makes one
    of the paper's result statements, the best one no slide states yet (the conclusions' own
    first) opens it. A result already on the deck is not said twice (repeated_bullet)."""
    closing = _closing_index(slides)
    if closing is None or slides[closing].equation:
        return ""
    results = [st for st in main_points.result_statements(paper) if st.strength >= 2]
    if any(_makes(b, st) for b in slides[closing].bullets for st in results):
        return ""
    shown = [b for s in slides for b in s.bullets]
    own = {s.title for s in main_points.conclusions(paper)}
    ranked = sorted(results, key=lambda st: st.origin not in own)
    fresh = next(
        (
            st
            for st in ranked
            if whole(st) and not any(_makes(b, st) or text.same_claim(b, st.bullet) for b in shown)
        ),
        None,
    )
    if fresh is None:
        return ""
    bullets = main_points.with_room(list(slides[closing].bullets), paper, fresh.bullet)
    slides[closing] = slides[closing].model_copy(update={"bullets": [fresh.bullet, *bullets]})
    used.add(fresh.bullet.lower())
    return f"the closing slide restates a result: “{text.shorten(fresh.bullet, 10, ellipsis=True)}”"
