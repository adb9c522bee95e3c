"""Letters the text layer lost: a glyph a font maps to nothing readable, inside words.

A PDF's text map may give one letter of a font (or a ligature: fi, fl, ff, ffi, ffl) no text —
U+FFFD, a private-use code, a control character, nothing at all, or pdfminer's "(cid:N)" —
while its glyph names say nothing either (made-up names, a CID font's glyph numbers), so
encodings.py cannot name it. The page shows "the model"; the text layer reads "th� mod�l" or
"th mod l", and every word with that letter is lost or garbled.

`lost_letter_repairs` finds such a glyph (one reported text of one font, seen often and mostly
inside words) and reads it as the letter or ligature that turns the most of its words into
English words (words.known: the project's word list) or words the paper prints whole — only
when that reading is clear: it makes several words and far more than the next best reading.
A glyph it cannot read is marked U+FFFD (the rest of the pipeline drops a sentence holding it,
never shows it with a letter missing) and named in the paper's `text_layer` notes, so that the
deck says its text could not all be read.
"""

from __future__ import annotations

import re
import string
import unicodedata
from collections import Counter
from dataclasses import dataclass, field

import pdfplumber

from apps.decks.pipeline.ingest.omitted_letters import omitted_letter, restorations
from apps.decks.pipeline.ingest.type3 import Type3Geometry, chars_turned
from apps.decks.pipeline.ingest.words import known

UNREADABLE = "\ufffd"
# What a font reports for a glyph it cannot name: nothing, U+FFFD, a private-use code, a control
# character, pdfminer's "(cid:N)".
UNNAMED_TEXT = re.compile(r"^(?:|\(cid:\d+\)|\ufffd|[\ue000-\uf8ff]|[\x00-\x1f])$")
CANDIDATES = (*string.ascii_lowercase, *string.ascii_uppercase, "ff", "fi", "fl", "ffi", "ffl")
MIN_SEEN = 8  # a glyph seen fewer times costs few words: pdfminer's reading stays
INSIDE_SHARE = 0.6  # of its places, with a letter beside it (a bullet or an icon stands apart)
MIN_WORDS = 3  # distinct words a reading must make
MARGIN = 3.0  # times the words of the next best reading
# of the glyph's distinct words the reading must make words: one glyph that stood for two
# letters ("e" and "a" both U+FFFD) reads well as either in only part of them
COVERAGE = 0.75
WORD_GAP_EM = 0.12  # a gap between glyphs wider than this share of their size parts words
LINE_EM = 0.5  # a baseline this far (in the glyph's size) from the last is another line


@dataclass
class LetterRepairs:
    fixes: dict[str, dict[str, str]] = field(default_factory=dict)  # font → {reported → read}
    notes: list[str] = field(default_factory=list)  # what could not be read, for the deck
    # a letter the text left out altogether (omitted_letters.py) and its words put back
    omitted: str | None = None
    restored: dict[str, str] = field(default_factory=dict)


