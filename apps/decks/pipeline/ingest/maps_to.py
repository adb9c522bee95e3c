"""TeX's maps-to arrow read as "7→": the arrow is built of two glyphs.

TeX has no maps-to glyph: `\\mapsto` sets `\\mapstochar`, a short bar of zero width, over the
start of `\rightarrow` (`\\longmapsto` over `\\longrightarrow`, itself "−" and "→"). The bar sits
in the math symbols font (Computer Modern's CMSY, Latin Modern's LMMathSymbols, the tx/px
clones) at code 0x37, which the font's text map names "7". So "x ↦ g(x)" reads "x 7→ g(x)",
and the slide shows a seven before an arrow. A "7" of such a font set where an arrow of the
same font starts is the bar: the two read as the one arrow they draw ("↦", "⟼"). A seven of
the text's digits, or one standing apart from any arrow, stays a seven.
"""

from __future__ import annotations

import re

# TeX's math symbols fonts whose code 0x37 is the maps-to bar
MATH_SYMBOLS = re.compile(r"CMSY|MathSymbols|(?<![a-z])r?[tp]xb?sy|zplsy|mdsy", re.I)
# How far, in the glyph's size, the arrow may start from the bar (both start at one point)
NEAR = 0.3
MINUS = ("−", "-")


def _bar(char: dict) -> bool:
    return char.get("text") == "7" and bool(MATH_SYMBOLS.search(str(char.get("fontname", ""))))


def _at(bar: dict, other: dict) -> bool:
    size = float(bar.get("size") or 10.0)
    return (
        abs(float(other["x0"]) - float(bar["x0"])) <= NEAR * size
        and abs(float(other["top"]) - float(bar["top"])) <= NEAR * size
    )


def arrows_joined(chars: list[dict]) -> list[dict]:
    """The page's characters with each maps-to bar and the arrow it stands on read as one
    arrow: "7" + "→" as "↦", "7" + "−" + "→" as "⟼" (spanning both glyphs)."""
    out: list[dict] = []
    skip: set[int] = set()
    for index, char in enumerate(chars):
        if index in skip:
            continue
        following = chars[index + 1 : index + 3]
        if not _bar(char) or not following or not _at(char, following[0]):
            out.append(char)
            continue
        arrow = following[0]
        if arrow.get("text") == "→":
            out.append({**arrow, "text": "↦"})
            skip.add(index + 1)
        elif (
            arrow.get("text") in MINUS
            and len(following) > 1
            and following[1].get("text") == "→"
            and abs(float(following[1]["top"]) - float(arrow["top"]))
            <= NEAR * float(arrow.get("size") or 10.0)
        ):
            out.append({**arrow, "text": "⟼", "x1": following[1]["x1"]})
            skip.update({index + 1, index + 2})
        else:
            out.append(char)
    return out
