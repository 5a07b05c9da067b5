"""Everything a rule system shows and plays with, in one record per ruleset: its `FrontEnd`.

A rule system plugs into the engine with a `Ruleset` (`fragtui.engine.rulesets`); it plugs into the interface,
the replays, the hosted tables and the computer players with a `FrontEnd` registered under the same key, in
a module of its own (`fragtui/systems/frag.py`, `fragtui/systems/deadlands.py`, `fragtui/systems/ruthless.py`):

    RUTHLESS = register_front_end(FrontEnd(
        key="ruthless",
        screen="fragtui.tui.ruthless.screen:RuthlessScreen",          # the game screen (a PlayScreen)
        pictures="fragtui.tui.ruthless.pictures:RuthlessPictures",    # how the replay draws its table
        seat_editors=("fragtui.tui.ruthless.seat_editor:PosseEditor",),  # the set-up's lines of a seat
        words="fragtui.tui.ruthless.pictures:said",                   # an action in the game's words
        bots={"heuristic": "fragtui.bots.ruthless:RuthlessBot"},      # its own computer players, by kind
    ))

`front_end(key)` finds it. A ruleset that registered none gets `FrontEnd(key)`, the generic one: a plain game
screen that lists the legal actions in the engine's words (`tui/generic_screen.py`), the replay's plain
pictures, no seat editor (a seat is a name and a look), and no computer player of its own (the `heuristic` kind plays
it as the `random` one does) — never Frag's. A key that names no ruleset is a `ConfigError`.

The parts are named as `module:attribute` and imported when first asked for, so registering imports nothing
(the title screen loads no game screen, `fragtui simulate` nothing of the interface); a test may give a callable
instead.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fragtui.bots.bot import Bot
    from fragtui.engine.actions import Action
    from fragtui.engine.game import Game
    from fragtui.tui.play_screen import PlayScreen
    from fragtui.tui.replay_screen import TablePictures
    from fragtui.tui.seat_row import SeatEditor
    from fragtui.tui.setup_kit import SetupWords

__all__ = ["BUILTIN_FRONT_ENDS", "FrontEnd", "Part", "front_end", "front_end_keys", "register_front_end"]

Part = str | Callable[..., Any]
"""A part of a front end: `module:attribute`, imported when first asked for, or the object itself."""

BUILTIN_FRONT_ENDS = ("fragtui.systems.frag", "fragtui.systems.deadlands", "fragtui.systems.ruthless")
"""Modules whose import registers the front ends fragtui ships (each new system adds its package here)."""

_REGISTRY: dict[str, FrontEnd] = {}


def _resolve(part: Part) -> Any:
    """The object a part names (`module:attribute`), imported now; a callable stands for itself."""
    if not isinstance(part, str):
        return part
    module, _, name = part.partition(":")
    return getattr(importlib.import_module(module), name)


@dataclass(frozen=True)
class FrontEnd:
    """What one rule system shows and plays with, by its ruleset's `key`. Every part but the key has the
    generic default, so a system names only what it has of its own."""

    key: str
    """The key of the ruleset it serves (`frag`, `deadlands`, `ruthless`)."""
    screen: Part = "fragtui.tui.generic_screen:GenericScreen"
    """The game screen class, a `PlayScreen` (hot-seat; a hosted table puts `SeatAtTable` before it)."""
    pictures: Part = "fragtui.tui.replay_screen:TablePictures"
    """How the replay draws a moment of the game: a `TablePictures` class (made once per replay)."""
    seat_editors: tuple[Part, ...] = ()
    """The set-up's editors of what a seat plays, one line each under its name, in order (`seat_row.SeatEditor`
    classes: Frag's design; Frag Deadlands' design and roster fighter; Ruthless's posse). None: a seat is a name
    and a look (and `Seat`'s default design)."""
    words: Part | None = None
    """An action in the game's words, `(game, action) -> str` (the replay's bottom line, the generic screen's
    list); None: the ruleset's own `in_words`."""
    bots: Mapping[str, Part] = field(default_factory=dict)
    """The system's own computer players by bot kind (`heuristic`), each a maker `(seed) -> Bot`. A kind the
    system does not name is played by the kind's generic bot (`fragtui.bots.kinds`)."""
    setup_words: Part = "fragtui.tui.setup_kit:SetupWords"
    """What the set-up screen says of the rules' options and seats beyond what the ruleset declares: a
    `setup_kit.SetupWords` class (Frag's: Frag Tag's modes, the house rules' full texts, the frag target's line)."""
    help: Part = "fragtui.tui.generic_screen:HELP"
    """The game's help (`?`): its keys and its rules in short, as `dialogs.help_renderable` lays them out (the
    game screen may add what the options played change; the title's help is the default ruleset's)."""

    def screen_class(self) -> type[PlayScreen]:
        """The game screen's class (its module imported now)."""
        found: type[PlayScreen] = _resolve(self.screen)
        return found

    def pictures_class(self) -> type[TablePictures]:
        """The replay's pictures' class (its module imported now)."""
        found: type[TablePictures] = _resolve(self.pictures)
        return found

    def seat_editor_classes(self) -> tuple[type[SeatEditor], ...]:
        """The seat editors' classes (their modules imported now)."""
        return tuple(_resolve(part) for part in self.seat_editors)

    def said(self, game: Game, action: Action) -> str:
        """`action` (one of `game`'s) in the system's words."""
        if self.words is None:
            return game.rules.in_words(action)
        words: Callable[[Game, Action], str] = _resolve(self.words)
        return words(game, action)

    def setup_words_class(self) -> type[SetupWords]:
        """The set-up's words' class (its module imported now)."""
        found: type[SetupWords] = _resolve(self.setup_words)
        return found

    def help_text(self) -> str:
        """The game's help text (its module imported now)."""
        text: str = _resolve(self.help)
        return text

    def bot_maker(self, kind: str) -> Callable[[int], Bot] | None:
        """The system's own maker of bots of `kind` (`heuristic`), or None when it has none of that kind."""
        part = self.bots.get(kind)
        if part is None:
            return None
        maker: Callable[[int], Bot] = _resolve(part)
        return maker


def register_front_end(front: FrontEnd) -> FrontEnd:
    """Register `front` under its key; a second, different one of a key is a bug (`ValueError`).

    The built-in systems register first, whoever registers: a front end registered under a built-in key
    before they were loaded would otherwise be taken, and the built-in one refused later, far from here."""
    _load_builtin()
    known = _REGISTRY.get(front.key)
    if known is not None and known != front:
        raise ValueError(f"two front ends are registered for the ruleset {front.key!r}")
    _REGISTRY[front.key] = front
    return front


def _load_builtin() -> None:
    for package in BUILTIN_FRONT_ENDS:
        importlib.import_module(package)  # (a package importing now is in sys.modules already: no loop)


def front_end_keys() -> tuple[str, ...]:
    """The keys of every ruleset with a front end of its own, in the order registered."""
    _load_builtin()
    return tuple(_REGISTRY)


def front_end(key: str) -> FrontEnd:
    """The front end of the ruleset `key`: its own, or the generic one (`FrontEnd(key)`) when it registered none.

    A key that names no ruleset is a `ConfigError` naming the ones there are (`find_ruleset`'s)."""
    _load_builtin()
    found = _REGISTRY.get(key)
    if found is not None:
        return found
    from fragtui.engine.rulesets import find_ruleset  # (the engine only once a game is there to show)

    find_ruleset(key)  # raises for a key no ruleset has
    return FrontEnd(key)
