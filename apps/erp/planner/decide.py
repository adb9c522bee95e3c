"""A question's parts (frame, patterns, time) → a draft Reading, then settled (settle.py).

Each step either adds to the reading or stops with a refusal or a clarification; the steps
read the parts and return new values, they do not change them.
"""

from dataclasses import dataclass, replace
from datetime import date
from typing import Any

from apps.erp.entities import Entities
from apps.erp.planner.answers import answered_periods
from apps.erp.planner.choose import choose_measure
from apps.erp.planner.events import gone_without_time, implied_event
from apps.erp.planner.frame import Frame, known_of
from apps.erp.planner.lexicon import Lexed
from apps.erp.planner.outcomes import (
    Stop,
    clarify_department,
    clarify_period,
    no_data,
    refusal,
)
from apps.erp.planner.patterns import Comparison, level_condition
from apps.erp.planner.perhead import per_head_reading
from apps.erp.planner.periods import (
    Period,
    all_time,
    latest_complete_month,
    previous_period,
    range_period,
)
from apps.erp.planner.persons import named_persons
from apps.erp.planner.points import stock_points
from apps.erp.planner.reading import (
    AVERAGE,
    Band,
    Clarification,
    Condition,
    Having,
    Reading,
    Refusal,
)
from apps.erp.planner.recency import Recency, ranked_by_date
from apps.erp.planner.settle import settle
from apps.erp.planner.shapes import (
    absent_having,
    additive,
    lists_people,
    per_period_frame,
    share_of,
    whole_periods,
)
from apps.erp.planner.timeexpr import TimeExpression
from apps.erp.semantic import semantic_model, vocabulary

MAX_PERIODS = 8
DEFAULT_TOP_EMPLOYEES = 10
PEOPLE_MEASURES = ("headcount", "hires", "terminations")
SALARY = "salary_amount"
TENURE = "tenure_years"
COUNT_NOUNS = {"subject", "dim"}


@dataclass(frozen=True)
class Parsed:
    """Everything read from one question, before deciding what it asks."""

    lexed: Lexed
    frame: Frame
    bands: tuple[Band, ...]
    levels: tuple[tuple[int, int], ...]
    comparisons: tuple[Comparison, ...]
    top: int | None
    times: tuple[TimeExpression, ...]
    recency: Recency | None = None
    excluded_levels: tuple[int, ...] = ()  # "not counting level 10" (exclusions.py)

    @property
    def language(self) -> str:
        return self.lexed.language


def decide(
    parsed: Parsed, *, entities: Entities, answers: dict[str, Any], as_of: date
) -> Reading | Clarification | Refusal:
    try:
        return settle(_draft(parsed, entities, answers, as_of), snapshot=_snapshot(parsed))
    except Stop as stop:
        return stop.outcome


def _snapshot(parsed: Parsed) -> bool:
    return any(t.snapshot for t in parsed.times)


