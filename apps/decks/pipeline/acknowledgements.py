"""Thanks, funding, grants and hospitality: the paper's acknowledgements, never a bullet.

An acknowledgement paragraph often has no heading of its own (or runs on after the
conclusions), so the section it stands in does not tell; each sentence has to. Only the forms
a finding never takes count: "thanks to its sparsity" or "the claim is supported by the data"
are findings, "we thank", "supported by the … grant" and "the work of R.T. was supported by"
are not.
"""

from __future__ import annotations

import re

# "We are thankful to", "I am grateful to", "The authors thank", "We would like to thank"
THANKS = re.compile(
    r"\b(?:we|I|the\s+authors?|(?-i:(?:[A-Z]\.\s?){1,3}))\s+(?:\w+\s+){0,3}?"
    r"(?:thanks?|acknowledges?)\b(?!\s+(?:that|the\s+(?:fact|limitation|risk)))|"
    r"\b(?:grateful|thankful|indebted)\s+to\b|\bgratefully\s+acknowledge|"
    r"\b(?:thanks|gratitude)\s+(?:are\s+due\s+|go(?:es)?\s+)?to\s+(?:[A-Z]\.|(?:our|the)\s+"
    r"(?:colleagues|referees?|reviewers?|anonymous))",
    re.I,
)
# "The work of R.T. was supported by", "This research is partly funded by", "A.B. is supported by"
FUNDED_WORK = re.compile(
    r"^(?:(?:the|this|our|his|her|their)\s+(?:\w+\s+)?(?:work|research|project|study|paper)"
    r"(?:\s+of\s+[^,;]{1,40}?)?|(?-i:(?:[A-Z]\.\s?){1,3}(?:\s*(?:and|,)\s*(?:[A-Z]\.\s?){1,3})*))\s+"
    r"(?:(?:is|was|are|were|has\s+been|have\s+been)\s+)(?:\w+ly\s+|in\s+part\s+)?"
    r"(?:supported|funded|financed|sponsored)\s+by\b",
    re.I,
)
# "… supported by the Italian PRIN no. 2010…", "funded by the National Science Foundation"
FUNDER = re.compile(
    r"\b(?:supported|funded|financed|sponsored)\s+(?:in\s+part\s+|partly\s+|partially\s+)?by\s+"
    r"(?:[^.;]{0,80}?)\b(?:grants?|fellowships?|scholarships?|foundation|council|agency|"
    r"ministry|programme|program|contract|award|(?-i:[A-Z]{2,6}))\b",
    re.I,
)
# "This work received funding from the …", "received no specific funding", "The funders had
# no role in the study's design"
FUNDING_RECEIVED = re.compile(
    r"\b(?:received|receives|receive)\s+(?:no\s+)?(?:specific\s+)?(?:\w+\s+)?"
    r"(?:funding|financial\s+support|grants?)\b|\bfunders?\s+(?:had|have|has)\s+no\s+role\b",
    re.I,
)
GRANT_NUMBER = re.compile(
    r"\b(?:grants?|contracts?|awards?|projects?)\s+(?:agreement\s+)?(?:no\.|nos\.|number|#)\s*\S",
    re.I,
)
# "R.T. acknowledges CERN hospitality during …", "for their kind hospitality"
HOSPITALITY = re.compile(
    r"\bhospitality\s+(?:of|at|during|while|when|in)\b|"
    r"\b(?:for|acknowledges?|thanks?)\s+(?:the\s+|their\s+|its\s+)?(?:[\w-]+\s+){0,2}hospitality\b",
    re.I,
)


def acknowledgement(text: str) -> str | None:
    """The sentence thanks someone, names a funder or grant, or a host's hospitality."""
    value = text.strip()
    for pattern in (FUNDED_WORK, THANKS, FUNDER, FUNDING_RECEIVED, GRANT_NUMBER, HOSPITALITY):
        match = pattern.search(value)
        if match:
            return match.group(0)[:40]
    return None
