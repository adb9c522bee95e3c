"""Terms → a Frame: what a question mentions, sorted by role (measures, facts, groupings, the
entity asked about, filters, ordering, follow-up cues), before deciding what it asks.

The roles come from each term's meanings and its neighbours ("by department" groups, "which
department" asks for one, "Sales department" names one). Every term that means something must
find a role: the frame lists those that did not, and the planner refuses them by name rather
than answer a question it only partly read.
"""

from dataclasses import dataclass, field
from typing import Any

from apps.erp.planner.lexicon import Term
from apps.erp.planner.patterns import ranked_people
from apps.erp.semantic import semantic_model

# Kinds that carry meaning: a term with one of them must be used by the frame.
CONTENT = {
    "measure", "fact", "agg", "super", "compar", "value", "person", "population", "change",
    "pay_change", "pct", "count", "dim", "subject", "grain_adverb", "event",
    "number", "date", "name_part", "chart", "how_much",
}  # fmt: skip
GROUPABLE = {"department", "level", "employee", "tenure_band"}
# Time words that join others ("of", "and", "to"), fillers ("right now") and "há" ("there is"
# as often as "ago"): left over, they change nothing. Any other
# time word left over by the time expressions ("before" in "hire the year before last") means
# something the reading would lose, so the question is refused naming it (so is a comparison
# left over: see _lost).
TIME_CONNECTORS = {"of", "and", "to", "from", "until", "between", "now", "ago", "ago_before"}
OPEN_EDGES = {"since", "after", "before", "until"}


@dataclass(frozen=True)
class Frame:
    measures: tuple[str, ...] = ()
    facts: tuple[str, ...] = ()
    aggs: tuple[str, ...] = ()
    supers: tuple[str, ...] = ()
    compars: tuple[str, ...] = ()
    count: bool = False
    group_dims: tuple[str, ...] = ()
    entity: str | None = None
    entity_plural: bool = False
    bare_department: bool = False
    values: tuple[str, ...] = ()
    excluded: tuple[str, ...] = ()
    persons: tuple[str, ...] = ()
    name_parts: tuple[tuple[int, str], ...] = ()
    populations: tuple[str, ...] = ()
    change: str | None = None
    pct: bool = False
    listing: bool = False
    subject: bool = False
    how_much: bool = False
    when: bool = False
    events: tuple[tuple[str, int], ...] = ()
    attributes: tuple[str, ...] = ()
    chart: str | None = None
    cues: frozenset[str] = frozenset()
    anaphora: bool = False
    in_total: bool = False
    money_verb: bool = False
    # A money verb in the past ("earned", "was paid", "ganhou"): what was paid over a period
    past_pay: bool = False
    verb_sum: bool = False  # a pay verb that is also a total ("pagou", "we paid")
    size: bool = False
    per_unit: bool = False  # "a month", "per year" outside a comparison
    per_rate: bool = False  # "per month", not "each month"
    per_head: bool = False  # "payroll per head": a ratio to people, which the planner refuses
    asks_which: bool = False
    absent: bool = False  # "no hires", "hired nobody": groups where the measure is zero
    per_grain: bool = False  # "monthly", "per quarter": a grain said as a rate, not "by month"
    compare: bool = False  # "compare A and B": needs two members, periods or a grouping
    unsupported: tuple[str, ...] = ()
    unused: tuple[str, ...] = ()


@dataclass
class _Builder:
    """Collects one question's roles; `frame()` returns them as a frozen Frame."""

    terms: tuple[Term, ...]
    skip: frozenset[int]
    plural_words: frozenset[str]
    top_at: int
    stop_words: frozenset[str] = frozenset()
    out: dict = field(default_factory=dict)
    used: set[int] = field(default_factory=set)
    negations: list[int] = field(default_factory=list)

    def add(self, key: str, value) -> None:
        items = self.out.setdefault(key, [])
        if value not in items:
            items.append(value)

    def flag(self, key: str, value=True) -> None:
        self.out[key] = value

    def term(self, i: int) -> Term | None:
        if 0 <= i < len(self.terms) and i not in self.skip:
            return self.terms[i]
        return None

    def plural(self, term: Term, following: Term | None) -> bool:
        last = term.words.split()[-1]
        if last.endswith("s") or last in self.plural_words:
            return True
        return following is not None and following.words in self.plural_words

    def frame(self) -> Frame:
        lists = {key: tuple(value) for key, value in self.out.items() if isinstance(value, list)}
        lists["cues"] = frozenset(lists.get("cues", ()))  # type: ignore[assignment]
        flags = {key: value for key, value in self.out.items() if not isinstance(value, list)}
        unused = tuple(
            term.words
            for i, term in enumerate(self.terms)
            if i not in self.skip
            and i not in self.used
            and (term.kinds & CONTENT or i in self.negations or _lost(term, self.stop_words))
        )
        return Frame(**lists, **flags, unused=unused)


