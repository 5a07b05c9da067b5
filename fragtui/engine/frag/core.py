"""The table the rules of Frag are played on: state, board, cards, dice, and the small moves of play.

`Core` holds what every rule needs and the primitives they share — roll dice and record them, say
what happened, draw and discard cards (reshuffling an empty deck, F-CARD-01) — and the effect
pipeline: `effect_sources` gathers every effect that reaches a fighter (his cards in play, the shared
cards of others, and the abilities and options a ruleset adds through `ability_effects` and
`option_effects`), and his stats (multiply first, then add: F-META-03), flags, sure hits, armor,
triggers and shields are all read from it (`fragtui.engine.frag.effects`). The rules
themselves live beside it, one module per part of the game (`turns`, `moving`, `combat`,
`leftovers`, `playing`), and `fragtui.engine.game.Game` puts them together.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import ClassVar

from fragtui.engine.board import Board, Square
from fragtui.engine.cards import (
    PISTOL,
    PISTOL_DAMAGE,
    Armor,
    CardDef,
    CardKind,
    CardSet,
    Flag,
    FlagName,
    Modify,
    ModStat,
    Outcome,
    Scope,
    Sure,
    TriggerOn,
)
from fragtui.engine.events import CommonEventKind
from fragtui.engine.frag.decisions import LastChance
from fragtui.engine.frag.effects import EffectSource, Origin, Pile
from fragtui.engine.frag.house import ARMOR_BY_NAME, WOUNDS, HouseMarkers
from fragtui.engine.frag.state import FragState, InPlay, Phase, PlayerState, Status
from fragtui.engine.frag.tag import GrantsEffects, scoring_rule
from fragtui.engine.frag.turn_policy import ClassicTurn, TurnPolicy
from fragtui.engine.realtime.turn import RealTimeTurn, real_time_on
from fragtui.engine.rulesets import OptionValue, Ruleset
from fragtui.engine.scoring import ScoringRule
from fragtui.engine.state import GameState, Pending

__all__ = ["Core"]

_Sources = tuple[EffectSource, ...]

_ARMOR_NAME = re.compile(r"\barmor\b", re.IGNORECASE)
"""The word "Armor" in a gadget's name (H-ARMOR-01): not "Armored", not "Armor-Piercing"."""
_ARMOR_TEXT = re.compile(r"^\s*armor\b|\bis (?:an )?armor\b", re.IGNORECASE)
"""A gadget's text saying it is armor (H-ARMOR-01): it opens with "Armor:" or says "is (an) armor"."""

# Enum members read on the hot paths below, kept as module globals: in Python 3.11 a member read off its enum
# (`Status.IN_PLAY`) goes through the enum metaclass's attribute hook, several times dearer than a global.
_SCOPE_ALL = Scope.ALL
_SCOPE_WEAPON = Scope.WEAPON
_IN_PLAY = Status.IN_PLAY
_CARD = Origin.CARD
_HEALTH = ModStat.HEALTH
_SPEED = ModStat.SPEED
_ACCURACY = ModStat.ACCURACY
_ATTACKS = ModStat.ATTACKS
_DAMAGE = ModStat.DAMAGE
_GADGET = CardKind.GADGET


def _piles(player: PlayerState) -> tuple[tuple[Pile, list[InPlay]], ...]:
    """A player's cards in play by pile, in the order their effects are gathered (gadgets, specials, weapons)."""
    return (("gadgets", player.gadgets), ("specials", player.specials), ("weapons", player.weapons))


