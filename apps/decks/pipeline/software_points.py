"""What a software paper says its package is and what it makes possible, in its own words.

A package vignette or software paper rarely writes "we show that …": its method is what the
package is and does ("snowfall is an R package for easier parallel programming"; "Rcpp
attributes provide a high-level syntax for …"), and its main point is often what the package
makes possible ("The tool makes it possible to …", "By …, Quill has been able to make X
easier"). Those sentences have the paper's subject as their grammatical subject: a name of the
paper's title (the package, the tool), never a generic word of it ("Developing parallel
programs …": "Parallel programs provide …" is background). main_points uses them as method
statements and, when the paper states no finding in so many words, as its main point.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import text
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.paper_memo import per_paper

# what a software thing is: "X is an R package for …", "X is a library that …"
KIND = (
    r"(?:package|library|toolbox|toolkit|tool|system|framework|extension|module|"
    r"implementation|interface|API|program|software|environment|class|assembler|compiler|"
    r"solver|suite|collection|wrapper|layer|engine|application|plugin|plug-in|service)"
)
# a kind a title puts after its subject's name ("the pls Package"), never a generic noun a
# title's topic may put before it ("concurrent programs", "operating systems")
NAMED_KIND = r"(?:package|library|toolbox|toolkit|module|extension|plugin|plug-in|API)s?"
# what it does for its user: "provides …", "makes it possible to …", "allows the user to …"
DOES = (
    r"(?:provides?|offers?|allows?|enables?|lets|makes?|facilitates?|supports?|brings?|"
    r"simplif(?:y|ies)|eases?|implements?|adds?|extends?|builds?|contains?|leverages?|"
    r"automates?|accelerates?)"
)
# an aside between the subject and its verb ("The X package, for plain TeX and LaTeX, …") and
# an adverb before the verb ("automatically")
ASIDE = r"(?:\s*,[^,;:]{1,60},)?"
ADVERB = r"(?:[a-z]+ly\s+)?"
# a verb of the subject's own in the present ("removes", "computes", "typesets") with its object
# (an article, a possessive or a plural noun after it), never a verb of being or having
ACTS = (
    r"(?!(?:is|has|was|does|needs|requires|seems|appears|remains|lacks)\b)[a-z]{3,}(?<![sui]s)"
    r"(?:es|s)\b(?=\s+(?:an?|the|its|their|any|all|each|every|[a-z]{3,}s)\b)"
)
# what it makes possible, a result in words: "makes it possible to", "allows users to",
# "makes extending R easier", "enables … to"
MAKES_POSSIBLE = re.compile(
    r"\bmakes?\s+it\s+(?:possible|easy|easier|simple|simpler|straightforward)\b|"
    r"\b(?:make|makes|making)\s+(?:[\w-]+\s+){1,4}?(?:easier|faster|simpler|possible|"
    r"straightforward|more\s+\w+)\b|"
    r"\b(?:allows?|enables?|lets)\s+(?:the\s+)?(?:users?|developers?|researchers?|"
    r"analysts?|programmers?|anyone|one|people|\w+\s+to)\b|"
    r"\b(?:allows?|enables?)\s+(?:for\s+)?(?:the\s+)?\w+",
    re.I,
)
# an opening phrase before the subject: "Since its 1.0 release, the X assembler contains …"
LEADING_PHRASE = r"(?:[^,;:]{1,50},\s+)?"
# where a title names its subject before its description: "xts: Extensible Time Series"
TITLE_PUNCTUATION = re.compile(r"[:—–]")


@per_paper
def names(paper: Paper) -> set[str]:
    """The names the paper's title gives its subject, lowercased: a word before the title's
    colon ("xts: Extensible Time Series"), a word with a capital or digit after its first
    letter ("RcppArmadillo", "BradleyTerry2"), a word a kind of software follows ("the pls
    Package", "the Lantern module"), or a word the paper writes as a name — always
    capitalised in mid-sentence (a proper noun) or lower case at a sentence start ("snowfall
    is an R package …")."""
    title = " ".join(text.MATH_SPAN.sub(" ", paper.title or "").split())  # clean() drops "X:"
    if not title:
        return set()
    found: set[str] = set()
    head = TITLE_PUNCTUATION.split(title, maxsplit=1)
    if len(head) == 2:
        found.update(w.lower() for w in _tokens(head[0]) if len(_tokens(head[0])) <= 2)
    body = " ".join([paper.abstract or "", *(p for s in paper.sections for p in s.paragraphs)])
    # the word a kind of software follows: "the pls Package", "the Lantern module of …"
    found.update(
        m.group(1).lower()
        for m in re.finditer(rf"([A-Za-z][\w+.-]*)\s+{NAMED_KIND}\b", title, re.I)
        if m.group(1).lower() not in text.STOPWORDS
    )
    for word in _tokens(title):
        lowered = word.lower()
        if lowered in text.STOPWORDS or len(word) < 2:
            continue
        if re.search(r"[A-Z0-9]", word[1:]):
            found.add(lowered)
            continue
        if _written_as_name(word, body):
            found.add(lowered)
    return found | defined_names(paper)


# the paper's subject named where it says what it is: "cvxq is a solver for …", "`tidyq` is an R
# package that …", "The Quill library is a …", the kind before the name ("The program cvxq is
# an implementation of …") (the title may not name it: "A tool for X")
DEFINED_NAME = re.compile(
    rf"^(?:[Tt]he\s+)?(?i:{KIND}\s+)?`?(?P<name>[A-Za-z][\w+.-]*[\w+])`?(?:\s+{NAMED_KIND})?\s+(?:is|are)\s+"
    rf"(?:an?|the)\s+(?:[\w+.-]+\s+){{0,4}}?{KIND}s?\b"
)
OPENING_SECTIONS = 3  # the sections of the paper's start where it may first say what it is


def opening_paragraphs(paper: Paper) -> list[tuple[str, list[str]]]:
    """(origin, paragraphs) of the paper's start, in order: the abstract, then its first
    sections and any "About X" / "Description" section among the next ones."""
    sources = [("abstract", [paper.abstract])] if paper.abstract else []
    for index, section in enumerate(paper.sections):
        if index < OPENING_SECTIONS or ABOUT.search(section.title):
            sources.append((section.title, section.paragraphs))
    return sources


ABOUT = re.compile(r"^\W*(?:\d+(?:\.\d+)*\.?\s+)?(?:about|overview|description|what\s+is)\b", re.I)


def defined_names(paper: Paper) -> set[str]:
    """The name of the paper's first sentence (abstract, then its opening sections) that says
    what a named thing is ("snowfall is an R package …"), lowercased, when the word is written
    as a name: in code font, in lower case at the sentence start, with a capital or digit after
    its first letter, or always capitalised in mid-sentence. "Regression is a tool …" (a
    generic word, lower case elsewhere) names nothing."""
    body = " ".join([paper.abstract or "", *(p for s in paper.sections for p in s.paragraphs)])
    for _origin, paragraphs in opening_paragraphs(paper):
        for paragraph in paragraphs:
            for sentence in text.sentences(paragraph):
                match = DEFINED_NAME.match(text.MATH_SPAN.sub("X", sentence).strip())
                if match is None:
                    continue
                word = match.group("name")
                if _is_name(word, sentence, body):
                    return {word.lower()}
    return set()


def _is_name(word: str, sentence: str, body: str) -> bool:
    lowered = word.lower()
    if lowered in text.STOPWORDS or len(word) < 2 or re.fullmatch(f"{KIND}s?", word, re.I):
        return False
    return bool(
        f"`{word}`" in sentence
        or word[0].islower()
        or re.search(r"[A-Z0-9]", word[1:])
        or _written_as_name(word, body)
    )


def _tokens(phrase: str) -> list[str]:
    return re.findall(r"[A-Za-z][\w+.-]*[\w+]|[A-Za-z]", phrase)


def _written_as_name(word: str, body: str) -> bool:
    pattern = re.escape(word.lower())
    mid = re.findall(rf"(?<=[a-z,] )({pattern})\b", body, re.I)
    if re.search(rf"(?:^|[.!?]\s+)({pattern})\b", body) and word.lower() == word:
        starts = re.findall(rf"(?:^|[.!?]\s+)({pattern})\b", body, re.I)
        if starts and all(s == word.lower() for s in starts):
            return True  # "snowfall is …" at a sentence start: a name written in lower case
    if not mid:
        return False
    capitalised = sum(1 for m in mid if m[0].isupper())
    return capitalised == len(mid)


def _subject(name_alternatives: str) -> str:
    """The paper's subject opening the sentence: "the X package", "X attributes", "the X
    short-read assembler" (up to two words between the name and its verb)."""
    return (
        rf"^{LEADING_PHRASE}(?:the\s+|this\s+|our\s+)?(?:[\w-]+\s+)?(?:{name_alternatives})"
        rf"(?:\s+[\w-]+){{0,2}}?"
    )


def identity(sentence: str, paper_names: set[str]) -> bool:
    """Does the sentence say what the paper's subject is ("X is an R package for …")?"""
    if not paper_names:
        return False
    alternatives = "|".join(re.escape(n) for n in sorted(paper_names, key=len, reverse=True))
    pattern = (
        _subject(alternatives) + rf"\s+(?:is|are)\s+(?:an?|the)\s+(?:[\w+.-]+\s+){{0,4}}?{KIND}s?\b"
    )
    return bool(re.search(pattern, sentence, re.I))


def capability(sentence: str, paper_names: set[str]) -> bool:
    """Does the paper's subject do something in the sentence ("X provides …", "the X module,
    which allows …", "X has been able to make … easier")?"""
    if not paper_names:
        return False
    alternatives = "|".join(re.escape(n) for n in sorted(paper_names, key=len, reverse=True))
    modal = r"(?:(?:also|thus|therefore|now|further|can|has\s+been\s+able\s+to|is\s+able\s+to)\s+)?"
    opening = _subject(alternatives) + rf"{ASIDE}\s+{modal}{ADVERB}{DOES}\b"
    # what it does in its own verb: "The X package, for plain TeX, removes widows …", "X
    # automatically lengthens a paragraph …"
    acting = _subject(alternatives) + rf"{ASIDE}\s+{ADVERB}{ACTS}"
    if re.search(acting, sentence, re.I):
        return True
    relative = rf"\b(?:{alternatives})\s*,?\s+(?:which|that)\s+{modal}{DOES}\b"
    return bool(re.search(opening, sentence, re.I) or re.search(relative, sentence, re.I))


def makes_possible(sentence: str, paper_names: set[str]) -> bool:
    """A capability that is the paper's main point: what the subject makes possible or easier
    ("X makes it possible to …", "X allows users to …", "X has made extending R easier")."""
    return capability(sentence, paper_names) and bool(MAKES_POSSIBLE.search(sentence))
