"""What bench/load.py prints: figures of a run from the clients' records and the stored
log, the issue's targets, and ratios against a saved baseline."""

from __future__ import annotations

import re
import statistics
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bench.load import Client


def stored_events(clients: list[Client], people: dict) -> dict[str, dict[int, float]]:
    """created_at of every stored event of the clients' threads, by thread and seq."""
    from apps.accounts.access import bound
    from apps.agent.models import Event

    stored: dict[str, dict[int, float]] = {c.thread_id: {} for c in clients}
    for context in people.values():
        with bound(context):
            rows = Event.objects.filter(thread_id__in=list(stored)).values_list(
                "thread_id", "seq", "created_at"
            )
            for thread_id, seq, created in rows.iterator():
                stored[str(thread_id)][seq] = created.timestamp()
    return stored


# An event stored less than this before a client stopped may have been on its way.
IN_FLIGHT_SECONDS = 10.0


def error_kinds(errors: list[str]) -> dict[str, int]:
    """How many client errors of each kind (the message with its ids and figures as N)."""
    kinds: dict[str, int] = {}
    for error in errors:
        kind = re.sub(r"[0-9a-f-]{36}|\d+", "N", error)
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


def percentiles(values: list[float]) -> dict[str, float]:
    if not values:
        return {}
    ordered = sorted(values)
    cuts = statistics.quantiles(ordered, n=100, method="inclusive") if len(ordered) > 1 else []

    def at(p):
        return round(cuts[p - 1] if cuts else ordered[0], 1)

    return {"p50": at(50), "p95": at(95), "p99": at(99), "max": round(ordered[-1], 1)}


def delivery(
    clients: list[Client], stored: dict[str, dict[int, float]]
) -> tuple[list[float], int, int, int]:
    """Event latencies (ms) and counts of events lost, unread and received twice: each
    client's received numbers against its thread's stored log."""
    latencies, lost, unread, repeated = [], 0, 0, 0
    for client in clients:
        log = stored[client.thread_id]
        seqs = [seq for seq, _ in client.received]
        repeated += len(seqs) - len(set(seqs))
        missing = set(log) - set(seqs)
        if client.stopped_at is not None:
            # It stopped waiting (cut off, timed out): an event stored after it stopped, or
            # just before, is unread; one stored well before it stopped, while it was
            # waiting, never came and is lost.
            last = max(seqs, default=0)
            lost_before = client.stopped_at - IN_FLIGHT_SECONDS
            late = {seq for seq in missing if seq > last and log[seq] > lost_before}
            unread += len(late)
            missing -= late
        lost += len(missing)
        for seq, arrived in client.received:
            if seq in log:
                latencies.append((arrived - log[seq]) * 1000)
    return latencies, lost, unread, repeated


