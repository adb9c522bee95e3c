"""What the progress panel of a deck says, from the deck's state payload.

Computed once, on the server: the page renders it (templates/decks/_progress.html) and the
socket sends it inside every state (`selectors.deck_state(...)["view"]`), so the browser script
only puts these words and states in place.
"""

from __future__ import annotations

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


def progress_view(state: dict) -> dict:
    """`state` is `selectors.deck_state` without its view: status, rounds, progress, percent."""
    progress = state["progress"]
    phase = progress.get("phase", "")
    status = state["status"]
    if status == "queued":
        label, message = "Queued", QUEUED_MESSAGE
    else:
        label = PHASE_LABELS.get(phase, phase)
        message = progress.get("message") or "starting"
    current = PHASE_STEP.get(phase, 0)
    if status == "done":
        current = len(STEPS)
    steps = []
    for index, name in enumerate(STEPS):
        if index < current:
            step_state = "done"
        elif index == current and status == "running":
            step_state = "current"
        elif index == current and status == "failed":
            step_state = "failed"
        else:
            step_state = "todo"
        steps.append({"name": name, "state": step_state})
    return {
        "label": label,
        "message": message[:1].upper() + message[1:],
        "percent": 100 if status == "done" else state["percent"],
        "round_text": round_text(progress, state["rounds"]),
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
