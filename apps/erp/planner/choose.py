"""Which measure a question asks for: from the measures, facts and aggregation words it
names, never guessed. The result is a new value (the measure and the ordering it implies);
the frame it reads is left as it is.
"""

from dataclasses import dataclass
from typing import Any

from apps.erp.planner.frame import Frame
from apps.erp.planner.outcomes import Stop, clarify_measure, refusal
from apps.erp.semantic import Measure, semantic_model, vocabulary

HOW_MUCH_CHOICES = ("avg", "sum")
MAIN_MEASURES = ("headcount", "average_salary", "total_salary", "hires", "average_tenure")
SALARY = "salary_amount"
RATE_OF_DEPARTURES = "attrition_rate"


@dataclass(frozen=True)
class MeasureChoice:
    name: str
    supers: tuple[str, ...]  # ordering words, including those a min/max measure stood for


def _agg_word(language: str, agg: str) -> str:
    return vocabulary(language).aggregations.model_dump()[agg][0]


def choose_measure(
    frame: Frame,
    *,
    language: str,
    answers: dict[str, Any],
    known: dict[str, Any],
    salary_condition: bool,
) -> MeasureChoice:
    """The measure, or Stop with a refusal or a clarification."""
    model = semantic_model()
    measures = list(dict.fromkeys(frame.measures))
    if answers.get("measure"):
        measures = [str(answers["measure"])]
        if not model.has_measure(measures[0]):
            raise Stop(refusal(language, "bad_answer", name="measure"))
    supers = tuple(dict.fromkeys(frame.supers))
    if "unpaid_months" in measures:
        if frame.aggs:
            raise Stop(refusal(language, "unpaid_aggregate"))
        return MeasureChoice("unpaid_months", supers)
    paid = salary_condition or (frame.count and SALARY in frame.facts)
    if paid and measures == ["headcount"]:
        measures = ["paid_employees"]  # "how many employees earn more than 9000": people paid
    others = [model.measure(m) for m in measures if m != "headcount"]
    # "how many employees were hired": the people counted are the hires; "headcount and hires
    # by month" names two measures (joined by "and")
    joined = "joined:headcount" in frame.cues
    if others and "headcount" in measures and all(m.is_count for m in others) and not joined:
        measures.remove("headcount")
    facts = [f for f in dict.fromkeys(frame.facts) if not (f == SALARY and salary_condition)]
    # "highest salary", "lowest level" name a min/max measure, also when asked of a ranking:
    # "which department has the highest salary" ranks departments on their largest payment
    # (MAX), not on their average ("the highest average salary" names the average). The
    # measure's own direction orders the ranking unless the question gives one ("the lowest
    # maximum salary").
    ranking = frame.entity is not None
    aggs = tuple(frame.aggs)
    named = [a for a in aggs if a not in ("min", "max", "distinct")]
    if frame.verb_sum and "sum" in named:
        named.remove("sum")  # "pagou": a pay verb
    kept = []
    for name in measures:
        measure = model.measure(name)
        extreme = measure.aggregation in ("min", "max") and measure.fact is not None
        if extreme and ranking and (named or frame.change):
            # "o maior nível médio", "the largest salary increase": the ranking word on the
            # aggregate named with it, or on the change of the average
            facts.append(measure.fact)
            supers = supers or (_direction(measure.aggregation),)
            continue
        kept.append(name)
        if extreme and ranking and not supers:
            supers = (_direction(measure.aggregation),)
        extremes = [a for a in aggs if a in ("min", "max")]
        if ranking and extremes and measure.aggregation not in ("min", "max"):
            # "which department had the smallest payroll": the ranking word on the payroll
            supers = supers or (_direction(extremes[0]),)
            aggs = tuple(a for a in aggs if a not in ("min", "max"))
    measures = kept
    if _ranks_groups_by_rate(frame, measures, supers):
        measures = [RATE_OF_DEPARTURES]
    if len(measures) > 1:
        raise Stop(refusal(language, "several_measures"))
    if measures:
        measure = model.measure(measures[0])
        return MeasureChoice(_explicit(measure, frame, aggs, facts, language), supers)
    return _from_facts(frame, facts, supers, language, known, salary_condition)


def _ranks_groups_by_rate(frame: Frame, measures: list[str], supers: tuple[str, ...]) -> bool:
    """ "Which department had the lowest turnover", "que departamento teve a maior
    rotatividade": a superlative over departments or levels of a word that names departures
    and their rate (the vocabulary's rate_nouns) ranks the groups by the attrition rate, not
    by their departures, which would put the largest groups first. Asked of the company
    alone, or listed by group without a superlative, the word still counts departures."""
    if measures != ["terminations"] or "rate_noun" not in frame.cues or not supers:
        return False
    groups = {"department", "level"}
    return frame.entity in groups or bool(groups & set(frame.group_dims))


def _direction(aggregation: str) -> str:
    return "desc" if aggregation == "max" else "asc"


def _explicit(measure: Measure, frame: Frame, aggs, facts: list[str], language: str) -> str:
    if frame.count and not measure.is_count and measure.aggregation != "rate":
        raise Stop(refusal(language, "count_of_fact"))
    for agg in aggs:
        if agg in (measure.aggregation, "distinct") or (agg == "sum" and measure.is_count):
            continue
        if agg == "sum" and frame.verb_sum and measure.fact == SALARY and aggs.count("sum") == 1:
            continue  # "qual departamento pagou o maior salário": the verb, not a total
        fact = vocabulary(language).labels.measures[measure.name].lower()
        raise Stop(refusal(language, "no_such_measure", agg=_agg_word(language, agg), fact=fact))
    other = [f for f in facts if f != measure.fact]
    if other and not (measure.name == "paid_employees" and other == [SALARY]):
        raise Stop(refusal(language, "several_measures"))
    return measure.name


