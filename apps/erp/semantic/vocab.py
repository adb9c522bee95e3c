"""The words of the semantic model, one file per language (vocabulary/<language>.toml).

A vocabulary names the model's parts as people do (synonyms of measures, facts, dimensions,
populations, events), carries the grammar words of questions (counting, grouping, comparing,
time) and the labels and messages answers are written with. The planner's code holds no word
of any language: a new synonym or a new language is a change here only.
"""

import tomllib
import unicodedata
from functools import cache
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, StringConstraints

from apps.erp.semantic.model import SemanticModel, SemanticModelError

VOCABULARY_DIR = Path(__file__).with_name("vocabulary")
DEFAULT_LANGUAGE = "en"


class _Section(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


Phrases = list[str]


class Grammar(_Section):
    # where money went, not a transfer, after a money measure and before a department: "what
    # share of payroll in 2025 went to Engineering" (planner/lexicon.py, _money_destination)
    money_to: Phrases = []
    count: Phrases
    how_much: Phrases
    which: Phrases
    who: Phrases
    when: Phrases
    list: Phrases
    group: Phrases
    all: Phrases
    negation: Phrases
    anaphora: Phrases
    in_total: Phrases
    per_unit: Phrases
    per_rate: Phrases  # "per month" after an average: one average, or each month's?
    per_head: Phrases  # "per head", "per employee": a ratio to people, not a breakdown
    nobody: Phrases  # "hired nobody": none of what is measured
    rank_verbs: Phrases  # "rank the levels by …", "departments sorted by …": group and sort
    also: Phrases
    latest: Phrases  # "the 5 most recent hires": people ranked by the date, newest first
    earliest: Phrases  # "the first 10 hires": oldest first
    compare: Phrases  # "compare A and B": the measure for each named member, side by side
    # A ratio of two measures (planner/ratios.py): its words ("ratio"), the word that may follow
    # them ("ratio of"), what joins the two measures after them ("hires to leavers"), and what
    # joins two counts as a ratio without them ("leavers per hire").
    ratio: Phrases = []
    ratio_openers: Phrases = []
    ratio_joiners: Phrases = []
    ratio_per: Phrases = []
    # Words of age that also mean time at the company ("the oldest employees", "os mais
    # antigos"): with no ages in the ERP they rank by hire date or tenure, and the answer says so.
    age_words: Phrases = []
    which_start: Phrases
    plural_words: Phrases
    money_verbs: Phrases
    # The money verbs in the present ("who earns more than 9k a month"): with no period, the
    # current pay (the most recent complete month) is meant.
    present_money_verbs: Phrases = []
    # Words that put a question in the past ("what was the average salary", "qual era"): with
    # no period, the current pay is not meant, and the period is asked.
    past_words: Phrases = []
    # Words that mean "is paid" only right before an amount or a superlative ("who makes more
    # than 8k", "people on over 9000", "who gets the most"), and are read then as the first
    # present money verb; elsewhere they keep their own meaning ("make a chart", "on 1 May").
    pay_before_amount: Phrases = []
    paid_before_amount: Phrases = []  # the same in the past ("who got more than 10k in May")
    size_words: Phrases
    # Names of departures that, ranking groups ("which department had the lowest turnover"),
    # mean the attrition RATE: departures alone would rank departments by their size.
    rate_nouns: Phrases = []
    # "the previous quarter" after another period: the one before that period (one word each)
    previous_words: Phrases = []


class Aggregations(_Section):
    avg: Phrases
    sum: Phrases
    min: Phrases
    max: Phrases
    median: Phrases
    distinct: Phrases


class Directions(_Section):
    super_desc: Phrases
    super_asc: Phrases
    compar_desc: Phrases
    compar_asc: Phrases


class Comparisons(_Section):
    gt: Phrases
    gte: Phrases
    lt: Phrases
    lte: Phrases
    gte_after: Phrases
    lte_after: Phrases
    between: Phrases
    range_and: Phrases
    equal: Phrases


class Changes(_Section):
    up: Phrases
    down: Phrases
    any: Phrases
    pay: Phrases


class Percent(_Section):
    words: Phrases


class Followups(_Section):
    what_about: Phrases
    same_for: Phrases
    only: Phrases
    instead: Phrases
    break_down: Phrases
    sort_asc: Phrases
    sort_desc: Phrases
    top: Phrases
    bottom: Phrases
    exclude: Phrases


class Charts(_Section):
    line: Phrases
    bar: Phrases
    pie: Phrases
    none: Phrases
    chart_words: Phrases


class Ambiguous(_Section):
    words: Phrases


class Time(BaseModel):
    """Time words: each key is a time term ("last", "unit:year", "month:3"…), its phrases;
    `sequences` are phrases that stand for several terms ("ano passado" → last, unit:year)."""

    model_config = ConfigDict(extra="allow", frozen=True)

    ambiguous: Ambiguous
    sequences: dict[str, list[str]] = {}

    def terms(self) -> dict[str, Phrases]:
        extra = self.model_extra or {}
        return {key: list(value) for key, value in extra.items()}


class Writes(_Section):
    verbs: Phrases
    create_verbs: Phrases
    objects: Phrases
    openers: Phrases
    noun_after: Phrases = []  # "change in …", "increase of …": a verb read as a noun
    give_asks: Phrases
    # What a create verb makes when it asks to read ("make a list of …", "create a chart of
    # headcount"): an answer, not a record
    read_outputs: Phrases = []
    # Verbs that only make an answer ("generate a chart of …", "monte uma tabela de …"),
    # read like create_verbs before one of read_outputs
    read_verbs: Phrases = []
    sql: Phrases


class Labels(_Section):
    measures: dict[str, str]
    columns: dict[str, str]
    dimensions: dict[str, str]
    dimension_plurals: dict[str, str]
    populations: dict[str, str]
    nouns: dict[str, str]
    months: list[str]
    month_abbr: list[str]
    words: dict[str, str]


class Framing(_Section):
    """Clauses that frame a question without being part of it (planner/framing.py)."""

    openers: Phrases  # a clause that starts with one is dropped whole: "sorry to bother you,"
    ends: Phrases  # where an opened clause ends without punctuation: "as the new X guy | I'd"
    tails: Phrases  # a reason after the question, dropped to the clause's end: "because …"
    own: Phrases  # words for the speaker's own group ("my"): the framing then tells it
    # words for where the speaker is ("here"): their own group only when the framing names
    # one ("I'm new in Sales, how many work here?"), else the company ("I'm the new intern")
    place: Phrases = []
    # who the speaker is ("board member", "intern"): a clause that opens with one of the
    # `speaker_leads` and names one ("as your HR partner", "I'm the new intern"), or names
    # one before a `speaker_trails` word ("board question:"), is framing too
    speakers: Phrases = []
    speaker_leads: Phrases = []
    speaker_trails: Phrases = []


class Vocabulary(_Section):
    language: Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}$")]
    name: str
    # A language answered in but read through another's words (Spanish through Portuguese):
    # its file gives only what answers are written with (ANSWER_SECTIONS).
    reads_as: str | None = None
    decimal_separator: Literal[".", ","]
    thousands_separator: Literal[".", ","]
    articles: Phrases
    courtesies: Phrases = []
    framing: Framing | None = None  # clauses about the speaker, greetings, apologies (framing.py)
    earlier: dict[
        str, Phrases
    ] = {}  # unit → "the year before": a step back in a follow-up  # dropped before matching, longest first: "hope you are well"
    stop_words: str
    abbreviations: dict[str, str]
    numbers: dict[str, int]
    thousands_words: Phrases = []  # "9 mil", "9 thousand": the number before times 1000
    grammar: Grammar
    aggregations: Aggregations
    directions: Directions
    comparisons: Comparisons
    changes: Changes
    percent: Percent
    followups: Followups
    charts: Charts
    time: Time
    measures: dict[str, Phrases]
    facts: dict[str, Phrases]
    dimensions: dict[str, Phrases]
    subjects: dict[str, Phrases]
    grains: dict[str, Phrases]
    grain_adverbs: dict[str, Phrases]
    populations: dict[str, Phrases]
    events: dict[str, Phrases]
    attributes: dict[str, Phrases]
    department_values: dict[str, Phrases]
    # The people of a department named by their role ("engineers", "vendedores"): a name of
    # the department (in department_values) that also names its people, as "employees" does.
    department_people: dict[str, Phrases] = {}
    unsupported: dict[str, str]
    writes: Writes
    labels: Labels
    messages: dict[str, str]

    @property
    def stop(self) -> frozenset[str]:
        return _folded_words(self.stop_words)

    def message(self, key: str, **values: object) -> str:
        return self.messages[key].format(**values)

    def label(self, section: str, key: str) -> str:
        return getattr(self.labels, section)[key]


