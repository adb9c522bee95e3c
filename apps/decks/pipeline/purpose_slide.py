"""The slide that says what the paper does, read for whether it says it.

Decks of unseen papers kept a "What this paper does" slide whose sentences were not the
paper's purpose: what a function does in the code's walk-through, which files a user edits,
a setting an example used — details of the paper's body that the slide was filled with — or
only the background the abstract opens on. A reader of that slide never learns what the
document presents. `title_role` (role_titles.py) catches a slide made only of the authors'
steps ("We multiply …"); this reads where each sentence comes from in the paper and what it
says:

- a purpose statement says what the document, the work or its subject does: the paper's
  contribution as main_points reads it ("We present …", "This vignette describes …", "The X
  package provides …"), or the paper as the subject of a verb of presenting ("The paper will
  explain how …"), or its aim ("The study was designed to determine …");
- a detail is a bullet taken from a section of the paper's body (neither the abstract, nor an
  introducing section, nor its conclusions or discussion; a sentence the abstract repeats
  comes from the abstract too) that states no purpose.

Reported (`purpose_unstated`) when the slide shows a detail, or when none of its bullets
states a purpose while the paper has a purpose statement the slide could show. The fix
(propose/repair.py) takes the details off and puts the paper's own purpose statement first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import main_points, software_points, story_slides, text, title_defects
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.paper_memo import per_paper
from apps.decks.pipeline.slide_deck import Slide

# the document or the work as the subject of a verb of presenting or aiming, with a modal or
# an adverb between: "The paper will explain how …", "This study examines …", "The present
# work aims to …" (main_points.CONTRIBUTION reads "this|our paper" with fewer verbs)
DOCUMENT_DOES = re.compile(
    r"\b(?:this|the|the\s+present|our)\s+(?:paper|article|work|study|note|report|vignette|"
    r"thesis|document|guide|essay|tutorial|manual|chapter|research|survey|review)\s+"
    r"(?:(?:will|shall|also|then|first|here|mainly|primarily|briefly)\s+)?"
    r"(?:propos|present|introduc|provid|develop|describ|offer|deriv|extend|explain|show|"
    r"demonstrat|discuss|review|examin|investigat|analy[sz]|stud|report|evaluat|compar|aim|"
    r"seek|focus|address|illustrat|outlin|argu|consider|summari[sz])\w*\b",
    re.I,
)
# the aim stated of the work in its own words: "The study was designed to determine …", "The
# objective of the present work was to …", "This work aims at …"
OWN_AIM = re.compile(
    r"\b(?:study|work|experiment|research|paper|project|survey)\s+(?:was|were|is|are)\s+"
    r"(?:\w+ly\s+)?designed\s+to\b|"
    r"\b(?:purpose|aim|objective|goal)s?\s+(?:of|in)\s+(?:this|the\s+present|our)\b",
    re.I,
)


def states_purpose(bullet: str, paper: Paper) -> bool:
    """Does the bullet say what the document, the work or its subject does?"""
    flat = text.MATH_SPAN.sub("X", bullet)
    if main_points.CONTRIBUTION.search(flat) or DOCUMENT_DOES.search(flat):
        return True
    if OWN_AIM.search(flat):
        return True
    return main_points._contribution(flat, _names(paper)) > 0


def _names(paper: Paper) -> set[str]:
    """The names of the paper's subject (software_points.names), else the words of its title
    written with a capital: a title that reads no name ("Systemtap tutorial Frank Ch. Eigler")
    still names its subject, which "Systemtap is a tool that …" says what it is."""
    names = software_points.names(paper)
    if names:
        return names
    title = text.MATH_SPAN.sub(" ", paper.title or "")
    return {w.lower() for w in re.findall(r"\b[A-Z][\w-]{2,}\b", title)}


def _summing_up(section: str) -> bool:
    """A part of the paper that states what it does: its abstract, an introducing section, its
    conclusions or discussion."""
    from apps.decks.pipeline.propose.builtin import CONCLUSION, DISCUSSION, INTRO

    return (
        section == title_defects.BulletSources.ABSTRACT
        or section.strip().lower() == "abstract"
        or any(p.search(section) for p in (INTRO, CONCLUSION, DISCUSSION))
        or bool(story_slides.STORY_HEADING.search(section))
    )


def _origins(bullet: str, sources) -> list[str]:
    """Every part of the paper holding a sentence the bullet was made from (most of its content
    words): a finding the abstract repeats from its results section comes from both."""
    words = title_defects._content_words(bullet)
    if len(words) < 3:
        return []
    found = [
        where
        for where, sentence in sources.entries
        if len(words & sentence) / len(words) >= title_defects.SOURCE_SHARE
    ]
    return list(dict.fromkeys(found))


def detail_of(bullet: str, paper: Paper, sources=None) -> str | None:
    """The body section a bullet is a detail of, when it states no purpose and only sections
    of the paper's body hold its sentence; None when it may stand on the purpose slide."""
    if states_purpose(bullet, paper):
        return None
    origins = _origins(bullet, sources or title_defects.BulletSources(paper))
    if origins and not any(_summing_up(o) for o in origins):
        return origins[0]
    return None


