"""Adobe's Symbol font read by its own encoding, not as Latin letters.

A PDF that uses the Symbol font (Adobe's, Windows' SymbolMT, URW's StandardSymL) without
embedding it, or as a TrueType font, and without a text map, names no glyph: the font's own
(builtin) encoding says what each code is. pdfminer reads such a font by the standard Latin
encoding instead, so "μ" reads "m" ("5 μm" became "5 mm", a thousand times too big), "Δ" "D",
"Ω" "W", "α" "a", "−" "-"; and it finds no width for those letters in Symbol's metrics, so the
glyph has none and the word breaks after it. Such a font is given the Symbol encoding in
pdfplumber's font cache before a page is read: its glyphs read as what they are, with their
widths. A glyph the encoding has no text for (a delimiter's piece, the serif ®) reads as
unreadable ("(cid:N)"), never as a letter. An embedded Type 1 program (pdfminer reads its own
encoding), a CFF program (encodings.py reads its glyph names), an explicit encoding or a text
map are the PDF's own word and are left alone.
"""

from __future__ import annotations

import re

import pdfplumber
from pdfminer.pdftypes import PDFObjRef, resolve1
from pdfminer.psparser import literal_name

# Adobe's Symbol font by its names (Acrobat's "Symbol", Windows' "SymbolMT", URW's StandardSymL
# and its slanted variants; a subset's tag, a style after a comma: "Symbol,Bold").
SYMBOL_FONT = re.compile(
    r"^(?:[A-Z]{6}\+)?(?:Symbol|StandardSym(?:bols)?)(?:MT|PS|L)?(?![a-z])", re.I
)
# The Symbol encoding (psyr.afm's glyph names read by the Adobe Glyph List, as pdfminer's
# metrics of the font name them), where it differs from ASCII: runs of consecutive codes. The
# font has no Latin letter at all; its digits and most punctuation sit at their ASCII codes.
SYMBOL_RUNS = (
    (34, "∀"),
    (36, "∃"),
    (39, "∋"),
    (42, "∗"),
    (45, "−"),
    (64, "≅ΑΒΧ∆ΕΦΓΗΙϑΚΛΜΝΟΠΘΡΣΤΥςΩΞΨΖ"),
    (92, "∴"),
    (94, "⊥"),
    (97, "αβχδεφγηιϕκλµνοπθρστυϖωξψζ"),
    (126, "∼"),
    (161, "ϒ′≤⁄∞ƒ♣♦♥♠↔←↑→↓"),
    (178, "″≥×∝∂•÷≠≡≈…"),
    (191, "↵ℵℑℜ℘⊗⊕∅∩∪⊃⊇⊄⊂⊆∈∉∠∇"),
    (213, "∏√⋅¬∧∨⇔⇐⇑⇒⇓◊〈"),
    (229, "∑"),
    (241, "〉∫⌠"),
    (245, "⌡"),
)
SYMBOL_ENCODING = {code: chr(code) for code in range(32, 127)} | {
    code + i: ch for code, run in SYMBOL_RUNS for i, ch in enumerate(run)
}
SYMBOL_ENCODING.pop(96)  # the radical's extender: a piece, no text
# The Adobe Glyph List's ohm sign and angle brackets (as pdfminer's metrics of Symbol key their
# widths; the text's normal form reads them as Ω, 〈 and 〉)
SYMBOL_ENCODING |= {87: "\u2126", 225: "\u2329", 241: "\u232a"}
PROGRAMS_READ = ("FontFile", "FontFile3")
FORM_DEPTH = 4  # forms inside forms looked into  # a program whose own glyph names are read


def symbol_fonts_encoded(pdf: pdfplumber.PDF) -> None:
    """Give every Symbol font that names none of its glyphs the Symbol encoding, in
    pdfplumber's font cache, before its pages are read."""
    cache = getattr(pdf.rsrcmgr, "_cached_fonts", None)
    if cache is None:
        return
    changed = False
    for objid, spec in _unnamed_symbol_fonts(pdf):
        try:
            font = pdf.rsrcmgr.get_font(objid, spec)
        except Exception:  # noqa: BLE001 - a damaged font keeps pdfminer's own reading
            continue
        if getattr(font, "unicode_map", None) is not None or not hasattr(font, "cid2unicode"):
            continue
        changed = changed or font.cid2unicode != SYMBOL_ENCODING
        font.cid2unicode = dict(SYMBOL_ENCODING)
    if changed:
        for page in pdf.pages:
            page.flush_cache()  # a page read already holds the Latin reading


def _unnamed_symbol_fonts(pdf: pdfplumber.PDF) -> list[tuple[int, dict]]:
    """The pages' Symbol fonts that name no glyph, and those of the forms the pages draw (a
    plot included as a PDF: R's device sets its Greek in the Symbol font, not embedded)."""
    out: list[tuple[int, dict]] = []
    seen: set[int] = set()
    for page in pdf.pages:
        _collect(page.page_obj.resources, out, seen, depth=0)
    return out


def _collect(resources, out: list[tuple[int, dict]], seen: set[int], depth: int) -> None:
    resources = resolve1(resources)
    if not isinstance(resources, dict) or depth > FORM_DEPTH:
        return
    fonts = resolve1(resources.get("Font")) or {}
    for reference in fonts.values() if isinstance(fonts, dict) else ():
        if not isinstance(reference, PDFObjRef) or reference.objid in seen:
            continue
        seen.add(reference.objid)
        spec = resolve1(reference)
        if isinstance(spec, dict) and _unnamed_symbol_font(spec):
            out.append((reference.objid, spec))
    forms = resolve1(resources.get("XObject")) or {}
    for reference in forms.values() if isinstance(forms, dict) else ():
        if not isinstance(reference, PDFObjRef) or reference.objid in seen:
            continue
        seen.add(reference.objid)
        form = resolve1(reference)
        attrs = getattr(form, "attrs", {})
        if literal_name(resolve1(attrs.get("Subtype"))) == "Form":
            _collect(attrs.get("Resources"), out, seen, depth + 1)


def _unnamed_symbol_font(spec: dict) -> bool:
    """A simple Symbol font whose glyphs nothing in the PDF names: no encoding, no text map, no
    program pdfminer or encodings.py reads names from."""
    if literal_name(resolve1(spec.get("Subtype"))) not in ("Type1", "MMType1", "TrueType"):
        return False
    try:
        name = literal_name(resolve1(spec.get("BaseFont")))
    except Exception:  # noqa: BLE001 - a font without a name is not known to be Symbol
        return False
    if not SYMBOL_FONT.search(str(name)) or "Encoding" in spec or "ToUnicode" in spec:
        return False
    descriptor = resolve1(spec.get("FontDescriptor")) or {}
    return not (isinstance(descriptor, dict) and any(k in descriptor for k in PROGRAMS_READ))
