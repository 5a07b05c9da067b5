"""Who is at the other end of an SSH session, as far as the server knows."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Visitor"]


@dataclass(frozen=True)
class Visitor:
    """What the SSH handshake told about a connecting player.

    Neither is a proof of who he is with anonymous play: the user name is whatever the client
    sent, and a key fingerprint only says the client holds that key. That is all a seat needs:
    the same key (or the same name and join code) takes a kept seat back.
    """

    username: str = ""
    """The user name of `ssh USER@HOST` (a join code there takes the player straight to that table)."""
    key: str | None = None
    """The SHA256 fingerprint of the public key the client logged in with, if it offered one."""
    address: str = ""
    """The client's IP address (wrong join codes are counted by it); empty when unknown."""
