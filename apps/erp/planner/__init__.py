"""The builtin ERP planner: a question in plain language → one read-only SQL query.

    outcome = plan_question("How many active employees are there in each department?",
                            as_of=date(2026, 6, 15), entities=entities)
    # Planned(reading=..., sql=..., params={"as_of": "2026-06-15"}, chart={...}, title=...)

Questions are read strictly (lexicon → patterns → time → frame → decide, see interpret.py)
into a Reading, then turned into SQL built with sqlglot (sql/). Anything not understood exactly
becomes a Clarification (a parameter is missing) or a Refusal (not about the ERP, a write, or
beyond the planner) — never a guess. A follow-up changes the previous Reading (followup.py); a
chip changes a stored one (chips.py). `register()` adds it to the agent's builtin provider.
"""

from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from apps.erp.entities import Entities
from apps.erp.planner.describe import chart, labelled, own_label, title
from apps.erp.planner.framing import without_framing
from apps.erp.planner.german import as_english, is_german
from apps.erp.planner.header import header_question
from apps.erp.planner.interpret import interpret
from apps.erp.planner.lexicon import lex
from apps.erp.planner.numdates import read_numeric_dates
from apps.erp.planner.outcomes import clarify_day_order, clarify_measure
from apps.erp.planner.perhead import compile_per_head
from apps.erp.planner.reading import (
    Choice,
    Clarification,
    MissingParameter,
    Reading,
    Refusal,
    reading_from_json,
)
from apps.erp.planner.spanish import as_portuguese, is_spanish, spanish_spelling
from apps.erp.planner.spanish import refusal as spanish_refusal
from apps.erp.planner.sql import CompiledQuery, CompileError, OutputColumn, compile_reading
from apps.erp.planner.typos import with_readings
from apps.erp.semantic import vocabulary

__all__ = [
    "Choice",
    "Clarification",
    "MissingParameter",
    "Planned",
    "Reading",
    "Refusal",
    "plan_question",
    "plan_reading",
    "reading_from_json",
    "register",
]


@dataclass(frozen=True)
class Planned:
    """A question the planner answers: its reading, SQL and parameters, a chart, a title."""

    reading: Reading
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

    @property
    def labels(self) -> dict[str, str]:
        return {column.name: column.label for column in self.columns}

    def arguments(self) -> dict[str, Any]:
        """The arguments of the run_sql call."""
        # "none": the planner decided no chart fits (a single number, a list of people).
        shown = self.chart if self.chart is not None else "none"
        return {
            "sql": self.sql,
            "params": self.params,
            "chart": shown,
            "title": self.title,
            "labels": self.labels,
            "reading": self.reading.as_json(),
        }


def plan_reading(reading: Reading) -> Planned | Refusal:
    """SQL, labels, title and chart for a settled reading."""
    try:
        query = compile_per_head(reading) if reading.per_head else compile_reading(reading)
        compiled = labelled(query, reading.language, own_label(reading))
    except CompileError as error:
        message = vocabulary(reading.language).message("needs_model", reason=f"{error}.")
        return Refusal("needs_model", message, language=reading.language)
    heading = title(reading)
    return Planned(reading, compiled, heading, chart(reading, compiled, heading))


