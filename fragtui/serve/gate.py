"""Who may log in to `fragtui serve`: anyone (the default), or the holders of listed keys or passwords.

Anonymous play asks nothing of anyone, but still learns a player's public key when his client
offers one: a kept seat is then taken back by the same key (`Visitor.key`). So the server does
not accept SSH's "none" method at once (the client would then never offer a key); it offers
publickey, which takes any key the client proves it holds, and keyboard-interactive with no
prompt at all, which lets a client without keys in without a question.

`--authorized-keys FILE` and `--password-file FILE` close the door: only a key listed in the
OpenSSH authorized_keys file, or a user name and password from the password file, get in; with
both, either one suffices (as OpenSSH does by default). Nothing anonymous is left.

The password file, one entry a line (blank lines and `#` comments skipped):

    NAME:PASSWORD     the password of user NAME (`ssh NAME@HOST`)
    *:PASSWORD        the password of every user name not listed (one password shared by all)

A password may contain `:`; the name may not. Passwords are kept only as SHA-256 digests and
compared in constant time; they are never printed or logged.
"""

from __future__ import annotations

import hashlib
import hmac
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

from fragtui.errors import FragtuiError

__all__ = ["ANY_USER", "Gate", "GateError", "read_authorized_keys", "read_passwords"]

ANY_USER = "*"
"""The password file's name for "every user name not listed": a shared password."""


class GateError(FragtuiError):
    """An authorized-keys or password file cannot be used: which file, which line, what is wrong."""


def _digest(password: str) -> bytes:
    return hashlib.sha256(password.encode("utf-8", errors="surrogateescape")).digest()


def _read(path: Path, what: str) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise GateError(f"{path}: the {what} is not UTF-8 text ({exc.reason})") from None
    except OSError as exc:
        raise GateError(f"{path}: the {what} cannot be read: {exc.strerror or exc}") from None


def read_authorized_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an OpenSSH authorized_keys file; a line that is not a key stops the server.

    asyncssh itself skips lines it cannot read: a typo would silently lock a player out.
    Certificate authorities and X.509 entries are refused by line (not supported here).
    """
    text = _read(path, "authorized-keys file")
    found = 0
    for number, line in enumerate(text.splitlines(), start=1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        try:
            entry = asyncssh.import_authorized_keys(line)
        except (ValueError, asyncssh.KeyImportError) as exc:
            raise GateError(f"{path} line {number}: not an OpenSSH public key ({exc})") from None
        if entry._ca_entries or entry._x509_entries:
            raise GateError(f"{path} line {number}: certificate authorities and X.509 entries are not supported")
        found += 1
    if not found:
        raise GateError(f"{path}: no key in the authorized-keys file (nobody could log in)")
    return asyncssh.import_authorized_keys(text)


def read_passwords(path: Path) -> dict[str, bytes]:
    """Each user name's password digest (`ANY_USER` for the shared one), from a password file."""
    text = _read(path, "password file")
    passwords: dict[str, bytes] = {}
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        name, colon, password = line.partition(":")
        name = name.strip()
        if not colon:
            raise GateError(f"{path} line {number}: not NAME:PASSWORD (no colon)")
        if not name:
            raise GateError(f"{path} line {number}: no user name before the colon (use * for every user)")
        if not password:
            raise GateError(f"{path} line {number}: an empty password")
        if name in passwords:
            raise GateError(f"{path} line {number}: {name} is listed twice")
        passwords[name] = _digest(password)
    if not passwords:
        raise GateError(f"{path}: no NAME:PASSWORD line in the password file (nobody could log in)")
    return passwords


@dataclass(frozen=True)
class Gate:
    """Who may log in: anyone (both None), or the holders of these keys or passwords."""

    authorized_keys: asyncssh.SSHAuthorizedKeys | None = None
    """The keys that may log in, or None: any key is taken (anonymous play, or passwords only)."""
    passwords: dict[str, bytes] | None = field(default=None, repr=False)
    """Each user name's password digest (`ANY_USER`: everyone else's), or None: no passwords."""

    @classmethod
    def load(cls, authorized_keys: Path | None, password_file: Path | None) -> Gate:
        """The gate the command line asks for; a bad file raises `GateError` before anything listens."""
        return cls(
            authorized_keys=None if authorized_keys is None else read_authorized_keys(authorized_keys),
            passwords=None if password_file is None else read_passwords(password_file),
        )

    @property
    def anonymous(self) -> bool:
        """Anyone gets in: neither file was given."""
        return self.authorized_keys is None and self.passwords is None

    def takes_key(self, key: asyncssh.SSHKey, client_address: str) -> bool:
        """Whether this key may log in (asyncssh then checks the client holds it).

        Anonymous: any key. With passwords only: none (a key is no password). With
        authorized keys: a listed one, its `from="…"` patterns matched against the client's address.
        """
        if self.authorized_keys is None:
            return self.passwords is None
        return self.authorized_keys.validate(key, client_address, client_address) is not None

    def takes_password(self, username: str, password: str) -> bool:
        """Whether this is the user's password (or the shared one when he is not listed).

        The digests are compared in constant time, and a digest is compared even for a name
        with no password, so the time taken tells nothing about which names are listed.
        """
        if self.passwords is None:
            return False
        expected = self.passwords.get(username, self.passwords.get(ANY_USER))
        matched = hmac.compare_digest(_digest(password), expected if expected is not None else bytes(32))
        return matched and expected is not None
