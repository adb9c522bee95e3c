from django.conf import settings
from django.http import Http404, JsonResponse
from django.shortcuts import render
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

from apps.a2ui.catalog import tessera_catalog
from apps.a2ui.versions import DEFAULT_VERSION, SUPPORTED_VERSIONS


@require_GET
@cache_control(public=True, max_age=3600)
def catalog(request):
    """Tessera's catalog document: what agents and clients may use in a surface
    (`?version=v1.0` for the v1.0 catalog; v0.9 and v0.9.1 share one)."""
    version = request.GET.get("version", DEFAULT_VERSION)
    if version not in SUPPORTED_VERSIONS:
        return JsonResponse(
            {"error": f"version must be one of {', '.join(SUPPORTED_VERSIONS)}"}, status=400
        )
    return JsonResponse(tessera_catalog(version), json_dumps_params={"indent": 2})


@require_GET
def harness(request):
    """The development harness (DEBUG only): renders payloads pushed from the console."""
    if not settings.DEBUG:
        raise Http404("The A2UI harness is only served with DEBUG on.")
    with_tokens = (settings.BASE_DIR / "static" / "css" / "tokens.css").exists()
    return render(request, "a2ui/harness.html", {"with_tokens": with_tokens})
