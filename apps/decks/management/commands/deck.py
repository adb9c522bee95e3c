"""`python manage.py deck PAPER.pdf --out DIR [--rounds N] [--json]`

Writes DIR/slides.md, DIR/slides/NN.png, DIR/review.json, DIR/deck.pdf and DIR/summary.json
(see apps/decks/pipeline/run.py for the whole folder). With --json, prints the summary. Progress
goes to stderr as a bar when stderr is a terminal.
"""

import json
import signal
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

from apps.decks import errors, limits
from apps.decks.pipeline.progress import TerminalBar
from apps.decks.pipeline.run import deck_generate


def _configured_provider():
    """The model provider when one is configured (TESSERA_MODEL_PROVIDER), else None."""
    from apps.agent import config as agent_config

    try:
        settings = agent_config.load()
    except agent_config.ConfigError as exc:
        raise CommandError(str(exc)) from exc
    if settings.provider.kind == "builtin":
        return None
    from apps.agent.providers import build_provider

    return build_provider(settings)


def _terminated(signum: int, frame) -> None:
    raise SystemExit(128 + signum)


class Command(BaseCommand):
    help = "Make a reviewed Slidev deck from a paper PDF."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("paper", type=Path, help="the paper, a PDF file")
        parser.add_argument("--out", type=Path, required=True, help="output folder")
        parser.add_argument(
            "--rounds",
            type=int,
            default=limits.get_int("default_rounds"),
            help="most review rounds (default %(default)s)",
        )
        parser.add_argument("--json", action="store_true", help="print the summary as JSON")

    def handle(self, *args, **options) -> None:
        bar = TerminalBar(sys.stderr)
        # SIGTERM (`timeout`, `kill`, a service manager) ended the process at once, skipping the
        # pipeline's cleanup: its hidden staging folder (figures, builds: often hundreds of MB)
        # stayed beside the output. As an exception, the cleanup runs and Slidev is stopped.
        previous = signal.signal(signal.SIGTERM, _terminated)
        try:
            result = deck_generate(
                pdf=options["paper"],
                out_dir=options["out"],
                rounds=options["rounds"],
                provider=_configured_provider(),
                on_progress=bar,
            )
        except errors.DeckError as exc:
            raise CommandError(str(exc)) from exc
        finally:
            signal.signal(signal.SIGTERM, previous)
            bar.close()
        summary = result.summary
        if options["json"]:
            self.stdout.write(json.dumps(summary.model_dump(), ensure_ascii=False))
            return
        issues = summary.open_issues
        self.stdout.write(
            f"{summary.slides} slides ({summary.figures_used} figures) in {result.out_dir} after "
            f"{summary.rounds} review round(s), {summary.elapsed_s:.0f} s; open issues: "
            f"{issues['high']} high, {issues['medium']} medium, {issues['low']} low."
        )
        for note in summary.unreadable_text:
            self.stdout.write(f"Unreadable text: {note}.")
