"""Retries, the idle watchdog and the fallback chain.

Only failures a retry can fix are retried (`ProviderError.retryable`: 429, 5xx, connection
errors, stalled streams). Delays grow exponentially with "equal jitter" (half fixed, half
random, so retries spread out but never hammer) and never undercut the server's Retry-After.
When a Retry-After exceeds the longest delay we accept, waiting is pointless and the provider
counts as exhausted. After `max_attempts` failed attempts the next provider of the chain takes
the same neutral request; it stays in charge for the rest of this `ResilientProvider`'s life
(build one per run), so a dead endpoint does not cost a full retry budget on every step.

The SDK clients are built with `max_retries=0`, so these retries are the only ones.
"""

import email.utils
import logging
import queue
import random
import threading
import time
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field

from apps.agent.providers.base import (
    ModelProposal,
    ModelRequest,
    PermanentProviderError,
    Provider,
    ProviderError,
    ProviderNotice,
    ProviderUnavailable,
    StreamItem,
    StreamStalled,
    collect,
)

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RetryPolicy:
    max_attempts: int = 4
    base_seconds: float = 1.0
    max_seconds: float = 30.0
    rng: random.Random = field(default_factory=random.Random, compare=False)

    def delay(self, attempt: int, retry_after: float | None = None) -> float | None:
        """Seconds to wait after failed attempt number `attempt` (1-based); None: stop."""
        if attempt >= self.max_attempts:
            return None
        if retry_after is not None and retry_after > self.max_seconds:
            return None
        backoff = min(self.max_seconds, self.base_seconds * 2 ** (attempt - 1))
        jittered = backoff / 2 + self.rng.uniform(0, backoff / 2)
        return max(jittered, retry_after or 0.0)


def parse_retry_after(headers: Mapping[str, str], now: float | None = None) -> float | None:
    """Seconds the server asked us to wait: `retry-after-ms`, or `Retry-After` as seconds or
    an HTTP date. None when absent or unreadable."""
    lowered = {key.lower(): value for key, value in headers.items()}
    millis = lowered.get("retry-after-ms")
    if millis is not None:
        try:
            return max(0.0, float(millis) / 1000)
        except ValueError:
            pass
    value = lowered.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(value)
    except (TypeError, ValueError):
        return None
    return max(0.0, moment.timestamp() - (time.time() if now is None else now))


_END = object()


def watch_idle[T](
    items: Iterable[T],
    idle_seconds: float,
    *,
    close: Callable[[], None] | None = None,
    provider: str = "",
) -> Iterator[T]:
    """Yield from `items`, raising `StreamStalled` when none arrives for `idle_seconds`.

    The source is read on a daemon thread so that a blocked read cannot block the watchdog.
    `close` (typically closing the HTTP response) is called when the stream ends, is cut, or
    the caller stops early. Keep-alive bytes that produce no item do not count as progress.
    """
    inbox: queue.Queue = queue.Queue()
    stopped = threading.Event()

    def pump() -> None:
        try:
            for item in items:
                if stopped.is_set():
                    return
                inbox.put((item, None))
        except BaseException as error:  # handed to the consumer, which re-raises it
            inbox.put((_END, error))
            return
        inbox.put((_END, None))

    threading.Thread(target=pump, name="model-stream", daemon=True).start()
    try:
        while True:
            try:
                item, error = inbox.get(timeout=idle_seconds)
            except queue.Empty:
                raise StreamStalled(
                    f"the model stream produced nothing for {idle_seconds:g} s and was cut",
                    provider=provider,
                ) from None
            if error is not None:
                raise error
            if item is _END:
                return
            yield item
    finally:
        stopped.set()
        if close is not None:
            try:
                close()
            except Exception:  # closing a dead connection may fail; nothing to do then
                log.debug("closing a cut stream failed", exc_info=True)


def describe(provider: Provider) -> str:
    return f"{provider.name}:{provider.model}" if provider.model else provider.name


class ResilientProvider:
    """A provider chain with retries: the primary, then each fallback in turn."""

    def __init__(
        self,
        primary: Provider,
        fallbacks: list[Provider] | None = None,
        *,
        policy: RetryPolicy | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.chain: list[Provider] = [primary, *(fallbacks or [])]
        self.policy = policy or RetryPolicy()
        self._sleep = sleep
        self._active = 0

    @property
    def current(self) -> Provider:
        return self.chain[self._active]

    @property
    def name(self) -> str:
        return self.current.name

    @property
    def model(self) -> str:
        return self.current.model

    @property
    def supports_images(self) -> bool:
        return self.current.supports_images

    def complete(self, request: ModelRequest) -> ModelProposal:
        return collect(self._attempts(request, lambda p: iter([p.complete(request)]), []))

    def stream(self, request: ModelRequest) -> Iterator[StreamItem]:
        return self._attempts(request, lambda p: p.stream(request), [])

    def _attempts(
        self,
        request: ModelRequest,
        call: Callable[[Provider], Iterator[StreamItem]],
        notices: list[ProviderNotice],
    ) -> Iterator[StreamItem]:
        last_error: ProviderError | None = None
        while True:
            provider = self.current
            attempt = 0
            while True:
                attempt += 1
                try:
                    for item in call(provider):
                        if isinstance(item, ModelProposal):
                            yield item.model_copy(update={"notices": notices + item.notices})
                            return
                        yield item
                    raise PermanentProviderError(
                        "the provider's stream ended without a proposal", provider=provider.name
                    )
                except ProviderError as error:
                    if not error.retryable:
                        raise
                    last_error = error
                    delay = self.policy.delay(attempt, error.retry_after)
                    if delay is None:
                        break
                    notice = ProviderNotice(
                        kind="retry",
                        provider=describe(provider),
                        attempt=attempt,
                        error=str(error),
                        status=error.status,
                        delay_seconds=round(delay, 3),
                    )
                    log.warning(
                        "%s attempt %d failed (%s); retrying in %.2f s",
                        notice.provider,
                        attempt,
                        error,
                        delay,
                    )
                    notices.append(notice)
                    yield notice
                    self._sleep(delay)
            if self._active + 1 >= len(self.chain):
                raise ProviderUnavailable(
                    f"The model provider {describe(provider)} did not answer after {attempt} "
                    f"attempt(s): {last_error}. Try again later, or set TESSERA_FALLBACK_PROVIDER "
                    "to a provider that can take over.",
                    provider=provider.name,
                    status=last_error.status if last_error else None,
                )
            self._active += 1
            notice = ProviderNotice(
                kind="failover",
                provider=describe(provider),
                attempt=attempt,
                error=str(last_error),
                status=last_error.status if last_error else None,
                next_provider=describe(self.current),
            )
            log.warning(
                "%s failed %d time(s) (%s); %s takes over",
                notice.provider,
                attempt,
                last_error,
                notice.next_provider,
            )
            notices.append(notice)
            yield notice
