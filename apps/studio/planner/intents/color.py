"""Colors of theme fields, and darker or lighter shades of them.

A basic color word becomes Tessera's swatch (or tint, for the page and panels) for the
current mode; a #hex or another CSS name is taken as given; the contrast guard has the last
word. Whatever is unclear is asked: which field ("make it blue"), which of two colors, which
swatch ("make the buttons sparkly"), or dark mode rather than a dark page.
"""

from apps.studio.contrast import lightness_shift
from apps.studio.planner.intents.mode import mode_switch
from apps.studio.planner.palette import TINTED_FIELDS, color_hex, palette
from apps.studio.planner.plans import (
    Choice,
    ClarificationPlan,
    Context,
    NoticePlan,
    PatchPlan,
    UiPlan,
    checked,
    passes,
    replace,
    stepped,
)
from apps.studio.preferences import Preferences

LABELS = {
    "primary": "buttons",
    "primary_ink": "button text",
    "accent": "accent color",
    "background": "page background",
    "surface": "panels",
    "text": "text",
    "danger": "error color",
}
PLURAL_LABELS = frozenset({"buttons", "panels"})
# "make it blue": the fields a color for "it" may be meant for, as the question offers them.
WHOLE_TARGETS = (
    ("primary", "Buttons and links"),
    ("accent", "Accent marks"),
    ("background", "Page background"),
    ("surface", "Panels"),
)
LIGHTNESS_STEPS = {"background": 0.04, "surface": 0.04}  # pages move gently
DEFAULT_LIGHTNESS_STEP = 0.07

ALREADY = "The {label} already {uses} {color}."
NOW = "The {label} {are} now {words}"
WHICH_FIELD = "What should be {words}?"
WHICH_COLOR = "Which color should the {label} be: {colors}?"
WHICH_SWATCH = "Which color should the {label} be? These keep text readable."
MODE_OR_SHADE = "A {mode} {label} needs {ink} text to stay readable. Switch to {mode} mode?"
WHAT_SHADE = "What should change?"
CANNOT = "The {label} cannot get any {words}."


def _are(label: str) -> str:
    return "are" if label in PLURAL_LABELS else "is"


