"""Tokens → terms: the longest phrase of the vocabulary (or of the tenant's entities) at each
place, with the meanings it can have. Also: the question's language, abbreviations, and
single-letter typos in longer words.

A term is (kind, value) over a span of tokens; a phrase may carry several meanings ("level" is
a dimension and a fact) and interpret.py chooses from the context. Tokens that match nothing
and are not stop words are `unknown`: the planner refuses them by name.
"""

from dataclasses import dataclass
from functools import cache

from apps.erp.entities import Entities
from apps.erp.planner.spelling import (
    FUNCTION_WORD,
    correction,
    one_edit_apart,
    short_correction,
)
from apps.erp.planner.text import Token, number_value, tokenize
from apps.erp.semantic import Vocabulary, answer_languages, languages, semantic_model, vocabulary
from apps.erp.semantic.vocab import fold

Tag = tuple[str, object]
MAX_PHRASE = 9


@dataclass(frozen=True)
class Term:
    """A phrase of the question and its possible meanings."""

    start: int
    end: int
    tags: tuple[Tag, ...]
    words: str

    def value(self, kind: str):
        return next((v for k, v in self.tags if k == kind), None)

    def has(self, kind: str) -> bool:
        return any(k == kind for k, _ in self.tags)

    @property
    def kinds(self) -> frozenset[str]:
        return frozenset(k for k, _ in self.tags)


@dataclass(frozen=True)
class Lexed:
    language: str
    tokens: tuple[Token, ...]
    terms: tuple[Term, ...]
    unknown: tuple[str, ...]
    corrected: tuple[tuple[str, str], ...] = ()


def _phrase_key(vocab: Vocabulary, phrase: str) -> tuple[str, ...]:
    tokens = tokenize(phrase, decimal=vocab.decimal_separator, thousands=vocab.thousands_separator)
    articles = set(vocab.articles)
    return tuple(t.text for t in tokens if t.text not in articles)


# Grammar words read by the module that needs them from the tokens, never tagged: "ratio" read
# alone stays unknown (refused), and "to", "of", "per" keep their own meanings.
UNLEXED = frozenset(
    {"plural_words", "ratio", "ratio_openers", "ratio_joiners", "ratio_per", "past_words"}
)


def _sections(vocab: Vocabulary) -> list[tuple[str, object, list[str]]]:
    """(kind, value, phrases) for every vocabulary entry."""
    entries: list[tuple[str, object, list[str]]] = []
    for section, kind in (
        (vocab.grammar, None),
        (vocab.followups, "followup"),
        (vocab.charts, "chart"),
    ):
        for name, phrases in section.model_dump().items():
            if name not in UNLEXED:  # read by frame.py or ratios.py, not meanings of their own
                entries.append((kind or name, name, phrases))
    for name, phrases in vocab.aggregations.model_dump().items():
        entries.append(("agg", name, phrases))
    for name, phrases in vocab.directions.model_dump().items():
        kind, direction = name.split("_")
        entries.append((kind, direction, phrases))
    for name, phrases in vocab.comparisons.model_dump().items():
        if name.endswith("_after"):
            entries.append(("cmp_after", name.removesuffix("_after"), phrases))
        elif name in ("between", "range_and"):
            entries.append((name, name, phrases))
        else:
            entries.append(("cmp", name, phrases))
    for name, phrases in vocab.changes.model_dump().items():
        entries.append(("pay_change" if name == "pay" else "change", name, phrases))
    entries.append(("pct", "pct", vocab.percent.words))
    for term, phrases in vocab.time.terms().items():
        entries.append(("time", term, phrases))
    for kind, section in (
        ("measure", vocab.measures),
        ("fact", vocab.facts),
        ("dim", vocab.dimensions),
        ("subject", vocab.subjects),
        ("grain", vocab.grains),
        ("grain_adverb", vocab.grain_adverbs),
        ("population", vocab.populations),
        ("event", vocab.events),
        ("attribute", vocab.attributes),
    ):
        for name, phrases in section.items():
            entries.append((kind, name, phrases))
    for phrase, reason in vocab.unsupported.items():
        entries.append(("unsupported", reason, [phrase]))
    return entries


