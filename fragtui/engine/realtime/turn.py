"""Real-Time Frag's turn (J-RT-01..10) as a turn policy of Frag's rules: the `real-time` option of Frag and of
Frag Deadlands.

Frag's rules ask a turn policy who acts and what each fighter has left (`fragtui.engine.frag.turn_policy`);
`RealTimeTurn` answers for ten segments a turn, and drives them. Frag's own rules do the rest as they always
have: respawning (`Turns.respawn`), the Speed roll (`Turns.roll_movement`, its cards and a Saloon Gal's die),
entering squares (`Moving.enter`: power-ups, acid, beasts), attacks (`Combat.attack`, its reactions and last
chances), cards (`Playing.play_card`), the scoring rule. Frag Deadlands combines with it as it is: the policy
is chosen by the option on whichever chain of Frag's rules plays the game (`Core.turn_policy_class`).

A turn (J-RT-01, J-RT-04):

    pre-turn   each fighter's turn begins as in Frag (timed cards, a lost turn, turn-start cards); every
               fragged fighter draws a Weapon and a Gadget and respawns (onto another fighter: both
               fragged, nobody scores, both sit the turn out); initiative (J-RT-02); Speed, spread (J-RT-03)
    segment    Movement: orders in secret, carried out together (`MovementOrders`, J-RT-05..08)
      1..10    Power-ups: the squares entered act, counters picked up, in initiative order
               Combat: attacks announced in secret, made in initiative order, one each (J-RT-10)
               its end: points unused lost (J-RT-08); Frag Tag's Keep-Away and King of the Hill score
    turn end   hands down to their limit (F-CARD-03)

Whenever nobody need answer, `settle` (asked by the rules after every action) moves the turn on, pushing the
next decision (`fragtui.engine.realtime.decisions`); it keeps everything in `FragState.realtime`. Through the
whole turn Frag's phase is its phase 3 (`action`), the phase whose cards and attacks the segments play; the
turn's own step is `RealTime.stage`. A Speed that changes during the turn rolls again at once (J-RT-09).

The rulings of the clashes (docs/rulings.md, J-RT-06 and J-RT-07): orders are carried out together, each
fighter's path worked out from his own orders alone; nobody is in anyone's way while moving (fighters pass
through each other as in Frag, F-MOVE-03), but no two end a segment's movement on one square. Where two
would, a fighter who did not move keeps his square, else the one first in initiative order; any other is
stopped on the last square of his path before it (again, until no square holds two), and what his orders
had left him is lost. Nothing is fired during movement: a fighter moving out of a line of fire is out of it
in that segment's Combat, and one moving into it is in it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, cast

from pydantic import BaseModel, ConfigDict

from fragtui.engine.actions import Action, Pass
from fragtui.engine.board import Board, Direction, Square
from fragtui.engine.cards import GADGETS_DECK, WEAPONS_DECK, CardKind, ModStat, TurnPart
from fragtui.engine.choices import SimultaneousChoice
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.actions import Attack, DropFlag, PickUp, PlayCard, Respawn, TakeFlag
from fragtui.engine.frag.events import FragEventKind
from fragtui.engine.frag.house import SCATTER
from fragtui.engine.frag.state import Status
from fragtui.engine.frag.turn_policy import TurnPolicy
from fragtui.engine.frag.turn_record import FragTurn, Phase
from fragtui.engine.realtime.combat import CombatTally, attack_order, may_answer_first
from fragtui.engine.realtime.decisions import (
    AnswerFirst,
    CombatOrders,
    HandLimit,
    MovementOrders,
    PickUpStep,
    RespawnRoll,
)
from fragtui.engine.realtime.facing import CLOCKWISE, RealTimeMarkers, heading
from fragtui.engine.realtime.initiative import roll_initiative
from fragtui.engine.realtime.movement import (
    JUMP_SEGMENTS,
    Footing,
    Hop,
    Jump,
    Motion,
    Order,
    Step,
    carry_out,
    close_segment,
    footing_of,
    legal_orders,
    may_order,
    open_segment,
    order_text,
)
from fragtui.engine.realtime.speed import NO_POINTS, respread, spread
from fragtui.engine.realtime.speed_table import SEGMENTS
from fragtui.engine.realtime.state import Announced, RealTime, RealTimeFighter, Stage, put
from fragtui.engine.rulesets import OptionSpec, OptionValue

if TYPE_CHECKING:
    from fragtui.engine.frag.core import Core
    from fragtui.engine.frag.rules import FragRules

__all__ = [
    "REAL_TIME",
    "REAL_TIME_OPTION",
    "FighterClock",
    "RealTimeTurn",
    "RealTimeView",
    "real_time_on",
    "resolve_clashes",
]

REAL_TIME = "real-time"
"""The option of Frag and Frag Deadlands that plays Real-Time Frag's turn (J-RT-01..10)."""

REAL_TIME_OPTION = OptionSpec(
    name=REAL_TIME,
    summary="Real-Time Frag: ten segments a turn, everyone moving and shooting in each",
    default=False,
    rule="J-RT-01",
    text=(
        "Jeremehovah's Real-Time Frag: a turn is ten segments after a pre-turn of respawns, initiative and "
        "Speed rolls. In each segment every fighter orders his moves in secret and all move together, power-ups "
        "are rolled, then everyone may attack once, in initiative order. Facing matters: forward is cheap, "
        "backward and sideways dear."
    ),
)
"""The `real-time` switch, offered by Frag and Frag Deadlands, combining with every other option."""


def real_time_on(options: Mapping[str, OptionValue]) -> bool:
    """Whether a game's options play Real-Time Frag."""
    return bool(options.get(REAL_TIME, False))


_NO_ATTACKS = CombatTally(attacks_left=0)
"""A fighter's tally before his attacks of the turn are counted (immutable, so one for all)."""

_LOOK = 24
"""How far a fighter looks along a direction when he picks the way he faces on arriving (`facing_on_arrival`)."""

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_PHASE_OVER = Phase.OVER
_PHASE_ACTION = Phase.ACTION
_STAGE_MOVEMENT = Stage.MOVEMENT
_STAGE_POWER_UPS = Stage.POWER_UPS
_STAGE_COMBAT = Stage.COMBAT
_STAGE_BEGIN = Stage.BEGIN
_STAGE_RESPAWN = Stage.RESPAWN
_STAGE_INITIATIVE = Stage.INITIATIVE
_STAGE_SPEED = Stage.SPEED
_STAGE_END = Stage.END
_IN_PLAY = Status.IN_PLAY
_UNPLACED = Status.UNPLACED
_MOTION_STEP = Motion.STEP
_NEW_TURN_FIELDS = (
    "skipping",
    "points",
    "progress",
    "progress_at",
    "spread",
    "speed_roll",
    "tally",
    "entered",
    "arrived",
)
"""The fields of every fighter a new turn writes (`_new_turn`)."""
_FACING_NAMES = {direction: direction.name for direction in Direction}
"""Each direction's name, as the log writes a facing (`Direction.name` is a Python property call in 3.11)."""

