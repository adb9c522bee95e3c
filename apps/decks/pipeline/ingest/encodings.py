"""What a glyph really is when the PDF's text map says otherwise.

pdfplumber reports a glyph by the font's ToUnicode map, else by its encoding's glyph names.
Four kinds of PDF made with TeX get that wrong, and a reader of the deck would see it:

- bitmap (Type 3) fonts with made-up glyph names (`/a28`): TeX's ligatures ff, fi, fl, ffi,
  ffl and its quotes and dashes have no Unicode at all, so "effect" reads "eect" and
  "coefficients" "coecients";
- bitmap fonts whose text map reads those names as ZapfDingbats glyphs (`/a65` as "❆", not
  "A"), so that a whole paper reads "❆♥❛❧②s✐♥❣";
- a ToUnicode map that contradicts the font's own glyph names (`/omega` mapped to "É",
  `/latticetop` to "¦");
- math extension fonts whose glyph names no Unicode table knows (`/summationdisplay`, read
  as "X" or not at all);
- MathType's MT Extra, whose letters' codes hold symbols (ℓ, ħ, arrows) that no standard
  encoding names: with no glyph name, a letter it is read as is unreadable (U+FFFD), never a
  letter. (Adobe's Symbol, whose encoding is known, is read by it: symbol_encoding.py.)

`glyph_repairs` compares, font by font, what pdfplumber will report for each code with what
the glyph's name says, and returns the replacements. A reported text that stands for two
different glyphs in one font cannot be repaired; it becomes U+FFFD, which the rest of the
pipeline treats as unreadable (never a wrong letter).
"""

from __future__ import annotations

import re
import unicodedata

import pdfplumber
from pdfminer.encodingdb import name2unicode
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdftypes import PDFObjRef, resolve1, stream_value
from pdfminer.psparser import literal_name

from apps.decks.pipeline.ingest.cff import cff_encoding
from apps.decks.pipeline.ingest.type3 import type3_names

UNREADABLE = "\ufffd"
# Cork (T1) encoding, codes 16–31: quotes, dashes, ligatures (the positions TeX's EC fonts use).
T1_CONTROL = {
    16: "“",
    17: "”",
    18: "„",
    19: "«",
    20: "»",
    21: "–",
    22: "—",
    23: "",  # compound word mark: zero width
    25: "ı",
    26: "ȷ",
    27: "ﬀ",
    28: "ﬁ",
    29: "ﬂ",
    30: "ﬃ",
    31: "ﬄ",
}
# A bitmap TeX font's printable codes are ASCII but for its quotes (OT1 and T1 alike).
TEX_ASCII = {39: "’", 96: "‘"}
# OT1 (the original TeX text encoding), codes 11–15: the ligatures; its quotes and dashes.
OT1_LIGATURES = {11: "ﬀ", 12: "ﬁ", 13: "ﬂ", 14: "ﬃ", 15: "ﬄ"}
OT1_PUNCTUATION = {34: "”", 92: "“", 123: "–", 124: "—"}
# Glyph names of TeX's math fonts that the Adobe Glyph List lacks.
TEX_NAMES = {
    # The smallest wide accents of a math extension font: the bare name is the glyph itself
    # (its larger sizes are "hatwider", "tildewidest"), unlike CMSY's "intersection".
    "hatwide": "ˆ",
    "tildewide": "˜",
    "latticetop": "⊤",
    "rho1": "ϱ",
    "theta1": "ϑ",
    "phi1": "ϕ",
    "epsilon1": "ϵ",
    "sigma1": "ς",
    "omega1": "ϖ",
    "lscript": "ℓ",
    "periodcentered": "·",
    "asteriskmath": "∗",
    "similar": "∼",
    "approxequal": "≈",
    "lessequal": "≤",
    "greaterequal": "≥",
    "negationslash": "\u0338",  # drawn over "=" to make "≠" (glyphs.negations_joined)
    "vextenddouble": "‖",
    "bardbl": "‖",  # CMSY's \| (a norm), not in the Adobe Glyph List
    "similarequal": "≃",
    "suppress": "",  # CMR's mark that suppresses a dot (the Polish ł's stroke): no text
    "vextendsingle": "|",
    # CMSY's floor and ceiling brackets, whose text map some TeX builds give as "+" and ",":
    # "(n − ⌊nηh⌋)" read "(η − +ηh,)"
    # CMSY's prime sits at the code of ASCII "0": a PDF without a text map reports it as "0",
    # and "5′ to 3′" reads as powers of zero ("5⁰ to 3⁰")
    "prime": "′",
    "floorleft": "⌊",
    "floorright": "⌋",
    "ceilingleft": "⌈",
    "ceilingright": "⌉",
}
# TeX's math symbol fonts (OMS encoding): no digits at all, the prime at the code of "0".
OMS_FONT = re.compile(r"^(?:[A-Z]{6}\+)?(?:CMSY|CMBSY|LMMathSymbols|rm-lmsy|lmsy)\d*", re.I)
# Big operators and delimiters of a math extension font: every size is the same symbol.
TEX_NAME_PREFIXES = (
    ("summation", "∑"),
    ("product", "∏"),
    ("coproduct", "∐"),
    ("contintegral", "∮"),
    ("integral", "∫"),
    ("radical", "√"),
    ("union", "⋃"),
    ("intersection", "⋂"),
    ("parenleft", "("),
    ("parenright", ")"),
    ("bracketleft", "["),
    ("bracketright", "]"),
    ("braceleft", "{"),
    ("braceright", "}"),
    ("angbracketleft", "⟨"),
    ("angbracketright", "⟩"),
    ("hatwide", "ˆ"),
    ("tildewide", "˜"),
)
# Pieces of a delimiter built from parts: only its top piece stands for the delimiter.
PIECE = re.compile(r"(?:bt|ex|mid)$")
MT_EXTRA_FONT = re.compile(r"^(?:[A-Z]{6}\+)?MT-?Extra", re.I)
TYPE3_NAME = re.compile(r"^a\d+$")
BUILTIN_ENCODING = re.compile(rb"dup\s+(\d+)\s*/([^\s/]+)\s+put")


