"""What the planner understood: a structured query, or why it will not answer.

`StructuredQuery` is independent of wording and of SQL: understand.py fills it from a question,
sql.py turns it into a sqlglot tree. `Clarification` and `Refusal` are the two ways of not
answering; both say why, in words a person can act on.
"""

from dataclasses import dataclass, field
from datetime import date
from typing import Any, Literal

from apps.erp.planner.dates import Period

Direction = Literal["desc", "asc"]
DimensionName = Literal[
    "department", "level", "employee", "tenure_band", "year", "quarter", "month"
]
TIME_GRAINS = ("year", "quarter", "month")


@dataclass(frozen=True)
class LevelFilter:
    """Levels from `low` to `high`, both inclusive."""

    low: int
    high: int

    @property
    def label(self) -> str:
        if self.low == self.high:
            return f"level {self.low}"
        if self.high >= 10 and self.low > 1:
            return f"level {self.low} and above"
        if self.low <= 1:
            return f"level {self.high} and below"
        return f"levels {self.low}–{self.high}"


@dataclass(frozen=True)
class Band:
    """Tenure in years, [low, high)."""

    low: float
    high: float

    @property
    def label(self) -> str:
        low, high = _num(self.low), _num(self.high)
        if self.low == 0:
            return f"less than {high} year{'s' if self.high != 1 else ''}"
        if self.high >= 100:
            return f"{low} years or more"
        return f"{low} to {high} years"


def _num(value: float) -> str:
    return str(int(value)) if value == int(value) else str(value)


@dataclass(frozen=True)
class StructuredQuery:
    """A question in the semantic model's terms.

    - `measure`: a measure name of the semantic model.
    - `listing`: list the people behind a count measure (who was hired…) instead of counting.
    - `counting`: for unpaid months, count them instead of listing them.
    - `periods`: none, one, or several (several: one column per period, oldest first).
    - `change`: with two periods, add the difference (later minus earlier), absolute or in %.
    - `reference`: for snapshot measures, the day they are taken on (the as-of date, or the
      end of the requested period).
    - `top`: keep the first `top` rows by the ranking measure, ties included.
    """

    measure: str
    as_of: date
    dimensions: tuple[DimensionName, ...] = ()
    departments: tuple[str, ...] = ()
    levels: LevelFilter | None = None
    population: str | None = None
    periods: tuple[Period, ...] = ()
    change: Literal["absolute", "percent"] | None = None
    change_word: str = "change"
    bands: tuple[Band, ...] = ()
    order: Direction | None = None  # rank/sort by the measure (None: by the dimensions)
    top: int | None = None
    reference: date | None = None
    listing: bool = False
    counting: bool = False

    @property
    def grain(self) -> str | None:
        return next((d for d in self.dimensions if d in TIME_GRAINS), None)


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


@dataclass(frozen=True)
class MissingParameter:
    """One thing the question leaves open. `kind` tells a form which control fits."""

    name: Literal["period", "periods", "department", "measure"]
    prompt: str
    kind: Literal["choice", "date_range"] = "choice"
    choices: tuple[Choice, ...] = ()
    allow_custom_range: bool = False


@dataclass(frozen=True)
class Clarification:
    """The question needs a parameter before it can be answered."""

    question: str
    message: str
    missing: tuple[MissingParameter, ...]
    known: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return {
            "question": self.question,
            "message": self.message,
            "known": self.known,
            "missing": [
                {
                    "name": m.name,
                    "prompt": m.prompt,
                    "kind": m.kind,
                    "choices": [{"value": c.value, "label": c.label} for c in m.choices],
                    "allow_custom_range": m.allow_custom_range,
                }
                for m in self.missing
            ],
        }


RefusalKind = Literal["not_erp", "read_only", "needs_model", "no_data"]


@dataclass(frozen=True)
class Refusal:
    """The planner will not answer: not an ERP question, a write, or beyond its grammar."""

    kind: RefusalKind
    message: str
    unknown_words: tuple[str, ...] = ()
