"""The sentence that answers, computed by trusted code from the result rows — never by a
model: the value, or the top and bottom of a grouping, its total and the top's share, the
change between two periods. "Engineering has the most current employees: 86 of 238 (36%)."
"""

import re
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from apps.erp.planner.describe import extreme_word, measure_noun
from apps.erp.planner.describe import title as measure_title
from apps.erp.planner.paired import parts
from apps.erp.planner.perhead import PER_HEAD
from apps.erp.planner.periods import month_period
from apps.erp.planner.reading import Condition, Reading
from apps.erp.planner.sentences import capitalized, contracted
from apps.erp.planner.sql.paired import RATIO
from apps.erp.planner.words import (
    definite_article,
    describe_period,
    format_number,
    join_words,
    level_label,
    named_once,
)
from apps.erp.semantic import semantic_model, vocabulary

SHARE_MEASURES = {"count", "count_distinct", "sum"}
ORDINAL_MARKS = ("º", "ª")  # an ordinal written with its indicator: "3º trimestre"
CHANGE_COLUMNS = ("increase", "decrease", "change", "increase_pct", "decrease_pct", "change_pct")


def _number(value: Any) -> Decimal | None:
    if value is None or isinstance(value, bool):
        return None
    try:
        return Decimal(str(value))
    except (InvalidOperation, ValueError):
        return None


class _Result:
    """The rows with their columns, and how to say their values in the reading's language."""

    def __init__(self, reading: Reading, columns: list[dict], rows: list[list[Any]]):
        self.reading, self.columns, self.rows = reading, columns, rows
        self.names = [c["name"] for c in columns]
        self.language = reading.language

    def index(self, name: str) -> int | None:
        return self.names.index(name) if name in self.names else None

    def number(self, value: Any, column: int) -> str:
        kind = str(self.columns[column].get("type", ""))
        decimals = 0 if kind.startswith(("int", "bigint", "smallint")) else None
        return format_number(value, self.language, decimals)

    def member(self, value: Any, dimension: str) -> str:
        """A group's name: "level 5", "March 2025", "Engineering"."""
        if dimension == "level" and value is not None:
            return level_label(Condition("level", "eq", (value,)), self.language).capitalize()
        if dimension == "month" and isinstance(value, str) and len(value) == 10:
            day = date.fromisoformat(value)
            return describe_period(month_period(day.year, day.month), self.language)
        return str(value)

    def label(self, column: int) -> str:
        return self.columns[column].get("label") or self.names[column]


def narrative(reading: Reading, columns: list[dict], rows: list[list[Any]], title: str) -> str:
    """One or two sentences about the rows; the title and the row count when nothing fits.
    Each sentence starts with a capital, whatever value its template starts with."""
    text = _sentences(reading, columns, rows, title)
    return capitalized(
        contracted(text, vocabulary(reading.language).labels.words.get("contractions", ""))
    )


def _sentences(reading: Reading, columns: list[dict], rows: list[list[Any]], title: str) -> str:
    vocab = vocabulary(reading.language)
    if not rows:
        return _none_lacking(reading, title) or vocab.message("no_rows", title=title)
    if reading.also:
        return _each_measure(reading, columns, rows, title)
    result = _Result(reading, columns, rows)
    dims = [d for d in reading.dimensions if result.index(_dimension_column(d)) is not None]
    if reading.listing:
        return _people(result, title)
    if reading.change is not None:
        return _change(result, dims, title)
    if reading.share is not None and not dims:
        # the share first: the part and the whole are shown next to it in the table
        column = result.index("share_pct")
        value = rows[0][column] if column is not None else None
        if value is None:
            return vocab.message("no_rows", title=title)
        return vocab.message(
            "narrative_single",
            measure=title,
            qualifiers="",
            value=f"{result.number(value, column)}%",
        )
    measured = PER_HEAD if reading.per_head else semantic_model().measure(reading.measure).column
    column = result.index(measured)
    if column is None:
        return _periods(result, dims, title)
    if not dims:
        value = rows[0][column]
        if value is None:
            return vocab.message("no_rows", title=title)
        return vocab.message(
            "narrative_single", measure=title, qualifiers="", value=result.number(value, column)
        )
    if len(dims) != 1:
        return _count(result, title)
    return _grouped(result, dims[0], column, title)


