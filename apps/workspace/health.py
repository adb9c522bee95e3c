"""Health of the parts the app cannot work without: the database and the channel layer.

Anyone (a load balancer, a monitor) may ask whether each part works; what they are (the
database role and server version, the layer's class, an error's text with hosts and ports)
is for staff only: to others it maps the deployment for an attack (`public_report`)."""

import logging
import time
import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import connection

log = logging.getLogger("tessera.health")


def database_status() -> dict:
    started = time.perf_counter()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT current_user, version()")
            role, version = cursor.fetchone()
    except Exception as exc:
        return {"ok": False, "error": f"{type(exc).__name__}: {exc}".strip()}
    return {
        "ok": True,
        "role": role,
        "server": version.split(",")[0],
        "latency_ms": round((time.perf_counter() - started) * 1000, 2),
    }


def channel_layer_status() -> dict:
    layer = get_channel_layer()
    if layer is None:
        return {"ok": False, "error": "no channel layer configured"}
    started = time.perf_counter()
    try:
        # A round trip through the layer proves it can carry messages, not just that it exists.
        channel = async_to_sync(layer.new_channel)()
        token = uuid.uuid4().hex
        async_to_sync(layer.send)(channel, {"type": "health.ping", "token": token})
        message = async_to_sync(layer.receive)(channel)
        if discard := getattr(layer, "discard_channel", None):  # a subscription (pub/sub)
            async_to_sync(discard)(channel)
        if message.get("token") != token:
            return {"ok": False, "error": "channel layer returned another message"}
    except Exception as exc:
        return {
            "ok": False,
            "backend": type(layer).__name__,
            "error": f"{type(exc).__name__}: {exc}",
        }
    return {
        "ok": True,
        "backend": type(layer).__name__,
        "latency_ms": round((time.perf_counter() - started) * 1000, 2),
    }


def health_report() -> dict:
    checks = {"database": database_status(), "channel_layer": channel_layer_status()}
    for name, check in checks.items():
        if not check["ok"]:  # the detail a public answer leaves out is in the log
            log.warning("health check %s failed: %s", name, check.get("error", ""))
    return {"ok": all(check["ok"] for check in checks.values()), "checks": checks}


def public_report(report: dict) -> dict:
    """The report without detail: whether the whole and each part work, nothing else."""
    checks = {name: {"ok": check["ok"]} for name, check in report["checks"].items()}
    return {"ok": report["ok"], "checks": checks}
