"""Agent tools over the hiring pipeline: `move_candidate` and `update_candidate`.

Both go through the object layer, so the model gets the same pre-checks and the same
database-enforced rules as the pipeline page. When something is missing (the salary of an
offer) or ambiguous (two candidates called Maria), the tool answers with an A2UI form and
pauses the run until the person has answered.

`register_tools()` adds them to the agent's tool registry; the handlers take the run's
AccessContext from `ToolContext.run["access"]`.
"""

from collections.abc import Callable
from decimal import Decimal
from typing import Annotated, Any, Literal, Self

from pydantic import Field, model_validator

from apps.accounts.access import AccessContext
from apps.agent.tools import (
    ArtifactDraft,
    ToolArgs,
    ToolContext,
    ToolError,
    ToolRegistry,
    ToolResult,
    register_tool,
)
from apps.agent.tools.access import run_access
from apps.objects import errors, selectors, services, surfaces
from apps.objects.models import Candidate
from apps.objects.pipeline import CANDIDATE, PIPELINE

NO_ACCESS = "This run has no access context, so the pipeline cannot be changed."
NO_MATCH = "No candidate called {name!r} in your organisation. Check the spelling or use '#<id>'."
ASKED_SALARY = (
    "Asked the person for the offered salary in a form (band {band}). Wait for their answer."
)
ASKED_CHOICE = "Asked the person which candidate they meant, in a form. Wait for their answer."

MovableState = Literal["screening", "interview", "offer", "hired", "rejected", "withdrawn"]
Salary = Annotated[
    Decimal,
    Field(gt=0, max_digits=12, decimal_places=2, description="Monthly salary, e.g. 7200."),
]
CandidateRef = Annotated[
    str,
    Field(
        min_length=1,
        max_length=200,
        description="The candidate as the person named them ('Maria Silva', 'Maria'), "
        "or '#<id>' for an exact candidate.",
    ),
]
Note = Annotated[str, Field(max_length=services.MAX_NOTE, description="Kept in the history.")]


class MoveCandidateArgs(ToolArgs):
    candidate: CandidateRef
    to_state: MovableState = Field(description="The stage to move the candidate to.")
    offered_salary: Salary | None = Field(
        default=None, description="Required to move to offer; must lie in the position's band."
    )
    note: Note = ""


class UpdateCandidateArgs(ToolArgs):
    candidate: CandidateRef
    offered_salary: Salary | None = Field(
        default=None, description="New offered salary (only while the candidate is in offer)."
    )
    name: Annotated[str, Field(min_length=1, max_length=200)] | None = None
    email: Annotated[str, Field(min_length=3, max_length=254)] | None = None
    note: Note = ""

    @model_validator(mode="after")
    def _something_to_change(self) -> Self:
        if self.offered_salary is None and self.name is None and self.email is None:
            raise ValueError("give at least one of offered_salary, name, email")
        return self


def _summary(candidate: Candidate) -> dict[str, Any]:
    return {
        "id": candidate.pk,
        "name": candidate.name,
        "state": candidate.state,
        "position": candidate.position.title,
        "offered_salary": None
        if candidate.offered_salary is None
        else str(candidate.offered_salary),
    }


def _failure(error: errors.ObjectError) -> ToolError:
    field = {"state": "to_state", "position": "candidate"}.get(error.field or "", error.field)
    return ToolError(f"{error.code}: {error.message}", field=field)


def _resolve(ref: str, access: AccessContext) -> list[Candidate]:
    """Candidates `ref` may mean: '#12' or '12' is an id; anything else a name."""
    text = ref.strip()
    if text.lstrip("#").isdigit():
        try:
            return [selectors.candidate_get(context=access, candidate_id=int(text.lstrip("#")))]
        except errors.NotFound:
            return []
    return selectors.candidate_find(context=access, name=text)


def _form_result(form: dict, content: dict[str, Any]) -> ToolResult:
    return ToolResult(
        content=content,
        artifacts=[ArtifactDraft(kind="a2ui_surface", payload=form, title=form["title"])],
        needs_input=True,
    )


def _one(args: MoveCandidateArgs | UpdateCandidateArgs, access: AccessContext, action: str):
    """The one candidate meant, or a form asking which one (a ToolResult)."""
    matches = _resolve(args.candidate, access)
    if not matches:
        raise ToolError(NO_MATCH.format(name=args.candidate), field="candidate")
    if len(matches) == 1:
        return matches[0]
    arguments = args.model_dump(mode="json", exclude_none=True)
    form = surfaces.choice_form(matches, said=args.candidate, arguments=arguments, action=action)
    return _form_result(
        form,
        {
            "needs_input": "candidate",
            "message": ASKED_CHOICE,
            "matches": [_summary(c) for c in matches],
        },
    )


