"""bench/load.py's account of delivery: an event a client never received counts as lost when
it was stored while the client was still waiting for it (a client that timed out waiting for
an undelivered RUN_FINISHED used to be reported as "unread", not lost), and as unread when
it was stored after, or just before, the client stopped."""

from bench.load import Client
from bench.load_report import IN_FLIGHT_SECONDS, delivery, error_kinds


def _client(received: list[int], stopped_at: float | None) -> Client:
    client = Client(number=0, port=0, thread_id="t", cookie="")
    client.received = [(seq, 100.0 + seq) for seq in received]
    client.stopped_at = stopped_at
    return client


def test_an_event_stored_long_before_the_client_gave_up_is_lost_not_unread():
    stored = {"t": {1: 100.0, 2: 101.0, 3: 102.0}}
    stopped_at = 102.0 + IN_FLIGHT_SECONDS + 108  # waited for seq 3, which never came
    _, lost, unread, repeated = delivery([_client([1, 2], stopped_at)], stored)
    assert (lost, unread, repeated) == (1, 0, 0)


def test_events_stored_after_or_just_before_the_client_stopped_are_unread():
    stored = {"t": {1: 100.0, 2: 150.0, 3: 160.0}}
    _, lost, unread, _ = delivery([_client([1], stopped_at=155.0)], stored)
    assert (lost, unread) == (0, 2)


def test_a_gap_is_lost_and_a_repeat_counted_whether_or_not_the_client_stopped():
    stored = {"t": {1: 100.0, 2: 101.0, 3: 102.0}}
    for stopped_at in (None, 500.0):
        latencies, lost, unread, repeated = delivery([_client([1, 3, 3], stopped_at)], stored)
        assert (lost, unread, repeated) == (1, 0, 1)
        assert latencies == [1000.0, 1000.0, 1000.0]  # 1 s after each was stored


def test_client_errors_are_counted_by_kind_whatever_their_figures_and_ids():
    kinds = error_kinds(
        [
            "NoEvent: no event for 120 s after seq 34 of a run under way",
            "NoEvent: no event for 120 s after seq 7 of a run under way",
            "NoEvent: no event for 120 s after asking",
            "artifact 0a1b2c3d-0000-1111-2222-333344445555: HTTP 500",
        ]
    )
    assert kinds == {
        "NoEvent: no event for N s after seq N of a run under way": 2,
        "NoEvent: no event for N s after asking": 1,
        "artifact N: HTTP N": 1,
    }
