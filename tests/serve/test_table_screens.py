"""Networked tables on screen: several served apps in one event loop sharing one `TableHub`.

This is how `fragtui serve` runs them (one process, one loop, one app per SSH session), without
the network: each app is a `ServedApp` under Textual's Pilot. Every wait is for the apps to be
idle, never for a time.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList, RichLog, Static

from fragtui.content.library import new_game
from fragtui.engine.actions import Step
from fragtui.engine.config import GameConfig, Seat
from fragtui.engine.frag.design import FighterDesign
from fragtui.errors import IllegalActionError
from fragtui.saves.looks import default_look
from fragtui.serve.app import ServedApp
from fragtui.serve.driver import ClientTerminal
from fragtui.serve.lobby import CodeDialog, SeatList, TableOpenDialog, TableTitleScreen, join_line
from fragtui.serve.table_screen import SeatAtTable
from fragtui.serve.tables import HostedTable, SeatStatus, TableHub
from fragtui.serve.visitor import Visitor
from fragtui.table import Table, new_save_path
from fragtui.tui.app import TitleScreen
from fragtui.tui.dialogs import ChoiceDialog
from fragtui.tui.frag.game_over import GameOverScreen
from fragtui.tui.game_screen import GameScreen
from fragtui.tui.setup import NewGameScreen

SIZE = (120, 40)
"""Wide enough that the side panel shows the sheet, the scores, the hand and the log at once."""
KEY = "SHA256:" + "K" * 43


def config(names: list[str], frag_target: int = 3) -> GameConfig:
    return GameConfig.model_validate(
        {
            "map": "pocket",
            "seats": tuple(Seat(name=n, fighter=FighterDesign(health=3, speed=2, accuracy=2)) for n in names),
            "frag_target": frag_target,
        }
    )


def served(hub: TableHub, username: str = "player", key: str | None = None) -> ServedApp:
    return ServedApp(ClientTerminal(write=lambda data: None), {"TERM": "xterm-256color"}, Visitor(username, key), hub)


@asynccontextmanager
async def running(*apps: ServedApp) -> AsyncIterator[list[Pilot[None]]]:
    """Every app running at once in this loop, as the server runs its sessions."""
    async with AsyncExitStack() as stack:
        yield [await stack.enter_async_context(app.run_test(size=SIZE)) for app in apps]


async def settle(*pilots: Pilot[None]) -> None:
    """Let every app handle what it was told (a change posted by another app goes through its queue)."""
    for _ in range(3):
        for pilot in pilots:
            await pilot.pause()


def table_screen(app: ServedApp) -> SeatAtTable:
    """The connection's game screen at the table: Frag's own (`GameScreen`) with `SeatAtTable` before it."""
    screens = [screen for screen in app.screen_stack if isinstance(screen, SeatAtTable)]
    assert len(screens) == 1, app.screen_stack
    assert isinstance(screens[0], GameScreen)
    return screens[0]


def shown(app: ServedApp, widget: str) -> str:
    return str(table_screen(app).query_one(widget, Static).render())


def log_lines(app: ServedApp) -> list[str]:
    return [line.text for line in table_screen(app).query_one("#log", RichLog).lines]


async def join(pilot: Pilot[None], code: str, downs: int = 0) -> None:
    """Title → Join a table → the code → the seat list → Enter on the first takeable seat (after `downs`)."""
    app = pilot.app
    menu = app.screen.query_one("#title-menu", OptionList)
    menu.highlighted = next(n for n in range(menu.option_count) if menu.get_option_at_index(n).id == "join")
    await pilot.press("enter")
    await pilot.pause()
    assert isinstance(app.screen, CodeDialog)
    await pilot.press(*code.lower(), "enter")
    await pilot.pause()
    assert isinstance(app.screen, SeatList)
    await pilot.press(*["down"] * downs, "enter")
    await pilot.pause()


def card_names(hosted: HostedTable, seat: int) -> set[str]:
    game = hosted.table.game
    return {game.cards.name(card) for card in game.state.players[seat].hand}


async def test_two_players_each_see_their_own_hand_and_the_others_actions(tmp_path: Path) -> None:
    """Each terminal shows its own seat's hand only; the decider alone has a dialog; what he does
    appears in the other's log as it happens, and the next decision comes up where it belongs."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)  # the first free seat: Ann
        await join(bob, hosted.code)  # Ann plays: the first free one is Bob
        await settle(ann, bob)
        assert [info.status for info in hosted.seats()] == [SeatStatus.PLAYING, SeatStatus.PLAYING]
        apps = {0: ann_app, 1: bob_app}
        pilots = {0: ann, 1: bob}
        game = hosted.table.game
        decider = game.decider()
        assert decider is not None
        other = 1 - decider
        # Hands: each his own, never the other's (the cards only the other holds are nowhere in it).
        only = {seat: card_names(hosted, seat) - card_names(hosted, 1 - seat) for seat in (0, 1)}
        assert only[0] and only[1]
        hand = shown(apps[other], "#hand")
        assert "Your hand" in hand
        assert all(name in hand for name in only[other])
        assert not any(name in hand for name in only[decider])
        for seat in (0, 1):
            private = " ".join(log_lines(apps[seat]))
            assert not any(name in private for name in only[1 - seat]), "the log hides the other's draws"
        # Only the decider is asked.
        assert isinstance(apps[decider].screen, ChoiceDialog)
        assert isinstance(apps[other].screen, SeatAtTable)
        # An out-of-turn key acts not, and says for whom the game waits.
        before = len(game.log)
        await pilots[other].press("r")
        await settle(ann, bob)
        assert len(game.log) == before
        assert any("waits for" in str(n.message) for n in apps[other]._notifications)
        # The decider answers; the other sees it in his log, in his own words.
        await pilots[decider].press("enter")
        await settle(ann, bob)
        assert len(game.log) == before + 1
        said = log_lines(apps[decider])[-1]
        assert said in log_lines(apps[other]), "the same event, in the other's log"
        assert len(log_lines(apps[other])) == len(log_lines(apps[decider]))
        now = game.decider()
        assert now is not None
        assert isinstance(apps[now].screen, ChoiceDialog)
        assert isinstance(apps[1 - now].screen, SeatAtTable)


