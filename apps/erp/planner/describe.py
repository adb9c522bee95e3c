"""Words and charts for a reading, in the person's language: the column labels, the title
that says exactly what was computed, and the chart that fits the result's shape."""

from dataclasses import replace
from datetime import date
from typing import Any

from apps.erp.planner.periods import Period
from apps.erp.planner.reading import AVERAGE, Reading
from apps.erp.planner.sentences import contracted
from apps.erp.planner.sql import CompiledQuery, OutputColumn
from apps.erp.planner.sql.derived import periods_in
from apps.erp.planner.words import (
    day_label,
    definite_article,
    describe_period,
    format_number,
    join_words,
    level_label,
    named_once,
)
from apps.erp.semantic import semantic_model, vocabulary

MAX_TITLE = 120
TIME_DIMENSIONS = ("year", "quarter", "month")
LIST_TITLES = {"hires": "employees_hired", "terminations": "employees_left"}


def column_label(column: OutputColumn, language: str) -> str:
    labels = vocabulary(language).labels
    if column.role == "per" and column.grain is not None:
        measure = labels.measures[column.key].split(" (")[0]
        return f"{measure} / {labels.dimensions[column.grain]}"
    if column.role == "ratio":  # "Hires / Departures": the first measure over the second
        return " / ".join(labels.measures[m].split(" (")[0] for m in column.key.split("/"))
    if column.role == "whole":
        return labels.words["whole_of"].format(measure=labels.measures[column.key])
    if column.role == "measure" and column.key in labels.measures:
        text = labels.measures[column.key]
        if column.period is not None:
            text = f"{text} {describe_period(column.period, language)}"
        return text
    return labels.columns.get(column.key) or column.key.replace("_", " ").capitalize()


def labelled(compiled: CompiledQuery, language: str, own: str | None = None) -> CompiledQuery:
    """The columns' labels; `own` names the measure's column instead (own_label)."""
    columns = tuple(
        replace(c, label=own if own and c.role == "measure" else column_label(c, language))
        for c in compiled.columns
    )
    return replace(compiled, columns=columns)


def own_label(reading: Reading) -> str | None:
    """A person's average pay in one month is their salary (one payment a month): people
    ranked by it are named with "Salary", not "the highest average salary", or None."""
    periods = reading.periods
    if (
        reading.measure != "average_salary"
        or reading.dimensions[:1] != ("employee",)
        or len(periods) != 1
        or periods[0].grain != "month"
        or reading.change is not None
        or reading.share is not None
        or reading.per is not None
        or reading.per_head
        or reading.also
    ):
        return None
    return vocabulary(reading.language).labels.columns["own_salary"]


def _measure_words(reading: Reading) -> str:
    vocab = vocabulary(reading.language)
    words, labels = vocab.labels.words, vocab.labels.measures
    if reading.listing:
        return words[LIST_TITLES.get(reading.measure, "employees")]
    if reading.measure == "unpaid_months" and not reading.counting and not reading.dimensions:
        return words["unpaid_salary_months"]
    label = own_label(reading) or labels[reading.measure]
    if reading.per is not None and len(reading.periods) == 1:
        grains = vocab.labels.dimension_plurals[reading.per]
        count = periods_in(reading.periods[0], reading.per)
        grain = vocab.labels.dimensions[reading.per]
        return words["per_average"].format(
            measure=label.split(" (")[0], grain=grain, count=count, grains=grains
        )
    if reading.share is not None:
        # "Parcela do número de funcionários", "Parcela das contratações": with the noun's
        # article, joined to the preposition before it (English says "Share of headcount")
        noun = " ".join(
            part for part in (definite_article(label, reading.language), label.lower()) if part
        )
        return contracted(words["share_of"].format(measure=noun), words.get("contractions", ""))
    if reading.per_head:
        return words["per_head_of"].format(measure=label.split(" (")[0])
    if reading.change is not None:
        unit = label.split(" (")[0]
        change = vocab.labels.columns[
            reading.change_word if reading.change == "absolute" else f"{reading.change_word}_pct"
        ]
        return words["change_of"].format(measure=unit, change=change.lower())
    return label


def _dimension(name: str, language: str, plural: bool = False) -> str:
    labels = vocabulary(language).labels
    return (labels.dimension_plurals if plural else labels.dimensions)[name]


def title(reading: Reading) -> str:
    """One line saying exactly what was computed, with every interpretation made visible.
    Several measures on one grain are named together ("Hires and departures by month, 2025")
    when the rest of their titles is the same, else each title in turn (a snapshot's day and
    a salary's period differ: "Headcount …, employees at the end of 2025; Average salary …,
    2025")."""
    if reading.also:
        return _paired_title(reading)
    return _title(reading)


