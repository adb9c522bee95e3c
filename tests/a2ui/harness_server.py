"""A loopback HTTP server for browser tests: the harness page (rendered from
templates/a2ui/harness.html with the app's CSP header) and the files under static/.

Every request is recorded, so tests can assert that a surface made the page fetch nothing
beyond it. It needs no database and no Django server.
"""

import mimetypes
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import unquote, urlsplit

from django.conf import settings
from django.template.loader import render_to_string
from django.utils.csp import build_policy

STATIC_DIR = Path(settings.BASE_DIR) / "static"


def harness_html() -> str:
    return render_to_string(
        "a2ui/harness.html", {"with_tokens": (STATIC_DIR / "css" / "tokens.css").exists()}
    )


@dataclass
class HarnessServer:
    url: str
    requests: list[str] = field(default_factory=list)
    server: ThreadingHTTPServer | None = None

    def stop(self) -> None:
        if self.server:
            self.server.shutdown()
            self.server.server_close()


def start() -> HarnessServer:
    page = harness_html().encode()
    policy = build_policy(settings.SECURE_CSP, "harness-nonce")
    record: list[str] = []

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args) -> None:  # keep test output clean
            pass

        def _send(self, status: int, body: bytes, content_type: str) -> None:
            self.send_response(status)
            self.send_header("Content-Type", content_type)
            self.send_header("Content-Length", str(len(body)))
            self.send_header("Content-Security-Policy", policy)
            self.send_header("Cache-Control", "no-store")
            self.end_headers()
            self.wfile.write(body)

        def do_GET(self) -> None:
            record.append(self.path)
            path = unquote(urlsplit(self.path).path)
            if path in ("/", "/harness/"):
                self._send(200, page, "text/html; charset=utf-8")
                return
            if path.startswith("/static/"):
                target = (STATIC_DIR / path.removeprefix("/static/")).resolve()
                if target.is_file() and target.is_relative_to(STATIC_DIR.resolve()):
                    kind = mimetypes.guess_type(target.name)[0] or "application/octet-stream"
                    if target.suffix == ".js":
                        kind = "text/javascript"
                    self._send(200, target.read_bytes(), kind)
                    return
            self._send(404, b"not found", "text/plain")

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    return HarnessServer(url=f"http://{host}:{port}", requests=record, server=server)
