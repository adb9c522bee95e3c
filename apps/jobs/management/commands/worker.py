"""`python manage.py worker`: run background jobs from the PostgreSQL queue until stopped.

Start as many as you like, on any machine that reaches the database (and Redis, for live
events). SIGTERM or Ctrl-C stops claiming jobs and waits for the running ones; a second
signal exits at once, and the jobs it abandons are taken over by the other runners.
"""

import asyncio
import signal
import sys
import threading

from django.core.management.base import BaseCommand

from apps.agent import events
from apps.jobs import runner, settings


class Command(BaseCommand):
    help = "Run background jobs (agent runs, deck renders) from the database queue."

    def add_arguments(self, parser):
        parser.add_argument(
            "--threads",
            type=int,
            default=None,
            help="Jobs run at once by this process (default: TESSERA_TASK_THREADS).",
        )
        parser.add_argument(
            "--queues",
            default="*",
            help="Comma-separated queues to take jobs from (default: all); "
            "e.g. runs, or decks for a machine with Chromium.",
        )

    def handle(self, *args, threads=None, queues="*", **options):
        runner.host_runner()
        _start_delivery_loop()
        worker = runner.Runner(
            threads=threads or settings.threads(),
            queues=[name.strip() for name in queues.split(",") if name.strip()],
            poll_seconds=settings.poll_seconds(),
        )
        stopping = threading.Event()

        def stop(signum, frame):
            if stopping.is_set():
                self.stderr.write("worker: stopping now; running jobs will be taken over")
                sys.exit(1)
            self.stderr.write("worker: finishing running jobs (signal again to stop now)")
            stopping.set()

        signal.signal(signal.SIGTERM, stop)
        signal.signal(signal.SIGINT, stop)
        worker.start()
        self.stdout.write(
            f"worker {worker.presence.token}: {worker.threads} thread(s), queues {queues}"
        )
        self.stdout.flush()
        while not stopping.wait(0.5):
            pass
        worker.stop()


def _start_delivery_loop() -> None:
    """Jobs broadcast thread events through the channel layer, whose clients are asyncio code:
    give them one long-lived loop instead of a new loop (and Redis connection) per event."""
    loop = asyncio.new_event_loop()
    threading.Thread(target=loop.run_forever, name="tessera-delivery", daemon=True).start()
    events.bind_delivery_loop(loop)
