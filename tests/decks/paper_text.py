"""What tests read back from an ingested paper."""

import re

FORMULA = re.compile(r"(?<!\\)\$[^$]+(?<!\\)\$")


def formulas(paper) -> set[str]:
    """Every inline formula (`$…$`) of the paper's paragraphs, as written."""
    text = " ".join(p for s in paper.sections for p in s.paragraphs)
    return set(FORMULA.findall(text))
