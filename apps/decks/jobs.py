"""Deck rows from upload to finished deck: the writes behind the Decks page.

    deck_create   the upload view: validate, store upload/<name>.pdf, add the row, and once the
                  transaction commits, queue the render job (tasks.py)
    deck_render   the job's body, in a runner thread of a web process or of a worker: runs
                  `services.deck_generate` into the deck's folder, stores every progress event
                  on the row and pushes it to the deck page's socket group

A render that fails ends as status "failed" with the pipeline's message for the person; the
pipeline publishes its folder only when everything succeeded, so a failed deck shows nothing
half-made.
"""

from __future__ import annotations

import logging
import queue
import shutil
import threading
from pathlib import Path

from django.contrib.auth import get_user_model
from django.db import connection, transaction
from django.utils import timezone

from apps.accounts.access import AccessContext, AccessDenied, access_context_for_user, bound
from apps.decks import errors, selectors
from apps.decks.models import Deck, DeckStatus
from apps.decks.pdf_checks import pdf_check
from apps.decks.progress import Progress
from apps.decks.uploads import (
    UploadError,
    display_name,
    stored_name,
    upload_admit,
    upload_check,
)
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


def deck_create(
    *, context: AccessContext, upload, rounds: int, too_large: str | None = None
) -> Deck:
    """Validate the upload, keep it in the deck's folder and queue the render (after commit).

    Raises UploadError with the message for the upload field; nothing is left behind then.
    """
    upload_check(upload, too_large=too_large)
    upload_admit(context=context, size_bytes=upload.size)
    name = stored_name(upload.name)
    with bound(context):
        deck = Deck.objects.create(
            tenant_id=context.tenant_id,
            owner_id=context.user_id,
            title=Path(display_name(upload.name)).stem[:300] or name,
            filename=name,
            size_bytes=upload.size,
            rounds=rounds,
        )
        try:
            deck.upload_path.parent.mkdir(parents=True)
            with deck.upload_path.open("wb") as stored:
                for chunk in upload.chunks():
                    stored.write(chunk)
            # Cheap structural checks now (encrypted, no pages, too many pages, huge images), so
            # the person hears about them at the upload field, not minutes later.
            pdf_check(deck.upload_path)
        except errors.PaperError as exc:
            shutil.rmtree(deck.folder, ignore_errors=True)
            raise UploadError(str(exc)) from exc
        except BaseException:
            shutil.rmtree(deck.folder, ignore_errors=True)
            raise
        transaction.on_commit(lambda: _enqueue(deck.id, context.user_id))
    return deck


def deck_render(*, deck_id: str, owner_id: int) -> str:
    """Make the deck of a queued (or interrupted) row; returns the status it ended with.

    A deck that is already done or failed, or no longer visible to its owner, is left alone, so
    running the same task twice is harmless.
    """
    context = _owner_context(owner_id)
    if context is None:
        return "gone"
    deck = _claim(context, deck_id)
    if deck is None:
        return "skipped"
    _remove_stale_staging(deck)
    recorder = ProgressRecorder(context, deck.id)
    try:
        from apps.decks.services import deck_generate

        result = deck_generate(
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
    summary = result.summary.model_dump()
    _finish(
        context,
        deck.id,
        status=DeckStatus.DONE,
        summary=summary,
        title=(result.summary.title or deck.title)[:300],
    )
    return DeckStatus.DONE


def deck_lost(*, deck_id: str, owner_id: int) -> None:
    """The job ran out of attempts because its workers died: say so on the deck."""
    context = _owner_context(owner_id)
    if context is None:
        return
    with bound(context):
        deck = Deck.objects.filter(pk=deck_id).first()
    if deck is None or deck.finished:
        return
    _remove_stale_staging(deck)
    _finish(context, deck.id, status=DeckStatus.FAILED, error=DECK_LOST)


def _enqueue(deck_id, owner_id: int) -> None:
    from apps.decks import tasks  # the job module imports this one

    tasks.deck_render.enqueue(deck_id=str(deck_id), owner_id=owner_id)


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


def _claim(context: AccessContext, deck_id) -> Deck | None:
    with bound(context):
        deck = Deck.objects.select_for_update().filter(pk=deck_id).first()
        if deck is None or deck.finished:
            return None
        deck.status = DeckStatus.RUNNING
        deck.started_at = timezone.now()
        deck.error = ""
        deck.progress = {}
        deck.save(update_fields=["status", "started_at", "error", "progress", "updated_at"])
    _broadcast(context, deck.id)
    return deck


def _finish(context: AccessContext, deck_id, *, status: str, **fields) -> None:
    with bound(context):
        Deck.objects.filter(pk=deck_id).update(
            status=status, finished_at=timezone.now(), updated_at=timezone.now(), **fields
        )
    _broadcast(context, deck_id)


def _remove_stale_staging(deck: Deck) -> None:
    """A worker killed mid-render leaves the pipeline's hidden staging folder behind."""
    for stale in deck.folder.parent.glob(f".{deck.id}.*"):
        shutil.rmtree(stale, ignore_errors=True)


def _broadcast(context: AccessContext, deck_id) -> None:
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
            with bound(self.context):
                Deck.objects.filter(pk=self.deck_id, status=DeckStatus.RUNNING).update(
                    progress=progress, updated_at=timezone.now()
                )
            _broadcast(self.context, self.deck_id)
        except Exception:  # progress is best effort; the render goes on
            logger.exception("storing progress of deck %s failed", self.deck_id)
