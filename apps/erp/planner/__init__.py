"""The builtin ERP planner: a question in plain language → one read-only SQL query.

    outcome = plan_question("How many active employees are there in each department?",
                            as_of=date(2026, 6, 15))
    # Planned(sql=..., params={"as_of": "2026-06-15"}, chart={"kind": "bar", ...}, title=...)

Questions are read strictly (understand.py), turned into a StructuredQuery, then into SQL built
with sqlglot (sql.py). Anything not understood exactly becomes a Clarification (a parameter is
missing) or a Refusal (not about the ERP, a write, or beyond the planner) — never a guess.
`register()` adds it to the agent's builtin provider (agent.py).
"""

from dataclasses import dataclass
from datetime import date
from typing import Any

from apps.erp.planner import messages
from apps.erp.planner.describe import chart, title
from apps.erp.planner.query import (
    Choice,
    Clarification,
    MissingParameter,
    Refusal,
    StructuredQuery,
)
from apps.erp.planner.sql import CompiledQuery, CompileError, OutputColumn, compile_query
from apps.erp.planner.understand import understand

__all__ = [
    "Choice",
    "Clarification",
    "MissingParameter",
    "Planned",
    "Refusal",
    "StructuredQuery",
    "plan_question",
    "register",
]


@dataclass(frozen=True)
class Planned:
    """A question the planner answers: the query, its SQL and parameters, a chart, a title."""

    query: StructuredQuery
    compiled: CompiledQuery
    title: str
    chart: dict[str, Any] | None

    @property
    def sql(self) -> str:
        return self.compiled.sql

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.compiled.params)

    @property
    def columns(self) -> tuple[OutputColumn, ...]:
        return self.compiled.columns

    def arguments(self) -> dict[str, Any]:
        """The arguments of the run_sql call."""
        # "none": the planner decided no chart fits (a single number, a list of people).
        chart = self.chart if self.chart is not None else "none"
        return {"sql": self.sql, "params": self.params, "chart": chart, "title": self.title}


def plan_question(
    question: str, *, as_of: date | None = None, answers: dict[str, Any] | None = None
) -> Planned | Clarification | Refusal:
    """Plan one question. `answers` are the values of a clarification form (see
    Clarification.missing: "period", "periods", "department", "measure"; a custom period is
    {"period": "custom", "start": ISO date, "end": ISO date})."""
    as_of = as_of or date.today()
    outcome = understand(question, as_of=as_of, answers=answers)
    if not isinstance(outcome, StructuredQuery):
        return outcome
    try:
        compiled = compile_query(outcome)
    except CompileError as error:
        return Refusal("needs_model", messages.NEEDS_MODEL.format(reason=f"{error}."))
    heading = title(outcome)
    return Planned(outcome, compiled, heading, chart(outcome, compiled, heading))


def register(*, priority: int | None = None) -> None:
    """Register the ERP planner with the agent's builtin provider (at start-up; idempotent).
    By default it runs after the other builtin planners (see agent.PRIORITY)."""
    from apps.erp.planner import agent

    agent.register(priority=agent.PRIORITY if priority is None else priority)
