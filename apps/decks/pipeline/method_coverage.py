"""The method the paper is about, and whether any slide carries it.

Decks of unseen papers showed a paper's housekeeping (where results are stored, install paths,
options) and its results, and not one slide of the sections that say how the work is done:
the two sections on how an overlay is computed, the section on how a pose is estimated. Each
slide was sound; the deck left out what the paper spends its pages on.

What the paper is about is read from the paper's own emphasis, not from words a deck uses:
- its parts (`parts`): each section with the subsections under it (a top-level "Methods" and
  each of its subsections), and the share of the body's words it holds — the pages the paper
  gives it;
- its method parts (`method_parts`): a part that neither introduces the paper, nor reports its
  results, nor closes it, nor reviews others' work, holding at least EMPHASIS of the body's
  words, and named by the paper's summary — a content word of its heading in the abstract or
  the conclusions (else the opening section): a long appendix-like part the paper never
  mentions when it sums itself up ("Installation") is no method.

A part reaches the deck when a slide states something of it: a bullet made of one of its
sentences, or one of its displays (a figure over its caption alone says nothing of how the work
is done; a deck showed a method's plots and none of its steps). Reported as
`method_missing` (review/deck_rules.py) for each method part that reaches no slide; the fix
(`bring_in`) makes a slide of the part's own statements — the first sentences of its
paragraphs, which say what each step is — in the paper's order, a slide that states nothing of
the paper's main points giving way when the deck is at its size.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import defects, main_points, text, title_defects
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide, SlideDeck

# a part holding this share of the body's words is one the paper spends its pages on: on the
# seen decks (sets 15–17) the method parts no slide carried held 15–19 %; one of 10 % is one
# section among many
EMPHASIS = 0.12
# a review of others' work, or the back matter: never the paper's method
OTHERS = re.compile(
    r"related\s+work|previous\s+work|prior\s+work|literature|state\s+of\s+the\s+art|"
    r"references|bibliograph",
    re.I,
)
METHOD_BULLETS = 3  # the part's statements a slide of it gets, at most
MIN_BULLETS = 2  # a slide of one sentence is thin: the part is left out rather


@dataclass(frozen=True)
class Part:
    """A section of the paper with the subsections under it."""

    title: str
    sections: tuple[str, ...]  # its own title first, then its subsections'
    words: int
    share: float  # of the body's words
    order: int  # its place among the paper's sections
    top: str = ""  # the top-level section it belongs to (its own title at the top level)


def parts(paper: Paper) -> list[Part]:
    """Every section of the paper with its subsections, in the paper's order, with their share
    of the body's words: a top-level "Methods" and each of its subsections."""
    sections = paper.sections
    words = [sum(text.word_count(p) for p in s.paragraphs) for s in sections]
    body = sum(words) or 1
    found: list[Part] = []
    top = ""
    for index, section in enumerate(sections):
        if section.level <= 1:
            top = section.title
        titles, total = [section.title], words[index]
        for later in range(index + 1, len(sections)):
            if sections[later].level <= section.level:
                break
            titles.append(sections[later].title)
            total += words[later]
        found.append(Part(section.title, tuple(titles), total, total / body, index, top))
    return found


def _kind_of_work(title: str) -> bool:
    """Is the part the paper's own work (not its introduction, results, close, review of
    others or back matter)?"""
    from apps.decks.pipeline.propose.builtin import CONCLUSION, DISCUSSION, INTRO, RESULTS, SKIP

    return not any(p.search(title) for p in (INTRO, RESULTS, CONCLUSION, DISCUSSION, SKIP, OTHERS))


def _summary_words(paper: Paper) -> set[str]:
    """The content words of what the paper says when it sums itself up: its abstract and
    conclusions, else its opening section."""
    said = [paper.abstract] if paper.abstract else []
    said += [p for s in main_points.conclusions(paper) for p in s.paragraphs]
    if not said and paper.sections:
        said = paper.sections[0].paragraphs
    return {_stem(w) for w in title_defects._content_words(" ".join(said))}


def _stem(word: str) -> str:
    """A word's first five letters: "estimation" and "estimated", "surge" and "surges" are one
    word (the ending of a plural or a verb is never among them in words of six letters or more)."""
    return word.lower()[:5]


def method_parts(paper: Paper) -> list[Part]:
    """The parts the paper spends its pages on doing its work, named when it sums itself up: a
    section (with its subsections) of the paper's own work, itself and its top-level section
    neither introduction, results, close nor review."""
    summary = _summary_words(paper)
    found = []
    for part in parts(paper):
        if part.share < EMPHASIS or not (_kind_of_work(part.title) and _kind_of_work(part.top)):
            continue
        heading = {_stem(w) for w in title_defects._content_words(part.title) if len(w) > 2}
        if heading & summary:
            found.append(part)
    return found


def _stated(slides: list[Slide], paper: Paper, sources) -> set[str]:
    """The sections a slide of the deck states something of: a bullet made of one of its
    sentences, or one of its displays. A figure shown over its caption alone says nothing of
    how the work is done (a deck showed a method's plots and none of its steps)."""
    stated: set[str] = set()
    for slide in slides:
        stated.update(s for s in map(sources.source, slide.bullets) if s)
        if slide.equation:
            stated.update(
                e.section for e in paper.equations if e.tex.strip() == slide.equation.strip()
            )
    return stated


