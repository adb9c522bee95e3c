"""The job runner's settings: each a named environment variable with a default and help."""

from apps.agent import config as agent_config
from project import env

RUNNER_THREADS = "threads"
RUNNER_WORKERS = "workers"
# Most jobs of a queue one process runs at once, whatever its thread count: a deck render
# drives a Chromium and Slidev builds, and two at once on one machine only slow both down.
QUEUE_CAPS = {"decks": 1}

env.declare(
    "TESSERA_TASK_RUNNER",
    RUNNER_THREADS,
    "Who runs background jobs (agent runs, deck renders): threads (inside each web process) "
    "or workers (only `manage.py worker` processes).",
)
# Builtin runs are CPU-bound: their threads share one GIL with the loop that sends the live
# events, so more threads only lengthen the event-latency tail (docs/scaling.md, 500 clients).
# A run waiting for a model's network reply holds its thread but not the GIL, so there more
# threads are more runs at once.
THREADS_BY_PROVIDER = {"builtin": 2}
THREADS_FOR_MODEL_PROVIDERS = 4

env.declare(
    "TESSERA_TASK_THREADS",
    "",
    "Runner threads per web process (threads mode); default of `manage.py worker --threads`. "
    "Empty: 2 with the builtin provider (CPU-bound runs), 4 with a model provider.",
)
env.declare(
    "TESSERA_TASK_NICE",
    "5",
    "Niceness a runner thread adds to its own scheduling (Linux, per thread; 0 = none), so "
    "that on a busy machine the loops serving sockets and sending events get the CPU first.",
)
env.declare(
    "TESSERA_TASK_POLL_SECONDS",
    "1",
    "How often an idle runner looks at the queue; a NOTIFY from the enqueuing process wakes it "
    "at once, so this only bounds the delay when a notice is lost.",
)

env.declare(
    "TESSERA_TASK_SWITCH_INTERVAL_MS",
    "5",
    "GIL switch interval (ms) of a process whose runners send through its event loop (web "
    "process in threads mode, `manage.py worker`); Python's default is 5. Lower lets that "
    "loop take the GIL back from busy runs sooner (bench/gil_wait.py, docs/scaling.md).",
)


def runner_mode() -> str:
    mode = env.read("TESSERA_TASK_RUNNER").strip().lower()
    if mode not in (RUNNER_THREADS, RUNNER_WORKERS):
        raise SystemExit(f"TESSERA_TASK_RUNNER must be threads or workers, got {mode!r}")
    return mode


def threads() -> int:
    if env.read("TESSERA_TASK_THREADS").strip():
        return env.read_positive_int("TESSERA_TASK_THREADS")
    # Read leniently: a mistyped provider is reported by the run that uses it, with what to fix.
    provider = env.read(agent_config.PROVIDER_VARIABLE).strip().lower()
    return THREADS_BY_PROVIDER.get(provider, THREADS_FOR_MODEL_PROVIDERS)


def poll_seconds() -> float:
    return env.read_positive_float("TESSERA_TASK_POLL_SECONDS")


def switch_interval_seconds() -> float:
    return env.read_positive_float("TESSERA_TASK_SWITCH_INTERVAL_MS", unit="ms") / 1000


def nice() -> int:
    value = env.read_int("TESSERA_TASK_NICE")
    if not 0 <= value <= 19:
        raise SystemExit(f"TESSERA_TASK_NICE must be between 0 and 19, got {value}")
    return value
