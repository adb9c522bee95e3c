"""C8 nit: a UI patch whose `test` op fails said jsonpatch's words (`#0f5f66 (<class 'str'>) is
not equal to tested value …`), which the studio shows to the person. It now says what the
value is, what the patch expected, and that nothing changed."""

import pytest

from apps.studio.patches import PatchError, patch_apply
from apps.studio.preferences import DEFAULT_LIGHT


@pytest.mark.parametrize(
    ("path", "expected"), [("/theme/mode", "dark"), ("/theme/primary", "#000000")]
)
def test_a_failed_test_reads_like_a_sentence(path, expected):
    current = DEFAULT_LIGHT.as_document()["theme"][path.rsplit("/", 1)[1]]
    ops = [{"op": "test", "path": path, "value": expected}]
    with pytest.raises(PatchError) as caught:
        patch_apply(DEFAULT_LIGHT, ops)
    [problem] = caught.value.as_list()
    assert problem["path"] == path
    message = problem["message"]
    assert "<class" not in message and "tested value" not in message
    assert f'the value here is "{current}", not "{expected}"; nothing was changed' in message