def _draft(parsed: Parsed, entities: Entities, answers: dict[str, Any], as_of: date) -> Reading:
    language, frame = parsed.language, parsed.frame
    if "recency" in frame.cues and parsed.recency is None:
        raise Stop(refusal(language, "recency_not_people"))  # "recent" with no people to rank
    if frame.count and frame.entity == "employee" and not frame.supers:
        frame = replace(frame, entity=None)  # "how many … who …": counted, not listed
    model = semantic_model()
    frame = _with_answers(frame, answers, entities, language)
    persons = named_persons(frame, entities, language, answers)
    salary, having_count, having_measure = _comparisons(parsed, frame, language)
    if salary and frame.in_total:
        # "who earned more than 100000 in total": a total per person, compared
        if not (frame.entity == "employee" or frame.listing):
            raise Stop(refusal(language, "monthly_or_total", value=_number(salary[0])))
        frame = replace(frame, measures=("total_salary",), entity="employee", facts=())
        salary, having_measure = (), having_measure + salary
    listed = frame.listing or _people_with_pay_only(parsed)
    if salary and listed and frame.subject and frame.entity is None and not frame.count:
        # "list the people paid …", "employees earning more than 9k": the people listed
        frame = replace(frame, entity="employee", entity_plural=True)
    frame, times, date_conditions, extra_population = _events(parsed, frame)
    frame, choice, per = _choice(frame, language, answers, bool(salary))
    measure = model.measure(choice.name)
    if persons and _asks_attribute(frame, measure.name, salary):
        return _person_listing(parsed, frame, persons, as_of)
    dims = _dimensions(parsed, frame, measure.name, persons)
    grains = [d for d in dims if d in {g.name for g in model.time_grains}]
    snapshot = measure.time_dimension is None  # "average level per year": each year's end
    over_time = frame.change is not None  # "how did the average salary change per month"
    if (
        measure.aggregation == "avg"
        and frame.per_rate
        and grains
        and not snapshot
        and not over_time
    ):
        # "the average salary per month": one average over the months, or each month's?
        grain = vocabulary(language).labels.dimensions[grains[0]].lower()
        raise Stop(refusal(language, "average_per_unit", grain=grain))
    if frame.bare_department and not frame.values and "department" not in dims:
        raise Stop(
            clarify_department(language, entities.department_names, known_of(frame, measure.name))
        )
    times = stock_points(times, parsed.lexed.terms, as_of, measure.name)
    periods, ends = _periods(times, answers, as_of, language, measure.name)
    periods = _previous_of_the_other(periods, times, parsed.lexed.terms, language)
    periods, frame = _implied_period(frame, periods, measure, as_of)
    current_pay = (
        _ranks_current_pay(parsed, frame, periods, measure, dims)
        or _pays_now(parsed, frame, periods, measure, salary)
        or _typical_pay_now(parsed, frame, periods, measure, dims, date_conditions)
    )
    if current_pay:
        periods = (latest_complete_month(as_of),)
    if parsed.recency is not None and not periods and measure.time_dimension is not None:
        periods = (all_time(as_of),)  # "the last 5 hires": of all time
    if frame.compare and frame.change is None and ends is not None and len(periods) == 1:
        periods = tuple(ends)  # "compare hires between 2024 and 2025": each year, not the span
    if per is not None:
        periods = whole_periods(periods, per, language)
    if _over_time(frame, measure, periods, ends, dims):
        # "how did salaries evolve by quarter in 2025", "evolution of headcount over the last
        # 12 months": a series over the periods, not a comparison of two of them
        frame = replace(frame, change=None)
        if not periods:  # "how did payroll grow by month": over which span?
            raise Stop(clarify_period(language, known_of(frame, measure.name)))
        if not _grains(dims):
            dims = [*dims, _series_grain(periods[0])]
    change, change_word, periods = _change(
        frame, periods, ends, language, known_of(frame, measure.name)
    )
    order, top = _ranking(frame, choice.supers, dims, measure.name, change, parsed.top, language)
    population = _population(frame, extra_population, measure.name, language)
    conditions = _conditions(parsed, frame, persons, salary, date_conditions)
    listing = _listing(frame, dims, measure.name, order, change)
    if not listing and lists_people(frame, measure.name, dims, conditions):
        listing, dims = True, ()  # the people themselves, not a count per department
    if listing and top is not None:
        raise Stop(refusal(language, "top_without_ranking"))
    if parsed.top is not None and order is None and parsed.recency is None:
        # "the 5 employees": a number of them with nothing to pick them by — never all of them
        raise Stop(refusal(language, "top_without_ranking"))
    if "employee" in dims and not listing and measure.name == "headcount" and not having_count:
        raise Stop(refusal(language, "count_per_employee"))
    having = tuple(
        Having(c.op, c.values, measure.name, AVERAGE if c.average is not None else None)  # type: ignore[arg-type]
        for c in having_measure + having_count
    )
    having = absent_having(frame, measure, dims, having, top, language)
    share, dims = share_of(frame, measure, dims, conditions, order, top, language)
    if having_count and measure.name != "headcount":
        raise Stop(refusal(language, "several_measures"))
    if frame.compare and not (dims or len(periods) > 1 or change is not None):
        raise Stop(refusal(language, "comparison_needs_two"))
    months = _months(periods[0]) if len(periods) == 1 else 0
    if salary and months > 1 and not salary[0].per_unit and not frame.in_total:
        raise Stop(refusal(language, "monthly_or_total", value=_number(salary[0])))
    reading = Reading(
        language=language,
        measure=measure.name,
        as_of=as_of,
        dimensions=tuple(d for d in dims if not (listing and d == "employee")),
        conditions=conditions,
        having=having,
        population=population,
        periods=periods,
        change=change,
        change_word=change_word,
        bands=parsed.bands,
        order=order,
        top=top,
        listing=listing,
        counting=frame.count,
        chart=frame.chart,
        per=per,
        share=share,
        note="current_pay" if current_pay else None,
    )
    if parsed.recency is not None:
        events = tuple(field for field, _ in frame.events)
        return _noted(parsed, ranked_by_date(reading, parsed.recency, frame.count, events))
    return _noted(parsed, per_head_reading(reading) if frame.per_head else reading)


