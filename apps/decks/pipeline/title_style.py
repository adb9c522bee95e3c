"""How a title is set, apart from what it says: footnote marks left on it and headings set in
capitals.

A paper's title carries the marks of its footnotes ("… Version 1.11.1*†", read as
"$1.11.1^{*†}$"), and some classes set headings in capitals ("NON-LATIN SCRIPTS UNDER
PDFLaTeX"). On a slide both read as noise or shouting. The reviewer reports them
(review/text_rules.py); the builtin proposer writes titles without them (`restyle`), keeping
acronyms and logos as the paper's own text writes them.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.decks.pipeline.paper import Paper

_MARKS = "*†‡§¶"
# Marks as a script at the title's end ("$1.11.1^{*†}$", "Title$^{*}$") or as glyphs there
# ("Title*†"). A letter's star ("$t^{*}$") is mathematics.
SCRIPT_MARKS = re.compile(
    rf"\$(?P<base>(?:[^$]{{2,}}?)?)\s*\^\{{?(?P<marks>[{_MARKS}\d,\s]*[{_MARKS}][{_MARKS}\d,\s]*)"
    r"\}?\s*\$\s*$"
)
TRAILING_MARKS = re.compile(rf"(?<=\w)[{_MARKS}]+(?:,?[{_MARKS}\d])*\s*$")
# A citation a heading or caption carried into a title: a numbered one ("[12]", "[3, 5–7]";
# "on [0, 1]" after a preposition is an interval), an author-year one in brackets ("(Smith et
# al., 2019)", "(Smith and Jones 2019)", "[Lee, 2020]"), a footnote's number set as a
# superscript after a word ("rates¹", "rates$^{3}$"; "m²" and "$x^{2}$" are powers)
CITATION = re.compile(
    r"\s*\[[1-9]\d{0,2}(?:\s*[,–-]\s*\d{1,3})*\]|"
    r"\s*[(\[](?:see\s+|e\.g\.,?\s+)?[A-Z][a-z][\w'’-]*"
    r"(?:\s+et\s+al\.?,?|\s+(?:and|&)\s+[A-Z][a-z][\w'’-]*,?|,)\s+(?:19|20)\d\d[a-z]?"
    r"(?:\s*;[^()\[\]]{0,60})?[)\]]|"
    r"(?<=[a-z]{3})(?:[¹²³⁴⁵⁶⁷⁸⁹⁰]+|\$\^\{?\d{1,2}\}?\$)(?=\s|$|[,.:;])"
)
MIN_CAPITAL_WORDS = 2
MIN_CAPITAL_SHARE = 0.5


def footnote_marks(title: str) -> str | None:
    """The footnote marks a title carries ("^{*†}", "*"), or None."""
    match = SCRIPT_MARKS.search(title) or TRAILING_MARKS.search(title)
    if match and "base" in match.groupdict() and re.fullmatch(r"\\?[A-Za-z]+", match["base"]):
        return None  # "$\theta^{*}$", "$xy^{*}$": a variable's star, not a footnote's
    return match.group(0).strip() if match else None


def without_footnote_marks(title: str) -> str:
    """ "Class Version $1.11.1^{*†}$" → "Class Version 1.11.1": a base that is no formula
    (digits, dots, a word) leaves the math with its marks."""

    if footnote_marks(title) is None:
        return title

    def base(match: re.Match) -> str:
        inner = match.group("base").strip()
        if not inner or re.fullmatch(r"[\w.,:;\-–]+", inner):
            return inner
        return f"${inner}$"

    return TRAILING_MARKS.sub("", SCRIPT_MARKS.sub(base, title)).strip()


def _words(title: str) -> list[str]:
    return [w for w in re.sub(r"\$[^$]*\$", " ", title).split() if re.search(r"[A-Za-z]", w)]


def in_capitals(title: str) -> str | None:
    """The words of a heading set in capitals ("NON-LATIN SCRIPTS UNDER"), or None when the
    capitals are acronyms among ordinary words ("GPU and CPU timings")."""
    words = _words(title)
    capitals = [w for w in words if w.isupper() and len(re.sub(r"[^A-Z]", "", w)) >= 2]
    long_capitals = [w for w in capitals if len(re.sub(r"[^A-Z]", "", w)) >= 5]
    if len(long_capitals) < MIN_CAPITAL_WORDS or len(capitals) < MIN_CAPITAL_SHARE * len(words):
        return None
    return " ".join(capitals[:4])


WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]|[A-Za-z]")


def _forms(body: str) -> dict[str, Counter]:
    """How the text writes each word inside its sentences; a word seen only at a sentence's
    start counts in lower case there (unless it is an acronym)."""
    inner: dict[str, Counter] = {}
    opening: dict[str, Counter] = {}
    for match in WORD.finditer(body):
        token = match.group(0)
        before = body[: match.start()].rstrip()
        starts = not before or before[-1] in ".!?:"
        if starts and not token.isupper():
            token = token.lower()
        (opening if starts else inner).setdefault(token.lower(), Counter())[token] += 1
    return {word: inner.get(word) or opening[word] for word in {*inner, *opening}}


def _acronym(word: str) -> bool:
    """A word in capitals that is an abbreviation, not a word set in capitals: one letter but
    the article ("R", "X"), a roman numeral ("II"), or up to four letters without a vowel
    ("GLM", "SVD")."""
    letters = re.sub(r"[^A-Za-z]", "", word)
    return (
        (len(letters) == 1 and letters != "A")
        or bool(re.fullmatch(r"[IVX]{2,}", letters))
        or (1 < len(letters) <= 4 and not re.search(r"[AEIOUY]", letters))
    )


def sentence_case(title: str, body: str = "") -> str:
    """A heading in capitals in sentence case: each word as the paper's text mostly writes it
    ("ASMECONF", "pdfLaTeX", "Latin", "Gauss" keep their case; "SCRIPTS" → "scripts"); a word
    the text never uses in lower case unless it is an abbreviation ("GLM"); the first letter
    capitalised. The one helper for headings and titles set in capitals: ingestion calls it
    before the text is read (no body: abbreviations only), and again with the body
    (`proper_nouns`)."""
    forms = _forms(body) if body else {}

    def as_written(word: str) -> str:
        seen = forms.get(word.lower())
        if seen:
            return seen.most_common(1)[0][0]
        if "-" in word:
            return "-".join(as_written(part) if part else part for part in word.split("-"))
        return word if _acronym(word) else word.lower()

    def restyle_token(match: re.Match) -> str:
        word = match.group(0)  # every word in capitals, "OF" and "A" too; not "I", "PDFLaTeX"
        return as_written(word) if word.isupper() and word != "I" else word

    return _first_capital(WORD.sub(restyle_token, title))


def _variants(word: str) -> set[str]:
    """A word and the forms a text may write it in instead ("probabilities" → "probability")."""
    word = word.lower()
    found = {word}
    for end, stem_end in (
        ("ies", "y"),
        ("es", ""),
        ("s", ""),
        ("ed", ""),
        ("ed", "e"),
        ("ing", ""),
    ):
        if word.endswith(end) and len(word) - len(end) >= 3:
            found.add(word[: -len(end)] + stem_end)
    return found


def unattested(title: str, body: str) -> list[str]:
    """The words of a heading in capitals whose case the paper's text cannot tell: it never
    writes them (in any form) and they are no abbreviation — a name ("GAUSS", "KALMAN") as
    likely as a common word; sentence case would guess."""
    written = {w.lower() for w in WORD.findall(body)}
    return [
        word
        for word in WORD.findall(title)
        if word.isupper() and len(word) > 1 and not _acronym(word) and not _variants(word) & written
    ]


def _first_capital(styled: str) -> str:
    if styled.startswith("`"):
        return styled  # a name of code keeps its case ("`fit-model` Program")
    first = re.search(r"[A-Za-z]", styled)
    if first and styled[first.start()].islower():
        styled = styled[: first.start()] + styled[first.start()].upper() + styled[first.end() :]
    return styled


def proper_nouns(title: str, body: str) -> str:
    """A heading set in sentence case before the text was read ("Introduction to gauss"), with
    the words the text writes capitalised inside its sentences as it writes them ("Introduction
    to Gauss", "… with DYNARE"): names the capitals hid."""
    forms = _forms(body)

    def restored(match: re.Match) -> str:
        word = match.group(0)
        seen = forms.get(word.lower())
        if not word.islower() or not seen:
            return word
        written = seen.most_common(1)[0][0]
        return written if written[:1].isupper() else word

    return _first_capital(WORD.sub(restored, title))


# what an interval follows ("on [1, 10]", "x = [1, 2]"): a bracket after it is no citation
INTERVAL_BEFORE = re.compile(r"(?:\b(?:on|in|over|within|to|from)|=)\s*$", re.I)


# a word that goes on the sentence after a citation used as a noun ("following [2]
# prescription"): taken out, the heading would lose whose prescription it is
GRAMMAR_AFTER = re.compile(
    r"\s*(?!(?:of|in|on|for|and|or|with|by|at|from|to|as|under|over|across|during)\b)[a-z]"
)


def _citations(title: str) -> list[re.Match]:
    return [
        m
        for m in CITATION.finditer(title)
        if not INTERVAL_BEFORE.search(title[: m.start()])
        and not GRAMMAR_AFTER.match(title, m.end())
    ]


def citation(title: str) -> str | None:
    """The citation or footnote number a title carries ("[12]", "(Smith et al., 2019)"), or
    None: a title names the slide's point, the citation belongs to a bullet or the notes."""
    found = _citations(title)
    return found[0].group(0).strip() if found else None


def without_citations(title: str) -> str:
    for match in reversed(_citations(title)):
        title = title[: match.start()] + title[match.end() :]
    return re.sub(r"\s{2,}", " ", title).strip()


def restyle(title: str, body: str) -> str:
    """The title without footnote marks or citations, and in sentence case when it was set in
    capitals."""
    cleaned = without_citations(without_footnote_marks(title))
    return sentence_case(cleaned, body) if in_capitals(cleaned) else cleaned


def style_defects(title: str) -> list[tuple[str, str]]:
    """(issue type, part) for each way the title is set wrong."""
    found = []
    marks = footnote_marks(title)
    if marks:
        found.append(("stray_glyph", marks))
    cited = citation(title)
    if cited:
        found.append(("title_citation", cited))
    capitals = in_capitals(title)
    if capitals:
        found.append(("title_capitals", capitals))
    return found


def styled_paper(paper: Paper) -> Paper:
    """The paper with its title and headings set right, as slides show them (the figures,
    equations and mentions that name a heading name it as set)."""
    body = " ".join(p for s in paper.sections for p in s.paragraphs)
    styled = {s.title: restyle(s.title, body) for s in paper.sections}
    captions = any(in_capitals(f.caption) for f in paper.figures)
    if all(o == n for o, n in styled.items()) and not footnote_marks(paper.title) and not captions:
        return paper

    def named(item):
        return item.model_copy(update={"section": styled.get(item.section, item.section)})

    figures = [
        named(f).model_copy(
            update={
                "mentions": [named(m) for m in f.mentions],
                "caption": restyle(f.caption, body) if in_capitals(f.caption) else f.caption,
            }
        )
        for f in paper.figures
    ]
    return paper.model_copy(
        update={
            "title": restyle(paper.title, body),
            "sections": [s.model_copy(update={"title": styled[s.title]}) for s in paper.sections],
            "figures": figures,
            "equations": [named(e) for e in paper.equations],
        }
    )
