"""WCAG 2.2 contrast: relative luminance, contrast ratio, AA checks and the accessibility guard.

The guard (issue 8, part 4) checks every pair of theme colors that the stylesheet draws one on
the other (static/css/base.css: text on the page and on panels, links and button text, error
text, accent marks) and returns the failures with the measured ratio and the nearest passing
color, so a change that would make text unreadable is never applied silently.

Ratios are compared unrounded, as WCAG requires (4.499:1 fails 4.5:1); they are shown rounded
down to two decimals, so a failing ratio never reads as passing.
"""

import colorsys
import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from apps.studio.preferences import Preferences

AA_BODY = 4.5  # WCAG 1.4.3, body text
AA_LARGE = 3.0  # WCAG 1.4.3 large text (≥ 24px, or ≥ 18.66px bold); 1.4.11 controls and marks
HEX_COLOR = re.compile(r"#[0-9a-fA-F]{6}")
LIGHTNESS_STEP = 0.001  # resolution of the nearest-passing search in HSL lightness

CONTRAST_FAILED = (
    "{pair} would have a contrast of {ratio}:1; WCAG AA needs {required:g}:1. "
    "The nearest passing {field} is {suggestion}."
)
CONTRAST_FAILED_NO_SUGGESTION = (
    "{pair} would have a contrast of {ratio}:1; WCAG AA needs {required:g}:1, "
    "and no shade of this {field} reaches it."
)


def rgb(color: str) -> tuple[int, int, int]:
    """(red, green, blue) 0–255 of a #rrggbb color."""
    if not HEX_COLOR.fullmatch(color):
        raise ValueError(f"not a #rrggbb color: {color!r}")
    return int(color[1:3], 16), int(color[3:5], 16), int(color[5:7], 16)


def hex_color(red: float, green: float, blue: float) -> str:
    """#rrggbb of channels 0–255 (rounded and clamped)."""
    channels = (max(0, min(255, round(value))) for value in (red, green, blue))
    return "#" + "".join(f"{value:02x}" for value in channels)


def _linear(channel: int) -> float:
    value = channel / 255
    return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4


def relative_luminance(color: str) -> float:
    """WCAG relative luminance: 0 for black, 1 for white."""
    red, green, blue = rgb(color)
    return 0.2126 * _linear(red) + 0.7152 * _linear(green) + 0.0722 * _linear(blue)


