"""A bullet shortened by cutting its opening must keep its subject.

On unseen papers the loop shortened a flagged bullet by cutting words off its start and left a
verb phrase with no one doing it ("Reduces memory use by 40 %" from "Our method, which …,
reduces memory use by 40 %"; "Needs no training" from "The model … and needs no training").
The reviewer's text checks read such a bullet as a statement, so nothing caught it.

A cut is read against the sentence it was cut from: the new bullet's words are a run of the
old bullet's words that starts later. The cut drops the subject when the remainder opens with
a word that reads as a finite verb once given a subject, and the part cut off holds a noun
phrase that can be that subject (a part between commas opening with a determiner, a pronoun,
a name or a formula), not only an opening phrase ("However,", "In this paper,", "Compared
with X,") whose removal leaves the sentence whole.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import clause_shape as cs

WORD = re.compile(r"\$[^$]*\$|[A-Za-z0-9][\w'’\-.%]*[\w%]|[A-Za-z0-9]")
# what opens a part that cannot be a subject: a preposition, a subordinator, a coordinator,
# an adverb, a participle's phrase ("Compared with …", "Using …")
PARTICIPLE = re.compile(r"^[a-z]{3,}(?:ed|ing)$")
OPENER = re.compile(rf"(?:{cs.CLAUSE_OPENERS}|whatever|whichever|however)\b", re.I)


def _words(value: str) -> list[re.Match]:
    return list(WORD.finditer(value))


def cut_lead(old: str, new: str) -> str | None:
    """The text of `old` cut off before `new`, when `new` is `old`'s words from a later word on
    (its tail may be cut too); None when `new` is not such a cut."""
    mine = [m.group(0).lower() for m in _words(new)]
    found = _words(old)
    theirs = [m.group(0).lower() for m in found]
    if len(mine) < 2:
        return None
    for start in range(1, len(theirs) - len(mine) + 1):
        if theirs[start : start + len(mine)] == mine:
            return old[: found[start].start()]
    return None


def _opens_with_verb(value: str) -> bool:
    """Does the text open with a word that reads as a finite verb after a subject ("the model
    reduces …", "the model is …")? A subject pronoun would make any word a verb; a noun phrase
    leaves a name or a noun ("the model Gorder …") no verb."""
    opened = value[:1].lower() + value[1:]
    if 2 in cs.shape("the model " + opened).verbs:
        return True
    # a base form ("need", "use") is a verb after a plural subject when its object follows
    s = cs.shape("the models " + opened)
    word = s.tokens[2] if len(s.tokens) > 2 else ""
    if word.endswith("ing") or word in cs.SUBORDINATORS or OPENER.match(opened):
        return False  # a participle's phrase, or a clause of its own ("while the …")
    after = s.tokens[3] if len(s.tokens) > 3 else ""
    takes = after in cs.DETERMINERS or after in cs.OBJECT_WORDS or after[:1].isdigit()
    return 2 in s.verbs and takes


def _can_be_subject(part: str, closed: bool) -> bool:
    """Does the part (between commas) open with what opens a noun phrase a clause can have as
    its subject: a determiner, a subject pronoun, a formula, or a name or noun? One word closed
    by a comma ("Moreover,", "Likewise,") is a connector, not a subject."""
    tokens = cs._raw_tokens(part)
    if not tokens:
        return False
    first = tokens[0]
    if first in ("X", "XR"):
        return True
    word = first.lower()
    if closed and (len(tokens) == 1 or all(_connective(t.lower()) for t in tokens)):
        return False  # "Moreover,", "More precisely,": a connector before the sentence
    if word in cs.DETERMINERS or word in cs.SUBJECT_PRONOUNS:
        return True
    if not cs.wordlike(first) or word in cs.NOT_VERBS or word in cs.SUBORDINATORS:
        return False
    return not (cs.adverb(word) or PARTICIPLE.match(word))


def _name_or_formula(word: str) -> bool:
    """A word the cut sentence wrote with a capital inside it (a name: "… in our replication,
    ChDFS uses …") or a formula: never a verb, whatever it ends with."""
    return word.startswith("$") or word[:1].isupper()


def _connective(word: str) -> bool:
    return word in cs.NOT_VERBS or cs.adverb(word)


def drops_subject(old: str, new: str) -> bool:
    """Is `new` `old` with its opening cut off, the subject of its verb with it?"""
    lead = cut_lead(old, new)
    if lead is None or not _opens_with_verb(new):
        return False
    opening = _words(old[len(lead) :])[0].group(0)
    if _name_or_formula(opening):
        return False
    pieces = re.split(r"([,;:—–()])", lead)
    parts = [(p.strip(), 2 * i + 1 < len(pieces)) for i, p in enumerate(pieces[::2]) if p.strip()]
    # (part, closed: a mark follows it) — the last part is closed only if the lead ends on one
    parts = [(p, closed or bool(re.search(r"[,;:—–()]\s*$", lead))) for p, closed in parts]
    return any(_can_be_subject(p, closed) for p, closed in parts)