def _paired_title(reading: Reading) -> str:
    labels = vocabulary(reading.language).labels.measures
    names = [reading.measure, *(r.measure for r in reading.also)]
    joined = join_words([labels[n] for n in names], reading.language)
    joined = joined[0] + joined[1:].lower()
    alone = [replace(reading, also=()), *reading.also]
    titles = [_title(r) for r in alone]
    tails = {t[len(_measure_words(r)) :] for r, t in zip(alone, titles, strict=True)}
    if len(tails) == 1 and all(
        t.startswith(_measure_words(r)) for r, t in zip(alone, titles, strict=True)
    ):
        text = joined + tails.pop()
        return text if len(text) <= MAX_TITLE else text[: MAX_TITLE - 1] + "…"
    text = "; ".join(titles)
    return text if len(text) <= MAX_TITLE else text[: MAX_TITLE - 1] + "…"


def _title(reading: Reading) -> str:
    language = reading.language
    words = vocabulary(language).labels.words
    if reading.sort is not None and reading.listing:
        return _ranked_by_date(reading)
    measure = _measure_words(reading)
    folded = joined = False
    dims = [
        d for d in reading.dimensions if not (d == "department" and len(reading.departments) > 1)
    ]
    if reading.top is not None and reading.dimensions:
        first = reading.dimensions[0]
        extreme = extreme_word(reading, measure)
        if reading.top == 1:
            counted = _counted(reading)
            if counted:  # "Departamento com mais saídas", never "maior saídas"
                extreme = words["fewest" if reading.order == "asc" else "most"]
            text = words["with_extreme"].format(
                singular=_dimension(first, language).capitalize(),
                extreme=extreme,
                measure=measure_noun(reading) if counted else named_once(extreme, measure.lower()),
            )
            folded = counted and reading.measure == "headcount"
        elif _counted(reading):
            # "The 2 departments with the fewest current employees", "Os 3 departamentos com
            # mais contratações": a count is most/fewest of its noun, never "highest hires"
            text = words["top_count"].format(
                n=reading.top,
                plural=_dimension(first, language, True),
                measure=measure_noun(reading),
                extreme=words["fewest" if reading.order == "asc" else "most"],
            )
            folded = True
        else:
            # people ranked: "The 3 current employees with …", their population in the noun
            population = _population_words(reading) if first == "employee" else ""
            text = words["top"].format(
                n=reading.top,
                plural=population or _dimension(first, language, True),
                measure=named_once(extreme, measure.lower().split(" (")[0]),
                extreme=extreme,
            )
            folded = bool(population)
    else:
        text, joined = _with_population(reading, measure)
        folded = joined
        series = semantic_model().measure(reading.measure).time_dimension is None
        if series and reading.grain in dims:  # snapshots: "at the end of each month"
            grain = _dimension(reading.grain, language).lower()
            text += " " + words["at_end_of_each"].format(grain=grain)
            dims = [d for d in dims if d != reading.grain]
        if dims:
            text += f" {words['by']} " + join_words(
                [_dimension(d, language) for d in dims], language
            )
        if reading.sort is not None:  # "the 5 most recent hires": ranked by the date
            key = "latest_n" if reading.order == "desc" else "earliest_n"
            text += ", " + words[key].format(n=reading.top) if (reading.top or 0) > 1 else ""
            text += ", " + words[f"by_{reading.sort}_{reading.order or 'desc'}"]
        elif reading.order is not None:
            text += ", " + words["highest_first" if reading.order == "desc" else "lowest_first"]
    found = _qualifiers(reading)
    if folded:
        found = found[1:]  # the population is in the noun already
    qualifiers = " ".join(part for part in found if part)
    if qualifiers:
        # after a population folded into the noun the rest goes on from it ("Número de
        # funcionários ativos em Sales")
        text += f" {qualifiers}" if joined else f", {qualifiers}"
    text += _time_words(reading)
    text = text if len(text) <= MAX_TITLE else text[: MAX_TITLE - 1] + "…"
    # A reading the words did not say ("the oldest": by hire date, the ERP has no ages), when it
    # fits; the closing sentence always says it in full (agent._notes).
    note = f" ({words[reading.note]})" if reading.note else ""
    return text + note if len(text) + len(note) <= MAX_TITLE else text


def _with_population(reading: Reading, measure: str) -> tuple[str, bool]:
    """The measure with its population folded in when the label ends with the population's
    own noun ("Número de funcionários" + "funcionários ativos" → "Número de funcionários
    ativos", never "Número de funcionários, funcionários ativos"); (text, folded)."""
    population = _population_words(reading)
    head, _, rest = population.partition(" ")
    if not rest or not measure.lower().endswith(" " + head.lower()):
        return measure, False
    return f"{measure} {rest}", True