def _lost(term: Term, stop_words: frozenset[str]) -> bool:
    """A comparison with nothing to compare ("more than the average salary"), or a word that
    is only a time word and not one that merely joins others. A time word that is also a stop
    word means nothing alone (Portuguese "esta" is "this" before a unit, "está", "is",
    elsewhere; "may" a verb) — unless it opens a range ("após")."""
    kinds = term.kinds - {"latest", "earliest"}  # "last", "first": read by recency.py if at all
    if kinds == {"cmp"}:
        return True
    values = {str(value) for kind, value in term.tags if kind == "time"}
    lost = kinds == {"time"} and bool(values - TIME_CONNECTORS)
    return lost and (term.words not in stop_words or bool(values & OPEN_EDGES))


def _connector(term: Term) -> bool:
    """ "of", "do", "da": a word that joins a negation to the name it negates."""
    return term.kinds <= {"time"} and ("time", "of") in term.tags


def _is_and(term: Term | None) -> bool:
    return term is not None and (term.has("range_and") or term.value("time") == "and")


def _article_before_noun(term: Term, following: Term | None) -> bool:
    """Portuguese "a"/"as" (the article, which the lexicon also reads as "to") right before
    the noun a question asks about."""
    noun = following is not None and (following.has("dim") or following.has("subject"))
    return noun and term.words in ("a", "as") and not term.kinds & CONTENT


