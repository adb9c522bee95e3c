"""Parts of a command that a bullet uses before the deck has named the command.

A software paper introduces a command ("The `setrange` command controls …", "fitted with the
`hurdle()` function") and then, sentence after sentence, its parts: arguments and options
("The first ⟨coordinates⟩ give …", "… can be specified via `zero.dist`", "An ⟨empty⟩ argument
suppresses …"). Such a sentence is about the command; a bullet that keeps it without the
command reads as a statement about nothing the reader has seen.

This module reads from the paper which code names are wholes (a command, function, macro …:
named with such a noun, or written as a call `f()` / `\\mathrm{f}(…)`) and which are parts (an
argument, option, parameter …, or a grammar placeholder ⟨…⟩), and for a part the wholes its
sentence is about: the wholes its own paragraph names, else those of the nearest paragraph
before it in its section that names one. A part is introduced when the deck (the slide up to
the bullet, or an earlier slide) names the part itself or one of its wholes, or the bullet names
a whole of it. The reviewer reports the others (review/context_rules.py, `unintroduced_code`);
the proposer brings the sentence introducing the whole onto the slide, or leaves the bullet out
(propose/context_fix.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.text import MATH_SPAN, sentences

CODE_SPAN = re.compile(r"`([^`\n]{1,80})`")
# The leading identifier of a code span: `zero.dist`, `fit.method = 6`, `glm()`
IDENTIFIER = re.compile(r"[A-Za-z_.][\w.$:]*")
# A grammar placeholder inside a formula: \langle \mathrm{label} \mathrm{suffix}\rangle
PLACEHOLDER = re.compile(r"\\langle\s*((?:\\mathrm\s*\{[^{}]*\}\s*|[A-Za-z]+\s*)+)\\rangle")
# A command called in a formula: \mathrm{setrange}(…)
MATH_CALL = re.compile(r"\\mathrm\s*\{([A-Za-z][\w.]*)\}\s*\(")
WHOLE_NOUNS = (
    r"commands?|functions?|macros?|methods?|procedures?|routines?|subroutines?|programs?|"
    r"packages?|librar(?:y|ies)|modules?|classe?s?|environments?|statements?|primitives?|"
    r"operators?|tools?|utilit(?:y|ies)|scripts?|constructors?"
)
PART_NOUNS = (
    r"arguments?|options?|parameters?|fields?|slots?|attributes?|components?|elements?|"
    r"keywords?|flags?|switch(?:es)?|settings?"
)
# Between a noun and its name, or between names of one list: "the `dist`, `zero.dist` and `link`
# arguments", "the functions `hurdle()` and `zeroinfl()`"
LIST_GLUE = re.compile(r"^(?:\s*(?:,|and|or|&)\s*)+$")


@dataclass(frozen=True)
class CodeName:
    key: str  # "zero.dist", "<labelsuffix>"
    shown: str  # as a reader sees it: "`zero.dist`", "⟨label suffix⟩"
    start: int
    end: int
    placeholder: bool = False
    call: bool = False  # written as a call: `glm()`, \mathrm{setrange}(


def code_names(text: str) -> list[CodeName]:
    """The code names a text mentions, in order: code spans, placeholders and math calls."""
    names: list[CodeName] = []
    for match in CODE_SPAN.finditer(text):
        span = match.group(1).strip()
        ident = IDENTIFIER.match(span)
        if ident is None or len(ident.group(0).strip(".")) < 2:
            continue  # a value (`7`, `"poisson"`) or a letter
        key = ident.group(0).strip(".")
        call = span[ident.end() :].lstrip().startswith("(")
        names.append(CodeName(key, f"`{span}`", match.start(), match.end(), call=call))
    for math in MATH_SPAN.finditer(text):
        tex = math.group(0)
        for match in PLACEHOLDER.finditer(tex):
            words = re.findall(r"[A-Za-z]+", re.sub(r"\\mathrm", "", match.group(1)))
            key = "<" + "".join(words).lower() + ">"
            names.append(
                CodeName(
                    key,
                    "⟨" + " ".join(words) + "⟩",
                    math.start() + match.start(),
                    math.start() + match.end(),
                    placeholder=True,
                )
            )
        for match in MATH_CALL.finditer(tex):
            at = math.start() + match.start()
            names.append(CodeName(match.group(1), match.group(1), at, at + 1, call=True))
    return sorted(names, key=lambda n: n.start)


def _noun_beside(text: str, names: list[CodeName], index: int, nouns: str) -> bool:
    """Is the name (with the names listed with it) right after or right before one of `nouns`?
    "the `setrange` command", "the command `gdraw`", "the `dist`, `zero.dist` and `link`
    arguments"."""
    first = last = index
    while first > 0 and LIST_GLUE.match(text[names[first - 1].end : names[first].start] or "x"):
        first -= 1
    while last + 1 < len(names) and LIST_GLUE.match(
        text[names[last].end : names[last + 1].start] or "x"
    ):
        last += 1
    after = text[names[last].end :]
    before = text[: names[first].start]
    return bool(
        re.match(rf"\s*(?:{nouns})\b", after, re.I)
        or re.search(rf"\b(?:{nouns})\s*(?:of\s+)?$", before, re.I)
    )


