"""Chart colors and type, mirroring the CSS tokens (static/css/tokens.css: --chart-1..--chart-8).

The categorical palette is "mosaic" toned: slate blue, terracotta, teal, ochre, rose, plum,
olive, slate gray. Every color has at least 3:1 contrast against the page and surface colors
(WCAG 1.4.11, graphical objects), and the first five stay distinguishable under protanopia,
deuteranopia and tritanopia simulation. The dark variants keep the hues and lift lightness.
"""

from dataclasses import dataclass

PALETTE_LIGHT = (
    "#3a6ea5",  # slate blue
    "#c0603a",  # terracotta
    "#2a8577",  # teal
    "#a07d14",  # ochre
    "#b34a68",  # rose
    "#6b4f96",  # plum
    "#5f8a33",  # olive
    "#6b7682",  # slate gray
)

PALETTE_DARK = (
    "#7aa7dc",
    "#e58f6b",
    "#5fbfb0",
    "#d4b04a",
    "#e0839f",
    "#a58bd0",
    "#93bd63",
    "#a3adb8",
)

# The same stack as the "system-sans" UI font (apps/studio/preferences.py): nothing downloaded.
FONT_STACK = (
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, '
    '"Noto Sans", "Liberation Sans", sans-serif'
)


@dataclass(frozen=True)
class ChartTheme:
    """Colors a figure needs besides the series colors; backgrounds stay transparent."""

    palette: tuple[str, ...]
    ink: str  # titles
    muted: str  # tick labels, legend
    grid: str  # hairline grid
    axis: str  # axis line
    sequential: tuple[str, str]  # heatmap scale, low → high
    font_family: str = FONT_STACK


LIGHT = ChartTheme(
    palette=PALETTE_LIGHT,
    ink="#1d2329",
    muted="#4f5863",
    grid="#e4e2dd",
    axis="#b9b6ae",
    sequential=("#eef3f8", "#1f4b7a"),
)

DARK = ChartTheme(
    palette=PALETTE_DARK,
    ink="#e6e8eb",
    muted="#aab2bc",
    grid="#2c3238",
    axis="#4a525b",
    sequential=("#1f2a36", "#9cc3ee"),
)
