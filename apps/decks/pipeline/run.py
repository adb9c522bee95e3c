"""Make a deck from a paper: ingest → propose → (build → render → review → revise)* → export.

`deck_generate` is the one entry point for the CLI and the web page. It writes into a private
folder beside the output folder and moves the results in only when everything succeeded, so a
failure never leaves a half-written deck behind.

Output folder:
    slides.md, style.css, figures/      the final deck (buildable with `slidev build slides.md`)
    slides/NN.png                       screenshots of the final round, one per slide
    deck.pdf                            `slidev export` of the final deck
    review.json                         every round's issues
    summary.json                        see `Summary`
    paper.json                          what ingestion extracted
    site/                               the built deck (static; open site/index.html via HTTP)
    rounds/NN/                          each round: slides.md, deck.json, issues.json,
                                        measures.json, slides/NN.png
"""

from __future__ import annotations

import json
import logging
import shutil
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, Field

from apps.decks import errors, limits
from apps.decks.pipeline import lowercase_names
from apps.decks.pipeline.ingest import paper_read
from apps.decks.pipeline.issues import Severity
from apps.decks.pipeline.loop import RoundRecord, review_loop
from apps.decks.pipeline.paper import Paper
from apps.decks.pipeline.progress import Phase, Progress, ProgressCallback, fraction_for
from apps.decks.pipeline.propose.base import Proposer
from apps.decks.pipeline.propose.builtin import BuiltinProposer
from apps.decks.pipeline.render import slidev
from apps.decks.pipeline.render.markdown import FIGURES_DIR, style_css

logger = logging.getLogger("tessera.decks")

OUTPUT_ENTRIES = (
    "slides.md",
    "style.css",
    FIGURES_DIR,
    "slides",
    "deck.pdf",
    "review.json",
    "summary.json",
    "paper.json",
    "site",
    "rounds",
)


class RoundSummary(BaseModel):
    round: int
    found: dict[str, int]  # high / medium / low / total issues the review found
    fixed: int  # of those, answered by the revision and gone in the next round
    # of those, the blocking ones the revision left open (each with its reason in review.json)
    unrepairable: int = 0
    # of those, reported again: the round before left them unrepaired on an unchanged slide
    carried: int = 0
    # the results (figures, tables, the abstract's numbers) round 1 showed and this round lost
    lost_results: list[str] = Field(default_factory=list)


class Summary(BaseModel):
    slides: int
    figures_used: int
    rounds: int
    open_issues: dict[str, int]
    title: str
    elapsed_s: float
    per_round: list[RoundSummary] = Field(default_factory=list)
    # What of the paper's text the PDF's text layer lost (Paper.text_layer): empty when all read
    unreadable_text: list[str] = Field(default_factory=list)


@dataclass
class DeckResult:
    out_dir: Path
    summary: Summary
    rounds: list[RoundRecord] = field(default_factory=list)
    final_round: int = 0


class _Reporter:
    def __init__(self, callback: ProgressCallback | None, rounds: int):
        self.callback = callback
        self.rounds = rounds

    def __call__(
        self,
        phase: Phase,
        message: str,
        *,
        round_number: int = 0,
        slide: int = 0,
        slides: int = 0,
        part: float = 0.0,
        issues: dict[str, int] | None = None,
    ) -> None:
        if self.callback is None:
            return
        event = Progress(
            phase=phase,
            message=message,
            round=round_number,
            rounds=self.rounds,
            slide=slide,
            slides=slides,
            fraction=round(fraction_for(phase, round_number, self.rounds, part), 3),
            issues=issues or {},
        )
        try:
            self.callback(event)
        except Exception:  # a broken progress consumer must not break the deck
            logger.exception("progress callback failed")


