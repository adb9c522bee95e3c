"""What the planner understood: a Reading (the structured question), or why it will not
answer (Clarification, Refusal).

A Reading is independent of wording and of SQL: interpret.py builds it from a question, a
follow-up or a chip changes it (followup.py, chips.py), sql/ turns it into a query. It is
stored with its answer as JSON (`as_json` / `reading_from_json`), so a later turn can change
it without reading the question again.
"""

from dataclasses import dataclass, field, fields
from datetime import date
from typing import Any, Literal

from apps.erp.planner.periods import Period

Direction = Literal["desc", "asc"]
Op = Literal["eq", "in", "not_in", "gt", "gte", "lt", "lte", "between"]
TIME_GRAINS = ("year", "quarter", "month")
LEVELS = (1, 10)
SHARES = ("groups", "department", "level")
SORTS = ("hire_date", "termination_date")  # the dates a list of people is ranked by
# What the answer says it read differently from the words: "tenure_for_age" — an age word
# ("the oldest employees") read as time at the company, since the ERP records no ages.
# "current_pay" — people ranked by pay with no period: by the most recent complete month's.
NOTES = ("tenure_for_age", "current_pay", "fiscal_calendar", "fiscal_year")
AVERAGE = "average"
READING_VERSION = 1


@dataclass(frozen=True)
class Condition:
    """A filter on a field of the model: a dimension (department, level, employee), a fact
    (salary_amount: one payment) or a time dimension (hire_date, termination_date).
    Values are names, numbers or ISO dates, all bound as parameters; a payment compared with
    AVERAGE (the value "average") is compared with the mean payment of the same period."""

    field: str
    op: Op
    values: tuple[Any, ...]

    def as_json(self) -> dict[str, Any]:
        return {"field": self.field, "op": self.op, "values": list(self.values)}


@dataclass(frozen=True)
class Having:
    """A condition on the measure of each group: "departments with more than 50 people", or
    against the average ("departments above the company average": the measure over every group
    for an average, the mean of the groups for a count or a total)."""

    op: Op
    values: tuple[float, ...]
    measure: str
    against: Literal["average"] | None = None  # no number: the average of the groups

    def as_json(self) -> dict[str, Any]:
        found = {"op": self.op, "values": list(self.values), "measure": self.measure}
        return found | ({"against": self.against} if self.against else {})


@dataclass(frozen=True)
class Band:
    """Tenure in years, [low, high)."""

    low: float
    high: float


@dataclass(frozen=True)
class Reading:
    """A question in the semantic model's terms.

    - `measure`: a measure of the semantic model.
    - `listing`: list the people behind a count (who was hired…) instead of counting them.
    - `counting`: for unpaid months, count them instead of listing them.
    - `periods`: none, one, or several (several: one column per period, oldest first).
    - `reference`: for snapshot measures, the day they are taken on.
    - `change`: with two periods, the difference (later minus earlier), absolute or in %.
    - `order`/`top`: sort by the measure; keep the first `top` rows, ties included.
    - `show`: what a list of people shows first (asked: "when was X hired" → hire_date).
    - `follows`: the artifact of the answer this reading changed (a follow-up, a chip).
    - `per`: one average over the periods of this grain ("hires per month on average"): the
      measure over the whole period divided by its number of months (quarters, years).
    - `share`: a percentage instead of the measure: of each group in the total ("groups"), or
      of the rows meeting the condition on this field in those without it ("department").
    - `per_head`: the total divided by the people paid ("payroll per employee"); perhead.py.
    - `sort`: a list of people ranked by this date ("the 5 most recent hires": hire_date, with
      `order` and `top`); recency.py.
    - `note`: a reading the title states because the words said something else (NOTES).
    - `also`: other measures asked in the same question on the same grain ("hires vs departures
      by month", "headcount and average salary per department"): each a settled reading of its
      own, differing from this one only in its measure (and what that measure's kind settles:
      a snapshot's day, a population); their columns are joined on the groups (paired.py).
    - `ratio`: with `also`, this measure divided by the other one is shown next to both
      ("the ratio of hires to leavers", "leavers per hire"); ratios.py.
    """

    language: str
    measure: str
    as_of: date
    dimensions: tuple[str, ...] = ()
    conditions: tuple[Condition, ...] = ()
    having: tuple[Having, ...] = ()
    population: str | None = None
    periods: tuple[Period, ...] = ()
    reference: date | None = None
    change: Literal["absolute", "percent"] | None = None
    change_word: Literal["increase", "decrease", "change"] = "change"
    bands: tuple[Band, ...] = ()
    order: Direction | None = None
    top: int | None = None
    listing: bool = False
    counting: bool = False
    chart: str | None = None
    show: tuple[str, ...] = ()
    follows: str | None = None
    per: str | None = None
    share: str | None = None
    per_head: bool = False
    sort: str | None = None
    note: str | None = None
    also: tuple["Reading", ...] = ()
    ratio: bool = False

    @property
    def grain(self) -> str | None:
        return next((d for d in self.dimensions if d in TIME_GRAINS), None)

    def condition(self, field_name: str) -> Condition | None:
        return next((c for c in self.conditions if c.field == field_name), None)

    @property
    def departments(self) -> tuple[str, ...]:
        found = self.condition("department")
        return tuple(found.values) if found and found.op in ("eq", "in") else ()

    def without(self, field_name: str) -> tuple[Condition, ...]:
        return tuple(c for c in self.conditions if c.field != field_name)

    def as_json(self) -> dict[str, Any]:
        return {
            "version": READING_VERSION,
            "language": self.language,
            "measure": self.measure,
            "as_of": self.as_of.isoformat(),
            "dimensions": list(self.dimensions),
            "conditions": [c.as_json() for c in self.conditions],
            "having": [h.as_json() for h in self.having],
            "population": self.population,
            "periods": [p.as_json() for p in self.periods],
            "reference": self.reference.isoformat() if self.reference else None,
            "change": self.change,
            "change_word": self.change_word,
            "bands": [[b.low, b.high] for b in self.bands],
            "order": self.order,
            "top": self.top,
            "listing": self.listing,
            "counting": self.counting,
            "chart": self.chart,
            "show": list(self.show),
            "follows": self.follows,
            "per": self.per,
            "share": self.share,
            "per_head": self.per_head,
            "sort": self.sort,
            "note": self.note,
            "also": [r.as_json() for r in self.also],
            "ratio": self.ratio,
        }


