"""Builtin planner for UI customization requests in plain language.

``ui_request_plan(text, preferences, defaults)`` maps a request to a plan (plans.py): a
checked patch, an undo/redo/reset, a question with ready-made choices, or a notice (nothing
to change, not possible, or beyond the builtin planner) — or None when the text is not a UI
request (an ERP question, say).

How it reads a request: text.py turns it into words and mentions (lexicon.toml, colors.toml),
classifier.py — the one classifier — returns its intents and their slots, deciding between
competing readings by written rules; intents/ has one small planner per intent. A request of
several parts is planned part by part, each against the document the parts before it leave
(compose.py). It is conservative: what it cannot map with confidence is asked, never guessed.
"""

from apps.studio.planner.compose import ui_request_plan
from apps.studio.planner.palette import SWATCHES, TINTS
from apps.studio.planner.plans import (
    Choice,
    ClarificationPlan,
    HistoryPlan,
    NoticePlan,
    PatchPlan,
    UiPlan,
)

__all__ = [
    "SWATCHES",
    "TINTS",
    "Choice",
    "ClarificationPlan",
    "HistoryPlan",
    "NoticePlan",
    "PatchPlan",
    "UiPlan",
    "ui_request_plan",
]
