"""Two query results compared as a person would: rows in any order, column names ignored,
numbers equal within rounding to 2 decimals, and one result may have more columns than the
other (an answer that also shows the department is still right) — except that, given what
the gold's columns are (apps/erp/eval/columns.py), every gold MEASURE must be among the
answer's columns (an answer of "headcount and hires by month" that shows the hires only is
wrong), and a gold identifier the answer does not show (it shows the name for the id) is set
aside. Empty groups do not count:
a row whose numbers are all 0 or empty ("Legal: 0 hires") may be there or not, and "none"
(no rows) is the same answer as a single count of 0."""

from collections import Counter
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from itertools import product
from typing import Any

from apps.erp.eval.columns import GoldColumns

CENT = Decimal("0.01")
TOLERANCE = Decimal("0.011")  # two sides rounded to cents separately may differ by one
MAX_MAPPINGS = 20_000


def _value(value: Any) -> Any:
    """A comparable form: numbers as Decimal cents, dates as ISO text, the rest as text."""
    if value is None:
        return None
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, int | float | Decimal):
        try:
            return Decimal(str(value)).quantize(CENT, rounding=ROUND_HALF_UP)
        except InvalidOperation:
            return str(value)
    if isinstance(value, datetime | date):
        return value.isoformat()[:10] if isinstance(value, date) else value.isoformat()
    text = str(value).strip()
    try:
        number = Decimal(text)
    except InvalidOperation:
        return text
    return number.quantize(CENT, rounding=ROUND_HALF_UP) if number.is_finite() else text


def _close(a: Any, b: Any) -> bool:
    if isinstance(a, Decimal) and isinstance(b, Decimal):
        return abs(a - b) <= TOLERANCE
    return a == b


def _column(rows: list[tuple], index: int) -> list[Any]:
    return [row[index] for row in rows]


def _same_values(a: list[Any], b: list[Any]) -> bool:
    if Counter(a) == Counter(b):
        return True
    key = lambda v: (v is None, str(type(v)), v if isinstance(v, Decimal) else str(v))  # noqa: E731
    return all(_close(x, y) for x, y in zip(sorted(a, key=key), sorted(b, key=key), strict=True))


def _same_rows(a: list[tuple], b: list[tuple]) -> bool:
    if Counter(a) == Counter(b):
        return True
    remaining = list(b)
    for row in a:
        match = next((i for i, other in enumerate(remaining) if all(map(_close, row, other))), None)
        if match is None:
            return False
        remaining.pop(match)
    return True


def _empty_group(row: tuple) -> bool:
    numbers = [v for v in row if isinstance(v, Decimal) or v is None]
    texts = [v for v in row if isinstance(v, str)]
    return bool(texts) and bool(numbers) and all(v is None or v == 0 for v in numbers)


def _nothing(row: tuple) -> bool:
    return all(v is None or v == 0 for v in row)


def _measures(gold: list[tuple], columns: GoldColumns | None) -> set[int]:
    """The gold columns an answer must show: its aggregates, and its other columns of numbers
    that are neither identifiers nor grouping keys. None without the gold's columns."""
    if columns is None:
        return set()
    numeric = {
        j
        for j in range(len(gold[0]))
        if any(row[j] is not None for row in gold)
        and all(row[j] is None or isinstance(row[j], Decimal) for row in gold)
    }
    return set(columns.aggregates) | (numeric - columns.identifiers - columns.keys)


def same_result(
    answer: list[list[Any]], gold: list[list[Any]], columns: GoldColumns | None = None
) -> tuple[bool, str]:
    """(equal?, why not). Each result is its list of rows; `columns` says what the gold's
    columns are (without it no column is required and none is an identifier)."""
    a = [tuple(_value(v) for v in row) for row in answer]
    g = [tuple(_value(v) for v in row) for row in gold]
    if len(a) != len(g):
        a, g = [r for r in a if not _empty_group(r)], [r for r in g if not _empty_group(r)]
    if not a and len(g) == 1 and _nothing(g[0]) or not g and len(a) == 1 and _nothing(a[0]):
        return True, ""
    if len(a) != len(g):
        return False, f"{len(a)} rows, expected {len(g)}"
    if not g:
        return True, ""
    if not a[0]:
        return False, "the answer has no column"
    # gold column -> the answer columns holding the same values
    candidates = {
        j: [k for k in range(len(a[0])) if _same_values(_column(g, j), _column(a, k))]
        for j in range(len(g[0]))
    }
    # A gold identifier the answer does not show was replaced by a label (the name for the
    # id): one answer column that is none of the gold's per identifier set aside.
    identifiers = columns.identifiers if columns else frozenset()
    kept = [j for j in range(len(g[0])) if candidates[j] or j not in identifiers]
    labels = set(range(len(a[0]))) - {k for j in candidates for k in candidates[j]}
    if len(g[0]) - len(kept) > len(labels):
        return False, "the answer shows neither the gold's identifier nor a label for it"
    measures = _measures(g, columns)
    missing = sorted(measures - {j for j in kept if candidates[j]})
    if missing:
        return False, f"the answer does not show the gold's column {missing[0] + 1} (a measure)"
    if len(kept) <= len(a[0]):
        return _match(a, g, {j: candidates[j] for j in kept})
    # The gold shows more columns than the answer: each answer column is one of the gold's,
    # and every gold measure is among them (checked above).
    by_answer = {k: [j for j in kept if k in candidates[j]] for k in range(len(a[0]))}
    return _match(g, a, by_answer, covering=measures)


def _match(wide, narrow, options: dict[int, list[int]], covering: set[int] = frozenset()):
    """Whether some one-to-one choice of a `wide` column for each `narrow` column (among its
    options, all of them matching by values) that uses every `covering` column of `wide`
    makes the rows match."""
    if any(not choices for choices in options.values()):
        return False, "some column of values has no match"
    order = list(options)
    narrow_rows = [tuple(row[j] for j in order) for row in narrow]
    tried = 0
    for mapping in product(*(options[j] for j in order)):
        if len(set(mapping)) != len(mapping) or not covering <= set(mapping):
            continue
        tried += 1
        if tried > MAX_MAPPINGS:
            return False, "too many ways to match the columns"
        if _same_rows(narrow_rows, [tuple(row[k] for k in mapping) for row in wide]):
            return True, ""
    return False, "the columns match one by one but not row by row"
