"""Abbreviations a deck uses before saying what they stand for.

A paper defines an abbreviation once, by its long form with the letters in brackets ("the
maximum likelihood estimate (MLE)", "Pressure Transducers (PT)"), often pages before the
sentence a slide shows ("the MLE is biased …"). The reader of the slide never saw that
definition. The paper is the oracle: an abbreviation counts only when the paper itself defines
it, and a slide gives it by the paper's own long form at its first use in the deck. Only the
shape of the text is read: the long form is the run of words before the bracket whose initials
(or letters, in order) spell the abbreviation (Schwartz and Hearst's rule).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Paper

# "(MLE)", "(CV)", "(PTs)", "(k-NN)", "(SPQR)": two to eight letters (digits and a hyphen
# inside), at least two of them capitals, and the capitals the most of them.
_IN_BRACKETS = re.compile(r"\((?P<abbr>[A-Za-z][A-Za-z0-9-]{1,7}?)(?P<plural>s?)\)(?!\w)")
_WORD = re.compile(r"[A-Za-z][\w'-]*|\S")
# words a long form never opens on: the bracket follows "the maximum likelihood estimate"
_LEAD_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "of",
        "and",
        "or",
        "for",
        "in",
        "on",
        "to",
        "with",
        "by",
        "from",
        "as",
        "its",
        "their",
        "our",
        "this",
        "these",
    ]
)


@dataclass(frozen=True)
class Definition:
    abbr: str  # "MLE"
    long: str  # "maximum likelihood estimate", as the paper wrote it
    sentence: str  # the paper's sentence that defines it


def _is_abbreviation(value: str) -> bool:
    capitals = sum(ch.isupper() for ch in value)
    letters = sum(ch.isalpha() for ch in value)
    return capitals >= 2 and capitals * 2 > letters


def _aligned(letters: str, parts: list[str]) -> bool:
    """The letters are read off the parts in order: every part but a small word lends its
    first letter, and may lend more of its own after it ("Autoregressive" gives "AR" of ARIMA,
    "restricted" "RE" of REML); a small word ("of", "and") lends its first letter or none."""
    if not parts:
        return not letters
    part, rest = parts[0], parts[1:]
    if part in _LEAD_WORDS and _aligned(letters, rest):
        return True
    if not letters or letters[0] != part[0]:
        return False
    # the first letter, then `more` of the part's other letters in order
    for more in range(len(letters)):
        if _subsequence(letters[1 : 1 + more], part[1:]) and _aligned(letters[1 + more :], rest):
            return True
    return False


def _subsequence(needle: str, haystack: str) -> bool:
    found = iter(haystack)
    return all(ch in found for ch in needle)


def _spells(abbr: str, words: list[str]) -> bool:
    """The words spell the abbreviation (_aligned), hyphenated words read as their parts
    ("Hue-Saturation-Value" is HSV) or as one word ("cross-validation" is CV)."""
    letters = "".join(ch.lower() for ch in abbr if ch.isalnum())
    if words[-1].lower() in _LEAD_WORDS:
        return False
    whole = [w.lower() for w in words]
    split = [p for w in whole for p in w.split("-") if p]
    return _aligned(letters, whole) or _aligned(letters, split)


def _long_form(before: str, abbr: str) -> str | None:
    """The run of words just before the bracket that spells `abbr`: the shortest that does,
    opening on a word whose first letter is the abbreviation's."""
    words = [w for w in _WORD.findall(before) if w[0].isalnum()]
    count = len([c for c in abbr if c.isalnum()])
    first = abbr[0].lower()
    for size in range(1, min(len(words), count + 3) + 1):
        chosen = words[-size:]
        if chosen[0][0].lower() != first or chosen[0].lower() in _LEAD_WORDS:
            continue
        if _spells(abbr, chosen):
            # as written in the paper (hyphens and spaces), from its first word to the bracket
            start = before.rfind(chosen[0], 0, len(before) - len(" ".join(chosen[1:])))
            long = before[start:].strip()
            return long if len(long) > 1 and "(" not in long else None
    return None


