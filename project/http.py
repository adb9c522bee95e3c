"""Django's ASGI handler with its middleware chain run synchronously, in one hop to a thread.

Django's `ASGIHandler` loads the middleware in async mode. Most of the project's middleware
(sessions, CSRF, messages, `AccessContextMiddleware` with its transaction) is synchronous, so
a request went loop → thread (the outer middleware) → loop (`async_to_sync` back to the inner,
async-capable middleware and `_get_response_async`) → thread (each `process_view`, then the
view) and back, every hop a future, a wake-up and a GIL hand-over: about a tenth of the web
process's CPU at 500 clients. Every view is synchronous, so here the chain is loaded as WSGI
loads it (each middleware in its sync mode, the view called directly) and runs as a whole in
the request's thread-sensitive thread: the same code, in the same order, on the same thread
and database connection, with one hop in and out. The response is still sent, streamed and
closed by Django's ASGI code on the loop.
"""

from asgiref.sync import sync_to_async
from django.core.handlers.asgi import ASGIHandler


class ProjectASGIHandler(ASGIHandler):
    def load_middleware(self, is_async=False):
        super().load_middleware(is_async=False)
        self._middleware_chain = sync_to_async(self._middleware_chain, thread_sensitive=True)


def project_asgi_application() -> ProjectASGIHandler:
    """`django.core.asgi.get_asgi_application`, with the handler above."""
    import django

    django.setup(set_prefix=False)
    return ProjectASGIHandler()
