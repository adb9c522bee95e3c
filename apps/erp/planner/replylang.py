"""The language of a reply the planner writes without a reading (a refusal, a reminder of the
question it is waiting on): the person's — the language of the current message when its words
say so, else the language the thread was written in, else English.

A message's language is certain only when it has more words that only one language uses than
any other language ("o ano passado", "ok obrigado", "gracias"); "2025", "Sales" or "hmm" say
nothing and take the thread's."""

from apps.agent.messages import Message
from apps.erp.planner.lexicon import language_index
from apps.erp.planner.text import tokenize
from apps.erp.semantic import answer_languages, languages, vocabulary

# Common words of conversation the ERP vocabularies do not hold (folded, as tokens are).
COMMON = {
    "en": frozenset(
        [
            "the",
            "what",
            "is",
            "are",
            "was",
            "were",
            "please",
            "thanks",
            "thank",
            "you",
            "hello",
            "hi",
            "why",
            "how",
            "who",
            "which",
            "this",
            "that",
            "and",
            "with",
            "for",
            "not",
            "no",
            "yes",
            "show",
            "me",
            "give",
            "tell",
            "about",
            "of",
        ]
    ),
    "pt": frozenset(
        [
            "o",
            "os",
            "as",
            "um",
            "uma",
            "de",
            "do",
            "da",
            "dos",
            "das",
            "que",
            "nao",
            "sim",
            "obrigado",
            "obrigada",
            "ola",
            "por",
            "favor",
            "voce",
            "isso",
            "isto",
            "e",
            "em",
            "no",
            "na",
            "com",
            "para",
            "qual",
            "quais",
            "quanto",
            "quantos",
            "quantas",
            "mostre",
            "me",
            "diga",
            "sobre",
            "ainda",
            "agora",
            "ano",
            "mes",
            "passado",
        ]
    ),
    "es": frozenset(
        [
            "el",
            "los",
            "las",
            "un",
            "una",
            "del",
            "que",
            "no",
            "si",
            "gracias",
            "hola",
            "por",
            "favor",
            "usted",
            "eso",
            "esto",
            "es",
            "en",
            "con",
            "para",
            "cual",
            "cuales",
            "cuanto",
            "cuantos",
            "cuantas",
            "muestrame",
            "dime",
            "sobre",
            "todavia",
            "ahora",
            "ano",
            "mes",
            "pasado",
            "hay",
            "tiene",
            "la",
            "fue",
            "fueron",
            "borra",
            "tabla",
            "quiero",
            "necesito",
        ]
    ),
}


def _words(language: str) -> frozenset[str]:
    known = COMMON[language]
    if language in languages():
        known |= language_index(language).words
    return known


def message_language(text: str) -> str | None:
    """The language the message's words certainly belong to, or None."""
    tokens = {t.text for t in tokenize(text) if not t.is_number}
    words = {language: _words(language) for language in COMMON}
    scores = {}
    for language, own in words.items():
        others = frozenset().union(*(w for other, w in words.items() if other != language))
        only = tokens & (own - others)
        # a word of conversation says more than a word of the ERP vocabulary (which borrows)
        scores[language] = sum(2 if word in COMMON[language] else 1 for word in only)
    best = max(scores.values())
    leaders = [language for language, score in scores.items() if score == best]
    return leaders[0] if best > 0 and len(leaders) == 1 else None


def thread_language(messages: list[Message]) -> str | None:
    """The language of the newest earlier message of the person whose words say it (a form's
    submission, written by the form, says nothing)."""
    users = [m for m in messages if m.role == "user"][:-1]
    for message in reversed(users):
        if message.metadata.get("a2ui_action"):
            continue
        found = message_language(message.text)
        if found is not None:
            return found
    return None


def reply_language(text: str, messages: list[Message]) -> str:
    return message_language(text) or thread_language(messages) or "en"


def reply(language: str, key: str, **values: object) -> str:
    """A reply in the person's language: Spanish too, read through Portuguese (es.toml)."""
    known = language in answer_languages()
    return vocabulary(language if known else "en").message(key, **values)
