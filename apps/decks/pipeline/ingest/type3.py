"""Bitmap (Type 3) fonts whose glyph space the text reader does not account for.

A Type 3 font draws each glyph with a program in its own glyph space, mapped to text space by
its FontMatrix. pdfminer sizes and orients a glyph by the text matrix alone, as if the font's
em were one unit of text space and its y axis pointed up. Ghostscript's conversion of dvips
PostScript (an old paper's bitmap fonts) breaks both: FontMatrix [1 0 0 -1] with glyphs drawn
in 600 dpi pixels (an em of ~83 units at 10 pt) under `0.12 Tf` and a text matrix [1 0 0 -1].
Every glyph is then reported 0.12 pt tall and upside down ("not upright"), so the whole text
layer was set aside as turned text and the paper read as empty. And every Type 3 font is
named "unknown", so one font's repairs (ligatures) would be applied to all the others.

This module names each Type 3 font after its PDF object, before any page is read, and turns
its glyphs back: upright when the FontMatrix flips what the text matrix flipped, and sized by
the font's em, measured from its glyphs' own boxes (capitals, digits and ascenders stand at
known shares of the em in any text face).
"""

from __future__ import annotations

import re
import statistics
from dataclasses import dataclass

import pdfplumber
from pdfminer.encodingdb import name2unicode
from pdfminer.pdffont import PDFType3Font
from pdfminer.pdftypes import PDFObjRef, resolve1
from pdfminer.psparser import literal_name

NAME = "Type3-{objid}"
# Ink height / em of a text face's glyphs (Computer Modern, Times and Helvetica agree to ±5 %).
HEIGHT_SHARE = {
    **dict.fromkeys("ABCDEFGHIKLMNOPRSTUVWXYZ", 0.69),
    **dict.fromkeys("0123456789", 0.67),
    **dict.fromkeys("bdhkl", 0.70),
    **dict.fromkeys("acemnorsuvwxz", 0.45),
}
AGREEING = 0.6  # share of a font's estimates within 15 % of their median for it to be trusted
SIZED_RIGHT = (0.75, 1.33)  # em in text space per unit of font size that needs no correction
BOLD_LETTERS, BOLD_WIDTH = 4, 1.08  # shared letters, median width ratio to the main face
DESCENT = 0.25  # of the em below the baseline, as pdfminer boxes a Type 1 glyph
MADE_UP_NAME = re.compile(r"a(\d+)")
GLYPH_BOX = re.compile(rb"^\s*(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+(\S+)\s+d1")


@dataclass(frozen=True)
class Type3Geometry:
    scale: float  # the font's em in text space per unit of font size (1 when pdfminer is right)
    flipped: bool  # the FontMatrix turns the y axis over


@dataclass
class _Measure:
    em: float | None  # glyph units, None when the glyphs' heights disagree
    vscale: float  # the FontMatrix's vertical scale
    flipped: bool
    advances: dict[str, float]  # letter → advance in glyph units


def type3_names(pdf: pdfplumber.PDF) -> dict[int, str]:
    """object id → a name for each Type 3 font: the one its descriptor gives, else one of its
    own ("Type3-67"), and "-Bold" for a face
    whose letters are clearly wider, per em, than the same letters of the document's main
    Type 3 face (a bitmap font's name does not say it is bold; its widths do: CMBX is 15 %
    wider than CMR, CMTI only 3 %)."""
    measures = _measures(pdf)
    relative = {
        objid: {ch: w / m.em for ch, w in m.advances.items()}
        for objid, m in measures.items()
        if m.em
    }
    main = max(relative, key=lambda i: len(relative[i]), default=None)
    names = {}
    for objid, spec in _type3_fonts(pdf):
        if own := _own_name(spec):
            names[objid] = own  # a font that says its name keeps it ("DejaVuSans-Bold")
            continue
        name = NAME.format(objid=objid)
        if main is not None and objid in relative and objid != main:
            shared = [ch for ch in relative[objid] if relative[main].get(ch)]
            ratios = [relative[objid][ch] / relative[main][ch] for ch in shared]
            if len(ratios) >= BOLD_LETTERS and statistics.median(ratios) >= BOLD_WIDTH:
                name += "-Bold"
        names[objid] = name
    return names


def type3_fonts_named(pdf: pdfplumber.PDF) -> None:
    """Give every Type 3 font of the document a name of its own (pdfminer calls them all
    "unknown"), in pdfplumber's font cache, before its pages are read."""
    cache = getattr(pdf.rsrcmgr, "_cached_fonts", None)
    if cache is None:
        return
    names = type3_names(pdf)
    renamed = False
    for objid, spec in _type3_fonts(pdf):
        font = cache.get(objid)
        if font is None:
            try:
                font = cache[objid] = PDFType3Font(pdf.rsrcmgr, spec)
            except Exception:  # noqa: BLE001 - a damaged font keeps pdfminer's own reading
                continue
        elif font.fontname != names[objid]:
            renamed = True  # a page was read already: its glyphs carry the old name
        font.fontname = names[objid]
    if renamed:
        for page in pdf.pages:
            page.flush_cache()


