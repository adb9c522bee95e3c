"""The reading shown as chips — measure · filters · grouping · period — in an A2UI surface of
Tessera's catalog. Each chip is a Modal whose trigger shows what was computed and whose
content offers the alternatives; choosing one sends the action CHIP_ACTION with one key, the
slot, and the chosen value ({"department": "Marketing"}). The planner applies it to the stored
reading (`apply_chip`) and runs it at once, without reading any question again.

Values come back from a browser: `apply_chip` accepts only the alternatives offered here.
"""

from dataclasses import replace
from datetime import date
from functools import lru_cache
from typing import Any

from apps.a2ui.models import Button, Column, Modal, Row, Text, event
from apps.a2ui.surfaces import surface_from_template, surface_template
from apps.erp.entities import Entities
from apps.erp.planner.answers import period_choice
from apps.erp.planner.outcomes import Stop, refusal
from apps.erp.planner.paired import each_part, paired, parts
from apps.erp.planner.periods import Period, day_period, year_period
from apps.erp.planner.reading import Clarification, Condition, Reading, Refusal
from apps.erp.planner.recency import DATES
from apps.erp.planner.settle import settle
from apps.erp.planner.words import describe_period, join_words, level_label, span_label
from apps.erp.semantic import semantic_model, vocabulary

CHIP_ACTION = "erp_reading.change"
OPEN_ACTION = "erp_reading.open"  # the trigger's own action; the Modal keeps it
MEASURE = "measure"
SLOTS = (MEASURE, "department", "group", "period", "remove")
FAMILIES = (
    ("average_salary", "total_salary", "median_salary", "min_salary", "max_salary", "payments"),
    ("headcount", "hires", "terminations", "attrition_rate"),
    ("average_tenure", "min_tenure", "max_tenure"),
    ("average_level", "min_level", "max_level"),
)
GROUPS = ("department", "level", "tenure_band", "year", "quarter", "month")
PERIODS = ("this_year", "last_year", "latest_month", "last_12_months")
YEARS_BACK = 5


def _family(measure: str) -> tuple[str, ...]:
    return next((f for f in FAMILIES if measure in f), (measure,))


def _snapshot(reading: Reading) -> bool:
    return semantic_model().measure(reading.measure).time_dimension is None


def _groups(reading: Reading) -> list[str]:
    """Groupings that fit the measure: time grains only for events counted over time."""
    model = semantic_model()
    measure = model.measure(reading.measure)
    if measure.aggregation in ("gap", "rate") or reading.listing:
        return [g for g in ("department",) if measure.aggregation == "rate"]
    events = measure.time_dimension is not None and len(reading.periods) <= 1 and not reading.change
    return [g for g in GROUPS if g not in ("year", "quarter", "month") or events]


def period_options(reading: Reading) -> list[tuple[str, str]]:
    """(value, label) of the periods offered for this reading."""
    words = vocabulary(reading.language).labels.words
    as_of = reading.as_of
    if _snapshot(reading):
        options = [("today", day_period_label(as_of, reading.language))]
        options += [
            (f"end:{year}", describe_period(day_period(date(year, 12, 31)), reading.language))
            for year in range(as_of.year - 1, as_of.year - YEARS_BACK - 1, -1)
        ]
        return options
    options = [(value, words[value]) for value in PERIODS]
    options += [
        (f"year:{y}", str(y)) for y in range(as_of.year - 1, as_of.year - YEARS_BACK - 1, -1)
    ]
    return options


def day_period_label(day: date, language: str) -> str:
    return describe_period(day_period(day), language)


def _chip_texts(reading: Reading) -> dict[str, str]:
    """What each chip shows now (the measures have chips of their own: `_measure_chips`)."""
    vocab = vocabulary(reading.language)
    words, labels = vocab.labels.words, vocab.labels
    texts: dict[str, str] = {}
    departments = reading.condition("department")
    if departments is None:
        texts["department"] = words["all_departments"]
    else:
        names = join_words([str(v) for v in departments.values], reading.language)
        texts["department"] = f"{words['not_in']} {names}" if departments.op == "not_in" else names
    dims = [d for d in reading.dimensions if not (d == "department" and departments)]
    texts["group"] = (
        f"{words['by']} " + join_words([labels.dimensions[d] for d in dims], reading.language)
        if dims
        else words["no_grouping"]
    )
    texts["period"] = _period_text(reading)
    return texts


def _period_text(reading: Reading) -> str:
    if reading.reference is not None:
        return day_period_label(reading.reference, reading.language)
    if not reading.periods:
        return vocabulary(reading.language).labels.words["all_time"]
    return " · ".join(span_label(p, reading.language) for p in reading.periods)


