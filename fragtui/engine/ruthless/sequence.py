"""The sequence of play of Ruthless: initiative, activations, the turn's end and the skedaddle.

R-SEQ-01: every player holds five cards and picks one face down; when all have picked they are revealed
together and the highest activates first, down to the lowest (ties by suit). R-SEQ-03: the card played
for initiative gives its power — an Ace or a 4 brings all its player's unconscious models round (R-UNC-01),
a 7 lets one of his models take a third action, a 3 lets him discard at the turn's end. R-ACT-01: each
model takes two actions, any of the eight, repeats allowed (a leg wound allows one Move a turn, an arm
wound one Shoot, a chest wound no Aim: R-HIT-01). A player may end his activation early (`EndTurn`): his
models' actions left are lost (ruling R-ACT-01). R-SEQ-02: when every posse has activated the turn ends:
the 3's player discards what he likes, everyone draws back to five, and each side rolls for skedaddle
(R-SKED-01); the showdown (scenarios.py) decides who won.
"""

from __future__ import annotations

from collections.abc import Sequence as ActionList
from functools import cache, lru_cache
from typing import TYPE_CHECKING, ClassVar

from fragtui.engine.actions import Action, Discard, EndTurn
from fragtui.engine.board import Square
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.events import CommonEventKind
from fragtui.engine.legal import LegalActions
from fragtui.engine.playing_cards import Rank
from fragtui.engine.ruthless.actions import (
    Aim,
    Courage,
    Dismount,
    GotYouCovered,
    Mount,
    MoveTo,
    PickCard,
    Reload,
    Shoot,
)
from fragtui.engine.ruthless.deck import card_title, rank_of, strength
from fragtui.engine.ruthless.events import RuthlessEventKind
from fragtui.engine.ruthless.fisticuffs import PASS, pick_card
from fragtui.engine.ruthless.grid import bit_table
from fragtui.engine.ruthless.move_space import Moves
from fragtui.engine.ruthless.objectives import STRONGBOX, Objectives
from fragtui.engine.ruthless.pieces import WEAPONS, Location
from fragtui.engine.ruthless.scenarios import Showdown, Strongbox
from fragtui.engine.ruthless.shooting import RELOAD
from fragtui.engine.ruthless.table import Condition, Model
from fragtui.errors import IllegalActionError

if TYPE_CHECKING:
    from fragtui.engine.rulesets import Ruleset

__all__ = ["ACTIONS_PER_TURN", "Phases", "Sequence"]

ACTIONS_PER_TURN = 2
"""Actions each model takes in a turn (R-ACT-01); one model of a 7's player may take a third (R-SEQ-03)."""
_END_TURN_ONLY = (EndTurn(),)
"""The last part of an activation's legal actions."""


@lru_cache(maxsize=1 << 16)
def _move_to(fighter: int, to: Square) -> MoveTo:
    """A Move action, made once (actions are immutable; every decision offers the same ones again)."""
    return MoveTo(fighter=fighter, to=to)


@lru_cache(maxsize=1 << 12)
def _plain(kind: type[Aim | GotYouCovered | Mount | Dismount | Courage], fighter: int) -> Action:
    """An action of `kind` naming only its model, made once (as `_move_to`)."""
    return kind(fighter=fighter)


@lru_cache(maxsize=1 << 12)
def _reload(fighter: int, weapon: int) -> Reload:
    """A Reload action, made once (as `_move_to`)."""
    return Reload(fighter=fighter, weapon=weapon)


@lru_cache(maxsize=1 << 12)
def _courage(fighter: int, card: str) -> Courage:
    """A Courage action spending `card`, made once (as `_move_to`)."""
    return Courage(fighter=fighter, card=card)


@cache
def _discard(card: str) -> Discard:
    """Discarding `card` (a 3's power), made once (as `pick_card`)."""
    return Discard(card=card)


class Phases:
    """The names of Ruthless's phases (`RUTHLESS_TURN` in rules.py declares them)."""

    INITIATIVE = "initiative"
    ACTIVATION = "activation"
    DISCARD = "discard"
    OVER = "over"