@dataclass(frozen=True)
class _Index:
    phrases: dict[tuple[str, ...], tuple[Tag, ...]]
    words: frozenset[str]  # every word of the language the index knows (for typos, detection)


def _add(phrases: dict, key: tuple[str, ...], tag: Tag) -> None:
    if key and tag not in phrases.setdefault(key, []):
        phrases[key].append(tag)


@cache
def language_index(language: str) -> _Index:
    vocab = vocabulary(language)
    phrases: dict[tuple[str, ...], list[Tag]] = {}
    for kind, value, texts in _sections(vocab):
        for text in texts:
            _add(phrases, _phrase_key(vocab, text), (kind, value))
    for phrase, terms in vocab.time.sequences.items():
        _add(phrases, _phrase_key(vocab, phrase), ("time_seq", tuple(terms)))
    for word, number in vocab.numbers.items():
        _add(phrases, (fold(word),), ("number_word", number))
    # "how many employees" names the headcount and also asks to count.
    counts = [_phrase_key(vocab, text) for text in vocab.grammar.count]
    for key, tags in phrases.items():
        if any(k == "measure" for k, _ in tags) and any(
            key[: len(c)] == c and len(key) > len(c) for c in counts
        ):
            _add(phrases, key, ("count", "count"))
    # "years of service", "anos de empresa": a tenure that also counts the years before it.
    units = {
        key[0]: tag
        for key, tags in phrases.items()
        for tag in tags
        if len(key) == 1 and tag[0] == "time" and str(tag[1]) in ("unit:year", "unit:month")
    }
    for key, tags in phrases.items():
        tenure = any(t in (("fact", "tenure_years"), ("dim", "tenure_band")) for t in tags)
        if tenure and len(key) > 1 and key[0] in units:
            _add(phrases, key, units[key[0]])
    words = {word for key in phrases for word in key} | vocab.stop | set(vocab.articles)
    words |= set(vocab.abbreviations)
    return _Index({key: tuple(tags) for key, tags in phrases.items()}, frozenset(words))


_ENTITY_INDEXES: dict[tuple[str, str], _Index] = {}
MAX_ENTITY_INDEXES = 64


def entity_index(language: str, entities: Entities) -> _Index:
    """Phrases for the tenant's departments (names, codes, the vocabulary's synonyms of a name)
    and employees (full names and their parts); built once per version of the entities."""
    key = (language, entities.version)
    index = _ENTITY_INDEXES.get(key)
    if index is None:
        if len(_ENTITY_INDEXES) >= MAX_ENTITY_INDEXES:
            _ENTITY_INDEXES.clear()
        index = _ENTITY_INDEXES[key] = _entity_index(language, entities)
    return index


def _entity_index(language: str, entities: Entities) -> _Index:
    vocab = vocabulary(language)
    phrases: dict[tuple[str, ...], list[Tag]] = {}
    synonyms = {fold(name): texts for name, texts in vocab.department_values.items()}
    roles = {fold(name): texts for name, texts in vocab.department_people.items()}
    base = language_index(language).words
    for department in entities.departments:
        texts = [department.name, *synonyms.get(fold(department.name), [])]
        for text in texts:
            _add(phrases, _phrase_key(vocab, text), ("value", department.name))
        for text in roles.get(fold(department.name), []):
            # "engineers by level": Engineering's people, counted as "employees" would be
            key = _phrase_key(vocab, text)
            _add(phrases, key, ("value", department.name))
            _add(phrases, key, ("subject", "employee"))
        code = fold(department.code)
        if code:
            # A code that is also a word of the language counts only when typed in capitals.
            tag = ("code", department.name) if code in base else ("value", department.name)
            _add(phrases, (code,), tag)
    for person in entities.people:
        key = _phrase_key(vocab, person.name)
        if len(key) > 1:
            _add(phrases, key, ("person", person.name))
        for part in key:
            if part not in base and len(part) > 1:
                _add(phrases, (part,), ("name_part", part))
    words = frozenset(word for key in phrases for word in key)
    return _Index({key: tuple(tags) for key, tags in phrases.items()}, words)


