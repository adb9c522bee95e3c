"""Recognizers for the theme and the history: each reads a clause on its own (reading.py).

History, restore, dark/light mode, colors, darker/lighter, text size, font, readability,
spacing, corners, and the catch-all for UI requests the builtin planner cannot map.
"""

from apps.studio.planner.clause import Clause
from apps.studio.planner.reading import Reading, indices, reading, whole_clause
from apps.studio.planner.text import Mention

# "undo everything", "undo all my changes": a reset, not one step back.
UNDO_ALL = frozenset({"all", "everything", "changes", "all changes", "all my changes"})
COLOR_VERBS = frozenset({"paint", "color", "recolor", "make", "turn", "change"})
MODE_TONES = frozenset({"dark", "light", "night"})
# Anything of these in a clause makes "make the buttons …" about something else than color.
NOT_COLOR = ("size", "shape", "density", "amount", "visibility", "position", "direction", "mode")


def _modifiers(clause: Clause) -> tuple[str | None, list[int]]:
    found = clause.of("intensity")
    return (found[0][1].value("intensity") if found else None), indices(found)


def _verbs(clause: Clause) -> list[int]:
    return indices(clause.of("verb"))


def read_history(clause: Clause) -> Reading | None:
    """Undo, redo or reset: the words carry nothing else ("undo that", "reset", "back to the
    defaults"); a named part ("reset the font") is read_restore's, "undo dark mode" the mode's."""
    history, defaults = clause.of("history"), clause.of("defaults")
    if not history and not defaults:
        return None
    whole = clause.of("whole")
    used = indices(history) + indices(defaults) + indices(whole)
    if clause.unexplained(used + _verbs(clause) + indices(clause.of("history_filler"))):
        return None
    if history:
        action = history[0][1].value("history")
        if defaults or (action == "undo" and any(m.text in UNDO_ALL for _, m in whole)):
            action = "reset"
    else:
        action = "reset"  # "the default look", "use the defaults"
    return reading("history", {"action": action}, values=used)


# Parts of the preferences a "reset the …" can name, by the role of the word naming them; a
# word with several roles names the first part listed ("font" is the font, not the text).
RESTORE_PARTS = (
    ("color_noun", "colors"),
    ("font_noun", "font"),
    ("target", "field"),
    ("size_noun", "font_scale"),
    ("spacing_noun", "density"),
    ("corner_noun", "radius"),
    ("sidebar", "sidebar"),
    ("results", "artifact_panel"),
    ("panel", "panels"),
    ("shortcut_noun", "shortcuts"),
    ("mode", "mode"),
)


def read_restore(clause: Clause) -> Reading | None:
    """A named part back to its default: "reset the font", "default text size", "put the
    sidebar back to normal". "restore" alone also means "show", so it does not count here."""
    triggers = [
        (i, m)
        for i, m in clause.of("history") + clause.of("defaults")
        if m.value("history") == "reset" and not m.has("visibility") or m.has("defaults")
    ]
    if not triggers:
        return None
    parts, objects = [], []
    for index, mention in enumerate(clause.mentions):
        for kind, part in RESTORE_PARTS:
            if mention.has(kind) and not mention.has("whole"):
                value = mention.value(kind)
                name = f"{part}:{value}" if part in ("field", "panels") else part
                if name == "field:text" and not clause.has("color_noun"):
                    name = "text"  # "reset the text": its font, size and color
                if name not in parts:
                    parts.append(name)
                objects.append(index)
                break
    filler = indices(clause.of("history_filler")) + _verbs(clause)
    if not parts or clause.unexplained(objects + indices(triggers) + filler):
        return None
    return reading("restore", {"parts": tuple(parts)}, objects=objects, values=indices(triggers))


def read_mode(clause: Clause) -> Reading | None:
    """Dark or light mode: "dark mode", "turn off dark mode", "undo dark mode", "go dark"."""
    modes = clause.of("mode")
    if modes:
        index, mention = modes[0]
        wants = mention.value("mode")
        off = [
            i
            for i, m in enumerate(clause.mentions)
            if i != index
            and (
                m.has("negation") or m.value("visibility") == "hide" or m.value("history") == "undo"
            )
        ]
        if off:
            wants = "light" if wants == "dark" else "dark"
        return reading("mode", {"mode": wants}, values=[index, *off])
    tones = [(i, m) for i, m in clause.of("tone") if m.text in MODE_TONES]
    if not tones or clause.has("direction") or clause.has("intensity"):
        return None
    whole = [i for i, m in clause.objects if m.has("whole")]
    if len(whole) != len(clause.objects):
        return None  # "make the background dark" names what to darken
    if clause.unexplained(indices(tones) + whole + _verbs(clause)):
        return None
    mode = "light" if tones[0][1].text == "light" else "dark"
    return reading("mode", {"mode": mode}, objects=whole, values=indices(tones))