def _noted(parsed: Parsed, reading: Reading) -> Reading:
    """An age word read as time at the company ("the oldest employees", "os mais novos":
    ranked by hire date or tenure, the ERP having no ages): the answer's title says so. So
    does a fiscal period: read in the tenant's fiscal year, or as the calendar one when that
    year starts in January."""
    fiscal = [t for t in parsed.times if t.fiscal]
    if reading.note is None and fiscal:
        moved = any(t.fiscal_start != 1 for t in fiscal)
        reading = replace(reading, note="fiscal_year" if moved else "fiscal_calendar")
    if not any(term.has("age_words") for term in parsed.lexed.terms):
        return reading
    fact = semantic_model().measure(reading.measure).fact
    by_tenure = reading.sort == "hire_date" or fact == TENURE
    return replace(reading, note="tenure_for_age") if by_tenure else reading


def _people_with_pay_only(parsed: Parsed) -> bool:
    """A question that is the people and their pay, nothing else: "employees earning more
    than 9k", "people paid over 10,000", "sales staff who make over 8000" — it opens with the
    people (a department or population before them at most) and asks no count, amount,
    average, ranking or grouping: a list of those people, as "list the employees …" is."""
    frame, terms = parsed.frame, parsed.lexed.terms
    if frame.how_much or frame.aggs or frame.supers or frame.group_dims or frame.measures:
        return False
    named = {"value", "population"}
    first = next((i for i, t in enumerate(terms) if t.has("subject") or not t.kinds & named), None)
    return first is not None and first <= 2 and terms[first].has("subject")


def _choice(frame: Frame, language: str, answers: dict, salary: bool):
    """The measure (and the frame it was read from); with "per month on average" of a count
    or a total, the grain of one average over the period's months."""
    per_frame, per = per_period_frame(frame)
    if per is not None:
        try:
            choice = choose_measure(
                per_frame, language=language, answers=answers, known=known_of(per_frame),
                salary_condition=salary,
            )  # fmt: skip
        except Stop:
            choice = None
        if choice is not None and additive(semantic_model().measure(choice.name)):
            return per_frame, choice, per
    choice = choose_measure(
        frame, language=language, answers=answers, known=known_of(frame), salary_condition=salary
    )
    return frame, choice, None


def _number(comparison: Comparison) -> str:
    if not comparison.values:
        return AVERAGE
    value = comparison.values[0]
    return str(int(value)) if value == int(value) else str(value)


def _months(period: Period) -> int:
    if period.start is None:
        return 999
    return (period.end.year - period.start.year) * 12 + period.end.month - period.start.month + 1


def _with_answers(frame: Frame, answers: dict, entities: Entities, language: str) -> Frame:
    department = answers.get("department")
    if not department:
        return frame
    if department == "each":
        return replace(frame, group_dims=("department", *frame.group_dims), bare_department=False)
    if department in entities.department_names:
        return replace(frame, values=(department,), bare_department=False)
    raise Stop(refusal(language, "bad_answer", name="department"))


def _comparisons(parsed: Parsed, frame: Frame, language: str):
    """Each comparison → a salary condition, a condition on the count of a group, or on the
    measure of a group."""
    terms = parsed.lexed.terms
    salary, having_count, having_measure = [], [], []
    for comparison in parsed.comparisons:
        near = _neighbours(terms, comparison)
        kinds = {k for term in near for k in term.kinds}
        grouped = bool(frame.group_dims) or frame.entity in ("department", "level", "employee")
        pay = any(term.value("fact") == SALARY for term in near)
        if comparison.average not in (None, "", "average_salary") or (
            comparison.average == "average_salary" and not pay
        ):
            raise Stop(refusal(language, "unused_words", words=f"“{_words(terms, comparison)}”"))
        if kinds & COUNT_NOUNS and not kinds & {"measure", "fact"} and grouped:
            having_count.append(comparison)
        elif "measure" in kinds and grouped:
            having_measure.append(comparison)
        elif pay:
            salary.append(comparison)
        else:
            raise Stop(refusal(language, "unused_words", words=f"“{_words(terms, comparison)}”"))
    return tuple(salary), tuple(having_count), tuple(having_measure)


