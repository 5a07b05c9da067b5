"""A game at the table: the engine's game, how the seats look, whose eyes are on the screen, its save.

This is the hot-seat bookkeeping the screens share, kept free of Textual so it can be tested
on its own:

- **Who is at the keyboard.** The screen shows a hand only to the seat that unlocked it. When
  the engine's `decider()` is someone else — the next player's turn, a reaction before damage,
  a bumped fighter's roll — `waiting_for()` names him and the interface puts up the hand-off
  screen until he presses a key.
- **Nothing to play, nothing to hand.** A decision in which a person's only legal action is to
  pass (a hit with no reaction card, a last chance nothing can cure) is passed for him at once,
  and the log says so (`nothing_to_play`, `passed_for`): he is not called to the keyboard to press
  the one key there is. The pass is an ordinary action of his in the game's log, so the save
  replays it exactly. At a networked table (`fragtui serve`) the same table object plays the
  game, so he is not asked there either; nor is a computer (it would pass all the same, after
  its pause). A resumed game's log tells these passes again (`tui.pieces.history`).
- **Auto-pass reactions.** A player may ask never to be called to the keyboard for reactions;
  then the table passes every reaction window for him, even one he could answer.
- **Computer players.** Seats whose look says `computer` are played by the ruleset's bot, which
  sees only its own `BotWindow`. No hand-off is put up for them; while they play their own turns,
  the screen shows the last person's hand only when he is the one person at the table. A computer
  answering inside a person's own turn (a reaction to his shot, fisticuffs, a snap shot) leaves
  that person at the keyboard: he is never handed a keyboard he already has. One person alone
  with computers is never handed off.
- **Choosing at once.** In a simultaneous choice (`fragtui.engine.choices`: initiative cards, fisticuffs,
  the poker draw) every seat in it may choose now: the computers choose first, at once, and then each
  person in turn, behind his own hand-off (`waiting_for` is the first person still choosing; the person
  already at the keyboard, if he is choosing, chooses first with no hand-off), so nobody sees another's
  choice.
- **Standing orders.** A person may leave the table an order that answers his questions for a while
  (`StandingOrder`: Real-Time Frag's hold, fire at the first enemy in sight, a route, `tui.frag.standing`): when
  a question of his opens, the table asks the order for his legal action and plays it (`follow_orders`), so he
  is not called to the keyboard; he is called when the order has no answer for that question, or when it has
  ended (something he could not know happened: `orders_ended` says what, for his screen). The engine judges
  every action as ever: an order whose answer is not legal ends.
- **Nothing lost.** After every action the game is saved atomically (`write_save`), so a killed
  terminal costs at most the action being applied.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol

from fragtui.bots import Bot, BotWindow, make_bot
from fragtui.engine.actions import Action, Pass
from fragtui.engine.config import GameConfig
from fragtui.engine.decisions import Decision, ResponseWindow
from fragtui.engine.events import CommonEventKind, Event
from fragtui.engine.game import Game
from fragtui.engine.rulesets import find_ruleset
from fragtui.engine.state import SETUP
from fragtui.errors import IllegalActionError
from fragtui.saves.format import HostedRecord, SeatLook, TournamentRecord, save_of
from fragtui.saves.looks import default_look
from fragtui.saves.store import fresh_path, note_save, saves_dir, write_save

__all__ = ["StandingOrder", "Table", "clock_words", "new_save_path", "nothing_to_play", "passed_for", "plays_real_time"]


def new_save_path(names: list[str], folder: Path | None = None) -> Path:
    """A fresh file name for a new game's save: when it began and who plays, readable in a listing."""
    return fresh_path(folder or saves_dir(), names)


_PASS = Pass()


def plays_real_time(config: GameConfig) -> bool:
    """Whether the game set up plays its ruleset's real-time turn (Real-Time Frag's `real-time` switch, J-RT-01:
    the ruleset names its switch, `Ruleset.harness_real_time`, so no rule system is named here)."""
    switch = find_ruleset(config.ruleset).harness_real_time
    return bool(switch and config.options.get(switch))


def clock_words(config: GameConfig, seconds: float | None) -> str | None:
    """The segment clock a served Real-Time game plays under (`fragtui serve --segment-seconds`), for the lines
    that describe a table: `30 s a segment`; None where there is none (not Real-Time, or no clock)."""
    if seconds is None or seconds <= 0 or not plays_real_time(config):
        return None
    return f"{seconds:g} s a segment"


