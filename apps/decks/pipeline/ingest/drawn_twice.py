"""Text drawn twice at one place is read once.

A page can carry each glyph twice, the second copy a fraction of a point away: a "fake bold"
that strokes the text again shifted by 0.2–0.5 pt (TeX's \\pmb, a word processor's bold of a
font without one), or a PDF whose text layer was written twice over itself. Read as they are,
the copies interleave into doubled letters ("EEaacchh sshheeeett") or doubled sentences. Two
glyphs of the same text and size whose places differ by less than a point are one glyph drawn
twice — no two letters of a line are set that close, even a period's copies are a point apart
at the smallest script size — so the later copy is left out.
"""

from __future__ import annotations

TOLERANCE = 1.0  # points: copies are 0.2–0.5 pt apart, neighbouring letters 1.4 pt or more


def _key(char: dict) -> tuple:
    return (char["text"], char.get("upright", True), round(float(char.get("size", 0)) * 2))


def drawn_once(chars: list[dict]) -> list[dict]:
    """The page's characters with each one drawn again at (nearly) its place left out."""
    kept: list[dict] = []
    seen: dict[tuple, list[dict]] = {}
    for char in chars:
        if not char["text"].strip():
            kept.append(char)
            continue
        cell = (*_key(char), round(float(char["top"])))
        near = [
            other
            for row in (cell[-1] - 1, cell[-1], cell[-1] + 1)
            for other in seen.get((*cell[:-1], row), ())
        ]
        if any(
            abs(float(other["x0"]) - float(char["x0"])) < TOLERANCE
            and abs(float(other["top"]) - float(char["top"])) < TOLERANCE
            for other in near
        ):
            continue
        seen.setdefault(cell, []).append(char)
        kept.append(char)
    return kept