def _words(terms, comparison: Comparison) -> str:
    return " ".join(t.words for t in terms[comparison.start : comparison.end])


def _neighbours(terms, comparison: Comparison):
    before = [t for t in terms[max(0, comparison.start - 3) : comparison.start] if t.kinds]
    after = [t for t in terms[comparison.end : comparison.end + 2] if t.kinds]
    return before[-2:] + after[:1]


def _events(parsed: Parsed, frame: Frame):
    """Event words ("hired", "left") with a time next to them are a date filter when the
    question measures something else; the measure's own event keeps its time as the period."""
    model = semantic_model()
    terms = parsed.lexed.terms
    own = {
        m.time_dimension: m.name
        for m in model.measures
        if m.time_dimension and m.table == "employee" and m.is_count
    }
    times = list(parsed.times)
    conditions: list[Condition] = []
    population = None
    event_measures = {terms[i].value("measure") for _, i in frame.events} - {None}
    others = [m for m in frame.measures if m not in event_measures and m != "headcount"]
    others += [f for f in frame.facts]
    if not others:
        frame, population = gone_without_time(frame, times, terms)
        ranked = parsed.recency.event if parsed.recency is not None else None
        frame = implied_event(frame, times, terms, own, ranked)
        return frame, tuple(times), (), population
    measures = list(frame.measures)
    for field, index in frame.events:
        if field not in own:
            continue
        measure = terms[index].value("measure")
        if measure in measures:
            measures.remove(measure)
        attached = next((t for t in times if min(t.terms) == index + 1), None)
        if attached is not None and attached.periods:
            times.remove(attached)
            period = attached.periods[0]
            conditions.append(_date_condition(field, period))
            # "the average level of people hired in 2025": all of them, gone or not
            population = "former" if field == "termination_date" else population or "ever"
        elif field == "termination_date":
            population = "former"
    return replace(frame, measures=tuple(measures)), tuple(times), tuple(conditions), population


def _date_condition(field: str, period: Period) -> Condition:
    if period.start is None:
        return Condition(field, "lte", (period.end.isoformat(),))
    return Condition(field, "between", (period.start.isoformat(), period.end.isoformat()))


def _asks_attribute(frame: Frame, measure: str, salary) -> bool:
    """A question about named people's own facts: when hired, which department, what level."""
    if salary or frame.group_dims:
        return False
    if frame.when or frame.attributes or frame.entity in ("department", "level"):
        return True
    return measure == "headcount" and not frame.count


def _person_listing(parsed: Parsed, frame: Frame, persons, as_of: date) -> Reading:
    show: list[str] = []
    if frame.when:
        show += [field for field, _ in frame.events if field in ("hire_date", "termination_date")]
        if not show and (frame.money_verb or frame.facts or frame.change):
            # "When was X paid / given a raise?": the dates asked are not a hire or a leave.
            raise Stop(refusal(parsed.language, "when_not_an_event"))
        show = show or ["hire_date"]
    if frame.entity in ("department", "level"):
        show.append(frame.entity)
    show += [a for a in frame.attributes if a not in show]
    if "tenure_years" in frame.facts:
        show.append("tenure_years")
    if "level" in frame.facts and "level" not in show:
        show.append("level")
    return Reading(
        language=parsed.language,
        measure="headcount",
        as_of=as_of,
        conditions=(Condition("employee", "in", tuple(persons)),),
        population="ever",
        listing=True,
        show=tuple(dict.fromkeys(show)),
        chart=frame.chart,
    )


def _dimensions(parsed: Parsed, frame: Frame, measure: str, persons) -> list[str]:
    language = parsed.language
    dims = list(frame.group_dims)
    gap = measure == "unpaid_months"
    if parsed.bands and "tenure_band" not in dims:
        dims.append("tenure_band")
    if frame.entity and frame.entity not in dims and not gap:
        dims.insert(0, frame.entity)
    if len(frame.values) > 1 and "department" not in dims:
        dims.insert(0, "department")
    if _listed_levels(parsed) and "level" not in dims:
        dims.insert(0, "level")  # each listed level is a row, like each named department
    if persons and "employee" not in dims and not gap:
        dims.insert(0, "employee")
    salary_like = semantic_model().measure(measure).table == "salary" or frame.change is not None
    if parsed.top is not None and not dims and salary_like and not gap:
        dims.append("employee")  # "top 10 salary increases": of employees
    dims = list(dict.fromkeys(dims))
    if len(dims) > 2:
        raise Stop(refusal(language, "too_many_dimensions"))
    return dims


