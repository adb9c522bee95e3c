"""Glyphs the text layer cannot name, beside numbers: read by their drawn shape, or marked.

A PDF's text map may give no Unicode for a glyph (a bitmap Type 3 font with made-up names, a
font subset whose glyphs are called "C0", a code its ToUnicode lacks): pdfminer reports
"(cid:N)" and words are built without it. Beside a number that changes the number: the minus
of 10⁻⁸ lost reads $10^{8}$, "12 ± 3" reads "12 3", "−4 mV" reads "4 mV". So each such glyph
next to a digit is

- read as a minus when certain: its drawn outline (pdfium's tight box of the glyph) is a flat
  horizontal bar on the math axis, and its place leaves no other reading — the first glyph of
  a raised script before a digit (an exponent's sign), or a sign before a number that follows
  no digit or letter ("was −4 mV", "(−0.5"); between two numbers a bar may be a range's dash;
- else marked unreadable (U+FFFD), never dropped: a formula holding it is dropped
  (glyphs.glyph_tex, equations), a bullet holding it beside a number is reported
  (review type lost_glyph) and dropped — never shown as another number.

A minus drawn as a short vector rule (no glyph at all) between a number and its raised digits
is read the same way.
"""

from __future__ import annotations

import ctypes
import re

import pdfplumber
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

UNNAMED_CHAR = re.compile(r"\(cid:\d+\)|\ufffd|[\ue000-\uf8ff]")
UNREADABLE = "\ufffd"
MINUS = "\u2212"
BAR_FLATNESS = 0.2  # a bar's drawn height over its width (a minus: 0.05–0.1; ± ×, ∼: ≥ 0.3)
# of the glyph's size: a minus (0.55–0.8), not a hyphen (0.33) nor a table's rule
BAR_WIDTH_EM = (0.4, 1.1)
WORD_GAP_EM = 0.15  # a sign set apart from the word before it
AXIS_EM = (0.1, 0.55)  # the bar's middle over the baseline of the digit it signs
NEIGHBOUR_EM = 0.9  # how near a digit must be for the glyph to be "beside a number"
SCRIPT_SIZE = 0.86  # (glyphs.SCRIPT_SIZE) a raised glyph below this share of its base's size
RAISED_EM = 0.2  # a raised script's baseline over its base's, in the base's size
DIGITS_READ = set("0123456789¼½¾⅓⅔⅛") | {"1⁄4", "1⁄2", "3⁄4"}
# A digit stands on the baseline (old-style figures descend below it) and is at least an
# x-height tall; a degree sign floats at cap height, an equals sign is two flat bars.
DIGIT_RAISED_EM, DIGIT_HEIGHT_EM = 0.2, 0.4


class LostGlyphs:
    """Reads a paper's pages' unnamed glyphs beside numbers; pdfium's drawing of the paper is
    opened only for a page that has one."""

    def __init__(self, pdf: pdfplumber.PDF):
        self.pdf = pdf
        self.document: pdfium.PdfDocument | None = None
        self.opened = False

    def read(self, index: int, chars: list[dict]) -> list[dict]:
        """The page's characters with each unnamed glyph beside a number read as a minus when
        its shape and place say so, else as U+FFFD; a minus drawn as a rule added as one."""
        page = self.pdf.pages[index]
        chars = _ruled_minus_added(page, chars)
        lost = [i for i in range(len(chars)) if _beside_number(chars, i)]
        suspect = [i for i in range(len(chars)) if _digit_of_another_font(chars, i)]
        if not lost and not suspect:
            return chars
        if not self.opened:
            self.document, self.opened = _opened(self.pdf), True
        boxes = _drawn_boxes(self.document, index, float(page.height))
        return _misread_digits(_read(chars, lost, boxes), suspect, boxes)

    def close(self) -> None:
        if self.document is not None:
            self.document.close()
            self.document = None


def _opened(pdf: pdfplumber.PDF) -> pdfium.PdfDocument | None:
    try:
        pdf.stream.seek(0)
        return pdfium.PdfDocument(pdf.stream.read())
    except (pdfium.PdfiumError, AttributeError, OSError):
        return None  # without the drawn shapes every unnamed glyph is marked, none guessed


