"""RFC 6902 JSON Patch against a preferences document (issue 8, part 2).

A patch is applied to a copy, operation by operation, and the result is validated by the
Preferences model; nothing is half-applied. A patch is refused, with the JSON pointer and the
reason for each problem, when:

- an operation is malformed (unknown op, a path that is not a JSON pointer, a missing value);
- a value looks like markup, CSS or a script (``</style>``, ``url(``, ``expression(``,
  ``javascript:``) — caught here for a clear message, and refused by the model's types anyway;
- the path does not exist or the patch cannot apply (jsonpatch's own checks, ``test`` ops);
- an operation makes the document larger than any preferences document can be: a ``copy`` of
  a part into itself doubles it, and fifty of them would hold 2^50 values before the result
  is ever validated;
- the result is not a valid document (unknown fields, wrong types, values outside their sets);
- the result makes text unreadable while the current document does not (ContrastError, with
  the measured ratios and the replacement ops that would pass).
"""

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import jsonpatch
import jsonpointer
from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from apps.agent.input_checks import invalid_fields
from apps.studio.contrast import ContrastFailure, preferences_contrast_check
from apps.studio.preferences import MARKUP, Preferences, Theme

MAX_OPERATIONS = 50  # a request changes a handful of fields; more is a mistake or an attack
MAX_PATH_LENGTH = 200
# Values (objects, lists, scalars) in a document while a patch applies. A valid document
# holds about 150 (20 shortcuts at most); this leaves room for an intermediate step.
MAX_DOCUMENT_VALUES = 2000

PATCH_EMPTY = "the patch has no operations"
PATCH_NOT_A_LIST = "a patch is a list of operations"
PATCH_TOO_LONG = "a patch may have at most {limit} operations"
ROOT_PATH = "patch the fields that change, not the whole document"
SMUGGLING = "looks like markup, CSS or a script; preferences hold plain values only"
CANNOT_APPLY = "cannot apply: {reason}"
TEST_FAILED = "the value here is {current}, not {expected}; nothing was changed"
UNKNOWN_FIELD = "is not a field of the preferences document"
REQUIRED_FIELD = "is required; replace it instead of removing it"
WRONG_VALUE = "{message} (got {value})"
TOO_LARGE = (
    "makes the preferences document hold more than {limit} values (a copy into itself doubles "
    "it); no preferences document is that large"
)


@dataclass(frozen=True)
class PatchProblem:
    path: str  # JSON pointer into the document ("" for the patch itself)
    message: str
    operation: int | None = None  # index of the operation, when one is to blame

    def __str__(self) -> str:
        where = self.path or "patch"
        return f"{where}: {self.message}"

    def as_dict(self) -> dict[str, Any]:
        return {"path": self.path, "operation": self.operation, "message": self.message}


class PatchError(ValueError):
    """A refused patch; ``problems`` says where and why."""

    def __init__(self, problems: Sequence[PatchProblem]):
        self.problems = list(problems)
        super().__init__("; ".join(str(problem) for problem in self.problems))

    def as_list(self) -> list[dict[str, Any]]:
        return [problem.as_dict() for problem in self.problems]


class ContrastError(PatchError):
    """A valid patch that would make text unreadable: the measured ratios and a way out."""

    def __init__(self, failures: Sequence[ContrastFailure], preferences: Preferences):
        self.failures = list(failures)
        self.preferences = preferences  # what the document would have become
        problems = [
            PatchProblem(f"/theme/{failure.field}", failure.message) for failure in self.failures
        ]
        super().__init__(problems)

    @property
    def suggested_ops(self) -> list[dict[str, Any]]:
        """Replace operations (one per field) that, added to the patch, make it pass."""
        suggestions: dict[str, str] = {}
        for failure in self.failures:
            if failure.suggestion:
                suggestions.setdefault(failure.field, failure.suggestion)
        return [
            {"op": "replace", "path": f"/theme/{name}", "value": value}
            for name, value in suggestions.items()
        ]