def type3_geometry(pdf: pdfplumber.PDF) -> dict[str, Type3Geometry]:
    """fontname → how its glyphs must be sized and turned, for the Type 3 fonts pdfminer
    reads wrong."""
    measures, names = _measures(pdf), type3_names(pdf)
    known = [m.em * m.vscale for m in measures.values() if m.em]
    typical = statistics.median(known) if known else 1.0
    out = {}
    for objid, m in measures.items():
        scale = m.em * m.vscale if m.em else typical
        if SIZED_RIGHT[0] <= scale <= SIZED_RIGHT[1]:
            scale = 1.0
        if scale != 1.0 or m.flipped:
            out[names[objid]] = Type3Geometry(scale=scale, flipped=m.flipped)
    return out


def _measures(pdf: pdfplumber.PDF) -> dict[int, _Measure]:
    out = {}
    for objid, spec in _type3_fonts(pdf):
        matrix = [float(v) for v in resolve1(spec.get("FontMatrix")) or (0.001, 0, 0, 0.001)]
        if len(matrix) != 6 or matrix[1] or matrix[2] or not matrix[0] or not matrix[3]:
            continue
        em, advances = _em(spec)
        out[objid] = _Measure(em, abs(matrix[3]), matrix[3] * matrix[0] < 0, advances)
    return out


def chars_turned(chars: list[dict], geometry: dict[str, Type3Geometry]) -> list[dict]:
    """The characters of those fonts sized by their em and set upright when their font
    flips them back."""
    if not geometry:
        return chars
    return [
        _turned(c, geometry[c["fontname"]]) if c.get("fontname") in geometry else c for c in chars
    ]


def _turned(char: dict, geometry: Type3Geometry) -> dict:
    a, b, c, d, e, f = char["matrix"]
    if b or c:
        return char  # turned text: left as read
    if geometry.flipped:
        c, d = -c, -d
    size = char["size"] * geometry.scale
    if not size:
        return char
    up = 1.0 if d > 0 else -1.0
    low, high = sorted((f - up * DESCENT * size, f + up * (1 - DESCENT) * size))
    shift = char["y1"] - high  # from PDF y to pdfplumber's top, by the box as read
    return {
        **char,
        "matrix": (a, b, c, d, e, f),
        "upright": a * d > 0,
        "size": size,
        "height": high - low,
        "y0": low,
        "y1": high,
        "top": char["top"] + shift,
        "bottom": char["top"] + shift + (high - low),
        "doctop": char["doctop"] + shift,
    }


def _type3_fonts(pdf: pdfplumber.PDF):
    """(object id, font dictionary) of each Type 3 font the pages use, once."""
    seen: set[int] = set()
    for page in pdf.pages:
        fonts = resolve1((page.page_obj.resources or {}).get("Font")) or {}
        if not isinstance(fonts, dict):
            continue
        for reference in fonts.values():
            if not isinstance(reference, PDFObjRef) or reference.objid in seen:
                continue
            seen.add(reference.objid)
            spec = resolve1(reference)
            if isinstance(spec, dict) and literal_name(resolve1(spec.get("Subtype"))) == "Type3":
                yield reference.objid, spec


def _own_name(spec: dict) -> str:
    """The name pdfminer gives the font when its descriptor has one (matplotlib's do)."""
    descriptor = resolve1(spec.get("FontDescriptor"))
    name = resolve1(descriptor.get("FontName")) if isinstance(descriptor, dict) else None
    if name is None:
        return ""
    name = literal_name(name) if not isinstance(name, (str, bytes)) else name
    return name.decode("latin-1") if isinstance(name, bytes) else str(name)


def _em(spec: dict) -> tuple[float | None, dict[str, float]]:
    """The em in glyph units, from the ink heights of the font's letters and digits (None
    when they disagree: a symbol font whose glyphs are named like letters), and each
    letter's advance."""
    procs = resolve1(spec.get("CharProcs")) or {}
    if not isinstance(procs, dict):
        return None, {}
    estimates, advances = [], {}
    for name, program in procs.items():
        char = _named_char(str(name))
        if char not in HEIGHT_SHARE:
            continue
        try:
            box = GLYPH_BOX.match(resolve1(program).get_data()[:200])
        except Exception:  # noqa: BLE001 - an unreadable glyph program says nothing
            continue
        if box:
            advance, _wy, _llx, lly, _urx, ury = (float(v) for v in box.groups())
            if ury - lly > 0:
                estimates.append(abs(ury - lly) / HEIGHT_SHARE[char])
                if char.isalpha() and advance > 0:
                    advances[char] = advance
    if len(estimates) < 3:
        return None, {}
    middle = statistics.median(estimates)
    agreeing = sum(1 for v in estimates if abs(v - middle) <= 0.15 * middle)
    return (middle, advances) if agreeing >= AGREEING * len(estimates) else (None, {})


def _named_char(name: str) -> str:
    """The character a glyph name spells: "A", "a65", or a standard name ("zero")."""
    if len(name) == 1:
        return name
    if (made_up := MADE_UP_NAME.fullmatch(name)) and 32 < int(made_up.group(1)) < 127:
        return chr(int(made_up.group(1)))  # pdfTeX's and dvips' "/a65": the code's character
    try:
        return name2unicode(name)
    except (KeyError, ValueError):
        return ""
