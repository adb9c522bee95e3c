"""Demo positions and candidates for a tenant, with candidates in every state.

Run as the owner role (a maintenance session) inside the demo seed's transaction. Candidates
are created in `applied` and walked through the state machine with ordinary UPDATEs, so
their history is written by the database's own trigger, exactly as for real changes.
"""

import random
import unicodedata
from contextlib import contextmanager
from dataclasses import dataclass
from decimal import ROUND_CEILING, ROUND_FLOOR, Decimal

from django.db import connections, transaction

from apps.accounts.models import Tenant
from apps.erp.demo.generate import DEPARTMENT_PAY, FIRST_NAMES, LAST_NAMES

# (title, department code, level)
POSITIONS = [
    ("Senior Backend Engineer", "ENG", 6),
    ("Data Engineer", "ENG", 5),
    ("Frontend Engineer", "ENG", 4),
    ("Account Executive", "SAL", 4),
    ("Product Marketing Manager", "MKT", 6),
    ("Financial Analyst", "FIN", 4),
    ("Operations Coordinator", "OPS", 3),
    ("HR Business Partner", "HR", 5),
]
# Candidates per final state of their walk; every state is represented in each tenant.
STATE_COUNTS = {
    "applied": 7,
    "screening": 6,
    "interview": 5,
    "offer": 3,
    "hired": 3,
    "rejected": 5,
    "withdrawn": 3,
}
# A fixed candidate for the demo phrases ("move Maria Silva to interview",
# "offer Maria 7200 for the position"): screening for a band that contains 7,200.
FEATURED = {"acme": ("Maria Silva", "Senior Backend Engineer", "screening")}
FLOW = ["applied", "screening", "interview", "offer", "hired"]
NOTES = {
    "screening": ["CV fits the role", "Referred by the team", "Strong portfolio"],
    "interview": ["Phone screen went well", "Good questions about the team"],
    "offer": ["Team agreed to make an offer", "Strong final round"],
    "hired": ["Signed the contract", "Accepted; starts next month"],
    "rejected": ["Not enough experience for the level", "Another candidate was a better fit"],
    "withdrawn": ["Accepted another offer", "Relocation fell through"],
}


@dataclass(frozen=True)
class PipelineReport:
    positions: int
    candidates: int
    events: int


def band(department_code: str, level: int) -> tuple[Decimal, Decimal]:
    """Monthly salary band, in line with the ERP's salaries for that department and level."""
    base = Decimal(2600 + level * 650) * Decimal(str(DEPARTMENT_PAY[department_code]))
    low = (base * Decimal("0.9") / 100).to_integral_value(ROUND_FLOOR) * 100
    high = (base * Decimal("1.15") / 100).to_integral_value(ROUND_CEILING) * 100
    return low, high


def _ascii(text: str) -> str:
    return unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode().lower()


def _settings(cursor) -> tuple[str, str]:
    cursor.execute(
        "SELECT coalesce(current_setting('app.role', true), ''), "
        "coalesce(current_setting('app.user_id', true), '')"
    )
    return cursor.fetchone()


@contextmanager
def _as_seeding_admin(cursor, tenant_id: int):
    """Bind the tenant and the admin role (no user: history shows the system as actor),
    restoring the caller's role and user afterwards."""
    role, user_id = _settings(cursor)
    cursor.execute(
        "SELECT set_config('app.tenant_id', %s, true), set_config('app.role', 'admin', true), "
        "set_config('app.user_id', '', true)",
        [str(tenant_id)],
    )
    yield
    # Not in a `finally`: after an error the transaction is aborted (and rolls the settings
    # back with it), and a statement here would hide the error.
    cursor.execute(
        "SELECT set_config('app.role', %s, true), set_config('app.user_id', %s, true), "
        "set_config('app.note', '', true)",
        [role, user_id],
    )


def clear_pipeline(cursor) -> None:
    """Delete the bound tenant's candidates (and with them their history) and positions.

    Only a maintenance session (logged in as the owner role) may: the database refuses it to
    everyone else."""
    cursor.execute("DELETE FROM erp_candidate")
    cursor.execute("DELETE FROM erp_position")


