from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST

from apps.agent import selectors, services
from apps.workspace import selectors as workspace_selectors
from apps.workspace.health import health_report, public_report

EXAMPLES = [
    "How many active employees are there in each department?",
    "What was the average salary of the Sales department between March two years ago and May last year?",
    "Which department has the highest average employee level?",
    "Who are the ten employees with the largest salary increase from last year to this year?",
]


@login_required
def home(request):
    threads = selectors.thread_list(context=request.access, limit=1)
    if threads:
        return redirect("thread", thread_id=threads[0].id)
    thread = services.thread_create(context=request.access)
    return redirect("thread", thread_id=thread.id)


@login_required
@require_POST
def thread_new(request):
    thread = services.thread_create(context=request.access)
    return redirect("thread", thread_id=thread.id)


@login_required
def thread(request, thread_id):
    threads = selectors.thread_list(context=request.access)
    current = next((item for item in threads if item.id == thread_id), None)
    if current is None:
        current = selectors.thread_get(context=request.access, thread_id=thread_id)
    if current is None:
        raise Http404("No such thread")
    has_events = workspace_selectors.thread_has_events(context=request.access, thread_id=thread_id)
    return render(
        request,
        "workspace/thread.html",
        {"thread": current, "threads": threads, "examples": EXAMPLES, "has_events": has_events},
    )


def healthz(request):
    """Liveness for anyone; the parts' detail (role, version, errors) for staff only."""
    report = health_report()
    status = 200 if report["ok"] else 503
    if not request.user.is_staff:
        report = public_report(report)
    response = JsonResponse(report, status=status)
    response["Cache-Control"] = "no-store"
    return response