def without_expansions(value: str) -> str:
    """The text without the abbreviations it glosses in brackets after their long forms
    ("Graph neural networks (GNNs) aggregate …" → "Graph neural networks aggregate …"): the
    bracket is a name given to the words before it, not a part of the sentence's grammar. A
    bracket whose letters the words before it do not spell stays."""
    kept, start = [], 0
    for match in _IN_BRACKETS.finditer(value):
        abbr = match.group("abbr")
        if not _is_abbreviation(abbr) or not _long_form(value[: match.start()].rstrip(), abbr):
            continue
        kept.append(value[start : match.start()].rstrip())
        start = match.end()
    return "".join(kept) + value[start:] if kept else value


def definitions_in(paragraphs: list[str]) -> dict[str, Definition]:
    """The paper's abbreviations and their first definition, "long form (ABBR)"."""
    found: dict[str, Definition] = {}
    for paragraph in paragraphs:
        for sentence in text.sentences(paragraph):
            for match in _IN_BRACKETS.finditer(sentence):
                abbr = match.group("abbr")
                if abbr in found or not _is_abbreviation(abbr):
                    continue
                long = _long_form(sentence[: match.start()].rstrip(), abbr)
                if long and not _is_abbreviation(long.replace(" ", "")):
                    found[abbr] = Definition(abbr, long, sentence)
    return found


_CACHE: dict[int, tuple[Paper, dict[str, Definition]]] = {}