def build_frame(
    terms: tuple[Term, ...],
    *,
    skip: frozenset[int],
    plural_words: frozenset[str],
    top_at: int,
    has_bands: bool,
    stop_words: frozenset[str] = frozenset(),
) -> Frame:
    """The roles of the terms not already read as bands, levels, comparisons or time."""
    b = _Builder(terms, skip, plural_words, top_at, stop_words)
    pending_group = pending_which = pending_all = False
    pending_not: int | None = None  # the negation waiting for what it negates
    last_group = -10
    first = next((i for i in range(len(terms)) if i not in skip), 0)
    rank_targets = _rank_targets(b)
    for i, term in enumerate(terms):
        if i in skip:
            continue
        if i in rank_targets:
            if rank_targets[i] is not None:
                b.add("group_dims", rank_targets[i])  # "rank the levels by headcount"
            elif not {"sort_asc", "sort_desc"} & set(b.out.get("cues", [])):
                b.add("cues", "sort_desc")
            b.used.add(i)
            continue
        kinds = term.kinds
        previous, following = b.term(i - 1), b.term(i + 1)
        follows_group = pending_group or (last_group == i - 2 and _is_and(previous))
        dim = term.value("dim")
        # "all departments" lists each department; "all employees" is just everyone
        follows_group = follows_group or (pending_all and dim in ("department", "level"))
        pending_all = "all" in kinds and not kinds & CONTENT
        if pending_all:
            b.used.add(i)
            continue
        if "unsupported" in kinds:
            b.add("unsupported", term.value("unsupported"))
            b.used.add(i)
            continue
        breaks = term.value("followup") == "break_down"  # "break that down by"
        if ("group" in kinds or breaks) and not kinds & (CONTENT - {"dim"}):
            pending_group = True
            b.used.add(i)
            if "followup" in kinds:
                b.add("cues", term.value("followup"))
            continue
        which_start = "which_start" in kinds and (
            i == first or (previous and previous.value("time") == "of")
        )
        if ("which" in kinds or which_start) and not kinds & CONTENT:
            pending_which = True
            b.flag("asks_which")
            continue
        if pending_which and previous is not None and previous.has("which") and _is_and(term):
            # "qual é o departamento …": with accents set aside "é" (is) reads as "e" (and),
            # and a question word is never followed by "and": it is the verb, and asks on
            b.used.add(i)
            continue
        if pending_which and _article_before_noun(term, following):
            # "qual é a equipe com menos …": the article "a" also reads as "to" ("de 2024 a
            # 2025"), but between the question and the noun it asks about it is the article
            b.used.add(i)
            continue
        if term.value("number_word") == 0 and not kinds & CONTENT:
            # "departments with zero hires" asks what "no hires" asks; a zero before anything
            # else is left unread (refused), never dropped
            if following is not None and following.kinds & {"measure", "event", "subject"}:
                b.flag("absent")
                b.used.add(i)
            else:
                b.negations.append(i)
            continue
        negation = "negation" in kinds or term.value("followup") == "exclude"  # "leave out"
        if negation and not kinds & CONTENT:
            pending_not = i  # used once it negates a name or a population, else refused
            b.negations.append(i)
            continue
        if pending_not is not None and _connector(term):
            continue  # "outside of Engineering"
        # "the 5 employees", "top 3 departments": what is ranked — the first noun only ("2
        # departments with the fewest people" ranks departments by their people)
        after_top = 0 < i - top_at <= 3 and "entity" not in b.out
        if after_top and (dim is not None or "subject" in kinds):
            pending_which = True  # "the 5 employees", "top 3 departments": what is ranked
        elif (
            i - top_at == 1
            and "entity" not in b.out
            and ranked_people(term, following, b.term(i + 2))
        ):
            # "the 10 highest paid", "os 5 maiores salários": people, ranked by what it says
            b.flag("entity", "employee")
            b.flag("entity_plural", True)
        # "engineers": the department and its people (counted as "employees" would be, the
        # name read as a department below); "what is the headcount", "by headcount": the measure
        if "subject" in kinds and "value" in kinds:
            b.flag("subject")
            asked = pending_which and previous is not None and previous.end == term.start
            if "entity" not in b.out and (asked or _ranks_people(b, i)):
                # "which engineers earned …", "the engineer with the highest salary": the
                # department's people named one by one, as "which employees in it" would be
                # ("what do engineers earn" asks no list: the role is not right after "what")
                b.flag("entity", "employee")
                b.flag("entity_plural", b.plural(term, following))
                pending_which = False
        elif "subject" in kinds:
            b.used.add(i)
            if "measure" not in kinds:
                b.flag("subject")
                # "the lowest paid employees", "top earners": people ranked by their pay
                pending_which = pending_which or (
                    "entity" not in b.out
                    and previous is not None
                    and previous.has("super")
                    and (previous.has("fact") or "fact" in kinds)
                )
                if follows_group or pending_which or "who" in kinds:
                    dim = "employee"
        if dim in GROUPABLE and (follows_group or pending_which):
            if follows_group and not (dim == "tenure_band" and has_bands):
                b.add("group_dims", dim)
                last_group = i
            elif pending_which:
                b.flag("entity", dim)
                b.flag("entity_plural", b.plural(term, following))
            if "fact" in kinds and dim == "employee":
                b.add("facts", term.value("fact"))  # "earners": people, by their pay
            b.used.add(i)
            pending_group = pending_which = False
            continue
        if "grain" in kinds and (follows_group or pending_which):
            if pending_which and not follows_group:
                b.flag("entity", term.value("grain"))
            else:
                b.add("group_dims", term.value("grain"))
            last_group = i
            b.used.add(i)
            pending_group = pending_which = False
            continue
        # "which Sales people", "which current staff": a name or population before people
        people_next = (  # right after "which" ("what did Sales people earn" asks no list)
            previous is not None
            and previous.end == term.start
            and following is not None
            and (following.has("subject") or following.value("dim") == "employee")
        )
        pending_which = pending_which and bool(kinds & {"value", "population"}) and people_next
        pending_group = False
        # "the smallest department", "the department with the lowest payroll": ranked
        ranked = previous is not None and previous.has("super") and not previous.has("measure")
        if dim == "department" and (ranked or i == first and _ranked_after(b, i)):
            if ranked and previous.has("agg"):
                b.out["aggs"].remove(previous.value("agg"))  # a rank, not a minimum
            b.flag("entity", "department")
            b.used.add(i)
            continue
        if dim == "employee" and "subject" in kinds and _ranks_people(b, i):
            # "the employee with the highest salary", "employees with the longest tenure":
            # the people ranked by it, as "the department with the lowest payroll" is
            b.flag("entity", "employee")
            b.flag("entity_plural", b.plural(term, following))
            continue
        _roles(b, i, term, pending_not is not None, has_bands)
        if pending_not is not None and kinds & {"value", "population"}:
            b.used.add(pending_not)
        elif pending_not is not None and kinds & {"measure", "event", "subject"}:
            b.flag("absent")  # "no hires", "not one leaver": none of what is measured
            b.used.add(pending_not)
        # "excluding HR and Finance": the negation runs over the list of names
        if not ("value" in kinds or _is_and(term)) or "population" in kinds:
            pending_not = None
    return b.frame()