def glyph_char(name: str) -> str | None:
    """The Unicode text a glyph name stands for, or None when the name says nothing."""
    if name in TEX_NAMES:
        return TEX_NAMES[name]
    for prefix, char in TEX_NAME_PREFIXES:
        # a size of a math extension glyph ("summationdisplay", "parenleftbig"); the bare name
        # is the text symbol ("intersection" is CMSY's ∩, not the big ⋂)
        if name.startswith(prefix) and name != prefix:
            return "" if PIECE.search(name) else char
    if TYPE3_NAME.match(name) or name == ".notdef":
        return None
    try:
        return name2unicode(name)
    except (KeyError, ValueError):
        return None


def glyph_repairs(pdf: pdfplumber.PDF) -> dict[str, dict[str, str]]:
    """fontname (as pdfplumber reports it) → {reported text → what the glyph is}."""
    manager = PDFResourceManager(caching=True)
    found: dict[str, dict[str, set[str]]] = {}
    done: set[int] = set()
    type3 = type3_names(pdf)
    for page in pdf.pages:
        fonts = resolve1((page.page_obj.resources or {}).get("Font")) or {}
        if not isinstance(fonts, dict):
            continue
        for reference in fonts.values():
            spec = resolve1(reference)
            if not isinstance(spec, dict) or id(spec) in done:
                continue
            done.add(id(spec))
            objid = reference.objid if isinstance(reference, PDFObjRef) else None
            try:
                _font_repairs(manager, spec, found, type3.get(objid))
            except Exception:  # noqa: BLE001 - a font we cannot read keeps pdfplumber's text
                continue
    return {
        font: {seen: next(iter(true)) if len(true) == 1 else UNREADABLE for seen, true in m.items()}
        for font, m in found.items()
        if m
    }