def _periods(times, answers, as_of: date, language: str, measure: str):
    periods: list[Period] = []
    ends = None
    for expression in times:
        if expression.kind == "now":
            if semantic_model().measure(measure).table == "salary":
                periods.append(latest_complete_month(as_of))
            continue
        periods.extend(expression.periods)
        ends = ends or expression.ends
    answered = answered_periods(answers, as_of, language)
    if answered is not None and not periods:
        periods = answered
        if len(answered) == 2:
            ends = (answered[0], answered[1])
            periods = [range_period(answered[0], answered[1], as_of)]
    if len(periods) > MAX_PERIODS:
        raise Stop(refusal(language, "too_many_periods"))
    return tuple(periods), ends


def _previous_of_the_other(periods, times, terms, language: str) -> tuple[Period, ...]:
    """ "Payroll last quarter compared with the previous quarter", "hires in 2025 compared with
    the previous year", "o salário médio em março de 2025 comparado com o mês anterior": a
    "previous" unit (the grammar's previous_words) said after another period of that unit is
    the one before THAT period, not the one before today — read alone, it was the same period
    (an answer comparing a period with itself, +0%) or one far from the first."""
    if len(periods) != 2 or periods[0].grain != periods[1].grain:
        return periods
    indexes = sorted(i for t in times if t.periods for i in t.terms if i < len(terms))
    joins = [i for i in indexes if ("time", "and") in terms[i].tags]
    if not joins:
        return periods
    words = set(vocabulary(language).grammar.previous_words)
    second = [terms[i] for i in indexes if i > joins[0]]
    if not any(words & set(term.words.split()) for term in second):
        return periods
    before = previous_period(periods[0])
    return (before, periods[0]) if before is not None else periods


def _implied_period(frame: Frame, periods, measure, as_of: date):
    """Periods a question implies without naming one: "in total" for events and "ever" for
    any measure (all time), "current" for pay (the most recent complete month)."""
    if periods or measure.time_dimension is None:
        return periods, frame
    if frame.in_total and measure.table != "salary":  # for pay "in total" is the sum
        return (all_time(as_of),), frame
    if "ever" in frame.populations:
        # "the highest salary ever paid", "average salary ever": pay of all time — not the
        # current pay, which people who left never had
        return (all_time(as_of),), frame
    if measure.table == "salary" and "active" in frame.populations:
        kept = tuple(p for p in frame.populations if p != "active")
        return (latest_complete_month(as_of),), replace(frame, populations=kept)
    return periods, frame


def _ranks_current_pay(parsed: Parsed, frame: Frame, periods, measure, dims) -> bool:
    """People ranked by their pay with no period ("who are the top 5 earners in Finance", "the
    highest paid employees"): their current pay, the most recent complete month — the period
    a ranking of pay is asked for least often; the title and the answer say so. Groups ranked
    by pay, and pay not ranked, still ask for the period."""
    # "who has the highest salary", "the engineer with the highest salary": the one person an
    # extreme measure ranks first is a ranking too
    extreme = frame.entity == "employee" and measure.aggregation in ("min", "max")
    ranked = bool(frame.supers) or parsed.top is not None or extreme
    people = "employee" in dims
    return not periods and measure.table == "salary" and ranked and people and not frame.change


def _pays_now(parsed: Parsed, frame: Frame, periods, measure, salary) -> bool:
    """Pay against an amount, in the present and with no period ("how many people earn above
    9k a month", "quem ganha mais de 9 mil"): the current pay, the most recent complete month,
    as a ranking of people's pay is read; the title and the answer say so. In the past ("who
    earned more than 9k") or in total, the period is still asked."""
    if periods or not salary or measure.table != "salary" or frame.in_total or frame.change:
        return False
    return any(t.has("present_money_verbs") for t in parsed.lexed.terms)


TYPICAL_PAY = ("avg", "median", "min", "max")


