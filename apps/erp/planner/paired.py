"""Two measures asked in one question on the same grain: "hires vs departures by month in
2025", "headcount and average salary per department", "compare hires and exits per quarter".

Each measure is read as if the question had asked for it alone (the same words, the measure
chosen), so each is settled by its own kind's rules (a snapshot on a day, an event over a
period, a salary period asked when missing). They are answered together only when they are on
the same grain — the same groupings, conditions and periods — and neither is a ranking, a
list, a share or a change, whose single ordering or single value two measures cannot share.
The first reading carries the others in `also`; sql/paired.py joins their queries on the
groups. A follow-up or a chip changes every part the same way (`each_part`).
"""

from collections.abc import Callable
from dataclasses import replace

from apps.erp.planner.reading import Clarification, Reading, Refusal
from apps.erp.semantic import semantic_model

MAX_MEASURES = 2


def candidate_measures(measures: tuple[str, ...], cues: frozenset[str]) -> tuple[str, ...]:
    """The measures a question names, as one reading each: "how many people joined and how
    many left" names people, hires and departures — the people are those counted, unless the
    headcount is joined to another measure by "and" (`cues`: "headcount and hires")."""
    model = semantic_model()
    names = tuple(dict.fromkeys(measures))
    others = [model.measure(m) for m in names if m != "headcount"]
    counted = others and all(m.is_count for m in others)
    if "headcount" in names and counted and "joined:headcount" not in cues:
        names = tuple(m for m in names if m != "headcount")
    return names


def paired(outcomes: list[Reading | Clarification | Refusal]) -> Reading | None:
    """The readings joined into one (the first carrying the others), or None when they are not
    on the same grain or one of them is something two measures cannot share."""
    readings = [o for o in outcomes if isinstance(o, Reading)]
    if len(readings) != len(outcomes) or len(readings) < MAX_MEASURES:
        return None
    first = readings[0]
    if len({r.measure for r in readings}) != len(readings):
        return None
    for reading in readings:
        if not _shareable(reading):
            return None
        same = (
            reading.dimensions == first.dimensions
            and reading.conditions == first.conditions
            and reading.periods == first.periods
            and reading.bands == first.bands
            and reading.language == first.language
        )
        if not same:
            return None
    return replace(first, also=tuple(readings[1:]))


def _shareable(reading: Reading) -> bool:
    """Nothing that ranks, lists, or turns the measure into another value (one ordering, one
    share, one change cannot be two measures')."""
    return not (
        reading.listing
        or reading.top is not None
        or reading.order is not None
        or reading.having
        or reading.share is not None
        or reading.per is not None
        or reading.per_head
        or reading.sort is not None
        or reading.change is not None
        or reading.note is not None
        or semantic_model().measure(reading.measure).aggregation in ("gap", "rate")
    )


def parts(reading: Reading) -> tuple[Reading, ...]:
    """Each measure's own reading."""
    return (replace(reading, also=(), ratio=False), *reading.also)


def each_part(
    reading: Reading, change: Callable[[Reading], Reading | Clarification | Refusal]
) -> Reading | Clarification | Refusal:
    """A follow-up or a chip applied to every measure of a paired reading; when the change
    makes one measure's reading ("same for hires") or leaves them on different grains, the
    first part's outcome alone."""
    if not reading.also:
        return change(reading)
    outcomes = [change(part) for part in parts(reading)]
    first = outcomes[0]
    if not isinstance(first, Reading):
        return first
    joined = paired(outcomes)
    if joined is None:
        return first
    return replace(joined, ratio=reading.ratio)  # "and the year before?" keeps the ratio