def definitions(paper: Paper) -> dict[str, Definition]:
    """definitions_in the paper's abstract and sections, read once per paper object."""
    cached = _CACHE.get(id(paper))
    if cached is None or cached[0] is not paper:
        _CACHE.clear()
        paragraphs = [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
        cached = (paper, definitions_in([p for p in paragraphs if p]))
        _CACHE[id(paper)] = cached
    return cached[1]


def _use(abbr: str) -> re.Pattern:
    # a whole word, singular or plural ("MLE", "MLEs"), never inside a longer name ("MLE2")
    return re.compile(rf"(?<![\w$`\\-]){re.escape(abbr)}(?P<plural>s?)(?![\w`-])")


def _prose(value: str) -> str:
    """The text without its math and code spans (same length: positions stay)."""
    return re.sub(r"\$[^$]*\$|`[^`]*`", lambda m: " " * len(m.group(0)), value)


def uses(value: str, abbr: str) -> re.Match | None:
    return _use(abbr).search(_prose(value))


def defines(value: str, definition: Definition) -> bool:
    """The text says what the abbreviation stands for: it has the long form (any case), as the
    paper wrote it or as `with_definition` wrote it for one thing ("language model" of the
    paper's "language models"): a bullet given the long form once is never given it again."""
    lowered = value.lower()
    long = definition.long.lower()
    return long in lowered or _singular(long) in lowered or _glossed(value, definition)


# A bracket right after the abbreviation that says what it is ("ATSP (asymmetric)").
GLOSS = re.compile(r"\s*\((?P<gloss>[^()$`]{2,60})\)")


def _glossed(value: str, definition: Definition) -> bool:
    """The text explains the abbreviation itself in a bracket after it, in words of its long
    form: "an object of class ATSP (asymmetric)" for "asymmetric TSP". Expanded again, the
    bullet read "asymmetric TSP (ATSP) (asymmetric)": a word doubled, two brackets in a row."""
    match = uses(value, definition.abbr)
    gloss = GLOSS.match(value, match.end()) if match else None
    if gloss is None:
        return False
    words = set(re.findall(r"[a-z]{3,}", gloss.group("gloss").lower()))
    return bool(words & set(re.findall(r"[a-z]{3,}", definition.long.lower())))


def first_uses(texts: list[tuple[str, bool]], defs: dict[str, Definition]) -> dict[int, list[str]]:
    """For the deck's texts in order (each with whether it is a bullet that may carry a
    definition), the abbreviations each bullet uses first without the deck having said what
    they stand for: {text's position: [abbr, …]}. A text that has the long form defines it for
    every text after it; only a bullet's first use is reported (a title's use is not: the
    title is short, and the bullet under it is where a reader learns the term)."""
    found: dict[int, list[str]] = {}
    for abbr, definition in defs.items():
        for position, (value, bullet) in enumerate(texts):
            if defines(value, definition):
                break
            if bullet and uses(value, abbr):
                found.setdefault(position, []).append(abbr)
                break
    return found


def with_definition(bullet: str, definition: Definition) -> str:
    """The bullet with its first use of the abbreviation given as the paper defined it:
    "the MLE is biased" → "the maximum likelihood estimate (MLE) is biased"."""
    match = uses(bullet, definition.abbr)
    if match is None or defines(bullet, definition):
        return bullet  # nothing to define, or defined already (never a second long form)
    long = definition.long
    at_start = not bullet[: match.start()].strip()
    words = long.split()
    if at_start:
        long = long[:1].upper() + long[1:]
    elif (
        words[0][:1].isupper()
        and words[0][1:].islower()
        and all(not w[:1].isupper() for w in words[1:])
    ):
        long = long[:1].lower() + long[1:]  # "Maximum likelihood estimate" opened a sentence
    plural = match.group("plural")
    if plural and not long.endswith("s"):
        long += "s"
    elif not plural:
        long = _singular(long)
    before = _without_overlap(_with_article(bullet[: match.start()], long), long)
    return f"{before}{long} ({definition.abbr}{plural}){bullet[match.end() :]}"


def _without_overlap(before: str, long: str) -> str:
    """The words before the abbreviation without those that open its long form already: "the
    maximum ML fit" → "the maximum likelihood (ML) fit", never "the maximum maximum likelihood
    (ML) fit" (a doubled word reads as garbled)."""
    words = long.lower().split()
    for size in range(len(words), 0, -1):
        tail = re.search(
            r"(?:^|(?<=\s))" + r"\s+".join(map(re.escape, words[:size])) + r"\s+$", before, re.I
        )
        if tail:
            return before[: tail.start()]
    return before


# last words of a long form that are singular although they end in "s" ("ordinary least
# squares", "time series", "principal components analysis")
_SINGULAR_IN_S = re.compile(
    r"(?:ss|us|is|ics|ies|[sxzhc]es|[aiou]s|squares|means|news|sales|lens)$"
)


def _singular(long: str) -> str:
    """The paper's plural long form read for a single one: "a 13B LM" → "a 13B language
    model (LM)", not "a 13B language models (LM)". Only a plain plural -s is taken off; a word
    whose singular is not certain ("processes", "matrices", "least squares") stays as written."""
    words = long.split(" ")
    last = words[-1]
    if not last.endswith("s") or _SINGULAR_IN_S.search(last.lower()) or len(last) < 4:
        return long
    return " ".join([*words[:-1], last[:-1]])


_ARTICLE_BEFORE = re.compile(r"(?<![\w-])(?P<article>[Aa]n?)(?P<space>\s+)$")


def _with_article(before: str, long: str) -> str:
    """ "an MLE" → "a maximum likelihood estimate": the article agrees with the long form's sound
    (by its first letter; the long forms are words, not letters read aloud)."""
    match = _ARTICLE_BEFORE.search(before)
    if match is None:
        return before
    article = "an" if long[:1].lower() in "aeiou" else "a"
    if match.group("article")[:1].isupper():
        article = article.capitalize()
    return f"{before[: match.start()]}{article}{match.group('space')}"


def slide_texts(slides) -> list[tuple[str, bool, int, int]]:
    """The deck's shown texts in order: (text, is a bullet, slide position, bullet index)."""
    texts: list[tuple[str, bool, int, int]] = []
    for number, slide in enumerate(slides):
        texts += [(t, False, number, -1) for t in (slide.title, slide.caption) if t]
        texts += [(b, True, number, i) for i, b in enumerate(slide.bullets)]
    return texts


def undefined_in(slides, defs: dict[str, Definition]) -> dict[tuple[int, int], list[str]]:
    """{(slide position, bullet index): abbreviations it uses first, undefined}."""
    texts = slide_texts(slides)
    found = first_uses([(t, b) for t, b, _, _ in texts], defs)
    return {(texts[p][2], texts[p][3]): abbrs for p, abbrs in found.items()}


def defined_deck_slides(slides, defs: dict[str, Definition]) -> list:
    """The slides with every abbreviation given its paper's long form at its first use in the
    deck (the proposer's first deck; the reviser's answer to `undefined_abbreviation`)."""
    slides = list(slides)
    for (number, index), abbrs in undefined_in(slides, defs).items():
        bullets = list(slides[number].bullets)
        for abbr in abbrs:
            bullets[index] = with_definition(bullets[index], defs[abbr])
        slides[number] = slides[number].model_copy(update={"bullets": bullets})
    return slides
