"""What a language-model planner is told about the ERP: schema, semantic model, verified queries.

`erp_context(question, as_of=...)` renders one text block for the system prompt. It is built
from the semantic model (apps/erp/semantic), so the model sees the same definitions the builtin planner uses and a
person can check them in one place. Verified queries are ranked by word overlap with the
question when one is given, so the most relevant examples come first.
"""

import json
import re
from datetime import date
from functools import cache

from apps.erp.semantic import SemanticModel, VerifiedQuery, semantic_model, vocabulary

RULES = """\
Rules for the SQL you send with the run_sql tool:
- Exactly one read-only SELECT (CTEs allowed) over erp_department, erp_employee and erp_salary.
- Row-level security already limits every row to the person's tenant: never filter on tenant_id.
- Put every value taken from the question (department names, dates, levels, N) in `params` and
  refer to it as :name; cast date parameters, e.g. CAST(:start AS DATE). Never paste user text
  into the SQL.
- Resolve relative dates ("this year", "last year", "March two years ago", "the most recent
  month") against the as-of date below. Nothing after the as-of date counts: cut periods there.
- Name output columns in snake_case; round averages and money to 2 decimals with ROUND(x, 2).
- Use the measures and filters below rather than inventing definitions.
- If the answer depends on something the question leaves open (which period, which
  department), ask the person instead of choosing for them.
- The rows of the result are shown to the person, not to you: describe the result from its
  columns and row count, and never invent values."""

INTERPRETATIONS = """\
Interpretations (docs/semantic-model.md):
- "Active"/"current" employees: employed on the as-of date (filter `active`).
- Tenure: years (365.25 days) from hire to the as-of date, or to termination for people who left.
- Salary: one payment per employee per month; "average salary" is the average monthly payment.
- "This year": 1 January to the as-of date. "The most recent month": the last complete month on
  or before the as-of date. "Between March 2024 and May 2025": 2024-03-01 to 2025-05-31.
- Salary increase from period A to period B: average monthly payment in B minus in A, for people
  paid in both.
- Unpaid salaries: months from the hire month to the termination (or as-of) month whose pay date
  (the month's last day) is on or before the as-of date, with no erp_salary row."""

_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _params(query: VerifiedQuery) -> str:
    return json.dumps({k: str(v) for k, v in query.params.items()}, ensure_ascii=False)


@cache
def _schema() -> str:
    model = semantic_model()
    lines = ["Tables (PostgreSQL):"]
    for table in model.tables:
        description = " ".join(table.description.split())
        lines.append(f"- {table.base_table} AS {table.alias}: {description}")
        for column in table.columns:
            values = f" Values: {', '.join(column.sample_values)}." if column.sample_values else ""
            lines.append(f"    {column.name} {column.data_type} — {column.description}{values}")
    lines.append("Joins:")
    for rel in model.relationships:
        left, right = model.table(rel.from_table), model.table(rel.to_table)
        lines.append(f"- {left.base_table} → {right.base_table} ({rel.type}): ON {rel.on}")
    return "\n".join(lines)


@cache
def _definitions() -> str:
    model = semantic_model()
    words = vocabulary("en")
    lines = ["Filters (`:as_of` is the reference date; bind it and write CAST(:as_of AS DATE)):"]
    for flt in model.filters:
        lines.append(f"- {flt.name}: {flt.expr} — {flt.description}")
    lines.append("Facts:")
    for fact in model.facts:
        lines.append(f"- {fact.name} = {fact.expr} — {' '.join(fact.description.split())}")
    lines.append("Measures:")
    for measure in model.measures:
        if measure.aggregation == "gap":
            source = "see the unpaid verified query"
        elif measure.aggregation == "rate":
            source = f"100 * {measure.numerator} / average of {measure.denominator} on the first and last day"
        else:
            source = f"{measure.aggregation}({model.measure_expr(measure)})"
        details = [source]
        if measure.population:
            details.append(f"over filter {measure.population}")
        if measure.time_dimension:
            td = model.time_dimension(measure.time_dimension)
            details.append(f"{td.expr} in the period")
        names = words.measures.get(measure.name, [])
        synonyms = f" Also called: {', '.join(names[:6])}." if names else ""
        description = " ".join(measure.description.split())
        lines.append(f"- {measure.name}: {'; '.join(details)}. {description}{synonyms}")
    lines.append("Dimensions:")
    for dim in model.dimensions:
        source = dim.expr or "bands of " + " / ".join(dim.facts.values())
        lines.append(f"- {dim.name}: {source}.")
    lines.append("Time grains (`time` is the date column):")
    for grain in model.time_grains:
        lines.append(f"- {grain.name}: {grain.expr}")
    return "\n".join(lines)


def verified_examples(
    question: str | None, *, limit: int | None = None, model: SemanticModel | None = None
) -> list[VerifiedQuery]:
    """Verified queries, those sharing most words with `question` first."""
    model = model or semantic_model()
    queries = list(model.verified_queries)
    if question:
        asked = _words(question)
        queries.sort(key=lambda q: -len(asked & _words(q.question)))
    return queries[:limit] if limit is not None else queries


def erp_context(question: str | None = None, *, as_of: date, max_examples: int = 10) -> str:
    """The ERP part of a language-model planner's system prompt."""
    model = semantic_model()
    examples = []
    for query in verified_examples(question, limit=max_examples, model=model):
        examples.append(
            f"Question: {query.question}\nParams: {_params(query)}\n"
            f"SQL:\n{query.sql.strip()}\nNote: {query.notes}"
        )
    reference = model.verified_queries[0].as_of.isoformat() if model.verified_queries else ""
    return "\n\n".join(
        [
            f"ERP: {' '.join(model.description.split())}",
            f"As-of date (today for every relative date): {as_of.isoformat()}.",
            RULES,
            _schema(),
            _definitions(),
            INTERPRETATIONS,
            f"Verified queries (their params were resolved for as-of {reference}; resolve yours "
            "for the as-of date above):\n\n" + "\n\n".join(examples),
        ]
    )
