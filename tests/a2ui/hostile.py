"""The hostile corpus: surfaces a wrong or hijacked agent might send.

Each case is a payload (a list of messages) and the problem codes the validator must report
for it (at least one of them). tests/a2ui/test_hostile.py checks the validator;
tests/a2ui/test_browser_hostile.py pushes the same payloads straight into the browser renderer
and checks that nothing runs, loads or breaks. The cases live in one module per kind of
attack; tests/a2ui/hostile_messages.py has what they are built from.
"""

from tests.a2ui.hostile_content import CONTENT_CASES
from tests.a2ui.hostile_messages import Case
from tests.a2ui.hostile_structure import STRUCTURE_CASES
from tests.a2ui.hostile_urls import URL_CASES

CASES: list[Case] = [*CONTENT_CASES, *URL_CASES, *STRUCTURE_CASES]
