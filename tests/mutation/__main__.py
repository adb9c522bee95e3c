"""`python -m tests.mutation [--list] [--only TEXT]`: see tests/mutation/harness.py."""

import argparse
import os
import sys

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.test")


def main() -> int:
    parser = argparse.ArgumentParser(description="Mutation testing of the data rules.")
    parser.add_argument("--list", action="store_true", help="List the mutants and stop.")
    parser.add_argument(
        "--only", help="Only the mutants whose id contains one of these (comma-separated) texts."
    )
    args = parser.parse_args()

    import django

    django.setup()
    from tests.mutation import harness

    if args.list:
        for mutant in harness.list_mutants():
            print(f"{mutant.id}: {'; '.join(mutant.statements)}")
        return 0
    only = [part for part in (args.only or "").split(",") if part]
    report = harness.run(only=only, echo=lambda line: print(line, flush=True))
    print(report.text())
    return 0 if not report.survivors else 1


if __name__ == "__main__":
    sys.exit(main())