def detect_language(tokens: list[Token], hint: str | None = None) -> str:
    """The language whose words the question uses most (ties: the hint, then English). A hint
    of a language read through another's words (Spanish) stands for that one: the question
    read with its words is answered in the hint's."""
    through = vocabulary(hint).reads_as if hint in answer_languages() else None
    scores = {}
    for language in languages():
        words = language_index(language).words
        scores[language] = sum(1 for t in tokens if t.text in words and not t.is_number)
    best = max(scores.values())
    leaders = [language for language, score in scores.items() if score == best]
    if hint in leaders or (through is not None and through in leaders):
        return hint
    return leaders[0]


def _expand(vocab: Vocabulary, tokens: list[Token]) -> list[Token]:
    """Abbreviations replaced by their words; articles dropped."""
    articles = set(vocab.articles)
    out: list[Token] = []
    for token in tokens:
        replacement = vocab.abbreviations.get(token.text)
        if replacement is not None:
            out.extend(Token(word, token.surface) for word in replacement.split())
        elif token.text not in articles:
            out.append(token)
    return out


def _in_thousands(vocab: Vocabulary, tokens: list[Token]) -> list[Token]:
    """A number and a word of thousands after it ("9 mil", "9 thousand") → one number, 9000,
    as "9k" is read."""
    words = set(vocab.thousands_words)
    out: list[Token] = []
    for token in tokens:
        value = number_value(out[-1].text) if out and token.text in words else None
        if value is None:
            out.append(token)
            continue
        value *= 1000
        text = str(int(value)) if value == int(value) else str(value)
        out[-1] = Token(text, f"{out[-1].surface} {token.surface}")
    return out


def _without_courtesies(vocab: Vocabulary, tokens: list[Token]) -> list[Token]:
    """The question without its courtesies ("hope you're well", "that'd be great"), each
    dropped only as a whole phrase, the longest one first where two start at one word."""
    phrases = sorted({_phrase_key(vocab, p) for p in vocab.courtesies}, key=len, reverse=True)
    texts = [t.text for t in tokens]
    out: list[Token] = []
    i = 0
    while i < len(tokens):
        found = next((len(p) for p in phrases if p and tuple(texts[i : i + len(p)]) == p), 0)
        if not found:
            out.append(tokens[i])
        i += found or 1
    return out


def lex(question: str, entities: Entities, *, language: str | None = None) -> Lexed:
    """Read a question into terms, in the language it is written in."""
    first = tokenize(question)
    language = detect_language(first, language)
    vocab = vocabulary(language)
    tokens = _expand(
        vocab,
        tokenize(question, decimal=vocab.decimal_separator, thousands=vocab.thousands_separator),
    )
    tokens = _without_courtesies(vocab, _in_thousands(vocab, tokens))
    base, names = language_index(language), entity_index(language, entities)
    known = base.words | names.words
    absent = absent_department_words(vocab, entities) - known
    corrected = []
    for i, token in enumerate(tokens):
        if token.text not in known and not token.is_number and token.text not in absent:
            neighbours = {t.text for t in tokens[max(0, i - 1) : i + 2]} - {token.text}
            fixed = correction(token.text, known, _meaning_here(vocab, (base, names), neighbours))
            if fixed is None and _next_to_time_word(base, _unit_side(tokens, i) | neighbours):
                fixed = short_correction(token.text, known, lambda w: _time_word(base, w))
            if fixed is not None:
                corrected.append((token.text, fixed))
                tokens[i] = Token(fixed, token.surface)
    corrected += _name_typos(tokens, entities, known)
    terms, unknown = _match(tokens, base, names, vocab)
    if unknown:
        mixed = _mixed(tokens, unknown, language, entities, tuple(corrected))
        if mixed is not None:
            return mixed
    terms = _money_destination(_pay_before_amount(vocab, base, terms))
    return Lexed(language, tuple(tokens), tuple(terms), tuple(unknown), tuple(corrected))


