"""Small pieces of answers in the person's language: periods, days, levels, tenure bands,
numbers. The words come from the vocabulary's labels."""

from datetime import date
from decimal import ROUND_HALF_UP, Decimal

from apps.erp.planner.periods import Period
from apps.erp.planner.reading import Band, Condition
from apps.erp.semantic import vocabulary


def _words(language: str) -> dict[str, str]:
    return vocabulary(language).labels.words


def named_once(extreme: str, measure: str) -> str:
    """The measure without its first word when that is the extreme said before it: "the
    highest" + "highest salary" is "the highest salary", not "the highest highest salary"."""
    first, _, rest = measure.partition(" ")
    return rest if rest and first == extreme else measure


def definite_article(noun: str, language: str) -> str:
    """The definite article that agrees with a noun phrase, by its first word (the head noun
    in Portuguese: "salário médio" → "o", "taxa de rotatividade" → "a", "salários pagos" →
    "os"); empty where the language's sentences say their article themselves (English)."""
    words = _words(language)
    head = noun.split(" ")[0].lower()
    plural = head.endswith("s") and len(head) > 3
    singular = head[:-1] if plural else head
    if singular.endswith("õe"):  # "remunerações" → "remuneração"
        singular = singular[:-2] + "ão"
    feminine = any(singular.endswith(end) for end in words["feminine_endings"].split())
    key = "article_feminine" if feminine else "article_masculine"
    if plural and article_plural(words, key):
        return article_plural(words, key)  # Spanish "el" → "los"
    article = words[key]
    return f"{article}s" if article and plural else article


def article_plural(words: dict[str, str], key: str) -> str:
    """The plural of an article where adding "s" does not make it ("el" → "los")."""
    return words.get(f"{key}_plural", "")


def day_label(day: date, language: str) -> str:
    abbr = vocabulary(language).labels.month_abbr[day.month - 1]
    return _words(language)["day"].format(day=day.day, month=abbr, year=day.year)


def span_label(period: Period, language: str) -> str:
    """The exact days: "1 Jan 2025 – 31 Dec 2025" (a chip says what was computed)."""
    words = _words(language)
    start = day_label(period.start, language) if period.start else words["beginning"]
    return words["range"].format(start=start, end=day_label(period.end, language))


def describe_period(period: Period, language: str) -> str:
    """ "2025", "March 2025", "Q1 2025", "31 Mar 2025", "all time", or the span of days."""
    words = _words(language)
    labels = vocabulary(language).labels
    start = period.start
    if period.grain == "all" or start is None and period.grain != "range":
        text = words["all_time"]
    elif start is None:
        text = words["up_to"].format(period=day_label(period.end, language))
    elif period.grain == "year":
        text = str(start.year)
    elif period.grain == "month":
        text = words["month_year"].format(month=labels.months[start.month - 1], year=start.year)
    elif period.grain == "quarter":
        text = words["quarter"].format(quarter=(start.month - 1) // 3 + 1, year=start.year)
    elif period.grain == "day":
        text = day_label(start, language)
    else:
        text = span_label(period, language)
    if period.clipped and period.grain != "range":
        text = words["to_as_of"].format(period=text, day=day_label(period.end, language))
    return text


def level_label(condition: Condition, language: str) -> str:
    words = _words(language)
    values = condition.values
    if condition.op == "eq":
        return words["level_one"].format(low=values[0])
    if condition.op in ("in", "not_in"):  # several single levels: "level 3 and 5"
        named = words["level_one"].format(low=join_words([str(v) for v in values], language))
        return f"{words['not_in']} {named}" if condition.op == "not_in" else named
    if condition.op == "gte":
        return words["level_up"].format(low=values[0])
    if condition.op == "lte":
        return words["level_down"].format(high=values[0])
    return words["level_range"].format(low=values[0], high=values[1])


def _plain(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:g}"


def band_label(band: Band, language: str) -> str:
    words = _words(language)
    if band.low == 0:
        unit = words["year_one"] if band.high == 1 else words["years"]
        return words["band_below"].format(high=_plain(band.high), unit=unit)
    if band.high >= 100:
        return words["band_above"].format(low=_plain(band.low))
    return words["band_range"].format(low=_plain(band.low), high=_plain(band.high))


def format_number(value, language: str, decimals: int | None = None) -> str:
    """Thousands separators and decimals as the language writes them: 1,234.5 / 1.234,5."""
    vocab = vocabulary(language)
    number = Decimal(str(value))
    if decimals is None:
        decimals = 0 if number == number.to_integral() else 2
    number = number.quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP)
    text = f"{number:,.{decimals}f}"
    if vocab.decimal_separator == ",":
        text = text.replace(",", "\x00").replace(".", ",").replace("\x00", ".")
    return text


def join_words(items: list[str], language: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {_words(language)['and']} " + items[-1]