def _names(rng: random.Random, count: int, taken: set[str]) -> list[str]:
    first_names = [name for name in FIRST_NAMES if name != "Maria"]
    names: list[str] = []
    while len(names) < count:
        name = f"{rng.choice(first_names)} {rng.choice(LAST_NAMES)}"
        if name not in taken:
            taken.add(name)
            names.append(name)
    return names


def _walk(final_state: str, rng: random.Random) -> list[str]:
    """The states after `applied` a candidate passes through to reach `final_state`."""
    if final_state in FLOW:
        return FLOW[1 : FLOW.index(final_state) + 1]
    reached = rng.choice(FLOW[:4])
    return [*FLOW[1 : FLOW.index(reached) + 1], final_state]


def _offer(rng: random.Random, low: Decimal, high: Decimal) -> Decimal:
    steps = int((high - low) / 50)
    return low + 50 * rng.randint(steps // 4, steps)


def _seed(cursor, tenant: Tenant, rng: random.Random) -> PipelineReport:
    clear_pipeline(cursor)
    cursor.execute("SELECT code, id FROM erp_department")
    departments = dict(cursor.fetchall())
    positions: dict[str, tuple[int, Decimal, Decimal]] = {}
    for title, code, level in POSITIONS:
        if code not in departments:
            continue
        low, high = band(code, level)
        cursor.execute(
            "INSERT INTO erp_position (tenant_id, title, department_id, level, salary_min, "
            "salary_max) VALUES (%s, %s, %s, %s, %s, %s) RETURNING id",
            [tenant.pk, title, departments[code], level, low, high],
        )
        positions[title] = (cursor.fetchone()[0], low, high)
    if not positions:
        return PipelineReport(0, 0, 0)

    plan: list[tuple[str, str, str]] = []  # (name, position title, final state)
    featured = FEATURED.get(tenant.slug)
    taken = {featured[0]} if featured else set()
    titles = list(positions)
    for state, count in STATE_COUNTS.items():
        for name in _names(rng, count, taken):
            plan.append((name, rng.choice(titles), state))
    rng.shuffle(plan)
    if featured and featured[1] in positions:
        plan.append(featured)

    for name, title, final_state in plan:
        position_id, low, high = positions[title]
        first, last = name.split(" ", 1)
        email = f"{_ascii(first)}.{_ascii(last).replace(' ', '')}@example.com"
        cursor.execute(
            "INSERT INTO erp_candidate (tenant_id, name, email, position_id) "
            "VALUES (%s, %s, %s, %s) RETURNING id",
            [tenant.pk, name, email, position_id],
        )
        candidate_id = cursor.fetchone()[0]
        salary = None
        for state in _walk(final_state, rng):
            if state == "offer":
                salary = _offer(rng, low, high)
            note = rng.choice(NOTES[state]) if rng.random() < 0.5 else ""
            cursor.execute("SELECT set_config('app.note', %s, true)", [note])
            cursor.execute(
                "UPDATE erp_candidate SET state = %s, offered_salary = %s WHERE id = %s",
                [state, salary, candidate_id],
            )
    cursor.execute("SELECT count(*) FROM erp_candidate_event")
    events = cursor.fetchone()[0]
    return PipelineReport(positions=len(positions), candidates=len(plan), events=events)


def seed_pipeline(cursor_or_alias, tenant: Tenant, rng: random.Random) -> PipelineReport:
    """Replace `tenant`'s positions and candidates with demo ones. Deterministic for `rng`.

    `cursor_or_alias` is a cursor of an owner-role connection inside a transaction (as in the
    ERP demo seed), or a database alias (default "owner") to open one."""
    if isinstance(cursor_or_alias, str):
        with (
            transaction.atomic(using=cursor_or_alias),
            connections[cursor_or_alias].cursor() as cursor,
        ):
            return seed_pipeline(cursor, tenant, rng)
    cursor = cursor_or_alias
    with _as_seeding_admin(cursor, tenant.pk):
        return _seed(cursor, tenant, rng)
