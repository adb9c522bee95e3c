"""The shape of an API token: `tsr_<id>_<secret>`. The id names the token in lists, logs and
`manage.py token revoke`; only the SHA-256 digest of the whole token is stored."""

import hashlib
import re
import secrets

PREFIX = "tsr_"
TOKEN = re.compile(r"^tsr_([a-z0-9]{8})_([A-Za-z0-9_-]{43})$")


def token_new() -> tuple[str, str]:
    """A fresh (token id, token)."""
    token_id = "".join(secrets.choice("abcdefghijklmnopqrstuvwxyz0123456789") for _ in range(8))
    return token_id, f"{PREFIX}{token_id}_{secrets.token_urlsafe(32)}"


def token_digest(token: str) -> str:
    # The secret has 256 bits of entropy: a plain hash cannot be brute-forced, and it lets a
    # request find its token with one indexed lookup.
    return hashlib.sha256(token.encode()).hexdigest()


def token_well_formed(token: str) -> bool:
    return bool(TOKEN.match(token))