def missing(deck: SlideDeck, paper: Paper) -> list[Part]:
    """The paper's method parts no slide states anything of, the heaviest first; a part whose
    section above it is missing too is named once, as that section."""
    sources = title_defects.BulletSources(paper)
    stated = _stated(list(deck.slides), paper, sources)
    left = [p for p in method_parts(paper) if not set(p.sections) & stated]
    outer = [p for p in left if not any(q is not p and p.title in q.sections for q in left)]
    return sorted(outer, key=lambda p: -p.share)


# ------------------------------------------------------------------------- the fix


def _statements(part: Part, paper: Paper, used: set[str]) -> list[tuple[str, str, int, int]]:
    """(bullet, its sentence, the sentence's place in the part, the place of the sentence
    before it in its paragraph or -1) for the part's own statements: the first sentence of each
    of its paragraphs (a paragraph's opening says what it is about), then its other sentences,
    each as a main point is made a bullet."""
    firsts: list[tuple[str, str, int, int]] = []  # (sentence, the one before, place, before's)
    others: list[tuple[str, str, int, int]] = []
    place = 0
    for section in paper.sections:
        if section.title not in part.sections:
            continue
        for paragraph in section.paragraphs:
            previous = ""
            for position, sentence in enumerate(text.sentences(paragraph)):
                entry = (sentence, previous, place, place - 1 if position else -1)
                (firsts if position == 0 else others).append(entry)
                previous, place = sentence, place + 1
    found: list[tuple[str, str, int, int]] = []
    for sentence, previous, at, before in [*firsts, *others]:
        if defects.EQUATION_TAG.search(text.MATH_SPAN.sub(" ", sentence)):
            continue  # "fitting model (9)": the display it names is on no slide of this part
        bullet = main_points.statement_bullet(sentence, previous)
        if bullet is not None and bullet.lower() not in used and _balanced(bullet):
            found.append((bullet, sentence, at, before))
    return found


def _balanced(bullet: str) -> bool:
    """No bracket closed before it opens: a sentence the splitter began inside a parenthesis
    ("Heat and freshwater fluxes), many choices …") is the tail of another."""
    depth = 0
    for character in text.MATH_SPAN.sub(" ", bullet):
        depth += {"(": 1, ")": -1}.get(character, 0)
        if depth < 0:
            return False
    return True


def _title(part: Part, taken: set[str]) -> str:
    """The part's heading as the slide's title: whole, else the head of a heading something ran
    into ("Density estimation step: For any real u, define …" → "Density estimation step")."""
    from apps.decks.pipeline.title_defects import title_fragment, title_head, unused_title

    heading = part.title
    if title_fragment(heading) or len(heading) > 60:
        heading = title_head(heading) or heading
    return unused_title(heading, taken)[:120]


def _place(slides: list[Slide], part: Part, paper: Paper, sources) -> int:
    """Where the part's slide goes in the paper's order: before the first slide that shows a
    later part of the paper, never before the deck's opening (cover, motivation, purpose)."""
    from apps.decks.pipeline.propose.builtin import _before_conclusion

    order = {s.title: i for i, s in enumerate(paper.sections)}
    opening = 1
    for index, slide in enumerate(slides):
        if slide.role in ("title", "motivation", "contributions"):
            opening = index + 1
    for index in range(opening, len(slides)):
        shown = _stated([slides[index]], paper, sources)
        places = [order[s] for s in shown if s in order]
        if places and min(places) > part.order and slides[index].role != "title":
            return index
    return _before_conclusion(slides)


def bring_in(work, slides: list[Slide]) -> str:
    """A slide of each method part no slide shows (method_missing), made of the part's own
    statements that the reviewer's text rules pass, in the paper's order; when the deck is at
    its size a slide that states nothing of the paper's main points gives way (as for the
    results, main_results._made_room). Changes `slides` in place; returns what it did."""
    from apps.decks.pipeline.main_results import _made_room, result_objects
    from apps.decks.pipeline.propose import text_gate

    paper = work.paper
    sources = title_defects.BulletSources(paper)
    done: list[str] = []
    for part in missing(SlideDeck(title=paper.title, slides=list(slides)), paper)[:2]:
        title = _title(part, {s.title for s in slides})
        at = _place(slides, part, paper, sources)
        chosen: dict[int, str] = {}  # the sentence's place in the part → its bullet
        for bullet, _sentence, place, before in _statements(part, paper, work.used):
            if len(chosen) >= METHOD_BULLETS:
                break
            if before >= 0 and before not in chosen:
                # a paragraph's later sentence only after the one before it: read alone it
                # names what that one defined ("… are called the half periods")
                continue
            trial = Slide(
                kind="bullets", title=title, bullets=[*chosen.values(), bullet], role="method"
            )
            trial_slides = [*slides[:at], trial, *slides[at:]]
            deck = SlideDeck(title=paper.title, slides=trial_slides)
            if not text_gate.flagged(bullet, trial, deck, paper, at + 1):
                chosen[place] = bullet
        bullets = [chosen[place] for place in sorted(chosen)]
        if len(bullets) < MIN_BULLETS:
            continue
        room = _made_room(slides, paper, {f.id for f in result_objects(paper)})
        if room == "!":
            continue
        at = _place(slides, part, paper, sources)
        slides.insert(at, Slide(kind="bullets", title=title, bullets=bullets, role="method"))
        work.used.update(b.lower() for b in bullets)
        done.append(f"a slide of “{text.clipped(part.title, 50)}”, the paper's method{room}")
    return "; ".join(done)