class InitiativePicks(SimultaneousChoice):
    """R-SEQ-01: every posse still on the field picks a card face down at once; all are shown together. The
    picks are the table's (`RuthlessTable.picks`), so a game saved mid-pick loads whole."""

    what: ClassVar[str] = "a card for initiative"

    def seats(self, rules: Ruleset) -> list[int]:
        gone = _sequence(rules).table.skedaddled
        return [seat for seat in range(len(rules.state.players)) if seat not in gone]

    def has_chosen(self, rules: Ruleset, seat: int) -> bool:
        return _sequence(rules).table.picks[seat] is not None

    def options(self, rules: Ruleset, seat: int) -> list[Action]:
        return [pick_card(card) for card in _sequence(rules).table.hands[seat]]

    def choose(self, rules: Ruleset, seat: int, action: Action) -> None:
        assert isinstance(action, PickCard)
        _sequence(rules).pick(seat, action.card)

    def reveal(self, rules: Ruleset) -> None:
        _sequence(rules).reveal()


def _sequence(rules: Ruleset) -> Sequence:
    """The ruleset as Ruthless's (the initiative picks are only ever opened by `Sequence.choice`)."""
    assert isinstance(rules, Sequence)
    return rules


class Sequence(Objectives):
    """The turn of Ruthless."""

    _SHOWDOWN = Showdown()
    _STRONGBOX = Strongbox()
    _INITIATIVE = InitiativePicks()

    def scoring(self) -> Showdown:
        """The scenario's scoring (scenarios.py): the showdown, or the strongbox (the `scenario` option)."""
        return self._STRONGBOX if self.state.config.options.get("scenario") == STRONGBOX else self._SHOWDOWN

    def phase_title(self, phase: str) -> str:
        """The phase for the status line; once over, the scenario's own words (not "the showdown is over" when
        the strongbox was fought for)."""
        if phase == Phases.OVER:
            return self.scoring().over_words
        return super().phase_title(phase)

    # -- who decides ----------------------------------------------------------------------------------

    @property
    def over(self) -> bool:
        return self.state.turn.phase == Phases.OVER

    def decider(self) -> int | None:
        """A pending decision's decider; else the first seat yet to pick, the seat activating, or the
        seat discarding."""
        state = self.state  # (asked a few times at every decision: each field read once)
        phase = state.turn.phase
        if phase == Phases.OVER:
            return None
        pending = state.pending
        if pending:
            return pending[-1].decider()
        table = self.table
        if phase == Phases.INITIATIVE:
            gone = table.skedaddled
            return next(seat for seat, card in enumerate(table.picks) if card is None and seat not in gone)
        if phase == Phases.DISCARD:
            return table.discarding[0]
        return table.order[table.acting]

    def choice(self) -> SimultaneousChoice | None:
        """The initiative picks while the turn's phase is theirs (R-SEQ-01), else a pending decision's (fisticuffs)."""
        if self.state.turn.phase == Phases.INITIATIVE and not self.state.pending:
            return self._INITIATIVE
        return super().choice()

    # -- what a model may do --------------------------------------------------------------------------

    def may_act(self, model: Model) -> bool:
        """Standing, with an action left: two, or a third with his player's 7 (R-ACT-01, R-SEQ-03)."""
        if not model.standing:
            return False
        return model.actions < ACTIONS_PER_TURN or (model.actions == ACTIONS_PER_TURN and self.table.bonus[model.owner])

    def may_activate(self, seat: int) -> bool:
        """Whether a model of `seat`'s may still act this turn (`may_act` written out: every decision asks)."""
        third = self.table.bonus[seat]
        for model in self.posse_models(seat):
            if model.condition is Condition.STANDING:
                actions = model.actions
                if actions < ACTIONS_PER_TURN or (third and actions == ACTIONS_PER_TURN):
                    return True
        return False

    def stand_actions(self, model: Model, enemies: tuple[Square | None, ...] | None = None) -> tuple[Action, ...]:
        """A model's actions but his Moves (R-ACT-01, with R-HIT-01's limits): aim, shots, reloads, Got You Covered!,
        mount or dismount, courage.

        The last answer is kept for each model with everything it depends on besides the board and his card (his
        square, marks, wounds, shots taken, rounds, horse, where the other posses' models are, and his player's hand
        while he is Lily Livered): a decision after a friend's Move offers the same tuple again."""
        if enemies is None:
            enemies = self.enemy_squares(model.owner)
        markers = model.markers
        wounds = model.wounds
        lily = markers.lily_livered
        stamp = (
            model.square,
            markers.aiming,
            markers.covering,
            lily,
            bool(wounds.get(Location.CHEST)),
            bool(wounds.get(Location.ARM)) and model.shots >= 1,
            tuple(model.ammo),
            model.mounted,
            model.horse_dead,
            enemies,
            tuple(self.table.hands[model.owner]) if lily else None,
        )
        fighter = model.id
        last = self._last_stands.get(fighter)
        if last is not None and last[0] == stamp:
            return last[1]
        found: list[Action] = []
        if not markers.aiming and not wounds.get(Location.CHEST):
            found.append(_plain(Aim, fighter))
        if not (wounds.get(Location.ARM) and model.shots >= 1):
            found += self.shots(model, enemies)
        found.extend(_reload(fighter, index) for index in self.reloads(model))
        if not markers.covering:
            found.append(_plain(GotYouCovered, fighter))
        if model.card.horse and not model.horse_dead:
            found.append(_plain(Dismount if model.mounted else Mount, fighter))
        if lily and self.may_get_courage_up(model):
            found.append(_plain(Courage, fighter))
            found.extend(_courage(fighter, card) for card in self.table.hands[model.owner])
        answer = tuple(found)
        self._last_stands[fighter] = (stamp, answer)
        return answer

    def move_actions(self, model: Model, occupied: int) -> Moves:
        """A MoveTo for each of `destinations(model)`, in its order (`move_bits`, with the table's `placings`): a
        space of actions made as they are read (`Moves`), off the board's `BitTable` of his MoveTo actions.

        The last answer is kept for each model, with its squares: a model whose squares are the same as at the
        last decision (nobody moved near him) is offered the same space again, with whatever of it was read."""
        squares = self.move_bits(model, occupied)
        fighter = model.id
        last = self._last_moves.get(fighter)
        if last is None:  # (his MoveTo actions by their squares' bits: the board's table, kept in his space after)
            table = bit_table(self.board, (MoveTo, fighter), lambda square: _move_to(fighter, square))
        elif last.bits == squares:
            return last
        else:
            table = last.table
        found = self._last_moves[fighter] = Moves(fighter, squares, table, self._square_bit)
        return found

    def sequence_actions(self, seat: int) -> ActionList[Action]:
        """The decider's actions outside pending decisions, by phase: in his activation, every action each of his
        models may take (R-ACT-01, with R-HIT-01's limits: a leg wound allows one Move, as the strongbox allows its
        carrier), then the end of it (each model's Moves a space, `move_actions`, made as they are read)."""
        table = self.table
        phase = self.state.turn.phase
        if phase == Phases.DISCARD:  # (the initiative picks are the choice's: `InitiativePicks.options`)
            return [*(_discard(card) for card in table.hands[seat]), PASS]
        actions: list[tuple[Action, ...] | Moves] = []
        occupied, enemies = self.placings(seat)
        third = table.bonus[seat]
        for model in self.posse_models(seat):  # (R-ACT-01: `may_act` written out, then his Moves and the rest)
            if model.condition is not Condition.STANDING or model.square is None:
                continue
            done = model.actions
            if done < ACTIONS_PER_TURN or (third and done == ACTIONS_PER_TURN):
                if not (model.moves and (model.wounds.get(Location.LEG) or table.carrier == model.id)):
                    actions.append(self.move_actions(model, occupied))
                actions.append(self.stand_actions(model, enemies))
        actions.append(_END_TURN_ONLY)
        return LegalActions.joined(tuple(actions))

    # -- doing it ----------------------------------------------------------------------------------------

    def pick(self, seat: int, card: str) -> None:
        """R-SEQ-01: the card goes face down (when every player has picked, `InitiativePicks` reveals them)."""
        table = self.table
        table.hands[seat].remove(card)
        table.picks[seat] = card
        self.emit(CommonEventKind.CARD_PLAYED, f"{self.name(seat)} picks a card face down", card=card, secret_for=seat,
                  private_text=f"You pick the {card_title(card)} for initiative")  # fmt: skip

    def reveal(self) -> None:
        """R-SEQ-01/03: the cards shown together, the order set highest first, the cards' powers given."""
        table = self.table
        picks = {seat: card for seat, card in enumerate(table.picks) if card is not None}
        assert len(picks) == len(table.picks) - len(table.skedaddled)  # (a posse gone from the field picks none)
        table.last_picks = list(table.picks)
        table.order = sorted(picks, key=lambda seat: strength(picks[seat]), reverse=True)
        table.acting = 0
        shown = ", ".join(f"{self.name(seat)} {card_title(picks[seat])}" for seat in table.order)
        self.emit(CommonEventKind.INITIATIVE, f"Initiative: {shown}")
        for seat in table.order:
            rank = rank_of(picks[seat])
            if rank in (Rank.ACE, Rank.FOUR):
                for model in self.posse(seat):
                    if model.condition is Condition.UNCONSCIOUS:
                        model.condition = Condition.STANDING
                        self.emit(RuthlessEventKind.KNOCKED_OUT, f"{self.who(model)} comes round", player=model.id)
            table.bonus[seat] = rank is Rank.SEVEN
        self.state.turn.phase = Phases.ACTIVATION
        self.state.turn.active = table.order[0]

    def act(self, seat: int, action: Action) -> None:
        """One model's action (R-ACT-01): counted, his marks kept or dropped, then done."""
        fighter = getattr(action, "fighter", None)
        assert isinstance(fighter, int)
        model = self.model(fighter)
        if model.owner != seat:
            raise IllegalActionError(f"{model.card.name} is not in {self.name(seat)}'s posse")
        if model.actions >= ACTIONS_PER_TURN:
            self.table.bonus[seat] = False  # the 7's third action is spent (R-SEQ-03)
        model.actions += 1
        markers = model.markers  # (a mark is only written when it goes: most actions change none)
        if markers.aiming and not isinstance(action, Shoot | Aim):
            markers.aiming = False
        if markers.covering and not isinstance(action, GotYouCovered):
            markers.covering = False
        if isinstance(action, MoveTo):
            model.moves += 1
            model.square = action.to
            self.emit(
                CommonEventKind.MOVED, f"{self.who(model)} moves to {action.to}", player=model.id, square=action.to
            )
            self.after_strongbox_move(model)
            if self.over:
                return
            self.start_fisticuffs(model)  # (below the covered shots: they come first)
            self.after_move(model)
        elif isinstance(action, Aim):
            model.markers.aiming = True
            self.emit(CommonEventKind.MOVED, f"{self.who(model)} takes aim", player=model.id)
        elif isinstance(action, Shoot):
            self.shoot(action)
        elif isinstance(action, Reload):
            spec = WEAPONS[model.card.weapons[action.weapon]]
            assert spec.rounds is not None
            model.ammo[action.weapon] = min(spec.rounds, (model.ammo[action.weapon] or 0) + RELOAD)
            self.emit(CommonEventKind.RELOADED, f"{self.who(model)} reloads the {spec.title}", player=model.id)
        elif isinstance(action, GotYouCovered):
            model.markers.covering = True
            self.emit(CommonEventKind.MOVED, f'{self.who(model)}: "Got you covered!"', player=model.id)
        elif isinstance(action, Mount):
            model.mounted = True
            self.emit(CommonEventKind.MOVED, f"{self.who(model)} mounts up", player=model.id)
        elif isinstance(action, Dismount):
            model.mounted = False
            self.emit(CommonEventKind.MOVED, f"{self.who(model)} dismounts", player=model.id)
        elif isinstance(action, Courage):
            self.get_courage_up(model, action.card)

    def end_activation(self, seat: int) -> None:
        """The activating player is done (his models' actions left are lost)."""
        self.emit(CommonEventKind.PASSED, f"{self.name(seat)} is done")
        self.table.acting += 1

    def discard_at_end(self, seat: int, action: Action) -> None:
        """R-SEQ-02's 3: discard a card, or stop discarding."""
        if isinstance(action, Discard):
            self.discard_card(seat, action.card)
            self.emit(CommonEventKind.DISCARDED, f"{self.name(seat)} discards a card", card=action.card,
                      secret_for=seat, private_text=f"You discard the {card_title(action.card)}")  # fmt: skip
        else:
            self.table.discarding.pop(0)
            self.emit(CommonEventKind.PASSED, f"{self.name(seat)} is done discarding")

    # -- the rules' own steps ---------------------------------------------------------------------------

    def settle(self) -> None:
        """Whatever follows on its own: the next activation once a posse cannot act, the turn's end."""
        while not self.over:
            if self.state.pending:
                if self.settle_brawl():
                    continue
                return
            table = self.table
            phase = self.state.turn.phase
            if phase == Phases.ACTIVATION:
                if table.acting < len(table.order):
                    seat = table.order[table.acting]
                    if self.may_activate(seat):
                        turn = self.state.turn
                        if turn.active != seat:
                            turn.active = seat
                        return
                    table.acting += 1
                    continue
                self.end_turn()
                continue
            if phase == Phases.DISCARD and not table.discarding:
                self.finish_turn()
                continue
            return

    def begin_turn(self) -> None:
        """A new turn: every model's actions back, everyone to pick a card (R-SEQ-01)."""
        turn = self.state.turn
        table = self.table
        turn.number += 1
        turn.phase = Phases.INITIATIVE
        seats = len(self.state.players)
        table.picks = [None] * seats
        table.order = []
        table.acting = 0
        table.bonus = [False] * seats
        for model in table.models:  # (a field is only written when it changes: most are unchanged)
            if model.actions:
                model.actions = model.moves = model.shots = 0
        self.emit(CommonEventKind.TURN_BEGAN, f"Turn {turn.number}: pick your cards for initiative")

    def end_turn(self) -> None:
        """R-SEQ-02: the initiative cards discarded, the 3's players to discard."""
        table = self.table
        for seat, card in enumerate(table.picks):
            if card is not None:
                table.discard.append(card)
                table.picks[seat] = None
        for model in table.models:  # "defer his shooting until later in the turn" (R-COVER-01)
            markers = model.markers
            if markers.covering or markers.aiming:
                markers.covering = markers.aiming = False
        table.discarding = [
            seat for seat in table.order if (card := table.last_picks[seat]) is not None and rank_of(card) is Rank.THREE
        ]
        self.state.turn.phase = Phases.DISCARD

    def finish_turn(self) -> None:
        """R-SEQ-02, R-SKED-01: hands back to five, the skedaddle rolls of the posses still in the field, the scenario
        over (a posse ran, or sundown) or a new turn; for the strongbox, the posses that ran leave the field and the
        rest fight on while two or more are left (`Objectives.fights_on`)."""
        table = self.table
        for seat in table.order:
            self.refill(seat)
        self.emit(CommonEventKind.TURN_ENDED, f"Turn {self.state.turn.number} ends")
        ran: list[int] = []
        for seat in range(len(self.state.players)):
            if seat in table.skedaddled:  # (gone from the field already: the strongbox fought on without it)
                continue
            models = list(self.posse(seat))
            if not any(model.standing for model in models):
                ran.append(seat)
                table.skedaddled.append(seat)
                self.emit(RuthlessEventKind.SKEDADDLED, f"{self.name(seat)}'s posse is wiped out")
                continue
            out = sum(1 for model in models if self.counts_to_run(model))
            roll = self.roll(1, f"skedaddle: {out} or less runs", seat, sides=10)
            if roll.total <= out:
                ran.append(seat)
                table.skedaddled.append(seat)
                self.emit(RuthlessEventKind.SKEDADDLED, f"{self.name(seat)}'s posse skedaddles!", amount=out)
        if ran and not self.fights_on():
            self.finish_scenario()
            return
        for seat in ran:  # (the strongbox: the others fight on for it)
            self.leave_the_field(seat)
        if table.turn_limit and self.state.turn.number >= table.turn_limit:
            self.emit(RuthlessEventKind.SKEDADDLED, f"Sundown: {self.scoring().over_words}")
            self.finish_scenario()
        else:
            self.begin_turn()

    def finish_scenario(self) -> None:
        """The showdown decides who won (scenarios.py)."""
        winner = self.scoring().winner(self.state)
        self.state.winner = winner
        self.state.turn.phase = Phases.OVER
        self.emit(CommonEventKind.WON, f"{self.name(winner)} {self.scoring().won_words}", player=winner)
