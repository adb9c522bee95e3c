"""Detectors for bullets that are not self-contained statements, that narrate code the slide does
not show, or that carry console output before their sentence.

- A fragment: a subordinate clause or condition with no main clause ("If $W$ and $C$ are
  independent and each follow …"), a prepositional or participial opener that continued the
  sentence before it ("With taxonomic levels where …", "Blithely writing a formula in terms of
  $V^{-1}$ when …"), a verb with no subject ("Will discuss how to …"), an aside in brackets
  ("(the normalizing constant changes, …)"). Judged by the sentence's grammar shape
  (clause_shape.py): its opener, and whether a finite verb stands outside its subordinate
  clauses.
- Code narration: a sentence about code or output the paper printed beside it ("The code below
  plots …", "The second code chunk uses …", "Before we begin, let's set the masks back to
  NULL").
- Stray output: numbers a console printed, glued before a sentence ("8 1143 One example …").

defects.text_defects runs them beside the other classes; each returns the offending part, or None.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import clause_shape as cs
from apps.decks.pipeline.text import MATH_SPAN, STOPWORDS

MIN_FRAGMENT_WORDS = 4
OPENS_SUBORDINATE = re.compile(rf"^(?:{cs.CLAUSE_OPENERS})\b", re.I)
# A sentence may open with a prepositional phrase or a participle only when a main clause
# follows it. ("To" opens a purpose clause: "To fit the model, we …".)
OPENING_PREPOSITION = cs.words(
    "with without within in on at by for from under over among between after before during via "
    "through across along against beyond upon into towards throughout despite regarding "
    "concerning unlike like to"
)


def _part(text: str, words: int = 6) -> str:
    return " ".join(MATH_SPAN.sub("X", text.strip()).split()[:words])


def imperative(s: cs.Shape, start: int) -> bool:
    """Does the part open with a verb in the imperative ("…, please cite …", "…, apply step 1
    …", "…, call the function")? A bare word before what a verb takes, in no form of a noun."""
    first = s.tokens[start]
    after = s.tokens[start + 1] if start + 1 < len(s.tokens) else "."
    if first == "please":
        return True
    if not cs.wordlike(first) or first in cs.NOT_VERBS or cs.adverb(first):
        return False
    if first.endswith(("s", "ed", "ing")):
        return False
    then = s.tokens[start + 2] if start + 2 < len(s.tokens) else ""
    return (
        after in cs.DETERMINERS
        or after in cs.OBJECT_WORDS
        or after == "("
        or (cs.wordlike(after) and (then[:1].isdigit() or then.startswith("X")))  # "apply step 1"
    )


def _main_clause_after(s: cs.Shape, parts: list[tuple[int, int]]) -> bool:
    """Does any part after the first hold a main clause: a finite verb outside subordinate
    clauses, or an imperative? A part that opens with "and"/"or" goes on with the clause
    before it ("If $A$, $B$, and $C$ are zero")."""
    for start, end in parts[1:]:
        if "then" in s.tokens[start:end] or imperative(s, start):
            return True
        if s.tokens[start] in cs.COORDINATORS:
            continue
        if cs.main_verbs(s, start, end):
            return True
    return False


def lone_subordinate(text: str) -> str | None:
    """A subordinate clause or condition without its main clause: "If $W$ and $C$ are
    independent and each follow a gamma distribution", "When the sample is small"."""
    stripped = text.strip()
    if not OPENS_SUBORDINATE.match(stripped) or stripped.rstrip().endswith("?"):
        return None
    s = cs.shape(stripped)
    if len([t for t in s.tokens if cs.wordlike(t) or t.startswith("X")]) < MIN_FRAGMENT_WORDS:
        return None
    parts = cs.chunks(s.tokens)
    if _main_clause_after(s, parts):
        return None
    start, end = parts[0]
    if "then" in s.tokens[start:end]:
        return None
    # Without a comma the main clause follows the subordinate one directly ("When the sample
    # is small the bootstrap is biased"): a verb after the clause's own verb that stands alone.
    opener = 1 if s.tokens[start] in cs.SUBORDINATORS else 0
    # "When doing MCMC one should …": a clause of a participle has no verb to take
    reduced = s.tokens[start + opener].endswith(("ing", "ed")) if start + opener < end else False
    if cs.main_verbs(s, start + opener, end, pending=0 if reduced else 1):
        return None
    return _part(stripped)


def opening_phrase(s: cs.Shape) -> int | None:
    """The number of tokens of an opening prepositional phrase's head or participle
    ("With", "Blithely writing", "Considered"), or None when the sentence opens otherwise."""
    tokens = s.tokens
    if not tokens:
        return None
    first = tokens[0]
    if first in OPENING_PREPOSITION:
        return 1
    if len(tokens) > 1 and cs.adverb(first) and tokens[1].endswith(("ing", "ed")):
        return 2  # "Blithely writing …", "Carefully chosen …"
    if len(first) > 5 and first.endswith(("ing", "ed")) and first not in ("indeed", "nothing"):
        return 1  # "Writing …", "Considered …"
    return None


def headless_phrase(text: str) -> str | None:
    """A phrase that continued the sentence before it, with no main clause of its own: "With
    taxonomic levels where $w_{ij} = 1$ if …", "Blithely writing a formula in terms of
    $V^{-1}$ when $V$ is singular". A gerund that is the subject ("Writing the formula is
    wrong …") has its main verb and stands."""
    stripped = text.strip()
    if stripped.endswith("?"):
        return None
    s = cs.shape(stripped)
    head = opening_phrase(s)
    if head is None or len([t for t in s.tokens if cs.wordlike(t)]) < MIN_FRAGMENT_WORDS:
        return None
    parts = cs.chunks(s.tokens)
    start, end = parts[0]
    if cs.main_verbs(s, start + head, end) or _main_clause_after(s, parts):
        return None
    # A gerund subject of two parts: "Retrieving the form, or conversion to another, can be
    # done by …": the verb after "or" is the whole subject's.
    gerund = s.tokens[start + head - 1].endswith("ing")
    verbless_subject = gerund and not any(start <= v < end for v in s.verbs)
    joined = [cs.main_verbs(s, a + 1, b) for a, b in parts[1:] if s.tokens[a] in cs.COORDINATORS]
    if verbless_subject and any(joined):
        return None
    return _part(stripped)


# A modal that opens the sentence without its subject: "Will discuss how to retrieve …", "Shall
# be used …". "May" and "Will" are names and a month too: only with a verb's object after them
# ("May is the wettest month", "Will runs the lab" stand).
SUBJECTLESS_MODAL = re.compile(
    r"^(?:Will|May|Shall)\s+(?:(?:not|also|then|now|first|briefly|then)\s+)?"
    r"(?:be|have|(?P<verb>[a-z]+(?<!s)|[a-z]+ss)\s+(?:how|what|whether|why|when|which|that|the|"
    r"a|an|this|these|their|its|our|some|all|each|to|in|on|for|with|X)\b)",
)


def subjectless_modal(text: str) -> str | None:
    match = SUBJECTLESS_MODAL.match(MATH_SPAN.sub("X", text.strip()))
    return match.group(0).strip() if match else None


def bracketed_fragment(text: str) -> str | None:
    """An aside in brackets as the whole bullet, in lower case or never closed: "(the
    normalizing constant changes, but …)". (One in capitals that closes is a sentence the
    paper set aside: lost_text.wrapped_aside unwraps it.)"""
    stripped = text.strip()
    # a square bracket too: an editor's or author's aside ("[use `tally()` to list them]"),
    # also as markdown escapes it ("\\[use …]")
    stripped = re.sub(r"^\\(?=\[)", "", stripped)
    if not stripped.startswith(("(", "[")):
        return None
    opening = stripped[0]
    closing = {"(": ")", "[": "]"}[opening]
    depth = 0
    for position, char in enumerate(stripped):
        depth += {opening: 1, closing: -1}.get(char, 0)
        if depth == 0:
            closes_at_end = not stripped[position + 1 :].strip(" .;,")
            if closes_at_end and re.match(r"[(\[]\s*[a-z]", stripped):
                return opening + _part(stripped[1:], 4)
            return None
    return opening + _part(stripped[1:], 4)  # never closed


def fragment(text: str) -> str | None:
    """A bullet that is not a self-contained statement."""
    for detector in (bracketed_fragment, subjectless_modal, lone_subordinate, headless_phrase):
        part = detector(text)
        if part:
            return part
    return None


# What code and its output are called in a vignette or a tutorial.
_CODE_NOUN = (
    r"(?:R\s+|Python\s+|example\s+|source\s+)?(?:code(?:\s+(?:chunk|block|snippet|fragment))?|"
    r"chunks?|snippets?|listings?|scripts?|commands?|calls?|printouts?|"
    r"(?:console\s+|printed\s+|R\s+)?output|lines?\s+of\s+code)"
)
_CODE_SUBJECT = r"(?:code(?:\s+(?:chunk|block|snippet|fragment))?|chunk|snippet|listing|script)"
CODE_NARRATION = re.compile(
    # code or output the paper prints beside the sentence: "the following code", "the second
    # code chunk", "the output above", "the code below"
    rf"\b(?:the|this|these|our)\s+(?:first|second|third|fourth|last|next|previous|preceding|"
    rf"following|above|below|final)\s+{_CODE_NOUN}\b|"
    rf"\b(?:the|this|these|that)\s+{_CODE_NOUN}\s+(?:shown\s+)?(?:below|above|here)\b|"
    r"\b(?:code\s+chunk|chunk\s+of\s+code|code\s+snippet|code\s+block|lines?\s+of\s+code)s?\b|"
    # code as the actor: "The code plots the raw data", "This chunk creates …"
    rf"^(?:the|this)\s+{_CODE_SUBJECT}\s+(?:plots|produces|prints|returns|uses|creates|computes|"
    r"generates|does|gives|shows|calls|runs|loads|reads|defines|sets|fits|draws|makes)\b|"
    # what the session printed, read out: "The output shows …", "The printed summary gives …"
    r"^(?:the|this)\s+(?:(?:printed|console|resulting|R|above|summary)\s+)?(?:output|printout|"
    r"summary|print-?out)\s+(?:(?:above|below|here)\s+)?(?:shows|indicates|reveals|gives|lists|"
    r"reports|contains|confirms|displays|tells|says|suggests|looks)\b|"
    # a tutorial's narration of its session: "Before we begin, let's set …", "Let's now load …"
    r"^before\s+we\s+(?:begin|start)\b|"
    r"\blet(?:'s|’s|s)\s+(?:now\s+|first\s+|then\s+)?(?:set|load|define|create|make|run|use|"
    r"try|call|read|put|assign|store|save|print|plot|check|start|begin|fit|compute|install)\b",
    re.I,
)
# The session's narration (the author's own, not the reader's "you can set the seed") of a value
# that only code holds: "We define a rseed …", "we initialize
# log.pseudo.prior at zero", "we assign the result to fm1": a first-person act of setting up
# the session on an object named as code (a dotted, numbered or underscored name) or as one of
# the things a session holds.
CODE_ACT = re.compile(
    r"\b(?i:we|I)\s+(?:(?:first|now|then|next|also|will|can|need\s+to|have\s+to)\s+)*"
    r"(?i:define|set|assign|store|save|load|create|initiali[sz]e|declare|attach|source|print|"
    r"type|run|call|read\s+in|generate|simulate|draw)\s+(?:(?:a|an|the|our)\s+)?"
    r"(?:(?i:new|two|three|four|five|several|some)\s+)?"
    r"(?P<name>[a-z]+[A-Z_.\d][\w.]*[\w]|(?:random\s+)?r?seed|(?i:object|variable|vector|"
    r"matri(?:x|ces)|list|data\s?frame|workspace|working\s+directory)s?)\b"
)


def code_narration(text: str) -> str | None:
    """The sentence narrates code or output that the slide does not show."""
    flat = MATH_SPAN.sub("X", text.strip())
    match = CODE_NARRATION.search(flat) or CODE_ACT.search(flat)
    return match.group(0).strip(" ,.") if match else None


# Numbers a console printed before the sentence: two or more ("8 1143 One example …", "[1] 8
# 1143 …"), or one before a word that opens sentences ("1143 One example …", "3 Here we …").
STRAY_OUTPUT = re.compile(
    r"^(?:\[\d+\]\s*)?(?:[-−]?\d+(?:\.\d+)?\s+){2,}(?=[A-Z][a-z]*\b)|"
    r"^(?:\[\d+\]\s*)?[-−]?\d+(?:\.\d+)?\s+(?=(?P<word>[A-Z][a-z]*)\s)"
)


def stray_output(text: str) -> str | None:
    match = STRAY_OUTPUT.match(text.strip())
    if match is None:
        return None
    word = match.group("word")
    if word is not None and word.lower() not in STOPWORDS:
        return None  # "2010 Census data show …", "12 Monkeys": the number is the sentence's
    return match.group(0).strip()


def without_stray_output(text: str) -> str:
    return STRAY_OUTPUT.sub("", text.strip(), count=1) if stray_output(text) else text
