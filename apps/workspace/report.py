"""A thread as one self-contained HTML file: questions, answers, SQL, tables and
interactive charts, with plotly.js and the styles inlined so it opens anywhere offline.

Opened from disk, the file has none of the site's headers, so it carries its own
Content-Security-Policy in a <meta>: nothing is loaded from anywhere, and the only scripts
that run are its own inline ones, allowed by hash. Should a value ever get past the
template's escaping as markup, it runs nothing and sends nothing out."""

import base64
import hashlib
import json
from functools import lru_cache
from pathlib import Path

import plotly
from django.utils.safestring import mark_safe

from apps.accounts.access import AccessContext, bound
from apps.agent.models import Artifact, Run
from project import env

STYLE_FILES = ["static/css/tokens.css", "static/css/report.css"]
# Draws each chart from the figures' JSON (in a <script type="application/json">, not run).
CHART_LOADER = """
for (const [id, figure] of Object.entries(JSON.parse(document.getElementById("figures").textContent))) {
  Plotly.newPlot(id, figure.data, figure.layout, {responsive: true, displaylogo: false});
}
"""


@lru_cache(maxsize=1)
def _plotly_js() -> str:
    return (Path(plotly.__file__).parent / "package_data" / "plotly.min.js").read_text()


@lru_cache(maxsize=1)
def _styles() -> str:
    return "\n".join((Path(env.BASE_DIR) / name).read_text() for name in STYLE_FILES)


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@lru_cache(maxsize=2)
def report_policy(with_charts: bool) -> str:
    """The file's own policy: its inline scripts by hash, images only as data:/blob: URLs
    (plotly.js draws some so). Styles are inline: plotly.js inserts <style> elements of its
    own as it loads (maplibre's rules among them); with no URL allowed for images, fonts or
    requests, a style can change how the file looks but cannot send anything out."""
    scripts = [_sha256(_plotly_js()), _sha256(CHART_LOADER)] if with_charts else ["'none'"]
    return "; ".join(
        [
            "default-src 'none'",
            f"script-src {' '.join(scripts)}",
            "style-src 'unsafe-inline'",
            "img-src data: blob:",
            "font-src data:",
            "base-uri 'none'",
            "form-action 'none'",
        ]
    )


def _script_json(value) -> str:
    # JSON inside <script>: escape what could close the element or start markup.
    text = json.dumps(value, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def report_context(*, context: AccessContext, thread) -> dict:
    with bound(context):
        runs = list(
            Run.objects.filter(thread_id=thread.id)
            .order_by("started_at")
            .prefetch_related("messages")
        )
        artifacts = list(Artifact.objects.filter(thread_id=thread.id).order_by("created_at"))
    charts_by_source = {a.payload.get("source_id"): a for a in artifacts if a.kind == "chart"}
    entries = []
    figures = {}
    for run in runs:
        answers = [
            message.data.get("text", "")
            for message in run.messages.all()
            if message.role == "assistant" and message.data.get("text")
        ]
        results = []
        for artifact in artifacts:
            if artifact.run_id != run.id or artifact.kind != "sql_result":
                continue
            chart = charts_by_source.get(artifact.id)
            if chart is not None:
                figures[f"chart-{chart.id}"] = chart.payload["figure"]
            results.append(
                {"result": artifact.payload, "chart_id": f"chart-{chart.id}" if chart else None}
            )
        entries.append({"run": run, "answers": answers, "results": results})
    return {
        "thread": thread,
        "access": context,
        "entries": entries,
        "styles": mark_safe(_styles()),  # noqa: S308 - our own stylesheet files
        "plotly_js": mark_safe(_plotly_js() if figures else ""),  # noqa: S308 - the vendored library
        "figures_json": mark_safe(_script_json(figures)),  # noqa: S308 - escaped for <script>
        "chart_loader": mark_safe(CHART_LOADER),  # noqa: S308 - our own script
        "policy": report_policy(bool(figures)),
    }
