"""What the deck templates show, computed from a Deck row and its finished folder.

The browser script (static/decks/deck.js) repeats `progress_view` for live updates; both read
the same state payload (`selectors.deck_state`).
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from apps.decks import selectors
from apps.decks.models import Deck, DeckStatus
from apps.decks.pipeline.issues import SEVERITY_RANK, Issue
from apps.decks.selectors import DeckView, RoundView

PHASE_LABELS = {
    "": "Starting",
    "ingest": "Reading the paper",
    "propose": "Writing the first deck",
    "build": "Building the slides",
    "render": "Rendering every slide",
    "review": "Reviewing the slides",
    "revise": "Revising the deck",
    "export": "Exporting the PDF",
    "done": "Done",
}
STEPS = ("Read the paper", "Write the first deck", "Review and revise", "Export the PDF")
PHASE_STEP = {
    "": 0,
    "ingest": 0,
    "propose": 1,
    "build": 2,
    "render": 2,
    "review": 2,
    "revise": 2,
    "export": 3,
    "done": 4,
}
QUEUED_MESSAGE = "Waiting for a worker to start the render"
MAX_TILES = 40
# A render reports progress at least every few seconds, except while Slidev builds or exports
# (at most 3 and 5 minutes). Longer silence means the process running it has stopped.
STALLED_AFTER = timedelta(minutes=15)


def progress_view(deck: Deck) -> dict:
    state = selectors.deck_state(deck)
    progress = state["progress"]
    phase = progress.get("phase", "")
    if deck.status == DeckStatus.QUEUED:
        label, message = "Queued", QUEUED_MESSAGE
    else:
        label = PHASE_LABELS.get(phase, phase)
        message = progress.get("message") or "starting"
    current = PHASE_STEP.get(phase, 0)
    if deck.status == DeckStatus.DONE:
        current = len(STEPS)
    steps = []
    for index, name in enumerate(STEPS):
        if index < current:
            step_state = "done"
        elif index == current and deck.status == DeckStatus.RUNNING:
            step_state = "current"
        elif index == current and deck.status == DeckStatus.FAILED:
            step_state = "failed"
        else:
            step_state = "todo"
        steps.append({"name": name, "state": step_state})
    return {
        "label": label,
        "message": message[:1].upper() + message[1:],
        "percent": 100 if deck.status == DeckStatus.DONE else state["percent"],
        "round_text": round_text(progress, deck.rounds),
        "slide_text": slide_text(progress),
        "steps": steps,
        "reviews": progress.get("reviews") or [],
        "tiles": slide_tiles(progress),
    }


def slide_tiles(progress: dict) -> list[str]:
    """One tile per slide of the round being rendered: done, current or todo."""
    phase, slides = progress.get("phase", ""), min(progress.get("slides") or 0, MAX_TILES)
    if phase == "render":
        slide = progress.get("slide") or 0
        return [
            "done" if k < slide else "current" if k == slide else "todo"
            for k in range(1, slides + 1)
        ]
    return ["done" if phase in ("review", "revise") else "todo"] * slides


def round_text(progress: dict, rounds: int) -> str:
    number = progress.get("round") or 0
    return f"{number} of {progress.get('rounds') or rounds}" if number else f"– of {rounds}"


def slide_text(progress: dict) -> str:
    slide, slides = progress.get("slide") or 0, progress.get("slides") or 0
    if slide and slides:
        return f"{slide} of {slides}"
    return f"{slides} slides" if slides else "–"


def deck_page_context(request, deck: Deck) -> dict:
    view = selectors.deck_view(deck)
    live = deck.status in (DeckStatus.QUEUED, DeckStatus.RUNNING)
    context = {
        "deck": deck,
        "state": selectors.deck_state(deck),
        "progress": progress_view(deck),
        "view": view,
        "live": live,
        "stalled": live and timezone.now() - deck.updated_at > STALLED_AFTER,
    }
    if view is not None:
        context.update(_results(request, deck, view))
    return context


def _results(request, deck: Deck, view: DeckView) -> dict:
    numbers = [r.number for r in view.rounds]
    selected = _choice(request.GET.get("round"), numbers, view.final_round)
    cards = [_round_card(deck, r, final=r.number == view.final_round) for r in view.rounds]
    for card, following in zip(cards, cards[1:], strict=False):
        card["next"] = following["number"]
    results = {
        "rounds": cards,
        "selected_round": selected,
        "pdf_url": reverse("deck_pdf", args=[deck.id]) if view.pdf else None,
        "site_url": reverse("deck_site", args=[deck.id]) if view.site else None,
        "compare": None,
    }
    if len(cards) > 1:
        results["compare"] = _compare(request, cards)
        results["compare_data"] = {
            "rounds": [
                {
                    "number": card["number"],
                    "slides": [
                        {"url": s["url"], "title": s["title"], "issues": s["issues"]}
                        for s in card["slides"]
                    ],
                }
                for card in cards
            ]
        }
    return results


def _round_card(deck: Deck, round_view: RoundView, *, final: bool) -> dict:
    by_slide: dict[int, list[dict]] = {}
    for issue in sorted(round_view.issues, key=lambda i: (-SEVERITY_RANK[i.severity], i.type)):
        by_slide.setdefault(issue.slide, []).append(_issue(issue))
    slides = []
    for index, path in enumerate(round_view.slides, start=1):
        issues = by_slide.get(index, [])
        slide = round_view.deck.slides[index - 1] if index <= len(round_view.deck.slides) else None
        slides.append(
            {
                "number": index,
                "title": slide.title if slide else "",
                "url": reverse("deck_file", args=[deck.id, path]),
                "issues": issues,
                "worst": issues[0]["severity"] if issues else "",
            }
        )
    return {
        "number": round_view.number,
        "next": None,
        "final": final,
        "counts": round_view.counts,
        "total": sum(round_view.counts.values()),
        "deck_issues": by_slide.get(0, []),
        "slides": slides,
    }


def _issue(issue: Issue) -> dict:
    return {
        "slide": issue.slide,
        "type": issue.type,
        "label": issue.type.replace("_", " "),
        "severity": issue.severity,
        "message": issue.message,
        "suggestion": issue.suggestion,
    }


def _compare(request, cards: list[dict]) -> dict:
    numbers = [card["number"] for card in cards]
    before = _choice(request.GET.get("before"), numbers, numbers[0])
    after = _choice(request.GET.get("after"), numbers, numbers[min(1, len(numbers) - 1)])
    by_number = {card["number"]: card for card in cards}
    most = max(len(card["slides"]) for card in cards)
    first_issue = next((s["number"] for s in by_number[before]["slides"] if s["issues"]), 1)
    slide = _choice(request.GET.get("slide"), list(range(1, most + 1)), first_issue)

    def side(number: int) -> dict:
        card = by_number[number]
        shown = card["slides"][slide - 1] if slide <= len(card["slides"]) else None
        return {"round": number, "slide": shown, "count": len(card["slides"])}

    return {
        "slide": slide,
        "slide_choices": range(1, most + 1),
        "round_choices": numbers,
        "before": side(before),
        "after": side(after),
    }


def _choice(raw: str | None, allowed: list[int], default: int) -> int:
    try:
        value = int(raw) if raw else default
    except ValueError:
        return default
    return value if value in allowed else default
