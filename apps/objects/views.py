from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from apps.objects import errors, selectors, services
from apps.objects.forms import parse_move
from apps.objects.models import CandidateState
from apps.objects.pipeline import CANDIDATE, FLOW

MSG_MOVED = "{name} moved to {state}."
MSG_OFFERED = "{name} has an offer of {salary}."


@login_required
def board(request):
    context = request.access
    return render(
        request,
        "objects/board.html",
        {
            "board": selectors.pipeline_board(context=context),
            "may_write": CANDIDATE.may_write(context),
        },
    )


def _detail_page(request, candidate_id: int, *, status: int = 200, **extra):
    try:
        detail = selectors.candidate_detail(context=request.access, candidate_id=candidate_id)
    except errors.NotFound as error:
        raise Http404(error.message) from error
    reached = {event.to_state for event in detail.history}
    # A closed candidate left the flow at the last stage they reached.
    left_at = None
    if detail.candidate.state not in FLOW:
        left_at = max((FLOW.index(s) for s in reached if s in FLOW), default=0)
    steps = [
        {
            "state": state,
            "label": CandidateState(state).label,
            "current": state == detail.candidate.state,
            "done": state in reached and state != detail.candidate.state,
            "left": index == left_at,
        }
        for index, state in enumerate(FLOW)
    ]
    actions = [
        {
            "state": state,
            "label": _action_label(state),
            "kind": "forward" if state in FLOW else "close",
            "confirm": state in CANDIDATE.state.final,
        }
        for state in detail.next_states
    ]
    if detail.may_write and detail.candidate.state == "offer":
        actions.insert(0, {"state": "offer", "label": "Update offer", "kind": "update"})
    salary_wanted = any(action["state"] == "offer" for action in actions)
    return render(
        request,
        "objects/candidate.html",
        {
            "detail": detail,
            "candidate": detail.candidate,
            "position": detail.candidate.position,
            "steps": steps,
            "actions": actions,
            "salary_wanted": salary_wanted,
            "error": None,
            "field_errors": {},
            "values": {},
            **extra,
        },
        status=status,
    )


def _action_label(state: str) -> str:
    return {
        "screening": "Move to screening",
        "interview": "Move to interview",
        "offer": "Make offer",
        "hired": "Mark as hired",
        "rejected": "Reject",
        "withdrawn": "Mark as withdrawn",
    }[state]


@login_required
def candidate(request, candidate_id: int):
    return _detail_page(request, candidate_id)


@login_required
@require_POST
def move(request, candidate_id: int):
    form, problems = parse_move(request.POST)
    values = {key: request.POST.get(key, "") for key in ("offered_salary", "note")}
    if form is None:
        return _detail_page(request, candidate_id, status=400, field_errors=problems, values=values)
    try:
        moved = services.candidate_move(
            context=request.access,
            candidate_id=candidate_id,
            to_state=form.to_state,
            offered_salary=form.offered_salary,
            note=form.note,
        )
    except errors.ObjectError as error:
        field_errors = {error.field: error.message} if error.field == "offered_salary" else {}
        return _detail_page(
            request,
            candidate_id,
            status=400,
            error=None if field_errors else error,
            field_errors=field_errors,
            values=values,
        )
    if moved.state == "offer":
        text = MSG_OFFERED.format(
            name=moved.name, salary=errors.format_amount(moved.offered_salary)
        )
    else:
        text = MSG_MOVED.format(name=moved.name, state=CandidateState(moved.state).label.lower())
    messages.success(request, text)
    return redirect("pipeline-candidate", candidate_id=candidate_id)