def _font_repairs(
    manager: PDFResourceManager, spec: dict, found: dict, type3_name: str | None = None
) -> None:
    subtype = literal_name(resolve1(spec.get("Subtype")))
    if subtype not in ("Type1", "Type3", "TrueType", "MMType1"):
        return
    font = manager.get_font(None, spec)
    name = font.fontname
    fontname = name.decode("latin-1") if isinstance(name, bytes) else str(name)
    if subtype == "Type3" and type3_name:
        fontname = type3_name  # each its own (type3.py), not "unknown"
    names = _glyph_names(spec)
    repairs = found.setdefault(fontname, {})
    # Made-up names: "/a28" (dvips), or the code's own character ("/\x0c" for code 12, as
    # ghostscript names a bitmap font's glyphs): they say nothing of the glyph.
    made_up = {
        code
        for code, glyph in names.items()
        if TYPE3_NAME.match(glyph) or (subtype == "Type3" and glyph == chr(code))
    }
    type3_codes = sorted(made_up)
    dingbats = subtype == "Type3" and _read_as_dingbats(font, names)
    for code, glyph in names.items():
        seen = _reported(font, code)
        true = glyph_char(glyph)
        if true is None and subtype == "Type3" and code in made_up:
            if seen.startswith("(cid:"):
                true = _tex_text_code(code, type3_codes)
                if true in LIGATURE_LETTERS and not _ligature_width(font, names, code, true):
                    true = None  # CMMI's Greek sits at OT1's ligature codes: "γ" is no "fl"
                elif true not in LIGATURE_LETTERS and glyph == chr(code):
                    true = None  # quotes and dashes guessed where CMSY has ≡ and ≤: not without
                    # the ligatures' evidence that this is a text face (below)
            elif dingbats and glyph == f"a{code}" and code < 127:
                true = (
                    TEX_ASCII.get(code, chr(code))
                    if code > 32
                    else _tex_text_code(code, type3_codes)
                )
        if true is None or seen == true:
            continue
        repairs.setdefault(seen, set()).add(true)
    if MT_EXTRA_FONT.search(fontname):
        _unnamed_letters_marked(font, names, repairs)
    if OMS_FONT.search(fontname) and 48 not in names and _reported(font, 48) == "0":
        repairs.setdefault("0", set()).add("′")  # no glyph names: the code says it is the prime
    _unknown_marked(font, names, repairs)
    if any(t in LIGATURE_LETTERS for r in repairs.values() for t in r) and made_up:
        # A bitmap font with TeX's ligatures is an OT1 text face (not typewriter, which has
        # braces and quotes at those codes): its quotes and dashes sit where ASCII has others
        # ("{" is "–", "\\" is "“").
        for code, true in OT1_PUNCTUATION.items():
            if code in made_up and (seen := _reported(font, code)) != true:
                repairs.setdefault(seen, set()).add(true)
    # A reported text that is also some glyph's true text is ambiguous in this font.
    for code, glyph in names.items():
        seen = _reported(font, code)
        if seen in repairs and glyph_char(glyph) == seen:
            repairs[seen].add(seen)


def _unnamed_letters_marked(font, names: dict[int, str], repairs: dict[str, set[str]]) -> None:
    """A symbol font of unknown encoding: a Latin letter reported for a code no glyph name
    reads is some symbol ("ℓ" read "l"), so it is unreadable rather than a wrong letter."""
    for code in range(32, 256):
        if code in names and glyph_char(names[code]) is not None:
            continue  # its own name said what it is
        seen = _reported(font, code)
        if len(seen) == 1 and seen.isascii() and seen.isalpha():
            repairs.setdefault(seen, set()).add(UNREADABLE)


UNKNOWN_SHARE = 0.25  # of a font's codes: a few unknown glyphs in a font that reads


def _unknown_marked(font, names: dict[int, str], repairs: dict[str, set[str]]) -> None:
    """A glyph nothing names, in a font whose other glyphs read, is unreadable (U+FFFD), not
    nothing: dropped, "speci(fi)es" reads "species", a different word. A font that reads not
    at all keeps pdfminer's "(cid:N)" (its text is then missing, and the paper a scan)."""
    drawn = [code for code, glyph in names.items() if glyph != ".notdef"]  # not in the subset
    unknown = [
        seen
        for code in drawn
        if (seen := _reported(font, code)).startswith("(cid:") and seen not in repairs
    ]
    if unknown and len(unknown) <= UNKNOWN_SHARE * len(drawn):
        for seen in unknown:
            repairs.setdefault(seen, set()).add(UNREADABLE)


