"""Reads for the Decks page: a finished deck folder (written by pipeline.run.deck_generate) and the
Deck rows of the person asking."""

from __future__ import annotations

import json
from pathlib import Path

from pydantic import BaseModel

from apps.accounts.access import AccessContext, bound
from apps.decks.models import Deck, DeckStatus
from apps.decks.pipeline.issues import Issue, counts
from apps.decks.pipeline.run import Summary
from apps.decks.pipeline.slide_deck import SlideDeck
from apps.decks.progress_view import progress_view


class RoundView(BaseModel):
    number: int
    slides: list[str]  # screenshot paths relative to the deck folder, in slide order
    issues: list[Issue]
    counts: dict[str, int]
    deck: SlideDeck


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
                deck=SlideDeck.model_validate_json((round_dir / "deck.json").read_text()),
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


# Deck rows (the web page). Every read binds the person's access context, so row-level security
# shows a person their own decks only; another person's deck is simply not found.


def deck_list(*, context: AccessContext) -> list[Deck]:
    with bound(context):
        return list(Deck.objects.filter(owner_id=context.user_id).order_by("-created_at"))


def deck_get(*, context: AccessContext, deck_id) -> Deck | None:
    with bound(context):
        return Deck.objects.filter(pk=deck_id).first()


def deck_state(deck: Deck) -> dict:
    """What the deck page shows live: the same payload on first render and over the socket."""
    progress = deck.progress or {}
    state = {
        "id": str(deck.id),
        "status": deck.status,
        "status_label": DeckStatus(deck.status).label,
        "title": deck.title,
        "error": deck.error,
        "rounds": deck.rounds,
        "progress": progress,
        "percent": round(100 * float(progress.get("fraction") or 0)),
        "summary": deck.summary or {},
        "updated_at": deck.updated_at.isoformat() if deck.updated_at else None,
    }
    state["view"] = progress_view(state)  # the panel's words, for the page and the socket alike
    return state


def deck_state_get(*, context: AccessContext, deck_id) -> dict | None:
    deck = deck_get(context=context, deck_id=deck_id)
    return deck_state(deck) if deck is not None else None


def deck_view(deck: Deck) -> DeckView | None:
    """The finished deck's folder, read for the page (None until the render is done)."""
    if deck.status != DeckStatus.DONE or not (deck.folder / "summary.json").exists():
        return None
    return deck_read(deck.folder)
