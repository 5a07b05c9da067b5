"""Real-Time Frag over SSH with the real OpenSSH client (issue 33, "Played as people would"): three players order
their fighters at once, each on his own terminal, and a spectator watches segment by segment.

The table is hosted on the data folder before the server starts (it is offered again under its code), with the
first seed whose game opens its first Movement step and its first Combat step on all three fighters. The players
are test_ssh_seats.py's `Listening` clients (`ssh` in a pseudo-terminal under pexpect, read through pyte, the raw
bytes kept). Nothing is timed: every wait is for text on a screen.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from fragtui.engine.actions import Pass
from fragtui.engine.config import make_config
from fragtui.engine.game import Game
from fragtui.engine.realtime.decisions import CombatOrders, MovementOrders
from fragtui.saves.looks import default_look
from fragtui.serve.tables import HostedTable, TableHub
from tests.serve.test_ssh import Server
from tests.serve.test_ssh_seats import Listening
from tests.serve.test_ssh_tables import (  # noqa: F401  (_players: the autouse fixture closing every client)
    DOWN,
    _players,
    the_game,
)

pytest.importorskip("pexpect")

NAMES = ("Ann", "Bob", "Cat")
ESCAPES = re.compile(r"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)|[()][0-9A-Za-z]|[=>78])")
"""Control sequences in a terminal's bytes: what is left of a line once they go is its words."""


COUNTDOWN = re.compile(r"\d+ s left to choose, then you hold")
"""The segment clock on a chooser's question (`fragtui serve --segment-seconds`)."""
ONE_IN = re.compile(r"(?P<lead>\w[\w ]*): 1 of 3 has chosen; still choosing: (?P<names>[\w, ]+?) *$", re.MULTILINE)
"""The table's status line once one order is in, whole. Not "1 of 3 has chosen" anywhere: the turn line at the top
says it too, and a frame reaches the client in several reads (a whole screen at 120x40 is over 10 KB), so until the
last one the rows below are the frame before's: the status row read with the top row of the same frame can still
be the old one ("0 of 3 have chosen; still choosing: Cat, you, Bob"), or the new one's start with the old one's end
(which the names' pattern, words and commas to the line's end, does not match)."""
REFUSED = re.compile(r"Not your decision: the game waits for (Bob and Cat|Cat and Bob)")


def words_of(raw: str) -> str:
    return ESCAPES.sub("", raw)


def opening(game: Game) -> list[tuple[str, tuple[int, ...]]]:
    """What the people are asked up to segment 2, each answering with Enter (the first square offered; in a
    Movement or Combat step, holding, the first option): `("place", (seat,))`, `("M", deciders)`, `("C", ...)`."""
    copy = game.replay(len(game.log))
    asked: list[tuple[str, tuple[int, ...]]] = []
    for _ in range(100):
        clock = copy.view(None).table
        if copy.over or (clock is not None and getattr(clock, "segment", 0) >= 2):
            return asked
        top = copy.state.pending[-1] if copy.state.pending else None
        if isinstance(top, MovementOrders | CombatOrders):
            asked.append(("M" if isinstance(top, MovementOrders) else "C", tuple(sorted(copy.deciders()))))
            copy.apply(Pass(), copy.decider())
            continue
        seat = copy.decider()
        assert seat is not None
        legal = sorted(copy.legal_actions(seat), key=lambda a: not isinstance(a, Pass))
        asked.append((str(copy.view(seat).decision), (seat,)))
        copy.apply(legal[0], seat)
    return asked


def real_time_table(data: Path) -> HostedTable:
    """Ann, Bob and Cat (people all) at Real-Time Frag on the Pocket Arena, to one frag: the first seed whose
    fighters are placed in seat order and whose first Movement and Combat steps are all three's."""
    design = {"health": 2, "speed": 3, "accuracy": 2}
    config = make_config(
        map="pocket",
        frag_target=1,
        seats=[{"name": name, "fighter": design} for name in NAMES],
        options={"real-time": True},
    )
    everyone = (0, 1, 2)
    wanted = [("place", (0,)), ("place", (1,)), ("place", (2,)), ("M", everyone)]
    for seed in range(1, 200):
        hub = TableHub(data / "fragtui" / "saves", bot_pause=0)
        hosted = hub.host(config, seed, [default_look(seat) for seat in everyone])
        asked = opening(hosted.table.game)
        if asked[:4] == wanted and ("C", everyone) in asked:
            return hosted
        assert hosted.table.save_path is not None
        hosted.table.save_path.unlink()
    raise AssertionError("no seed gives the game the test needs")


