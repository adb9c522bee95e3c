"""Benchmark of the deck review round (issue 7). Prints figures; not a test.

    .venv/bin/python bench/decks.py                         # the graph-ordering paper, 3 rounds
    .venv/bin/python bench/decks.py PAPER.pdf --rounds 5

For one paper it makes the builtin deck once, then in the same run, for that same deck:

- a review round, `--rounds` times: `slidev build`, then Chromium loads every slide, takes its
  screenshot (device scale 2, 1960×1104) and measures the DOM and the pixels, then the rule
  reviewer runs — the work the loop repeats each round (the proposer's revision is not timed);
- `slidev export --format png` of the same slides.md at the same scale, `--rounds` times.

It prints the median of each and the ratio round / export (target: at most 1).
"""

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

DEFAULT_PAPER = (
    ROOT
    / "tests"
    / "fixtures"
    / "papers"
    / "rescience"
    / "lecuyer2021_rescience_graph_ordering.pdf"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("paper", nargs="?", type=Path, default=DEFAULT_PAPER)
    parser.add_argument("--rounds", type=int, default=3, help="repetitions of each measurement")
    args = parser.parse_args()

    from apps.decks.pipeline.ingest import paper_read
    from apps.decks.pipeline.propose.builtin import BuiltinProposer
    from apps.decks.pipeline.render import slidev
    from apps.decks.pipeline.render.browser import Renderer
    from apps.decks.pipeline.render.markdown import FIGURES_DIR, deck_markdown
    from apps.decks.pipeline.review import review

    work = Path(tempfile.mkdtemp(prefix="tessera-bench-decks-"))
    try:
        started = time.perf_counter()
        paper = paper_read(args.paper, work / FIGURES_DIR)
        ingest_s = time.perf_counter() - started
        deck = BuiltinProposer().propose(paper)
        markdown = deck_markdown(deck, paper)
        entry = slidev.workspace_write(work / "workspace", markdown, work / FIGURES_DIR)
        slides = len(deck.slides)

        rounds: list[tuple[float, float, float]] = []
        with Renderer() as renderer:
            for number in range(args.rounds):
                t0 = time.perf_counter()
                build = slidev.build(entry, work / "build")
                t1 = time.perf_counter()
                measures = renderer.render(
                    build, slides, work / f"shots-{number}", work / FIGURES_DIR
                )
                t2 = time.perf_counter()
                review(deck, measures, paper, work / FIGURES_DIR)
                t3 = time.perf_counter()
                rounds.append((t1 - t0, t2 - t1, t3 - t2))

        exports: list[float] = []
        for number in range(args.rounds):
            t0 = time.perf_counter()
            slidev.export(entry, work / f"export-{number}", fmt="png", scale=2)
            exports.append(time.perf_counter() - t0)
            produced = len(list((work / f"export-{number}").rglob("*.png")))
            written = sorted(str(p.relative_to(work)) for p in work.glob("export*"))
            assert produced == slides, f"export wrote {produced} PNGs for {slides} ({written})"
    finally:
        shutil.rmtree(work, ignore_errors=True)

    round_s = statistics.median(sum(r) for r in rounds)
    build_s = statistics.median(r[0] for r in rounds)
    render_s = statistics.median(r[1] for r in rounds)
    review_s = statistics.median(r[2] for r in rounds)
    export_s = statistics.median(exports)
    print(f"paper            {args.paper.name} ({paper.pages} pages, ingest {ingest_s:.1f} s)")
    print(f"deck             {slides} slides, {len(deck.figures_used())} figures")
    print(f"review round     {round_s:6.2f} s  (median of {args.rounds})")
    print(f"  slidev build   {build_s:6.2f} s")
    print(f"  screenshots +  {render_s:6.2f} s  ({render_s / slides * 1000:.0f} ms per slide)")
    print("  measurement")
    print(f"  rule review    {review_s:6.2f} s")
    print(f"slidev export    {export_s:6.2f} s  (--format png --scale 2, median of {args.rounds})")
    print(f"ratio            {round_s / export_s:6.2f}  (review round / export; target ≤ 1)")


if __name__ == "__main__":
    main()
