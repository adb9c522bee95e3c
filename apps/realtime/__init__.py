"""Realtime plumbing shared by the thread, decks and studio sockets: sending to channel groups
from sync and async code (groups.py), a thread-safe in-memory layer (layers.py), and the
authenticated consumer they extend (consumers.py)."""