def _beside_number(chars: list[dict], index: int) -> bool:
    char = chars[index]
    if not UNNAMED_CHAR.fullmatch(char["text"]) or not char.get("upright", True):
        return False
    return any(
        c is not None and c["text"][:1].isdigit() for c in _neighbours(chars, index, digits=True)
    )


def _neighbours(chars: list[dict], index: int, digits: bool = False) -> list[dict | None]:
    """The glyphs just before and after (in the content stream, as TeX and most writers set a
    line), when they are close enough to be of the same formula."""
    char = chars[index]
    size = char.get("size") or (char["bottom"] - char["top"])
    out: list[dict | None] = []
    for other in (
        chars[index - 1] if index else None,
        chars[index + 1] if index + 1 < len(chars) else None,
    ):
        near = (
            other is not None
            and abs((other["top"] + other["bottom"]) / 2 - (char["top"] + char["bottom"]) / 2)
            < 1.5 * size
            and min(abs(other["x0"] - char["x1"]), abs(char["x0"] - other["x1"]))
            < NEIGHBOUR_EM * size
        )
        out.append(other if near else None)
    return out


def _digit_of_another_font(chars: list[dict], index: int) -> bool:
    """A digit or vulgar fraction in another font than the glyphs on both sides of it, at
    their size: where a font's text map may name a degree sign "1" or an equals sign "¼"."""
    char = chars[index]
    if char["text"] not in DIGITS_READ or not char.get("upright", True):
        return False
    before, after = _neighbours(chars, index)
    sides = [c for c in (before, after) if c is not None]
    size = char.get("size") or 0.0
    return (
        bool(sides)
        and all(c.get("fontname") != char.get("fontname") for c in sides)
        and all(size >= SCRIPT_SIZE * (c.get("size") or 0.0) for c in sides)
    )


def _misread_digits(chars: list[dict], suspect: list[int], boxes: list) -> list[dict]:
    """A glyph read as a digit or a fraction that is not drawn as one (raised off the baseline,
    or flat) is unreadable: "400 1C" for 400 °C, "T 1⁄4 650" for T = 650."""
    chars = list(chars)
    for index in suspect:
        char = chars[index]
        drawn = _outline(char, boxes)
        size = char.get("size") or 0.0
        if drawn is None or not size:
            continue
        raised = _baseline(char) - drawn[3] > DIGIT_RAISED_EM * size
        flat = drawn[3] - drawn[1] < DIGIT_HEIGHT_EM * size
        if raised or flat:
            chars[index] = {**char, "text": UNREADABLE}
    return chars


def _drawn_boxes(document, index: int, height: float) -> list[tuple[int, tuple]]:
    """pdfium's characters of the page: (code, tight box of the glyph's outline, loose box),
    boxes as (x0, top, x1, bottom) from the page's top."""
    if document is None:
        return []
    page = document[index]
    textpage = page.get_textpage()
    boxes = []
    try:
        for i in range(textpage.count_chars()):
            tight = _box(pdfium_c.FPDFText_GetCharBox, textpage, i, height)
            loose = _box(pdfium_c.FPDFText_GetLooseCharBox, textpage, i, height)
            if tight is not None and loose is not None:
                boxes.append((tight, loose))
    finally:
        textpage.close()
        page.close()
    return boxes


def _box(function, textpage, index: int, height: float):
    if function is pdfium_c.FPDFText_GetLooseCharBox:
        rect = pdfium_c.FS_RECTF()
        if not function(textpage.raw, index, rect):
            return None
        return (rect.left, height - rect.top, rect.right, height - rect.bottom)
    left, right, bottom, top = (ctypes.c_double() for _ in range(4))
    if not function(textpage.raw, index, left, right, bottom, top):
        return None
    return (left.value, height - top.value, right.value, height - bottom.value)


def _read(chars: list[dict], lost: list[int], boxes: list) -> list[dict]:
    chars = list(chars)
    for index in lost:
        bar = _outline(chars[index], boxes)
        minus = bar is not None and _flat_bar(chars[index], bar) and _signs_a_number(chars, index)
        if minus and _on_axis(bar, chars[index + 1]):
            chars[index] = {**chars[index], "text": MINUS}
        else:
            chars[index] = {**chars[index], "text": UNREADABLE}
    return chars


