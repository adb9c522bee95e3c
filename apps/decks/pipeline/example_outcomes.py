"""A worked example shown with what it gave.

A tutorial or a software paper works its examples step by step — the data, the call, the
fit — and states what each gave right after ("For this particular comparison, we have
$p = 0.68$", "For the survey data, the minimum is reached at $k = 7$"), often with the verdict
in the next sentence ("Hence, we cannot reject $H_0$ …"). A deck that showed the setup and the
call but not that sentence leaves the reader with a procedure and no result: what the example
was for.

`outcomes` finds the paper's outcome sentences: a sentence scoped to the example at hand ("in
this (particular) example/comparison/case", "for the NAME data (set)") that reports a value (a
formula with "=", or a number), and the verdict sentence right after one ("Hence/Thus/So,
we cannot reject …"). `missing` reads a deck against them (the paper is the oracle: each
bullet stands where its sentence does, paper_order.place_of): an outcome no slide states, while
a slide shows its example's setup — a bullet of the same section from before it. The repair
(`stated`) puts the outcome, made a bullet as the proposer makes one, on that slide where the
paper has it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import paper_order, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

# the example at hand: "in this particular example", "for this comparison", "for the Moby
# Dick data set", "in our example"
SCOPE = re.compile(
    r"(?i:\b(?:in|for)\s+(?:this|our|the\s+present)\s+(?:particular\s+)?(?:example|comparison|"
    r"data\s*set|dataset|data|fit|test|run|analysis|experiment|illustration)\b)|"
    r"\b(?i:for\s+the)\s+(?:[A-Z][\w-]*\s+){1,3}(?i:data(?:\s*set)?|dataset|example|sample)\b",
)
# what it gave: a formula with "=" or a number outside a section or figure number
VALUE = re.compile(r"\$[^$]*=[^$]*\$|=\s*-?\d|\b\d+\.\d+\b|\b\d+(?:\s*%|\s+(?:times|per\s*cent))")
# the verdict after the outcome: "Hence, we cannot reject $H_0$ …"
VERDICT = re.compile(
    r"^(?:hence|thus|so|therefore|consequently)\b,?\s+(?:we\s+)?(?:can(?:not|'t)?|could|"
    r"conclude|reject|accept|find|see|the\s+\w+\s+(?:is|are|fits?))",
    re.I,
)
# a plan or a supposition, not what the example gave; nor what the example is made of ("in
# this example there are $n = 3$ sites", "the data set contains 40 traps"): its setup
NOT_OUTCOME = re.compile(
    r"\b(?:will|would|suppose|let\s+us|we\s+now|there\s+(?:is|are|was|were)|consists?\s+of|"
    r"contains?|comprises?)\b",
    re.I,
)


@dataclass(frozen=True)
class Outcome:
    sentence: str
    place: paper_order.Place
    section: str
    follows: str = ""  # a verdict: the outcome sentence it draws on (never shown without it)


def outcomes(paper: Paper) -> list[Outcome]:
    """The paper's sentences that state what an example gave, in its order."""
    found: list[Outcome] = []
    for s, section in enumerate(paper.sections):
        for p, paragraph in enumerate(section.paragraphs):
            for n, sentence in enumerate(text.sentences(paragraph)):
                stated = SCOPE.search(sentence) and VALUE.search(sentence)
                verdict = (
                    # a verdict in symbols ("we cannot reject $H_0$") names the outcome's
                    # hypotheses, which a bullet cut to its value does not show: never alone
                    not text.MATH_SPAN.search(sentence)
                    and bool(found)
                    and found[-1].section == section.title
                    and _next_to(found[-1].place, (s, p, n), section.paragraphs)
                    and VERDICT.match(sentence)
                )
                if (stated or verdict) and not NOT_OUTCOME.search(sentence):
                    follows = found[-1].sentence if verdict and not stated else ""
                    found.append(Outcome(sentence, (s, p, n), section.title, follows))
    return found


def _next_to(before: paper_order.Place, after: paper_order.Place, paragraphs) -> bool:
    """Is `after` the sentence right after `before` (the next one of its paragraph, or the
    first of the next paragraph)?"""
    if before[:2] == after[:2]:
        return after[2] == before[2] + 1
    last = len(text.sentences(paragraphs[before[1]])) - 1
    return after[1] == before[1] + 1 and after[2] == 0 and before[2] == last


@dataclass(frozen=True)
class Missing:
    outcome: Outcome
    slide: int  # 0-based: the slide showing the example's setup


# the slide showing the setup is the last one with a bullet of the outcome's section from at
# most this many paragraphs before it (farther, it is another step of the section)
REACH = 4


