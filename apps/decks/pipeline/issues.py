"""The reviewer's output: one schema for rule-based and vision-model issues."""

from __future__ import annotations

from collections import Counter
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

Severity = Literal["low", "medium", "high"]
SEVERITY_RANK = {"low": 0, "medium": 1, "high": 2}

# Issue types the rules emit. A vision model may use others; proposers treat unknown types
# by their severity alone.
TYPES = (
    "overflow",  # content past the slide's edge
    "density",  # too many words
    "small_font",
    "figure_small",
    "figure_cropped",
    "figure_faded",
    "figure_distorted",
    "figure_mismatch",  # the pixels on the slide are not the paper's figure
    "figure_missing",  # an image did not load
    "overlap",
    "empty",
    "near_empty",
    "contrast",
    "edge",  # ink touching the slide's edge
    "render",  # the slide did not render
    "slide_count",  # deck-level (slide 0)
    "too_few_figures",  # deck-level (slide 0)
)


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
