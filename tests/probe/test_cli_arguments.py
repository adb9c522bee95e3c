"""Bad command-line arguments get the usage line and one clear error, exit status 2, never a
traceback. A `type=` converter that raised CommandError escaped Django's handling (argparse
only turns ArgumentTypeError/ValueError into its error): `--as-of 2025-13-45` printed a
traceback."""

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (["ask", "hi", "--tenant", "acme", "--user", "ana", "--as-of", "2025-13-45"], "--as-of"),
        (["act", "--thread", "t", "--surface", "s", "--action", "a", "--as-of", "soon"], "--as-of"),
        (["seed_demo", "--as-of", "2025-99-01"], "--as-of"),
        (["eval", "questions", "q.jsonl", "--min-accuracy", "most"], "--min-accuracy"),
        (["eval", "questions", "q.jsonl", "--min-accuracy", "250"], "--min-accuracy"),
    ],
)
def test_a_bad_argument_is_a_usage_error_not_a_traceback(arguments, said):
    done = subprocess.run(
        [sys.executable, "manage.py", *arguments],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2, done.stderr
    assert "Traceback" not in done.stderr
    [error] = [line for line in done.stderr.splitlines() if "error:" in line]
    assert f"argument {said}: must be" in error, error
