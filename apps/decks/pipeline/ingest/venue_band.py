"""The venue and year printed in a band of page one only: a conference's footer ("Proceedings
of the 9th Workshop on …, 2031"), a proceedings' header, an ACM-style block ("KDD '31, June
4–8, 2031, Lagado") or a copyright line. No other page repeats it, so it is no running line,
and the cover lost the venue and the year.

The band is the page's top or bottom tenth (a footer block at the foot of the first column may
stand a little higher: the bottom fifth, set below the body's size). A line there is read as
the paper's venue only when it opens as a venue line does — a publication's lead ("Proceedings
of", "Presented at", "©"), a venue's name in its first words, or a conference's acronym with
its two-digit year — and says a year: a footnote citing another work opens with its mark or its
authors, never so."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from apps.decks.pipeline.ingest.venue_text import VENUE_NOUNS

if TYPE_CHECKING:
    from apps.decks.pipeline.ingest.layout import Layout, Segment

YEAR = re.compile(r"(?<![\d/.-])(19[5-9]\d|20\d\d)(?![\d/.-]?\d)")
VENUE_WORD = re.compile(rf"\b(?:{VENUE_NOUNS}|colloquium|congress|meeting|summit)\b", re.I)
# how a line that says where the paper appears opens
VENUE_LEAD = re.compile(
    r"^(?:proceedings\b|proc\.|published\s+(?:in|at|by)\b|presented\s+at\b|appeared\s+in\b"
    r"|appears\s+in\b|to\s+appear\s+in\b|accepted\s+(?:at|to|for|in|by)\b|in\s*:"
    r"|preprint\s+submitted\s+to\b|submitted\s+to\b)",
    re.I,
)
COPYRIGHT = re.compile(r"^(?:©|\(c\)|copyright\b)", re.I)
# a conference's acronym and its year's last two digits, as ACM's footer prints them
ACRONYM_YEAR = re.compile(r"^[A-Z][A-Za-z-]*[A-Z][A-Za-z-]*\s*['’‘]\d\d\b")
# what a footnote citing another work carries, never the paper's own venue line
CITING = re.compile(r"\bet al\b|\bsee\b|\bcf\.|\bhttps?://|\bdoi\b", re.I)
MAX_LENGTH = 160


def band_venue(layout: Layout) -> tuple[str, str]:
    """The venue and year of page one's venue line in its top or bottom band; ("", year) for
    a copyright line that names no venue; ("", "") when there is none."""
    if not layout.pages or not layout.page_sizes:
        return "", ""
    dated = ""
    for text in _band_texts(layout):
        year = YEAR.search(text)
        if not year or len(text) > MAX_LENGTH or CITING.search(text):
            continue
        if COPYRIGHT.match(text):
            rest = COPYRIGHT.sub("", text).strip()
            if VENUE_WORD.search(rest) and not VENUE_LEAD.match(rest):
                return _venue_of(rest), year.group(1)
            dated = dated or year.group(1)  # "© 2031 The Authors": the year, no venue
            continue
        if VENUE_LEAD.match(text) or ACRONYM_YEAR.match(text) or _named_venue(text):
            return _venue_of(text), year.group(1)
    return "", dated


# a venue's name as a running line prints it with no year: the venue's word, then what it is of
# ("Journal of …", "15th USENIX Conference on File and Storage Technologies")
VENUE_OF = re.compile(rf"{VENUE_WORD.pattern}\s+(?:of|on|in|for)\s+(?:the\s+)?[A-Z]", re.I)


def running_venue(running: list[str], title: str) -> str:
    """The venue a running line names without a year (a conference's footer on every page,
    its page number aside): a venue's name with what it is of, opening the line; never the
    paper's own title as a running head."""
    title_words = set(re.findall(r"\w+", title.lower()))
    for line in running:
        text = re.sub(r"^\d{1,4}\s+|\s+\d{1,4}$", "", line.strip())
        words = re.findall(r"\w+", text.lower())
        if (
            YEAR.search(text)
            or len(text) > 120
            or not words
            or sum(w in title_words for w in words) > len(words) / 2
            or CITING.search(text)
        ):
            continue
        if VENUE_OF.search(text) and _named_venue(text):
            return text
    return ""


def _named_venue(text: str) -> bool:
    """The line opens with a venue's name: a venue's word among its first five words, every
    word before it capitalised or a number ("9th Workshop on …", "Journal of …")."""
    words = text.split()
    for index, word in enumerate(words[:5]):
        if VENUE_WORD.fullmatch(word.strip(",.:;")):
            return all(w[:1].isupper() or w[:1].isdigit() for w in words[:index])
    return False


def _venue_of(text: str) -> str:
    """The venue as printed, without the lead that says it is published there and without a
    year standing alone at its start or end (the cover adds the year)."""
    text = re.sub(
        r"^(?:published\s+(?:in|at|by)|presented\s+at|appeared\s+in|appears\s+in"
        r"|to\s+appear\s+in|accepted\s+(?:at|to|for|in|by)|in\s*:|preprint\s+submitted\s+to"
        r"|submitted\s+to)\s+",
        "",
        text,
        flags=re.I,
    )
    text = re.sub(r"^the\s+(?=[A-Z\d])", "", text)  # "Presented at the …" → the venue's name
    text = re.sub(r"^(?:19|20)\d\d\s+", "", text)  # "© 2031 Annals of …": its year, apart
    text = re.sub(r"[\s,;]+(?:19|20)\d\d\.?$", "", text)  # "…, 2031": the cover adds the year
    return text.strip(" ,;.")


def _band_blocks(layout: Layout) -> list[list[Segment]]:
    """Page one's lines in its top or bottom band, not the body's size or larger, not yet read
    as running lines, each with the lines set right under it in its size (a venue line broken
    over two lines)."""
    height = layout.page_sizes[0][1]
    body = layout.body_size
    lines = sorted(
        (
            s
            for s in layout.pages[0]
            if s.role in ("text", "margin")
            and s.text.strip()
            and (
                (s.top < 0.1 * height and s.size <= body + 0.1)
                or (s.bottom > 0.9 * height and s.size <= body + 0.1)
                or (s.bottom > 0.8 * height and s.size < body - 0.5)
            )
        ),
        key=lambda s: (s.top, s.x0),
    )
    blocks: list[list[Segment]] = []
    for line in lines:
        last = blocks[-1][-1] if blocks else None
        if (
            last is not None
            and abs(line.size - last.size) < 0.3
            and 0 <= line.top - last.bottom < 0.6 * line.size
            and line.x0 < last.x1
            and last.x0 < line.x1
        ):
            blocks[-1].append(line)
        else:
            blocks.append([line])
    return blocks


def _band_texts(layout: Layout) -> list[str]:
    """Each band line's text, run on over the lines of its block under it until it says a year
    (at most three lines): a footnote above the venue line is no part of it."""
    texts = []
    for block in _band_blocks(layout):
        for start in range(len(block)):
            parts = []
            for line in block[start : start + 3]:
                parts.append(line.text)
                if YEAR.search(line.text):
                    break
            texts.append(" ".join(" ".join(parts).split()))
    return texts