def chips_surface(surface_id: str, reading: Reading, entities: Entities) -> list[dict[str, Any]]:
    """A2UI messages of the chips surface of one reading (validated)."""
    return surface_from_template(_template(_layout(reading, entities)), surface_id)


# What the chips show, as plain values: a text chip is (slot, text), a chip with alternatives
# (slot, heading, text, ((value, label), ...), action slot).
Layout = tuple[str, tuple[tuple, ...]]


def measure_key(reading: Reading, measure: str) -> str:
    """The action key of a measure's chip: "measure" for a reading's only measure; with
    several (paired.py), "measure:<name>", so the choice changes the measure it was made on."""
    return f"{MEASURE}:{measure}" if reading.also else MEASURE


def measure_options(reading: Reading, measure: str) -> list[str]:
    """The measures a measure's chip offers: its family, without the reading's measures; with
    several measures, only those that can be answered next to the others (no rate, no gap)."""
    taken = {part.measure for part in parts(reading)}
    model = semantic_model()
    return [
        m
        for m in _family(measure)
        if m not in taken and not (reading.also and model.measure(m).aggregation in ("gap", "rate"))
    ]


def _measure_chips(reading: Reading) -> list[tuple]:
    """One chip per measure: "headcount and hires" shows two, each changing its own."""
    labels = vocabulary(reading.language).labels
    heading = labels.words["measure_chip"]
    chips: list[tuple] = []
    for index, part in enumerate(parts(reading)):
        slot = MEASURE if index == 0 else f"{MEASURE}-{index + 1}"
        text = labels.measures[part.measure]
        options = tuple((m, labels.measures[m]) for m in measure_options(reading, part.measure))
        if options:
            chips.append((slot, heading, text, options, measure_key(reading, part.measure)))
        else:
            chips.append((slot, text))
    return chips


def _layout(reading: Reading, entities: Entities) -> Layout:
    vocab = vocabulary(reading.language)
    words = vocab.labels.words
    texts = _chip_texts(reading)
    options: dict[str, list[tuple[str, str]]] = {
        "department": [("all", words["all_departments"]), ("each", words["each_department"])]
        + [(name, name) for name in entities.department_names],
        "group": [("none", words["no_grouping"])]
        + [(g, vocab.labels.dimensions[g].capitalize()) for g in _groups(reading)],
        "period": period_options(reading),
    }
    if reading.measure == "unpaid_months":
        options["period"] = []
    titles = {
        "department": words["department_chip"],
        "group": words["grouping_chip"],
        "period": words["period_chip"],
    }
    chips: list[tuple] = _measure_chips(reading)
    for slot in ("department", "group", "period"):
        if options[slot]:
            chips.append((slot, titles[slot], texts[slot], tuple(options[slot]), slot))
        else:
            chips.append((slot, texts[slot]))
    for index, condition in enumerate(reading.conditions):
        if condition.field == "department":
            continue
        text = _condition_text(condition, reading.language)
        remove = ((condition.field, words["remove_filter"]),)
        chips.append((f"filter-{index}", text, text, remove, "remove"))
    return words["reading"], tuple(chips)


@lru_cache(maxsize=512)
def _template(layout: Layout) -> list[dict[str, Any]]:
    """The validated surface of a layout. Readings repeat (the same question, the same chip
    changed), and building and checking ~70 components was a tenth of a run: each layout is
    built and checked once. A layout that fails raises every time (nothing is cached)."""
    label, chips = layout
    components: list[Any] = [Text(id="reading-label", text=label, variant="caption")]
    for chip in chips:
        if len(chip) == 2:
            components.append(Text(id=f"chip-{chip[0]}", text=chip[1]))
        else:
            components += _chip(*chip)
    ids = ["reading-label", *(f"chip-{chip[0]}" for chip in chips)]
    components.insert(0, Row(id="root", children=ids, align="center"))
    return surface_template(components)


def _condition_text(condition: Condition, language: str) -> str:
    if condition.field == "level":
        return level_label(condition, language)
    values = ", ".join(str(v) for v in condition.values)
    label = vocabulary(language).labels.columns.get(condition.field, condition.field)
    return f"{label}: {values}"


def _chip(slot: str, heading: str, text: str, options, key: str) -> list:
    ids = [f"{slot}-option-{i}" for i in range(len(options))]
    parts: list[Any] = [
        Modal(id=f"chip-{slot}", trigger=f"{slot}-trigger", content=f"{slot}-choices"),
        Button(id=f"{slot}-trigger", child=f"{slot}-text", action=event(OPEN_ACTION)),
        Text(id=f"{slot}-text", text=text),
        Column(id=f"{slot}-choices", children=[f"{slot}-heading", *ids]),
        Text(id=f"{slot}-heading", text=heading, variant="h4"),
    ]
    for option_id, (value, label) in zip(ids, options, strict=True):
        parts += [
            Button(
                id=option_id,
                child=f"{option_id}-label",
                variant="borderless",
                action=event(CHIP_ACTION, **{key: value}),
            ),
            Text(id=f"{option_id}-label", text=label),
        ]
    return parts


