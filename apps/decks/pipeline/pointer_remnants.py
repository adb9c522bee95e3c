"""What a pointer to a figure, table or section leaves behind when it is taken out of a
sentence badly (the garbled class): the comma that closed it as an aside ("The program, shown
in Figure 1, computes …" shown as "The program, computes …"), the rest of the phrase it opened
("In Table 3 rows (B), we see …" shown as "Rows (B), we see …"), or two commas in a row.

A bullet is checked against the paper's sentences that hold such a pointer: the words on both
sides of it must be the bullet's, so that a comma the paper itself writes there is never taken
for one (a list, an apposition). The repair is the bullet with the remnant taken out."""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Paper

_LABEL = r"(?:\d+(?:\.\d+)*[a-z]?|[A-Z](?![a-z]))"
_NOUN = (
    r"(?:Figures?|Figs?\.|Tables?|Tab\.|Sections?|Sec\.|Appendix|Equations?|Eqs?\.|Listing|"
    r"Algorithm)"
)
_POINTER = rf"{_NOUN}\s*\(?{_LABEL}\)?(?:\s*(?:,|and|&|–|-)\s*\(?{_LABEL}\)?)*"
# ", as shown in Figure 1,", ", see Table 2,", ", cf. Section 3,", ", in Figure 4,"
ASIDE = re.compile(
    r",\s*(?:as\s+)?(?:(?:shown|seen|given|reported|illustrated|described|depicted|plotted|"
    r"listed|summari[sz]ed|presented|displayed|defined|detailed|outlined|explained)\s+)?"
    rf"(?:in|see|cf\.|from|on)\s+{_POINTER}\s*,\s*",
    re.I,
)
# "In Table 3 rows (B), …", "From Figure 5 (left), …": a pointer that opens the sentence
# and a phrase of its own before the comma
LEAD = re.compile(
    rf"^(?:in|from|on|see)\s+{_POINTER}\s+(?P<rest>[^,;:]{{1,40}}?)\s*,\s*(?=\w)",
    re.I,
)
DOUBLE_COMMA = re.compile(r"\w\s*,\s*,\s*\w")
_WORD = re.compile(r"[\w$\\{}()^.-]+")


@dataclass(frozen=True)
class Remnant:
    form: str  # "aside_comma" | "lead_phrase" | "double_comma"
    part: str  # the text of the bullet that is the remnant


def _words_before(value: str, count: int) -> list[str]:
    return _WORD.findall(value)[-count:]


def _words_after(value: str, count: int) -> list[str]:
    return _WORD.findall(value)[:count]


def _joined(words: list[str]) -> str:
    return r"\s+".join(re.escape(w) for w in words)


@dataclass(frozen=True)
class _Pattern:
    form: str
    regex: re.Pattern


_CACHE: dict[int, tuple[Paper, tuple[_Pattern, ...]]] = {}


def _patterns(paper: Paper) -> tuple[_Pattern, ...]:
    cached = _CACHE.get(id(paper))
    if cached is not None and cached[0] is paper:
        return cached[1]
    if len(_CACHE) > 8:
        _CACHE.clear()
    found: list[_Pattern] = []
    for section in paper.sections:
        for paragraph in section.paragraphs:
            if not re.search(_NOUN, paragraph, re.I):
                continue
            for sentence in text.sentences(paragraph):
                found.extend(_sentence_patterns(sentence))
    result = tuple(found)
    _CACHE[id(paper)] = (paper, result)
    return result


def _sentence_patterns(sentence: str) -> list[_Pattern]:
    """For each pointer of the sentence, what a bullet made of it shows when the pointer was
    taken out and its remnant left: two words before it, a comma, three words after it."""
    found: list[_Pattern] = []
    for match in ASIDE.finditer(sentence):
        before = _words_before(sentence[: match.start()], 2)
        after = _words_after(sentence[match.end() :], 3)
        if len(before) < 1 or len(after) < 2:
            continue
        regex = re.compile(rf"(?<![\w]){_joined(before)}\s*,\s*{_joined(after)}(?![\w])", re.I)
        found.append(_Pattern("aside_comma", regex))
    lead = LEAD.match(sentence)
    if lead is not None:
        rest = lead.group("rest").strip()
        after = _words_after(sentence[lead.end() :], 3)
        if _WORD.search(rest) and len(after) >= 2:
            regex = re.compile(rf"^{re.escape(rest)}\s*,\s*{_joined(after)}(?![\w])", re.I)
            found.append(_Pattern("lead_phrase", regex))
    return found


def pointer_remnant(bullet: str, paper: Paper) -> Remnant | None:
    """The remnant of a pointer taken out of the bullet's sentence, or None."""
    double = DOUBLE_COMMA.search(bullet)
    if double is not None:
        return Remnant("double_comma", double.group(0))
    if "," not in bullet:
        return None
    for pattern in _patterns(paper):
        match = pattern.regex.search(bullet)
        if match is not None:
            return Remnant(pattern.form, match.group(0))
    return None


def without_remnant(bullet: str, remnant: Remnant) -> str | None:
    """The bullet with the remnant taken out, or None when it is not in the bullet (any more)
    or nothing whole is left."""
    if remnant.part not in bullet:
        return None
    if remnant.form == "double_comma":
        fixed = bullet.replace(remnant.part, re.sub(r"\s*,\s*,\s*", ", ", remnant.part), 1)
    elif remnant.form == "aside_comma":
        fixed = bullet.replace(remnant.part, re.sub(r"\s*,\s*", " ", remnant.part, count=1), 1)
    else:  # lead_phrase: the phrase the pointer opened goes with it
        rest = re.sub(r"^[^,]*,\s*", "", remnant.part, count=1)
        fixed = bullet.replace(remnant.part, rest, 1)
        if text.word_count(fixed) < 4:
            return None
        fixed = text.capitalised(fixed)
    return fixed.strip()
