"""Read a finished deck folder (written by services.deck_generate) for pages and APIs."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from apps.decks.deck import Deck
from apps.decks.issues import Issue, counts
from apps.decks.services import Summary


class RoundView(BaseModel):
    number: int
    slides: list[str]  # screenshot paths relative to the deck folder, in slide order
    issues: list[Issue]
    counts: dict[str, int]
    deck: Deck


class DeckView(BaseModel):
    folder: Path
    summary: Summary
    final_round: int
    rounds: list[RoundView]
    pdf: str | None  # relative path of deck.pdf when it was exported
    site: str | None  # relative path of the built deck's index.html

    def round(self, number: int) -> RoundView | None:
        return next((r for r in self.rounds if r.number == number), None)


def deck_read(folder: Path) -> DeckView:
    """Everything a page needs to show a deck and its review history (before/after per round)."""
    folder = Path(folder)
    summary = Summary.model_validate_json((folder / "summary.json").read_text())
    review = json.loads((folder / "review.json").read_text())
    rounds = []
    for entry in review["rounds"]:
        number = entry["round"]
        round_dir = folder / "rounds" / f"{number:02d}"
        issues = [Issue.model_validate(i) for i in entry["issues"]]
        shots = sorted((round_dir / "slides").glob("*.png"))
        rounds.append(
            RoundView(
                number=number,
                slides=[str(p.relative_to(folder)) for p in shots],
                issues=issues,
                counts=counts(issues),
                deck=Deck.model_validate_json((round_dir / "deck.json").read_text()),
            )
        )
    return DeckView(
        folder=folder,
        summary=summary,
        final_round=review["final_round"],
        rounds=rounds,
        pdf="deck.pdf" if (folder / "deck.pdf").exists() else None,
        site="site/index.html" if (folder / "site" / "index.html").exists() else None,
    )