def absent_department_words(vocab: Vocabulary, entities: Entities) -> frozenset[str]:
    """The words of the vocabulary's departments that the tenant does not have ("legal",
    "design"): they name a department, so the spelling reader never turns them into another
    word ("design" is no slip of "resign"); the question is refused naming the word."""
    held = {fold(department.name) for department in entities.departments}
    return frozenset(
        word
        for name, texts in vocab.department_values.items()
        if fold(name) not in held
        for text in (name, *texts)
        for word in _phrase_key(vocab, text)
        if len(word) > 1
    )


def _mixed(tokens, unknown, language: str, entities: Entities, corrected) -> Lexed | None:
    """A question in two languages ("which salespeople earn more than 8 mil por mês",
    "quantos employees em sales"): when every word the question's language does not know is a
    word of another language, the question is read with both vocabularies (its own first) and
    answered in its own language. None when some word is unknown to both."""
    vocab = vocabulary(language)
    for other in languages():
        if other == language:
            continue
        second = vocabulary(other)
        known = language_index(other).words | entity_index(other, entities).words
        grammar = second.stop | set(second.articles) | set(second.thousands_words)
        tokens, fixes = _other_typos(tokens, set(unknown), known | grammar, other)
        if not all(fold(word) in known | grammar for word in unknown if word not in fixes):
            continue
        corrected = (*corrected, *fixes.items())
        spoken = set(second.articles) - language_index(language).words
        # a word of the other language taken for a typo of this one's ("média" → "median")
        # is that word again
        own = [Token(fold(t.surface), t.surface) if fold(t.surface) in known else t for t in tokens]
        both = [t for t in _in_thousands(second, _expand(second, own)) if t.text not in spoken]
        corrected = tuple((a, b) for a, b in corrected if fold(a) not in known)
        base = _merged(language_index(language), language_index(other))
        names = _merged(entity_index(language, entities), entity_index(other, entities))
        terms, left = _match(both, base, names, vocab, stop=vocab.stop | second.stop)
        if left:
            return None
        terms = _money_destination(_pay_before_amount(vocab, base, terms))
        return Lexed(language, tuple(both), tuple(terms), (), corrected)
    return None


def _other_typos(tokens, unknown: set[str], known: frozenset[str], other: str):
    """Slips of time words in the other language's part of a mixed question ("… no lst year vs
    o ano anterior": "lst" is English "last" beside English "year"; "last yaer"), read by that
    language's spelling rules, only when certain (spelling.py); (tokens, {typo: word})."""
    index = language_index(other)
    fixed_tokens, fixes = list(tokens), {}
    for i, token in enumerate(tokens):
        if token.text not in unknown or token.text in known or token.is_number:
            continue
        neighbours = {t.text for t in tokens[max(0, i - 1) : i + 2]} - {token.text}
        # only a slip of a word of time beside another of that language's: a longer word
        # of neither language is not read as the other's (it may be this one's, mistyped)
        fixed = None
        if _next_to_time_word(index, neighbours):
            fixed = short_correction(token.text, known, lambda w: _time_word(index, w))
        if fixed is not None:
            fixes[token.text] = fixed
            fixed_tokens[i] = Token(fixed, token.surface)
    return fixed_tokens, fixes


def _merged(first: _Index, second: _Index) -> _Index:
    """Two indexes as one: a phrase's meanings in the first, then those only the second has."""
    phrases = dict(second.phrases)
    for key, tags in first.phrases.items():
        phrases[key] = tags + tuple(t for t in second.phrases.get(key, ()) if t not in tags)
    return _Index(phrases, first.words | second.words)


def _amount_next(after: list[Term]) -> bool:
    """An amount compared ("more than 8k", "between 5 and 7 mil"), or a superlative that ranks
    nothing else ("who gets the most", not "which department gets the most hires")."""
    if not after:
        return False
    if after[0].kinds & {"cmp", "between"}:
        return True
    ranked = after[1].kinds if len(after) > 1 else frozenset()
    return "super" in after[0].kinds and not ranked & {"measure", "event", "subject", "dim"}


