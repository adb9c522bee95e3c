"""Letters of a Greek or maths ("pi") font that the text layer reads as Latin: never a unit.

Publishers set μ, Δ, Ω, π in embedded pi fonts (Elsevier's MathematicalPi, Universal Greek with
Math Pi, Euclid Symbol, Advent 3B2's hash-named "AdvP…" conversions) that put each Greek letter
at the code of a Latin one and name its glyph by that Latin letter ("m" draws μ), with no text
map. The text layer then reads "6.9 mm" where the paper prints "6.9 μm" (a thousand times too
big), "D = 3" for "Δ = 3". Nothing in the PDF says which glyph is Greek: a pi font's Latin
names are the font's own word for its codes, and the same converter also makes math-italic
fonts whose "x" is x.

Where the PDF does name the glyph ("mu" in the font program or the encoding's Differences,
read by encodings.py; Adobe's Symbol read by its encoding, symbol_encoding.py), the letter is
read right and left alone. Where it does not, a Latin letter of such a font that stands beside
a number (a unit after it: "6.9 m"; a symbol before its value: "D = 3") is marked unreadable
(U+FFFD): the bullet holding it is reported (`lost_glyph`) and dropped, never shown with a
wrong unit, and the paper's `text_layer` notes (summary.json's `unreadable_text`) say so.

A pi font is told by its name, by having no text map and no glyph at a Latin letter's code
named as another letter ("mu"), and by how its letters are used: alone (a symbol each), not in words of the font's own
letters — Advent's "AdvP…" names also cover text faces, whose letters make words.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

import pdfplumber
from pdfminer.pdftypes import resolve1
from pdfminer.psparser import literal_name

from apps.decks.pipeline.ingest.encodings import _glyph_names, glyph_char

UNREADABLE = "\ufffd"
# Pi and Greek fonts that set Greek at Latin codes: Elsevier's Mathematical Pi, Universal
# Greek (with Math Pi), Euclid's symbol fonts, any embedded "…Symbol…", Advent 3B2's converted
# fonts ("AdvP4C4E46", "AdvPi1": hex after "AdvP"; its text faces are "AdvPS…", "AdvOT…").
PI_FONT = re.compile(
    r"MathematicalPi|MathPi|Greek|Euclid(?:Symbol|Math|Extra)|Symbol|StandardSym|"
    r"(?:^|\+)AdvP(?:i\d|[0-9A-F]{3,}(?![A-Za-z]))",
    re.I,
)
SIMPLE_FONTS = ("Type1", "MMType1", "TrueType", "Type3")
IN_WORDS = 0.5  # share of a font's letters set next to another of its letters: a text face
LETTER_GAP_EM = 0.3  # two glyphs this close on one line are of one word
NUMBER_GAP_EM = 0.9  # how near a digit must be for the letter to be "beside a number"
RELATIONS = set("=<>≈∼~≤≥±×")
LATIN = re.compile(r"[A-Za-z]")


@dataclass
class PiLetters:
    """A paper's pi fonts whose Latin letters cannot be trusted, and what was marked."""

    fonts: set[str]
    marked: Counter[str] = field(default_factory=Counter)  # font → letters marked

    def mark(self, chars: list[dict]) -> list[dict]:
        """The page's characters with each such letter beside a number read as U+FFFD."""
        if not self.fonts:
            return chars
        printed = [c for c in chars if c["text"].strip() and c.get("upright", True)]
        out = list(chars)
        for index, char in enumerate(chars):
            pi_letter = char.get("fontname") in self.fonts and LATIN.fullmatch(char["text"])
            if pi_letter and _beside_number(char, _line(char, printed)):
                out[index] = {**char, "text": UNREADABLE}
                self.marked[char["fontname"]] += 1
        return out

    def notes(self) -> list[str]:
        if not self.marked:
            return []
        fonts = sorted(self.marked)
        return [
            f"letters of the Greek or symbol font{'s' if len(fonts) > 1 else ''} "
            f"{', '.join(_bare(f) for f in fonts)} have no text in the PDF but a Latin letter's "
            f"({sum(self.marked.values())} beside numbers, e.g. a unit μm read as mm): "
            "sentences holding them are left out"
        ]


