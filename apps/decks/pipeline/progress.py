"""Progress of a deck run, as events for the web page and a bar for the terminal."""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import Literal, TextIO

Phase = Literal["ingest", "propose", "build", "render", "review", "revise", "export", "done"]

# Share of the whole run each part takes (ingest + propose, the review rounds, export).
_BEFORE_ROUNDS = 0.12
_ROUNDS = 0.70
_ROUND_PARTS = {"build": 0.0, "render": 0.4, "review": 0.95, "revise": 0.97}


@dataclass(frozen=True)
class Progress:
    """One progress event. `message` is ready to show ("round 2 of 5: rendering slide 7/14")."""

    phase: Phase
    message: str
    round: int = 0
    rounds: int = 0
    slide: int = 0
    slides: int = 0
    fraction: float = 0.0  # estimate of the whole run done, 0..1
    issues: dict[str, int] = field(default_factory=dict)  # after a review: high/medium/low

    def as_dict(self) -> dict:
        return asdict(self)


ProgressCallback = Callable[[Progress], None]


def fraction_for(phase: Phase, round_number: int = 0, rounds: int = 0, part: float = 0.0) -> float:
    if phase == "ingest":
        return 0.08 * part
    if phase == "propose":
        return 0.1
    if phase == "export":
        return _BEFORE_ROUNDS + _ROUNDS + 0.18 * part
    if phase == "done":
        return 1.0
    share = _ROUNDS / max(1, rounds)
    start = _BEFORE_ROUNDS + share * (round_number - 1)
    base = _ROUND_PARTS.get(phase, 0.0)
    span = 0.55 if phase == "render" else 0.4 if phase == "build" else 0.02
    return min(0.99, start + share * (base + span * part))


class TerminalBar:
    """A one-line progress bar on a terminal (nothing is drawn when the stream is not a TTY)."""

    def __init__(self, stream: TextIO | None = None):
        self.stream = stream or sys.stderr
        self.active = self.stream.isatty()
        self._last = ""

    def __call__(self, event: Progress) -> None:
        if not self.active:
            return
        width = max(20, min(100, shutil.get_terminal_size((80, 20)).columns) - 2)
        bar_width = 24
        filled = round(event.fraction * bar_width)
        bar = "█" * filled + "░" * (bar_width - filled)
        line = f"{bar} {event.fraction:4.0%}  {event.message}"[:width]
        if line != self._last:
            self.stream.write("\r" + line.ljust(width))
            self.stream.flush()
            self._last = line

    def close(self) -> None:
        if self.active and self._last:
            self.stream.write("\r" + " " * len(self._last) + "\r")
            self.stream.flush()
