"""The command palette (Ctrl+P) offers the game's own commands, not only Textual's.

Every key of the screen the palette was opened over becomes a command named by what it does and
the key that does it ("End turn (e)"), so a player who does not know the keys can search for
them. Choosing one presses that key: the command does exactly what the key does, refusal and all.
A screen adds its own commands with `palette_commands()` (the game: where it is saved; a
replay: go to any turn by number, typed in the search).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import Protocol, runtime_checkable

from textual.command import DiscoveryHit, Hit, Hits, Provider

__all__ = ["GameCommands", "WithCommands"]

_KEY_NAMES = {"question_mark": "?", "escape": "Esc", "enter": "Enter", "tab": "Tab", "space": "Space"}
"""How a key is written in a command's name (Textual's names for the others read well already)."""


@runtime_checkable
class WithCommands(Protocol):
    """A screen with commands of its own besides its keys."""

    def palette_commands(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """(name, what it does when chosen, a line of help); `query` is what the player typed."""
        ...


def _key_name(key: str) -> str:
    return _KEY_NAMES.get(key, key.replace("_", " "))


class GameCommands(Provider):
    """The keys of the screen under the palette, and its own commands, as palette commands."""

    def _commands(self, query: str = "") -> Iterator[tuple[str, Callable[[], object], str]]:
        screen = self.screen
        seen: set[str] = set()
        chains = [screen._bindings]
        if screen.focused is not None:  # the map's own keys (big steps, pages) too
            chains.append(screen.focused._bindings)
        for bindings in chains:
            for key, binding in bindings:
                action = binding.action
                if not binding.description or action in seen or action.startswith("app.focus"):
                    continue
                seen.add(action)
                keys = [_key_name(k) for k, b in bindings if b.action == action]
                name = f"{binding.tooltip or binding.description} ({' or '.join(keys[:2])})"
                yield name, partial(self.app.simulate_key, key), f"the same as the {keys[0]} key"
        if isinstance(screen, WithCommands):
            yield from screen.palette_commands(query)

    async def discover(self) -> Hits:
        for name, run, help_text in self._commands():
            yield DiscoveryHit(name, run, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, run, help_text in self._commands(query):
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), run, help=help_text)
