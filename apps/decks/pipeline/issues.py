"""The reviewer's output: one schema for rule-based and vision-model issues."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from apps.decks.pipeline.slide_deck import SlideDeck

Severity = Literal["low", "medium", "high"]
SEVERITY_RANK = {"low": 0, "medium": 1, "high": 2}

# Issue types are documented in docs/decks.md, one per defect class; a vision model may use
# others, which proposers treat by their severity alone.


class Issue(BaseModel):
    """`{"slide", "type", "severity", "message", "suggestion", "evidence"}`; slide 0 = the deck."""

    model_config = ConfigDict(extra="forbid")

    slide: int = Field(ge=0)
    type: str = Field(min_length=1, max_length=40)
    severity: Severity
    message: str = Field(min_length=1, max_length=500)
    suggestion: str = Field(default="", max_length=500)
    evidence: dict[str, Any] = Field(default_factory=dict)


def counts(issues: list[Issue]) -> dict[str, int]:
    found = Counter(issue.severity for issue in issues)
    return {"high": found["high"], "medium": found["medium"], "low": found["low"]}


def blocking(issues: list[Issue], threshold: Severity = "medium") -> list[Issue]:
    """Issues at or above the threshold: the loop continues while there are any."""
    return [i for i in issues if SEVERITY_RANK[i.severity] >= SEVERITY_RANK[threshold]]


class Change(BaseModel):
    """One revision step, naming the issue it answers (its index in the round's issue list)."""

    issue: int = Field(ge=0)
    slide: int = Field(ge=0)  # the slide the issue was on (0: the deck)
    type: str
    action: str = Field(max_length=300)


class Revision(BaseModel):
    deck: SlideDeck
    changes: list[Change] = Field(default_factory=list)
