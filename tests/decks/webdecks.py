"""Deck rows and folders for the web tests, without running the pipeline.

`finished_folder` writes what `services.deck_generate` publishes (summary, review with every
round's issues, screenshots, deck.pdf, the built site), small but in the same layout, so pages,
files and the socket can be tested in milliseconds. One real render runs in the browser test.
"""

from __future__ import annotations

import io
import json
import shutil
from pathlib import Path

from PIL import Image

from apps.accounts.access import bound
from apps.decks.models import UPLOAD_DIR, Deck, DeckStatus

TITLE = "Cache-Aware Scheduling Makes Graph Analytics Faster"
PLANTED = {
    "slide": 2,
    "type": "overflow",
    "severity": "high",
    "message": "text runs 180 px below the slide",
    "suggestion": "split into two slides",
    "evidence": {"overflow_px": 180},
}
DECK_LEVEL = {
    "slide": 0,
    "type": "too_few_figures",
    "severity": "medium",
    "message": "the deck shows 2 of the paper's figures; at least 3 are expected",
    "suggestion": "add a slide for another figure",
    "evidence": {},
}
MINIMAL_PDF = (
    b"%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n"
    b"2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n"
    b"3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\n"
    b"trailer<</Root 1 0 R>>\n%%EOF\n"
)


def png(color: str = "#dfe7e8", size: tuple[int, int] = (98, 55)) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", size, color).save(buffer, "PNG")
    return buffer.getvalue()


def _deck_json(titles: list[str]) -> dict:
    slides = [{"kind": "title", "title": titles[0]}]
    slides += [{"kind": "bullets", "title": t, "bullets": ["A point."]} for t in titles[1:]]
    return {"title": TITLE, "authors": ["Ada Lovelace"], "slides": slides}


def finished_folder(folder: Path, *, rounds: int = 2, slides: tuple[int, ...] = (4, 5)) -> Path:
    """A published deck folder: round 1 with a planted overflow on slide 2 and a deck-level
    issue, later rounds clean; the final round is the last."""
    folder.mkdir(parents=True, exist_ok=True)
    review_rounds = []
    for number in range(1, rounds + 1):
        count = slides[min(number, len(slides)) - 1]
        titles = [TITLE, *[f"Slide {k} of round {number}" for k in range(2, count + 1)]]
        round_dir = folder / "rounds" / f"{number:02d}"
        (round_dir / "slides").mkdir(parents=True, exist_ok=True)
        for k in range(1, count + 1):
            (round_dir / "slides" / f"{k:02d}.png").write_bytes(png())
        (round_dir / "deck.json").write_text(json.dumps(_deck_json(titles)))
        (round_dir / "slides.md").write_text("---\n")
        issues = [PLANTED, DECK_LEVEL] if number == 1 and rounds > 1 else []
        (round_dir / "issues.json").write_text(json.dumps(issues))
        counts = {"high": 0, "medium": 0, "low": 0}
        for issue in issues:
            counts[issue["severity"]] += 1
        review_rounds.append({"round": number, "slides": count, "counts": counts, "issues": issues})
    final = folder / "rounds" / f"{rounds:02d}"
    shutil.copytree(final / "slides", folder / "slides", dirs_exist_ok=True)
    (folder / "review.json").write_text(
        json.dumps({"threshold": "medium", "final_round": rounds, "rounds": review_rounds})
    )
    summary = {
        "slides": review_rounds[-1]["slides"],
        "figures_used": 3,
        "rounds": rounds,
        "open_issues": {"high": 0, "medium": 0, "low": 0},
        "title": TITLE,
        "elapsed_s": 21.4,
    }
    (folder / "summary.json").write_text(json.dumps(summary))
    (folder / "deck.pdf").write_bytes(MINIMAL_PDF)
    (folder / "figures").mkdir(exist_ok=True)
    (folder / "figures" / "fig-1.png").write_bytes(png("#3a6ea5"))
    (folder / "site" / "assets").mkdir(parents=True, exist_ok=True)
    (folder / "site" / "index.html").write_text(
        '<!doctype html><script type="module" src="./assets/index.js"></script>'
    )
    (folder / "site" / "assets" / "index.js").write_text("export {};\n")
    (folder / "site" / "assets" / "index.css").write_text("body{margin:0}\n")
    return folder


def deck_add(context, *, status: str = DeckStatus.DONE, rounds: int = 2, **fields) -> Deck:
    """A Deck row of `context`'s person, with a finished folder when `status` is done."""
    defaults = {
        "title": TITLE if status == DeckStatus.DONE else "graph-paper",
        "filename": "graph-paper.pdf",
        "size_bytes": len(MINIMAL_PDF),
        "rounds": 5,
        "status": status,
    }
    with bound(context):
        deck = Deck.objects.create(
            tenant_id=context.tenant_id, owner_id=context.user_id, **{**defaults, **fields}
        )
    (deck.folder / UPLOAD_DIR).mkdir(parents=True, exist_ok=True)
    deck.upload_path.write_bytes(MINIMAL_PDF)
    if status == DeckStatus.DONE:
        finished_folder(deck.folder, rounds=rounds)
        with bound(context):
            summary = json.loads((deck.folder / "summary.json").read_text())
            Deck.objects.filter(pk=deck.pk).update(summary=summary)
        deck.summary = summary
    return deck


def deck_remove(context, deck_id) -> None:
    with bound(context):
        deck = Deck.objects.filter(pk=deck_id).first()
        if deck is not None:
            shutil.rmtree(deck.folder, ignore_errors=True)
            deck.delete()


def two_rounds_from(source: Path, folder: Path) -> Path:
    """A copy of a real deck folder made of its first round twice, round 1 carrying the
    planted issue on slide 2 (real screenshots on both sides of a before/after)."""
    shutil.copytree(source, folder, dirs_exist_ok=True, ignore=shutil.ignore_patterns("upload"))
    for later in (folder / "rounds").iterdir():
        if later.name != "01":
            shutil.rmtree(later)
    shutil.copytree(folder / "rounds" / "01", folder / "rounds" / "02")
    review = json.loads((folder / "review.json").read_text())
    first = review["rounds"][0]
    first["issues"] = [PLANTED]
    first["counts"] = {"high": 1, "medium": 0, "low": 0}
    second = {**first, "round": 2, "issues": [], "counts": {"high": 0, "medium": 0, "low": 0}}
    review.update(final_round=2, rounds=[first, second])
    (folder / "review.json").write_text(json.dumps(review))
    summary = json.loads((folder / "summary.json").read_text())
    (folder / "summary.json").write_text(json.dumps({**summary, "rounds": 2}))
    return folder
