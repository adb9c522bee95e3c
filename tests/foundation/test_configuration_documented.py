"""Every environment variable Tessera reads is documented in the README's table."""

import re
from pathlib import Path

from project import env

ROOT = Path(env.BASE_DIR)
DECLARATION = re.compile(r"""(?:Variable|env\.declare)\(\s*["']([A-Z][A-Z0-9_]+)["']""")


def declared_variables() -> set[str]:
    names = set()
    for path in [
        *ROOT.glob("project/**/*.py"),
        *ROOT.glob("apps/**/*.py"),
        *ROOT.glob("renderers/*.py"),
    ]:
        names.update(DECLARATION.findall(path.read_text()))
    return names


def test_declarations_are_found():
    assert {"DATABASE_URL", "REDIS_URL", "TESSERA_SECRET_KEY"} <= declared_variables()


def test_every_variable_is_in_the_readme_table():
    readme = (ROOT / "README.md").read_text()
    documented = set(re.findall(r"^\| `([A-Z][A-Z0-9_]+)` \|", readme, flags=re.M))
    missing = sorted(declared_variables() - documented)
    assert not missing, f"undocumented environment variables: {missing}"
