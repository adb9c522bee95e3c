from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import render

from apps.workspace.health import health_report


@login_required
def home(request):
    return render(request, "workspace/home.html")


def healthz(request):
    report = health_report()
    return JsonResponse(report, status=200 if report["ok"] else 503)