async def test_hosting_sets_up_a_table_shows_its_code_and_seats_the_host(tmp_path: Path) -> None:
    """Host a table: the same set-up screen, then the table under a code the host is shown,
    with the line the others type; the host plays the first seat."""
    hub = TableHub(tmp_path, bot_pause=0)
    hub.address = "ssh -p 2222 127.0.0.1"
    app = served(hub, "ann")
    async with running(app) as (pilot,):
        menu = app.screen.query_one("#title-menu", OptionList)
        ids = [menu.get_option_at_index(n).id for n in range(menu.option_count)]
        assert ids[:4] == ["new", "host", "join", "watch"]
        menu.highlighted = 1
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("enter")  # the defaults
        await pilot.pause()
        assert len(hub.tables) == 1
        hosted = next(iter(hub.tables.values()))
        assert isinstance(app.screen, TableOpenDialog)
        words = str(app.screen.query_one(Static).render())
        assert " ".join(hosted.code) in words
        assert f"ssh -p 2222 {hosted.code}@127.0.0.1" in words
        assert hosted.seats()[0].status is SeatStatus.PLAYING
        await pilot.press("enter")
        await pilot.pause()
        assert f"Table {hosted.code}" in shown(app, "#scores")
        assert hosted.table.save_path is not None and hosted.table.save_path.parent == tmp_path


def test_the_join_line_follows_what_the_server_printed() -> None:
    assert join_line("ABCDE", "ssh -p 2222 example.org") == "ssh -p 2222 ABCDE@example.org"
    assert join_line("ABCDE", "ssh example.org") == "ssh ABCDE@example.org"
    assert join_line("ABCDE", None) == "ssh -p PORT ABCDE@HOST"