# Event kinds told on the hot paths below, as module globals (read off its enum, each costs as a stage would).
_MOVED = CommonEventKind.MOVED
_PASSED = CommonEventKind.PASSED
_INITIATIVE = CommonEventKind.INITIATIVE
_PART_BEGAN = CommonEventKind.PART_BEGAN
_TURN_ENDED = CommonEventKind.TURN_ENDED
_MOVEMENT_ROLLED = FragEventKind.MOVEMENT_ROLLED


def facing_on_arrival(board: Board, square: Square) -> Direction:
    """The way a fighter placed or respawned faces (ruling J-RT-05): out into the room, the direction with the
    longest straight walk from his square; ties go north, east, south, west."""
    best, reach = Direction.N, -1
    for direction in CLOCKWISE:
        here, walked = square, 0
        while walked < _LOOK:
            there = board.geometry.step(here, direction)
            if there is None:
                break
            here, walked = there, walked + 1
        if walked > reach:
            best, reach = direction, walked
    return best


def resolve_clashes(paths: Mapping[int, list[Square]], rank: Mapping[int, int]) -> dict[int, int]:
    """Where each fighter ends a Movement step carried out together (ruling J-RT-06): for every fighter his path
    (the square he stood on first, then each whole square he arrives at, in order) and his place in the
    initiative order, the index of the square of his path he ends on.

    Each goes as far as his path; while a square holds two or more, a fighter who did not move keeps it (he is
    still on the square he started on), else the one first in initiative order, and every other there is
    stopped one square short; again until no square holds two."""
    at = {seat: len(path) - 1 for seat, path in paths.items()}
    while True:
        where: dict[Square, list[int]] = {}
        for seat, index in at.items():
            where.setdefault(paths[seat][index], []).append(seat)
        moved = False
        for fighters in where.values():
            if len(fighters) < 2:
                continue
            stayed = [seat for seat in fighters if at[seat] == 0]
            keeper = stayed[0] if stayed else min(fighters, key=lambda seat: rank[seat])
            for seat in fighters:
                if seat != keeper and at[seat] > 0:
                    at[seat] -= 1
                    moved = True
        if not moved:
            return at


class FighterClock(BaseModel):
    """One fighter's part of the Real-Time turn, as everyone sees it (`RealTimeView.fighters`)."""

    model_config = ConfigDict(frozen=True)

    facing: Direction | None
    """The way he faces (J-RT-05), shown on the map."""
    speed_roll: int
    """His Speed roll this turn, cards added (public, J-RT-03)."""
    spread: tuple[int, ...]
    """His movement points in each segment (J-RT-03, J-RT-09)."""
    points: int
    """Points he has left in the current segment."""
    moving: str | None = None
    """A move under way (J-RT-06/07): `step right to 4,5, 1 of 2 points paid`."""
    part_way: str | None = None
    """How far a move under way has gone, as a fraction (`1/2`), shown on the map."""
    toward: Square | None = None
    """The square a move under way is heading for."""
    attacks_left: int
    """Attacks left in the turn (F-ATK-01)."""
    attacked: bool
    """He has made his attack this segment (J-RT-10)."""
    skipping: bool
    """He sits this turn out (J-RT-01)."""
    initiative: int | None = None
    """His initiative roll (J-RT-02), public."""


class RealTimeView(BaseModel):
    """Real-Time Frag's turn as a seat may see it (`PlayerView.table`): the segment clock, the initiative order,
    every fighter's points in each segment and left now, his facing and a move part-way. The orders and attacks
    of a step being chosen are never in it."""

    model_config = ConfigDict(frozen=True)

    segment: int
    """The segment, 1 to 10; 0 in the pre-turn."""
    stage: str
    """The step of the segment (`movement`, `power-ups`, `combat`) or of the pre-turn."""
    order: tuple[int, ...]
    """The initiative order, the first to act first (J-RT-02); empty before it is rolled."""
    fighters: tuple[FighterClock, ...]
    """Every fighter's part, in seat order."""


