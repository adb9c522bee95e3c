"""Words and charts for a planned query: its title, the chart it suggests, the closing summary.

The summary is built from the result's shape (columns, row count, truncation), never from its
rows: rows are shown to the person, not to the model boundary.
"""

import json
from typing import Any

from apps.erp.planner.query import StructuredQuery
from apps.erp.planner.sql import CompiledQuery, OutputColumn
from apps.erp.semantic import semantic_model

MAX_TITLE = 120
DIMENSION_WORDS = {
    "department": ("department", "departments"),
    "level": ("level", "levels"),
    "employee": ("employee", "employees"),
    "tenure_band": ("tenure band", "tenure bands"),
    "year": ("year", "years"),
    "quarter": ("quarter", "quarters"),
    "month": ("month", "months"),
}
POPULATION_WORDS = {
    "active": "current employees",
    "former": "former employees",
    "ever": "everyone ever employed",
}
LIST_TITLES = {
    "hires": "Employees hired",
    "terminations": "Employees who left",
    "headcount": "Employees",
}


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _measure_words(query: StructuredQuery) -> str:
    measure = semantic_model().measure(query.measure)
    if query.listing:
        return LIST_TITLES.get(measure.name, "Employees")
    if measure.aggregation == "gap":
        return (
            "Unpaid salary months"
            if not query.counting and not query.dimensions
            else "Unpaid months"
        )
    label = measure.label
    if query.change is not None:
        unit = label.split(" (")[0]
        word = query.change_word if query.change == "absolute" else f"{query.change_word} (%)"
        label = f"{unit} {word}"
    return label


def title(query: StructuredQuery) -> str:
    """One line saying exactly what was computed, with every interpretation made visible."""
    measure = _measure_words(query)
    dims = [d for d in query.dimensions if not (d == "department" and len(query.departments) > 1)]
    if query.top is not None and query.dimensions:
        singular, plural = DIMENSION_WORDS[query.dimensions[0]]
        extreme = "highest" if query.order == "desc" else "lowest"
        if query.top == 1:
            text = f"{singular.capitalize()} with the {extreme} {measure.lower()}"
        else:
            text = f"Top {query.top} {plural} by {measure.lower()} ({extreme} first)"
    else:
        text = measure
        if dims:
            text += " by " + _join([DIMENSION_WORDS[d][0] for d in dims])
        if query.order is not None:
            text += ", highest first" if query.order == "desc" else ", lowest first"
    who = _population_words(query)
    if query.listing and query.measure == "headcount" and who:
        text, who = who[0].upper() + who[1:], ""
    where = f"in {_join(list(query.departments))}" if query.departments else ""
    level = f"at {query.levels.label}" if query.levels is not None else ""
    qualifiers = " ".join(part for part in (who, where, level) if part)
    if who:
        text += f", {qualifiers}"
    elif qualifiers:
        text += f" {qualifiers}"
    text += _time_words(query)
    return text if len(text) <= MAX_TITLE else text[: MAX_TITLE - 1] + "…"


def _population_words(query: StructuredQuery) -> str:
    model = semantic_model()
    measure = model.measure(query.measure)
    snapshot = query.reference is not None
    population = query.population or (measure.population if snapshot else None)
    if population is None:
        return ""
    words = POPULATION_WORDS.get(population, population)
    if snapshot and query.reference != query.as_of and query.periods:
        day = query.periods[0]
        when = f"on {day.label}" if day.grain == "day" else f"at the end of {day.label}"
        return f"{words.replace('current ', '')} {when}"
    return words


def _time_words(query: StructuredQuery) -> str:
    periods = query.periods
    if query.change is not None and len(periods) == 2:
        return f", {periods[0].label} → {periods[1].label}"
    if len(periods) > 1:
        return ", " + " vs ".join(p.label for p in periods)
    if query.reference is not None:
        return ""  # said by the population words
    if periods:
        return f", {periods[0].label}"
    measure = semantic_model().measure(query.measure)
    if measure.time_dimension is not None or measure.aggregation == "gap":
        return ", all time"
    return ""


def chart(query: StructuredQuery, compiled: CompiledQuery, text: str) -> dict[str, Any] | None:
    """A chart spec (apps/viz ChartSpec fields) fitting the query's shape, or None."""
    columns = compiled.columns
    dims = [c for c in columns if c.role == "dimension"]
    measures = [c for c in columns if c.role == "measure"]
    changes = [c for c in columns if c.role == "change"]
    if query.listing or not dims or not measures:
        return None
    if semantic_model().measure(query.measure).aggregation == "gap" and not query.dimensions:
        return None
    shown = changes or measures
    y_title = shown[0].label if len(shown) == 1 else semantic_model().measure(query.measure).label
    spec: dict[str, Any] = {"title": text[:MAX_TITLE], "y": [c.name for c in shown]}
    spec["y_axis"] = _axis(y_title, shown[0])
    time_dims = [c for c in dims if c.dimension in ("year", "quarter", "month")]
    if len(dims) == 1:
        x = dims[0]
        if time_dims:
            spec["kind"] = "line"
        else:
            spec["kind"] = "bar" if len(shown) == 1 else "grouped_bar"
    elif len(dims) == 2 and len(shown) == 1:
        if time_dims:
            x = time_dims[0]
            series = next(c for c in dims if c is not x)
            spec["kind"] = "line"
        else:
            x, series = dims
            spec["kind"] = "grouped_bar"
        spec["series"] = series.name
    else:
        return None
    spec["x"] = x.name
    spec["x_axis"] = {"title": x.label}
    return spec


def _axis(title: str, column: OutputColumn) -> dict[str, Any]:
    axis: dict[str, Any] = {"title": title[:MAX_TITLE]}
    if column.unit and column.unit not in ("currency",):
        axis["unit"] = column.unit
    if column.decimals is not None:
        axis["format"] = {"type": "number", "decimals": column.decimals}
    return axis


def observation(text: str) -> dict[str, Any]:
    """The parts of a run_sql observation the summary may use: columns, row count, truncation."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    names = []
    for column in data.get("columns") or []:
        name = column.get("name") if isinstance(column, dict) else column
        if isinstance(name, str):
            names.append(name)
    count = data.get("row_count")
    return {
        "columns": names,
        "row_count": count if isinstance(count, int) else None,
        "truncated": bool(data.get("truncated")),
    }


def summary(query: StructuredQuery, heading: str, shape: dict[str, Any]) -> str:
    """Closing text after the query ran: what it computed and the result's shape."""
    count = shape.get("row_count")
    columns = shape.get("columns") or []
    if count is None:
        return f"{heading}. The result is in the table."
    if count == 0:
        return f"{heading}: no rows — there is no data for this selection."
    rows = "1 row" if count == 1 else f"{count} rows"
    text = f"{heading}: {rows}"
    if columns:
        text += f" ({', '.join(columns)})"
    text += "."
    if shape.get("truncated"):
        text += " The result was cut at the row limit; narrow the question to see everything."
    if query.top is not None and count > query.top:
        text += " Rows that tie at the cut are all included."
    return text