def _outline(char: dict, boxes: list) -> tuple | None:
    """The tight box of the glyph pdfium drew at this character's place."""
    middle = (char["x0"] + char["x1"]) / 2
    found = [
        tight
        for tight, loose in boxes
        if loose[0] - 0.5 <= middle <= loose[2] + 0.5
        and abs(loose[0] - char["x0"]) < 0.3 * (char["x1"] - char["x0"]) + 0.5
        and loose[1] - 1 <= (tight[1] + tight[3]) / 2 <= loose[3] + 1
        and char["top"] - 2 <= (tight[1] + tight[3]) / 2 <= char["bottom"] + 2
    ]
    return found[0] if len(found) == 1 else None


def _flat_bar(char: dict, box: tuple) -> bool:
    width, height = box[2] - box[0], box[3] - box[1]
    size = char.get("size") or (char["bottom"] - char["top"])
    return (
        width > 0
        and height <= BAR_FLATNESS * width
        and BAR_WIDTH_EM[0] * size <= width <= BAR_WIDTH_EM[1] * size
    )


def _signs_a_number(chars: list[dict], index: int) -> bool:
    """The glyph's place leaves only a minus: it opens a raised script of digits after its
    base, or stands before a number after no digit, letter or closing bracket."""
    before, after = _neighbours(chars, index)
    if after is None or not after["text"][:1].isdigit():
        return False
    if before is None or before["text"][:1] in "(=[{<>≤≥,;:":
        return True
    sign = chars[index]
    size = sign.get("size") or (sign["bottom"] - sign["top"])
    if before["text"][:1].isalpha() and sign["x0"] - before["x1"] >= WORD_GAP_EM * size:
        return True  # "was −4 mV", "x − 4": a hyphen touches its word ("COVID-19")
    return _raised_script(before, sign, after)  # after a digit on the line: a range's dash?


def _raised_script(base: dict, sign: dict, digit: dict) -> bool:
    size = base.get("size") or 0.0
    if not size:
        return False
    smaller = max(sign.get("size", 0), digit.get("size", 0)) < SCRIPT_SIZE * size
    return smaller and _baseline(base) - _baseline(digit) > RAISED_EM * size


def _on_axis(bar: tuple, digit: dict) -> bool:
    size = digit.get("size") or (digit["bottom"] - digit["top"])
    over = _baseline(digit) - (bar[1] + bar[3]) / 2
    return AXIS_EM[0] * size <= over <= AXIS_EM[1] * size


def _baseline(char: dict) -> float:
    """From the page's top: pdfplumber's `bottom` and `y0` are the same edge from either end."""
    matrix = char.get("matrix")
    if not matrix or "y0" not in char:
        return char["bottom"]
    return char["bottom"] + char["y0"] - matrix[5]


def _ruled_minus_added(page: pdfplumber.page.Page, chars: list[dict]) -> list[dict]:
    """A minus drawn as a short rule between a number and its raised digits, as a glyph."""
    rules = [
        r
        for r in (*page.lines, *page.rects)
        if r["bottom"] - r["top"] <= 1.0 and 0.5 < r["x1"] - r["x0"] < 12.0
    ]
    if not rules:
        return chars
    out = []
    for index, char in enumerate(chars):
        out.append(char)
        following = chars[index + 1] if index + 1 < len(chars) else None
        if following is None or not (char["text"].isdigit() and following["text"].isdigit()):
            continue
        if not _raised_script(char, {**char, "size": 0}, following):
            continue
        size = following.get("size") or 0.0
        between = [
            r
            for r in rules
            if char["x1"] - 0.2 <= r["x0"]
            and r["x1"] <= following["x0"] + 0.2
            and BAR_WIDTH_EM[0] * size <= r["x1"] - r["x0"] <= BAR_WIDTH_EM[1] * size
            and _on_axis((r["x0"], r["top"], r["x1"], r["bottom"]), following)
        ]
        if len(between) == 1:
            rule = between[0]
            out.append({**following, "text": MINUS, "x0": rule["x0"], "x1": rule["x1"]})
    return out
