"""Page furniture and list labels glued into a sentence by the PDF's reading: what a reader
sees as garbage in a bullet, and the sentence without it.

- a running header that names its section, read into the first sentence of a page: the
  section's number and its title set in capitals ("4 MODEL CHECKING Residuals are …", "… the
  data 4 MODEL CHECKING are kept …");
- the next item's number read onto the end of a list's item, after the colon that announced
  the list ("… has three aims: 1") or after the first half of a word the line broke
  ("… conversion code wher-3").

- a percent sign that opens a label read onto the word before it: "Turnout for% White
  voters" (a number's sign closes the number; after a word the sign starts the next words);
- an abbreviation's expansion before a bracket that glossed it already: "asymmetric TSP
  (ATSP) (asymmetric)", the gloss's words said twice, two brackets in a row.

Only shapes a paper's sentence does not take are reported: a number before a run of two or
more words in capitals, one of them five letters or longer, with the sentence going on after
it (acronyms are short: "3 GPU CUDA kernels" is no header); a lone number after a colon at
the bullet's end; a word's first half and a number after its hyphen at the end, unless the
word is a label's noun ("type-2", "phase-3").
Answered by dropping the glued part when what is left is a sentence."""

from __future__ import annotations

import re

from apps.decks.pipeline import text
from apps.decks.pipeline.cut_sentences import _LABEL_NOUNS

_CAPS = r"[A-Z][A-Z\-]{2,}"  # a word in capitals, three letters or more
_JOIN = r"(?:AND|OF|THE|TO|IN|ON|FOR|WITH|A|AN|OR|BY|VS\.?)"
# the section's number, then two or more words in capitals (small joining words between),
# then the sentence going on: a word with a lower-case letter or an opening bracket or quote
HEADER = re.compile(
    rf"(?:^|(?<=\s))(?P<header>\d{{1,2}}(?:\.\d{{1,2}})*\.?\s+{_CAPS}(?:\s+(?:{_JOIN}\s+)*{_CAPS})+)"
    r"(?=\s+(?:[A-Za-z]*[a-z]|[(`“\"$]))"
)
# a lone list number left at the end after the colon that opened the list, or after the
# semicolon that closed the item before it in a list run into the text ("…; 2. `boot`: …;
# 3. …" read as sentences ended "… the bootstrap procedure; 3")
COLON_NUMBER = re.compile(r"(?<=[:;])\s+(?P<number>\(?\d{1,2}[.)]?)\s*$")
# the first half of a word broken over a line, and the next item's number after its hyphen
FRAGMENT_NUMBER = re.compile(
    rf"\s(?P<fragment>(?!(?:{_LABEL_NOUNS})s?-)[a-z]{{3,}}-\d{{1,2}}[.)]?)\s*$", re.I
)


# an abbreviation in brackets, then a bracket of a few words right after it
DOUBLED_GLOSS = re.compile(
    r"\((?P<abbr>[A-Z][A-Za-z0-9-]*[A-Z][A-Za-z0-9-]*s?)\)(?P<gloss>\s*\((?P<words>[^()$`\d]{2,40})\))"
)


# a word of letters (or a colon after one) with a percent sign glued on, then a word: never a
# number's percentage, and no R operator ("%in%" opens with its own sign)
GLUED_PERCENT = re.compile(r"(?<![%\w`$])(?P<word>[A-Za-z]{2,}:?)%(?=\s+[A-Za-z])")


def _doubled_gloss(value: str) -> re.Match | None:
    """ "X (ABBR) (X)": every word of the second bracket stands in the words just before the
    first one (the expansion said what the gloss says)."""
    for match in DOUBLED_GLOSS.finditer(value):
        before = set(re.findall(r"[a-z]+", value[: match.start()].lower())[-8:])
        words = re.findall(r"[a-z]+", match.group("words").lower())
        if words and all(w in before for w in words):
            return match
    return None


def glued_part(value: str) -> str | None:
    """The glued header or list number the bullet carries, or None."""
    plain = value.strip()
    doubled = _doubled_gloss(plain)
    if doubled is not None:
        return doubled.group("gloss").strip()
    percent = GLUED_PERCENT.search(plain)
    if percent is not None:
        return percent.group(0)
    header = _header(plain)
    if header is not None:
        return header.group("header")
    tail = COLON_NUMBER.search(plain)
    # a label and its value ("Default: 4") is no list's lead: a lead is a clause
    if tail is not None and len(plain[: tail.start()].split()) >= 4:
        return tail.group("number")
    fragment = FRAGMENT_NUMBER.search(plain)
    if fragment is not None and fragment.group("fragment")[:1].islower():
        return fragment.group("fragment")
    return None


def _header(value: str) -> re.Match | None:
    for match in HEADER.finditer(value):
        if any(len(w) >= 5 for w in re.findall(r"[A-Z]+", match.group("header"))):
            return match
    return None


def without_glued(value: str) -> str | None:
    """The bullet with its glued part dropped (a header's words, a list's number with the
    broken word it was read onto), or None when what is left is no sentence."""
    plain = value.strip()
    cleaned = plain
    doubled = _doubled_gloss(cleaned)
    if doubled is not None:
        cleaned = cleaned[: doubled.start("gloss")] + cleaned[doubled.end("gloss") :]
    cleaned = GLUED_PERCENT.sub(r"\g<word> %", cleaned)
    header = _header(cleaned)
    if header is not None:
        cleaned = (cleaned[: header.start()] + cleaned[header.end() :]).strip()
    tail = COLON_NUMBER.search(cleaned)
    if tail is not None and len(cleaned[: tail.start()].split()) >= 4:
        # the semicolon closed the item shown: without the next one's number it ends it
        cleaned = cleaned[: tail.start()].rstrip().removesuffix(";").rstrip()
    fragment = FRAGMENT_NUMBER.search(cleaned)
    if fragment is not None and fragment.group("fragment")[:1].islower():
        cleaned = cleaned[: fragment.start()].rstrip()
    cleaned = re.sub(r"\s{2,}", " ", cleaned).strip()
    if cleaned == plain or glued_part(cleaned):
        return None
    if cleaned.endswith(":") or not text.valid_bullet(cleaned.rstrip("."), 60):
        return None  # the lead of a list the slide does not show, or too little is left
    return text.capitalised(cleaned)
