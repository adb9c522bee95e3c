"""Definitions typed for a thread: "Define senior staff as employees at level 7 or above",
"For this conversation, headcount means active employees excluding HR", "by X I mean Y",
"defina X como Y", "definiere X als Y".

A definition names a term and what it stands for, in the words of a question. It is kept only
when the planner reads those words on their own ("employees at level 7 or above" is a list of
people) — a body it cannot read ("active employees excluding contractors") is refused naming
the words, so nothing is counted later with a part of the definition dropped. The kept
definition is said back and stored in the assistant message's metadata (`DEFINITION`); every
later question of the thread has the term replaced by its words before it is read ("How many
senior staff are in Engineering?" is read as "How many employees at level 7 or above are in
Engineering?"), so the answer's title and chips show what was counted. A definition of a word
of the model ("headcount means …") replaces that word the same way.
"""

import re
from dataclasses import dataclass

from apps.agent.messages import Message

DEFINITION = "erp_definition"  # key of the assistant message's metadata
MAX_TERM_WORDS = 4

_END = r"\s*[.!]*\s*$"
_LEAD = (
    r"^\s*(?:(?:please|pls|ok|okay|so|now|note|fyi)[,:]?\s+)*"
    r"(?:(?:for|in) (?:this|the) (?:conversation|thread|chat|session)[,:]?\s+)?"
)
# Sentence shapes of a definition, by language of their words; the term and the body are
# whatever stands in their places.
PATTERNS = [
    re.compile(p, re.IGNORECASE)
    for p in (
        _LEAD + r"(?:let'?s |let us |we )?define (?P<term>.+?) as (?P<body>.+?)" + _END,
        _LEAD + r"by (?P<term>.+?),? i mean (?P<body>.+?)" + _END,
        _LEAD + r"when i say (?P<term>.+?),? i mean (?P<body>.+?)" + _END,
        _LEAD + r"(?P<term>.+?) (?:means|shall mean|should mean|will mean|is defined as|refers to)"
        r" (?P<body>.+?)" + _END,
        r"^\s*(?:por favor,?\s+)?(?:defina|definir|define|considere) (?P<term>.+?) como"
        r" (?P<body>.+?)" + _END,
        r"^\s*(?P<term>.+?) (?:significa|quer dizer|são|sao) (?P<body>.+?) nesta conversa" + _END,
        r"^\s*(?:bitte\s+)?(?:definiere|definieren sie|definiert) (?P<term>.+?) als"
        r" (?P<body>.+?)" + _END,
    )
]
# First words of a request, never of a term being defined.
ASKING = frozenset(
    [
        "what", "which", "who", "how", "why", "when", "where", "show", "tell", "list", "give",
        "explain", "describe", "quanto", "quantos", "qual", "quais", "que", "como",
    ]
)  # fmt: skip
_QUOTES = "\"'“”‘’«»"


@dataclass(frozen=True)
class Definition:
    term: str
    body: str

    def as_metadata(self) -> dict[str, str]:
        return {"term": self.term, "body": self.body}


def read_definition(text: str) -> Definition | None:
    """The definition the message makes, if it is one; None for any other message (a question
    — "what does headcount mean?" — is none)."""
    if text.rstrip().endswith("?"):
        return None
    for pattern in PATTERNS:
        found = pattern.match(text)
        if found is None:
            continue
        term = found["term"].strip(_QUOTES + " ,").strip()
        body = found["body"].strip(_QUOTES + " ,").strip()
        if term.lower().startswith(("the ", "o ", "a ", "der ", "die ", "das ")):
            term = term.split(" ", 1)[1]
        if not term or not body or len(term.split()) > MAX_TERM_WORDS:
            return None
        if not re.fullmatch(r"[^\W\d_][\w&' -]*", term):
            return None
        if term.split()[0].lower() in ASKING:  # "show what headcount means for Sales"
            return None
        return Definition(term, body)
    return None


def definitions_of(messages: list[Message]) -> list[Definition]:
    """The definitions the thread kept, oldest first (a later one of a term replaces it)."""
    kept: dict[str, Definition] = {}
    for message in messages:
        if message.role != "assistant":
            continue
        data = message.metadata.get(DEFINITION)
        if isinstance(data, dict) and isinstance(data.get("term"), str):
            body = data.get("body")
            if isinstance(body, str):
                kept[data["term"].lower()] = Definition(data["term"], body)
    return list(kept.values())


def with_definitions(text: str, definitions: list[Definition]) -> str:
    """The question with each defined term (whole words, any case; longest first) replaced
    by its words — once: a body that names its own term is not expanded again."""
    if not definitions:
        return text
    ordered = sorted(definitions, key=lambda d: len(d.term), reverse=True)
    alternatives = "|".join(re.escape(d.term) for d in ordered)
    bodies = {d.term.lower(): d.body for d in ordered}
    pattern = re.compile(rf"(?<![\w-])(?:{alternatives})(?![\w-])", re.IGNORECASE)
    return pattern.sub(lambda m: bodies[m.group(0).lower()], text)
