"""A spreadsheet header pasted as the question ("Month | Hires (2025)", "dept<TAB>avg_salary").

Each cell is a column of the table wanted. A cell that names only a grouping (a dimension
such as department or level, or a grain such as month) is what the rows are per; the other
cells say what is measured. The header is read as the question it stands for: "Hires (2025)
by Month". Read as one run of words, the cells lost their grouping ("Month | Hires" answered
one total) or ran into each other ("Level | Avg salary" read "level average").

Only a bar or a tab separates cells: commas and semicolons also separate the clauses of
ordinary questions.
"""

import re

from apps.erp.entities import Entities
from apps.erp.planner.lexicon import lex

_SEPARATOR = re.compile(r"\s*[|\t]\s*")
GROUPING_KINDS = frozenset({"dim", "grain", "time", "fact"})
# what makes a cell a grouping: one of these kinds, and nothing else than GROUPING_KINDS
NAMES_GROUPING = frozenset({"dim", "grain"})


def header_question(question: str, entities: Entities, language: str | None = None) -> str:
    """The question a pasted header stands for, or the question unchanged."""
    cells = [cell for cell in _SEPARATOR.split(question.strip()) if cell.strip()]
    if len(cells) < 2 or not _SEPARATOR.search(question.strip()):
        return question
    groupings, measured = [], []
    for cell in cells:
        (groupings if _is_grouping(cell, entities, language) else measured).append(cell)
    if not groupings or not measured:
        return question
    return f"{' '.join(measured)} by {' and '.join(groupings)}"


def _is_grouping(cell: str, entities: Entities, language: str | None) -> bool:
    lexed = lex(cell, entities, language=language)
    if lexed.unknown or len(lexed.terms) != 1:
        return False
    kinds = lexed.terms[0].kinds
    return bool(kinds & NAMES_GROUPING) and kinds <= GROUPING_KINDS