def pi_letters(pdf: pdfplumber.PDF) -> PiLetters:
    """The paper's pi fonts (by name, with no text map and no Greek named at a Latin code)
    whose letters stand alone, not in words."""
    candidates = _candidate_fonts(pdf)
    if not candidates:
        return PiLetters(set())
    alone, in_words = Counter(), Counter()
    for page in pdf.pages:
        chars = [c for c in page.chars if c.get("fontname") in candidates]
        for index, char in enumerate(chars):
            if not LATIN.fullmatch(char["text"]):
                continue
            neighbours = chars[max(0, index - 1) : index] + chars[index + 1 : index + 2]
            worded = any(LATIN.fullmatch(n["text"]) and _touching(char, n) for n in neighbours)
            (in_words if worded else alone)[char["fontname"]] += 1
    fonts = {
        font
        for font in candidates
        if alone[font] and in_words[font] < IN_WORDS * (alone[font] + in_words[font])
    }
    return PiLetters(fonts)


def _candidate_fonts(pdf: pdfplumber.PDF) -> set[str]:
    out: set[str] = set()
    done: set[int] = set()
    for page in pdf.pages:
        fonts = resolve1((page.page_obj.resources or {}).get("Font")) or {}
        for reference in fonts.values() if isinstance(fonts, dict) else ():
            spec = resolve1(reference)
            if not isinstance(spec, dict) or id(spec) in done:
                continue
            done.add(id(spec))
            try:
                name = literal_name(resolve1(spec.get("BaseFont")))
                if _untrusted(spec, str(name)):
                    out.add(str(name))
            except Exception:  # noqa: BLE001 - a font we cannot read is not judged
                continue
    return out


def _untrusted(spec: dict, name: str) -> bool:
    if literal_name(resolve1(spec.get("Subtype"))) not in SIMPLE_FONTS:
        return False
    if "ToUnicode" in spec or not PI_FONT.search(name):
        return False
    # A glyph at a Latin letter's code named as another letter ("mu" at the code of "m"): the
    # font names its Greek (encodings.py reads it), and its Latin names are Latin letters.
    return not any(
        (text := glyph_char(glyph)) and text.isalpha() and not text.isascii()
        for code, glyph in _glyph_names(spec).items()
        if chr(code).isascii() and chr(code).isalpha()
    )


def _touching(a: dict, b: dict) -> bool:
    size = a.get("size") or (a["bottom"] - a["top"])
    same_line = abs(a["bottom"] - b["bottom"]) < 0.3 * size
    gap = max(b["x0"] - a["x1"], a["x0"] - b["x1"])
    return same_line and gap < LETTER_GAP_EM * size


def _line(char: dict, printed: list[dict]) -> list[dict]:
    """The printed glyphs on the letter's line (their middles near its middle), left to
    right."""
    size = char.get("size") or (char["bottom"] - char["top"])
    middle = (char["top"] + char["bottom"]) / 2
    return sorted(
        (c for c in printed if abs((c["top"] + c["bottom"]) / 2 - middle) < 0.5 * size),
        key=lambda c: c["x0"],
    )


def _beside_number(char: dict, line: list[dict]) -> bool:
    """A digit of the line just before the letter (its unit: "6.9 μm"), or just after it, an
    equals or other relation between them allowed ("Δ = 3", "Ω/2π < 5")."""
    size = char.get("size") or (char["bottom"] - char["top"])
    before = [c for c in line if c["x1"] <= char["x0"] + 0.2 * size and c is not char]
    after = [c for c in line if c["x0"] >= char["x1"] - 0.2 * size and c is not char]
    if before and _digit(before[-1]) and char["x0"] - before[-1]["x1"] < NUMBER_GAP_EM * size:
        return True
    position = char["x1"]
    for step, other in enumerate(after[:2]):
        if other["x0"] - position > NUMBER_GAP_EM * size:
            return False
        if _digit(other):
            return True
        if step or other["text"] not in RELATIONS:
            return False
        position = other["x1"]
    return False


def _digit(char: dict) -> bool:
    return char["text"][:1].isdigit()


def _bare(font: str) -> str:
    return font.split("+", 1)[-1]