def contrast_ratio(first: str, second: str) -> float:
    """WCAG contrast ratio between two colors, 1.0–21.0 (order does not matter)."""
    lighter, darker = sorted((relative_luminance(first), relative_luminance(second)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def ratio_text(ratio: float) -> str:
    """A ratio for people: rounded down to two decimals ("4.49", never "4.50" for 4.499)."""
    return f"{math.floor(ratio * 100) / 100:.2f}"


def passes_aa(foreground: str, background: str, *, large: bool = False) -> bool:
    """WCAG AA: 4.5:1 for body text, 3:1 for large text and for controls."""
    return contrast_ratio(foreground, background) >= (AA_LARGE if large else AA_BODY)


def mix(first: str, second: str, weight: float) -> str:
    """``weight`` of ``first`` blended into ``second`` (0 → second, 1 → first), in sRGB."""
    return hex_color(
        *(a * weight + b * (1 - weight) for a, b in zip(rgb(first), rgb(second), strict=True))
    )


def _hls(color: str) -> tuple[float, float, float]:
    return colorsys.rgb_to_hls(*(channel / 255 for channel in rgb(color)))


def _from_hls(hue: float, lightness: float, saturation: float) -> str:
    return hex_color(*(v * 255 for v in colorsys.hls_to_rgb(hue, lightness, saturation)))


def lightness_shift(color: str, amount: float) -> str:
    """The color with its HSL lightness moved by ``amount`` (−1…1), hue and saturation kept."""
    hue, lightness, saturation = _hls(color)
    return _from_hls(hue, max(0.0, min(1.0, lightness + amount)), saturation)


def nearest_passing(color: str, against: str, ratio: float = AA_BODY) -> str | None:
    """The color closest to ``color`` (same hue and saturation, lightness moved as little as
    possible) with at least ``ratio`` contrast against ``against``; None if no lightness does."""
    return nearest_passing_all(color, [(against, ratio)])


def nearest_passing_all(color: str, constraints: Sequence[tuple[str, float]]) -> str | None:
    """Like nearest_passing, for several (against, ratio) constraints at once."""

    def passes(candidate: str) -> bool:
        return all(contrast_ratio(candidate, other) >= need for other, need in constraints)

    if passes(color):
        return color
    hue, lightness, saturation = _hls(color)
    steps = math.ceil(1 / LIGHTNESS_STEP)
    for step in range(1, steps + 1):
        for direction in (-1, 1):
            moved = lightness + direction * step * LIGHTNESS_STEP
            if 0.0 <= moved <= 1.0:
                candidate = _from_hls(hue, moved, saturation)
                if passes(candidate):
                    return candidate
    return None


# --- the guard over a preferences document -------------------------------------------------------


@dataclass(frozen=True)
class ContrastPair:
    """Two theme colors the stylesheet draws one on the other, and the ratio they need."""

    label: str
    foreground: str  # a Theme field name
    background: str
    required: float


PAIRS: tuple[ContrastPair, ...] = (
    ContrastPair("Body text on the page", "text", "background", AA_BODY),
    ContrastPair("Body text on panels", "text", "surface", AA_BODY),
    ContrastPair("Button text on buttons", "primary_ink", "primary", AA_BODY),
    ContrastPair("Links on the page", "primary", "background", AA_BODY),
    ContrastPair("Links on panels", "primary", "surface", AA_BODY),
    ContrastPair("Error text on the page", "danger", "background", AA_BODY),
    ContrastPair("Error text on panels", "danger", "surface", AA_BODY),
    ContrastPair("Accent marks on the page", "accent", "background", AA_LARGE),
    ContrastPair("Accent marks on panels", "accent", "surface", AA_LARGE),
)

FIELD_NAMES = {
    "primary": "button color",
    "primary_ink": "button text color",
    "accent": "accent color",
    "background": "page background",
    "surface": "panel color",
    "text": "text color",
    "danger": "error color",
}


@dataclass(frozen=True)
class ContrastFailure:
    """A pair below its ratio, which field to change and the nearest color that passes."""

    pair: ContrastPair
    foreground: str
    background: str
    ratio: float
    field: str  # the Theme field the suggestion is for
    suggestion: str | None

    @property
    def message(self) -> str:
        template = CONTRAST_FAILED if self.suggestion else CONTRAST_FAILED_NO_SUGGESTION
        return template.format(
            pair=self.pair.label,
            ratio=ratio_text(self.ratio),
            required=self.pair.required,
            field=FIELD_NAMES[self.field],
            suggestion=self.suggestion,
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "pair": self.pair.label,
            "foreground": self.foreground,
            "background": self.background,
            "ratio": float(ratio_text(self.ratio)),
            "required": self.pair.required,
            "field": self.field,
            "path": f"/theme/{self.field}",
            "suggestion": self.suggestion,
            "message": self.message,
        }


def preferences_contrast_check(
    preferences: "Preferences", *, changed: Iterable[str] = ()
) -> list[ContrastFailure]:
    """Every pair of theme colors below WCAG AA in ``preferences``.

    ``changed`` names the Theme fields a request changed; a suggestion adjusts the changed side
    of a failing pair (the new background, say), otherwise its foreground. A suggestion
    satisfies every pair its field takes part in, not only the failing one.
    """
    theme = preferences.theme
    changed = set(changed)
    failures = []
    for pair in PAIRS:
        foreground, background = getattr(theme, pair.foreground), getattr(theme, pair.background)
        ratio = contrast_ratio(foreground, background)
        if ratio >= pair.required:
            continue
        field = pair.foreground
        if pair.background in changed and pair.foreground not in changed:
            field = pair.background
        constraints = [
            (
                getattr(theme, other.background if other.foreground == field else other.foreground),
                other.required,
            )
            for other in PAIRS
            if field in (other.foreground, other.background)
        ]
        suggestion = nearest_passing_all(getattr(theme, field), constraints)
        failures.append(ContrastFailure(pair, foreground, background, ratio, field, suggestion))
    return failures