def plan_color(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    mode = preferences.theme.mode
    colors = [name for name in slots["colors"] if name not in slots["refused"]]
    if slots["fields"] is None:
        return which_field(preferences, colors[0])
    fields = list(slots["fields"])
    tone = slots["tone"]
    for field in fields:
        wants_dark = tone == "dark" and mode == "light"
        wants_light = tone == "light" and mode == "dark" and slots["direction"] != "lighter"
        if field in TINTED_FIELDS and (wants_dark or wants_light) and len(fields) == 1:
            return mode_or_shade(preferences, "dark" if wants_dark else "light", field)
    if len(colors) > 1:
        return _which_color(preferences, fields, colors)
    if not colors:
        return swatch_question(preferences, fields[0], exclude=slots["refused"])
    return _paint(preferences, fields, colors[0], slots)


def _paint(preferences: Preferences, fields: list[str], name: str, slots: dict) -> UiPlan:
    ops, sentences = [], []
    for field in fields:
        color = color_hex(name, field, preferences.theme.mode)
        if color is None:
            return swatch_question(preferences, field)
        words = name
        if slots["direction"]:
            step = LIGHTNESS_STEPS.get(field, DEFAULT_LIGHTNESS_STEP)
            step = stepped(step, slots["intensity"])
            color = lightness_shift(color, -step if slots["direction"] == "darker" else step)
            words = f"a {slots['direction']} {words}"
        label = LABELS[field]
        if getattr(preferences.theme, field) == color:
            uses = "use" if label in PLURAL_LABELS else "uses"
            sentences.append(ALREADY.format(label=label, uses=uses, color=color))
            continue
        ops.append(replace(f"/theme/{field}", color))
        sentence = NOW.format(label=label, are=_are(label), words=words)
        sentences.append(sentence + (f" ({color})." if words != color else "."))
    return checked(preferences, "color", ops, " ".join(sentences))


def _which_color(preferences: Preferences, fields: list[str], colors: list[str]) -> UiPlan:
    """Two colors for one thing ("make the buttons blue and green"): ask which."""
    choices = []
    for name in colors:
        values = {field: color_hex(name, field, preferences.theme.mode) for field in fields}
        ops = [replace(f"/theme/{f}", value) for f, value in values.items() if value]
        if ops and passes(preferences, ops):
            label = f"{name.capitalize()} ({', '.join(sorted(set(values.values())))})"
            choices.append(Choice(label=label, value=name, ops=ops))
    label = " and ".join(LABELS[field] for field in fields)
    question = WHICH_COLOR.format(label=label, colors=" or ".join(colors))
    field = f"/theme/{fields[0]}" if len(fields) == 1 else None
    return ClarificationPlan(intent="color", question=question, field=field, choices=choices)


def which_field(preferences: Preferences, name: str) -> UiPlan:
    """ "make it blue": buttons, accents, the page or the panels?"""
    choices = []
    for field, label in WHOLE_TARGETS:
        color = color_hex(name, field, preferences.theme.mode)
        ops = [replace(f"/theme/{field}", color)] if color else []
        if ops and passes(preferences, ops):
            choices.append(Choice(label=f"{label} ({color})", value=field, ops=ops))
    return ClarificationPlan(
        intent="color", question=WHICH_FIELD.format(words=name), choices=choices
    )


def swatch_question(preferences: Preferences, field: str, exclude=()) -> ClarificationPlan:
    """A color request whose color is unknown: the mode's swatches that keep text readable."""
    choices = []
    for name, color in palette(field, preferences.theme.mode).items():
        ops = [replace(f"/theme/{field}", color)]
        if name in exclude or color == getattr(preferences.theme, field):
            continue
        if passes(preferences, ops):
            choices.append(Choice(label=f"{name.capitalize()} ({color})", value=color, ops=ops))
    return ClarificationPlan(
        intent="color",
        question=WHICH_SWATCH.format(label=LABELS[field]),
        field=f"/theme/{field}",
        choices=choices,
    )


def mode_or_shade(preferences: Preferences, mode: str, field: str) -> ClarificationPlan:
    """ "make the background dark" in light mode: dark mode, or only a darker page?"""
    label = LABELS[field]
    choices = []
    switch = mode_switch(preferences, mode)
    if isinstance(switch, PatchPlan):
        choices.append(Choice(label=f"Switch to {mode} mode", value="mode", ops=switch.ops))
    step = -DEFAULT_LIGHTNESS_STEP if mode == "dark" else DEFAULT_LIGHTNESS_STEP
    shifted = shade(preferences, field, step)
    if isinstance(shifted, PatchPlan):
        words = "darker" if mode == "dark" else "lighter"
        choices.append(Choice(label=f"A {words} {label} only", value="shade", ops=shifted.ops))
    ink = "light" if mode == "dark" else "dark"
    return ClarificationPlan(
        intent="color",
        question=MODE_OR_SHADE.format(mode=mode, label=label, ink=ink),
        field=f"/theme/{field}",
        choices=choices,
    )


def shade(preferences: Preferences, field: str, step: float) -> UiPlan:
    """The field's current color, darker (step < 0) or lighter."""
    label = LABELS[field]
    current = getattr(preferences.theme, field)
    color = lightness_shift(current, step)
    words = "darker" if step < 0 else "lighter"
    if color == current:
        return NoticePlan(intent="lightness", summary=CANNOT.format(label=label, words=words))
    summary = NOW.format(label=label, are=_are(label), words=words) + f" ({color})."
    return checked(preferences, "lightness", [replace(f"/theme/{field}", color)], summary)


def plan_lightness(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    sign = -1 if slots["direction"] == "darker" else 1
    if slots["fields"] is None:
        return _what_shade(preferences, slots["direction"], sign)
    plans = []
    for field in slots["fields"]:
        step = stepped(LIGHTNESS_STEPS.get(field, DEFAULT_LIGHTNESS_STEP), slots["intensity"])
        plans.append(shade(preferences, field, step * sign))
    if len(plans) == 1 or not all(isinstance(plan, PatchPlan) for plan in plans):
        return plans[0]
    ops = [op for plan in plans for op in plan.ops]
    summary = " ".join(plan.summary for plan in plans)
    return checked(preferences, "lightness", ops, summary)


def _what_shade(preferences: Preferences, direction: str, sign: int) -> ClarificationPlan:
    """ "make it darker": dark mode, darker buttons or darker text?"""
    mode = "dark" if direction == "darker" else "light"
    choices = []
    switch = mode_switch(preferences, mode)
    if isinstance(switch, PatchPlan):
        choices.append(Choice(label=f"Switch to {mode} mode", value="mode", ops=switch.ops))
    for field, label in (("primary", "buttons"), ("text", "text")):
        plan = shade(preferences, field, DEFAULT_LIGHTNESS_STEP * sign)
        if isinstance(plan, PatchPlan):
            words = direction.capitalize()
            choices.append(Choice(label=f"{words} {label}", value=field, ops=plan.ops))
    return ClarificationPlan(intent="lightness", question=WHAT_SHADE, choices=choices)
