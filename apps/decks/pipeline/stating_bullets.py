"""Bullets that state something, and the paper's sentences that say what its subject does.

A manual-like guide (install steps, option lists, file paths) can give a deck whose bullets
pass every text check and still never say what the tool does or achieves: "Run make install",
"Set --depth to 3", "config/tool.yaml". Such a bullet is an instruction or a name, not a
statement. A deck with fewer than a few statements is thin (deck_rules.thin_deck); its repair
brings in the sentences of the paper's start (abstract, introduction, overview) that state.
"""

from __future__ import annotations

import re

from apps.decks.pipeline import defects, main_points, software_points, text
from apps.decks.pipeline.figure_findings import has_verb
from apps.decks.pipeline.paper import Paper

MIN_STATING = 4  # a deck with fewer bullets that state anything says nothing of its subject
STATEMENT_WORDS = 5  # prose words a statement has at least
OVERVIEW_BULLETS = 3

# An instruction to the reader: the sentence opens with the verb of a step ("Install …",
# "Run …", "Set the option …"), not with what the tool is or does.
INSTRUCTION = re.compile(
    r"^\W*(?:\d+[.)]\s*)?(?:first,?\s+|then,?\s+|next,?\s+|now,?\s+|simply\s+|please\s+)?"
    r"(?:install|run|type|enter|execute|invoke|call|pass|set|unset|add|remove|copy|move|"
    r"download|clone|load|include|import|open|edit|save|put|place|specify|select|choose|"
    r"click|press|compile|configure|build|make|create|rename|delete|use|see|refer|check|"
    r"change|replace|insert|write|give|define|declare|uncomment|comment|append|export|source)"
    r"\b(?!\s+(?:is|are|was|were|has|have)\b)",
    re.I,
)
# A token of code, a path or an option: `x`, --flag, -o, a/b, file.ext, name_with_underscore,
# key=value, \macro, <arg>, {arg}.
CODE_TOKEN = re.compile(
    r"^(?:`.*`|--?[\w-]+|.*[/\\_=<>{}$@].*|[\w-]+\.(?:[a-z]{1,4})|[A-Z_]{3,}|\S*\(\S*\)\S*)$"
)
WHOLE_SENTENCE = re.compile(r"^[A-Z][a-z]*\b.*[a-z0-9)][.!]$", re.S)
PROSE_WORD = re.compile(r"^[A-Za-z][a-z]+[,.;:]?$")


def _code_share(bullet: str) -> float:
    tokens = text.MATH_SPAN.sub("X", bullet).split()  # a formula is no code
    if not tokens:
        return 1.0
    return sum(bool(CODE_TOKEN.match(t.strip(".,;:"))) for t in tokens) / len(tokens)


def states(bullet: str) -> bool:
    """Does the bullet state something (a finite verb, a few words of prose, mostly prose)
    rather than give a step, a command, an option's or a file's name?"""
    if INSTRUCTION.match(bullet):
        return False
    if sum(bool(PROSE_WORD.match(t)) for t in bullet.split()) < STATEMENT_WORDS:
        return False
    if _code_share(bullet) > 1 / 3:
        return False
    return has_verb(text.MATH_SPAN.sub("X", bullet))


def step_or_name(bullet: str) -> bool:
    """A step to the reader, a command, an option's or a file's name: what a manual lists."""
    return bool(INSTRUCTION.match(bullet)) or _code_share(bullet) > 1 / 3


def stating_count(bullets: list[str]) -> int:
    return sum(states(b) for b in bullets)


def overview_statements(paper: Paper, shown: list[str], count: int = OVERVIEW_BULLETS) -> list[str]:
    """What the paper's subject is, does and achieves, in the paper's sentences: its method
    statements (main_points), then the stating sentences of its start (abstract, first
    sections, an "Overview" or "About" section), none a bullet already shows."""
    chosen: list[str] = []

    def take(candidate: str | None) -> None:
        if not candidate or len(chosen) >= count or not states(candidate):
            return
        if defects.text_defects(candidate):
            return
        if any(text.similar(candidate, other) for other in [*shown, *chosen]):
            return
        chosen.append(candidate)

    for statement in main_points.method_statements(paper):
        take(statement.bullet)
    for _origin, paragraphs in software_points.opening_paragraphs(paper):
        for paragraph in paragraphs:
            previous = ""
            for sentence in text.sentences(paragraph):
                # a whole sentence of the paper (a heading run into text, a cut line is none),
                # made a bullet as a main point is (main_points' condensing and checks)
                if WHOLE_SENTENCE.match(text.clean(sentence)):
                    take(main_points._bullet(sentence, previous))
                previous = sentence
    return chosen
