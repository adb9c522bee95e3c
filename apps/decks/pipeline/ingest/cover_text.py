"""The cover's words without a glyph the PDF could not name.

A font may give no Unicode for TeX's ligatures ff, fi, fl, ffi, ffl: the text layer then reads
"Je\ufffdrey" where the page shows "Jeffrey" (encodings.py marks such a glyph U+FFFD rather than
guess). In a bullet that word is dropped with its sentence; on the cover it cannot be: the
authors' names and the title are the deck's first words. So a word holding the glyph is

- read whole when exactly one ligature makes a word the paper prints elsewhere (its own
  vocabulary: "e\ufffdect" is "effect" when the paper has "effect" anywhere);
- else, for a name, taken from the PDF's metadata when that has it whole;
- else, a given name is shown as its initial ("J. A. Ryan": what the page says, shorter), and
  a surname that no source gives whole leaves the cover — never shown with a wrong letter or a
  replacement glyph.
"""

from __future__ import annotations

import re

from apps.decks.pipeline.paper import Section

UNREADABLE = "\ufffd"
LIGATURES = ("ff", "fi", "fl", "ffi", "ffl")
WORD_SPLIT = re.compile(r"([\w\ufffd'’-]+)")


def ligature_read(word: str, vocabulary: set[str]) -> str | None:
    """The word with its unreadable glyph(s) read as the one ligature that makes a word of the
    paper's vocabulary, or None when none or more than one does."""
    if UNREADABLE not in word:
        return word
    found = {
        candidate
        for ligature in LIGATURES
        if (candidate := word.replace(UNREADABLE, ligature)).lower() in vocabulary
    }
    return found.pop() if len(found) == 1 else None


def text_read(text: str, vocabulary: set[str]) -> str | None:
    """The text with every word holding an unreadable glyph read whole, or None."""
    pieces = WORD_SPLIT.split(text)  # words at odd places
    for index in range(1, len(pieces), 2):
        read = ligature_read(pieces[index], vocabulary)
        if read is None:
            return None
        pieces[index] = read
    return None if UNREADABLE in "".join(pieces) else "".join(pieces)


def readable_authors(authors: list[str], vocabulary: set[str], metadata: list[str]) -> list[str]:
    """The authors' names with no unreadable glyph (see the module's docstring)."""
    named = []
    for name in authors:
        name = _as_typed(name, metadata)
        if UNREADABLE not in name:
            named.append(name)
            continue
        whole = text_read(name, vocabulary) or _from_metadata(name, metadata)
        if whole is None:
            whole = _initialled(name)
        if whole is not None:
            named.append(whole)
    return named


def _as_typed(name: str, metadata: list[str]) -> str:
    """The metadata's spelling of a name the page draws with another letter in place of an
    accented one ("JosØ Ramom" for "José Ramom": a font whose accented letters the text layer
    maps wrong); the page's own name when no metadata name differs from it only so."""
    for typed in metadata:
        if len(typed) != len(name):
            continue
        differences = [(a, b) for a, b in zip(typed, name, strict=True) if a != b]
        if differences and all(
            a.isalpha() and not a.isascii() and not b.isascii() for a, b in differences
        ):
            return typed
    return name


def _from_metadata(name: str, metadata: list[str]) -> str | None:
    pattern = re.compile(
        "".join(r"\w{1,3}" if c == UNREADABLE else re.escape(c) for c in name), re.I
    )
    found = [m for m in metadata if UNREADABLE not in m and pattern.fullmatch(m.strip())]
    return found[0].strip() if len(found) == 1 else None


def _initialled(name: str) -> str | None:
    """ "Je\ufffdrey A. Ryan" → "J. A. Ryan": a given name keeps its readable first letter; a
    surname (the last word) with the glyph has no such shortening."""
    words = name.split()
    if len(words) < 2 or UNREADABLE in words[-1]:
        return None
    given = []
    for word in words[:-1]:
        if UNREADABLE in word:
            if word[0] == UNREADABLE:
                return None
            word = f"{word[0]}."
        given.append(word)
    return " ".join([*given, words[-1]])


WORD = re.compile(r"[\w'’-]+")


def readable_headings(sections: list[Section], vocabulary: set[str]) -> None:
    """Each section heading with a ligature its font left unnamed read whole, as the cover's
    words are ("Strati\ufffdcation" → "Stratification"), from the paper's words — those
    hyphenated across lines, rejoined in the paragraphs, too. A heading no word reads whole
    keeps its mark (a title check sees it)."""
    if not any(UNREADABLE in s.title for s in sections):
        return
    words = vocabulary | {
        w.lower() for s in sections for p in s.paragraphs for w in WORD.findall(p)
    }
    for section in sections:
        section.title = text_read(section.title, words) or section.title