def deck_generate(
    *,
    pdf: Path,
    out_dir: Path,
    rounds: int = limits.get_int("default_rounds"),
    provider: object | None = None,
    proposer: Proposer | None = None,
    threshold: Severity = "medium",
    export_pdf: bool = True,
    on_progress: ProgressCallback | None = None,
) -> DeckResult:
    """Make a reviewed deck from `pdf` into `out_dir`. Raises DeckError with a clear message.

    `provider` (apps.agent.providers.base.Provider) selects the model proposer and, when it
    accepts images, adds the vision reviewer; without it the builtin proposer works offline.
    `on_progress` receives `Progress` events (see progress.py) from this thread.
    """
    started = time.monotonic()
    max_rounds = limits.get_int("max_rounds")
    if not 1 <= rounds <= max_rounds:
        raise errors.DeckError(errors.BAD_ROUNDS.format(limit=max_rounds, rounds=rounds))
    out_dir = Path(out_dir)
    _output_check(out_dir)
    slidev.slidev_bin()  # fail early when the renderer is not installed
    report = _Reporter(on_progress, rounds)
    proposer = proposer or _proposer_for(provider)
    vision = _vision_for(provider)

    staging = _staging_for(out_dir)
    try:
        report("ingest", "reading the paper", part=0.0)
        paper = paper_read(Path(pdf), staging / FIGURES_DIR)
        (staging / "paper.json").write_text(paper.model_dump_json(indent=2))
        figures = len(paper.figures)
        report("ingest", f"read {paper.pages} pages, {figures} figures and tables", part=1.0)

        report("propose", f"writing the first deck ({proposer.name} proposer)")
        # the paper's lower-case names ("xts") keep their case in every round's text
        with lowercase_names.known_in(
            [paper.abstract, *(p for s in paper.sections for p in s.paragraphs)]
        ):
            deck = proposer.propose(paper)
            records, best_build = review_loop(
                paper=paper,
                deck=deck,
                proposer=proposer,
                staging=staging,
                rounds=rounds,
                threshold=threshold,
                report=report,
                vision=vision,
            )
        final = min(records, key=RoundRecord.rank)
        _write_final(staging, paper, final, best_build)
        if export_pdf:
            report("export", "exporting deck.pdf", part=0.0)
            slidev.export(staging / "slides.md", staging / "deck.pdf", fmt="pdf")
            report("export", "exported deck.pdf", part=1.0)
        _remove_work(staging)
        summary = Summary(
            slides=len(final.deck.slides),
            figures_used=len([f for f in final.deck.figures_used() if paper.figure(f)]),
            rounds=len(records),
            open_issues=final.counts,
            title=paper.title,
            elapsed_s=round(time.monotonic() - started, 1),
            per_round=[
                RoundSummary(
                    round=r.number,
                    found={**r.counts, "total": len(r.issues)},
                    fixed=r.fixed,
                    unrepairable=len(r.unrepairable),
                    carried=sum(1 for i in r.issues if i.evidence.get("carried")),
                    lost_results=[lost["what"] for lost in r.lost],
                )
                for r in records
            ],
            unreadable_text=paper.text_layer,
        )
        (staging / "review.json").write_text(
            json.dumps(
                {
                    "threshold": threshold,
                    "final_round": final.number,
                    "rounds": [r.as_review() for r in records],
                },
                indent=2,
                ensure_ascii=False,
            )
        )
        (staging / "summary.json").write_text(summary.model_dump_json(indent=2))
        _move_into(staging, out_dir)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    for record in records:
        record.folder = out_dir / "rounds" / f"{record.number:02d}"
    plural = "round" if summary.rounds == 1 else "rounds"
    report("done", f"{summary.slides} slides, {summary.rounds} review {plural}")
    return DeckResult(out_dir=out_dir, summary=summary, rounds=records, final_round=final.number)


def _write_final(staging: Path, paper: Paper, final: RoundRecord, best_build: Path) -> None:
    (staging / "slides.md").write_text((final.folder / "slides.md").read_text())
    (staging / "style.css").write_text(style_css())
    shutil.copytree(final.folder / "slides", staging / "slides")
    if best_build.exists():
        best_build.rename(staging / "site")


def _remove_work(staging: Path) -> None:
    shutil.rmtree(staging / "work", ignore_errors=True)
    shutil.rmtree(staging / "node_modules", ignore_errors=True)  # Slidev's cache from export


def _output_check(out_dir: Path) -> None:
    """Refuse, before any work, an output folder a deck cannot be published into whole, or
    only by replacing files that are no deck's (`--out ~` would remove a `site` or `slides`
    folder of the person's own)."""
    if out_dir.exists() and not out_dir.is_dir():
        raise errors.DeckError(errors.OUT_IS_FILE.format(path=out_dir))
    ancestor = _existing_ancestor(out_dir)
    if not ancestor.is_dir():
        raise errors.DeckError(errors.OUT_UNDER_FILE.format(path=out_dir, file=ancestor))
    if out_dir.is_dir() and not (out_dir / "summary.json").is_file():
        taken = [name for name in OUTPUT_ENTRIES if (out_dir / name).exists()]
        if taken:
            names = ", ".join(taken)
            raise errors.DeckError(errors.OUT_HOLDS_OTHER_FILES.format(path=out_dir, names=names))


def _staging_for(out_dir: Path) -> Path:
    """A folder beside the output (same file system, so publishing it is a rename)."""
    ancestor = _existing_ancestor(out_dir)
    try:
        staging = Path(tempfile.mkdtemp(prefix=f".{out_dir.name or 'deck'}.", dir=ancestor))
    except OSError as exc:
        reason = exc.strerror or str(exc)
        raise errors.DeckError(
            errors.OUT_NOT_WRITABLE.format(folder=ancestor, reason=reason)
        ) from exc
    staging.chmod(0o755)  # mkdtemp's 0700 would carry over to the published folder
    return staging


def _existing_ancestor(path: Path) -> Path:
    parent = path.absolute().parent
    while not parent.exists():
        parent = parent.parent
    return parent


def _move_into(staging: Path, out_dir: Path) -> None:
    """Publish the staged files: a rename when the folder is new, else entry by entry."""
    if not out_dir.exists():
        out_dir.parent.mkdir(parents=True, exist_ok=True)
        staging.rename(out_dir)
        return
    for name in OUTPUT_ENTRIES:
        source = staging / name
        if not source.exists():
            continue
        target = out_dir / name
        if target.is_dir() and not target.is_symlink():
            shutil.rmtree(target)
        elif target.exists() or target.is_symlink():
            target.unlink()
        source.rename(target)
    shutil.rmtree(staging, ignore_errors=True)


def _proposer_for(provider: object | None) -> Proposer:
    if provider is None:
        return BuiltinProposer()
    from apps.decks.pipeline.propose.llm import LlmProposer

    return LlmProposer(provider)


def _vision_for(provider: object | None):
    if provider is None or not getattr(provider, "supports_images", False):
        return None
    from apps.decks.pipeline.review.vision import VisionReviewer

    return VisionReviewer(provider)
