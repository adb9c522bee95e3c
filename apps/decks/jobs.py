"""The deck render job's body, and how its progress reaches the deck page.

    deck_render   run by a runner thread of a web process or of a worker (tasks.py): claims the
                  row, runs `pipeline.run.deck_generate` into the deck's folder, stores every
                  progress event on the row and pushes it to the deck page's socket group
    deck_lost     the job ran out of attempts because its workers died

The row writes are in services.py; this module only orders them around the pipeline.
"""

from __future__ import annotations

import logging
import queue
import threading

from django.contrib.auth import get_user_model
from django.db import connection

from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user
from apps.decks import errors, selectors, services
from apps.decks.models import DeckStatus
from apps.decks.pipeline.progress import Progress
from apps.realtime.groups import group_send

logger = logging.getLogger("tessera.decks")

RENDER_CRASHED = (
    "The deck could not be made because of an internal error ({kind}). Upload the paper "
    "again; if it fails the same way, tell an administrator."
)
DECK_LOST = (
    "The process making this deck stopped before it finished (it was killed or crashed), also "
    "when it was tried again, so nothing of it was kept. Upload the paper again; if it fails "
    "the same way, tell an administrator."
)


class ConfigurationError(errors.DeckError):
    """The model provider is misconfigured (its message says which variable)."""


def deck_group(deck_id) -> str:
    return f"deck.{deck_id}"


def deck_render(*, deck_id: str, owner_id: int) -> str:
    """Make the deck of a queued (or interrupted) row; returns the status it ended with.

    A deck that is already done or failed, or no longer visible to its owner, is left alone, so
    running the same task twice is harmless.
    """
    context = _owner_context(owner_id)
    if context is None:
        return "gone"
    deck = services.deck_claim(context=context, deck_id=deck_id)
    if deck is None:
        return "skipped"
    broadcast(context, deck.id)
    services.deck_staging_clear(deck)
    recorder = ProgressRecorder(context, deck.id)
    try:
        from apps.decks.pipeline import run  # Playwright and the PDF stack load on first use

        result = run.deck_generate(
            pdf=deck.upload_path,
            out_dir=deck.folder,
            rounds=deck.rounds,
            provider=_configured_provider(),
            on_progress=recorder,
        )
    except errors.DeckError as exc:
        recorder.close()
        _finish(context, deck.id, status=DeckStatus.FAILED, error=str(exc))
        return DeckStatus.FAILED
    except BaseException as exc:
        recorder.close()
        logger.exception("deck %s failed", deck.id)
        message = RENDER_CRASHED.format(kind=type(exc).__name__)
        _finish(context, deck.id, status=DeckStatus.FAILED, error=message)
        raise
    recorder.close()
    _finish(
        context,
        deck.id,
        status=DeckStatus.DONE,
        summary=result.summary.model_dump(),
        title=(result.summary.title or deck.title)[:300],
    )
    return DeckStatus.DONE


def deck_lost(*, deck_id: str, owner_id: int) -> None:
    """The job ran out of attempts because its workers died: say so on the deck."""
    context = _owner_context(owner_id)
    if context is None:
        return
    deck = selectors.deck_get(context=context, deck_id=deck_id)
    if deck is None or deck.finished:
        return
    services.deck_staging_clear(deck)
    _finish(context, deck.id, status=DeckStatus.FAILED, error=DECK_LOST)


def _finish(context: AccessContext, deck_id, *, status: str, **fields) -> None:
    services.deck_finish(context=context, deck_id=deck_id, status=status, **fields)
    broadcast(context, deck_id)


def _configured_provider():
    from apps.agent import config as agent_config

    try:
        settings = agent_config.load()
    except agent_config.ConfigError as exc:
        raise ConfigurationError(str(exc)) from exc
    if settings.provider.kind == "builtin":
        return None
    from apps.agent.providers import build_provider

    return build_provider(settings)


def _owner_context(owner_id: int) -> AccessContext | None:
    user = get_user_model().objects.filter(pk=owner_id, is_active=True).first()
    if user is None:
        return None
    try:
        return access_context_for_user(user)
    except AccessDenied:
        return None


def broadcast(context: AccessContext, deck_id) -> None:
    state = selectors.deck_state_get(context=context, deck_id=deck_id)
    if state is not None:
        group_send(deck_group(deck_id), {"type": "deck.state", "state": state})


class ProgressRecorder:
    """The pipeline's `on_progress`: stores each event on the row and broadcasts it, with the
    issue counts of every review so far (`reviews`), so the page can show the loop's course.

    The pipeline calls back from inside Playwright's sync API, where an event loop is running
    and Django refuses database calls, so the work happens on a thread of its own. When events
    come faster than they are stored, only the newest is written: the row holds a snapshot.
    """

    _STOP = object()

    def __init__(self, context: AccessContext, deck_id):
        self.context = context
        self.deck_id = deck_id
        self.reviews: list[dict] = []  # each finished review so far: {"round", "issues"}
        self._events: queue.Queue = queue.Queue()
        self._thread = threading.Thread(target=self._run, name=f"deck-progress-{deck_id}")
        self._thread.start()

    def __call__(self, event: Progress) -> None:
        progress = event.as_dict()
        if event.phase == "review" and event.issues:
            self.reviews = [r for r in self.reviews if r["round"] != event.round]
            self.reviews.append({"round": event.round, "issues": dict(event.issues)})
        progress["reviews"] = list(self.reviews)
        self._events.put(progress)

    def close(self) -> None:
        """Store what is pending and stop the thread."""
        self._events.put(self._STOP)
        self._thread.join()

    def _run(self) -> None:
        try:
            stopping = False
            while not stopping:
                latest = self._events.get()
                while not self._events.empty():
                    following = self._events.get()
                    if following is self._STOP:
                        stopping = True
                    else:
                        latest = following
                if latest is self._STOP:
                    return
                self._store(latest)
        finally:
            connection.close()

    def _store(self, progress: dict) -> None:
        try:
            services.deck_progress_save(
                context=self.context, deck_id=self.deck_id, progress=progress
            )
            broadcast(self.context, self.deck_id)
        except Exception:  # progress is best effort; the render goes on
            logger.exception("storing progress of deck %s failed", self.deck_id)
