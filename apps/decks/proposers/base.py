"""What every proposer offers the review loop."""

from __future__ import annotations

from typing import Protocol

from apps.decks.deck import Deck
from apps.decks.issues import Issue
from apps.decks.paper import Paper


class Proposer(Protocol):
    name: str

    def propose(self, paper: Paper) -> Deck:
        """A first deck for the paper."""
        ...

    def revise(self, paper: Paper, deck: Deck, issues: list[Issue]) -> Deck:
        """A new deck that fixes the issues the reviewer found in `deck`."""
        ...