async def test_a_spectator_sees_the_public_view_and_cannot_act(tmp_path: Path) -> None:
    """Watch a table: no codes in the list, no hand on screen, draws in public words, keys refused."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    ann_app, eve_app = served(hub, "ann"), served(hub, "eve")
    async with running(ann_app, eve_app) as (ann, eve):
        await join(ann, hosted.code)
        menu = eve_app.screen.query_one("#title-menu", OptionList)
        menu.highlighted = next(n for n in range(menu.option_count) if menu.get_option_at_index(n).id == "watch")
        await eve.press("enter")
        await eve.pause()
        dialog = eve_app.screen
        assert isinstance(dialog, ChoiceDialog)
        listed = " ".join(str(label) for label, _ in dialog.options)
        assert "pocket" in listed and hosted.code not in listed
        await eve.press("enter")
        await settle(ann, eve)
        screen = table_screen(eve_app)
        assert screen.viewer is None and eve_app.screen is screen  # no dialog, ever
        assert "Your hand" not in shown(eve_app, "#hand")
        everyone = card_names(hosted, 0) | card_names(hosted, 1)
        text = " ".join(log_lines(eve_app))
        assert not any(name in text for name in everyone)
        assert "draws a weapon card" in text
        assert "You are watching" in shown(eve_app, "#scores")
        log = len(hosted.table.game.log)
        await eve.press("r")
        await eve.press("e")
        await settle(ann, eve)
        assert len(hosted.table.game.log) == log
        assert any("You are watching" in str(n.message) for n in eve_app._notifications)
        # A player's action reaches the spectator too.
        assert hosted.table.game.decider() == 0
        await ann.press("enter")
        await settle(ann, eve)
        assert len(hosted.table.game.log) == log + 1
        assert log_lines(eve_app)[-1] == log_lines(ann_app)[-1]
        assert "Ann" in log_lines(eve_app)[-1]


async def test_leaving_keeps_the_seat_and_the_same_key_takes_it_back(tmp_path: Path) -> None:
    """q at the table: the others see the seat away; the player's key is offered the seat back at
    the title, and takes it where it was."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    ann_app, bob_app = served(hub, "ann", KEY), served(hub, "bob")
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        await settle(ann, bob)
        assert hosted.players[0] is not None
        await ann.press("escape")  # the decision dialog stays (forced)
        assert isinstance(ann_app.screen, ChoiceDialog)
        await ann.press("q")  # the decision's own Quit
        await ann.pause()
        await ann.press("y")
        await settle(ann, bob)
        assert isinstance(ann_app.screen, TableTitleScreen)
        assert hosted.seats()[0].status is SeatStatus.AWAY
        assert "Away (seat kept): Ann" in shown(bob_app, "#scores")
        assert "Waiting for Ann" in shown(bob_app, "#scores")
        menu = ann_app.screen.query_one("#title-menu", OptionList)
        ids = [menu.get_option_at_index(n).id for n in range(menu.option_count)]
        assert f"kept:{hosted.code}" in ids
        menu.highlighted = ids.index(f"kept:{hosted.code}")
        await ann.press("enter")
        await settle(ann, bob)
        assert hosted.seats()[0].status is SeatStatus.PLAYING
        assert table_screen(ann_app).viewer == 0
        assert isinstance(ann_app.screen, ChoiceDialog), "her decision is asked again"
        assert "Away" not in shown(bob_app, "#scores")


async def test_a_dropped_connection_leaves_its_seat_away(tmp_path: Path) -> None:
    """The app ending (the SSH channel closed) unmounts the table's screen: the seat is kept."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    bob_app = served(hub, "bob")
    async with running(bob_app) as (bob,):
        ann_app = served(hub, "ann")
        async with running(ann_app) as (ann,):
            await join(ann, hosted.code)
            await join(bob, hosted.code)
            await settle(ann, bob)
            assert hosted.seats()[0].status is SeatStatus.PLAYING
        await settle(bob)
        assert hosted.seats()[0].status is SeatStatus.AWAY
        assert hosted.connections == 1
        assert "Ann is away" in " ".join(str(n.message) for n in bob_app._notifications)


async def test_a_code_as_user_name_lands_on_the_seat_list(tmp_path: Path) -> None:
    """`ssh CODE@HOST`: the seat list of that table at once (any case)."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    app = served(hub, hosted.code.lower())
    async with running(app) as (pilot,):
        await pilot.pause()
        assert isinstance(app.screen, SeatList)
        labels = [str(app.screen.query_one(OptionList).get_option_at_index(n).prompt) for n in range(3)]
        assert labels[0].startswith("1. Ann — free") and labels[2] == "Watch this table instead"


async def test_a_mistyped_code_is_one_line(tmp_path: Path) -> None:
    hub = TableHub(tmp_path, bot_pause=0)
    app = served(hub, "ZZZZZ")
    async with running(app) as (pilot,):
        await pilot.pause()
        assert isinstance(app.screen, TableTitleScreen)
        assert [str(n.message) for n in app._notifications] == ["no table has the code ZZZZZ (the next code in 1 s)."]