class RealTimeTurn(TurnPolicy):
    """Ten segments a turn, every fighter moving in each, then attacking in initiative order (J-RT-01..10).

    It keeps nothing of its own but what it has worked out of the state, for speed: when it last looked at
    everyone's Speed (`_speed_changes`)."""

    __slots__ = ("_announced", "_follows", "_offers", "_orders", "_speed_key", "_speeds", "_unchanged", "game")

    def __init__(self, rules: Core) -> None:
        super().__init__(rules)
        self.game = cast("FragRules", rules)
        """The rules, as Frag's (the policy is made only by a ruleset of Frag's chain)."""
        self._speed_key: tuple[int, tuple[object, ...]] | None = None
        """The segment, and what Speeds depend on, when they were last compared with the rolled ones
        (`_speed_changes`)."""
        self._speeds: tuple[tuple[object, ...] | None, dict[int, int]] = (None, {})
        """What Speeds depend on, and each fighter's Speed while it stays so (`_speed_changes`)."""
        self._orders: dict[tuple[object, ...], tuple[Footing, list[Order]]] = {}
        """The orders from a footing, by all they depend on (`orders_from`): the same few are asked again and
        again (to open a step, then by every seat's options)."""
        self._follows: dict[tuple[object, ...], tuple[Footing, Order, Footing]] = {}
        """The footing after an order, by all it depends on (`follow`): worked out as the order is given, asked
        again when the step's orders are carried out (`_path`)."""
        self._unchanged: object = None
        """The events of the action being applied (`Ruleset.events`, a list of its own each action) when it is a
        Movement order or a Combat announcement (`unchanged`): `settle` need not compare Speeds before moving on."""
        self._offers: tuple[CombatOrders | None, dict[int, list[Action]]] = (None, {})
        """The Combat step being chosen and what each of its fighters may announce: nothing changes while its
        fighters choose (a choice is only noted), so each one's options are worked out once."""
        self._announced: tuple[list[Announced], dict[int, list[Action]]] | None = None
        """The announcements of the Combat step just revealed (`RealTime.announced`, the list itself) and the
        step's offers (`_offers`): until the first of them is carried out nothing has changed since the offers
        were worked out, so its attack is checked, and its target's chance to shoot first found, in them
        (`_step_offers`)."""

    # -- reading the state ----------------------------------------------------------------------------

    @property
    def rt(self) -> RealTime | None:
        """The turn's record; None before play begins (set-up)."""
        return self.rules.state.realtime

    def clock(self, seat: int) -> RealTimeFighter | None:
        """`seat`'s part of the turn, None before play begins."""
        rt = self.rules.state.realtime
        return None if rt is None else rt.fighters[seat]

    def _fighter(self, seat: int) -> RealTimeFighter:
        rt = self.rules.state.realtime
        assert rt is not None, "Real-Time Frag's turn has not begun"
        return rt.fighters[seat]

    # -- who acts -------------------------------------------------------------------------------------

    def active(self) -> int:
        """The fighter the table looks at: the one deciding now (the first still choosing in a choice)."""
        return self.rules.state.turn.active

    def acting(self) -> tuple[int, ...]:
        """Every fighter taking part in the turn, in initiative order (seat order before it is rolled)."""
        rt = self.rt
        if rt is None:
            return (self.rules.state.turn.active,)
        order = rt.initiative.order if rt.initiative is not None else tuple(range(len(rt.fighters)))
        return tuple(seat for seat in order if not rt.fighters[seat].skipping)

    def is_acting(self, seat: int) -> bool:
        rt = self.rt
        return rt is not None and not rt.fighters[seat].skipping

    # -- a fighter's turn -----------------------------------------------------------------------------

    def begin(self, seat: int) -> None:
        """Frag begins `seat`'s turn (in the pre-turn): his record is fresh; the turn's number is the policy's."""
        rt = self.rt
        if rt is None:
            return
        rt.fighters[seat].record = FragTurn(number=self.rules.state.turn.number, active=seat, phase=_PHASE_ACTION)

    def start_actions(self, seat: int, movement: int, attacks: int) -> None:
        """His Speed roll (J-RT-03): the total spread over the segments; his attacks for the turn (F-ATK-01)."""
        fighter = self._fighter(seat)
        fighter.speed_score = self.game.speed(seat)
        fighter.speed_roll = movement
        fighter.spread = spread(movement)
        fighter.tally = CombatTally(attacks_left=attacks)

    def end(self, seat: int) -> int | None:
        """A Real-Time turn ends for everyone at once (`_end_turn`): no one's turn follows another's."""
        return None

    def record(self, seat: int) -> FragTurn:
        clock = self.clock(seat)
        return self.rules.state.turn if clock is None else clock.record

    # -- movement -------------------------------------------------------------------------------------

    def movement(self, seat: int) -> int:
        """The points he has left in this segment; in the pre-turn, his whole roll (not spread yet: what Frag's
        movement roll says he has)."""
        clock = self.clock(seat)
        if clock is None:
            return 0
        return clock.speed_roll if self._segment() == 0 else clock.points

    def spend_movement(self, seat: int, points: int) -> None:
        fighter = self._fighter(seat)
        fighter.points = max(0, fighter.points - points)

    def give_movement(self, seat: int, points: int) -> None:
        """A card's extra movement (ruling J-RT-08): added to the next segment's points (cards are played in
        Combat, after the Movement step); after the last segment, lost."""
        fighter = self._fighter(seat)
        segment = self._segment()
        if segment < SEGMENTS:
            points_now = list(fighter.spread)
            points_now[segment] += points
            fighter.spread = tuple(points_now)

    def count_movement(self, seat: int, points: int) -> None:
        """His Speed roll counted again (a Saloon Gal's die, D-FTR-06): in the pre-turn, the turn's spread;
        during the turn, the remaining segments' (J-RT-09)."""
        fighter = self._fighter(seat)
        segment = self._segment()
        fighter.speed_roll = points
        fighter.spread = spread(points) if segment == 0 else respread(fighter.spread, points, segment)

    def lose_movement(self, seat: int) -> None:
        """The rest of his movement is lost (a beast's drag, D-MAP-02): this segment's and every later one's."""
        fighter = self._fighter(seat)
        segment = self._segment()
        fighter.points = 0
        fighter.progress, fighter.progress_at = None, None
        fighter.spread = fighter.spread[:segment] + NO_POINTS[segment:]

    def _segment(self) -> int:
        rt = self.rt
        return 0 if rt is None else rt.segment

    # -- attacks --------------------------------------------------------------------------------------

    def attacks(self, seat: int) -> int:
        clock = self.clock(seat)
        return 0 if clock is None else clock.tally.attacks_left

    def weapon_attacks(self, seat: int) -> Mapping[str, int]:
        clock = self.clock(seat)
        return {} if clock is None else clock.record.weapon_attacks

    def grant_weapon_attacks(self, seat: int, counts: Mapping[str, int]) -> None:
        self._fighter(seat).record.weapon_attacks = dict(counts)

    def may_attack_now(self, seat: int) -> bool:
        """An attack of the turn left (a regular one or H-ACC-01's), and none made nor a card activated in this
        segment (J-RT-10)."""
        clock = self.clock(seat)
        if clock is None:
            return False
        tally = clock.tally
        return (
            not tally.attacked and not tally.activated and (tally.attacks_left > 0 or bool(clock.record.weapon_attacks))
        )

    def spend_attack(self, seat: int) -> None:
        """His attack of the segment (J-RT-10), one of the turn's: a regular one while he has one, else a
        weapon's bonus one (H-ACC-01)."""
        fighter = self._fighter(seat)
        tally = fighter.tally
        left = tally.attacks_left
        if left > 0 or not fighter.record.weapon_attacks:
            left = max(0, left - 1)
        else:
            fighter.record.weapon_attacks = {w: n - 1 for w, n in fighter.record.weapon_attacks.items() if n > 1}
        fighter.tally = CombatTally(attacks_left=left, attacked=True, activated=tally.activated)

    def give_attacks(self, seat: int, count: int) -> None:
        fighter = self._fighter(seat)
        tally = fighter.tally
        fighter.tally = tally.model_copy(update={"attacks_left": tally.attacks_left + count})

    # -- the turn's course ----------------------------------------------------------------------------

    def unchanged(self) -> None:
        """The action being applied is a Movement order or a Combat announcement: noted, or carried out with the
        others when the last is in (moves, announcements shown), it changes no card in play, no "it" and no
        segment, so no Speed (J-RT-09): `settle` moves on without comparing them again. (Noted by the action's own
        list of events, so that an action that failed half-way leaves nothing noted for the next.)"""
        self._unchanged = self.rules.events

    def start_play(self, first: int) -> None:
        """Every fighter is placed: the first Real-Time turn begins (its pre-turn), moved on by `settle`."""
        state = self.rules.state
        state.realtime = RealTime(fighters=[RealTimeFighter() for _ in state.players])
        for player in state.players:
            if player.square is not None and player.markers.of(RealTimeMarkers).facing is None:
                player.markers.of(RealTimeMarkers).facing = facing_on_arrival(self.rules.board, player.square)
        state.turn.active = first
        self._new_turn()

    def settle(self) -> None:
        """After every action: a Speed changed rolls again (J-RT-09); then, while nobody need answer, the turn
        moves on to the next question."""
        rules = self.game
        state = rules.state
        rt = state.realtime
        if rt is None or state.turn.phase is _PHASE_OVER:  # (`rules.over`, read without a call: every action)
            return
        if self._unchanged is not rules.events:  # (else the action was an order or an announcement: `unchanged`)
            self._speed_changes(rt)
        self._unchanged = None
        steps = 0
        while state.turn.phase is not _PHASE_OVER and not state.pending:  # (`rules.over`, read without a call)
            if self._advance(rt):
                self._speed_changes(rt)
            steps += 1
            if steps > 10_000:  # (a bug: every advance asks someone or moves the turn on)
                raise RuntimeError(f"Real-Time Frag's turn does not move on from {rt.stage}")
        if state.turn.phase is not _PHASE_OVER:  # (`rules.over`)
            state.turn.phase = _PHASE_ACTION
            top = state.pending[-1] if state.pending else None
            if top is not None and not isinstance(top, SimultaneousChoice):  # (a choice's stays its first seat's)
                state.turn.active = top.decider()

    def _advance(self, rt: RealTime) -> bool:
        """One step of the turn where nobody is asked anything: it pushes a question or moves the turn on. Whether
        it may have changed what Speeds depend on (the Movement step's opening and its moves never do, nor the
        Power-ups step's turning to the next fighter, the Combat step's opening with its question, an announcement
        lapsing or held, a target asked to shoot first)."""
        stage = rt.stage
        if stage is _STAGE_MOVEMENT:
            self._ask_orders(rt)
            return False
        if stage is _STAGE_POWER_UPS:
            return self._power_up_next(rt)
        if stage is _STAGE_COMBAT:
            return self._combat_next(rt)
        if stage is _STAGE_BEGIN:
            self._begin_next(rt)
        elif stage is _STAGE_RESPAWN:
            self._respawn_next(rt)
        elif stage is _STAGE_INITIATIVE:
            self._roll_initiative(rt)
        elif stage is _STAGE_SPEED:
            self._speed_next(rt)
        else:
            self._end_next(rt)
        return True

    # -- the pre-turn (J-RT-01..03) ---------------------------------------------------------------------

    def _new_turn(self) -> None:
        rules = self.game
        rt = rules.state.realtime
        assert rt is not None
        rules.state.turn.number += 1
        rt.segment = 0
        rt.initiative = None
        rt.announced, rt.announcers = [], []
        for fighter in rt.fighters:
            fields = fighter.__dict__  # (written as `put` writes them: nine fields of every fighter)
            fields["skipping"] = False
            fields["points"] = 0
            fields["progress"], fields["progress_at"] = None, None
            fields["spread"] = NO_POINTS
            fields["speed_roll"] = 0
            fields["tally"] = _NO_ATTACKS
            fields["entered"], fields["arrived"] = [], False
            fighter.__pydantic_fields_set__.update(_NEW_TURN_FIELDS)
        rt.stage = _STAGE_BEGIN
        rt.queue = list(rules.seats())

    def _begin_next(self, rt: RealTime) -> None:
        """Each fighter's turn begins as Frag begins one (`Turns.begin_turn`): timed cards count it, jams and held
        attacks lapse, turn-start cards act; a lost turn (F-CARD-08's lag) is this whole turn sat out."""
        rules = self.game
        if not rt.queue:
            rt.stage = _STAGE_RESPAWN
            rt.queue = [
                seat
                for seat in rules.seats()
                if not rules.on_board(seat)
                and not rt.fighters[seat].skipping
                and rules.player(seat).status is not _UNPLACED
            ]
            return
        seat = rt.queue.pop(0)
        player = rules.player(seat)
        if TurnPart.TURN in player.skips:
            del player.skips[TurnPart.TURN]
            rt.fighters[seat].skipping = True
            rules.emit(CommonEventKind.TURN_ENDED, f"{player.name} loses this turn", player=seat)
        rules.begin_turn(seat)
        rules.state.turn.phase = _PHASE_ACTION

    def _respawn_next(self, rt: RealTime) -> None:
        rules = self.game
        if not rt.queue:
            rt.stage = _STAGE_INITIATIVE
            return
        seat = rt.queue.pop(0)
        if rules.on_board(seat):
            return  # (back already: an instant respawn, a gallows)
        rules.state.turn.active = seat
        rules.push(RespawnRoll(player=seat))

    def respawn_options(self, seat: int) -> list[Action]:
        """A roll for the respawn point, or each point when a card lets him choose (F-RESP-01)."""
        rules = self.game
        if rules.chooses_respawn(seat):
            return [Respawn(point=point) for point in rules.board.respawn_points]
        return [Respawn()]

    def respawn(self, seat: int, chosen: int | None) -> None:
        """J-RT-01: a fragged fighter draws a Weapon and a Gadget card, then respawns, by Frag's rules
        (`Turns.respawn`: a scattered landing with H-SCATTER-01, a fresh fighter, turn-start cards). Onto another
        fighter (no scatter), both are fragged where they stand, nobody scores, and both sit the turn out."""
        rules = self.game
        player = rules.player(seat)
        if player.status is Status.FRAGGED:
            for deck in (WEAPONS_DECK, GADGETS_DECK):
                if deck.name in rules.state.decks.draw:
                    rules.draw(seat, deck.name, "respawning")
        point = chosen if chosen is not None else rules.roll_respawn_point(seat, "respawn point")
        square = rules.board.respawn_points[point]
        occupant = rules.occupant(square, besides=seat)
        if occupant is not None and not rules.house(SCATTER):
            self._telefrag(seat, occupant, point, square)
        else:
            rules.respawn(seat, point)
        rules.state.turn.phase = Phase.ACTION
        if rules.on_board(seat):
            square_now = player.square
            assert square_now is not None
            player.markers.of(RealTimeMarkers).facing = facing_on_arrival(rules.board, square_now)
            self._fighter(seat).arrived = True

    def _telefrag(self, seat: int, occupant: int, point: int, square: Square) -> None:
        """J-RT-01: `seat` respawns onto `occupant`: both are fragged at once, neither gains the frag, and
        both are skipped this turn."""
        rules = self.game
        player = rules.player(seat)
        if player.status is Status.FRAGGED:
            player.damage = 0  # (a fresh fighter, as any respawn)
        player.status = Status.IN_PLAY
        player.square = square
        rules.emit(
            FragEventKind.RESPAWNED,
            f"{player.name} respawns on respawn point {point}, onto {rules.name(occupant)}: both are fragged",
            player=seat,
            other=occupant,
            square=square,
        )
        for fighter in (occupant, seat):
            self._fighter(fighter).skipping = True
        rules.frag(occupant, None, f"{player.name} respawning onto them (nobody scores)")
        if not rules.over and rules.on_board(seat):
            rules.frag(seat, None, f"respawning onto {rules.name(occupant)} (nobody scores)")

    def _roll_initiative(self, rt: RealTime) -> None:
        """J-RT-02: every fighter rolls one die for initiative, in public; ties roll off among the tied."""
        rules = self.game
        initiative = roll_initiative(rules.dice, list(rules.seats()))
        rt.initiative = initiative
        for entry in (*initiative.rolls, *initiative.roll_offs):
            rules.emit(
                _INITIATIVE,
                f"{rules.name(entry.fighter)} rolls {entry.roll.total} for initiative",
                player=entry.fighter,
                roll=entry.roll,
                amount=entry.roll.total,
            )
        names = ", ".join(rules.name(seat) for seat in initiative.order)
        rules.emit(_INITIATIVE, f"Initiative order: {names}")
        rt.stage = _STAGE_SPEED
        rt.queue = [seat for seat in initiative.order if rules.on_board(seat) and not rt.fighters[seat].skipping]

    def _speed_next(self, rt: RealTime) -> None:
        """J-RT-03: each fighter on the board rolls his Speed in dice, cards counted, as Frag's movement roll
        (`Turns.roll_movement`: a lag's lost roll, a Saloon Gal's die); the policy spreads the total."""
        rules = self.game
        if not rt.queue:
            self._open_segment(rt, 1)
            return
        seat = rt.queue.pop(0)
        rules.state.turn.active = seat
        if rules._hooked:
            rules.roll_movement(seat)
        else:
            # With only cards giving effects (base Frag), the roll changes none in play (dice, the spread and
            # tally, a lag's skip, a window pushed): the Speed, movement, Accuracy and attacks it reads, some
            # twice, are each worked out once.
            with rules.reading():
                rules.roll_movement(seat)
        rules.state.turn.phase = _PHASE_ACTION
        fighter = rt.fighters[seat]
        points = ", ".join(map(str, fighter.spread))
        rules.emit(_MOVEMENT_ROLLED, f"{rules.name(seat)}'s points by segment: {points}", player=seat)

    def _speed_changes(self, rt: RealTime) -> None:
        """J-RT-09: a fighter whose Speed score changed since it was rolled (a card, a wound) rolls again now; the
        new total is spread over the segments after this one (`speed.respread`).

        A Speed changes only with the effects reaching a fighter: the cards in play (each entering play is
        stamped, `state.plays`; any leaving changes a count) and who is "it" (J-TAG-02's +2). While none of
        these changed, nobody's Speed is asked again; every fighter is compared again as each segment begins, each
        Speed worked out anew only if they did."""
        segment = rt.segment
        if segment < 1:
            return
        rules = self.game
        state = rules.state
        objective = state.objective
        effects = (
            state.plays,
            [len(p.weapons) + len(p.gadgets) + len(p.specials) for p in state.players],
            None if objective is None else objective.it,
        )
        known = self._speed_key
        if known is not None and known[0] == segment and known[1] == effects:
            return
        self._speed_key = (segment, effects)
        speeds = self._speeds
        if speeds[0] != effects:
            speeds = self._speeds = (effects, {})
        for seat, fighter in enumerate(rt.fighters):
            if fighter.skipping or not rules.on_board(seat) or (fighter.speed_score == 0 and fighter.speed_roll == 0):
                continue
            speed = speeds[1].get(seat)
            if speed is None:
                speed = speeds[1][seat] = rules.speed(seat)
            if speed == fighter.speed_score:
                continue
            roll = rules.roll(speed, f"Speed changed to {speed}: rolled again", seat)
            total = rules.modified(seat, ModStat.MOVEMENT, roll.total)
            fighter.speed_score = speed
            fighter.speed_roll = total
            fighter.spread = respread(fighter.spread, total, rt.segment)
            later = ", ".join(map(str, fighter.spread[rt.segment :])) or "none"
            rules.emit(
                FragEventKind.MOVEMENT_ROLLED,
                f"{rules.name(seat)}'s Speed is {speed} now: {total}, for the segments left {later}",
                player=seat,
                roll=roll,
                amount=total,
            )

    # -- Movement (J-RT-04..08) ------------------------------------------------------------------------

    def _footing(self, seat: int) -> Footing:
        """`seat`'s footing as it stands: his square and facing, the points left, a move under way (dropped if he
        was moved off the square it began from)."""
        rules = self.game
        state = rules.state
        player = state.players[seat]
        rt = state.realtime
        assert player.square is not None and rt is not None
        fighter = rt.fighters[seat]
        markers = player.markers.of(RealTimeMarkers)
        facing = markers.facing
        if facing is None:
            facing = markers.facing = facing_on_arrival(rules.board, player.square)
        if fighter.progress is not None and fighter.progress_at != player.square:
            fighter.progress, fighter.progress_at = None, None
        return footing_of(player.square, facing, fighter.points, fighter.progress)

    def _moving(self, seat: int) -> bool:
        """Whether `seat` takes part in this segment's movement and combat: on the board, not sitting it out."""
        return self.game.on_board(seat) and not self._fighter(seat).skipping

    def _open_segment(self, rt: RealTime, segment: int) -> None:
        """Segment `segment` begins: each fighter's points are his entry of the spread, a jump in the air takes
        them first (ruling J-RT-06); the Movement step asks for orders."""
        put(rt, "segment", segment)
        put(rt, "stage", _STAGE_MOVEMENT)
        self.rules.emit(_PART_BEGAN, f"Segment {segment}", amount=segment)

    def _ask_orders(self, rt: RealTime) -> None:
        """Everyone who may order something orders in secret; with nobody, the moves under way go on at once."""
        footings: dict[int, Footing] = {}
        order = rt.initiative.order if rt.initiative is not None else tuple(range(len(rt.fighters)))
        rules = self.game
        players = rules.state.players
        for seat in order:
            fighter = rt.fighters[seat]
            if fighter.skipping or not rules.on_board(seat):  # (`_moving`)
                continue
            points = fighter.spread[rt.segment - 1]
            player = players[seat]
            facing = player.markers.of(RealTimeMarkers).facing
            if fighter.progress is None and facing is not None and player.square is not None:
                footing = footing_of(player.square, facing, points)  # (what opening his would give)
            else:
                footing = open_segment(self._footing(seat), points)
            footings[seat] = footing
            put(fighter, "points", footing.points)  # (public: his spread's entry, less what a jump in the air took)
        ordering = [seat for seat, footing in footings.items() if may_order(footing)]  # (his orders made when asked)
        decision = MovementOrders(
            player=ordering[0] if ordering else 0, ordering=ordering, opened=footings, footings=dict(footings)
        )
        if not ordering:
            self.carry_out_orders(decision)
            return
        self.rules.state.turn.active = ordering[0]
        self.rules.push(decision)

    def orders_from(self, seat: int, footing: Footing) -> list[Order]:
        """The orders `seat` may give from `footing` (`movement.legal_orders`); other fighters block nothing
        (their moves are not known: the clashes are ruled when all are carried out)."""
        rules = self.game
        rt = rules.state.realtime
        assert rt is not None
        fighter = rt.fighters[seat]
        blocked = rules.impassable()
        segment = rt.segment
        spread = fighter.spread
        # By the footing's identity (kept in the entry, so never another's): footings are made once each
        # (`footing_of`), and hashing one by its fields is dear. The spread and segment count only as the points
        # of the segments ahead (`points_ahead`).
        ahead = sum(spread[segment : segment + JUMP_SEGMENTS - 1])  # (`points_ahead`, in a segment of a spread)
        key = (id(footing), fighter.speed_score, ahead, blocked)
        known = self._orders.get(key)
        if known is not None and known[0] is footing:
            return known[1]
        if len(self._orders) > 4096:
            self._orders.clear()
        found = legal_orders(
            rules.board,
            footing,
            speed=fighter.speed_score,
            segment=segment,
            points=spread,
            blocked=blocked,
            ahead=ahead if 1 <= segment <= SEGMENTS and len(spread) == SEGMENTS else None,
        )
        self._orders[key] = (footing, found)
        return found

    def follow(self, seat: int, footing: Footing, order: Order) -> Footing:
        """The footing after `order` from `footing` (`movement.carry_out`, checked)."""
        rules = self.game
        rt = rules.state.realtime
        assert rt is not None
        fighter = rt.fighters[seat]
        blocked = rules.impassable()
        key = (id(footing), id(order), fighter.speed_score, rt.segment, fighter.spread, blocked)
        known = self._follows.get(key)
        if known is not None and known[0] is footing and known[1] is order:
            return known[2]
        if len(self._follows) > 4096:
            self._follows.clear()
        found = carry_out(
            rules.board,
            footing,
            order,
            speed=fighter.speed_score,
            segment=rt.segment,
            points=fighter.spread,
            blocked=blocked,
        )
        self._follows[key] = (footing, order, found)
        return found

    def _path(self, seat: int, start: Footing, orders: list[Order]) -> tuple[list[Square], Footing]:
        """The squares `seat` arrives at, in order, after his square (a jump landing as the segment opened,
        then each order's), and his footing at the end."""
        rules = self.game
        here = rules.state.players[seat].square
        assert here is not None
        path = [here]
        if start.square != here:
            path.append(start.square)  # (a jump in the air landed)
        footing = start
        for order in orders:
            after = self.follow(seat, footing, order)
            if isinstance(order, Step) and after.square != footing.square:
                direction = heading(footing.facing, order.way)
                square = footing.square
                while square != after.square:
                    there = rules.board.geometry.step(square, direction)
                    assert there is not None
                    path.append(there)
                    square = there
            elif isinstance(order, Jump | Hop) and after.square != footing.square:
                path.append(after.square)
            footing = after
        return path, footing

    def carry_out_orders(self, decision: MovementOrders) -> None:
        """Every fighter's orders, carried out together (J-RT-04..08); clashes by ruling J-RT-06 (`resolve_clashes`)."""
        rules = self.game
        rt = self.rt
        assert rt is not None and rt.initiative is not None
        rank = {seat: index for index, seat in enumerate(rt.initiative.order)}
        paths: dict[int, list[Square]] = {}
        ends: dict[int, Footing] = {}
        players = rules.state.players
        for seat, player in enumerate(players):
            square = player.square
            if square is None or player.status is not _IN_PLAY:
                continue
            if seat in decision.opened:
                orders = decision.orders.get(seat, [])
                paths[seat], ends[seat] = self._path(seat, decision.opened[seat], orders)
                if orders:
                    said = ", ".join(map(order_text, orders))
                    rules.emit(_MOVED, f"{rules.name(seat)} orders: {said}", player=seat)
            else:
                paths[seat] = [square]
        reached = resolve_clashes(paths, {seat: rank.get(seat, len(rank)) for seat in paths})
        for seat, footing in ends.items():
            player = players[seat]
            fighter = rt.fighters[seat]
            path = paths[seat]
            index = reached[seat]
            facing = footing.facing
            markers = player.markers.of(RealTimeMarkers)
            if markers.facing is not facing:
                markers.facing = facing
            # (each field written only when it changes: a write to a model is dear, and most stay as they were)
            if index < len(path) - 1:  # stopped short by a clash: what his orders had left him is lost
                points, progress = 0, None
                rules.emit(
                    _MOVED,
                    f"{player.name} is stopped at {path[index]}: another fighter takes {path[index + 1]}",
                    player=seat,
                    square=path[index],
                )
            else:
                points, progress = footing.points, footing.progress
            if fighter.points != points:
                put(fighter, "points", points)
            if fighter.progress is not progress:
                put(fighter, "progress", progress)
            to = path[index]
            if index or fighter.entered:
                put(fighter, "entered", path[1 : index + 1])
            if fighter.arrived is not bool(index):
                put(fighter, "arrived", bool(index))
            if to != player.square:
                put(player, "square", to)
                rules.emit(
                    _MOVED,
                    f"{player.name} moves to {to}, facing {_FACING_NAMES[facing]} ({points} points left)",
                    player=seat,
                    square=to,
                    amount=points,
                )
            progress_at = to if progress is not None else None
            if fighter.progress_at != progress_at:
                put(fighter, "progress_at", progress_at)
            if progress is not None and progress.motion is _MOTION_STEP:
                done = progress.done
                rules.emit(
                    _MOVED,
                    f"{player.name} is {done.numerator}/{done.denominator} of the way to {progress.to}",
                    player=seat,
                    square=to,
                )
        put(rt, "stage", _STAGE_POWER_UPS)
        put(rt, "queue", [seat for seat in rt.initiative.order if seat in ends])

    # -- Power-ups ---------------------------------------------------------------------------------------

    def _power_up_next(self, rt: RealTime) -> bool:
        """In initiative order, the squares each fighter entered act as in Frag (`Moving.enter`: a power-up checked
        once a turn, acid, a Western beast), then he may pick up what lies where he stands. Whether it may have
        changed what Speeds depend on (a fighter done with his squares, asked to pick up or not, changes nothing)."""
        rules = self.game
        if not rt.queue:
            return self._ask_attacks(rt)
        seat = rt.queue[0]
        fighter = rt.fighters[seat]
        if not rules.on_board(seat):
            fighter.entered = []
        if fighter.entered:
            square = fighter.entered.pop(0)
            rules.state.turn.active = seat
            rules.enter(seat, square)
            rules.state.turn.phase = _PHASE_ACTION
            return True
        rt.queue.pop(0)
        if fighter.arrived and rules.on_board(seat) and self.pick_ups(seat):
            rules.state.turn.active = seat
            rules.push(PickUpStep(player=seat))
        return False

    def pick_ups(self, seat: int) -> list[Action]:
        """What `seat` may take from his square now (F-FRAG-03; keep-away's flag, J-TAG-03)."""
        rules = self.game
        here = rules.player(seat).square
        found: list[Action] = [
            PickUp(counter=c.id) for c in rules.state.counters if c.square == here and rules.can_pick_up(seat, c)
        ]
        found.extend(action for action in rules.scoring().actions(rules, seat) if isinstance(action, TakeFlag))
        return found

    def pick_up(self, seat: int, action: Action) -> None:
        rules = self.game
        if isinstance(action, PickUp):
            rules.pick_up(seat, action.counter)
        elif isinstance(action, TakeFlag):
            rules.scoring().act(rules, seat, action)

    # -- Combat (J-RT-10) ---------------------------------------------------------------------------------

    def combat_options(self, seat: int) -> list[Action]:
        """What `seat` may announce in a Combat step: an attack (Frag's offer: in sight, in reach, a weapon he may
        declare; J-RT-10's one a segment), a Weapon, Gadget or Special card played, or the flag put down."""
        rules = self.game
        found: list[Action] = []
        rules._offer_attacks(seat, [], found)
        if not self._fighter(seat).tally.attacked:
            found.extend(rules.card_plays(seat))
        found.extend(action for action in rules.scoring().actions(rules, seat) if isinstance(action, DropFlag))
        return found

    def _ask_attacks(self, rt: RealTime) -> bool:
        """The Combat step opens: everyone's offers worked out, those with any asked to announce. Whether it may
        have changed what Speeds depend on: only when nobody may announce anything and the segment closes (asking
        changes nothing)."""
        rules = self.game
        assert rt.initiative is not None
        rt.stage = _STAGE_COMBAT
        with rules.reading():  # (nothing changes while everyone's offers are worked out: effects gathered once)
            fighters = rt.fighters  # (`_moving`, read here)
            offers = {
                seat: self.combat_options(seat)
                for seat in rt.initiative.order
                if not fighters[seat].skipping and rules.on_board(seat)
            }
        fighting = [seat for seat, options in offers.items() if options]
        if not fighting:
            self._close_segment(rt)
            return True
        rules.state.turn.active = fighting[0]
        decision = CombatOrders(player=fighting[0], fighting=fighting)
        self._offers = (decision, offers)
        rules.push(decision)
        return False

    def announcements(self, decision: CombatOrders, seat: int) -> list[Action]:
        """What `seat` may announce in the Combat step `decision` (`combat_options`, worked out once a step)."""
        known, offers = self._offers
        if known is not decision or seat not in offers:
            self._offers = (decision, offers if known is decision else {})
            self._offers[1][seat] = self.combat_options(seat)
        return self._offers[1][seat]

    def announce(self, decision: CombatOrders) -> None:
        """Every announcement is in: shown, and made in initiative order (`attack_order`)."""
        rules = self.game
        rt = self.rt
        assert rt is not None and rt.initiative is not None
        acting = [seat for seat, action in decision.chosen.items() if not isinstance(action, Pass)]
        order = attack_order(acting, rt.initiative)
        rt.announcers = list(order)
        rt.announced = [Announced(seat=seat, action=decision.chosen[seat]) for seat in order]
        known, offers = self._offers
        self._announced = (rt.announced, offers) if known is decision else None
        for seat in decision.fighting:
            action = decision.chosen.get(seat)
            holds = action is None or isinstance(action, Pass)
            said = "holds fire" if holds else f"announces {rules.in_words(action)}"  # type: ignore[arg-type]
            kind = _PASSED if holds else _INITIATIVE
            rules.emit(kind, f"{rules.name(seat)} {said}", player=seat)

    def _combat_next(self, rt: RealTime) -> bool:
        """The next announcement carried out, or the segment closed. Whether it may have changed what Speeds depend
        on (an announcement lapsed, an attack held or its target asked to shoot first change nothing)."""
        rules = self.game
        if not rt.announced:
            self._close_segment(rt)
            return True
        item = rt.announced[0]
        seat, action = item.seat, item.action
        rules.state.turn.active = seat
        if not rules.on_board(seat):
            rt.announced.pop(0)
            lapses = f"{rules.name(seat)} is out of play: their {rules.in_words(action)} lapses"
            rules.emit(_PASSED, lapses, player=seat)
            return False
        if isinstance(action, Attack):
            return self._attack(rt, item)
        rt.announced.pop(0)
        if isinstance(action, PlayCard) and action in rules.card_plays(seat):
            if rules.card(action.card).kind in (CardKind.WEAPON, CardKind.GADGET):
                tally = rt.fighters[seat].tally
                rt.fighters[seat].tally = tally.model_copy(update={"activated": True})
            rules.play_card(seat, action)
        elif isinstance(action, DropFlag) and action in rules.scoring().actions(rules, seat):
            rules.scoring().act(rules, seat, action)
        else:
            rules.emit(_PASSED, f"{rules.name(seat)} can no longer {rules.in_words(action)}", player=seat)
        return True

    def _step_offers(self, rt: RealTime, item: Announced) -> dict[int, list[Action]] | None:
        """The Combat step's offers (`combat_options` of each fighter in it) while they still hold: `item` is the
        first announcement to be carried out and its target has not been asked to shoot first (nothing but the
        announcements being shown has happened since the offers were worked out). None once anything may have
        changed (an attack made, a card played, an announcement lapsed), or after a load or an undo."""
        announced = self._announced
        if (
            announced is None
            or announced[0] is not rt.announced
            or item.asked
            or len(rt.announced) != len(rt.announcers)
            or rt.announced[0] is not item
        ):
            return None
        return announced[1]

    def _attack(self, rt: RealTime, item: Announced) -> bool:
        """An announced attack, in its place: its target may shoot first (J-RT-10); then it is made if it still
        may be (the attacker on the board, the target in sight and reach). Whether it may have changed what Speeds
        depend on (only an attack made)."""
        rules = self.game
        seat, action = item.seat, item.action
        assert isinstance(action, Attack) and rt.initiative is not None
        offers = self._step_offers(rt, item)
        offered = None if offers is None else offers.get(seat)
        if offered is None:  # (its attacks are the Attacks of his `combat_options`, in the same order)
            offered = []
            with rules.reading():  # (nothing changes while his offer is worked out)
                rules._offer_attacks(seat, [], offered)
        if action not in offered:
            rt.announced.pop(0)
            rules.emit(
                _PASSED,
                f"{rules.name(seat)} holds fire: {rules.name(action.target)} is no longer a target for it",
                player=seat,
            )
            return False
        target = action.target
        if not item.asked:
            item.asked = True
            tally = rt.fighters[target].tally
            announced = target in rt.announcers
            if (
                self._moving(target)
                and may_answer_first(target, seat, rt.initiative, tally, announced=announced)
                and self._may_answer(target, seat, offers)
            ):
                rules.state.turn.active = target
                rules.push(AnswerFirst(player=target, attacker=seat))
                return False
        rt.announced.pop(0)
        rules.attack(seat, target, action.weapon, whip=action.whip)
        return True

    def _may_answer(self, seat: int, attacker: int, offers: dict[int, list[Action]] | None) -> bool:
        """Whether `seat` has an attack on `attacker` now (`answers`), read in the step's offers while they hold."""
        offered = None if offers is None else offers.get(seat)
        if offered is None:
            return bool(self.answers(seat, attacker))
        return any(isinstance(action, Attack) and action.target == attacker for action in offered)

    def answers(self, seat: int, attacker: int) -> list[Action]:
        """The attacks `seat` may make on `attacker` now (J-RT-10: his one attack of the segment)."""
        found: list[Action] = []
        with self.game.reading():  # (nothing changes while his offer is worked out)
            self.game._offer_attacks(seat, [], found)
        return [action for action in found if isinstance(action, Attack) and action.target == attacker]

    def answer(self, seat: int, attacker: int, action: Action) -> None:
        rules = self.game
        if isinstance(action, Attack):
            rules.emit(CommonEventKind.ATTACKED, f"{rules.name(seat)} shoots first!", player=seat, other=attacker)
            rules.attack(seat, action.target, action.weapon, whip=action.whip)
        else:
            rules.emit(CommonEventKind.PASSED, f"{rules.name(seat)} lets {rules.name(attacker)} shoot", player=seat)

    # -- the end of a segment and of the turn ----------------------------------------------------------------

    def _close_segment(self, rt: RealTime) -> None:
        """J-RT-08: points unused are lost; a jump not landed by its last segment falls short (ruling J-RT-06).
        Frag Tag's Keep-Away and King of the Hill score at the end of every segment (J-TAG-03/04, ruling)."""
        rules = self.game
        for seat in rules.seats():
            fighter = rt.fighters[seat]
            # (each field written only when it changes: a write to a model is dear, and most stay as they were)
            tally = fighter.tally
            if tally.attacked or tally.activated:
                put(fighter, "tally", tally.next_segment())
            if fighter.entered:
                put(fighter, "entered", [])
            if fighter.arrived:
                put(fighter, "arrived", False)
            if not rules.on_board(seat) or fighter.skipping:
                if fighter.points:
                    fighter.points = 0
                if fighter.progress is not None or fighter.progress_at is not None:
                    fighter.progress, fighter.progress_at = None, None
                continue
            if fighter.points:
                put(fighter, "points", 0)
            player = rules.state.players[seat]
            if fighter.progress is None and player.markers.of(RealTimeMarkers).facing is not None:
                if fighter.progress_at is not None:
                    fighter.progress_at = None
                continue  # (no move under way: closing his footing changes nothing but his points)
            footing, _ = close_segment(self._footing(seat), rt.segment)
            if footing.square != player.square and rules.occupant(footing.square, besides=seat) is None:
                player.square = footing.square
                rules.emit(CommonEventKind.MOVED, f"{player.name}'s jump falls short at {footing.square}", player=seat)
            progress = footing.progress
            if fighter.progress is not progress:
                fighter.progress = progress
            progress_at = player.square if progress is not None else None
            if fighter.progress_at != progress_at:
                fighter.progress_at = progress_at
        winner = rules.scoring().on_turn_end(rules, rules.state.turn.active)
        if winner is not None:
            rules.win(winner)
            return
        if rt.segment < SEGMENTS:
            self._open_segment(rt, rt.segment + 1)
            return
        rt.stage = _STAGE_END
        rt.queue = [seat for seat in rules.seats() if len(rules.player(seat).hand) > rules.hand_limit(seat)]

    def _end_next(self, rt: RealTime) -> None:
        rules = self.game
        if rt.queue:
            seat = rt.queue.pop(0)
            if len(rules.player(seat).hand) > rules.hand_limit(seat):
                rules.state.turn.active = seat
                rules.push(HandLimit(player=seat))
            return
        rules.emit(_TURN_ENDED, f"Turn {rules.state.turn.number} ends")
        self._new_turn()

    def discard(self, seat: int, card: str) -> bool:
        """`seat` discards `card` (F-CARD-03); True once his hand is down to his limit."""
        rules = self.game
        rules.discard_from_hand(seat, card)
        return len(rules.player(seat).hand) <= rules.hand_limit(seat)

    # -- promises (the random-game harness) --------------------------------------------------------------------

    def broken_promise(self) -> str | None:
        """A Movement step opens with every fighter on a square of his own (the clashes were ruled, J-RT-06); no
        fighter has made more than one attack in a segment (J-RT-10) nor has points in a segment beyond its
        entry of his spread and what a card gave; the segment is one of ten."""
        rt = self.rt
        if rt is None:
            return None
        rules = self.game
        if not 0 <= rt.segment <= SEGMENTS:
            return f"segment {rt.segment} of a turn of {SEGMENTS}"
        state = rules.state
        if state.pending and isinstance(state.pending[-1], MovementOrders):
            squares = [p.square for p in state.players if p.status is Status.IN_PLAY and p.square is not None]
            if len(squares) != len(set(squares)):
                return f"segment {rt.segment} opens with two fighters on one square: {squares}"
        for seat, fighter in enumerate(rt.fighters):
            if fighter.points < 0 or any(points < 0 for points in fighter.spread):
                return f"{rules.name(seat)} has negative movement points: {fighter.points}, {fighter.spread}"
            if fighter.tally.attacks_left < 0:
                return f"{rules.name(seat)} has {fighter.tally.attacks_left} attacks left"
        return None

    # -- what everyone sees --------------------------------------------------------------------------------

    def table(self, me: int | None) -> RealTimeView | None:
        """The segment clock, the initiative and every fighter's part, for the view (`PlayerView.table`)."""
        rt = self.rt
        if rt is None:
            return None
        rules = self.game
        initiative = rt.initiative
        clocks = []
        for seat, fighter in enumerate(rt.fighters):
            progress = fighter.progress
            clocks.append(
                FighterClock(
                    facing=rules.player(seat).markers.of(RealTimeMarkers).facing,
                    speed_roll=fighter.speed_roll,
                    spread=fighter.spread,
                    points=fighter.points,
                    moving=None if progress is None else str(progress),
                    part_way=None if progress is None else f"{progress.done.numerator}/{progress.done.denominator}",
                    toward=None if progress is None else progress.to,
                    attacks_left=fighter.tally.attacks_left,
                    attacked=fighter.tally.attacked,
                    skipping=fighter.skipping,
                    initiative=None if initiative is None else initiative.value(seat),
                )
            )
        return RealTimeView(
            segment=rt.segment,
            stage=rt.stage.value,
            order=() if initiative is None else initiative.order,
            fighters=tuple(clocks),
        )