def fold(text: str) -> str:
    """Lower case without accents: "Salário Médio" → "salario medio"."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


@cache
def _folded_words(text: str) -> frozenset[str]:
    return frozenset(fold(word) for word in text.split())


def _check(vocabulary: Vocabulary, model: SemanticModel) -> Vocabulary:
    """Every part of the model is named and labelled in this language, and nothing else is."""
    where = f"vocabulary {vocabulary.language}"
    expected = {
        "measures": {m.name for m in model.measures},
        "facts": {f.name for f in model.facts},
        "dimensions": {d.name for d in model.dimensions},
        "populations": {f.name for f in model.filters},
        "events": {t.name for t in model.time_dimensions},
        "grains": {g.name for g in model.time_grains},
        "grain_adverbs": {g.name for g in model.time_grains},
    }
    complete = {"measures", "dimensions", "populations", "events", "grains", "grain_adverbs"}
    for section, names in expected.items():
        given = set(getattr(vocabulary, section))
        wrong = given - names if section not in complete else given ^ names
        if wrong:
            raise SemanticModelError(
                f"{where}: [{section}] names {sorted(wrong)} differently from the model"
            )
    missing = {m.name for m in model.measures} - set(vocabulary.labels.measures)
    missing |= {d.name for d in model.dimensions} - set(vocabulary.labels.dimensions)
    if missing:
        raise SemanticModelError(f"{where}: no label for {sorted(missing)}")
    if len(vocabulary.labels.months) != 12 or len(vocabulary.labels.month_abbr) != 12:
        raise SemanticModelError(f"{where}: labels.months needs the twelve months")
    return vocabulary


# What a language read through another's words (`reads_as`) must give itself, whole: every
# key the language it reads as has, so that no answer is half in the other language.
ANSWER_SECTIONS = ("name", "decimal_separator", "thousands_separator", "labels", "messages")


def _read(path: Path) -> dict:
    with path.open("rb") as handle:
        return tomllib.load(handle)


def _answer_only(data: dict, directory: Path) -> dict:
    """An answer language's file over the reading sections of the language it reads as."""
    where = f"vocabulary {data.get('language')}"
    base = _read(directory / f"{data['reads_as']}.toml")
    if base.get("reads_as"):
        raise SemanticModelError(f"{where}: reads as {data['reads_as']}, itself read as another")
    for section in ANSWER_SECTIONS:
        missing = _missing_keys(base.get(section), data.get(section), section)
        if missing:
            raise SemanticModelError(f"{where}: lacks {sorted(missing)}")
    return {**base, **data}


