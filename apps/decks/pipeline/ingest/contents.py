"""Table-of-contents entries read into a paragraph: headings with their page numbers are no text.

A contents page comes out of the layout as runs of "2.4 Processing Data Files ...... 10" that
the reader joins into one paragraph, or glues to the first sentence after them ("1 5
Conclusion 14 MetaPost is a batch-oriented …"). The run is words in capitals, section numbers,
page numbers and dot leaders, without a sentence's small words or punctuation; it is left out.
"""

from __future__ import annotations

import re

# One token of a contents run: a section or page number ("14", "2.4", "A.3"), a heading's word
# in capitals ("Grids,", "Graph-Drawing"), a small word of a heading, or a dot leader.
_TOKEN = (
    r"(?:(?:[A-Z]\.)?\d{1,3}(?:\.\d{1,2})*\.?"
    r"|[A-Z][\w’'-]*(?:,|\.+)?"
    r"|(?:and|of|the|for|on|in|with|to|a|an|or|by|from|at)"
    r"|\.{2,}|(?:\.\s){2,}\.?)"
)
# The longest such run from the paragraph's start that ends with a page number
# (or, when the whole paragraph is contents, with a dot leader).
_RUN = re.compile(rf"^(?:{_TOKEN}\s+)*(?:\d{{1,3}}(?=\s+[A-Z“\"]|\s*$)|[\w’'-]*\.{{2,}}\s*$)")
_NUMBER = re.compile(r"(?<![\w.])(?:[A-Z]\.)?\d{1,3}(?:\.\d{1,2})*\.?(?!\w)")
# a heading's word followed by its page number: "Conclusion 14", "Framing 15", "...... 10"
_PAGED = re.compile(r"(?:[A-Z][\w’'-]{2,},?|\.{2,})\s+\d{1,3}(?!\S)")
_LEADER = re.compile(r"\.{3,}|(?:\.\s){3,}")


# One entry of a contents page whose headings are set in sentence case ("2.4 Processing data
# files . . . 10", "3.1 Requirements of the head node 12"): an optional section number, a
# heading's words (no sentence's stop among them), dot leaders or spaces, its page number.
_ENTRY = re.compile(
    r"(?P<number>(?:[A-Z]|\d{1,2})(?:\.\d{1,2})*\.?\s+)?"
    r"[A-Z][^\s.!?;]*(?:\s+[^\s.!?;]+){0,12}?"
    r"(?P<leader>\s*(?:\.\s?){3,}\s*|\s+)\d{1,3}(?:\s+|$)"
)


def _entries_run(paragraph: str) -> str:
    """The sentence-case contents entries the paragraph opens with: three or more numbered
    ones ("1 Introduction 3 1.1 Background 3 2 Installing the software 5"), two with dot
    leaders, or a paragraph that is one entry with its leader ("Processing data files ... 10")."""
    # the page number of the entry before, read into this paragraph ("4 3.1 Inputs ..... 4")
    carried = re.match(r"\d{1,3}\s+(?=(?:[A-Z]|\d{1,2})(?:\.\d{1,2})+\.?\s)", paragraph)
    entries, end = [], carried.end() if carried else 0
    while match := _ENTRY.match(paragraph, end):
        entries.append(match)
        end = match.end()
    numbered = sum(1 for m in entries if m.group("number"))
    led = sum(1 for m in entries if m.group("leader").strip())
    if (
        (len(entries) >= 3 and numbered == len(entries))
        or led >= 2
        or (led == 1 and end == len(paragraph))
    ):
        return paragraph[:end].rstrip()
    return ""


def contents_run(paragraph: str) -> str:
    """The contents entries the paragraph opens with ("" when it opens with text): the longer
    of the capitalised headings' run and the sentence-case entries' run."""
    return max(_capitalised_run(paragraph), _entries_run(paragraph), key=len)


def _capitalised_run(paragraph: str) -> str:
    match = _RUN.match(paragraph)
    if not match:
        return ""
    run = match.group(0)
    numbers = len(_NUMBER.findall(run))
    paged = len(_PAGED.findall(run))
    # two headings with their pages, a heading between its number and its page ("5 Conclusion
    # 14"), or dot leaders: "In 2 Steps We …" or "Table 3 Lists …" are none of these
    numbered = _NUMBER.match(run) is not None
    if (
        paged >= 2
        or (numbers >= 2 and paged >= 1 and numbered)
        or (_LEADER.search(run) and numbers >= 2)
    ):
        return run
    return ""


def without_contents(paragraph: str) -> str:
    """The paragraph with the contents entries it opens with left out."""
    run = contents_run(paragraph)
    return paragraph[len(run) :].lstrip() if run else paragraph
