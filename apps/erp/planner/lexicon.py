"""The planner's vocabulary: phrases of the semantic model plus the grammar words of questions.

A phrase maps to one or more tags; understand.py decides between them from the context (is
"level" a measure or a grouping?). Words that carry no meaning for an ERP question are FILLER;
any other word the planner does not know makes it refuse rather than guess.
"""

from dataclasses import dataclass
from functools import cache

from apps.erp.planner.text import tokenize
from apps.erp.semantic import SemanticModel, semantic_model

# (kind, value). Kinds: measure, fact, dim, value, grain, adverb_grain, population, subject,
# agg, super, compar, group, all, which, who, count, change, pct, list, first.
Tag = tuple[str, str]

AGGREGATIONS = {
    "average": "avg",
    "avg": "avg",
    "mean": "avg",
    "typical": "avg",
    "total": "sum",
    "sum": "sum",
    "combined": "sum",
    "minimum": "min",
    "min": "min",
    "maximum": "max",
    "max": "max",
    "median": "median",
}
SUPERLATIVES = {
    "highest": "desc",
    "most": "desc",
    "largest": "desc",
    "biggest": "desc",
    "greatest": "desc",
    "top": "desc",
    "best": "desc",
    "best paid": "desc",
    "longest": "desc",
    "lowest": "asc",
    "least": "asc",
    "fewest": "asc",
    "smallest": "asc",
    "bottom": "asc",
    "worst": "asc",
    "worst paid": "asc",
    "shortest": "asc",
}
COMPARATIVES = {
    "higher": "desc",
    "more": "desc",
    "greater": "desc",
    "larger": "desc",
    "bigger": "desc",
    "better paid": "desc",
    "longer": "desc",
    "lower": "asc",
    "less": "asc",
    "fewer": "asc",
    "smaller": "asc",
    "worse paid": "asc",
    "shorter": "asc",
}
GROUP_WORDS = [
    "each",
    "per",
    "by",
    "every",
    "across",
    "broken down by",
    "split by",
    "grouped by",
    "breakdown by",
    "break down by",
    "for each",
    "for every",
]
CHANGE_WORDS = {
    "increase": "up",
    "increases": "up",
    "increased": "up",
    "raise": "up",
    "raises": "up",
    "rise": "up",
    "rises": "up",
    "growth": "up",
    "grew": "up",
    "grow": "up",
    "gain": "up",
    "gains": "up",
    "decrease": "down",
    "decreases": "down",
    "decreased": "down",
    "drop": "down",
    "drops": "down",
    "decline": "down",
    "declined": "down",
    "fell": "down",
    "reduction": "down",
    "change": "any",
    "changes": "any",
    "changed": "any",
    "difference": "any",
    "delta": "any",
}
# Changes that are about pay by themselves: "the largest raise".
SALARY_CHANGE_WORDS = ["raise", "raises", "pay rise", "pay raise", "pay increase", "salary rise"]
# Phrases that sound answerable but are not in the data; the reason is told to the person.
UNSUPPORTED = {
    "annual salary": "salaries are stored as monthly payments, not annual salaries",
    "annual salaries": "salaries are stored as monthly payments, not annual salaries",
    "yearly salary": "salaries are stored as monthly payments, not annual salaries",
    "annual pay": "salaries are stored as monthly payments, not annual salaries",
    "level history": "the ERP keeps no history of levels or transfers",
    "promotions": "the ERP keeps no history of levels or transfers",
    "promoted": "the ERP keeps no history of levels or transfers",
    "transfers": "the ERP keeps no history of levels or transfers",
    "transferred": "the ERP keeps no history of levels or transfers",
}
COUNT_PHRASES = ["how many", "number of", "count of", "count", "total number of", "amount of"]
LIST_WORDS = ["list", "name", "names", "show", "display", "give", "tell"]


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


FILLER = _words(
    """
    a about across after all also am an and any anyone are as at be been being both but by
    can could currently data database did do does during each erp for from get got had has have
    having here how i in into is it its just kindly know let like look me my now of on or our
    out over please see should so some than that the their them then there these they this
    those to today up us want was we were what whats when which while who whom whose will with
    within would you your yours
    company companies organization organisation firm business employer corporation enterprise
    org overall whole entire altogether record records recorded value values figure figures
    find compute calculate return retrieve fetch report provide need wondering curious
    employed employ employing employs work works working worked
    month months year years time
    currently presently actually exactly roughly approximately still yet
    versus vs against compared compare comparison between among
    pay paid payments payment
    chart plot graph visualize visualise draw table make made makes take took
    everyone everybody anyone anybody develop developed evolve evolved go went
    spend spent cost costs
    first
    """
)

# First words that ask to change data; the ERP is read-only here.
DATA_WRITE_VERBS = _words(
    """
    delete remove drop truncate update insert alter erase purge wipe fire dismiss terminate
    rename modify edit set reset grant revoke promote demote transfer hire pay increase
    decrease raise cut change lower double halve
    """
)
# First words that create or change things; ERP writes when followed by an ERP object.
CREATE_VERBS = frozenset({"add", "create", "make", "move", "put", "register", "enter", "record"})
POLITE_OPENERS = _words(
    "please kindly can could would you i we want to need let us go ahead and just"
)