def _conjoined(b: _Builder, i: int) -> bool:
    """The measure at i is joined to another by "and", "vs", "e" ("headcount and hires", "hires
    vs headcount"): named as a measure of its own, not as the people another one counts."""
    for side in (i - 1, i + 1):
        near, beyond = b.term(side), b.term(2 * side - i)
        if near is None or beyond is None or not beyond.has("measure"):
            continue
        if near.has("range_and") or ("time", "and") in near.tags:
            return True
    return False


def _roles(b: _Builder, i: int, term: Term, negated: bool, has_bands: bool) -> None:
    """Everything a term can say besides grouping and asking "which"."""
    kinds = term.kinds
    used = False
    if "grain_adverb" in kinds:
        b.add("group_dims", term.value("grain_adverb"))
        b.flag("per_grain")
        used = True
    elif "measure" in kinds:
        b.add("measures", term.value("measure"))
        if _conjoined(b, i):
            b.add("cues", f"joined:{term.value('measure')}")  # "headcount and hires"
        if "rate_nouns" in kinds:
            b.add("cues", "rate_noun")  # "turnover": a rate when groups are ranked by it
        used = True
    elif has_bands and (term.value("dim") == "tenure_band" or term.value("fact") == "tenure_years"):
        used = True  # "with less than 1 year of tenure": the bands are the grouping
    elif "fact" in kinds and term.value("dim") == "level" and b.plural(term, None) and _opens(b, i):
        b.add("group_dims", "level")  # "levels with an average salary above …": the groups
        used = True
    elif "fact" in kinds:
        b.add("facts", term.value("fact"))
        used = True
    elif "value" in kinds:
        b.add("excluded" if negated else "values", term.value("value"))
        used = True
        _department_noun(b, i)
    elif "person" in kinds:
        b.add("persons", term.value("person"))
        used = True
    elif "name_part" in kinds:
        b.add("name_parts", (i, term.value("name_part")))
        used = True
    elif term.value("dim") in ("department", "level") and b.plural(term, None):
        if not _next_to_value(b, i):
            b.add("group_dims", term.value("dim"))  # "departments with more than 50 people"
        used = True
    elif term.value("dim") == "department":
        if not _next_to_value(b, i):
            b.flag("bare_department")
        used = True
    elif term.value("dim") is not None:
        used = True  # "level", "employee" as plain nouns: what the measure is about
    for kind, key in (("agg", "aggs"), ("super", "supers"), ("compar", "compars")):
        if kind in kinds:
            b.add(key, term.value(kind))
            used = True
    if "money_verbs" in kinds and term.value("agg") == "sum":
        b.flag("verb_sum")
    if "money_verbs" in kinds and "present_money_verbs" not in kinds:
        b.flag("past_pay")
    if "population" in kinds:
        population = term.value("population")
        b.add("populations", "former" if negated and population == "active" else population)
        used = True
    if "change" in kinds or "pay_change" in kinds:
        b.flag("change", term.value("change") or "up")
        if "pay_change" in kinds:
            b.add("facts", "salary_amount")
        used = True
    if "how_much" in kinds and _counts_people(b, term):
        # "how much people is working here": how many, said by a learner of English
        kinds = (kinds - {"how_much"}) | {"count"}
    for kind, key in (
        ("count", "count"),
        ("pct", "pct"),
        ("list", "listing"),
        ("how_much", "how_much"),
        ("when", "when"),
        ("anaphora", "anaphora"),
        ("in_total", "in_total"),
        ("money_verbs", "money_verb"),
        ("size_words", "size"),
        ("per_unit", "per_unit"),
        ("per_rate", "per_rate"),
        ("per_head", "per_head"),
        ("nobody", "absent"),
        ("compare", "compare"),
    ):
        if kind in kinds:
            b.flag(key)
            used = used or kind in ("count", "pct", "how_much", "nobody", "compare")
    if "event" in kinds:
        b.add("events", (term.value("event"), i))
        used = True
    if "attribute" in kinds:
        b.add("attributes", term.value("attribute"))
    if "chart" in kinds:
        chart = term.value("chart")
        if chart != "chart_words":
            b.flag("chart", chart)
        used = True
    if "followup" in kinds:
        b.add("cues", term.value("followup"))
    if kinds & {"latest", "earliest"} and not kinds & {"followup", "super"}:
        b.add("cues", "recency")  # "most recent" not read by recency.py: checked by the caller
    if "also" in kinds:
        b.add("cues", "also")
    if "who" in kinds:
        previous = b.term(i - 1)
        # "employees who …", "the level of people who …", "a média salarial de quem …": a
        # clause about the people measured ("de quem é o maior salário?" opens: it asks who)
        relative = previous is not None and (
            previous.has("subject")
            or _connector(previous)
            or (("time", "of") in previous.tags and not _opens(b, i - 1))
        )
        if not relative:
            # "who are" asks for several people, "who is" for one: the verb says it.
            following = b.term(i + 1)
            words = {term.words.split()[-1], following.words if following else ""}
            b.flag("entity", "employee")
            b.flag("entity_plural", bool(words & b.plural_words))
    if used:
        b.used.add(i)