LIGATURE_LETTERS = {"ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl"}


def _ligature_width(font, names: dict[int, str], code: int, ligature: str) -> bool:
    """A ligature at a guessed code is as wide as its letters set apart, less a kern (CMR's
    "fi" is 0.95 of "f" + "i"); a math italic's Greek letter at that code is far narrower
    (CMMI's γ is 0.66 of "f" + "l"). Without its letters in the font, it cannot be told."""
    letters = {}
    for other in names:
        reported = _reported(font, other)
        if len(reported) == 1 and reported in "fil":
            letters.setdefault(reported, other)
    try:
        parts = [font.char_width(letters[ch]) for ch in LIGATURE_LETTERS[ligature]]
        width = font.char_width(code)
    except (KeyError, TypeError):
        return False
    return sum(parts) > 0 and 0.85 <= width / sum(parts) <= 1.05


def _read_as_dingbats(font, names: dict[int, str]) -> bool:
    """The text map read a bitmap font's made-up names (`/a65`) as ZapfDingbats glyphs of those
    names ("❆") instead of the characters of their codes ("A"): most printable codes come out
    as symbols."""
    printable = [c for c, g in names.items() if g == f"a{c}" and 32 < c < 127]
    symbols = sum(
        1
        for c in printable
        if len(seen := _reported(font, c)) == 1
        and 0x2190 <= ord(seen) <= 0x2BFF  # arrows, symbols, dingbats: never a letter
        and not unicodedata.category(seen).startswith(("L", "M"))
    )
    return len(printable) >= 5 and symbols >= 0.5 * len(printable)


def _reported(font, code: int) -> str:
    """What pdfplumber reports for this code (its "(cid:N)" when there is no Unicode)."""
    try:
        return font.to_unichr(code)
    except Exception:  # noqa: BLE001 - pdfminer raises PDFUnicodeNotDefined and KeyError
        return f"(cid:{code})"


def _tex_text_code(code: int, codes: list[int]) -> str | None:
    """A bitmap TeX text font's code below 32: Cork (T1) unless the font uses only OT1's
    ligature positions (11–15)."""
    # T1's ligatures, or its quotes and dashes in a font without OT1's ligatures (OT1 has
    # accents at 16–22: a grave accent at 18 says nothing)
    uses_t1 = any(27 <= c <= 31 for c in codes) or (
        not any(11 <= c <= 15 for c in codes) and any(16 <= c <= 22 for c in codes)
    )
    if code in OT1_LIGATURES and not uses_t1:
        return OT1_LIGATURES[code]
    if uses_t1 and code in T1_CONTROL:
        return T1_CONTROL[code]
    return None


def _glyph_names(spec: dict) -> dict[int, str]:
    """code → glyph name, from the encoding's Differences, else the embedded Type 1 or CFF
    program's own encoding."""
    names: dict[int, str] = {}
    encoding = resolve1(spec.get("Encoding"))
    if isinstance(encoding, dict):
        code = 0
        for item in resolve1(encoding.get("Differences")) or []:
            item = resolve1(item)
            if isinstance(item, int):
                code = item
            else:
                names[code] = literal_name(item)
                code += 1
        return names
    if encoding is not None:
        return names  # a named standard encoding: pdfminer reads it right
    descriptor = resolve1(spec.get("FontDescriptor")) or {}
    if not isinstance(descriptor, dict):
        return names
    compact = descriptor.get("FontFile3")
    if compact is not None:  # a CFF program (dvipdfmx's TeX fonts): its own encoding
        return cff_encoding(stream_value(compact).get_data())
    program = descriptor.get("FontFile")
    if program is None:
        return names
    stream = stream_value(program)
    length = resolve1(stream.get("Length1")) or len(stream.get_data())
    for code, name in BUILTIN_ENCODING.findall(stream.get_data()[: int(length)]):
        names[int(code)] = name.decode("latin-1")
    return names
