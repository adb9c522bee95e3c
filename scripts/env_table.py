"""Print the README's configuration table rows for every declared environment variable."""

import importlib
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")


def main() -> None:
    import django

    django.setup()
    for path in [*ROOT.glob("apps/**/*.py"), *ROOT.glob("renderers/*.py")]:
        if "migrations" in path.parts or "management" in path.parts:
            continue
        if "env.declare(" in path.read_text():
            importlib.import_module(".".join(path.relative_to(ROOT).with_suffix("").parts))
    from project import env

    for variable in env.VARIABLES.values():
        default = f"`{variable.default}`" if variable.default else "empty"
        print(f"| `{variable.name}` | {default} | {variable.help} |")


if __name__ == "__main__":
    main()
