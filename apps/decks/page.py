"""What the deck templates show, computed from a Deck row and its finished folder.

The progress panel's words come with the state payload (`selectors.deck_state(...)["view"]`,
made by progress_view.py), for the template and for the browser script alike.
"""

from __future__ import annotations

from datetime import timedelta

from django.urls import reverse
from django.utils import timezone

from apps.decks import selectors
from apps.decks.models import Deck, DeckStatus
from apps.decks.pipeline.issues import SEVERITY_RANK, Issue
from apps.decks.selectors import DeckView, RoundView

# A render reports progress at least every few seconds, except while Slidev builds or exports
# (at most 3 and 5 minutes). Longer silence means the process running it has stopped.
STALLED_AFTER = timedelta(minutes=15)


def deck_page_context(request, deck: Deck) -> dict:
    view = selectors.deck_view(deck)
    live = deck.status in (DeckStatus.QUEUED, DeckStatus.RUNNING)
    state = selectors.deck_state(deck)
    context = {
        "deck": deck,
        "state": state,
        "progress": state["view"],
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
