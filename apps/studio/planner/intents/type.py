"""Type: text size, font family, and "easier to read" (a choice of the three that help)."""

from apps.studio.planner.plans import (
    Choice,
    ClarificationPlan,
    Context,
    NoticePlan,
    UiPlan,
    checked,
    replace,
    set_value,
    stepped,
)
from apps.studio.preferences import FONT_LABELS, FONT_SCALE_MAX, FONT_SCALE_MIN, Preferences

FONT_SCALE_STEP = 0.1
OUT_OF_RANGE = "Text size goes from {low:.0%} to {high:.0%}. Use {nearest:.0%}?"
KEEP_SIZE = "Keep the current size"
SIZE_ALREADY = "Text is already at the {limit} size ({current:.0%})."
SIZE_NOW = "Text size is now {target:.0%}."
FONT_ALREADY = "The font is already {label}."
FONT_NOW = "The font is now {label}."
WHICH_FONT = "Which font would you like?"
EASIER = "What would make it easier to read?"


def scaled(current: float, step: float) -> float:
    return round(min(FONT_SCALE_MAX, max(FONT_SCALE_MIN, current + step)), 2)


def plan_font_scale(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    current = preferences.theme.font_scale
    if "value" in slots:
        value = slots["value"]
        if not FONT_SCALE_MIN <= value <= FONT_SCALE_MAX:
            return _size_out_of_range(value)
        target = round(value, 2)
    else:
        step = stepped(FONT_SCALE_STEP, slots["intensity"])
        target = scaled(current, step if slots["direction"] == "bigger" else -step)
    if target == current:
        limit = "chosen"
        if target >= FONT_SCALE_MAX:
            limit = "largest"
        elif target <= FONT_SCALE_MIN:
            limit = "smallest"
        summary = SIZE_ALREADY.format(limit=limit, current=current)
        return NoticePlan(intent="font_scale", summary=summary)
    ops = [replace("/theme/font_scale", target)]
    return checked(preferences, "font_scale", ops, SIZE_NOW.format(target=target))


def _size_out_of_range(value: float) -> ClarificationPlan:
    nearest = FONT_SCALE_MAX if value > FONT_SCALE_MAX else FONT_SCALE_MIN
    question = OUT_OF_RANGE.format(low=FONT_SCALE_MIN, high=FONT_SCALE_MAX, nearest=nearest)
    return ClarificationPlan(
        intent="font_scale",
        question=question,
        field="/theme/font_scale",
        choices=[
            Choice(
                label=f"{nearest:.0%}",
                value=str(nearest),
                ops=[replace("/theme/font_scale", nearest)],
            ),
            Choice(label=KEEP_SIZE, value="keep"),
        ],
    )


def plan_font(slots: dict, context: Context) -> UiPlan:
    preferences = context.preferences
    family = slots["family"]
    if family is None:
        return ClarificationPlan(
            intent="font",
            question=WHICH_FONT,
            field="/theme/font",
            choices=[
                Choice(label=label, value=name, ops=[replace("/theme/font", name)])
                for name, label in FONT_LABELS.items()
                if name != preferences.theme.font
            ],
        )
    label = FONT_LABELS[family]
    already, done = FONT_ALREADY.format(label=label), FONT_NOW.format(label=label)
    return set_value(preferences, "font", "/theme/font", family, already=already, done=done)


def plan_readability(slots: dict, context: Context) -> UiPlan:
    return readability_question(context.preferences)


def readability_question(preferences: Preferences) -> ClarificationPlan:
    theme = preferences.theme
    choices = []
    if theme.font != "readable":
        ops = [replace("/theme/font", "readable")]
        choices.append(Choice(label="A more readable font", value="font", ops=ops))
    bigger = scaled(theme.font_scale, FONT_SCALE_STEP)
    if bigger != theme.font_scale:
        ops = [replace("/theme/font_scale", bigger)]
        choices.append(Choice(label=f"Bigger text ({bigger:.0%})", value="bigger", ops=ops))
    if theme.density == "compact":
        ops = [replace("/theme/density", "comfortable")]
        choices.append(Choice(label="More spacing", value="spacing", ops=ops))
    return ClarificationPlan(intent="readability", question=EASIER, choices=choices)
