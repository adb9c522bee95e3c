"""Profile of one gateway call, validation and execution, over the good corpus. Not a test.

    .venv/bin/python bench/gateway_profile.py               # top 25 by own time
    .venv/bin/python bench/gateway_profile.py --sort cumulative --top 40

Runs every query of tests/gateway/good_corpus.py `--rounds` times through `validate()` (the
validation cache off, so every call parses and checks) and `execute()` as the demo user `ana`
on the demo database, under cProfile, and prints the functions that cost most.
"""

import argparse
import cProfile
import os
import pstats
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5, help="Passes over the corpus (5).")
    parser.add_argument("--top", type=int, default=25, help="Functions to list (25).")
    parser.add_argument("--sort", default="tottime", help="pstats sort key (tottime).")
    args = parser.parse_args()

    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")
    from project import bootstrap

    bootstrap.ensure_database_server()
    import django

    django.setup()
    from django.contrib.auth import get_user_model

    from apps.accounts.access import access_context_for_user
    from apps.gateway import validation
    from apps.gateway.execution import execute
    from apps.gateway.policy import default_policy
    from tests.gateway.good_corpus import GOOD

    context = access_context_for_user(get_user_model().objects.get(username="ana"))
    policy = default_policy()

    def one_pass() -> None:
        for good in GOOD:
            query = validation.validate(good.sql, policy=policy, cache=False)
            execute(query, context=context, params=good.params)

    one_pass()  # warm-up: imports, the pool, PostgreSQL's caches
    profile = cProfile.Profile()
    profile.enable()
    for _ in range(args.rounds):
        one_pass()
    profile.disable()
    print(f"{args.rounds * len(GOOD)} gateway calls (validate + execute)")
    pstats.Stats(profile).strip_dirs().sort_stats(args.sort).print_stats(args.top)


if __name__ == "__main__":
    main()