def _ranked_by_date(reading: Reading) -> str:
    """A list of people ranked by a date, said as a person would: "The 3 current employees in
    Sales hired longest ago", "As 5 pessoas … ", "The employee who left most recently"."""
    language = reading.language
    labels = vocabulary(language).labels
    words = labels.words
    population = _population_words(reading)
    if reading.sort == "termination_date" and reading.population == "former":
        population = ""  # "who left most recently" says they are former employees
    rest = [part for part in _qualifiers(reading)[1:] if part]
    key = f"{reading.sort}_{reading.order or 'desc'}"
    if (reading.top or 1) > 1:
        people = population or labels.nouns["headcount"]
        where = "".join(f" {part}" for part in rest)
        text = words[f"ranked_{key}"].format(n=reading.top, people=people, where=where)
    else:
        where = "".join(f" {part}" for part in rest)
        text = words[f"ranked_one_{key}"].format(where=where)
        if population:
            text += f", {population}"
    text += _time_words(reading)
    text = text if len(text) <= MAX_TITLE else text[: MAX_TITLE - 1] + "…"
    note = f" ({words[reading.note]})" if reading.note else ""
    return text + note if len(text) + len(note) <= MAX_TITLE else text


def _counted(reading: Reading) -> bool:
    aggregation = semantic_model().measure(reading.measure).aggregation
    plain = reading.change is None and reading.share is None and reading.per is None
    return plain and not reading.per_head and aggregation in ("count", "count_distinct")


def measure_noun(reading: Reading) -> str:
    """How a measure is named in "X has the most …": the population counted for a headcount
    ("current employees"), the measure's noun, or its label."""
    labels = vocabulary(reading.language).labels
    if reading.measure == "headcount":
        past = _on_past_day(reading)
        if past:  # "the most employees on 31 Dec 2024", never "current" of a day gone by
            return f"{labels.nouns['headcount']} {past}"
        population = reading.population or semantic_model().measure("headcount").population
        return labels.populations.get(population or "", labels.nouns["headcount"])
    return labels.nouns.get(reading.measure) or labels.measures[reading.measure].lower()


def extreme_word(reading: Reading, measure: str) -> str:
    """ "highest" or "lowest" — or the measure's own first word when it is an extreme ranked its
    own way ("longest tenure", highest first: "the employee with the longest tenure", not "the
    highest longest tenure")."""
    words = vocabulary(reading.language).labels.words
    direction = reading.order or "desc"
    own = {"max": "desc", "min": "asc"}.get(semantic_model().measure(reading.measure).aggregation)
    if own == direction and reading.change is None and reading.share is None:
        return measure.split(" ")[0].lower()
    return words["highest" if direction != "asc" else "lowest"]


def _qualifiers(reading: Reading) -> list[str]:
    language = reading.language
    labels = vocabulary(language).labels
    words = labels.words
    parts = [_population_words(reading)]
    for condition in reading.conditions:
        values = [str(v) for v in condition.values]
        if condition.field == "department":
            key = "not_in" if condition.op == "not_in" else "in"
            parts.append(f"{words[key]} {join_words(values, language)}")
        elif condition.field == "level":
            at = words["at_levels" if condition.op == "between" else "at"]  # "nos níveis 3–5"
            if condition.op == "not_in":
                parts.append(level_label(condition, language))  # "not in level 10"
            else:
                parts.append(f"{at} {level_label(condition, language)}")
        elif condition.field == "employee" and not reading.listing:
            parts.append(words["named"].format(names=join_words(values, language)))
        elif condition.field == "salary_amount":
            parts.append(words["paid"].format(op=_op(condition, language)))
        elif condition.field in ("hire_date", "termination_date"):
            key = "hired" if condition.field == "hire_date" else "left"
            parts.append(words[key].format(period=_date_range(condition, language)))
    for having in reading.having:
        measure = labels.measures[having.measure].lower()
        op = _op_words(having.op, having.values or (AVERAGE,), language)
        parts.append(words["with_more_than"].format(measure=measure, op=op))
    return parts


def _op(condition, language: str) -> str:
    return _op_words(condition.op, condition.values, language)


def _op_words(op: str, values, language: str) -> str:
    words = vocabulary(language).labels.words
    numbers = [words["the_average"] if v == AVERAGE else format_number(v, language) for v in values]
    if op == "between":
        return words["op_between"].format(low=numbers[0], high=numbers[1])
    return f"{words['op_' + op]} {numbers[0]}"


