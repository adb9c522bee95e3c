"""Benchmark of reading a paper (PDF → Paper). Prints figures; not a test.

    .venv/bin/python bench/ingest.py                  # the sideways fixture and a page of maps
    .venv/bin/python bench/ingest.py PAPER.pdf … --rounds 3

For each paper, in the same run:

- the baseline: pdfplumber opens the PDF and gives every page's glyphs — the one parse of the
  page's content that reading cannot do without (it parses every drawing of the page too);
- `paper_read`, the whole of ingestion: layout, structure, equations, figures and their crops.

It prints the median of each and the ratio read / parse. A paper with a page set sideways was
once parsed twice (once to find the page, once to read it), and a page of maps drawn with tens
of thousands of strokes made that parse the larger part of a deck's build.
"""

import argparse
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SIDEWAYS = ROOT / "tests" / "fixtures" / "papers" / "ingest" / "sideways" / "tessera-sideways.pdf"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("papers", nargs="*", type=Path)
    parser.add_argument("--rounds", type=int, default=3, help="repetitions of each measurement")
    args = parser.parse_args()

    import os

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.test")
    import django

    django.setup()

    work = Path(tempfile.mkdtemp(prefix="tessera-bench-ingest-"))
    papers = args.papers or [SIDEWAYS, _maps_paper(work)]
    print(f"{'paper':<32} {'parse s':>8} {'read s':>8} {'read/parse':>10}")
    for paper in papers:
        parse = _median(_parse_only, paper, args.rounds)
        read = _median(_read, paper, args.rounds)
        print(f"{paper.name[:32]:<32} {parse:8.2f} {read:8.2f} {read / parse:10.2f}")


def _maps_paper(work: Path) -> Path:
    """Two coastline maps of 15,000 strokes each on one page (the dense-drawing test's paper)."""
    from tests.decks.test_ingest_dense_drawing import _map_paper

    return _map_paper(work / "maps.pdf")


def _parse_only(paper: Path) -> None:
    import pdfplumber

    with pdfplumber.open(paper) as pdf:
        for page in pdf.pages:
            page.chars  # noqa: B018 - the parse is what is measured


def _read(paper: Path) -> None:
    from apps.decks.pipeline.ingest import paper_read

    with tempfile.TemporaryDirectory(prefix="tessera-bench-figures-") as figures:
        paper_read(paper, Path(figures))


def _median(run, paper: Path, rounds: int) -> float:
    times = []
    for _ in range(rounds):
        start = time.perf_counter()
        run(paper)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


if __name__ == "__main__":
    main()