async def test_computer_seats_play_and_every_screen_follows(tmp_path: Path) -> None:
    """A computer seat is played by the table, not by a screen: its moves reach the person's log,
    and his decision comes up on his own screen when it is his again."""
    hub = TableHub(tmp_path, bot_pause=0)
    looks = [default_look(0), default_look(1).model_copy(update={"computer": True})]
    hosted = hub.host(config(["Ann", "Cpu"]), 7, looks)
    app = served(hub, "ann")
    async with running(app) as (pilot,):
        await join(pilot, hosted.code)
        game = hosted.table.game
        for _ in range(40):
            await hosted.settled()
            await settle(pilot)
            if game.over or sum(1 for entry in game.log if entry.seat == 1) >= 3:
                break
            assert game.decider() == 0
            if isinstance(app.screen, ChoiceDialog):
                await pilot.press("enter")
            else:
                await pilot.press("r", "e", "e")  # roll, then end the turn (asked twice when movement is left)
        computer_moves = [entry for entry in game.log if entry.seat == 1]
        assert len(computer_moves) >= 3
        assert len(log_lines(app)) == len(table_screen(app).events)
        assert table_screen(app).table.bot_seat() is None  # the screen never plays the computer itself


async def test_the_same_key_takes_a_seat_from_a_forgotten_terminal(tmp_path: Path) -> None:
    """A second terminal with the player's key takes his seat over; the first goes back to its
    title, told why, and can act for the seat no more."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    old_app, new_app = served(hub, "ann", KEY), served(hub, "ann", KEY)
    async with running(old_app, new_app) as (old, new):
        await join(old, hosted.code)
        await settle(old)
        old_seat = table_screen(old_app).seat_table
        menu = new_app.screen.query_one("#title-menu", OptionList)
        menu.highlighted = next(n for n in range(menu.option_count) if menu.get_option_at_index(n).id == "join")
        await new.press("enter")
        await new.pause()
        offer = new_app.screen
        assert isinstance(offer, ChoiceDialog)  # her key's seat first, then "another table"
        assert [str(label) for label, _ in offer.options] == [
            f"Take back your seat Ann at table {hosted.code}",
            "Another table: type its code",
        ]
        await new.press("enter")
        await settle(old, new)
        assert hosted.players[0] is table_screen(new_app).listener
        assert isinstance(old_app.screen, TableTitleScreen)
        assert any("taken back from another terminal" in str(n.message) for n in old_app._notifications)
        with pytest.raises(IllegalActionError, match="no longer played from this terminal"):
            old_seat.act(hosted.table.game.legal_actions()[0])
        assert hosted.seats()[0].status is SeatStatus.PLAYING


async def test_the_served_title_keeps_every_item_on_80x24() -> None:
    """The tables lengthen the menu (a kept seat, host, join, watch, resume, replays): at 80×24 the
    big title makes room, and Quit stays on screen."""
    hub = TableHub(None, bot_pause=0)  # the data folder's saves
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    assert hosted.table.save_path is not None
    data = json.loads(hosted.table.save_path.read_text())
    data["summary"]["winner"] = "Ann"  # a finished game, for "Replays" (over SSH it lists finished games only)
    del data["hosted"]
    hosted.table.save_path.with_name("finished.json").write_text(json.dumps(data))
    kept = hosted.sit(0, listener := _Nobody(), KEY)
    hosted.leave(listener)
    assert kept.seat == 0
    app = served(hub, "ann", KEY)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#title-menu", OptionList)
        ids = [menu.get_option_at_index(n).id for n in range(menu.option_count)]
        assert ids[:5] == ["new", "host", "join", "watch", f"kept:{hosted.code}"]  # the table entries never move
        assert "quit" in ids and "replays" in ids
        assert menu.region.bottom <= 24 - 1  # above the footer
        assert not app.screen.query_one("#title-art").display
    async with served(hub, "ann", KEY).run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert pilot.app.screen.query_one("#title-art").display


class _Nobody:
    def table_changed(self, change: object) -> None:
        """A connection that left at once."""


async def test_resume_over_ssh_offers_hot_seat_games_only() -> None:
    """A networked table is joined, never resumed at one keyboard: a second copy of its game
    would write the same save."""
    hub = TableHub(None, bot_pause=0)
    hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    hot_seat = Table(new_game(config(["Cat", "Dan"]), 3), save_path=new_save_path(["Cat", "Dan"]))
    hot_seat.save()
    app = served(hub)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TableTitleScreen)
        assert [saved.path for saved in title.resumable()] == [hot_seat.save_path]
        menu = title.query_one("#title-menu", OptionList)
        assert "Resume a game (1 unfinished)" in [
            str(menu.get_option_at_index(n).prompt) for n in range(menu.option_count)
        ]


async def test_the_game_over_screen_comes_up_for_every_connection(tmp_path: Path) -> None:
    """The last frag ends the game on every screen at the table, players' and spectators' alike;
    closing it goes back to the title."""
    hub = TableHub(tmp_path, bot_pause=0)
    quick = config(["Ann", "Cpu1", "Cpu2"], frag_target=1)
    looks = [default_look(s).model_copy(update={"computer": s > 0}) for s in range(3)]
    hosted = hub.host(quick, 5, looks)
    ann_app, eve_app = served(hub, "ann"), served(hub, "eve")
    game = hosted.table.game
    async with running(ann_app, eve_app) as (ann, eve):
        await join(ann, hosted.code)
        await join(eve, hosted.code, downs=2)  # the seat list's last line: watch
        assert table_screen(eve_app).watching
        for _ in range(600):  # Ann rolls and ends her turns, answers what she is asked; the computers fight
            await hosted.settled()
            await settle(ann, eve)
            if game.over:
                break
            if isinstance(ann_app.screen, ChoiceDialog):
                await ann.press("enter")
            elif game.decider() == 0:
                await ann.press("r", "e", "e")
        assert game.over
        await settle(ann, eve)
        assert isinstance(ann_app.screen, GameOverScreen)
        assert isinstance(eve_app.screen, GameOverScreen)
        saved = str(ann_app.screen.query_one("#saved", Static).render())
        assert hosted.code in saved and str(tmp_path) not in saved  # never the host's folders
        await eve.press("enter")
        await ann.press("enter")
        await settle(ann, eve)
        assert isinstance(ann_app.screen, TableTitleScreen) and isinstance(eve_app.screen, TableTitleScreen)
        assert hosted.connections == 0
        assert hosted not in hub.watchable()


async def test_an_undo_is_told_to_everyone_at_the_table(tmp_path: Path) -> None:
    """`u` takes back the decider's last step; the others' boards go back too, and their logs say
    so in the same line as his (the same log at every terminal)."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    ann_app, bob_app = served(hub, "ann"), served(hub, "bob")
    game = hosted.table.game
    async with running(ann_app, bob_app) as (ann, bob):
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        apps, pilots = {0: ann_app, 1: bob_app}, {0: ann, 1: bob}
        for _ in range(4):  # both place their fighters
            await settle(ann, bob)
            decider = game.decider()
            assert decider is not None
            if game.state.turn.number:
                break
            await pilots[decider].press("enter")
        await settle(ann, bob)
        mover = game.decider()
        assert mover is not None and game.state.turn.number == 1
        watcher = 1 - mover
        await pilots[mover].press("r")
        await settle(ann, bob)
        steps = [a for a in game.legal_actions() if isinstance(a, Step)]
        assert steps
        before = game.state.players[mover].square
        await pilots[mover].press("x")  # everything he may do: the steps first
        await settle(ann, bob)
        dialog = apps[mover].screen
        assert isinstance(dialog, ChoiceDialog)
        index = next(n for n, (_, action) in enumerate(dialog.options) if isinstance(action, Step))
        dialog.query_one(OptionList).highlighted = index
        await pilots[mover].press("enter")
        await settle(ann, bob)
        assert game.state.players[mover].square != before and game.undoable()
        await pilots[mover].press("u")
        await settle(ann, bob)
        assert game.state.players[mover].square == before
        assert "takes back" in log_lines(apps[watcher])[-1]
        assert log_lines(apps[watcher])[-3:] == log_lines(apps[mover])[-3:]
        assert f"{before.x},{before.y}" in shown(apps[watcher], "#scores")


