"""Shared inputs for the decks tests.

Building and reviewing a deck costs a Slidev build and a Chromium session, so each paper's deck
is made once per test session and shared by every test that inspects it.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from django.conf import settings

from apps.decks.pipeline.run import DeckResult, deck_generate
from tests.decks import paperfactory

FIXTURES = Path(settings.BASE_DIR) / "tests" / "fixtures" / "papers"
PAPERS = sorted(FIXTURES.glob("*/*.pdf"))


# summary.json, as the deck CLI writes it.
SUMMARY_KEYS = {
    "slides",
    "figures_used",
    "rounds",
    "open_issues",
    "title",
    "elapsed_s",
    "per_round",
    "unreadable_text",  # the letters a damaged text layer lost and could not be read back
}


def paper_named(stem: str) -> Path:
    return next(p for p in PAPERS if p.stem == stem)


@pytest.fixture(scope="session")
def generated_pdf(tmp_path_factory) -> Path:
    return paperfactory.paper_pdf(tmp_path_factory.mktemp("paper") / "generated-paper.pdf")


class DeckRuns:
    """Decks made on demand and kept for the session (one build per paper)."""

    def __init__(self, root: Path):
        self.root = root
        self.results: dict[Path, DeckResult] = {}
        self.events: dict[Path, list] = {}

    def get(self, pdf: Path) -> DeckResult:
        if pdf not in self.results:
            events: list = []
            self.results[pdf] = deck_generate(
                pdf=pdf,
                out_dir=self.root / pdf.stem,
                rounds=5,
                export_pdf=False,
                on_progress=events.append,
            )
            self.events[pdf] = events
        return self.results[pdf]


@pytest.fixture(scope="session")
def deck_runs(tmp_path_factory) -> DeckRuns:
    return DeckRuns(tmp_path_factory.mktemp("decks"))


@pytest.fixture(scope="session")
def generated_paper(generated_pdf, tmp_path_factory):
    """The generated paper, ingested once: (Paper, figures folder)."""
    from apps.decks.pipeline.ingest import paper_read

    figures = tmp_path_factory.mktemp("generated-figures") / "figures"
    return paper_read(generated_pdf, figures), figures