def nothing_to_play(game: Game) -> bool:
    """Whether the decision the game waits for leaves its decider nothing but to pass: the engine, judge of
    what is legal, offers him `Pass` alone (a hit and no reaction card, a last chance nothing can cure)."""
    if game.over or not game.state.pending:
        return False
    legal = game.legal_actions()
    return len(legal) == 1 and legal[0] == _PASS


def passed_for(game: Game, seat: int) -> Event:
    """The log's line for a pass the table made for `seat`, who had nothing to play (said before the pass's own
    events, so everyone reads why nobody was called to the keyboard)."""
    name = game.state.players[seat].name  # (no `player`: it names a fighter, and a Ruthless seat leads several)
    return Event(kind=CommonEventKind.PASSED, text=f"Passed for {name}, who has nothing to play")


class StandingOrder(Protocol):
    """An order a person leaves at the table, answering his questions while it stands (a ruleset's own: Real-Time
    Frag's, `fragtui.tui.frag.standing`)."""

    said: str
    """The order in words, for his screen."""

    def ended(self, game: Game, seat: int) -> str | None:
        """Why the order no longer stands (words for him: `Bob came into sight`), or None while it does."""
        ...

    def answer(self, game: Game, seat: int) -> Action | None:
        """The legal action the order gives `seat` for the question open now, or None: he must be asked."""
        ...


