"""Queue names. In threads mode each web process has private queues: "<queue>@<token>",
where the token names the process's presence lock (apps/jobs/presence.py)."""

LOCAL_SEPARATOR = "@"


def local_queue(queue_name: str, token: str) -> str:
    return f"{base_queue(queue_name)}{LOCAL_SEPARATOR}{token}"


def base_queue(queue_name: str) -> str:
    return queue_name.split(LOCAL_SEPARATOR, 1)[0]


def owner_key(queue_name: str) -> int | None:
    """Presence key of the process owning a private queue; None for shared queues."""
    _, separator, token = queue_name.partition(LOCAL_SEPARATOR)
    try:
        return int(token, 16) if separator else None
    except ValueError:
        return None
