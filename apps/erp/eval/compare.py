"""Two query results compared as a person would: rows in any order, column names ignored,
numbers equal within rounding to 2 decimals, and one result may have more columns than the
other (an answer that also shows the department is still right). Empty groups do not count:
a row whose numbers are all 0 or empty ("Legal: 0 hires") may be there or not, and "none"
(no rows) is the same answer as a single count of 0."""

from collections import Counter
from datetime import date, datetime
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from itertools import product
from typing import Any

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


def same_result(answer: list[list[Any]], gold: list[list[Any]]) -> tuple[bool, str]:
    """(equal?, why not). Each argument is the list of rows of one result."""
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
    narrow, wide = (a, g) if len(a[0]) <= len(g[0]) else (g, a)
    candidates = [
        [k for k in range(len(wide[0])) if _same_values(_column(narrow, j), _column(wide, k))]
        for j in range(len(narrow[0]))
    ]
    if any(not options for options in candidates):
        return False, "some column of values has no match"
    tried = 0
    for mapping in product(*candidates):
        if len(set(mapping)) != len(mapping):
            continue
        tried += 1
        if tried > MAX_MAPPINGS:
            return False, "too many ways to match the columns"
        if _same_rows(narrow, [tuple(row[k] for k in mapping) for row in wide]):
            return True, ""
    return False, "the columns match one by one but not row by row"