def apply_chip(
    reading: Reading, change: dict[str, Any], entities: Entities, *, follows: str
) -> Reading | Clarification | Refusal:
    """The stored reading with one chip changed, settled; a value that is not one of the
    chip's alternatives is refused. Several measures (paired.py): a chip of the department,
    grouping or period changes each; a measure's chip ("measure:<name>") changes that
    measure only, the others stay as they were."""
    key = next(iter(change), "") if len(change) == 1 else ""
    if key.startswith(f"{MEASURE}:") or (key == MEASURE and reading.also):
        return _change_measure(reading, key, str(change[key]), entities, follows)
    return each_part(reading, lambda part: _chip_one(part, change, entities, follows))


def _change_measure(
    reading: Reading, key: str, value: str, entities: Entities, follows: str
) -> Reading | Clarification | Refusal:
    """One measure of a paired reading replaced by `value`; the parts joined again."""
    bad = refusal(reading.language, "bad_answer", name="chip")
    own = parts(reading)
    picked = key.partition(":")[2] if ":" in key else own[0].measure
    index = next((i for i, part in enumerate(own) if part.measure == picked), None)
    if index is None or value not in measure_options(reading, picked):
        return bad
    changed = _chip_one(own[index], {MEASURE: value}, entities, follows)
    if not isinstance(changed, Reading) or len(own) == 1:
        return changed
    outcomes = [
        changed if i == index else replace(part, follows=follows) for i, part in enumerate(own)
    ]
    return paired(outcomes) or bad


def _chip_one(
    reading: Reading, change: dict[str, Any], entities: Entities, follows: str
) -> Reading | Clarification | Refusal:
    try:
        changed = _apply(reading, change, entities)
    except Stop as stop:
        return stop.outcome
    return settle(replace(changed, follows=follows))


def _apply(reading: Reading, change: dict[str, Any], entities: Entities) -> Reading:
    bad = refusal(reading.language, "bad_answer", name="chip")
    if len(change) != 1 or next(iter(change)) not in SLOTS:
        raise Stop(bad)
    slot, value = next(iter(change.items()))
    value = str(value)
    if slot == "measure":
        if value not in _family(reading.measure):
            raise Stop(bad)
        listing = reading.listing and value in ("headcount", "hires", "terminations")
        sort = DATES.get(value) if reading.sort is not None else None  # ranked by its date
        if reading.sort is not None and sort is None:
            raise Stop(bad)
        return replace(
            reading, measure=value, listing=listing, having=(), reference=None, sort=sort
        )
    if slot == "department":
        others = reading.without("department")
        if value == "all":
            return replace(reading, conditions=others)
        if value == "each":
            dims = ("department", *[d for d in reading.dimensions if d != "department"])
            return replace(reading, conditions=others, dimensions=dims[:2], listing=False)
        if value not in entities.department_names:
            raise Stop(bad)
        return replace(reading, conditions=(*others, Condition("department", "in", (value,))))
    if slot == "group":
        if value == "none":
            return replace(reading, dimensions=(), order=None, top=None, having=())
        if value not in _groups(reading):
            raise Stop(bad)
        dims = (value,) if value != "employee" else reading.dimensions
        return replace(
            reading, dimensions=dims, bands=() if value != "tenure_band" else reading.bands
        )
    if slot == "remove":
        if reading.condition(value) is None:
            raise Stop(bad)
        return replace(reading, conditions=reading.without(value))
    return _period(reading, value, bad)


def _period(reading: Reading, value: str, bad: Refusal) -> Reading:
    if value not in {v for v, _ in period_options(reading)}:
        raise Stop(bad)
    as_of = reading.as_of
    if value == "today":
        return replace(reading, periods=(), reference=as_of)
    if value.startswith("end:"):
        day = date(int(value[4:]), 12, 31)
        return replace(reading, periods=(day_period(day),), reference=None)
    if value.startswith("year:"):
        period: Period | None = year_period(int(value[5:]))
    else:
        period = period_choice(value, as_of)
    if period is None:
        raise Stop(bad)
    if reading.change is not None:
        raise Stop(refusal(reading.language, "grain_and_periods"))
    return replace(reading, periods=(period,), reference=None)
