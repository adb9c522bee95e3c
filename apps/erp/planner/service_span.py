"""An event said relative to the hire: "people who left within 6 months of joining", "leavers
within a year of being hired". The ERP has no event log, but the time from hire to leaving is
the tenure a leaver left with, which the planner reads already ("leavers with less than 6
months of tenure", a tenure band): the phrase is written that way and the question read as
any. Unread, the number refused the question ("6") or the period was asked with the span
dropped. English only; other languages' phrasings are left as they are."""

import re

_COUNTS = {"a": "1", "an": "1", "one": "1", "two": "2", "three": "3", "six": "6"}
_SPAN = re.compile(
    r"\bwithin\s+(?:the\s+first\s+)?(a|an|one|two|three|six|\d+)\s+(day|week|month|year)s?\s+"
    r"(?:of|after|from)\s+(?:(?:their|the|his|her)\s+)?"
    r"(?:start\s+date|hire\s+date|joining|being\s+hired|getting\s+hired|hiring|hire|"
    r"starting|start|they\s+joined|they\s+were\s+hired|they\s+started)\b",
    re.IGNORECASE,
)


def as_tenure(question: str) -> str:
    """The question with "within N units of joining" written as "with less than N units of
    tenure"; the question itself when it says no such span."""

    def written(match: re.Match) -> str:
        count = _COUNTS.get(match.group(1).lower(), match.group(1))
        unit = match.group(2).lower() + ("" if count == "1" else "s")
        return f"with less than {count} {unit} of tenure"

    return _SPAN.sub(written, question)