def _none_lacking(reading: Reading, title: str) -> str | None:
    """No group without any ("which departments hired nobody in 2025" with no row): said as the
    statement it is — every department hired in 2025 — never as a lack of data."""
    if len(reading.dimensions) != 1 or len(reading.having) != 1 or reading.change is not None:
        return None
    having = reading.having[0]
    zero = (having.op in ("eq", "lte") and having.values == (0,)) or (
        having.op == "lt" and having.values == (1,)
    )
    if not zero or having.against or not semantic_model().measure(reading.measure).is_count:
        return None
    vocab = vocabulary(reading.language)
    labels = vocab.labels
    dimension = reading.dimensions[0]
    names = {
        "dimension": labels.dimensions.get(dimension, dimension),
        "dimensions": labels.dimension_plurals.get(dimension, dimension),
        "measure": measure_noun(reading),
        "title": title,
    }
    if reading.conditions or reading.bands or len(reading.periods) > 1:
        return vocab.message("none_lacking", **names)  # the title says what was asked
    if reading.periods:
        period = describe_period(reading.periods[0], reading.language)
        return vocab.message("none_lacking_in", period=period, **names)
    return vocab.message("none_lacking_ever", **names)


def _each_measure(reading: Reading, columns: list[dict], rows: list[list[Any]], title: str) -> str:
    """Several measures on one grain: each measure's sentence from its own columns, as if it
    had been asked alone (never a sum or a ratio across the measures)."""
    model = semantic_model()
    own = [model.measure(part.measure).column for part in parts(reading)]
    sentences = []
    for part, column in zip(parts(reading), own, strict=True):
        others = [c for c in own if c != column]
        kept = [
            i
            for i, c in enumerate(columns)
            if not any(c["name"] == o or c["name"].startswith(f"{o}_") for o in others)
        ]
        sentences.append(
            _sentences(
                part,
                [columns[i] for i in kept],
                [[row[i] for i in kept] for row in rows],
                measure_title(part),
            )
        )
    ratio = next((i for i, c in enumerate(columns) if c["name"] == RATIO), None)
    if reading.ratio and ratio is not None and len(rows) == 1:
        value = rows[0][ratio]
        said = _Result(reading, columns, rows).number(value, ratio) if value is not None else "–"
        label = columns[ratio].get("label") or RATIO
        sentences.append(
            vocabulary(reading.language).message("narrative_ratio", ratio=label, value=said)
        )
    return " ".join(sentences)


def _dimension_column(dimension: str) -> str:
    return "tenure" if dimension == "tenure_band" else dimension


def _pairs(result: _Result, dimension: str, column: int) -> list[tuple[str, Decimal]]:
    key = result.index(_dimension_column(dimension))
    pairs = []
    for row in result.rows:
        value = _number(row[column])
        if value is not None:
            pairs.append((result.member(row[key], dimension), value))
    return pairs