async def test_waiting_for_the_others_is_not_being_idle(tmp_path: Path) -> None:
    """The idle timeout is for a player the game waits for (issue 31 item 6): while someone else decides,
    the app says it waits for others (the server then never closes it for idling), and when the decision
    becomes his, his idle clock starts again there."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    touched = {"ann": 0, "bob": 0}

    def app_of(name: str) -> ServedApp:
        def touch() -> None:
            touched[name] += 1

        terminal = ClientTerminal(write=lambda data: None, touch=touch)
        return ServedApp(terminal, {"TERM": "xterm-256color"}, Visitor(name, None), hub)

    ann_app, bob_app = app_of("ann"), app_of("bob")
    async with running(ann_app, bob_app) as (ann, bob):
        assert not ann_app.waiting_for_others(), "on the title, idling is idling"
        await join(ann, hosted.code)
        await join(bob, hosted.code)
        await settle(ann, bob)
        game = hosted.table.game
        apps = {0: ann_app, 1: bob_app}
        names = {0: "ann", 1: "bob"}
        turned = 0
        for _ in range(12):
            decider = game.decider()
            assert decider is not None
            assert apps[1 - decider].waiting_for_others() and not apps[decider].waiting_for_others()
            before = dict(touched)
            hosted.act(decider, game.legal_actions()[0])  # as his screen does: the others are told
            await settle(ann, bob)
            if game.decider() == 1 - decider:  # it became the other's decision: his clock starts now
                assert touched[names[1 - decider]] > before[names[1 - decider]]
                turned += 1
            assert touched[names[decider]] == before[names[decider]], "the actor's own keys keep him alive"
        assert turned >= 3


def test_a_hot_seat_game_over_ssh_names_its_save_not_the_hosts_folders(tmp_path: Path) -> None:
    """A remote player is told the save's name on the server, never the host's path (which the
    same game played at the host's own keyboard shows in full)."""
    game = new_game(config(["Cat", "Dan"]), 3)
    path = tmp_path / "secret-folder" / "2026-cat-dan.json"
    remote = served(TableHub(tmp_path)).table_of(game, [], save_path=path)
    assert remote.where_saved() == "2026-cat-dan.json on the server"
    assert "secret-folder" not in remote.saved_words()
    (tmp_path / "secret-folder").write_text("a file, not a folder")
    remote.save()  # it fails: the error a remote player reads names no folder either
    assert remote.save_error is not None and "secret-folder" not in remote.save_error
    from fragtui.tui.app import FragApp

    assert str(path) in FragApp().table_of(game, [], save_path=path).saved_words()


async def test_replays_over_ssh_offer_finished_games_only() -> None:
    """The replay viewer can show every hand: over SSH it offers no unfinished game (a table in
    play above all), only finished ones; at the host's own keyboard every save is offered."""
    hub = TableHub(None, bot_pause=0)
    hosted = hub.host(config(["Ann", "Bob"]), 7, [default_look(0), default_look(1)])
    hot_seat = Table(new_game(config(["Cat", "Dan"]), 3), save_path=new_save_path(["Cat", "Dan"]))
    hot_seat.save()
    assert hot_seat.save_path is not None and hosted.table.save_path is not None
    data = json.loads(hot_seat.save_path.read_text())
    data["summary"]["winner"] = "Cat"  # listed as finished (the list reads the summary, not the replay)
    finished = hot_seat.save_path.with_name("finished.json")
    finished.write_text(json.dumps(data))
    app = served(hub)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        title = app.screen
        assert isinstance(title, TableTitleScreen)
        assert [saved.path for saved in title.replayable()] == [finished]
        local = TitleScreen.replayable(title)  # what the same title offers at the host's keyboard
        assert {saved.path for saved in local} == {finished, hot_seat.save_path, hosted.table.save_path}


async def test_the_host_hands_an_away_players_seat_to_a_computer_from_the_table(tmp_path: Path) -> None:
    """Issue 31 item 14, the host's way: the game waits for Bob, who left; the host's screen offers `C`, which
    has a computer play Bob's seat (the log says so on every screen); another player's `C` does nothing."""
    hub = TableHub(tmp_path, bot_pause=0)
    hosted = next(
        table
        for seed in range(1, 100)
        if (
            table := hub.host(config(["Ann", "Bob", "Cat"]), seed, [default_look(s) for s in range(3)])
        ).table.game.decider()
        == 1
    )
    hosted.host_seat = 0
    apps = [served(hub, name) for name in ("ann", "bob", "cat")]
    async with running(*apps) as pilots:
        for pilot in pilots:
            await join(pilot, hosted.code)
        await settle(*pilots)
        hosted.leave(hosted.players[1])  # Bob's connection drops
        await settle(*pilots)
        assert "C: the computer plays Bob until he is back" in shown(apps[0], "#scores")
        assert "C: the computer plays" not in shown(apps[2], "#scores")
        moves = len(hosted.table.game.log)
        await pilots[2].press("C")  # Cat is not the host
        await settle(*pilots)
        assert hosted.standing_in == set()
        await pilots[0].press("C")
        await settle(*pilots)
        await hosted.settled()
        await settle(*pilots)
        assert hosted.standing_in == {1}
        assert len(hosted.table.game.log) > moves and hosted.table.game.log[moves].seat == 1
        said = "Ann (the host) asked: the computer plays Bob's seat until Bob comes back."
        for app in (apps[0], apps[2]):
            assert said in log_lines(app)
        assert "The computer plays until back: Bob" in shown(apps[2], "#scores")
