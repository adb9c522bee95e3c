"""Declarative chart specs (issue 6, part 4) and their validation against a result's columns.

A spec names columns of a SQL result; it never carries code, HTML or styles. Text fields are
plain text: the figure builder escapes them, so a title like ``<img onerror=…>`` is shown as
those characters. ``x_axis`` always describes the ``x`` column and ``y_axis`` the measures,
whatever the orientation.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    model_validator,
)

from apps.agent.input_checks import has_control_characters, invalid_fields

KINDS = ("bar", "grouped_bar", "line", "area", "scatter", "pie", "histogram", "heatmap")
Kind = Literal["bar", "grouped_bar", "line", "area", "scatter", "pie", "histogram", "heatmap"]

# Limits (each one a named constant with its reason).
MAX_TITLE_LENGTH = 120  # one line above a chart
MAX_UNIT_LENGTH = 24  # "years", "USD", "employees"
MAX_COLUMN_NAME_LENGTH = 128
MAX_MEASURES = 6  # more measures than this on one axis is unreadable
MAX_BINS = 200  # histogram bins
MAX_DECIMALS = 6

CURRENCY_CODE = re.compile(r"[A-Z]{3}")

UNKNOWN_COLUMN = "column {name!r} is not in the result; available columns: {columns}"
DUPLICATE_COLUMN = "column {name!r} is used twice; each column may play one role"
X_REQUIRED = "{kind} needs an x column"
Y_REQUIRED = "{kind} needs at least one measure column in y"
Y_EXACTLY_ONE = "{kind} needs exactly one measure column in y"
Y_FORBIDDEN = "histogram counts rows of x; leave y empty"
SERIES_REQUIRED = "heatmap needs a series column for its rows"
SERIES_FORBIDDEN = "{kind} does not take a series column"
SERIES_WITH_MEASURES = "use one measure with a series column, or several measures without one"
GROUPED_NEEDS_GROUPS = "grouped_bar needs a series column or at least two measures in y"
ORIENTATION_NOT_ALLOWED = "only bar, grouped_bar and histogram can be horizontal"
STACKED_NOT_ALLOWED = "only bar and area charts can be stacked"
BINS_NOT_ALLOWED = "bins apply to histograms only"
SORT_NOT_ALLOWED = "sorting applies to bar, grouped_bar and pie charts only"
DATE_FORMAT_ON_MEASURES = "the date format applies to the x axis; measures are numbers"
CURRENCY_REQUIRED = "the currency format needs a 3-letter ISO 4217 code in 'currency', e.g. 'EUR'"
CURRENCY_NOT_ALLOWED = "'currency' is only used with the currency format"
CURRENCY_INVALID = "must be a 3-letter ISO 4217 code in capitals, e.g. 'USD'"
CONTROL_CHARACTERS = "must be plain text on one line (no control characters)"


@dataclass(frozen=True)
class Problem:
    """One validation failure: the field (dotted path) and what is wrong with it."""

    field: str
    message: str

    def __str__(self) -> str:
        return f"{self.field}: {self.message}" if self.field else self.message


class ChartSpecError(ValueError):
    """A chart spec that cannot be drawn; ``problems`` says which fields and why."""

    def __init__(self, problems: Sequence[Problem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))

    @classmethod
    def at(cls, field: str, message: str) -> "ChartSpecError":
        """The error of one problem in one field."""
        return cls([Problem(field, message)])

    def as_list(self) -> list[dict[str, str]]:
        return [{"field": p.field, "message": p.message} for p in self.problems]


def _plain_text(value: str) -> str:
    if has_control_characters(value):
        raise ValueError(CONTROL_CHARACTERS)
    return value


def _currency_code(value: str | None) -> str | None:
    if value is not None and not CURRENCY_CODE.fullmatch(value):
        raise ValueError(CURRENCY_INVALID)
    return value


def _as_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


Label = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_TITLE_LENGTH),
    AfterValidator(_plain_text),
]
Unit = Annotated[
    str,
    StringConstraints(strip_whitespace=True, min_length=1, max_length=MAX_UNIT_LENGTH),
    AfterValidator(_plain_text),
]
ColumnName = Annotated[str, Field(min_length=1, max_length=MAX_COLUMN_NAME_LENGTH)]


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class AxisFormat(_Strict):
    """How numbers or dates on one axis read.

    - ``number``: thousands separators, ``decimals`` digits (default: up to 2, trimmed);
    - ``currency``: like number, prefixed with the currency's symbol (``currency`` required);
    - ``percent``: values are fractions (0.25 → 25%), or points (25 → 25%) with
      ``percent_base="points"``;
    - ``date``: a date axis; ``date_unit`` picks the tick labels;
    - ``auto``: number for numeric data, the natural axis otherwise.
    """

    type: Literal["auto", "number", "currency", "percent", "date"] = "auto"
    decimals: int | None = Field(default=None, ge=0, le=MAX_DECIMALS)
    currency: Annotated[str | None, AfterValidator(_currency_code)] = None
    percent_base: Literal["fraction", "points"] = "fraction"
    date_unit: Literal["auto", "day", "month", "year"] = "auto"

    @model_validator(mode="after")
    def _currency_matches_type(self) -> "AxisFormat":
        if self.type == "currency" and self.currency is None:
            raise ValueError(CURRENCY_REQUIRED)
        if self.type != "currency" and self.currency is not None:
            raise ValueError(CURRENCY_NOT_ALLOWED)
        return self


class Axis(_Strict):
    title: Label | None = None  # defaults to the column name, humanized
    unit: Unit | None = None  # shown as "Title (unit)"; currency code by default
    format: AxisFormat = AxisFormat()


class ChartSpec(_Strict):
    """A chart over the rows of one result, by column names."""

    kind: Kind
    x: ColumnName | None = None
    y: Annotated[list[ColumnName], BeforeValidator(_as_list), Field(max_length=MAX_MEASURES)] = []
    series: ColumnName | None = None
    title: Label | None = None
    x_axis: Axis = Axis()
    y_axis: Axis = Axis()
    orientation: Literal["vertical", "horizontal"] = "vertical"
    sort: Literal["none", "value_desc", "value_asc", "label_asc", "label_desc"] = "none"
    stacked: bool = False
    bins: int | None = Field(default=None, ge=1, le=MAX_BINS)
    legend: Literal["auto", "show", "hide"] = "auto"


def column_names(columns: Sequence[str | Mapping[str, Any]]) -> list[str]:
    """Column names of a result, given as names or as mappings with a "name" key."""
    return [c if isinstance(c, str) else str(c["name"]) for c in columns]


def column_labels(columns: Sequence[str | Mapping[str, Any]]) -> dict[str, str]:
    """The labels a result gives its columns (mappings with a "label" key), by column name:
    a trace is named as the table names its column."""
    return {
        str(c["name"]): str(c["label"])
        for c in columns
        if not isinstance(c, str) and isinstance(c.get("label"), str) and c["label"].strip()
    }


def spec_validate(
    spec: ChartSpec | Mapping[str, Any], columns: Sequence[str | Mapping[str, Any]]
) -> ChartSpec:
    """Parse ``spec`` and check it against the result's columns and its kind's rules.

    Raises ChartSpecError listing every problem with its field.
    """
    if isinstance(spec, ChartSpec):  # revalidate: model_copy(update=...) skips validation
        spec = spec.model_dump(exclude_unset=True, warnings=False)
    try:
        spec = ChartSpec.model_validate(spec)
    except ValidationError as error:
        problems = [Problem(item.dotted, item.message) for item in invalid_fields(error)]
        raise ChartSpecError(problems) from None
    problems = _kind_problems(spec) + _column_problems(spec, column_names(columns))
    if problems:
        raise ChartSpecError(problems)
    return spec


def _kind_problems(spec: ChartSpec) -> list[Problem]:
    kind = spec.kind
    problems: list[Problem] = []

    def problem(field: str, message: str) -> None:
        problems.append(Problem(field, message.format(kind=kind)))

    if spec.x is None:
        problem("x", X_REQUIRED)
    if kind == "histogram":
        if spec.y:
            problem("y", Y_FORBIDDEN)
    elif kind in ("pie", "heatmap"):
        if len(spec.y) != 1:
            problem("y", Y_EXACTLY_ONE)
    elif not spec.y:
        problem("y", Y_REQUIRED)

    if kind == "pie" and spec.series is not None:
        problem("series", SERIES_FORBIDDEN)
    if kind == "heatmap" and spec.series is None:
        problem("series", SERIES_REQUIRED)
    if kind != "heatmap" and spec.series is not None and len(spec.y) > 1:
        problem("series", SERIES_WITH_MEASURES)
    if kind == "grouped_bar" and spec.series is None and len(spec.y) < 2:
        problem("series", GROUPED_NEEDS_GROUPS)

    if spec.orientation == "horizontal" and kind not in ("bar", "grouped_bar", "histogram"):
        problem("orientation", ORIENTATION_NOT_ALLOWED)
    if spec.stacked and kind not in ("bar", "area"):
        problem("stacked", STACKED_NOT_ALLOWED)
    if spec.bins is not None and kind != "histogram":
        problem("bins", BINS_NOT_ALLOWED)
    if spec.sort != "none" and kind not in ("bar", "grouped_bar", "pie"):
        problem("sort", SORT_NOT_ALLOWED)
    if spec.y_axis.format.type == "date":
        problem("y_axis.format.type", DATE_FORMAT_ON_MEASURES)
    return problems


def _column_problems(spec: ChartSpec, columns: list[str]) -> list[Problem]:
    available = ", ".join(repr(name) for name in columns) or "(none)"
    problems: list[Problem] = []
    seen: set[str] = set()
    roles = [("x", spec.x)]
    roles += [(f"y.{index}", name) for index, name in enumerate(spec.y)]
    roles.append(("series", spec.series))
    for field, name in roles:
        if name is None:
            continue
        if name not in columns:
            problems.append(Problem(field, UNKNOWN_COLUMN.format(name=name, columns=available)))
        elif name in seen:
            problems.append(Problem(field, DUPLICATE_COLUMN.format(name=name)))
        seen.add(name)
    return problems