class Core(Ruleset):
    """The primitives every rule of Frag uses, on the table a `Ruleset` holds (state, board, cards, dice)."""

    state_type = FragState
    state: FragState
    """The game's state: Frag's (`FragState`, its turn record and Frag Tag's objective)."""
    turn_policy_type: ClassVar[type[TurnPolicy]] = ClassicTurn
    """Who acts and what a turn grants (`fragtui.engine.frag.turn_policy`): the rulebook's turn (F-TURN-01).
    A system with another turn structure (Real-Time Frag's segments) names its own policy here and keeps
    every rule of Frag's; each game's rules make one for themselves (`turn_policy`)."""
    turn_policy: TurnPolicy
    """This game's turn policy, made from `turn_policy_class`: every rule asks it whose turn it is and what
    each fighter has left of it, and tells it what was spent."""

    @classmethod
    def turn_policy_class(cls, options: Mapping[str, OptionValue]) -> type[TurnPolicy]:
        """The turn a game with `options` (the configuration's) is played by: Real-Time Frag's ten segments with
        the `real-time` option (J-RT-01..10, `fragtui.engine.realtime.turn`), on whichever chain of Frag's rules
        plays it (Frag, Frag Deadlands: composition, not a subclass); else the ruleset's own, `turn_policy_type`."""
        return RealTimeTurn if real_time_on(options) else cls.turn_policy_type

    def roll_respawn_point(self, seat: int | None, reason: str) -> int:
        """Roll one die until it names a respawn point of the map (faces with none are rolled again)."""
        points = self.board.respawn_points
        while True:
            face = self.roll(1, reason, seat).total
            if face in points:
                return face

    # -- cards ------------------------------------------------------------------------------

    def card(self, instance: str) -> CardDef:
        return self.cards[instance]

    def card_name(self, instance: str) -> str:
        return PISTOL.capitalize() if instance == PISTOL else self.cards[instance].name

    def starting_weapon(self, seat: int) -> tuple[str, int]:
        """(name, damage dice) of the weapon `seat`'s fighter carries when he has no other, the action
        weapon `pistol`: Frag's Pistol, 2 dice, unlimited ammo (F-ATK-03, F-ATK-05). The seam where a
        ruleset of unique fighters gives each his own (Frag Deadlands' Gatling Pistol, D-FTR-01)."""
        return PISTOL.capitalize(), PISTOL_DAMAGE

    def weapon_name(self, seat: int, weapon: str) -> str:
        """What the log calls `weapon` as `seat` fires it: his starting weapon's name for `pistol`."""
        return self.starting_weapon(seat)[0] if weapon == PISTOL else self.card_name(weapon)

    def next_play(self) -> int:
        """Stamp for a card entering play: later cards win contradictions (F-CARD-10)."""
        self.state.plays += 1
        return self.state.plays

    def draw(self, seat: int, deck: str, why: str) -> str | None:
        """Draw the top card of the deck called `deck` into `seat`'s hand (secretly); None if the deck and
        its discard pile are empty. An empty deck is its own discard pile shuffled (F-CARD-01)."""
        words = self.cards.decks[deck]
        pile = self.state.decks.draw[deck]
        if not pile:
            discards = self.state.decks.discard[deck]
            if not discards:
                self.emit(
                    CommonEventKind.DECK_EMPTY, f"The {words.plural} deck and its discard pile are empty: no card"
                )
                return None
            pile.extend(discards)
            discards.clear()
            self.dice.shuffle(pile)
            self.emit(CommonEventKind.SHUFFLED, f"The {words.plural} discard pile is shuffled into a new deck")
        instance = pile.pop(0)
        self.state.players[seat].hand.append(instance)
        name = self.name(seat)
        self.emit(
            CommonEventKind.CARD_DRAWN,
            f"{name} draws a {words.singular} card ({why})",
            player=seat,
            card=instance,
            secret_for=seat,
            private_text=f"{name} draws {self.card_name(instance)} ({why})",
        )
        return instance

    def discard(self, instance: str) -> None:
        """Put a card on the discard pile of the deck it was drawn from (each deck has its own, F-CARD-01)."""
        self.state.decks.discard[self.cards[instance].deck].append(instance)

    def take_from_play(self, seat: int, instance: str) -> InPlay:
        """Remove a card from `seat`'s cards in play and return its record."""
        player = self.state.players[seat]
        for pile in (player.weapons, player.gadgets, player.specials):
            for index, entry in enumerate(pile):
                if entry.card == instance:
                    return pile.pop(index)
        raise KeyError(instance)

    def in_play(self, seat: int) -> Iterator[InPlay]:
        player = self.state.players[seat]
        yield from player.weapons
        yield from player.gadgets
        yield from player.specials

    # -- the effect pipeline: every source of an effect that reaches a fighter ----------------

    def __init__(self, state: GameState, board: Board, cards: CardSet) -> None:
        super().__init__(state, board, cards)
        self.turn_policy = self.turn_policy_class(state.config.options)(self)
        self._scoring = scoring_rule(state.config.options)
        """How this game is won (`scoring`), chosen once: the options never change during a game."""
        self._scoring.prepare(self)
        self._granting = self._scoring if isinstance(self._scoring, GrantsEffects) else None
        """The scoring rule, where it gives fighters effects of its own (`option_effects`)."""
        cls = type(self)
        self._hooked = (
            cls.ability_effects is not Core.ability_effects
            or cls.option_effects is not Core.option_effects
            or self._granting is not None
        )
        """Whether this game grants effects besides cards (base Frag does not: its stats skip the hooks)."""
        self._card_sources: dict[int, tuple[InPlay, int, Pile, _Sources, _Sources]] = {}
        """By the identity of a card in play (kept beside it, with its holder and pile): its effects as
        sources, all of them and those reaching everyone. A card's effects never change while it is in
        play, and every stat asks for them many times an action."""
        self._reading: dict[int, Sequence[EffectSource]] | None = None
        """While `reading`: each fighter's `effect_sources`, gathered once."""
        self._read_modifiers: dict[tuple[int, ModStat, str | None], tuple[int, int]] = {}
        """While `reading`: each `_modifiers` answer, worked out once."""
        self._read_owned: dict[int, tuple[list[EffectSource], list[EffectSource]]] = {}
        """While `reading`: each fighter's cards' effects (`_owned`), gathered once for every seat they reach."""
        self._read_health: dict[int, int] = {}
        """While `reading`: each fighter's `health`, worked out once (a view asks it a dozen times a fighter)."""

    @contextmanager
    def reading(self) -> Iterator[None]:
        """While nothing changes (a view or a forecast being worked out, dozens of stats asked of the same
        state): each fighter's effects are gathered once. Nothing may change the state inside."""
        if self._reading is not None:
            yield  # (already reading: the outer one keeps what it gathered)
            return
        self._reading = {}
        try:
            yield
        finally:
            self._reading = None
            self._read_modifiers.clear()
            self._read_owned.clear()
            self._read_health.clear()

    def ability_effects(self, seat: int) -> Sequence[EffectSource]:
        """The effects `seat`'s fighter's own abilities give him: none in base Frag.

        The hook for Frag Deadlands' unique fighters (hand limit 4, weapon limit = Health, reroll 1s,
        ...): return each as `EffectSource.granted(Origin.ABILITY, seat, name, effect)`. They reach
        him (and everyone, for an effect of `scope = "all"`) exactly as a card in his play area would:
        stats, flags, sure hits, triggers and shields, the forecast and the view all see them. They
        came into force before any card (`played` 0), so a card played overrides them (F-CARD-10).
        """
        return ()

    def option_effects(self, seat: int) -> Sequence[EffectSource]:
        """The effects the game's options and mode give `seat`'s fighter: none in base Frag.

        The hook for Franklin's house rules (`Origin.OPTION`) and Frag Tag's modes (`Origin.MODE`):
        read `self.option_value(...)` and return `EffectSource.granted(origin, seat, option, effect)`
        for each effect the option gives this fighter (a rule for every fighter returns it for each
        seat). Reached, and overridden by cards, as `ability_effects` are.

        Frag Tag's mode gives its own through the scoring rule (`GrantsEffects.effects`: "it"'s +2 on every
        base attribute in There Shall Be Only One, J-TAG-02); a ruleset overriding this adds to those.
        """
        return self._granting.effects(self, seat) if self._granting is not None else ()

    def _sources_of(self, holder: int, pile: Pile, entry: InPlay) -> tuple[_Sources, _Sources]:
        """A card in play's effects as sources: (all of them, those reaching every fighter)."""
        known = self._card_sources.get(id(entry))
        if known is not None and known[0] is entry and known[1] == holder and known[2] == pile:
            return known[3], known[4]
        effects = self.cards[entry.card].effects
        every = tuple(EffectSource(effect, _CARD, holder, entry.card, entry, pile) for effect in effects)
        shared = tuple(source for source in every if getattr(source.effect, "scope", None) is _SCOPE_ALL)
        if len(self._card_sources) > 4096:
            self._card_sources.clear()
        self._card_sources[id(entry)] = (entry, holder, pile, every, shared)
        return every, shared

    def effect_sources(self, seat: int) -> Sequence[EffectSource]:
        """Every effect that reaches `seat`'s fighter, with where it comes from: the one list that stats,
        flags, sure hits, triggers, shields, armor, the forecast and the view read.

        A card in a fighter's play area reaches him, whoever played it there (F-CARD-04); an effect of
        `scope = "all"` in anyone's reaches everyone (F-CARD-09); an effect of `scope = "weapon"` is
        listed with the weapon it is attached to, and only attacks with that weapon count it. His own
        cards come in the order gadgets, specials, weapons (the order shields take their share and
        triggers act), each card's effects in printed order; then the others' shared effects, then his
        abilities and the game's options (`ability_effects`, `option_effects`).
        """
        memo = self._reading
        if memo is None:
            return self._gather(seat)
        found = memo.get(seat)
        if found is None:
            found = memo[seat] = self._gather(seat)
        return found

    def _gather(self, seat: int) -> list[EffectSource]:
        found: list[EffectSource] = []
        owned = self._read_owned if self._reading is not None else None
        for owner, player in enumerate(self.state.players):
            if not (player.weapons or player.gadgets or player.specials):
                continue  # (most fighters, most of the time)
            reach = 0 if owner == seat else 1  # all his own effects; of the others', those reaching everyone
            if owned is not None:  # (while reading, each fighter's cards are gathered once for every seat)
                known = owned.get(owner)
                if known is None:
                    known = owned[owner] = self._owned(owner, player)
                found.extend(known[reach])
                continue
            for pile, entries in _piles(player):
                for entry in entries:
                    found.extend(self._sources_of(owner, pile, entry)[reach])
        if self._hooked:
            abilities, options = self.ability_effects, self.option_effects
            found.extend(abilities(seat))
            found.extend(options(seat))
            # (a loop, not a generator a seat: most seats are granted nothing, and in a mode that grants
            # ("it"'s bonus) this ran for every other seat at every stat asked, a tenth of an Only One game)
            for other in range(len(self.state.players)):
                if other != seat:
                    for source in (*abilities(other), *options(other)):
                        if getattr(source.effect, "scope", None) is _SCOPE_ALL:
                            found.append(source)
        return found

    def _owned(self, owner: int, player: PlayerState) -> tuple[list[EffectSource], list[EffectSource]]:
        """The effects of `owner`'s cards in play, in `_gather`'s order: (all of them, those reaching everyone)."""
        every: list[EffectSource] = []
        shared: list[EffectSource] = []
        for pile, entries in _piles(player):
            for entry in entries:
                mine, ours = self._sources_of(owner, pile, entry)
                every.extend(mine)
                shared.extend(ours)
        return every, shared

    def source_name(self, source: EffectSource) -> str:
        """What the log calls a source: the card's name, or the ability's or option's."""
        card = source.card
        return source.name if card is None else self.card_name(card)

    # -- stats --------------------------------------------------------------------------------

    def _modifiers(self, seat: int, stat: ModStat, weapon: str | None = None) -> tuple[int, int]:
        """(product of multipliers, sum of additions) of the `Modify` effects reaching `seat` (`effect_sources`).

        `weapon`: the weapon being fired, so that the cards attached to it count (`scope = "weapon"`).
        """
        if self._reading is not None:
            key = (seat, stat, weapon)
            known = self._read_modifiers.get(key)
            if known is None:
                known = self._read_modifiers[key] = self._gather_modifiers(seat, stat, weapon)
            return known
        return self._gather_modifiers(seat, stat, weapon)

    def _gather_modifiers(self, seat: int, stat: ModStat, weapon: str | None) -> tuple[int, int]:
        multiply, add = 1, 0
        for source in self.effect_sources(seat):
            effect = source.effect
            if type(effect) is not Modify or effect.stat is not stat:
                continue
            if effect.scope is _SCOPE_WEAPON and (weapon is None or source.attached != weapon):
                continue
            multiply *= effect.multiply
            add += effect.add
        return multiply, add

    def added_since(self, seat: int, stat: ModStat, stamp: int) -> int:
        """What the effects reaching `seat` that came into force after `stamp` add to `stat` (never below 0).

        A lost phase (a stun, a dart) takes away the attacks or movement of a turn as of the moment it
        struck; a card played after it controls over it (F-CARD-10: the last played controls), so
        only the bonuses of later cards are left to him.
        """
        add = 0
        for source in self.effect_sources(seat):
            effect = source.effect
            later = source.played > stamp
            if later and type(effect) is Modify and effect.stat is stat and effect.scope is not Scope.WEAPON:
                add += effect.add
        return max(0, add)

    def modified(self, seat: int, stat: ModStat, base: int, weapon: str | None = None) -> int:
        """`base` changed by the cards in play: multiplied first, then added to (F-META-03); never below 0.

        `weapon`: the weapon being fired, so that cards attached to it count.
        """
        multiply, add = self._modifiers(seat, stat, weapon)
        return max(0, base * multiply + add)

    def has_flag(self, seat: int, flag: FlagName) -> bool:
        """Whether an effect reaching `seat` (a card in his play area) lets him break this rule."""
        player = self.state.players[seat]
        if not self._hooked:
            # A flag reaches only its holder (a `Flag` has no scope: the effects shared with everyone, F-CARD-09,
            # are never flags), so with no abilities or options granting effects his own cards are all there is
            # to look at: not everyone's effects gathered (asked for every fighter in every Combat step).
            if not (player.weapons or player.gadgets or player.specials):
                return False  # (most fighters, most of the time)
            if self._reading is not None:  # (his cards' effects gathered once a reading, as `_gather` keeps them)
                owned = self._read_owned.get(seat)
                if owned is None:
                    owned = self._read_owned[seat] = self._owned(seat, player)
                return any(type(s.effect) is Flag and s.effect.flag is flag for s in owned[0])
            for pile, entries in _piles(player):
                for entry in entries:
                    for s in self._sources_of(seat, pile, entry)[0]:
                        if type(s.effect) is Flag and s.effect.flag is flag:
                            return True
            return False
        return any(type(s.effect) is Flag and s.effect.flag is flag for s in self.effect_sources(seat))

    def flags(self, seat: int) -> tuple[FlagName, ...]:
        """Every rule the effects reaching `seat` let him break, each once, in the order they reach him."""
        found = (s.effect.flag for s in self.effect_sources(seat) if type(s.effect) is Flag)
        return tuple(dict.fromkeys(found))

    def house(self, name: str) -> bool:
        """Whether the house rule `name` (one of `HOUSE_RULES`, fragtui/engine/frag/house.py) is on in this
        game: set so in the configuration (checked against the ruleset's options when it was made), or else
        off, every house rule's default; a ruleset that does not offer it (a test's) plays without it.
        Asked on hot paths (every Health, every attack), so it looks nothing up but the one key."""
        return bool(self.state.config.options.get(name, False))

    def counts_as_armor(self, card: str) -> bool:
        """Whether `card` is a suit of armor for the one-suit rule and burn-through (F-ATK-09): one with an
        armor effect; with H-ARMOR-01 (`armor-by-name`), a gadget whose name has the word "Armor" or
        whose text says it is armor, whatever its effects."""
        definition = self.cards[card]
        if not self.house(ARMOR_BY_NAME):
            return bool(definition.armor)
        if definition.kind is not _GADGET:
            return False
        return bool(_ARMOR_NAME.search(definition.name) or _ARMOR_TEXT.search(definition.text))

    def armor(self, seat: int) -> InPlay | None:
        """The suit of armor the fighter wears, if any (one at a time, F-ATK-09): a gadget of his with
        armor (`counts_as_armor`)."""
        if self.house(ARMOR_BY_NAME):
            return next((e for e in self.state.players[seat].gadgets if self.counts_as_armor(e.card)), None)
        for entry in self.state.players[seat].gadgets:  # (his own gadgets' sources: no other holds a suit)
            for source in self._sources_of(seat, "gadgets", entry)[0]:
                if type(source.effect) is Armor:
                    return entry
        return None

    def suits(self, seat: int) -> list[InPlay]:
        """Every suit of armor the fighter wears, in the order they take damage (the first put on first):
        one at most in Frag (F-ATK-09, `may_enter_play`); Frag Deadlands lets some be worn together
        (D-ARM-01). Health, defence dice and the damage armor takes count them all. With H-ARMOR-01 a
        gadget with an armor bonus that is not armor by its name or text is no suit (`unworn_bonus`)."""
        found = []
        by_name = self.house(ARMOR_BY_NAME)
        for entry in self.state.players[seat].gadgets:
            sources = self._sources_of(seat, "gadgets", entry)[0]
            if any(type(s.effect) is Armor for s in sources) and (not by_name or self.counts_as_armor(entry.card)):
                found.append(entry)
        return found

    def unworn_bonus(self, seat: int) -> int:
        """H-ARMOR-01: the armor bonus of gadgets that are not armor by name or text: plain Health that
        is never burnt through (0 without the house rule, where every such gadget is a suit)."""
        if not self.house(ARMOR_BY_NAME):
            return 0
        bonus = 0
        for entry in self.state.players[seat].gadgets:
            if not self.counts_as_armor(entry.card):
                bonus += self.cards[entry.card].armor
        return bonus

    def wounds(self, seat: int) -> int:
        """H-WOUND-01: his unhealed wounds, those the armor he wears has taken included (its burn-through
        takes them away with it)."""
        return self.state.players[seat].damage + sum(suit.absorbed for suit in self.suits(seat))

    def count_wounds(self, seat: int) -> None:
        """Write his wounds on his fighter (`Markers.wounds`, the record sheet's tokens) after his Health
        changed; nothing without H-WOUND-01."""
        if self.house(WOUNDS):
            fighter = self.state.players[seat]
            fighter.markers.of(HouseMarkers).wounds = self.wounds(seat) if fighter.status is not Status.FRAGGED else 0

    def armor_bonus(self, seat: int) -> int:
        """Health the armor he wears still adds: each suit's bonus less what it has absorbed."""
        bonus = 0
        for suit in self.suits(seat):
            bonus += self.cards[suit.card].armor - suit.absorbed
        return bonus

    def max_health(self, seat: int) -> int:
        """Health with the cards in play, armor's remaining bonus included."""
        player = self.state.players[seat]
        written = self.modified(seat, _HEALTH, player.design.health) + self.unworn_bonus(seat)
        return written + self.armor_bonus(seat)

    def own_health(self, seat: int) -> int:
        """Current Health without the armor's bonus: what a piercing attack takes, and what must stay
        above 0 for the fighter to stay in the game (ruling F-ATK-09, piercing)."""
        player = self.state.players[seat]
        return self.modified(seat, _HEALTH, player.design.health) + self.unworn_bonus(seat) - player.damage

    def health(self, seat: int) -> int:
        """Current Health: defence dice, and how much more he can lose (F-ATK-08, F-ATK-10).

        The armor's remaining bonus counts while the fighter's own Health is above 0; once that is 0 or
        less (a piercing attack takes it past the armor) he is at Health 0 or less, armor or not, and
        its bonus no longer keeps him in the game (ruling F-ATK-09, piercing).

        H-WOUND-01 (`wounds`): written Health plus every bonus, armor's included, less his wounds, as
        one sum: the armor he wears counts however many wounds his own Health has taken.
        """
        if self._reading is not None:
            known = self._read_health.get(seat)
            if known is None:
                known = self._read_health[seat] = self._health(seat)
            return known
        return self._health(seat)

    def _health(self, seat: int) -> int:
        own = self.own_health(seat)
        if own <= 0 and not self.house(WOUNDS):
            return own
        return own + self.armor_bonus(seat)

    def health_words(self, seat: int) -> str:
        """Current Health as the rulebook says it, for the log: `Health 2`, `Health 0`, or at 0 or less
        `Health 0, 7 past it` (never a negative Health)."""
        health = self.health(seat)
        return f"Health {health}" if health >= 0 else f"Health 0, {-health} past it"

    def healths(self) -> dict[int, int]:
        """Every fighter's current Health, to hand to `keep_health` after a card leaves play."""
        return {seat: self.health(seat) for seat in self.seats()}

    def keep_health(self, before: dict[int, int]) -> None:
        """After a card that raised Health leaves play (it runs out, or is dropped): the bonus is
        lost first. Health is capped at the new maximum and never falls by the bonus itself, so
        losing a card never frags anyone (ruling F-CARD-08)."""
        for seat, health in before.items():
            fighter = self.player(seat)
            fighter.damage = min(fighter.damage, max(0, self.max_health(seat) - health))
            self.count_wounds(seat)

    def speed(self, seat: int) -> int:
        return self.modified(seat, _SPEED, self.state.players[seat].design.speed)

    def accuracy(self, seat: int, weapon: str | None = None) -> int:
        """Accuracy, with the cards attached to `weapon` if one is being fired."""
        return self.modified(seat, _ACCURACY, self.state.players[seat].design.accuracy, weapon)

    def attacks_per_turn(self, seat: int) -> int:
        """Half the Accuracy, rounded up (F-ATK-01), changed by cards."""
        return self.modified(seat, _ATTACKS, -(-self.accuracy(seat) // 2))

    def weapon_damage(self, seat: int, weapon: str) -> tuple[int, int]:
        """(damage dice, extra damage) of a weapon fired by `seat`, cards in play included."""
        if weapon == PISTOL:
            base, extra = self.starting_weapon(seat)[1], 0
        else:
            card = self.cards[weapon]
            base, extra = card.damage or 0, card.extra_damage
        return self.modified(seat, _DAMAGE, base, weapon), extra

    def sure(self, attacker: int, target: int) -> Outcome | None:
        """`hit` or `miss` if an effect settles the attack without a roll: a `Sure` on the attacker's
        attacks (`mine`) or on attacks at the target (`me`); the last played wins (F-CARD-10)."""
        latest: tuple[int, Outcome] | None = None
        for seat, against in sorted(((attacker, "mine"), (target, "me"))):
            for source in self.effect_sources(seat):
                effect = source.effect
                if type(effect) is not Sure or effect.against != against or source.holder != seat:
                    continue
                if latest is None or source.played > latest[0]:
                    latest = (source.played, effect.outcome)
        return latest[1] if latest else None

    # -- the board ------------------------------------------------------------------------------

    def player(self, seat: int) -> PlayerState:
        return self.state.players[seat]

    def seats(self) -> range:
        return range(len(self.state.players))

    def occupant(self, square: Square, besides: int | None = None) -> int | None:
        """The seat of a fighter standing on `square` (other than `besides`), if any."""
        for seat, player in enumerate(self.state.players):
            if seat != besides and player.square == square:
                return seat
        return None

    def on_board(self, seat: int) -> bool:
        return self.state.players[seat].status is _IN_PLAY

    def stays_on_board(self, seat: int) -> bool:
        """Whether `seat`'s fighter, out of play, still stands on his square: never in Frag (a fighter
        out of play leaves the board, F-FRAG-01); Frag Deadlands' hanged fighter hangs on his gallows
        square until his next turn (D-GAL-01)."""
        return False

    def fire_triggers(self, seat: int, on: TriggerOn, other: int | None, weapon: str | None = None) -> None:
        """`seat`'s cards whose trigger is `on` act (defined with the attacks, in `Combat`)."""
        raise NotImplementedError

    def push(self, pending: Pending) -> None:
        self.state.pending.append(pending)

    # -- winning ----------------------------------------------------------------------------------

    def scoring(self) -> ScoringRule:
        """How this game is won: the rules ask it at every frag and turn end. The game's `objective`
        option chooses it (fragtui/engine/frag/tag.py): base Frag's frag target (F-WIN-01) by default, or
        one of Frag Tag's modes (J-TAG-01..04); a ruleset with yet another way to win answers its own."""
        return self._scoring

    def begin_turn(self, seat: int) -> None:
        """`seat`'s turn begins (defined with the turn's phases, in `Turns`): asked by a turn policy too."""
        raise NotImplementedError

    def end_last_chances(self, last_chances: list[LastChance]) -> None:
        """The fighters still at their last chance when the game is won fall (defined with the frags, in
        `Combat`): the winning frag ends the game before their own frag comes (ruling F-WIN-01)."""
        raise NotImplementedError

    def may_attack(self, seat: int) -> bool:
        """Whether `seat`'s fighter may attack at all now, with any weapon, in any kind of attack (his turn's,
        a pistol whip, a parting shot, a shootout): always in Frag. The seam where the scoring rule forbids
        it (keep-away's flag is its holder's one weapon, ruling J-TAG-03)."""
        return self._scoring.may_attack(self.state, seat)

    def win(self, seat: int) -> None:
        """`seat` has won, as the scoring rule said: the game is over and nothing waits for an answer."""
        last_chances = [pending for pending in self.state.pending if isinstance(pending, LastChance)]
        self.state.winner = seat
        self.state.turn.phase = Phase.OVER
        self.state.pending.clear()
        self.end_last_chances(last_chances)
        scoring = self.scoring()
        score = scoring.score_of(self.state, seat)
        self.emit(
            CommonEventKind.WON, f"{self.name(seat)} wins with {scoring.score_words(score)}!", player=seat, amount=score
        )