def test_three_players_order_at_once_and_a_spectator_watches_the_segment_resolve(data: Path, tmp_path: Path) -> None:
    """Issue 33 over SSH: three OpenSSH clients take Ann's, Bob's and Cat's seats and place their fighters. The
    first Movement step reaches all three terminals before anyone answers (its question in the bytes each client
    received, the segment clock's seconds left on it); Ann holds, and her countdown goes: the step waits for Bob
    and Cat (the save holds her order, the step is still open), and a key of hers that acts is refused, naming
    them; when Bob and Cat hold too it resolves, the Combat step is asked of all three at once, and once they hold
    fire the spectator sees segment 2, never a hand."""
    code = real_time_table(data).code
    known = tmp_path / "known_hosts"
    server = Server(data, 0, "--segment-seconds", "3600")  # (a clock that never runs out here: it is only shown)
    try:
        server.process.expect(f"offered again: {code}")
        players: list[Listening] = []
        for number, name in enumerate(NAMES, start=1):
            player = Listening(server.port, known, code)
            player.sees("Take which seat?", f"{number}. {name} — free")
            player.send("\r")  # the first seat nobody plays: his own
            # Seated once the seat list is gone (its title names the table too): the next player's list must
            # show this seat taken, or its first free seat (the one Enter takes) would be this player's.
            player.until(lambda screen: "Take which seat?" not in screen, "the seat list closed")
            players.append(player)
        ann, bob, cat = players
        watcher = Listening(server.port, known)
        watcher.sees("Watch a table")
        watcher.send(DOWN * 3 + "\r")  # New game, Host, Join, Watch
        watcher.sees("Watch which table?", "Real-Time")  # (the list says the table is Real-Time: issue 33)
        watcher.send("\r")
        watcher.sees("You are watching this table")
        for player in players:
            player.sees("Place your fighter")
            player.raw = ""
            player.send("\r")  # the first square offered
        question = "your moves for this segment"
        for player in players:
            player.sees("Segment 1/10", "Movement")
            player.until(lambda screen: question in screen.lower(), repr(question))
            assert question in words_of(player.raw).lower(), "each terminal received the question itself"
            player.until(lambda screen: bool(COUNTDOWN.search(screen)), "the segment clock's seconds left")
        game, _ = the_game(data)
        assert isinstance(game.state.pending[-1], MovementOrders) and set(game.deciders()) == {0, 1, 2}
        watcher.sees("Segment 1/10", "0 of 3 have chosen")
        ann.send("\r")  # Ann holds: stands still this segment
        status = ann.until(lambda screen: bool(ONE_IN.search(screen)), "her table status at 1 of 3, whole")
        waiting = ONE_IN.search(status)
        assert waiting is not None
        assert waiting["lead"] == "Waiting", "she has chosen: she waits"
        names = waiting["names"]
        assert "Bob" in names and "Cat" in names and "Ann" not in names and "you" not in names
        bob.sees("Choosing your moves for this segment: 1 of 3 has chosen")  # (his own, in his words)
        watcher.sees("1 of 3 has chosen")
        game, _ = the_game(data)
        assert isinstance(game.state.pending[-1], MovementOrders), "the step waits for Bob and Cat"
        assert set(game.deciders()) == {1, 2}
        before = len(game.log)
        ann.send("a")  # a key that acts, from a seat the step no longer waits for
        ann.until(lambda screen: bool(REFUSED.search(screen)), "the key refused, naming Bob and Cat")
        assert not COUNTDOWN.search(ann.text()), "she has ordered: no clock counts down for her"
        assert COUNTDOWN.search(bob.text())
        assert len(the_game(data)[0].log) == before, "the refused key changed nothing"
        bob.send("\r")
        cat.send("\r")  # the last order in: the step resolves, and the Combat step opens on all three at once
        for player in players:
            player.until(lambda screen: "announce your attack" in screen.lower(), "the Combat step's question")
        game, _ = the_game(data)
        assert isinstance(game.state.pending[-1], CombatOrders) and set(game.deciders()) == {0, 1, 2}
        for player in players:
            player.send("\r")  # hold fire
        watcher.sees("Segment 2/10")
        seen = words_of(watcher.raw)
        held = {game.cards.name(card) for player in game.state.players for card in player.hand}
        assert "Your hand" not in seen
        assert not any(name in seen for name in held), "the spectator never sees a card anyone holds"
        for player in (*players, watcher):
            player.quit()
    finally:
        server.stop()