class ReadingError(ValueError):
    """Stored JSON that is not a reading (from an old version, or not from the planner)."""


def reading_from_json(data: Any) -> Reading:
    """A Reading from `as_json()` output; raises ReadingError for anything else."""
    if not isinstance(data, dict) or data.get("version") != READING_VERSION:
        raise ReadingError("not a reading of this planner version")
    try:
        names = {f.name for f in fields(Reading)}
        extra = set(data) - names - {"version"}
        if extra:
            raise ReadingError(f"unknown fields {sorted(extra)}")
        reference = data.get("reference")
        if data.get("per") not in (None, *TIME_GRAINS):
            raise ReadingError(f"unknown grain {data.get('per')!r}")
        if data.get("sort") not in (None, *SORTS):
            raise ReadingError(f"unknown sort {data.get('sort')!r}")
        if data.get("note") not in (None, *NOTES):
            raise ReadingError(f"unknown note {data.get('note')!r}")
        if data.get("share") not in (None, *SHARES):
            raise ReadingError(f"unknown share {data.get('share')!r}")
        return Reading(
            language=str(data["language"]),
            measure=str(data["measure"]),
            as_of=date.fromisoformat(data["as_of"]),
            dimensions=tuple(str(d) for d in data.get("dimensions", [])),
            conditions=tuple(
                Condition(str(c["field"]), c["op"], tuple(c["values"]))
                for c in data.get("conditions", [])
            ),
            having=tuple(
                Having(
                    h["op"],
                    tuple(float(v) for v in h["values"]),
                    str(h["measure"]),
                    "average" if h.get("against") == "average" else None,
                )
                for h in data.get("having", [])
            ),
            population=data.get("population"),
            periods=tuple(Period.from_json(p) for p in data.get("periods", [])),
            reference=date.fromisoformat(reference) if reference else None,
            change=data.get("change"),
            change_word=data.get("change_word", "change"),
            bands=tuple(Band(float(low), float(high)) for low, high in data.get("bands", [])),
            order=data.get("order"),
            top=int(data["top"]) if data.get("top") is not None else None,
            listing=bool(data.get("listing", False)),
            counting=bool(data.get("counting", False)),
            chart=data.get("chart"),
            show=tuple(str(s) for s in data.get("show", [])),
            follows=data.get("follows"),
            per=data.get("per"),
            share=data.get("share"),
            per_head=bool(data.get("per_head", False)),
            sort=data.get("sort"),
            note=data.get("note"),
            also=tuple(reading_from_json(r) for r in data.get("also", [])),
            ratio=bool(data.get("ratio", False)),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ReadingError(str(error)) from error


@dataclass(frozen=True)
class Choice:
    value: str
    label: str


MissingName = Literal["period", "periods", "department", "measure", "person"]


@dataclass(frozen=True)
class MissingParameter:
    """One thing the question leaves open, and the choices that fit."""

    name: MissingName
    prompt: str
    choices: tuple[Choice, ...] = ()
    allow_custom_range: bool = False


@dataclass(frozen=True)
class Clarification:
    """The question needs a parameter before it can be answered."""

    question: str
    message: str
    missing: tuple[MissingParameter, ...]
    language: str = "en"
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
    language: str = "en"
    reason: str | None = None  # the message key of a refusal beyond the grammar
