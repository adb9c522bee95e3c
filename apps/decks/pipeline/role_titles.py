"""Titles that name a slide's place in the storyline ("Motivation", "What this paper does")
rather than what it says. They hold only over bullets that play that part: sentences that state
what the paper does ("We present …", "The goal of this paper is …"), and the sentences of an
introduction. Over the opening of a model ("We consider an economy …") or the steps of a proof
("We multiply the equation …") such a title misleads the reader; the slide is titled with its
subject instead.

The reviewer reports a mismatch as `title_role` (review/text_rules.py); the builtin proposer
titles its opening slides by the same rules (propose/builtin.py) and retitles a reported slide
(propose/repair.py).
"""

from __future__ import annotations

import re

from apps.decks.pipeline import title_defects
from apps.decks.pipeline.text import MATH_SPAN

AIM_TITLE = re.compile(
    r"^(?:what\s+(?:this|the)\s+(?:paper|article|report|work|study|note)\s+does|"
    r"(?:our\s+|main\s+|key\s+)?contributions?|(?:aims?|goals?|objectives?)(?:\s+of\s+"
    r"(?:this|the)\s+(?:paper|work|study))?)\s*$",
    re.I,
)
MOTIVATION_TITLE = re.compile(r"^motivations?\s*$", re.I)
# A heading that introduces: what a "Motivation" slide may be made from. Preliminaries
# ("Preliminary results", "Preliminaries") are lemmas and definitions the work builds on: a
# slide of them is titled with their heading.
# A first section headed with the paper's aims ("Objectives") introduces it as well.
INTRODUCING = re.compile(
    r"intro|background|motivation|overview|abstract|objectives?\b|\b(?:aims?|goals?)\s*$", re.I
)

# What the paper itself does, said by its authors or of the paper: its aim, what it presents,
# what it finds. Not a step of the work ("We multiply …", "We only need to prove …", "We
# consider an economy …", "We assume …").
AIM = re.compile(
    r"\b(?:this|the\s+present|our)\s+(?:paper|article|report|note|work|study|thesis|chapter|"
    r"contribution)\b|"
    r"\b(?:goal|aim|purpose|objective|contribution)s?\b[^.]{0,40}?\b(?:is|are|was|were)\b|"
    r"\b(?:we|I)\s+(?:(?:have|has|will|here|now|also|recently|further|newly|herein)\s+){0,3}"
    r"(?:propos|present|introduc|describ|develop|extend|design|implement|build|built|show|"
    r"demonstrat|stud|investigat|deriv|provid|report|evaluat|compar|analy[sz]|explor|examin|"
    r"address|prove|offer|establish|measur|estimat|find|found|identif|solv|generaliz|generalis|"
    r"improv|creat|releas)\w*\b",
    re.I,
)
# A subject that says nothing of the slide's point: a pronoun, the paper itself.
PRONOUN_SUBJECT = re.compile(
    r"^(?:we|i|it|they|this|these|that|those|one|he|she|you|there|here|our\s+\w+|"
    r"the\s+(?:paper|article|authors?))$",
    re.I,
)


def states_aim(bullet: str) -> bool:
    """Does the bullet state what the paper does (its aim, what it presents or finds)?"""
    return bool(AIM.search(MATH_SPAN.sub("X", bullet)))


FIRST_PERSON = re.compile(r"\b(?:we|us|our|(?-i:I))\b", re.I)


def step_of_the_work(bullet: str) -> bool:
    """The authors doing a step of their work ("We multiply …", "We assume …"), not stating
    what the paper does. A sentence of the paper's summary about its subject ("The algebra
    combines two approaches …", "The estimator reaches a variance 20% lower …") says what the
    paper does as well as an aim does."""
    flat = MATH_SPAN.sub("X", bullet)
    return bool(FIRST_PERSON.search(flat)) and not states_aim(bullet)


def aim_mismatch(title: str, bullets: list[str]) -> bool:
    """A title that says the slide is the paper's aim, over bullets that are all steps of the
    work."""
    return (
        bool(AIM_TITLE.match(title.strip()))
        and bool(bullets)
        and all(step_of_the_work(b) for b in bullets)
    )


def motivation_mismatch(title: str, bullets: list[str], sources) -> list[str] | None:
    """The sections a "Motivation" slide's bullets come from when most of them do not
    introduce the paper (its introduction, background or abstract): one sentence of the
    introduction over two of the method is a method slide. None when the title holds or the
    bullets cannot be traced. `sources` is a title_defects.BulletSources of the paper."""
    if not MOTIVATION_TITLE.match(title.strip()):
        return None
    origins = [o for o in (sources.source(b) for b in bullets) if o is not None]
    introducing = sum(1 for o in origins if INTRODUCING.search(o))
    if not origins or 2 * introducing >= len(origins):
        return None
    return [o for o in origins if not INTRODUCING.search(o)]


# A heading that names only the part of the paper, not what it says: no better title than
# "Motivation" for the slide made from it.
PART_HEADING = re.compile(
    r"^(?:an?\s+|the\s+)?(?:intro\w*|background|motivations?|overview|abstract|preliminar\w*|"
    r"summary|preface|foreword|general|basics|getting\s+started)"
    r"(?:\s+and\s+(?:intro\w*|background|motivations?|overview))?\s*$",
    re.I,
)


def own_heading(bullets: list[str], sources) -> str | None:
    """The heading of the one section every traced bullet of a "Motivation" slide comes from,
    when it says what the slide shows ("Overview of the process", "Introduction to usage of
    the package"): a reader learns more from it than from the part's name. None when the
    bullets come from several sections, from the abstract, or from a section headed with the
    part's name alone ("Introduction")."""
    origins = [o for o in (sources.source(b) for b in bullets) if o is not None]
    if len(origins) < 2 or 2 * len(origins) < len(bullets) or len(set(origins)) != 1:
        return None
    heading = origins[0]
    if (
        heading == sources.ABSTRACT
        or PART_HEADING.match(heading.strip())
        or AIM_TITLE.match(heading.strip())
        or title_defects.title_fragment(heading)
        or title_defects.title_text_defects(heading)
    ):
        return None
    return heading


def content_title(bullets: list[str], taken: set[str] = frozenset()) -> str:
    """A title from what the bullets are about: the subject of the first bullet that names one
    ("The programming model of Faust combines …" → "Programming model of Faust"), never a
    pronoun ("We …"); "" when none does."""
    for bullet in bullets:
        subject = title_defects.subject_title(bullet)
        if (
            len(subject.split()) >= 2
            and not PRONOUN_SUBJECT.match(subject)
            and subject not in taken
            and not title_defects.title_fragment(subject)
            and not title_defects.title_text_defects(subject)
        ):
            return subject
    return ""


def role_title_problem(title: str, bullets: list[str], paper) -> str | None:
    """What is wrong with a storyline title over these bullets, or None."""
    if aim_mismatch(title, bullets):
        return "its bullets are steps of the work, none states what the paper does"
    if MOTIVATION_TITLE.match(title.strip()):
        origins = motivation_mismatch(title, bullets, title_defects.BulletSources(paper))
        if origins:
            return f"its bullets come from “{origins[0]}”, which introduces nothing"
        heading = own_heading(bullets, title_defects.BulletSources(paper))
        if heading:
            return f"its bullets all come from “{heading}”, which says what they are"
    return None