def kinds_in(text: str) -> dict[str, str]:
    """ "whole" or "part" for each code name the text gives a kind ({} for the others)."""
    names = code_names(text)
    kinds: dict[str, str] = {}
    for index, name in enumerate(names):
        if name.call or _noun_beside(text, names, index, WHOLE_NOUNS):
            kinds[name.key] = "whole"
        elif name.placeholder or _noun_beside(text, names, index, PART_NOUNS):
            kinds.setdefault(name.key, "part")
    return kinds


@dataclass
class CodeParts:
    """What the paper says of its code: each name's kind and the paragraphs in order."""

    kinds: dict[str, str] = field(default_factory=dict)
    # (section index, paragraph) in reading order
    paragraphs: list[tuple[int, str]] = field(default_factory=list)

    def is_whole(self, key: str) -> bool:
        return self.kinds.get(key) == "whole"

    def is_part(self, key: str) -> bool:
        return self.kinds.get(key) == "part"

    def wholes_in(self, paragraph: str) -> list[str]:
        return list(dict.fromkeys(n.key for n in code_names(paragraph) if self.is_whole(n.key)))

    def home(self, sentence: str) -> int | None:
        """The paragraph the sentence comes from (its first words found there)."""
        key = _key(sentence)[:60]
        if len(key) < 12:
            return None
        return next((i for i, (_, p) in enumerate(self.paragraphs) if key in _key(p)), None)

    def wholes_of(self, sentence: str) -> list[str]:
        """The wholes the sentence's part is about: those its paragraph names before it, else
        those of the nearest paragraph before it (in its section, at most three back) that
        names one."""
        at = self.home(sentence)
        if at is None:
            return []
        section, paragraph = self.paragraphs[at]
        # its own paragraph up to it: a whole named after the sentence is another subject
        key = _key(sentence)[:60]
        before: list[str] = []
        for other in sentences(paragraph):
            if key in _key(other):
                break
            before.append(other)
        wholes = self.wholes_in(" ".join(before))
        for back in range(at - 1, max(-1, at - 4), -1):
            if wholes or self.paragraphs[back][0] != section:
                break
            wholes = self.wholes_in(self.paragraphs[back][1])
        return wholes

    def introducing(self, whole: str, before: str) -> str | None:
        """The paper's first sentence that names `whole` as one (with its noun, or as a call),
        read before the paragraph of `before`; None when there is none."""
        stop = self.home(before)
        for index, (_, paragraph) in enumerate(self.paragraphs):
            if stop is not None and index > stop:
                break
            said = sentences(paragraph)
            if paragraph.rstrip().endswith((",", ":")):
                said = said[:-1]  # cut where its grammar or code went on: no bullet (text_rules)
            for sentence in said:
                if not MATH_SPAN.sub("", sentence).strip(" .:;,|"):
                    continue  # a grammar line, not a sentence
                if kinds_in(sentence).get(whole) == "whole":
                    return sentence
        return None


def _key(value: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", value.lower()).strip()


_PARTS: dict[int, tuple[Paper, CodeParts]] = {}


def code_parts(paper: Paper) -> CodeParts:
    """The paper's code kinds, read once per paper object."""
    cached = _PARTS.get(id(paper))
    if cached is not None and cached[0] is paper:
        return cached[1]
    parts = CodeParts()
    for number, section in enumerate(paper.sections):
        for paragraph in section.paragraphs:
            parts.paragraphs.append((number, paragraph))
            for key, kind in kinds_in(paragraph).items():
                if kind == "whole" or key not in parts.kinds:
                    parts.kinds[key] = kind
    _PARTS.clear()
    _PARTS[id(paper)] = (paper, parts)
    return parts


def mentioned(texts: list[str]) -> set[str]:
    """Code keys the texts name: as code, or bare when the word can only be code ("glm.nb",
    "fit_model", "lrTest"; a bare "hurdle" is the English word of "hurdle models")."""
    keys: set[str] = set()
    for value in texts:
        keys.update(n.key for n in code_names(value))
        for word in re.findall(r"[A-Za-z_][\w.]*\w", MATH_SPAN.sub(" ", value)):
            if re.search(r"[._\d]|[a-z][A-Z]", word):
                keys.add(word)
    return keys


def unintroduced(bullet: str, seen: set[str], parts: CodeParts) -> list[tuple[CodeName, list[str]]]:
    """The parts the bullet names whose whole neither the bullet nor `seen` (code keys the deck
    showed before it) names, each with the wholes it belongs to."""
    if not parts.kinds:
        return []
    names = code_names(bullet)
    in_bullet = {n.key for n in names} | mentioned([bullet])
    found: list[tuple[CodeName, list[str]]] = []
    done: set[str] = set()
    for name in names:
        if name.key in done or not (name.placeholder or parts.is_part(name.key)):
            continue
        done.add(name.key)
        if name.key in seen:
            continue
        wholes = parts.wholes_of(bullet)
        if not wholes or any(w in in_bullet or w in seen for w in wholes):
            continue
        found.append((name, wholes))
    return found
