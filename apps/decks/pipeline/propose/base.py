"""What every proposer offers the review loop."""

from __future__ import annotations

from typing import Protocol

from apps.decks.pipeline.issues import Issue, Revision
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.slide_deck import SlideDeck


class Proposer(Protocol):
    name: str

    def propose(self, paper: Paper) -> SlideDeck:
        """A first deck for the paper."""
        ...

    def revise(self, paper: Paper, deck: SlideDeck, issues: list[Issue]) -> Revision:
        """A new deck that fixes the issues the reviewer found in `deck`, and what was done
        for each issue (`Change.issue` is the issue's index in `issues`)."""
        ...