@dataclass(frozen=True)
class Lexicon:
    phrases: dict[tuple[str, ...], tuple[Tag, ...]]
    longest: int
    departments: tuple[str, ...]
    erp_words: frozenset[str]

    def match(self, tokens: list[str], i: int, used: set[int]) -> tuple[int, tuple[Tag, ...]]:
        """Longest phrase at i whose tokens are all free: (length, tags), or (0, ())."""
        for length in range(min(self.longest, len(tokens) - i), 0, -1):
            span = range(i, i + length)
            if any(k in used for k in span):
                continue
            tags = self.phrases.get(tuple(tokens[i : i + length]))
            if tags:
                return length, tags
        return 0, ()


def _add(phrases: dict[tuple[str, ...], list[Tag]], phrase: str, tag: Tag) -> None:
    key = tuple(tokenize(phrase))
    if key and tag not in phrases.setdefault(key, []):
        phrases[key].append(tag)


def build_lexicon(model: SemanticModel) -> Lexicon:
    phrases: dict[tuple[str, ...], list[Tag]] = {}
    for measure in model.measures:
        for synonym in measure.synonyms:
            _add(phrases, synonym, ("measure", measure.name))
    for fact in model.facts:
        for synonym in fact.synonyms:
            _add(phrases, synonym, ("fact", fact.name))
    departments = []
    for dimension in model.dimensions:
        if dimension.name == "employee":
            continue  # "who", "which employees": grammar, below
        for synonym in dimension.synonyms:
            _add(phrases, synonym, ("dim", dimension.name))
        for value in dimension.values:
            departments.append(value.value)
            for synonym in [value.value.lower(), *value.synonyms]:
                _add(phrases, synonym, ("value", value.value))
                for noun in ("department", "dept", "team", "division", "unit"):
                    _add(phrases, f"{synonym} {noun}", ("value", value.value))
    for grain in model.time_grains:
        for synonym in grain.synonyms:
            kind = "grain" if synonym in (grain.name, f"{grain.name}s") else "adverb_grain"
            _add(phrases, synonym, (kind, grain.name))
    for flt in model.filters:
        for synonym in flt.synonyms:
            _add(phrases, synonym, ("population", flt.name))
    for synonym in model.table("employee").synonyms:
        _add(phrases, synonym, ("subject", "employee"))
    for word in ("earner", "earners"):  # people, ranked by pay
        _add(phrases, word, ("subject", "employee"))
        _add(phrases, word, ("fact", "salary_amount"))
    for measure in model.measures:  # "how many employees": a count, however it is matched
        for synonym in measure.synonyms:
            if synonym.startswith(("how many", "number of", "count of")):
                _add(phrases, synonym, ("count", synonym))
    for word, agg in AGGREGATIONS.items():
        _add(phrases, word, ("agg", agg))
    for word, direction in SUPERLATIVES.items():
        _add(phrases, word, ("super", direction))
        _add(phrases, f"the {word}", ("super", direction))
    for word, direction in COMPARATIVES.items():
        _add(phrases, word, ("compar", direction))
    for word in ("longest", "shortest", "longer", "shorter"):
        for phrase in (word, f"the {word}"):
            _add(phrases, phrase, ("fact", "tenure_years"))  # only time at the company is long
    for word in GROUP_WORDS:
        _add(phrases, word, ("group", word))
    for word in ("in each", "at each", "of each", "within each", "in every", "for all"):
        _add(phrases, word, ("group", word))
    _add(phrases, "all", ("all", "all"))
    for word in ("which", "what"):
        _add(phrases, word, ("which", word))
    for word in ("who", "whom", "whose"):
        _add(phrases, word, ("who", word))
    for word in COUNT_PHRASES:
        _add(phrases, word, ("count", word))
    for word, direction in CHANGE_WORDS.items():
        _add(phrases, word, ("change", direction))
    for word in SALARY_CHANGE_WORDS:
        _add(phrases, word, ("change", "up"))
        _add(phrases, word, ("fact", "salary_amount"))
    for word in ("percentage", "percent", "relative", "pct", "proportional"):
        _add(phrases, word, ("pct", word))
    for word in LIST_WORDS:
        _add(phrases, word, ("list", word))
    _add(phrases, "how much", ("how_much", "how much"))
    for word, reason in UNSUPPORTED.items():
        _add(phrases, word, ("unsupported", reason))
    erp_kinds = {"measure", "fact", "dim", "value", "subject"}
    # Words that make a question about the ERP on their own ("salary", "staff", "Sales").
    erp_words = frozenset(
        key[0]
        for key, tags in phrases.items()
        if len(key) == 1 and any(t[0] in erp_kinds for t in tags)
    )
    return Lexicon(
        phrases={key: tuple(tags) for key, tags in phrases.items()},
        longest=max(len(key) for key in phrases),
        departments=tuple(departments),
        erp_words=erp_words,
    )


@cache
def lexicon() -> Lexicon:
    return build_lexicon(semantic_model())