def report(
    mode: str,
    setup: str,
    clients: list[Client],
    wall: float,
    people,
    load: tuple[float, float],
    cpu: dict[str, float],
) -> dict:
    stored = stored_events(clients, people)
    latencies, lost, unread, repeated = delivery(clients, stored)
    runs = sum(len(c.run_ms) + len(c.run_errors) for c in clients)
    finished = sum(c.finished for c in clients)
    events = sum(len(c.received) for c in clients)
    errors = [e for c in clients for e in c.errors]
    run_errors = [e for c in clients for e in c.run_errors]
    figures = {
        "mode": mode,
        "setup": setup,
        "clients": len(clients),
        "runs": runs,
        "finished": finished,
        "run_errors": len(run_errors),
        "errors": len(errors),
        "error_kinds": error_kinds(errors),
        "wall_s": round(wall, 1),
        "runs_per_s": round(finished / wall, 2),
        "events_per_s": round(events / wall, 1),
        "events": events,
        "event_latency_ms": percentiles(latencies),
        "first_event_ms": percentiles([v for c in clients for v in c.first_event_ms]),
        "run_ms": percentiles([v for c in clients for v in c.run_ms]),
        "artifact_ms": percentiles([v for c in clients for v in c.artifact_ms]),
        "lost_events": lost,
        "unread_after_client_error": unread,
        "duplicated_events": repeated,
        "reconnects": sum(c.reconnects for c in clients),
        "load_average": [round(value, 2) for value in load],
        # CPU per finished run: what a run costs whatever else shares the machine.
        "cpu_ms_per_run": {
            name.removesuffix("_s"): round(seconds * 1000 / max(finished, 1), 1)
            for name, seconds in cpu.items()
        },
    }

    def line(name, key):
        values = figures[key]
        if not values:
            return f"  {name:<20} -"
        return f"  {name:<20} " + "  ".join(f"{k} {v:>7.1f}" for k, v in values.items())

    print(
        f"  runs {runs} (finished {finished}, ended with RUN_ERROR {len(run_errors)}), "
        f"client errors {len(errors)}, reconnects {figures['reconnects']}"
    )
    print(
        f"  wall {figures['wall_s']} s: {figures['runs_per_s']} runs/s, "
        f"{figures['events_per_s']} events/s ({events} events)"
    )
    print(line("event latency ms", "event_latency_ms"))
    print(line("first event ms", "first_event_ms"))
    print(line("run ms", "run_ms"))
    print(line("artifact GET ms", "artifact_ms"))
    print(
        f"  lost events {lost}, duplicated events {repeated} "
        f"(not read by clients that stopped on an error: {unread})"
    )
    print(
        "  CPU per finished run: "
        + ", ".join(
            f"{k.replace('_', ' ')} {v:.1f} ms" for k, v in figures["cpu_ms_per_run"].items()
        )
    )
    print(f"  machine load (1-min average) {load[0]:.1f} at the start, {load[1]:.1f} at the end")
    print(
        "  targets: "
        + ", ".join(f"{name} {'met' if met else 'NOT met'}" for name, met in targets(figures))
    )
    for kind, count in figures["error_kinds"].items():
        print(f"  client errors: {count} × {kind}")
    for message in sorted(set(errors + run_errors))[:5]:
        print(f"  e.g. {message}")
    return figures


def targets(figures: dict) -> list[tuple[str, bool]]:
    """Issue 16's figures for `--clients 500`: (what, whether this run meets it)."""
    met = [
        ("no client error", figures["errors"] == 0),
        (
            "no event lost or duplicated",
            figures["lost_events"] == figures["duplicated_events"] == 0,
        ),
        ("event latency p95 < 150 ms", figures["event_latency_ms"].get("p95", 1e9) < 150),
    ]
    if figures["mode"] == "single":
        met.append(("runs/s >= 14 in one process", figures["runs_per_s"] >= 14))
    return met


# (label, figure key, percentile or None): the figures compared with a baseline.
COMPARED = (
    ("runs/s", "runs_per_s", None),
    ("first event p50", "first_event_ms", "p50"),
    ("first event p95", "first_event_ms", "p95"),
    ("event latency p95", "event_latency_ms", "p95"),
)


def compare(results: list[dict], baseline: list[dict]) -> None:
    """Each mode's figures next to the same mode's baseline, as ratios (this run / baseline).
    On a shared machine compare runs made under a similar load (printed by both)."""
    before = {figures["mode"]: figures for figures in baseline}
    for figures in results:
        old = before.get(figures["mode"])
        if old is None:
            continue
        print(f"\n== {figures['mode']} against the baseline (this run / baseline)")
        for name, key, cut in COMPARED:
            new_value = figures[key] if cut is None else figures[key].get(cut)
            old_value = old[key] if cut is None else old[key].get(cut)
            ratio = f"{new_value / old_value:.2f}" if new_value and old_value else "-"
            print(f"  {name:<20} {old_value} -> {new_value}  ({ratio})")
        for name, value in figures["cpu_ms_per_run"].items():
            old_value = old.get("cpu_ms_per_run", {}).get(name)
            ratio = f"{value / old_value:.2f}" if value and old_value else "-"
            label = f"CPU ms/run, {name.replace('_', ' ')}"
            print(f"  {label:<20} {old_value or '-'} -> {value}  ({ratio})")
        for name in ("errors", "lost_events", "duplicated_events"):
            print(f"  {name.replace('_', ' '):<20} {old[name]} -> {figures[name]}")
        loads = [old.get("load_average"), figures["load_average"]]
        print(f"  machine load         {loads[0] or '-'} -> {loads[1]}")