def _missing_keys(base, own, where: str) -> set[str]:
    """The keys (dotted, nested) `base` has and `own` does not."""
    if not isinstance(base, dict):
        return set() if own is not None else {where}
    own = own if isinstance(own, dict) else {}
    missing: set[str] = set()
    for key, value in base.items():
        missing |= _missing_keys(value, own.get(key), f"{where}.{key}")
    return missing


def load_vocabulary(language: str, model: SemanticModel, directory: Path = VOCABULARY_DIR):
    data = _read(directory / f"{language}.toml")
    if data.get("reads_as"):
        data = _answer_only(data, directory)
    return _check(Vocabulary.model_validate(data), model)


@cache
def answer_languages() -> tuple[str, ...]:
    """The languages there is a vocabulary file for — answers are written in each: a new
    language is a new file."""
    return _files()


@cache
def languages() -> tuple[str, ...]:
    """The languages questions are read in (a language read through another's words is not
    one: its questions are put into that one's first, planner/spanish.py)."""
    return tuple(
        language
        for language in _files()
        if not _read(VOCABULARY_DIR / f"{language}.toml").get("reads_as")
    )


def _files() -> tuple[str, ...]:
    """The language of each vocabulary file, English first."""
    found = sorted(path.stem for path in VOCABULARY_DIR.glob("*.toml"))
    return tuple(sorted(found, key=lambda language: language != DEFAULT_LANGUAGE))


@cache
def vocabulary(language: str) -> Vocabulary:
    """The vocabulary of one language, loaded once per process."""
    from apps.erp.semantic import semantic_model

    if language not in answer_languages():
        raise SemanticModelError(f"no vocabulary for language {language!r}")
    vocab = load_vocabulary(language, semantic_model(), VOCABULARY_DIR)
    if vocab.language != language:
        raise SemanticModelError(f"{language}.toml says it is {vocab.language!r}")
    return vocab