def _from_facts(
    frame: Frame,
    facts: list[str],
    supers: tuple[str, ...],
    language: str,
    known: dict[str, Any],
    salary_condition: bool,
) -> MeasureChoice:
    model = semantic_model()
    facts = list(dict.fromkeys(facts))
    if not facts and frame.how_much and not frame.count:
        facts = [SALARY]  # "how much do people in HR make": only pay is counted in money
    if not facts and frame.money_verb and _asks_pay_of_named(frame):
        facts = [SALARY]  # "what did Maria Quinn make last year": "make" alone is pay of a person
    aggs = [a for a in dict.fromkeys(frame.aggs) if a != "distinct"]
    if frame.how_much and set(aggs) == {"sum", "avg"}:
        aggs = ["avg"]  # "how much do we pay engineers on average": "we pay" asks the amount
    if not aggs and frame.in_total and facts == [SALARY]:
        aggs = ["sum"]  # "how much did X earn in total"
    # "who earned the most in 2025", "which department paid the most last year": what each
    # was paid over the period, as an analyst reads a past verb — not the average salary, which
    # ranks a December hire's one month above a year of pay. A change of pay ("who got the
    # biggest raises between last year and this year") is a change of the rate, read as before.
    past_total = frame.past_pay and not frame.change
    if not aggs and supers and past_total and facts == [SALARY] and frame.entity:
        aggs = ["sum"]
    if len(facts) > 1:
        raise Stop(refusal(language, "several_measures"))
    if frame.count and facts == [SALARY] or (frame.count and salary_condition):
        # "how many employees were paid", "how many earn more than 9000": people paid
        if frame.subject or salary_condition:
            return MeasureChoice("paid_employees", supers)
        return MeasureChoice("payments", supers)
    if facts:
        if frame.count:
            raise Stop(refusal(language, "count_of_fact"))
        if len(aggs) > 1:
            raise Stop(refusal(language, "several_measures"))
        ranking = frame.entity is not None
        if not aggs and supers and not ranking and not frame.change:
            aggs, supers = ["max" if supers[0] == "desc" else "min"], ()
        asks_money = frame.how_much or (frame.money_verb and facts == [SALARY] and not supers)
        if not aggs and asks_money and not ranking and _names_people_only(frame):
            # "what was Maria Quinn paid last month": what she was paid in all ("how much did
            # she earn a month" may be her monthly average: asked)
            aggs = ["sum"] if not frame.per_unit else []
        if not aggs and asks_money and not ranking:
            names = [
                m.name
                for agg in HOW_MUCH_CHOICES
                if (m := model.measure_for(facts[0], agg)) is not None
            ]
            raise Stop(clarify_measure(language, names, known))
        agg = aggs[0] if aggs else "avg"
        measure = model.measure_for(facts[0], agg)
        if measure is None:
            fact_word = vocabulary(language).facts[facts[0]][0]
            raise Stop(
                refusal(language, "no_such_measure", agg=_agg_word(language, agg), fact=fact_word)
            )
        return MeasureChoice(measure.name, supers)
    if salary_condition and (frame.entity == "employee" or frame.listing):
        # "which employees earned more than 9000", "list the people paid less than 4000"
        return MeasureChoice("max_salary", supers)
    one_named = len(frame.values) == 1  # "the smallest team in Sales": not a department rank
    if frame.entity == "department" and supers and frame.size and not (frame.count or one_named):
        # "which department is the smallest": its size is its headcount ("smallest" is no
        # minimum of anything here); "the best department" names no measure and is asked
        return MeasureChoice("headcount", supers)
    if any(a != "sum" or not frame.subject for a in aggs) and not frame.count:
        # "what do we pay people on average": an average of what? ("total employees" counts)
        raise Stop(clarify_measure(language, list(MAIN_MEASURES), known))
    if _lists_departments(frame) and not (supers or aggs or frame.values or frame.count):
        # "list all departments", "quais são os departamentos?": each one, with its people
        return MeasureChoice("headcount", supers)
    people = frame.subject or frame.entity == "employee" or frame.persons
    if frame.count or people or (frame.pct and frame.populations):
        # "what percent of current staff …": a share of people
        return MeasureChoice("headcount", supers)
    raise Stop(clarify_measure(language, list(MAIN_MEASURES), known))


def _lists_departments(frame: Frame) -> bool:
    """A list of the departments themselves: "list all departments", "what departments do we
    have", "quais são os departamentos"."""
    grouped = "department" in frame.group_dims and frame.listing
    asked = frame.entity == "department" and frame.entity_plural
    return (grouped or asked) and not (frame.subject or frame.facts or frame.events)


def _names_people_only(frame: Frame) -> bool:
    """The question is about named people and nothing else (no department, no grouping, no
    population): how much one person earned is what they were paid, not an average."""
    named = bool(frame.persons or frame.name_parts)
    others = frame.group_dims or frame.values or frame.excluded or frame.populations
    return named and not others and frame.entity is None and not frame.subject


def _asks_pay_of_named(frame: Frame) -> bool:
    """A money verb with a named person, asking neither a count, a date, an attribute nor a
    list: "what did Maria Quinn make" (but not "make a list of …", "when did … make …")."""
    asks_other = frame.count or frame.when or frame.attributes or frame.listing or frame.events
    return _names_people_only(frame) and not asks_other
