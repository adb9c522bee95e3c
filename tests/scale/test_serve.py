"""The web process (project/serve.py) keeps connections waiting while it is busy: with
Twisted's default backlog of 50, the 51st client of a burst found its SYN dropped and, under
load, gave up (bench/load.py at 500 clients)."""

import signal
import socket

import pytest

from project.serve import (
    HANDSHAKE_SECONDS,
    LISTEN_BACKLOG,
    WEBSOCKET_MAX_MESSAGE_BYTES,
    daphne_args,
)

pytestmark = [pytest.mark.slow, pytest.mark.usefixtures("committed_db")]

BURST = 300  # clients connecting while the process accepts none


def test_a_burst_of_connections_waits_for_a_process_that_accepts_none(processes):
    web = processes.daphne()
    web.popen.send_signal(signal.SIGSTOP)  # busy: the process accepts nothing
    sockets = []
    try:
        for _ in range(BURST):
            # The kernel completes the handshake of a queued connection itself; one refused
            # by a full queue would still be waiting for its SYN to be answered.
            sockets.append(socket.create_connection(("127.0.0.1", web.port), timeout=3))
        assert len(sockets) == BURST
    finally:
        web.popen.send_signal(signal.SIGCONT)
        for sock in sockets:
            sock.close()
    assert web.get("/healthz")[0] == 200  # and serves again once it runs


def test_endpoint_names_the_backlog_and_escapes_an_ipv6_interface():
    args = daphne_args("::1", 8000)
    assert args[:2] == ["-e", rf"tcp:port=8000:interface=\:\:1:backlog={LISTEN_BACKLOG}"]
    assert args[args.index("--websocket_connect_timeout") + 1] == str(HANDSHAKE_SECONDS)
    assert args[-1] == "project.asgi:application"


def test_daphne_takes_frames_the_consumers_refuse_themselves(settings):
    """daphne cut sockets past 1 MB, below the consumers' own limit (the slow test
    test_socket_frame_size.py shows it on the real process)."""
    args = daphne_args("127.0.0.1", 8000)
    for option in ("--websocket-max-message-size", "--websocket-max-frame-size"):
        assert int(args[args.index(option) + 1]) == WEBSOCKET_MAX_MESSAGE_BYTES
    assert WEBSOCKET_MAX_MESSAGE_BYTES > settings.DATA_UPLOAD_MAX_MEMORY_SIZE