def _pay_before_amount(vocab: Vocabulary, base: _Index, terms: list[Term]) -> list[Term]:
    """ "who makes more than 8k", "people on over 9000", "who gets the most": a word of
    grammar.pay_before_amount right before a comparison or a superlative means what the first
    present money verb ("earn") means, one of grammar.paid_before_amount ("who got more than
    10k last month") what the first past one ("earned") means; anywhere else it keeps its other
    meanings, or none."""
    grammar = vocab.grammar
    past = [v for v in grammar.money_verbs if v not in grammar.present_money_verbs]
    means = {
        kind: base.phrases.get(_phrase_key(vocab, verbs[0]), ()) if verbs else ()
        for kind, verbs in (
            ("pay_before_amount", grammar.present_money_verbs),
            ("paid_before_amount", past),
        )
    }
    kept: list[Term] = []
    for i, term in enumerate(terms):
        kind = next((k for k in means if term.has(k)), None)
        if kind is None:
            kept.append(term)
            continue
        if means[kind] and _amount_next(terms[i + 1 : i + 3]):
            kept.append(Term(term.start, term.end, tuple(means[kind]), term.words))
            continue
        own = tuple(tag for tag in term.tags if tag[0] not in means)
        if own:
            kept.append(Term(term.start, term.end, own, term.words))
    return kept


def _pays(term: Term) -> bool:
    """A measure or fact of pay: "payroll", "salary costs", "pay"."""
    measure = term.value("measure")
    if measure is not None:
        return semantic_model().measure(measure).fact == "salary_amount"
    return term.value("fact") == "salary_amount"


def _money_destination(terms: list[Term]) -> list[Term]:
    """ "went to" (grammar.money_to) says where money went when pay is named before it and a
    department right after ("what share of payroll in 2025 went to Engineering"); anywhere
    else it keeps its other meanings ("who went to Sales": a transfer the ERP does not keep)."""
    kept: list[Term] = []
    for i, term in enumerate(terms):
        if not term.has("money_to"):
            kept.append(term)
            continue
        after = terms[i + 1] if i + 1 < len(terms) else None
        destination = after is not None and after.has("value") and any(map(_pays, terms[:i]))
        tags = (("money_to", "money_to"),) if destination else term.tags
        own = tuple(tag for tag in tags if destination or tag[0] != "money_to")
        if own:
            kept.append(Term(term.start, term.end, own, term.words))
    return kept


def _time_word(index: _Index, word: str) -> bool:
    """A word of a relative period: which one ("last", "this", "passado") or its unit ("year",
    "ano"); not the words that only join a time phrase ("of", "to", "and")."""
    return any(
        kind == "time" and isinstance(value, str) and value.partition(":")[0] in RELATIVE_TIME
        for kind, value in index.phrases.get((word,), ())
    )


# The time tags of a relative period's words: "last year", "this month", "next quarter".
RELATIVE_TIME = frozenset({"unit", "this", "last", "past", "next"})


def _unit_side(tokens: list[Token], i: int) -> set[str]:
    """The word after a number that follows word i ("lst 12 months": "months")."""
    after = tokens[i + 1 : i + 3]
    return {after[1].text} if len(after) == 2 and after[0].is_number else set()


def _next_to_time_word(index: _Index, neighbours: set[str]) -> bool:
    """A word of time next to the word ("year", "month", "passado")."""
    return any(_time_word(index, word) for word in neighbours)


def _meaning_here(vocab: Vocabulary, indexes: tuple[_Index, ...], neighbours: set[str]):
    """What a candidate of a typo would mean in this place: its tags as a word on its own,
    "function word" for a stop word, "phrase" for a word that only means something in a longer
    phrase whose other words are next to it, or None (it cannot stand here)."""
    stop = vocab.stop | set(vocab.articles)

    def meaning(word: str):
        tags = tuple(tag for index in indexes for tag in index.phrases.get((word,), ()))
        if tags:
            return tags
        for index in indexes:
            for key in index.phrases:
                if word in key and len(key) > 1 and neighbours & set(key):
                    return "phrase"
        return FUNCTION_WORD if word in stop else None

    return meaning


