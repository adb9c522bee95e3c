"""The colors the builtin UI planner knows, read from colors.toml (data, not code).

``color_hex(name, field, mode)`` turns a color word into the value a theme field gets: a basic
word ("blue") becomes Tessera's swatch or tint for the current mode, any other CSS color name
is taken as given. ``same_tone`` keeps a swatch when the mode switches ("blue" stays blue).
"""

import re
import tomllib
from pathlib import Path

COLORS_FILE = Path(__file__).with_name("colors.toml")
HEX = re.compile(r"#[0-9a-f]{6}")
MODES = ("light", "dark")
# Fields drawn as areas (the page, the panels) take tints; everything drawn on them, swatches.
TINTED_FIELDS = frozenset({"background", "surface"})


def colors_load(path: Path) -> dict:
    """The colors file, checked: both modes, #rrggbb values, aliases that name a color."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for section in ("swatches", "tints"):
        if set(data[section]) != set(MODES):
            raise ValueError(f"{path.name}: [{section}] needs exactly the modes {MODES}")
    tables = [data["css"], *data["swatches"].values(), *data["tints"].values()]
    for table in tables:
        for name, value in table.items():
            if not HEX.fullmatch(value):
                raise ValueError(f"{path.name}: {name} = {value!r} is not a lowercase #rrggbb")
    known = set(data["css"]) | {n for t in tables for n in t}
    for alias, name in data["aliases"].items():
        if name not in known:
            raise ValueError(f"{path.name}: alias {alias!r} names an unknown color {name!r}")
    return data


_DATA = colors_load(COLORS_FILE)
CSS_NAMED_COLORS: dict[str, str] = _DATA["css"]
SWATCHES: dict[str, dict[str, str]] = _DATA["swatches"]
TINTS: dict[str, dict[str, str]] = _DATA["tints"]
COLOR_ALIASES: dict[str, str] = _DATA["aliases"]
# Every word (or words run together: "darkblue") that names a color.
COLOR_WORDS = (
    frozenset(CSS_NAMED_COLORS)
    | frozenset(COLOR_ALIASES)
    | {name for palette in (*SWATCHES.values(), *TINTS.values()) for name in palette}
)


def palette(field: str, mode: str) -> dict[str, str]:
    """The mode's swatches, or its tints for the page and the panels."""
    return (TINTS if field in TINTED_FIELDS else SWATCHES)[mode]


def color_hex(name: str, field: str, mode: str) -> str | None:
    """The value ``field`` gets for the color ``name`` ("#1d5fbf" for "blue" on buttons in
    light mode, "#00008b" for "dark blue"); a #hex is taken as given; None for no color."""
    if name.startswith("#"):
        return name
    name = name.replace(" ", "")
    name = COLOR_ALIASES.get(name, name)
    return palette(field, mode).get(name) or CSS_NAMED_COLORS.get(name)


def same_tone(color: str, field: str, old_mode: str, new_mode: str) -> str:
    """A swatch's tone for the other mode ("blue" stays blue); other colors stay as they are."""
    name = next((n for n, value in palette(field, old_mode).items() if value == color), None)
    return palette(field, new_mode).get(name, color) if name else color