def _targets(clause: Clause) -> list[tuple[int, str]]:
    """(mention index, theme field) of what the clause colors. Of two targets side by side
    the second is the noun ("panel text" is text); one after a place word is where, not what
    ("the text in the panels")."""
    found = [(i, m.value("target")) for i, m in clause.objects if m.has("target")]
    heads = []
    for position, (index, field) in enumerate(found):
        following = found[position + 1] if position + 1 < len(found) else None
        if following and clause.mentions[following[0]].first == clause.mentions[index].last:
            continue
        heads.append((index, field))
    return heads


def _refused(clause: Clause, index: int) -> bool:
    """The color at ``index`` is refused: "not blue", "instead of blue", "from green to …"."""
    if index == 0:
        return False
    before = clause.mentions[index - 1]
    if before.has("negation"):
        return True
    later_colors = [i for i, m in clause.of("color") if i > index]
    return before.text == "from" and bool(later_colors)


def _color_words(mention: Mention) -> str:
    """A color as the person wrote it ("dark blue"), or its #rrggbb."""
    value = str(mention.value("color"))
    return value if value.startswith("#") else mention.text


def read_color(clause: Clause) -> Reading | None:
    """A color for one or more theme fields: "make the buttons blue", "use #1d4ed8 for the
    links", "blue buttons, not green", "make the background dark" (a tone), "make it blue"."""
    targets = _targets(clause)
    whole = [i for i, m in clause.objects if m.has("whole") and not m.has("target")]
    if not targets and not whole:
        return None
    colors = clause.of("color")
    kept = [(i, _color_words(m)) for i, m in colors if not _refused(clause, i)]
    refused = [_color_words(m) for i, m in colors if _refused(clause, i)]
    tones = clause.of("tone")
    intensity, intensity_used = _modifiers(clause)
    direction = clause.value("direction")
    slots = {
        "fields": tuple(dict.fromkeys(field for _, field in targets)) or None,
        "colors": tuple(dict.fromkeys(value for _, value in kept)),
        "refused": tuple(refused),
        "tone": tones[0][1].value("tone") if tones else None,
        "direction": direction,
        "intensity": intensity,
    }
    objects = indices(targets) + whole
    values = indices(colors) + indices(tones) + intensity_used + indices(clause.of("direction"))
    if not targets:
        return reading("color", slots, objects=whole, values=values) if kept else None
    if kept or tones or refused:
        return reading("color", slots, objects=objects, values=values)
    color_words = [i for i, m in enumerate(clause.mentions) if m.has("color_noun")]
    verbs = [i for i, m in clause.of("verb") if m.text in COLOR_VERBS]
    if any(clause.has(kind) for kind in NOT_COLOR) or not (color_words or verbs):
        return None
    if slots["fields"] == ("text",) and not color_words:
        return None  # "make the text …" without a color is rarely about color
    return reading("color", slots, objects=objects, values=color_words, complete=False)


def read_lightness(clause: Clause) -> Reading | None:
    """Darker or lighter: "make the buttons darker", "a bit lighter background", "darker"."""
    directions = clause.of("direction")
    if not directions:
        return None
    intensity, intensity_used = _modifiers(clause)
    targets = _targets(clause)
    slots = {
        "fields": tuple(dict.fromkeys(field for _, field in targets)) or None,
        "direction": directions[0][1].value("direction"),
        "intensity": intensity,
    }
    values = indices(directions) + intensity_used
    if targets:
        return reading("lightness", slots, objects=indices(targets), values=values)
    whole = [i for i, m in clause.objects if m.has("whole")]
    if len(whole) != len(clause.objects) or clause.unexplained(values + whole + _verbs(clause)):
        return None
    return reading("lightness", slots, objects=whole, values=values, complete=False)