def lost_letter_repairs(
    pdf: pdfplumber.PDF,
    repairs: dict[str, dict[str, str]],
    turned: dict[str, Type3Geometry] | None = None,
) -> LetterRepairs:
    """Readings for the glyphs of the paper's fonts that lost their letters (module docstring);
    `repairs` are encodings.glyph_repairs' readings, applied first; `turned` sets a Type 3
    font's glyphs upright as layout reads them (type3.type3_geometry): a flipped bitmap font
    reads as not upright, and its words were never looked at."""
    words: list[list[str | tuple[str, str]]] = []
    seen: Counter[tuple[str, str]] = Counter()
    inside: Counter[tuple[str, str]] = Counter()
    letters: Counter[str] = Counter()
    for page in pdf.pages:
        for word in _words(chars_turned(page.chars, turned or {}), repairs):
            words.append(word)
            for index, part in enumerate(word):
                if isinstance(part, tuple):
                    seen[part] += 1
                    if any(
                        isinstance(p, str) and p.isalpha() for p in word[max(0, index - 1) :][:3]
                    ):
                        inside[part] += 1
                else:  # lower case: a capital's glyph is another glyph, kept or lost apart
                    letters.update(ch for ch in part if ch in string.ascii_lowercase)
    result = LetterRepairs()
    unread: dict[str, list[tuple[str, str]]] = {}  # reported text → the fonts it is unread in
    lost = [k for k, n in seen.items() if inside[k] >= INSIDE_SHARE * n]
    if lost:
        vocabulary = _vocabulary(words)
        # a font seen in few words (a title's, an author's) reads as the fonts whose same
        # reported text the paper's many words read clearly, if its own words agree
        pooled = Counter(text for _, text in lost)
        common = {
            text: _reading({k for k in lost if k[1] == text}, words, vocabulary) for text in pooled
        }
        for key in lost:
            font, text = key
            pooled_fits = bool(common[text]) and _agrees({key}, common[text], words, vocabulary)
            if seen[key] >= MIN_SEEN:
                # a font's own words too few to be clear read as the paper's other fonts
                # read the same code, when its words agree
                reading = _reading({key}, words, vocabulary) or (
                    common[text] if pooled_fits else None
                )
            elif pooled_fits:
                reading = common[text]
            else:
                continue  # a few places: pdfminer's reading stays (encodings marks it)
            if reading is None:
                if len(_forms({key}, words)) >= MIN_WORDS:
                    unread.setdefault(text, []).append(key)
                # else a logo's or a symbol's few words, the same each time: no prose is lost
                reading = UNREADABLE
            result.fixes.setdefault(font, {})[text] = reading
    # one note per loss: the same code unread in a paper's several fonts (its roman, bold and
    # italic) is one letter the reader is missing
    for keys in unread.values():
        fonts = sorted({font.split("+")[-1] for font, _ in keys})
        result.notes.append(
            f"a glyph of font{'s' if len(fonts) > 1 else ''} {', '.join(fonts)} has no text in "
            f"the PDF and could not be read ({sum(seen[k] for k in keys)} places): sentences "
            "holding it are left out"
        )
    omitted = omitted_letter(letters)
    # a letter read back, or a glyph that could not be (reported), explains its absence
    read = {v for fixes in result.fixes.values() for v in fixes.values()}
    if omitted and not read & {omitted, UNREADABLE}:
        printed = [  # a ligature's glyph as its letters, as the text shows it ("ﬁ" → "fi")
            unicodedata.normalize("NFKC", "".join(w))  # type: ignore[arg-type]
            for w in words
            if all(isinstance(p, str) for p in w)
        ]
        with_letter = {w for w in _vocabulary(words) if omitted in w}
        result.restored = restorations(printed, omitted, with_letter)
        result.omitted = omitted
        if not result.restored:
            result.notes.append(
                f"the PDF's text has almost no letter '{omitted}' in {sum(letters.values())} "
                "letters: its text layer lost it, and words are missing letters"
            )
    return result


def _words(
    chars: list[dict], repairs: dict[str, dict[str, str]]
) -> list[list[str | tuple[str, str]]]:
    """The page's words in the order the PDF draws them, each a list of its glyphs' texts, an
    unnamed glyph as (font, reported text)."""
    words: list[list[str | tuple[str, str]]] = []
    word: list[str | tuple[str, str]] = []
    last = None
    for char in chars:
        if not char.get("upright", True):
            continue
        font = str(char.get("fontname", ""))
        text = repairs.get(font, {}).get(char["text"], char["text"])
        if text == UNREADABLE:
            # encodings could not name it: its own code tells it from the font's other
            # unnamed glyphs (OT1's ff, fi, fl are three glyphs, not one)
            text = char["text"]
        if not text and char["text"]:
            continue  # named as no text on purpose (T1's compound word mark)
        size = char.get("size", 0.0) or 10.0
        if last is not None and (
            abs(char["bottom"] - last["bottom"]) > LINE_EM * size
            or char["x0"] - last["x1"] > WORD_GAP_EM * size
            or char["x0"] < last["x0"]
        ):
            if word:
                words.append(word)
            word = []
        last = char
        if UNNAMED_TEXT.match(text):
            word.append((font, text))
        elif text.isalpha():
            word.append(text)
        else:  # a space, a digit, punctuation: the word ends
            if word:
                words.append(word)
            word = []
    if word:
        words.append(word)
    return words


