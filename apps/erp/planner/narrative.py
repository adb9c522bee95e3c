"""The sentence that answers, computed by trusted code from the result rows — never by a
model: the value, or the top and bottom of a grouping, its total and the top's share, the
change between two periods. "Engineering has the most headcount: 86 of 238 (36%)."
"""

from decimal import Decimal, InvalidOperation
from typing import Any

from apps.erp.planner.reading import Reading
from apps.erp.planner.words import format_number
from apps.erp.semantic import semantic_model, vocabulary

SHARE_MEASURES = {"count", "count_distinct", "sum"}


def _number(value: Any) -> Decimal | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


def _decimals(column: dict) -> int | None:
    return 0 if str(column.get("type", "")).startswith(("int", "bigint", "smallint")) else None


def narrative(reading: Reading, columns: list[dict], rows: list[list[Any]], title: str) -> str:
    """One or two sentences about the rows; the title and the row count when nothing fits."""
    vocab = vocabulary(reading.language)
    language = reading.language
    if not rows:
        return vocab.message("no_rows", title=title)
    names = [c["name"] for c in columns]
    measure = semantic_model().measure(reading.measure)
    column = measure.column
    if reading.listing or column not in names:
        return _rows_sentence(reading, columns, rows, title)
    index = names.index(column)
    label = _noun(reading, columns[index])
    fmt = lambda value: format_number(value, language, _decimals(columns[index]))  # noqa: E731
    dims = [i for i, c in enumerate(columns) if c["name"] in _dimension_columns(reading)]
    if len(rows) == 1 and not dims:
        value = rows[0][index]
        if value is None:
            return vocab.message("no_rows", title=title)
        return vocab.message("narrative_single", measure=title, qualifiers="", value=fmt(value))
    if len(dims) != 1:
        return _rows_sentence(reading, columns, rows, title)
    key = dims[0]
    pairs = [(row[key], _number(row[index])) for row in rows if _number(row[index]) is not None]
    if not pairs:
        return vocab.message("no_rows", title=title)
    top = max(pairs, key=lambda pair: pair[1])
    bottom = min(pairs, key=lambda pair: pair[1])
    if reading.change is not None or reading.top == 1 or len(pairs) == 1:
        extreme = vocab.labels.words["highest" if reading.order != "asc" else "lowest"]
        chosen = top if reading.order != "asc" else bottom
        return (
            vocab.message(
                "narrative_top", top=chosen[0], extreme=extreme, measure=label, value=fmt(chosen[1])
            )
            + "."
        )
    total = sum(value for _, value in pairs)
    if measure.aggregation in SHARE_MEASURES and total > 0 and measure.unit != "%":
        share = f"{format_number(round(100 * top[1] / total), language, 0)}%"
        return vocab.message(
            "narrative_top_share",
            top=top[0],
            measure=label,
            value=fmt(top[1]),
            total=fmt(total),
            share=share,
        )
    return vocab.message(
        "narrative_extremes",
        top=top[0],
        measure=label,
        high=fmt(top[1]),
        bottom=bottom[0],
        low=fmt(bottom[1]),
    )


def _noun(reading: Reading, column: dict) -> str:
    """How the measure is named in "X has the most …": its noun, or its label."""
    labels = vocabulary(reading.language).labels
    if reading.measure == "headcount":
        population = reading.population or semantic_model().measure("headcount").population
        return labels.populations.get(population or "", labels.nouns["headcount"])
    noun = labels.nouns.get(reading.measure)
    return noun or (column.get("label") or column["name"]).lower()


def _dimension_columns(reading: Reading) -> set[str]:
    names = set(reading.dimensions)
    if "tenure_band" in names:
        names.add("tenure")
    return names


def _rows_sentence(reading: Reading, columns: list[dict], rows: list[list[Any]], title: str) -> str:
    vocab = vocabulary(reading.language)
    if reading.listing and reading.show and len(rows) <= 3:
        names = [c["name"] for c in columns]
        shown = [names.index(s) for s in reading.show if s in names]
        parts = []
        for row in rows:
            values = [
                f"{columns[i].get('label', columns[i]['name']).lower()} {_text(row[i], reading)}"
                for i in shown
            ]
            parts.append(vocab.message("narrative_person", person=row[0], value=", ".join(values)))
        return " ".join(parts)
    key = "one_row" if len(rows) == 1 else "rows"
    return vocab.message(key, title=title, count=format_number(len(rows), reading.language, 0))


def _text(value: Any, reading: Reading) -> str:
    if value is None:
        return "—"
    number = _number(value)
    if number is not None and not isinstance(value, str):
        return format_number(number, reading.language)
    return str(value)