def read_font_scale(clause: Clause) -> Reading | None:
    """Text size: "bigger text", "the text is too small", "zoom in", "text size 120%"."""
    sizes = clause.of("size")
    intensity, intensity_used = _modifiers(clause)
    noun = clause.object_is("size_noun") or clause.object_is("font_noun")
    objects = [clause.objects[0][0]] if noun else []
    for kind, scale in (("percent", 0.01), ("times", 1.0), ("number", 1.0)):
        found = clause.of(kind)
        if not found or not noun:
            continue
        # "set the text size to 120%": every word accounted for, so "/components/1/text"
        # or "ARRAY[1, 2]::text" is no size.
        if clause.unexplained(objects + indices(found) + _verbs(clause)):
            return None
        value = round(found[0][1].value(kind) * scale, 2)
        if kind == "number" and value > 3:
            return None  # "font size 16": pixels, not a scale
        return reading("font_scale", {"value": value}, objects=objects, values=indices(found))
    zoom = [(i, m) for i, m in sizes if m.text.startswith("zoom")]
    if not sizes or not (noun or zoom):
        return None
    direction = (zoom or sizes)[0][1].value("size")
    values = indices(sizes) + intensity_used
    slots = {"direction": direction, "intensity": intensity}
    return reading("font_scale", slots, objects=objects, values=values)


def read_font(clause: Clause) -> Reading | None:
    """A font family: "use a serif font", "switch to monospace", "change the font" (which?)."""
    nouns = clause.of("font_noun")
    families = clause.of("family") if nouns else []
    typefaces = clause.of("typeface")
    chosen = families or typefaces
    if chosen:
        index, mention = chosen[0]
        family = mention.value("family") if families else mention.value("typeface")
        if not nouns and clause.unexplained([index, *_verbs(clause)]):
            return None
        return reading("font", {"family": family}, objects=indices(nouns), values=[index])
    if nouns and (clause.opens_with("verb") or clause.opens_with("question")):
        return reading("font", {"family": None}, objects=indices(nouns), complete=False)
    return None


def read_readability(clause: Clause) -> Reading | None:
    """ "make the text easier to read": a font, bigger text or more spacing? (a question)."""
    found = clause.of("readability")
    if not found or clause.has("font_noun"):
        return None
    if not clause.objects or not (clause.object_is("size_noun") or clause.object_is("whole")):
        return None
    objects = [clause.objects[0][0]]
    return reading("readability", {}, objects=objects, values=indices(found), complete=False)


def read_density(clause: Clause) -> Reading | None:
    """Spacing: "more compact", "more spacing", "reduce the padding", "normal spacing"."""
    found = clause.of("density")
    if found:
        index, mention = found[0]
        return reading("density", {"density": mention.value("density")}, values=[index])
    if not clause.object_is("spacing_noun"):
        return None
    amounts = clause.of("amount") or clause.of("size")
    if not amounts:
        return None
    index, mention = amounts[0]
    more = mention.value("amount") == "more" or mention.value("size") == "bigger"
    density = "spacious" if more else "compact"
    objects = [clause.objects[0][0]]
    return reading("density", {"density": density}, objects=objects, values=[index])


def read_radius(clause: Clause) -> Reading | None:
    """Corners: "rounder corners", "square corners", "corner radius 8px"."""
    corners = clause.of("corner_noun")
    shapes = clause.of("shape")
    pixels = clause.of("pixels") + clause.of("number")
    if corners and pixels:
        value = pixels[0][1].value("pixels") or pixels[0][1].value("number")
        slots = {"pixels": int(value)}
        return reading("radius", slots, objects=indices(corners), values=indices(pixels))
    if not shapes:
        return None
    index, mention = shapes[0]
    # Without the word corners, only "make it rounder" (or the buttons, the panels) is about
    # corners: "round trip" is not, and "square buttons" are about their shape.
    about_things = clause.objects and all(
        m.has("whole") or m.has("target") for _, m in clause.objects
    )
    if not corners and not ("round" in mention.text and about_things):
        return None
    slots = {"shape": mention.value("shape")}
    return reading("radius", slots, objects=indices(corners), values=[index])


# Words that can only be about the interface ("text" or "page" could be about a report).
UI_KINDS = ("ui_word", "sidebar", "font_noun", "corner_noun", "spacing_noun", "shortcut_noun")
UI_TARGETS = frozenset({"primary", "primary_ink", "accent", "surface"})


def read_unsupported(clause: Clause) -> Reading | None:
    """A request about the interface that no other reading maps ("make the UI look like
    Windows 95"): it needs a language model. Every other reading beats this one."""
    about_ui = any(clause.has(kind) for kind in UI_KINDS) or any(
        m.value("target") in UI_TARGETS for _, m in clause.of("target")
    )
    if about_ui and (clause.opens_with("verb") or clause.opens_with("visibility")):
        return reading("unsupported", {}, values=whole_clause(clause), complete=False)
    return None