def _grouped(result: _Result, dimension: str, column: int, title: str) -> str:
    reading = result.reading
    vocab = vocabulary(result.language)
    measure = semantic_model().measure(reading.measure)
    pairs = _pairs(result, dimension, column)
    if not pairs:
        return vocab.message("no_rows", title=title)
    if measure.time_dimension is None and dimension == reading.grain:
        return _series(result, pairs, column)  # snapshots: never summed over the periods
    noun, unit = _unit_apart(_noun(reading, result.label(column)))

    def said(value: Decimal) -> str:
        """The value with the unit the label named ("3.88 years", "4.5%")."""
        number = result.number(value, column)
        if not unit:
            return number
        return f"{number}{unit}" if unit == "%" else f"{number} {unit}"

    top = max(pairs, key=lambda pair: pair[1])
    bottom = min(pairs, key=lambda pair: pair[1])
    if reading.top:
        # "the 2 departments with the fewest people": the first of the ranking, not the largest;
        # and never a share or a "lowest" of a top N: its rows are not the whole
        chosen = bottom if reading.order == "asc" else top
        extreme = _extreme(vocab, measure.aggregation, reading.order)
        if measure.aggregation in ("max", "min"):
            # "has the longest tenure", not "the highest longest tenure" (as the title says it)
            extreme = extreme_word(reading, noun)
        value = said(chosen[1])
        if measure.aggregation == "sum":
            # "the highest total salary paid", "o maior total de salários pagos": a sum is one
            # amount, named by its label, not by the plural noun of "the most salary paid"
            noun, _ = _unit_apart(result.label(column).lower())
        noun = named_once(extreme, noun)
        text = vocab.message(
            "narrative_top",
            top=chosen[0],
            extreme=extreme,
            measure=noun,
            value=value,
            article=_article(noun, measure.aggregation, result.language),
        )
        return text + "."
    if len(pairs) == 1:
        value = result.number(pairs[0][1], column)
        return vocab.message("narrative_single", measure=title, qualifiers="", value=value)
    if top[1] == bottom[1] and not reading.top:
        # every group has the same value: none has "the most" of it, nor a larger share
        names = join_words([name for name, _ in pairs], result.language)
        return vocab.message("narrative_same", names=names, value=said(top[1]), measure=noun)
    total = sum(value for _, value in pairs)
    # a share only of a whole the rows make up: not when a condition on the groups dropped
    # some ("departments with more than 40 people") nor for values the groups share
    whole = measure.additive and not reading.having
    if measure.aggregation in SHARE_MEASURES and whole and total > 0:
        share = f"{format_number(round(100 * top[1] / total), result.language, 0)}%"
        return vocab.message(
            "narrative_top_share",
            top=top[0],
            measure=noun,
            value=result.number(top[1], column),
            total=result.number(total, column),
            share=share,
        )
    if measure.is_count:
        # "Engineering has the most current employees (75) and Sales the fewest (42)"
        extremes = vocab.message(
            "narrative_extremes_count",
            top=top[0],
            measure=noun,
            high=said(top[1]),
            bottom=bottom[0],
            low=said(bottom[1]),
        )
        return _with_people_count(extremes, pairs, dimension, reading, vocab, result)
    named = named_once(vocab.labels.words["highest"], noun)
    article = definite_article(named, result.language)
    extremes = vocab.message(
        "narrative_extremes",
        top=top[0],
        measure=named,
        article=f"{article} " if article else "",
        agrees=article,
        high=said(top[1]),
        bottom=bottom[0],
        low=said(bottom[1]),
    )
    return _with_people_count(extremes, pairs, dimension, reading, vocab, result)


def _with_people_count(extremes: str, pairs, dimension, reading, vocab, result) -> str:
    if dimension == "employee" and reading.top is None:
        # "which engineers earned more than 9000": how many people qualify, then the extremes
        # (the table names every one of them)
        count = vocab.message(
            "narrative_people", count=format_number(len(pairs), result.language, 0)
        )
        return f"{count} {extremes}"
    return extremes


_UNIT = re.compile(r"^(?P<noun>.*\S)\s*\((?P<unit>[^()]+)\)$")


def _unit_apart(noun: str) -> tuple[str, str]:
    """A label's unit in brackets moved to the values: "average tenure (years)" is said
    "the highest average tenure (3.88 years)", not "average tenure (years) (3.88)"."""
    match = _UNIT.match(noun)
    return (match["noun"], match["unit"]) if match else (noun, "")


def _series(result: _Result, pairs: list[tuple[str, Decimal]], column: int) -> str:
    """A snapshot at the end of each period: where it started and ended, its high and low."""
    vocab = vocabulary(result.language)
    top = max(pairs, key=lambda pair: pair[1])
    bottom = min(pairs, key=lambda pair: pair[1])
    return vocab.message(
        "narrative_series",
        measure=vocab.labels.measures[result.reading.measure],
        first=result.number(pairs[0][1], column),
        start=pairs[0][0],
        last=result.number(pairs[-1][1], column),
        end=pairs[-1][0],
        high=result.number(top[1], column),
        top=top[0],
        low=result.number(bottom[1], column),
        bottom=bottom[0],
    )


def _article(noun: str, aggregation: str, language: str) -> str:
    """The article before "the highest salary" where the language needs one that agrees
    ("o maior salário médio"); none before a count ("tem mais funcionários")."""
    if aggregation in ("count", "count_distinct"):
        return ""
    article = definite_article(noun, language)
    return f"{article} " if article else ""


def _extreme(vocab, aggregation: str, order: str | None) -> str:
    """ "highest"/"lowest" of a value, "most"/"fewest" of a count ("the most employees")."""
    counted = aggregation in ("count", "count_distinct")
    if order == "asc":
        return vocab.labels.words["fewest" if counted else "lowest"]
    return vocab.labels.words["most" if counted else "highest"]