def _typical_pay_now(parsed: Parsed, frame: Frame, periods, measure, dims, dated) -> bool:
    """The average (median, lowest, highest) salary asked in the present with no period
    ("average salary in engineering", "avg pay per level", "which department has the lowest
    average salary", "qual é o salário médio em vendas"): the current pay, the most recent
    complete month — what an HR report's "average salary" is; the title and the answer say so.
    Still asked: a total ("payroll": over which months?), the past ("what was the average
    salary"), a change or a series, pay beside another measure, and pay of people picked by an
    event ("of those who left in 2025") or gone, who have no current pay."""
    if periods or measure.table != "salary" or measure.aggregation not in TYPICAL_PAY:
        return False
    if frame.in_total or frame.change or frame.events or dated or _grains(dims):
        return False
    if "former" in frame.populations or len(set(frame.measures)) > 1:
        return False  # "headcount and average salary": one period for both, asked
    past = set(vocabulary(parsed.language).grammar.past_words)
    return not any(token.text in past for token in parsed.lexed.tokens)


def _grains(dims) -> set[str]:
    return {g.name for g in semantic_model().time_grains} & set(dims)


def _over_time(frame: Frame, measure, periods, ends, dims) -> bool:
    """A change word read as a series over time, not as two periods compared:
    - with a time grouping ("how did salaries evolve by quarter in 2025", "headcount growth
      per month this year", "como mudaram as contratações em cada ano desde 2020"): each
      period of that grain, whether the word says up, down or neither;
    - "evolution", "change" (neither up nor down) of a measure over one span with a start
      ("evolution of headcount over the last 12 months", "how did hiring evolve in 2025"):
      each month (quarter, year) of the span;
    - "growth", "decline" over a rolling span ("how has headcount grown over the past year",
      "since 2024"): the same. Over a calendar period ("payroll growth in 2025") it may be
      against the period before, so the two periods are asked.
    Never "from A to B" (the two ends compared), a percentage, a ranking or a comparison, nor
    a rate or the unpaid months, which have no series."""
    if frame.change is None or frame.pct or ends is not None or len(periods) > 1:
        return False
    if frame.supers or frame.compars or frame.compare or frame.per_head:
        return False
    if measure.aggregation in ("rate", "gap"):
        return False
    if _grains(dims):
        return True
    if len(periods) != 1:
        return False
    span = periods[0]
    if frame.change != "any" and span.grain != "range":
        return False
    return span.start is not None and span.grain not in ("all", "day")


def _series_grain(span: Period) -> str:
    """Months over up to two years, quarters up to five, years beyond."""
    months = _months(span)
    return "month" if months <= 24 else "quarter" if months <= 60 else "year"


def _change(frame: Frame, periods, ends, language: str, known):
    if frame.change is None:
        return None, "change", periods  # a percentage without a change is a share (shapes.py)
    change = "percent" if frame.pct else "absolute"
    word = {"up": "increase", "down": "decrease", "any": "change"}[frame.change]
    if ends is not None and len(periods) == 1:
        periods = tuple(ends)
    if len(periods) != 2:
        raise Stop(clarify_period(language, known, pair=True))
    return change, word, periods


