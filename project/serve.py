"""Start daphne the way every Tessera web process is started (`scripts/serve.sh`, `Procfile`,
the multi-process tests and `bench/load.py`):

    .venv/bin/python -m project.serve HOST PORT [daphne options…]

Two of daphne's defaults drop clients when many connect at once (docs/scaling.md, "Load
test"): Twisted listens with a backlog of 50 connections waiting to be accepted, and
daphne's command line gives a WebSocket 5 s from the upgrade to the application's `accept`,
after which autobahn aborts the connection (the client sees "connection reset by peer"). A
busy process authenticating hundreds of sockets takes longer than that without anything
being wrong.

A third cuts a socket for a large frame: daphne closes it (reset) past 1 MB, so a frame the
consumers would refuse with REQUEST_REFUSED and go on (over DATA_UPLOAD_MAX_MEMORY_SIZE,
2.5 MB) never reached them. Frames up to WEBSOCKET_MAX_MESSAGE_BYTES pass; past it daphne
still closes the socket, so one frame never costs the process more than that.
"""

import sys

# Connections the kernel queues until daphne accepts them (Linux caps it at somaxconn).
LISTEN_BACKLOG = 1024
# Seconds a WebSocket may take from the upgrade request to `accept` (daphne's CLI: 5).
HANDSHAKE_SECONDS = 60
# Largest WebSocket message (and frame) daphne takes: above the consumers' own limit
# (Django's DATA_UPLOAD_MAX_MEMORY_SIZE, 2.5 MB), so they say what is wrong.
WEBSOCKET_MAX_MESSAGE_BYTES = 4 * 1024 * 1024


def daphne_args(host: str, port: int | str, *options: str) -> list[str]:
    """daphne's command-line arguments (after the program name)."""
    interface = host.replace(":", r"\:")  # an IPv6 address, in Twisted's endpoint syntax
    endpoint = f"tcp:port={port}:interface={interface}:backlog={LISTEN_BACKLOG}"
    return [
        "-e",
        endpoint,
        "--websocket_connect_timeout",
        str(HANDSHAKE_SECONDS),
        "--websocket-max-message-size",
        str(WEBSOCKET_MAX_MESSAGE_BYTES),
        "--websocket-max-frame-size",
        str(WEBSOCKET_MAX_MESSAGE_BYTES),
        *options,
        "project.asgi:application",
    ]


def main(argv: list[str]) -> None:
    if len(argv) < 2:
        sys.exit("usage: python -m project.serve HOST PORT [daphne options…]")
    from daphne.cli import CommandLineInterface

    host, port, *options = argv
    CommandLineInterface().run(daphne_args(host, port, *options))


if __name__ == "__main__":
    main(sys.argv[1:])