class Table:
    """One game being played at one keyboard."""

    def __init__(
        self,
        game: Game,
        looks: list[SeatLook] | None = None,
        save_path: Path | None = None,
        created: str | None = None,
    ) -> None:
        self.game = game
        """The engine's game: the only place rules live."""
        game.quick_undo = True  # a person at the keyboard may undo: keep the copies that make it quick
        players = len(game.state.players)
        self.looks = list(looks or [])[:players] + [default_look(n) for n in range(len(looks or []), players)]
        """Colour and glyph of each seat, in seat order."""
        self.save_path = save_path
        """Where every action is saved; None plays without saving (tests, demos)."""
        self.created = created or datetime.now(UTC).isoformat(timespec="seconds")
        """When the game began, kept across saves."""
        self.folders_shown = True
        """Whether the save's full path may be shown; False over SSH, where a remote player has no
        business with the host's folders (the file's name alone finds it in `fragtui saves` there)."""
        self.hosted: HostedRecord | None = None
        """The `fragtui serve` table this game is played at, written into each save (None: hot-seat)."""
        self.tournament: TournamentRecord | None = None
        """The tournament this game is one of, written into each save (None: a game on its own)."""
        self.at_keyboard: int | None = None
        """The seat that last unlocked the screen: only his hand may be shown."""
        self.auto_pass: set[int] = set()
        """Seats that asked to pass every reaction window without being called."""
        self.passed: list[Event] = []
        """What the last switch to auto-pass answered at once (a reaction window already open)."""
        self.standing: dict[int, StandingOrder] = {}
        """Each person's standing order, while it stands (`follow_orders`)."""
        self.orders_ended: dict[int, str] = {}
        """Why a person's standing order ended, until his screen has told him (`follow_orders`)."""
        self.save_error: str | None = None
        """Why the game is not being saved: the last save failed (a full disk, a removed folder), or
        there is no saves folder to save to; the interface shows it until a save succeeds."""
        self.save_problem: str | None = None
        """The last failed save's reason alone (`No space left on device`), for short messages."""
        self.saved_actions: int | None = None
        """How many actions the save on disk holds (None: nothing written yet), to say what is lost."""
        seed = game.initial.dice.seed or 0
        kind = type(game.rules).default_bot
        self.bots: dict[int, Bot] = {
            seat: make_bot(look.bot or kind, seed * 10 + seat) for seat, look in enumerate(self.looks) if look.computer
        }
        """The computer players, by seat, of the ruleset's own kind (Frag's heuristic bot, Ruthless's): they see
        the game only through their `BotWindow`."""
        self.humans = [seat for seat in range(players) if seat not in self.bots]
        """The seats of the people at the keyboard."""
        if len(self.humans) == 1:  # one person against the computer: nobody to hide his hand from
            self.at_keyboard = self.humans[0]

    def game_boxes(self, seat: int) -> tuple[tuple[int, ...], int] | None:
        """`seat`'s record sheet game boxes in a tournament: his frags in each earlier game, and how many
        boxes the tournament fills in all (None outside a tournament)."""
        return None if self.tournament is None else self.tournament.boxes(seat)

    # -- whose eyes ---------------------------------------------------------------------------------

    def name(self, seat: int) -> str:
        return self.game.state.players[seat].name

    def waiting_for(self) -> int | None:
        """The seat that must come to the keyboard before anything private is shown, if any. During a
        simultaneous choice, none while the person at the keyboard is still choosing (he chooses first, with no
        hand-off), else the first person still choosing: each is called once, behind his own hand-off."""
        deciders = self.game.deciders()
        if self.at_keyboard in deciders:
            return None
        seat = deciders[0] if len(deciders) == 1 else next((s for s in deciders if s not in self.bots), None)
        if seat is None or seat in self.bots:
            return None
        return seat

    def unlock(self, seat: int) -> None:
        """`seat` pressed a key on the hand-off screen: the screen is his until the decider changes."""
        self.at_keyboard = seat

    def bot_seat(self) -> int | None:
        """The computer player who must decide now, if the decision is a computer's: during a simultaneous
        choice, the first computer still choosing, so that the computers answer before any person is called."""
        return next((seat for seat in self.game.deciders() if seat in self.bots), None)

    def lock_for_bots(self) -> bool:
        """Hide the last person's hand while the computer plays, when another person may be watching.

        With one person at the table his hand stays on screen (nobody else is there); with more,
        the screen shows only public information until the next person is handed the keyboard.
        A computer answering a decision inside the turn of the person at the keyboard (a reaction
        to his attack, fisticuffs, a snap shot at his model) changes nobody's place: he stays at
        the keyboard, and his turn goes on with no hand-off. Nor does a simultaneous choice in which he is
        still choosing, the computers choosing first (Real-Time Frag's orders, every segment): he chooses next,
        so nobody else takes the keyboard in between. Returns whether the screen's owner changed.
        """
        if self._answering_keyboard_turn() or (
            self.at_keyboard is not None and self.at_keyboard in self.game.deciders()
        ):
            return False
        return self.lock()

    def _answering_keyboard_turn(self) -> bool:
        """Whether the decision the game waits for is one asked inside the turn of the seat at the keyboard."""
        turn = self.game.state.turn
        return (
            self.at_keyboard is not None
            and bool(self.game.state.pending)
            and turn.phase != SETUP
            and turn.active == self.at_keyboard
        )

    def lock(self) -> bool:
        """Show only public information until the next person is handed the keyboard (the computer plays,
        or everyone looks at the screen at once: Ruthless's initiative reveal), when another person may be
        watching; with one person at the table, his hand stays. Returns whether the screen's owner changed."""
        if len(self.humans) > 1 and self.at_keyboard is not None:
            self.at_keyboard = None
            return True
        return False

    def bot_decision(self) -> Action:
        """What the computer player who must decide now chooses (the interface then `act`s on it)."""
        seat = self.bot_seat()
        if seat is None:
            raise IllegalActionError("no computer player is to decide now")
        return self.bots[seat].decide(BotWindow(self.game, seat))

    def bot_turn(self) -> list[Event]:
        """The computer player who must decide now decides, and the table plays it (`act`)."""
        seat = self.bot_seat()
        if seat is None:
            raise IllegalActionError("no computer player is to decide now")
        return self.act(self.bots[seat].decide(BotWindow(self.game, seat)), seat)

    def toggle_auto_pass(self, seat: int) -> bool:
        """Switch auto-pass reactions for `seat`; returns the new setting."""
        if seat in self.auto_pass:
            self.auto_pass.discard(seat)
            return False
        self.auto_pass.add(seat)
        self.passed = self.pass_for_absent()
        if self.passed:
            self.save()
        return True

    # -- acting -------------------------------------------------------------------------------------

    def act(self, action: Action, seat: int | None = None) -> list[Event]:
        """Apply one action of `seat` (by default the decider; checked by the engine), save, and pass for
        absent players.

        An illegal action raises `IllegalActionError` and changes nothing.
        """
        events = self.game.apply(action, seat)
        events += self.pass_for_absent()
        self.save()
        return events

    def undo(self) -> list[Event]:
        """Take back the decider's last action (`Game.undo`: never past a roll, a draw or a hand-off) and save.

        Raises `IllegalActionError`, changing nothing, when there is nothing to take back.
        """
        events = self.game.undo()
        self.save()
        return events

    def give_order(self, seat: int, order: StandingOrder) -> list[Event]:
        """`seat` leaves a standing order: it answers his open question at once if it can (`pass_for_absent`)."""
        self.standing[seat] = order
        self.orders_ended.pop(seat, None)
        events = self.pass_for_absent()
        self.save()
        return events

    def cancel_order(self, seat: int) -> None:
        """`seat` takes his standing order back: he is asked every question again."""
        self.standing.pop(seat, None)

    def follow_orders(self) -> tuple[bool, list[Event]]:
        """One action of a person's standing order, if any order answers an open question of his: whether one was
        played, and its events. An order that has ended is dropped, and why is kept for his screen (`orders_ended`);
        one whose answer is no longer legal ends too."""
        for seat in self.game.deciders():
            order = self.standing.get(seat)
            if order is None or seat in self.bots:
                continue
            why = order.ended(self.game, seat)
            if why is None:
                action = order.answer(self.game, seat)
                if action is None:
                    continue
                if action in self.game.legal_actions(seat):
                    return True, self.game.apply(action, seat)
                why = f"it could no longer be carried out ({action})"
            del self.standing[seat]
            self.orders_ended[seat] = why
        return False, []

    def pass_for_absent(self) -> list[Event]:
        """Pass for whoever need not be called: a decider with nothing to play, and the reaction windows of
        seats that switched on auto-pass; and play the answers of people's standing orders (`follow_orders`).

        A decision whose only legal action is to pass is passed for its decider at once, a person's or a
        computer's alike, with a line in the log saying so (`passed_for`): nobody is called to the
        keyboard to press the one key there is, and no computer pauses over a choice it does not have.
        """
        events: list[Event] = []
        while not self.game.over:
            if self.standing:  # a person's standing order answers for him (Real-Time Frag's)
                followed, said = self.follow_orders()
                if followed:
                    events += said
                    continue
            decision = self._top_decision()
            seat = self.game.decider()
            if decision is None or seat is None:
                break
            if nothing_to_play(self.game):
                events.append(passed_for(self.game, seat))
            elif not (seat in self.auto_pass and seat not in self.bots and isinstance(decision, ResponseWindow)):
                break
            events += self.game.apply(_PASS)
        return events

    def _top_decision(self) -> Decision | None:
        """The decision the game waits for, if any (the innermost)."""
        pending = self.game.state.pending
        return pending[-1] if pending else None

    # -- saving -------------------------------------------------------------------------------------

    def save(self) -> None:
        """Write the save atomically; a failure is remembered for the interface, never raised mid-game."""
        if self.save_path is None:
            return
        try:
            save = save_of(
                self.game, created=self.created, looks=self.looks, hosted=self.hosted, tournament=self.tournament
            )
            write_save(save, self.save_path)
            note_save(save, self.save_path)  # so the title lists it without reading it (issue 30, "Start")
            self.save_error = self.save_problem = None
            self.saved_actions = len(self.game.log)
        except OSError as exc:
            self.save_problem = exc.strerror or str(exc)
            self.save_error = f"the game could not be saved to {self.where_saved()}: {self.save_problem}"

    def saved_words(self) -> str:
        """Where this game is, in one sentence true to what is on disk (game over, the palette)."""
        if self.save_path is None:
            return f"{self.save_error.rstrip('.')}." if self.save_error else "This game is not saved."
        return self.unsaved_note() or f"Saved in {self.where_saved()}."

    def where_saved(self) -> str:
        """The save's place as players may be told it: its path, or over SSH its name on the server."""
        if self.save_path is None:
            return "no file"
        return str(self.save_path) if self.folders_shown else f"{self.save_path.name} on the server"

    def unsaved_note(self) -> str | None:
        """What leaving now would lose, in words; None when everything is on disk (or nothing is ever saved)."""
        if self.save_error is None or self.save_path is None:
            return None
        why = f"({self.save_problem})" if self.save_problem else ""
        if self.saved_actions is None:
            return f"Nothing of this game could be saved {why}."
        behind = len(self.game.log) - self.saved_actions
        if behind <= 0:  # undone back to (or before) what is on disk: that save holds more, not less
            return (
                f"The last save failed {why}: the file holds the game before the undo ({self.saved_actions} actions)."
            )
        lost = f"{behind} actions" if behind > 1 else "action"
        held = "as it began" if not self.saved_actions else f"as it was {self.saved_actions} actions in"
        return f"The last {lost} could not be saved {why}: the file holds the game {held}."