def move_candidate(args: MoveCandidateArgs, context: ToolContext) -> ToolResult:
    """Move a job candidate to another stage of the hiring pipeline (applied → screening →
    interview → offer → hired; rejected or withdrawn from any open stage)."""
    access = run_access(context, missing=NO_ACCESS)
    candidate = _one(args, access, surfaces.ACTION_MOVE)
    if isinstance(candidate, ToolResult):
        return candidate
    # Explain refusals before asking for a salary that could not be used anyway.
    try:
        if not CANDIDATE.may_write(access):
            raise errors.not_allowed_error(access.role)
        PIPELINE.check(candidate.name, candidate.state, args.to_state)
    except errors.ObjectError as error:
        raise _failure(error) from error
    if args.to_state == "offer" and args.offered_salary is None:
        form = surfaces.salary_form(
            candidate, to_state="offer", note=args.note, action=surfaces.ACTION_MOVE
        )
        position = candidate.position
        band = f"{position.salary_min}–{position.salary_max}"
        return _form_result(
            form,
            {
                "needs_input": "offered_salary",
                "message": ASKED_SALARY.format(band=band),
                "candidate": _summary(candidate),
            },
        )
    return _written(services.candidate_move, access, candidate, args, _moved_text)


def update_candidate(args: UpdateCandidateArgs, context: ToolContext) -> ToolResult:
    """Change a job candidate's offered salary (while in offer), name or email."""
    access = run_access(context, missing=NO_ACCESS)
    candidate = _one(args, access, surfaces.ACTION_UPDATE)
    if isinstance(candidate, ToolResult):
        return candidate
    return _written(services.candidate_update, access, candidate, args, _updated_text)


def _written(
    write: Callable[..., Candidate],
    access: AccessContext,
    candidate: Candidate,
    args: MoveCandidateArgs | UpdateCandidateArgs,
    message: Callable[[Candidate], str],
) -> ToolResult:
    """Write the arguments (all but the candidate reference, which `candidate` resolves) with
    the object-layer service `write`; the model reads what was done, or (as a ToolError) why
    the object layer or the database refused."""
    changes = args.model_dump(exclude={"candidate"})
    try:
        written = write(context=access, candidate_id=candidate.pk, **changes)
    except errors.ObjectError as error:
        raise _failure(error) from error
    written.position = candidate.position
    return ToolResult(
        content={"ok": True, "message": message(written), "candidate": _summary(written)}
    )


def _updated_text(candidate: Candidate) -> str:
    return f"Updated {candidate.name}."


def _moved_text(candidate: Candidate) -> str:
    if candidate.state == "offer":
        return f"{candidate.name} has an offer of {errors.format_amount(candidate.offered_salary)}."
    return f"{candidate.name} moved to {errors.state_label(candidate.state)}."


MOVE_EXAMPLE = {"candidate": "Maria Silva", "to_state": "offer", "offered_salary": 7200}
UPDATE_EXAMPLE = {"candidate": "#42", "offered_salary": 7400, "note": "Counter-offer"}


def register_tools(into: ToolRegistry | None = None) -> None:
    """Add `move_candidate` and `update_candidate` to `into` (default: the agent's registry)."""
    register_tool(
        name="move_candidate",
        when_to_use="When the person asks to move, advance, hire, reject or make an offer to a "
        "job candidate of the hiring pipeline.",
        limits="One candidate per call, one stage at a time (no skipping, no going back). "
        "Only HR managers and admins may; hired, rejected and withdrawn candidates never change. "
        "An offer needs offered_salary within the position's band; without it the person is "
        "asked in a form.",
        example=MOVE_EXAMPLE,
        args=MoveCandidateArgs,
        into=into,
    )(move_candidate)
    register_tool(
        name="update_candidate",
        when_to_use="When the person asks to change an open offer's salary, or a candidate's "
        "name or email, without moving them to another stage.",
        limits="Only HR managers and admins; not for hired, rejected or withdrawn candidates; "
        "a salary only while in offer, within the position's band.",
        example=UPDATE_EXAMPLE,
        args=UpdateCandidateArgs,
        into=into,
    )(update_candidate)
