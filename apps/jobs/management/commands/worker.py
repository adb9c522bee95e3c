"""`python manage.py worker`: run background jobs from the PostgreSQL queue until stopped.

Start as many as you like, on any machine that reaches the database (and Redis, for live
events). SIGTERM or Ctrl-C stops claiming jobs and waits for the running ones; a second
signal exits at once, and the jobs it abandons are taken over by the other runners.
"""

import asyncio
import signal
import sys

from django.core.management.base import BaseCommand

from apps.jobs import runner, settings
from apps.realtime import groups


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
        asyncio.run(self._serve(threads, queues))

    async def _serve(self, threads, queues) -> None:
        """The command's event loop carries the jobs' channel sends (apps/realtime/groups.py)
        while the runner threads work."""
        loop = asyncio.get_running_loop()
        worker = runner.Runner(
            threads=threads or settings.threads(),
            queues=[name.strip() for name in queues.split(",") if name.strip()],
            poll_seconds=settings.poll_seconds(),
        )
        stopping = asyncio.Event()

        def stop() -> None:
            if stopping.is_set():
                self.stderr.write("worker: stopping now; running jobs will be taken over")
                sys.exit(1)
            self.stderr.write("worker: finishing running jobs (signal again to stop now)")
            stopping.set()

        loop.add_signal_handler(signal.SIGTERM, stop)
        loop.add_signal_handler(signal.SIGINT, stop)
        worker.start(loop=loop)
        self.stdout.write(
            f"worker {worker.presence.token}: {worker.threads} thread(s), queues {queues}"
        )
        self.stdout.flush()
        await stopping.wait()
        # The loop keeps carrying sends while the running jobs finish.
        await loop.run_in_executor(None, worker.stop)
        await groups.sends_done()  # what the last jobs queued goes before the loop stops
