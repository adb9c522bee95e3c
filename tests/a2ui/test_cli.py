"""`manage.py a2ui validate FILE` prints {"ok", "errors"} and exits 0 or 1."""

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command

from apps.a2ui.catalog import CATALOG_ID
from tests.a2ui.conftest import EXAMPLES_DIR

GOOD = [
    {"version": "v0.9", "createSurface": {"surfaceId": "s", "catalogId": CATALOG_ID}},
    {
        "version": "v0.9",
        "updateComponents": {
            "surfaceId": "s",
            "components": [{"id": "root", "component": "Text", "text": "Hi"}],
        },
    },
]
BAD = [
    GOOD[0],
    {
        "version": "v0.9",
        "updateComponents": {
            "surfaceId": "s",
            "components": [{"id": "root", "component": "Card", "child": "gone"}],
        },
    },
]


def run(path: Path | str) -> tuple[int, str]:
    out = io.StringIO()
    try:
        call_command("a2ui", "validate", str(path), stdout=out)
        code = 0
    except SystemExit as exit_:
        code = exit_.code
    return code, out.getvalue()


def test_valid_array(tmp_path):
    path = tmp_path / "good.json"
    path.write_text(json.dumps(GOOD))
    code, output = run(path)
    assert code == 0
    assert json.loads(output) == {"ok": True, "errors": []}


def test_invalid_array_lists_problems_with_code_path_message(tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(BAD))
    code, output = run(path)
    report = json.loads(output)
    assert code == 1
    assert report["ok"] is False
    assert report["errors"] == [
        {
            "code": "unresolved_reference",
            "path": "/1/updateComponents/components/0/child",
            "message": "no component with id 'gone' in surface 's'",
        }
    ]
    assert list(report) == ["ok", "errors"]


def test_single_message(tmp_path):
    path = tmp_path / "one.json"
    path.write_text(json.dumps(GOOD[0]))
    assert run(path) == (0, json.dumps({"ok": True, "errors": []}) + "\n")


def test_jsonl(tmp_path):
    path = tmp_path / "stream.jsonl"
    path.write_text("\n".join(json.dumps(message) for message in BAD) + "\n")
    code, output = run(path)
    assert code == 1
    assert json.loads(output)["errors"][0]["path"] == "/1/updateComponents/components/0/child"


def test_jsonl_with_a_broken_line(tmp_path):
    path = tmp_path / "stream.jsonl"
    path.write_text(json.dumps(GOOD[0]) + "\n{not json\n")
    code, output = run(path)
    assert code == 1
    assert [e["code"] for e in json.loads(output)["errors"]] == ["invalid_json"]
    assert json.loads(output)["errors"][0]["path"] == "/1"


@pytest.mark.parametrize(
    ("content", "error_code"),
    [("", "invalid_json"), ("{", "invalid_json"), ("[" * 100_000 + "]" * 100_000, "json_too_deep")],
    ids=["empty", "truncated", "deep"],
)
def test_unreadable_payloads(tmp_path, content, error_code):
    path = tmp_path / "x.json"
    path.write_text(content)
    code, output = run(path)
    assert code == 1
    assert [e["code"] for e in json.loads(output)["errors"]] == [error_code]


def test_missing_file(tmp_path):
    code, output = run(tmp_path / "missing.json")
    assert code == 1
    assert json.loads(output)["errors"][0]["code"] == "invalid_json"


def test_official_example_through_the_real_command_line(tmp_path):
    """The exact stdout and exit code of `python manage.py a2ui validate FILE`."""
    example = sorted(EXAMPLES_DIR.glob("*.json"))[0]
    path = tmp_path / "example.json"
    path.write_text(json.dumps(json.loads(example.read_text())["messages"]))
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(BAD))
    root = Path(__file__).resolve().parents[2]
    command = [
        sys.executable,
        "-c",
        "from django.core.management import execute_from_command_line as e; import sys; e(sys.argv)",
        "a2ui",
        "validate",
    ]
    env = {
        "DJANGO_SETTINGS_MODULE": "project.settings.test",
        "PATH": "/usr/bin:/bin",
        "PYTHONPATH": str(root),
    }
    good_run = subprocess.run(
        [*command, str(path)], capture_output=True, text=True, cwd=root, env=env
    )
    bad_run = subprocess.run(
        [*command, str(bad)], capture_output=True, text=True, cwd=root, env=env
    )
    assert (good_run.returncode, good_run.stdout) == (0, '{"ok": true, "errors": []}\n')
    assert bad_run.returncode == 1
    assert json.loads(bad_run.stdout)["ok"] is False