class PatchOperation(BaseModel):
    """One RFC 6902 operation."""

    model_config = ConfigDict(extra="forbid", populate_by_name=True, frozen=True)

    op: Literal["add", "remove", "replace", "move", "copy", "test"]
    path: str = Field(max_length=MAX_PATH_LENGTH)
    value: Any = None
    from_: str | None = Field(default=None, alias="from", max_length=MAX_PATH_LENGTH)

    @model_validator(mode="before")
    @classmethod
    def _value_present(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            op = data.get("op")
            if op in ("add", "replace", "test") and "value" not in data:
                raise ValueError(f"'{op}' needs a value")
            if op in ("move", "copy") and "from" not in data:
                raise ValueError(f"'{op}' needs a 'from' pointer")
        return data

    def as_json(self) -> dict[str, Any]:
        operation: dict[str, Any] = {"op": self.op, "path": self.path}
        if self.op in ("add", "replace", "test"):
            operation["value"] = self.value
        if self.from_ is not None:
            operation["from"] = self.from_
        return operation


def patch_parse(ops: Any) -> list[PatchOperation]:
    """The operations of a patch, or PatchError saying which one is malformed and why."""
    if not isinstance(ops, Sequence) or isinstance(ops, str | bytes):
        raise PatchError([PatchProblem("", PATCH_NOT_A_LIST)])
    if not ops:
        raise PatchError([PatchProblem("", PATCH_EMPTY)])
    if len(ops) > MAX_OPERATIONS:
        raise PatchError([PatchProblem("", PATCH_TOO_LONG.format(limit=MAX_OPERATIONS))])
    parsed, problems = [], []
    for index, raw in enumerate(ops):
        path = raw.get("path", "") if isinstance(raw, Mapping) else ""
        try:
            operation = PatchOperation.model_validate(raw)
        except ValidationError as error:
            for item in invalid_fields(error):
                text = f"{item.dotted}: {item.message}" if item.location else item.message
                problems.append(PatchProblem(str(path), text, index))
            continue
        for pointer in filter(None, (operation.path, operation.from_)):
            if not pointer.startswith("/"):
                problems.append(
                    PatchProblem(pointer, "must be a JSON pointer starting with /", index)
                )
        if operation.path == "":
            problems.append(PatchProblem("", ROOT_PATH, index))
        if any(MARKUP.search(text) for text in _strings(operation.value)):
            problems.append(PatchProblem(operation.path, SMUGGLING, index))
        parsed.append(operation)
    if problems:
        raise PatchError(problems)
    return parsed


def _strings(value: Any) -> Iterable[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, Mapping):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from _strings(item)


def patch_apply(preferences: Preferences, ops: Any, *, contrast_guard: bool = True) -> Preferences:
    """The document ``preferences`` becomes with ``ops`` applied; ``preferences`` is unchanged.

    Raises PatchError (malformed, not applicable or invalid result) or ContrastError (the
    result fails WCAG AA where the current document passes).
    """
    operations = patch_parse(ops)
    document = preferences.as_document()
    for index, operation in enumerate(operations):
        try:
            document = jsonpatch.JsonPatch([operation.as_json()]).apply(document)
        except jsonpatch.JsonPatchTestFailed:
            # jsonpatch says "#0f5f66 (<class 'str'>) is not equal to tested value …".
            current = jsonpointer.resolve_pointer(document, operation.path, None)
            found = TEST_FAILED.format(
                current=json.dumps(current), expected=json.dumps(operation.value)
            )
            reason = CANNOT_APPLY.format(reason=found)
            raise PatchError([PatchProblem(operation.path, reason, index)]) from None
        except (jsonpatch.JsonPatchException, jsonpointer.JsonPointerException) as error:
            reason = CANNOT_APPLY.format(reason=_pointer_reason(error))
            raise PatchError([PatchProblem(operation.path, reason, index)]) from None
        if _larger_than(document, MAX_DOCUMENT_VALUES):
            problem = TOO_LARGE.format(limit=MAX_DOCUMENT_VALUES)
            raise PatchError([PatchProblem(operation.path, problem, index)])
    try:
        result = Preferences.model_validate(document)
    except ValidationError as error:
        raise PatchError(_document_problems(error)) from None
    if contrast_guard:
        contrast_guard_check(preferences, result)
    return result


def _larger_than(document: Any, limit: int) -> bool:
    """Whether ``document`` holds more than ``limit`` values; stops counting at the limit."""
    pending, count = [document], 0
    while pending:
        value = pending.pop()
        count += 1
        if count > limit:
            return True
        if isinstance(value, Mapping):
            pending.extend(value.values())
        elif isinstance(value, list):
            pending.extend(value)
    return False


def contrast_guard_check(before: Preferences, after: Preferences) -> None:
    """Raise ContrastError when ``after`` fails a pair that ``before`` passed (or fails it
    worse); a document that already failed does not block unrelated changes."""
    previous = {failure.pair: failure.ratio for failure in preferences_contrast_check(before)}
    changed = [
        name
        for name in Theme.model_fields
        if getattr(before.theme, name) != getattr(after.theme, name)
    ]
    failures = [
        failure
        for failure in preferences_contrast_check(after, changed=changed)
        if failure.pair not in previous or failure.ratio < previous[failure.pair] - 1e-9
    ]
    if failures:
        raise ContrastError(failures, after)


def _pointer_reason(error: Exception) -> str:
    reason = str(error)
    if " not found in " in reason:  # jsonpointer appends the whole document
        return reason.split(" not found in ")[0] + " not found"
    return reason


def _document_problems(error: ValidationError) -> list[PatchProblem]:
    problems = []
    for item in invalid_fields(error):
        path = item.pointer
        if item.kind == "extra_forbidden":
            message = UNKNOWN_FIELD
        elif item.kind == "missing":
            message = REQUIRED_FIELD
        elif item.kind == "shortcuts":
            path, message = "/shortcuts", item.message
        else:
            message = WRONG_VALUE.format(message=item.message, value=_short(item.input))
        problems.append(PatchProblem(path, message))
    return problems


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def patch_diff(before: Preferences, after: Preferences) -> list[dict[str, Any]]:
    """The patch that turns ``before`` into ``after`` (for "reset to default", say)."""
    return jsonpatch.make_patch(before.as_document(), after.as_document()).patch
