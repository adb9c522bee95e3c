"""CPU time of processes, read from /proc: what the load and run-cost benches charge per run."""

import os
from pathlib import Path


def cpu_seconds(pid: int, *, children: bool = False) -> float:
    """CPU time a process has used (user + system), with its reaped children's if asked."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:  # the process has ended
        return 0.0
    ticks = int(fields[11]) + int(fields[12])  # utime, stime
    if children:
        ticks += int(fields[13]) + int(fields[14])  # cutime, cstime
    return ticks / os.sysconf("SC_CLK_TCK")


def database_cpu_seconds() -> float | None:
    """CPU time of the embedded PostgreSQL: the postmaster, its ended backends and the live
    ones (None when the server is not the embedded one of this checkout)."""
    from project.pgserver import PGDATA

    try:
        postmaster = int((PGDATA / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    total = cpu_seconds(postmaster, children=True)
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                parent = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if parent == postmaster:
                total += cpu_seconds(int(entry.name))
    return total