def _name_typos(tokens: list[Token], entities: Entities, known: frozenset[str]) -> list:
    """An unknown word right after a name part, one letter away from the rest of exactly one
    employee's name ("Maria Quin" → Maria Quinn): names are short, so even short words."""
    fixes = []
    for i in range(1, len(tokens)):
        word = tokens[i].text
        if word in known or not word.isalpha() or len(word) < 3:
            continue
        first = tokens[i - 1].text
        matches = {
            parts[1]
            for parts in (fold(p.name).split() for p in entities.people)
            if len(parts) == 2 and parts[0] == first and one_edit_apart(word, parts[1])
        }
        if len(matches) == 1:
            fixed = matches.pop()
            fixes.append((word, fixed))
            tokens[i] = Token(fixed, tokens[i].surface)
    return fixes


def _match(tokens: list[Token], base: _Index, names: _Index, vocab: Vocabulary, stop=None):
    texts = [t.text for t in tokens]
    terms: list[Term] = []
    unknown: list[str] = []
    i = 0
    while i < len(texts):
        length, tags = _longest(texts, i, base, names, tokens)
        length, tags = _yield_to_longer(texts, i, length, tags, base, names, tokens)
        if length:
            terms.append(Term(i, i + length, tags, " ".join(texts[i : i + length])))
            i += length
            continue
        value = number_value(texts[i])
        if value is not None:
            terms.append(Term(i, i + 1, (("number", value),), texts[i]))
        elif (len(texts[i]) == 10 and texts[i][4] == "-") or texts[i].startswith("--"):
            terms.append(Term(i, i + 1, (("date", texts[i]),), texts[i]))
        elif texts[i] not in (vocab.stop if stop is None else stop) and not _asks_output(
            vocab, texts, i
        ):
            unknown.append(tokens[i].surface)
        i += 1
    return terms, unknown


OUTPUT_FILLERS = frozenset({"a", "an", "me", "us", "um", "uma", "nos", "quick", "simple", "new"})


def _asks_output(vocab: Vocabulary, texts: list[str], i: int) -> bool:
    """ "create a chart of …", "generate a table of …", "faça um gráfico de …": a verb that
    makes something (writes.create_verbs, writes.read_verbs) right before what an answer is
    (writes.read_outputs: a chart, a list, a table) only asks for the answer, and says nothing
    of the ERP's data. A verb before a record ("create an employee") is not one of these:
    write_request refuses it first."""
    writes = vocab.writes
    if texts[i] not in writes.create_verbs and texts[i] not in writes.read_verbs:
        return False
    following = [t for t in texts[i + 1 : i + 4] if t not in OUTPUT_FILLERS]
    return bool(following) and following[0] in writes.read_outputs


def _yield_to_longer(texts, i, length, tags, base: _Index, names: _Index, tokens):
    """A phrase at i that ends inside a longer phrase begun after i is cut before that one:
    "hire [the] year before last" is "hire" + "year before last", not "hire year" + "before"."""
    for j in range(i + 1, i + length):
        other, _ = _longest(texts, j, base, names, tokens)
        if other > length and j + other > i + length:
            return _longest(texts, i, base, names, tokens, limit=j - i)
    return length, tags


def _longest(
    texts, i, base: _Index, names: _Index, tokens, limit: int = MAX_PHRASE
) -> tuple[int, tuple[Tag, ...]]:
    for length in range(min(limit, len(texts) - i), 0, -1):
        key = tuple(texts[i : i + length])
        tags = base.phrases.get(key, ()) + names.phrases.get(key, ())
        if length == 1:
            tags = tuple(_code_tag(tag, tokens[i]) for tag in tags)
            tags = tuple(tag for tag in tags if tag is not None)
        if tags:
            return length, tags
    return 0, ()


def _code_tag(tag: Tag, token: Token) -> Tag | None:
    """A department code that is also a word counts only as typed in capitals ("LOG")."""
    if tag[0] != "code":
        return tag
    return ("value", tag[1]) if token.surface.isupper() and len(token.surface) > 1 else None