def _counts_people(b: _Builder, term: Term) -> bool:
    """A noun of people ("people", "employees") right after "how much", and no word of pay or
    measure anywhere ("how much do people in HR make", "how much people earn" ask for pay):
    people are counted."""
    following = next((t for t in b.terms if t.start == term.end), None)
    if following is None or following.value("subject") != "employee":
        return False
    pay = {"money_verbs", "fact", "measure", "agg"}
    return not any(t.kinds & pay for t in b.terms if t is not following)


def _opens(b: _Builder, i: int) -> bool:
    """Nothing that means something comes before this term."""
    return not any((t := b.term(k)) is not None and t.kinds & CONTENT for k in range(i))


def _rank_targets(b: _Builder) -> dict[int, str | None]:
    """ "Rank the levels by …", "departments sorted by …": a ranking verb next to a plural
    department or level groups by it and sorts (index → the dimension, or None for the verb)."""
    found: dict[int, str | None] = {}
    for i, term in enumerate(b.terms):
        if b.term(i) is None or "rank_verbs" not in term.kinds:
            continue
        for k in (i + 1, i - 1):
            near = b.term(k)
            dim = near.value("dim") if near is not None else None
            if dim in ("department", "level") and b.plural(near, None) and k not in found:
                found[i], found[k] = None, dim
                break
    return found


def _ranked_after(b: _Builder, i: int) -> bool:
    """A superlative soon after the noun, or an extreme measure ("the department with the top
    salary"): the question asks which one ranks first."""
    later = [b.term(k) for k in range(i + 1, i + 5)]
    return not _next_to_value(b, i) and any(
        t is not None and (t.has("super") or _extreme_measure(t)) for t in later
    )


def _ranks_people(b: _Builder, i: int) -> bool:
    """People opening the question with a superlative soon after them, and no grouping that
    the superlative would rank instead ("employees with the highest salary by department")."""
    if "entity" in b.out or not _opens(b, i) or not _ranked_after(b, i):
        return False
    return not any(
        (t := b.term(k)) is not None and t.kinds & {"group", "grain_adverb"}
        for k in range(i + 1, len(b.terms))
    )


def _extreme_measure(term: Term) -> bool:
    name = term.value("measure")
    return name is not None and semantic_model().measure(name).aggregation in ("min", "max")


def _next_to_value(b: _Builder, i: int) -> bool:
    """ "Sales department", "department of Sales": the noun belongs to the name."""
    for k in (i - 1, i + 1, i + 2):
        term = b.term(k)
        if term is not None and term.has("value"):
            return True
    return False


def _department_noun(b: _Builder, i: int) -> None:
    for k in (i - 1, i + 1):
        term = b.term(k)
        if term is not None and term.value("dim") == "department" and not term.has("value"):
            b.used.add(k)


def known_of(frame: Frame, measure: str | None = None) -> dict[str, Any]:
    known: dict[str, Any] = {}
    if measure:
        known["measure"] = measure
    if frame.values:
        known["departments"] = list(frame.values)
    if frame.group_dims:
        known["group_by"] = list(frame.group_dims)
    return known
