"""The paper's plans stay plans on the deck.

A paper's closing part mixes what it did with what it will do ("Future developments will
include tools for …", "This could be extended to …", a "Future work" section listing the
features still missing). A bullet made of such a sentence lost the words that made it a plan
when it was cut to its clause ("Tools for visualization of time-series") or when it is an item
of a list whose lead said so ("… should be extended as follows:" then "Support force tasks"):
on a slide titled "Conclusions", among what the paper found, it reads as done — a wrong
statement about the work.

`unmarked_plans` reads each bullet against the paper's sentence it was cut from: a plan is a
sentence with the words of a plan (will, shall, plan/intend to, future work, could be
extended …), a sentence of a section about the future ("Future work", "Outlook"), or an item
of a list whose lead sentence is a plan. The bullet is unmarked when neither it (its own plan
words, or a "Future work:" label) nor its slide's title ("Outlook", "Future work") says so.
`marked` gives the bullet its marker back: the paper's own sentence whole when that has the
plan's words and reads as a bullet, else the bullet under the label "Future work:".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import subject_cuts, text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import Slide

# The words of a plan or a suggested extension of the work: a future tense, an intention, the
# future named, an extension the work "could/should be" given, work left for later.
PLAN = re.compile(
    r"\b(?:will|shall)\b(?!\s+(?:not\s+)?(?:be\s+)?(?:shown|seen|see|show|discuss|describe|"
    r"present|explain|illustrate|introduce)\w*\b)|"
    r"\b(?:we|I|they)\s+(?:also\s+)?(?:plan|intend|hope|aim|want|wish|expect)\s+to\b|"
    r"\bwould\s+like\s+to\b|"
    r"\b(?:is|are)\s+(?:planned|intended|scheduled|foreseen|envisaged|underway)\b|"
    r"\bfuture\s+(?:\w+\s+)?(?:work|developments?|versions?|releases?|research|stud(?:y|ies)|"
    r"extensions?|directions?|plans?|improvements?|efforts?)\b|\bin\s+(?:the\s+)?(?:near\s+)?future\b|"
    r"\b(?:next|later|coming|upcoming)\s+(?:steps?|versions?|releases?|phase)\b|"
    r"\b(?:could|should|can|may|might)\s+(?:also\s+|further\s+|easily\s+|then\s+|still\s+|"
    r"eventually\s+|naturally\s+)?be\s+(?:\w+ly\s+)?(?:extended|generali[sz]ed|improved|"
    r"expanded|enhanced|adapted|applied|added|included|explored|investigated|studied|"
    r"integrated|ported|refined|automated)\b|"
    r"\bremains?\s+(?:to\s+be|an?\s+open)\b|\b(?:left|leave)\s+(?:for|to)\s+(?:later|further)\b|"
    r"\b(?:in\s+progress|under\s+way|ongoing\s+work|work\s+in\s+progress)\b",
    re.I,
)
# A section, or a slide, about what is still to be done ("Future work", "Outlook"); one that
# also closes on the work done ("Summary and outlook") is read sentence by sentence
FUTURE_HEADING = re.compile(
    r"\bfuture\b|\boutlook\b|^\W*(?:\d[\d.]*\s+)?perspectives?\W*$|\bnext\s+steps?\b|"
    r"\bfurther\s+work\b|\bopen\s+(?:problems|questions|issues)\b|\broad\s*map\b",
    re.I,
)
# The parts of a paper that close it: what they say mixes results and plans
CLOSING_HEADING = re.compile(
    r"conclu|summary|summari[sz]|discussion|final\s+remarks|closing|remarks|take-?aways?|"
    r"limitations",
    re.I,
)
# A bullet labelled as a plan: "Future work: support force tasks"
LABEL = "Future work"
LABELLED = re.compile(
    r"^\W*(?:future(?:\s+work)?|outlook|planned|next(?:\s+steps?)?|to\s+do)\s*:", re.I
)
# an item of a list, by its mark ("• Allow …", "– …", "(a) …", "2. …")
LIST_MARK = re.compile(r"^\W*?(?:[-–•·*▪◦]|\(\w{1,3}\)|\d{1,2}[.)])\s")
# the most words the paper's whole sentence may have to replace the bullet
MOST_WORDS = 40


@dataclass(frozen=True)
class Plan:
    bullet: str
    sentence: str  # the paper's sentence the bullet was cut from
    why: str  # "wording" (the sentence says it), "section" (its heading), "list" (its lead)
    section: str  # the title of the section the sentence stands in


@dataclass(frozen=True)
class _Place:
    sentence: str
    words: tuple[str, ...]
    section: str
    lead: str  # the sentence before it in its paragraph, else the paragraph before's last


_CACHE: dict[int, tuple[Paper, list[_Place]]] = {}


def _words(value: str) -> tuple[str, ...]:
    return tuple(m.group(0).lower() for m in subject_cuts.WORD.finditer(value))


def _places(paper: Paper) -> list[_Place]:
    kept = _CACHE.get(id(paper))
    if kept is not None and kept[0] is paper:
        return kept[1]
    found: list[_Place] = []
    for section in paper.sections:
        last = ""
        list_lead = ""  # the sentence before a list's first item: every item's lead
        for paragraph in section.paragraphs:
            item = bool(LIST_MARK.match(paragraph))
            if not item:
                list_lead = ""
            elif not list_lead:
                list_lead = last
            for number, sentence in enumerate(text.sentences(paragraph)):
                lead = list_lead if item and number == 0 else last
                found.append(_Place(sentence, _words(sentence), section.title, lead))
                last = sentence
    if len(_CACHE) > 8:
        _CACHE.clear()
    _CACHE[id(paper)] = (paper, found)
    return found


def _source(bullet: str, paper: Paper) -> tuple[_Place, str, str] | None:
    """(the paper's sentence whose words hold the bullet's words as one run — four at least —,
    the sentence's text before that run, its text after it); None when no sentence does."""
    mine = _words(LABELLED.sub("", bullet))
    if len(mine) < 4:
        return None
    size = len(mine)
    for place in _places(paper):
        theirs = place.words
        start = next(
            (i for i in range(len(theirs) - size + 1) if theirs[i : i + size] == mine), None
        )
        if start is None:
            continue
        found = list(subject_cuts.WORD.finditer(place.sentence))
        before = place.sentence[: found[start].start()]
        after = place.sentence[found[start + size - 1].end() :]
        return place, before, after
    return None


def _says_plan(value: str) -> bool:
    return bool(PLAN.search(text.MATH_SPAN.sub("X", value)))


def _why(place: _Place, before: str, after: str) -> str:
    """Why the bullet's words, read in the paper's sentence (`before` and `after` them), are a
    plan ("" when they are not one). Only the paper's closing parts are read: elsewhere a
    "will" is the method's ("the fit will converge …"), and a list's lead the method's ("we
    will use the following settings:"). A "Future work" section says what is as well as what
    is to be ("The class works for one priority level"): its sentences are read the same way,
    and only the items of its lists are plans whatever their lead."""
    future = marks_future(place.section)
    if not (
        future or CLOSING_HEADING.search(place.section) or FUTURE_HEADING.search(place.section)
    ):
        return ""
    # the plan's words govern the bullet's words when they come before them ("In the next
    # release, …", "Future versions will include …") or after them in the same clause; a
    # clause of its own after a comma or semicolon ("The class works for one priority; it
    # should be extended …") says what is, and the plan is the other clause's
    clause_after = re.split(r"[,;:—–]|\s-\s", after, maxsplit=1)[0]
    clause_before = re.split(r";", before)[-1]  # an opener's comma joins, a semicolon parts
    if _says_plan(clause_before) or _says_plan(clause_after):
        return "wording"
    # an item of a list the lead sentence announces as a plan ("… should be extended as
    # follows:"), or any list of a "Future work" section; the item is a sentence of its own,
    # its lead ends on the colon
    lead = place.lead.rstrip()
    if not re.search(r"\w", before) and lead.endswith(":") and (future or _says_plan(lead)):
        return "section" if future else "list"
    return ""


def is_marked(bullet: str) -> bool:
    """Does the bullet say it is a plan: its own plan words, or a plan's label?"""
    return bool(LABELLED.match(bullet)) or _says_plan(bullet)


def marks_future(title: str) -> bool:
    """Is the slide (or section) titled as the paper's plans alone ("Outlook", "Future
    work"), not also as its conclusions ("Summary and outlook")?"""
    return bool(FUTURE_HEADING.search(title)) and not CLOSING_HEADING.search(title)


def plan_of(bullet: str, paper: Paper) -> Plan | None:
    """The plan the bullet was made from, when it was made from one and no longer says so."""
    if is_marked(bullet):
        return None
    found = _source(bullet, paper)
    if found is None:
        return None
    place = found[0]
    why = _why(*found)
    return Plan(bullet, place.sentence, why, place.section) if why else None


def unmarked_plans(slide: Slide, paper: Paper) -> list[Plan]:
    """The slide's bullets made from the paper's plans that read as done: neither the bullet
    nor the slide's title says they are plans."""
    if slide.kind == "title" or marks_future(slide.title):
        return []
    found = (plan_of(b, paper) for b in slide.bullets)
    return [p for p in found if p is not None]


def marked(plan: Plan, shown: set[str] = frozenset()) -> str:
    """The bullet with its plan said: the paper's whole sentence when it has the plan's words,
    reads as a bullet of at most MOST_WORDS words and is not shown already (`shown`: bullets in
    lower case), else the bullet under "Future work:"."""
    if plan.why == "wording":
        whole = text.clean(plan.sentence).rstrip()
        if (
            text.usable(plan.sentence)
            and text.valid_bullet(whole, MOST_WORDS)
            and is_marked(whole)
            and not whole.endswith(":")
            and whole.lower() not in shown
        ):
            return whole
    bullet = plan.bullet.strip()
    first = bullet.split(" ", 1)[0]
    # "Support force tasks …" → "support force tasks …"; a name keeps its capital ("TaskSpace")
    if first[:1].isupper() and first[1:].islower():
        bullet = bullet[:1].lower() + bullet[1:]
    return f"{LABEL}: {bullet}"
