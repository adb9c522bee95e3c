"""`manage.py deck` stopped with SIGTERM (`timeout`, `kill`, a service manager) ended at once,
skipping the pipeline's cleanup: its hidden staging folder (`.out.XXXX`: the paper's figures,
Slidev builds) stayed beside the output folder. SIGTERM now ends the command through the
pipeline's cleanup, with exit status 143."""

import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PAPER = ROOT / "tests/fixtures/papers/rescience/broman2020_rescience_essential_genes.pdf"


def test_a_terminated_deck_command_leaves_no_staging_folder(tmp_path):
    out = tmp_path / "out"
    command = [sys.executable, "manage.py", "deck", str(PAPER), "--out", str(out)]
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    try:
        deadline = time.monotonic() + 240
        while not list(tmp_path.glob(".out.*")):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "the pipeline never started"
            time.sleep(0.2)
        process.send_signal(signal.SIGTERM)
        process.wait(timeout=120)
    finally:
        if process.poll() is None:
            process.kill()
    assert process.returncode == 143
    assert list(tmp_path.iterdir()) == []
