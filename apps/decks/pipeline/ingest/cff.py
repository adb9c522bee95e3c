"""The built-in encoding of a compact (CFF, "Type1C") font program: code → glyph name.

dvipdfmx and other tools embed TeX's fonts as CFF (`/FontFile3`) without an `/Encoding` in
the PDF, so a reader falls back to Adobe's standard encoding and gets TeX's codes wrong: CMR's
"fi" ligature (code 12) is no character at all ("speci(cid:12)es"), CMMI's comma and full stop
(59, 58) read ";" and ":" ("f(x1; x2; : : :)"), CMSY's minus (0) is lost ("[2^31; +2^31 1]").
The font program's own encoding and charset name every glyph; this module reads them
(CFF specification, Adobe Technical Note 5176, sections 12–13).
"""

from __future__ import annotations

import io
import struct

from pdfminer.pdffont import CFFFont, getdict

STANDARD_STRINGS = CFFFont.STANDARD_STRINGS  # SIDs below 391 name these
ENCODING_OP, CHARSET_OP, CHARSTRINGS_OP = 16, 15, 17


def cff_encoding(data: bytes) -> dict[int, str]:
    """code → glyph name from the font program's custom encoding; {} for a font that uses a
    predefined encoding (the standard one reads right) or that cannot be parsed."""
    try:
        return _encoding(data)
    except (struct.error, IndexError, KeyError, ValueError, TypeError):
        return {}


def _encoding(data: bytes) -> dict[int, str]:
    stream = io.BytesIO(data)
    _major, _minor, header_size, _offset_size = struct.unpack("BBBB", stream.read(4))
    stream.seek(header_size)
    CFFFont.INDEX(stream)  # names
    top_dicts = CFFFont.INDEX(stream)
    strings = list(CFFFont.INDEX(stream))  # read now: the index seeks the shared stream
    top = getdict(top_dicts[0])
    (encoding_at,) = top.get(ENCODING_OP, [0])
    (charset_at,) = top.get(CHARSET_OP, [0])
    (charstrings_at,) = top.get(CHARSTRINGS_OP, [0])
    if int(encoding_at) <= 1 or not charstrings_at:
        return {}  # the standard or expert encoding
    stream.seek(int(charstrings_at))
    glyphs = len(CFFFont.INDEX(stream))

    def name(sid: int) -> str:
        if sid < len(STANDARD_STRINGS):
            return STANDARD_STRINGS[sid]
        return strings[sid - len(STANDARD_STRINGS)].decode("latin-1")

    names = _charset(data, int(charset_at), glyphs)
    codes: dict[int, str] = {}
    stream.seek(int(encoding_at))
    (form,) = struct.unpack("B", stream.read(1))
    gid = 1
    if form & 0x7F == 0:
        (count,) = struct.unpack("B", stream.read(1))
        for code in stream.read(count):
            if gid < len(names):
                codes[code] = name(names[gid])
            gid += 1
    elif form & 0x7F == 1:
        (ranges,) = struct.unpack("B", stream.read(1))
        for _ in range(ranges):
            first, left = struct.unpack("BB", stream.read(2))
            for code in range(first, first + left + 1):
                if gid < len(names):
                    codes[code] = name(names[gid])
                gid += 1
    else:
        return {}
    if form & 0x80:  # supplements: more codes for glyphs already encoded
        (count,) = struct.unpack("B", stream.read(1))
        for _ in range(count):
            code, sid = struct.unpack(">BH", stream.read(3))
            codes[code] = name(sid)
    return codes


def _charset(data: bytes, at: int, glyphs: int) -> list[int]:
    """gid → SID (gid 0 is .notdef)."""
    if at <= 2:
        return list(range(glyphs))  # ISOAdobe: SIDs in glyph order
    stream = io.BytesIO(data)
    stream.seek(at)
    (form,) = struct.unpack("B", stream.read(1))
    sids = [0]
    if form == 0:
        sids += struct.unpack(f">{glyphs - 1}H", stream.read(2 * (glyphs - 1)))
        return sids
    while len(sids) < glyphs:
        if form == 1:
            first, left = struct.unpack(">HB", stream.read(3))
        elif form == 2:
            first, left = struct.unpack(">HH", stream.read(4))
        else:
            raise ValueError(f"charset format {form}")
        sids.extend(range(first, first + left + 1))
    return sids[:glyphs]
