"""ASGI entry point: HTTP through Django, WebSockets through Channels (served by daphne)."""

import os

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "project.settings.dev")

from project import bootstrap  # noqa: E402

bootstrap.ensure_database_server()

from project.http import project_asgi_application  # noqa: E402

# Build Django's app before importing consumers, so models are ready.
django_asgi_app = project_asgi_application()

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402

from apps.jobs.asgi import StartRunners  # noqa: E402
from apps.realtime.origin import BearerOrSameOrigin  # noqa: E402
from project.routing import websocket_urlpatterns  # noqa: E402

application = StartRunners(
    ProtocolTypeRouter(
        {
            "http": django_asgi_app,
            "websocket": BearerOrSameOrigin(AuthMiddlewareStack(URLRouter(websocket_urlpatterns))),
        }
    )
)