def _vocabulary(words: list[list[str | tuple[str, str]]]) -> set[str]:
    """The words the paper prints whole (lower case)."""
    return {
        "".join(word).lower()  # type: ignore[arg-type]
        for word in words
        if len(word) > 1 and all(isinstance(p, str) for p in word)
    }


def _forms(
    keys: set[tuple[str, str]], words: list[list[str | tuple[str, str]]]
) -> set[tuple[str | tuple[str, str], ...]]:
    """The distinct words holding the glyph(s) (a word holding another unnamed glyph says
    nothing)."""
    return {
        tuple(word)
        for word in words
        if any(p in keys for p in word) and all(isinstance(p, str) or p in keys for p in word)
    }


def _made(
    keys: set[tuple[str, str]], words: list[list[str | tuple[str, str]]], vocabulary: set[str]
) -> list[tuple[str, int]]:
    """Each reading of the glyph(s) with the number of their distinct words it makes words,
    most first."""
    made = _made_forms(keys, words, vocabulary)
    return sorted(((c, len(f)) for c, f in made.items()), key=lambda item: -item[1])


def _made_forms(
    keys: set[tuple[str, str]], words: list[list[str | tuple[str, str]]], vocabulary: set[str]
) -> dict[str, set[tuple[str | tuple[str, str], ...]]]:
    """Each reading of the glyph(s) with the distinct words it makes words."""
    forms = _forms(keys, words)
    return {
        candidate: {
            form
            for form in forms
            if _is_word("".join(p if isinstance(p, str) else candidate for p in form), vocabulary)
        }
        for candidate in CANDIDATES
    }


def _reading(
    keys: set[tuple[str, str]], words: list[list[str | tuple[str, str]]], vocabulary: set[str]
) -> str | None:
    """The one letter or ligature that makes the glyph's words words, when clear: against its
    rival (the next best reading of another letter) only the words one of them makes and the
    other does not tell them apart ('_nd' is 'find' and 'and', '_nal' 'final' and 'anal')."""
    made = _made_forms(keys, words, vocabulary)
    ranked = sorted(made, key=lambda c: -len(made[c]))
    best = ranked[0]
    rival = next((c for c in ranked[1:] if not _same_letter(c, best)), None)
    ours = made[best] - made[rival] if rival else made[best]
    theirs = made[rival] - made[best] if rival else set()
    forms = len(_forms(keys, words))
    if (
        len(ours) >= MIN_WORDS
        and len(ours) >= MARGIN * max(len(theirs), 1)
        and len(made[best]) >= COVERAGE * forms
    ):
        return best
    return None


def _agrees(
    keys: set[tuple[str, str]],
    reading: str,
    words: list[list[str | tuple[str, str]]],
    vocabulary: set[str],
) -> bool:
    """The reading makes at least one of the glyph's few words a word, and no other reading
    makes as many."""
    made = dict(_made(keys, words, vocabulary))
    return made[reading] >= 1 and all(
        n < made[reading] for c, n in made.items() if not _same_letter(c, reading)
    )


def _same_letter(one: str, other: str) -> bool:
    """'c' and 'C' are one reading told apart by case: a glyph opening words makes words as
    either, so neither is the other's rival."""
    return one.lower() == other.lower()


def _is_word(word: str, vocabulary: set[str]) -> bool:
    """A word of the paper or of English, set as words are (lower case, capitalised, capitals)."""
    if not (word.islower() or word.isupper() or (word[0].isupper() and word[1:].islower())):
        return False
    lower = word.lower()
    return lower in vocabulary or known(lower)
