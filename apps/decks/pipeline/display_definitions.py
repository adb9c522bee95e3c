"""Symbols a paper introduces only by a display, said in words.

Many papers never write "let $D$ be …": they write the sentence leading into a display ("This
statistic is simply the largest distance between the two CDFs:") and the display itself names
the symbol on its left side ("$D = \\max_x |S(x) - P(x)|$"). A bullet that later uses $D$ on a
deck without that display leans on it as much as on any "where $D$ is …" — the round-23 class
"symbols defined only by a display". `display_definition` reads such a pair and writes what the
paper says of the symbol as one sentence, "$D$ is the largest distance between the two CDFs":
the lead's own predicate, said of the display's left side, and nothing else. It reads only two
shapes of lead, both a copula before the colon, and refuses every other:

- "SUBJECT is [simply|just] the/a/an NOUN PHRASE:" — the display is the subject and the noun
  phrase, so its left side is the noun phrase ("This statistic is simply the maximum …:");
- "The/A/An NOUN PHRASE is [given by|defined as|…]:" — the display gives the noun phrase
  ("The estimator of the slope is:").

Plural leads ("The basis vectors are given by:") are refused: the left side is then one of
several, and "is the basis vectors" would be wrong. So are leads with a verb or pronoun in the
phrase (it would not be a noun phrase), a phrase that points on ("the following", "the
expression below"), and displays whose left side is more than one symbol with its arguments.
"""

from __future__ import annotations

import re

# the lead's two shapes (the colon is stripped before)
PREDICATE = re.compile(
    r"^(?P<subject>(?:[\w$\\{}()'’-]+\s+){1,8}?)(?P<verb>is)\s+(?:simply\s+|just\s+)?"
    r"(?P<phrase>(?:the|a|an)\s+.+)$",
    re.I,
)
SUBJECT = re.compile(
    r"^(?P<phrase>(?:the|a|an)\s+.+?)\s+(?P<verb>is)"
    r"(?:\s+(?:given|defined|written|computed|calculated|expressed|obtained)\s+(?:by|as))?$",
    re.I,
)
# words that no noun phrase (nor a subject before "is") holds: a verb, a pronoun, a clause
_NOT_IN_PHRASE_WORDS = """
    is are was were be been being has have had can could may might will would shall should must
    does do did we you they it its this these that those such which who whom whose where
    when while if then thus so because since as following follows below above here
    there"""
NOT_IN_PHRASE = frozenset(_NOT_IN_PHRASE_WORDS.split())
# a noun phrase ending so names no thing: "the maximum distance between", "a function of"
_DANGLING_END_WORDS = (
    "of to in on at by for from with between among and or the a an than into over under"
)
DANGLING_END = frozenset(_DANGLING_END_WORDS.split())
# heads that name the display's form, not what it stands for ("the equation", "a relation")
_FORM_HEADS_WORDS = """
    equation equations expression expressions formula formulas formulae relation relations form
    identity result following case cases"""
FORM_HEADS = frozenset(_FORM_HEADS_WORDS.split())
MAX_PHRASE_WORDS = 16
# a left side that is one symbol with its arguments: "D", "p(x)", "\hat{\alpha}", "G_{p}(s, t)"
ARGUMENTS = re.compile(r"\s*\((?P<inner>[^()]*)\)\s*$")
OPERATOR = re.compile(r"[+\-*/<>|,;!]|\\(?:frac|sum|int|prod|cdot|times|left|right|max|min|sqrt)")


def _top_level_equals(tex: str) -> list[int]:
    """Where the display's "=" outside brackets are ("i=1" of a sum's limits is inside one);
    a "<=", ">=" or "!=" is a relation, not a definition: none then."""
    depth = 0
    found: list[int] = []
    for at, char in enumerate(tex):
        if char in "({[":
            depth += 1
        elif char in ")}]":
            depth -= 1
        elif char == "=" and depth == 0:
            if tex[:at].rstrip().endswith(("<", ">", "!", "\\")):
                return []
            found.append(at)
    return found


def _left_side(tex: str) -> str | None:
    """The display's left side when it is one symbol (with its arguments), else None."""
    if "\\\\" in tex or "\\begin" in tex:
        return None  # rows: several definitions, or one spread over lines
    equals = _top_level_equals(tex)
    if len(equals) != 1:
        return None  # none, or a chain "a = b = c" whose sides are not one definition
    left = tex[: equals[0]].rstrip(":").strip()
    head = ARGUMENTS.sub("", left)
    if not head or OPERATOR.search(head) or "^" in head:
        return None  # "x^{2}" names a power, "a + b" no symbol
    from apps.decks.pipeline.symbol_context import symbols

    if len(symbols(head)) != 1:
        return None
    return left


def _phrase(words: str) -> str | None:
    """The noun phrase when it reads as one, else None."""
    phrase = words.strip().rstrip(",")
    plain = re.sub(r"\$[^$]*\$", "X", phrase)
    tokens = re.findall(r"[A-Za-z][A-Za-z'’-]*", plain.lower())
    if not 2 <= len(tokens) <= MAX_PHRASE_WORDS:
        return None
    if any(t in NOT_IN_PHRASE for t in tokens) or tokens[-1] in DANGLING_END:
        return None
    if any(t in FORM_HEADS for t in tokens):
        return None
    if phrase.count("(") != phrase.count(")"):
        return None
    return phrase


def display_definition(tex: str, lead: str) -> tuple[str, str] | None:
    """(the symbol's key, "$LEFT$ is the NOUN PHRASE") when the display defines one symbol
    and its lead says in words what the display is; None otherwise."""
    from apps.decks.pipeline.symbol_context import symbols

    lead = (lead or "").strip()
    if not lead.endswith(":"):
        return None
    left = _left_side(tex or "")
    if left is None:
        return None
    body = lead[:-1].strip()
    phrase = None
    match = PREDICATE.match(body)
    if match and not any(
        w.lower() in NOT_IN_PHRASE - {"this", "these", "that", "those", "such"}
        for w in re.findall(r"[A-Za-z]+", match.group("subject"))
    ):
        phrase = _phrase(match.group("phrase"))
    if phrase is None:
        match = SUBJECT.match(body)
        if match:
            phrase = _phrase(match.group("phrase"))
    if phrase is None:
        return None
    phrase = phrase[:1].lower() + phrase[1:] if re.match(r"(?:The|A|An)\b", phrase) else phrase
    key = symbols(ARGUMENTS.sub("", left))[0].key
    return key, f"${left}$ is {phrase}"