def missing(slides: list[Slide], paper: Paper) -> list[Missing]:
    """The outcomes no slide states, each with the slide showing its example's setup; an
    example no slide shows is not this finding's."""
    found_outcomes = outcomes(paper)
    if not found_outcomes:
        return []
    places: list[tuple[int, paper_order.Place]] = []
    shown: set[paper_order.Place] = set()
    for index, slide in enumerate(slides):
        for bullet in [*slide.bullets, slide.code_lead, slide.equation_lead]:
            place = paper_order.place_of(bullet, paper) if bullet else None
            if place is not None:
                places.append((index, place))
                shown.add(place)
    # a bullet the repair made of an outcome may be too short to be traced to its sentence
    # ("For the comparison, we have $p = 0.68$"): shown when it is that bullet
    written = {b.lower() for slide in slides for b in slide.bullets}
    found: list[Missing] = []
    for outcome in found_outcomes:
        if outcome.place in shown:
            continue
        made = bullet_of(outcome.sentence)
        if made is not None and made.lower() in written:
            continue
        s, p, n = outcome.place
        setups = [
            i for i, (bs, bp, bn) in places if bs == s and p - REACH <= bp and (bp, bn) < (p, n)
        ]
        if setups:
            found.append(Missing(outcome, max(setups)))
    return found


# a sentence whose clauses run on into hypotheses, an aside or a second claim: its opening up
# to the value — a formula with "=" ("we obtain $\Lambda = 41.3$"), or a number its verb
# states ("the 90% quantile of $T$ is $3.17$, as the tables give"): a comparison with the
# literature after a comma leans on the value ("the same result"), and the bullet of the whole
# sentence was refused, so the outcome never reached the slide
UP_TO_VALUE = re.compile(
    r"^(?P<head>.*?(?:\$[^$]*=[^$]*\$|\b(?:is|are|was|were|equals?|gives?|yields?|becomes?|"
    r"reaches)\s+(?:about\s+|approximately\s+|roughly\s+)?(?:\$\s*-?\d[\d.,]*\s*\$|"
    r"-?\d+(?:\.\d+)?(?:\s*%)?)))(?=\s*(?:[,;:.]|which\b|where\b|i\.e\.|$))"
)


THIS_EXAMPLE = re.compile(r"\b(in|for)\s+this\s+(?:particular\s+)?(\w+)", re.I)


def bullet_of(sentence: str) -> str | None:
    """The outcome as the proposer makes a bullet of a sentence (its connector dropped, cut to
    its main clause), else its opening up to the value it reports ("For this comparison, we
    have $p = 0.68$" of "… $p = 0.68$ which relates to the hypotheses …"); None when neither
    reads as a bullet."""
    from apps.decks.pipeline.propose import bullets

    # "In this particular example" points at the paper's page; the slide shows the example
    sentence = THIS_EXAMPLE.sub(lambda m: f"{m.group(1)} the {m.group(2)}", sentence)
    short = text.condense(text.math_logos(sentence), 28)
    made = bullets.rewrite(short) if short else None
    if made is None:
        head = UP_TO_VALUE.match(sentence)
        if head and text.valid_bullet(head.group("head"), 28):
            made = bullets.rewrite(head.group("head"))
    return made


# the most bullets a slide holds with the outcome added; a fuller one gives up a bullet for it
MOST_BULLETS = 5


def stated(slide: Slide, sentence: str, paper: Paper) -> tuple[Slide, str]:
    """The slide with the outcome where the paper has it. A full slide gives up its last
    bullet that is neither the lead of its code or display nor an outcome itself (a detail of
    the setup: what the example gave says more); (slide, "") when none can go."""
    bullet = bullet_of(sentence)
    if bullet is None or bullet in slide.bullets:
        return slide, ""
    told = {o.sentence: o for o in outcomes(paper)}
    follows = told[sentence].follows if sentence in told else ""
    if follows:
        # a verdict ("Hence, we cannot reject $H_0$") stands only under the outcome it draws
        # on: elsewhere its hypothesis is whatever the slide last named
        wanted = paper_order.place_of(follows, paper)
        made = bullet_of(follows)
        under = [
            i
            for i, b in enumerate(slide.bullets)
            if paper_order.place_of(b, paper) == wanted or (made is not None and b == made)
        ]
        if not under:
            return slide, ""
    kept = list(slide.bullets)
    action = f"stated what the example gave: “{text.shorten(bullet, 14, ellipsis=True)}”"
    if len(kept) >= MOST_BULLETS:
        leads = {slide.code_lead, slide.equation_lead}
        given = [
            b
            for b in kept
            if b not in leads
            and not any(
                paper_order.place_of(b, paper) == paper_order.place_of(t, paper) for t in told
            )
        ]
        if not given:
            return slide, ""
        kept.remove(given[-1])
        action += f" in place of “{text.shorten(given[-1], 10, ellipsis=True)}”"
    if follows:  # right under its outcome
        anchor = slide.bullets[under[0]]
        at = kept.index(anchor) + 1 if anchor in kept else len(kept)
        new = [*kept[:at], bullet, *kept[at:]]
    else:
        new = paper_order.with_bullet(kept, bullet, paper)
    return slide.model_copy(update={"bullets": new}), action
