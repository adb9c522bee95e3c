"""Limits under an operator name in a display: "max" with a small "j" centred under it is
`\\max_{j}`. Read left to right the "j" falls between the name's letters and reads as a
subscript of its first one ("m_{j}ax"), a formula nobody wrote."""

from __future__ import annotations

from dataclasses import replace

from apps.decks.pipeline.ingest.glyphs import ITALIC_FONT, SCRIPT_SIZE, Glyph, line_words

NAMES = {"max", "min", "lim", "sup", "inf", "argmax", "argmin", "limsup", "liminf", "det"}
PLACEHOLDER = 0xF8000  # supplementary private use, apart from fractions.PLACEHOLDER's marks


def operator_limits(glyphs: list[Glyph], main: float) -> tuple[list[Glyph], dict[str, str]]:
    """The glyphs with each operator name that has limits under it replaced by one placeholder
    glyph, and the TeX each placeholder stands for (`\\max_{j}`, `\\operatorname*{arg\\,max}_{x}`)."""
    texts: dict[str, str] = {}
    for run in _name_runs(glyphs, main):
        x0, x1 = run[0].x0, run[-1].x1
        below = [
            g
            for g in glyphs
            if g.size < SCRIPT_SIZE * main
            and x0 - 2 <= (g.x0 + g.x1) / 2 <= x1 + 2
            and g.baseline > run[0].baseline + 0.3 * main
        ]
        if not below:
            continue  # "\max" without limits reads right as it is
        name = "".join(g.text for g in run)
        operator = f"\\{name}" if name in NAMES - {"argmax", "argmin"} else None
        operator = operator or f"\\operatorname*{{arg\\,{name[3:]}}}"
        script = " ".join(w.tex() for w in line_words(below))
        mark = chr(PLACEHOLDER + len(texts))
        texts[mark] = f"{operator}_{{{script}}} "
        gone = {id(g) for g in run + below}
        glyphs = [g for g in glyphs if id(g) not in gone] + [
            replace(run[0], text=mark, x1=x1, font="CMMI10")
        ]
    return glyphs, texts


def _name_runs(glyphs: list[Glyph], main: float) -> list[list[Glyph]]:
    """Runs of upright full-size letters set close together on one baseline that spell an
    operator's name ("arg max" may have a thin space inside)."""
    letters = sorted(
        (
            g
            for g in glyphs
            if len(g.text) == 1
            and g.text.isalpha()
            and g.size >= SCRIPT_SIZE * main
            and not g.mathy
            and not ITALIC_FONT.search(g.font)
        ),
        key=lambda g: g.x0,
    )
    runs: list[list[Glyph]] = []
    for glyph in letters:
        last = runs[-1][-1] if runs else None
        if (
            last is not None
            and 0 <= glyph.x0 - last.x1 < 0.25 * main
            and abs(glyph.baseline - last.baseline) < 0.1 * main
        ):
            runs[-1].append(glyph)
        else:
            runs.append([glyph])
    return [run for run in runs if "".join(g.text for g in run) in NAMES]