def _date_range(condition, language: str) -> str:
    values = [date.fromisoformat(str(v)) for v in condition.values]
    words = vocabulary(language).labels.words
    if condition.op == "lte":
        return words["up_to"].format(period=day_label(values[0], language))
    if condition.op == "gte":
        return words["since"].format(period=day_label(values[0], language))
    return describe_period(Period(values[0], values[1]), language)


def _population_words(reading: Reading) -> str:
    language = reading.language
    labels = vocabulary(language).labels
    measure = semantic_model().measure(reading.measure)
    snapshot = reading.reference is not None
    population = reading.population or (measure.population if snapshot else None)
    if population is None or (reading.listing and population == "ever"):
        return ""
    words = labels.populations.get(population, population)
    if population == "ever" and reading.condition("hire_date") is not None:
        words = labels.nouns["headcount"]  # "employees hired in 2023": the date says who
    when = _on_past_day(reading)
    return f"{words} {when}" if when else words


def _on_past_day(reading: Reading) -> str:
    """ "on 31 Dec 2025", "at the end of 2025": the day of a snapshot taken before the as-of
    date, or ""."""
    if reading.reference is None or reading.reference == reading.as_of or not reading.periods:
        return ""
    labels = vocabulary(reading.language).labels
    day = reading.periods[0]
    period = describe_period(day, reading.language)
    when = labels.words["on_day" if day.grain == "day" else "end_of"]
    return when.format(day=period, period=period)


def _time_words(reading: Reading) -> str:
    language = reading.language
    words = vocabulary(language).labels.words
    periods = reading.periods
    if reading.change is not None and len(periods) == 2:
        start, end = (describe_period(p, language) for p in periods)
        return ", " + words["from_to"].format(start=start, end=end)
    if len(periods) > 1:
        return ", " + words["versus"].join(describe_period(p, language) for p in periods)
    if reading.reference is not None:
        return ""  # said by the population words
    if periods:
        return f", {describe_period(periods[0], language)}"
    measure = semantic_model().measure(reading.measure)
    if (measure.time_dimension is not None or measure.aggregation == "gap") and not reading.listing:
        return f", {words['all_time']}"
    return ""


def chart(reading: Reading, compiled: CompiledQuery, text: str) -> dict[str, Any] | None:
    """A chart spec (apps/viz ChartSpec fields) fitting the result's shape, or None."""
    if reading.chart == "none":
        return None
    columns = compiled.columns
    dims = [c for c in columns if c.role == "dimension"]
    measures = [c for c in columns if c.role == "measure"]
    changes = [c for c in columns if c.role == "change"]
    if reading.listing or not dims or not measures:
        return None
    if reading.measure == "unpaid_months" and not reading.dimensions:
        return None
    asked = {reading.measure, *(r.measure for r in reading.also)}
    shown = changes or [c for c in measures if c.key in asked] or measures
    if len({c.unit for c in shown}) > 1:
        return None  # people and money have no axis in common: the table shows both
    y_title = (
        shown[0].label
        if len(shown) == 1
        else join_words(
            [
                vocabulary(reading.language).labels.measures[m]
                for m in dict.fromkeys([reading.measure, *(r.measure for r in reading.also)])
            ],
            reading.language,
        )
    )
    spec: dict[str, Any] = {"title": text[:MAX_TITLE], "y": [c.name for c in shown]}
    spec["y_axis"] = _axis(y_title, shown[0])
    time_dims = [c for c in dims if c.key in TIME_DIMENSIONS]
    if len(dims) == 1:
        x = dims[0]
        spec["kind"] = "line" if time_dims else ("bar" if len(shown) == 1 else "grouped_bar")
    elif len(dims) == 2 and len(shown) == 1:
        if time_dims:
            x = time_dims[0]
            series = next(c for c in dims if c is not x)
            spec["kind"] = "line"
        else:
            x, series = dims
            spec["kind"] = "grouped_bar"
        spec["series"] = series.name
    else:
        return None
    if reading.chart in ("line", "bar", "pie"):
        spec["kind"] = reading.chart if reading.chart != "bar" or len(shown) == 1 else "grouped_bar"
    spec["x"] = x.name
    spec["x_axis"] = {"title": x.label}
    return spec


def _axis(axis_title: str, column: OutputColumn) -> dict[str, Any]:
    axis: dict[str, Any] = {"title": axis_title[:MAX_TITLE]}
    if column.unit and column.unit not in ("currency",):
        axis["unit"] = column.unit
    if column.decimals is not None:
        axis["format"] = {"type": "number", "decimals": column.decimals}
    return axis