@dataclass
class Unstated:
    """What keeps a purpose slide from saying what the paper does: its bullets that are details
    of the body (with the section each comes from), and whether any bullet states a purpose."""

    details: list[tuple[str, str]]  # (bullet, its section)
    has_purpose: bool
    statements: list[str]  # the paper's purpose statements the slide could show, best first


@per_paper
def purpose_statements(paper: Paper) -> list[str]:
    """The paper's statements of what it does, as bullets, best first: its contributions as
    main_points reads them (the abstract, else the introduction), then the first sentence of
    the abstract or of the opening section that states a purpose in the paper's own voice
    ("Here we describe an implementation of …", "This paper shows how to …", which
    main_points' stricter reading leaves out)."""
    found = [s.bullet for s in main_points.method_statements(paper)]
    opening = [paper.abstract] if paper.abstract else []
    opening += [p for s in paper.sections[:1] for p in s.paragraphs]
    for paragraph in opening:
        previous = ""
        for sentence in text.sentences(paragraph):
            if _own_purpose(sentence, paper):
                bullet = main_points.statement_bullet(sentence, previous)
                if bullet is not None and not any(text.similar(bullet, f) for f in found):
                    return [*found, bullet]
            previous = sentence
    return found


def _own_purpose(sentence: str, paper: Paper) -> bool:
    """A purpose statement in the paper's own voice: the authors or the document as its subject,
    never another study's ("Smith et al. propose …")."""
    flat = text.MATH_SPAN.sub("X", sentence)
    if main_points.CITED.search(flat) and not main_points.FIRST_PERSON.search(flat):
        return False
    return states_purpose(sentence, paper)


def unstated(slide: Slide, paper: Paper, sources=None) -> Unstated | None:
    """What is wrong with a purpose slide (story_slides.is_purpose), or None when it says what
    the paper does and shows no detail of its body."""
    if not story_slides.is_purpose(slide):
        return None
    sources = sources or title_defects.BulletSources(paper)
    purposes = [b for b in slide.bullets if states_purpose(b, paper)]
    details = []
    for bullet in slide.bullets:
        section = detail_of(bullet, paper, sources)
        if section is not None:
            details.append((bullet, section))
    statements = [
        s for s in purpose_statements(paper) if not any(text.similar(s, b) for b in slide.bullets)
    ]
    # only a statement that says what the paper does can be missed: a contribution main_points
    # reads may be a sentence of the method ("Deficit irrigation gives the crop less water …"),
    # which the fix would not put on the slide, and the finding would stay open every round
    missing_purpose = not purposes and any(states_purpose(s, paper) for s in statements)
    if not details and not missing_purpose:
        return None
    return Unstated(details, bool(purposes), statements)