def _ranking(frame: Frame, supers, dims, measure: str, change, top_n, language: str):
    supers = tuple(dict.fromkeys(supers))
    compars = tuple(dict.fromkeys(frame.compars))
    if supers and supers == compars:
        # A word that is both ("maior", "mais"): comparing two named things, else a superlative.
        supers, compars = ((), compars) if len(frame.values) == 2 else (supers, ())
    cues = frame.cues
    if len(frame.values) == 2 and top_n is None and (supers or compars) and dims:
        return (supers or compars)[0], None  # "A or B": both, in order
    if len(supers) > 1 or len(compars) > 1 or (supers and compars and supers != compars):
        raise Stop(refusal(language, "conflicting_order"))
    direction = (supers or compars or (None,))[0]
    if direction is None:
        if "sort_asc" in cues or "sort_desc" in cues:
            direction = "asc" if "sort_asc" in cues else "desc"
            if not dims:
                raise Stop(refusal(language, "ranking_without_groups"))
            return direction, None
        if top_n is not None and "bottom" in cues and dims:
            return "asc", top_n
        if top_n is not None and "top" in cues and dims:
            return "desc", top_n  # "top 5 salaries in 2025": "top" was read as the maximum
        return None, None
    if change is not None and frame.change == "down":
        direction = "asc" if direction == "desc" else "desc"
    if not dims:
        raise Stop(refusal(language, "ranking_without_groups"))
    if measure == "unpaid_months":
        raise Stop(refusal(language, "unpaid_ranking"))
    if len(dims) > 1:
        raise Stop(refusal(language, "ranking_two_groupings"))
    if compars:
        if len(frame.values) < 2 and not frame.group_dims and not frame.entity:
            raise Stop(refusal(language, "comparison_needs_two"))
        if len(frame.values) == 1 and "department" in dims:
            # "which department has more people than Finance": the one named is what the
            # others are compared with, never the filter (the answer would be Finance itself)
            raise Stop(refusal(language, "comparison_needs_two"))
        one_asked = frame.entity is not None and not frame.entity_plural
        if top_n is None and one_asked and not frame.values:
            # "which is the department with more people?" (Spanish, Portuguese "con más",
            # "com mais"): one department asked for, nothing named to compare: the one with
            # the most
            return direction, 1
        if top_n is None:
            return direction, None  # "Engineering or Marketing": both, the higher first
    if "sort_asc" in cues or "sort_desc" in cues:
        return direction, top_n
    if top_n is not None:
        return direction, top_n
    if frame.entity is not None and not frame.entity_plural:
        return direction, 1
    if "employee" in dims:
        return direction, DEFAULT_TOP_EMPLOYEES
    if frame.entity is None:
        return direction, 1
    return direction, None


def _population(frame: Frame, extra: str | None, measure: str, language: str) -> str | None:
    if extra == "ever" and frame.populations:
        extra = None  # "current employees hired in 2025": the words say which
    populations = list(dict.fromkeys([*frame.populations, *([extra] if extra else [])]))
    if len(populations) > 1:
        if set(populations) == {"former", "ever"}:
            populations = ["ever"]
        else:
            raise Stop(refusal(language, "two_populations"))
    population = populations[0] if populations else None
    if measure == "terminations" and population == "former":
        return None  # "who were terminated": the measure already says so
    return population


def _listing(frame: Frame, dims, measure: str, order, change) -> bool:
    listing = (
        measure in PEOPLE_MEASURES
        and "employee" in dims
        and not frame.count
        and order is None
        and change is None
        and set(dims) - {"employee"} <= {"tenure_band"}  # "which employees have 10+ years"
    )
    # "list the employees in Sales", "list the departures in 2024": the people themselves
    events = measure in PEOPLE_MEASURES and measure != "headcount"
    if frame.listing and not listing and measure in PEOPLE_MEASURES and (frame.subject or events):
        listing = not frame.count and set(dims) <= {"tenure_band"} and order is None
    return listing


def _listed_levels(parsed: Parsed) -> tuple[int, ...]:
    """Several single levels ("levels 3 and 5", "level 4 vs level 6"): compared side by side."""
    levels = parsed.levels
    if len(levels) < 2 or any(low != high for low, high in levels):
        return ()
    return tuple(sorted({low for low, _ in levels}))


def _conditions(parsed: Parsed, frame: Frame, persons, salary, dates) -> tuple[Condition, ...]:
    conditions: list[Condition] = []
    if frame.values:
        values = tuple(frame.values)
        conditions.append(Condition("department", "in", values))
    if frame.excluded:
        conditions.append(Condition("department", "not_in", tuple(frame.excluded)))
    levels = parsed.levels
    listed = _listed_levels(parsed)
    if len(levels) > 1 and not listed:
        raise Stop(refusal(parsed.language, "two_level_filters"))
    for low, high in levels:
        if not 1 <= low <= high <= 10:
            raise Stop(no_data(parsed.language, "level_range"))
    if listed:
        conditions.append(Condition("level", "in", listed))  # "level 3 vs level 5": each one
    elif levels:
        conditions.append(level_condition(*levels[0]))
    if any(not 1 <= level <= 10 for level in parsed.excluded_levels):
        raise Stop(no_data(parsed.language, "level_range"))
    if parsed.excluded_levels:
        conditions.append(Condition("level", "not_in", parsed.excluded_levels))
    if persons:
        conditions.append(Condition("employee", "in", tuple(persons)))
    for comparison in salary:
        values = (AVERAGE,) if comparison.average is not None else comparison.values
        conditions.append(Condition(SALARY, comparison.op, values))  # type: ignore[arg-type]
    conditions.extend(dates)
    return tuple(conditions)
