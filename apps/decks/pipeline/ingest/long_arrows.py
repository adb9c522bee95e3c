"""TeX's long arrows read as two glyphs: "α −→ ∞" shown as "α− → ∞".

TeX has no long-arrow glyph: `\\longrightarrow` is a minus joined to `\\rightarrow` (the
`\\joinrel` kern pulls the arrow back over the minus's end), `\\Longrightarrow` an "=" joined
to "⇒", `\\longleftarrow` "←" joined to a minus. Read glyph by glyph, the minus becomes a
binary minus before an arrow, and the slide sets another formula. A pair drawn so, the second
starting where the first ends, is read as the one arrow it draws.
"""

from __future__ import annotations

# the glyphs each long arrow is drawn with, left to right
LONG_ARROWS = {
    ("−", "→"): "⟶",
    ("-", "→"): "⟶",
    ("←", "−"): "⟵",
    ("←", "-"): "⟵",
    ("←", "→"): "⟷",
    ("=", "⇒"): "⟹",
    ("⇐", "="): "⟸",
    ("⇐", "⇒"): "⟺",
}
# How far, in the glyph's size, the second glyph may start past the first's end (the kern
# makes them overlap) and how far their tops may differ
JOINED = 0.1
SAME_LINE = 0.3


def _joined(first: dict, second: dict) -> bool:
    size = float(first.get("size") or 10.0)
    return (
        abs(float(second["top"]) - float(first["top"])) <= SAME_LINE * size
        and float(first["x0"]) < float(second["x0"]) <= float(first["x1"]) + JOINED * size
    )


def long_arrows_joined(chars: list[dict]) -> list[dict]:
    """The page's characters with each long arrow's two glyphs read as the one arrow."""
    out: list[dict] = []
    index = 0
    while index < len(chars):
        char = chars[index]
        following = chars[index + 1] if index + 1 < len(chars) else None
        arrow = LONG_ARROWS.get((char.get("text"), following.get("text"))) if following else None
        if arrow and _joined(char, following):
            out.append({**char, "text": arrow, "x1": following["x1"]})
            index += 2
            continue
        out.append(char)
        index += 1
    return out