def plan_question(
    question: str,
    *,
    entities: Entities,
    as_of: date | None = None,
    previous: Reading | None = None,
    follows: str | None = None,
    answers: dict[str, Any] | None = None,
    language: str | None = None,
    readings: bool = True,
    as_spanish: bool = False,
    as_german: bool = False,
) -> Planned | Clarification | Refusal:
    """Plan one question (or a follow-up of `previous`). `answers` are the values of a
    clarification: "period" (this_year, last_year, latest_month, last_12_months, or "custom"
    with "start"/"end" ISO dates), "periods", "department" (a name or "each"), "measure",
    "person". `language`: the thread's, for a question whose words do not tell ("Sales").
    `readings`: read a typo with several readings once with each (typos.py; not again inside
    one of those readings). `as_spanish`: the question is a Spanish one put into Portuguese,
    answered in Spanish (spanish.py). `as_german`: the question is a German one put into
    English (german.py)."""
    as_of = as_of or date.today()
    german = not (as_german or as_spanish) and language != "pt"
    if german and is_german(question, read_otherwise=True):
        # German: read through English (two words only German writes say it at once)
        return _as_german(question, entities, as_of, previous, follows, answers, readings)
    question = header_question(without_framing(question), entities, language)
    dates = read_numeric_dates(
        question, as_of=as_of, drop_ambiguous=bool((answers or {}).get("period"))
    )
    if dates.ambiguous:
        # the language of the words, the dates left out ("3/4/2025" is no word of any)
        undated = read_numeric_dates(question, as_of=as_of, drop_ambiguous=True).text
        language_of = lex(undated, entities, language=language).language
        return replace(clarify_day_order(dates, language_of), question=question)
    question = dates.text
    outcome = interpret(
        question,
        as_of=as_of,
        entities=entities,
        previous=previous,
        follows=follows,
        answers=answers,
        language=language,
    )
    if not as_spanish and _spanish(
        question, outcome, entities, previous=previous, language=language
    ):
        # Spanish: read through Portuguese and answered in Spanish; refused in Spanish, naming
        # the languages read, when words are left that neither reading knows
        read = plan_question(
            as_portuguese(question),
            entities=entities,
            as_of=as_of,
            previous=previous,
            follows=follows,
            answers=answers,
            language="es",
            readings=readings,
            as_spanish=True,
        )
        unread = isinstance(read, Refusal) and (read.unknown_words or read.kind == "not_erp")
        if isinstance(read, Clarification):
            return replace(read, question=question)  # the form shows the question as asked
        return spanish_refusal() if unread else read
    unread = isinstance(outcome, Refusal) and (outcome.unknown_words or outcome.kind == "not_erp")
    if unread and german and is_german(question, read_otherwise=False):
        # one German word, the question not read otherwise ("Und Sales?")
        return _as_german(question, entities, as_of, previous, follows, answers, readings)
    if unread and readings and previous is None:
        # not an ERP question only for want of the word ("how many hirez?")
        unknown = outcome.unknown_words or lex(question, entities, language=language).unknown
        return with_readings(
            question,
            outcome,
            tuple(dict.fromkeys(unknown)),
            # each reading as asked; the measure a form chose picks among them after
            lambda read: plan_question(
                read,
                entities=entities,
                as_of=as_of,
                answers={k: v for k, v in (answers or {}).items() if k != "measure"},
                language=language,
                readings=False,
                as_spanish=as_spanish,
                as_german=as_german,
            ),
            clarify_measure,
            dict(answers or {}),
        )
    if not isinstance(outcome, Reading):
        return outcome
    return plan_reading(outcome)


def _as_german(question, entities, as_of, previous, follows, answers, readings):
    return plan_question(
        as_english(question),
        entities=entities,
        as_of=as_of,
        previous=previous,
        follows=follows,
        answers=answers,
        language="en",
        readings=readings,
        as_german=True,
    )


def _spanish(question: str, outcome, entities: Entities, *, previous, language) -> bool:
    """The question is Spanish, to be read through Portuguese: refused as it stands and its
    words Spanish, or read as Portuguese though its own spelling is Spanish's. Not in a
    Portuguese thread, nor as the follow-up of a question in another language ("¿y en
    Marketing?" follows a Spanish one)."""
    if language == "pt":
        return False
    if previous is not None and previous.language != "es":
        return False
    if isinstance(outcome, Refusal):
        # by the question's words, not the language it was read in (a Spanish thread's hint)
        return is_spanish(lex(question, entities)) or spanish_spelling(question)
    return getattr(outcome, "language", None) in ("pt", "es") and spanish_spelling(question)


def register(*, priority: int | None = None) -> None:
    """Register the ERP planner with the agent's builtin provider (at start-up; idempotent).
    By default it runs after the other builtin planners (see agent.PRIORITY)."""
    from apps.erp.planner import agent

    agent.register(priority=agent.PRIORITY if priority is None else priority)