def _noun(reading: Reading, label: str) -> str:
    """How the measure is named in "X has the most …" (describe.measure_noun)."""
    labels = vocabulary(reading.language).labels
    if reading.measure == "headcount" or reading.measure in labels.nouns:
        return measure_noun(reading)
    return label.lower()


def _change(result: _Result, dims: list[str], title: str) -> str:
    """The largest (or smallest) change between the two periods."""
    vocab = vocabulary(result.language)
    column = next((result.index(n) for n in CHANGE_COLUMNS if result.index(n) is not None), None)
    if not dims:
        # "payroll growth from 2024 to 2025": each period's value and the change, as a
        # comparison of two periods says it (not "1 row")
        return _periods(result, dims, title)
    if column is None:
        return _count(result, title)
    pairs = _pairs(result, dims[0], column)
    if not pairs:
        return vocab.message("no_rows", title=title)
    chosen = (min if result.reading.order == "asc" else max)(pairs, key=lambda pair: pair[1])
    return vocab.message(
        "narrative_increase_top",
        top=chosen[0],
        measure=result.label(column).lower(),
        value=result.number(chosen[1], column),
    )


def _periods(result: _Result, dims: list[str], title: str) -> str:
    """One column per period: each period's value (or total) and the change between them."""
    vocab = vocabulary(result.language)
    measure = semantic_model().measure(result.reading.measure)
    columns = [i for i, n in enumerate(result.names) if n.startswith(f"{measure.column}_")]
    adds_up = measure.aggregation in SHARE_MEASURES and measure.additive
    if not columns or (dims and not adds_up):
        return _count(result, title)
    totals = [sum((_number(row[i]) or Decimal(0)) for row in result.rows) for i in columns]
    parts = [
        f"{result.label(i)}: {result.number(total, i)}"
        for i, total in zip(columns, totals, strict=True)
    ]
    text = "; ".join(parts) + "."
    if len(totals) == 2 and totals[0]:
        percent = round(100 * (totals[1] - totals[0]) / totals[0], 1)
        # one decimal as a person writes a change ("+16.7%", "+20%"), never "+16.70%"
        change = format_number(percent, result.language, 0 if percent == int(percent) else 1)
        sign = "+" if totals[1] >= totals[0] else ""
        text += " " + vocab.message(
            "narrative_change",
            change=f"{sign}{change}%",
            previous=_period_of(result, columns[0], measure.name),
            before=result.number(totals[0], columns[0]),
        )
    return text


def _period_of(result: _Result, column: int, measure: str) -> str:
    """The period a column of one period's values is about, as said mid-sentence ("That is
    +24.7% against 2024", "Isso é +24,7% face a 2024"): its label without the measure,
    which the sentence before already named (and whose capital would stand mid-sentence)."""
    label = result.label(column)
    name = vocabulary(result.language).labels.measures.get(measure, "")
    if not (name and label.startswith(f"{name} ")):
        return label[:1].lower() + label[1:]
    period = label[len(name) + 1 :]
    if period.split(" ")[0].endswith(ORDINAL_MARKS):
        # "3º trimestre de 2026" is said with its article: "face ao 3º trimestre de 2026"
        period = f"{definite_article(period, result.language)} {period}".strip()
    return period


def _people(result: _Result, title: str) -> str:
    reading, vocab = result.reading, vocabulary(result.language)
    if reading.show and len(result.rows) <= 3:
        shown = [i for i in (result.index(s) for s in reading.show) if i is not None]
        parts = []
        left = result.index("termination_date")
        for row in result.rows:
            if shown == [left] and row[left] is None:  # "when did X leave?" of someone who stays
                parts.append(vocab.message("narrative_not_left", person=row[0]))
                continue
            values = ", ".join(
                f"{result.label(i).lower()} {_text(row[i], result, i)}" for i in shown
            )
            parts.append(vocab.message("narrative_person", person=row[0], value=values))
        return " ".join(parts)
    return _count(result, title)


def _count(result: _Result, title: str) -> str:
    vocab = vocabulary(result.language)
    key = "one_row" if len(result.rows) == 1 else "rows"
    return vocab.message(
        key, title=title, count=format_number(len(result.rows), result.language, 0)
    )


def _text(value: Any, result: _Result, column: int) -> str:
    if value is None:
        return "—"
    if _number(value) is not None and not isinstance(value, str):
        return result.number(value, column)
    return str(value)
