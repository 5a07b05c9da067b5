"""Frag Deadlands in the interface's words (no screen): record sheets with the fighter's abilities and markers,
cards with suit and rank and malfunction, the Deadlands actions as menu lines. Base Frag's words unchanged."""

from __future__ import annotations

from rich.style import Style

from fragtui.engine.board import Square
from fragtui.engine.cards import CardDef, CardKind, Malfunction, MalfunctionKind
from fragtui.engine.deadlands.actions import Cheat, ChooseSquare, HoldAttack, Keep
from fragtui.engine.frag.actions import Attack, DrawFrom
from fragtui.engine.rulesets import find_ruleset
from fragtui.saves.looks import default_look
from fragtui.tui.frag.describe import (
    action_label,
    card_line,
    card_summary,
    discard_tops,
    malfunction_words,
    record_sheet,
    scoreboard,
)
from fragtui.tui.pieces import HANGED, HELD, fighter_marks
from tests.conftest import game_from
from tests.tui.deadlands import west

ROSTER = find_ruleset("deadlands").roster()
LOOKS = [default_look(n) for n in range(3)]


def test_the_record_sheet_names_the_fighter_and_prints_his_abilities() -> None:
    """D-FTR-02: the Agency Operative's sheet: his name, drawback, Cheatin', gear and starting weapon by name."""
    game = west()
    sheet = record_sheet(game.view(0), 0, game.cards, LOOKS[0], ROSTER).plain
    assert sheet.startswith("@ Ann, Agency Operative — on the board\n")
    assert "Drawback: Federal budget limits: a hand limit of 4 cards, not 5." in sheet
    assert "Cheatin': On any revolver or Gatling pistol attack" in sheet
    assert "Gear: Gatling Pistol: 3 dice of damage, unlimited ammo." in sheet
    assert "hand 3 (limit 4)" in sheet, "D-FTR-02: the Operative's hand limit"
    damage = next(g.damage for g in game.view(0).fighters[0].guns if g.weapon == "pistol")
    assert f"Weapons: Gatling Pistol ({damage} dice, ammo ∞)" in sheet  # the rules' dice, the roster's name


def test_the_record_sheet_and_scoreboard_show_held_attacks_and_the_gallows() -> None:
    """D-SHOOT-01 (a marker shows a held attack), D-GAL-01 (a hanged fighter)."""
    game = west()
    view = game.view(None)
    bob = record_sheet(view, 1, game.cards, LOOKS[1], ROSTER).plain
    assert "Huckster" in bob and "▲ holds an attack for a shootout" in bob
    cat = record_sheet(view, 2, game.cards, LOOKS[2], ROSTER).plain
    assert "▲ hanged on the gallows: untouchable, starts there next turn" in cat
    lines = scoreboard(view, LOOKS).plain.splitlines()
    assert lines[0].endswith("3,8") and lines[1].endswith(" held") and lines[2].endswith(" hanged")


def test_a_frag_sheet_is_as_it_was() -> None:
    """No roster, no character: the sheet prints Frag's Pistol and nothing of Deadlands."""
    game = game_from('map = "pocket"\n[[fighter]]\nname = "Ann"\nat = "2,4"\n[[fighter]]\nname = "Bob"\nat = "2,8"\n')
    sheet = record_sheet(game.view(0), 0, game.cards, LOOKS[0], ROSTER).plain
    assert sheet.startswith("@ Ann — on the board\n") and "Weapons: Pistol (ammo ∞)" in sheet
    assert "Frags 0/3 · blood 0 · hand 0\n" in sheet, "Frag's hand limit is not printed"
    assert "Drawback" not in sheet and "▲" not in sheet
    assert discard_tops(game.view(0), game.cards).plain == ""


def test_cards_show_suit_and_rank_family_and_malfunction() -> None:
    """D-CARD-03 (every card a suit and rank, or a joker), D-CARD-05 (the malfunction rule printed)."""
    game = west()
    gun = card_line(game.cards, "six-gun#1")
    assert gun.plain == (
        "10♥ Six-Gun (revolver, 2 dice, ammo 6, malfunction on a 1 (damage dice): jams for the turn)"
        " — A trusty revolver."
    )
    assert any("#d75f5f" in str(span.style) for span in gun.spans), "hearts are red"
    assert card_line(game.cards, "lucky-charm#1").plain == "A♠ Lucky Charm ([A])"
    assert card_line(game.cards, "joker#1").plain == "Joker", "a joker called Joker is said once"


def test_every_malfunction_in_words() -> None:
    """D-CARD-05: each kind of malfunction a weapon card may print."""
    said = {
        kind: malfunction_words(Malfunction(kind=kind, amount=2, ones=1 if kind is not MalfunctionKind.BREAK else 2))
        for kind in MalfunctionKind
    }
    assert said == {
        MalfunctionKind.JAM: "malfunction on a 1 (damage dice): jams for the turn",
        MalfunctionKind.EMPTY: "malfunction on a 1 (damage dice): loses 2 ammo",
        MalfunctionKind.BREAK: "malfunction on 2 ones (damage dice): breaks",
        MalfunctionKind.BACKFIRE: "malfunction on a 1 (damage dice): backfires, 2 Health",
        MalfunctionKind.DUD: "malfunction on a 1 (damage dice): a dud, no damage",
    }
    plain = CardDef(id="colt", deck="weapons", kind=CardKind.WEAPON, name="Colt", damage=2)
    assert card_summary(plain) == "2 dice, unlimited ammo", "no malfunction, no family: as Frag prints it"


def test_the_discard_piles_show_their_top_cards_by_suit_and_rank() -> None:
    game = west()
    game.state.decks.discard["gadgets"].append("lucky-charm#1")
    game.state.players[0].hand.remove("lucky-charm#1")
    tops = discard_tops(game.view(0), game.cards).plain
    assert "Discard piles, top card:" in tops
    assert "Gadgets: A♠ Lucky Charm ([A]) (1)" in tops and "Weapons: empty" in tops


def test_the_deadlands_actions_in_words() -> None:
    """D-SHOOT-01 (hold), D-FTR-04 (the Huckster's Cheatin'), D-CARD-03/04 (draw from a deck, keep one),
    D-GAL-01 (the gallows square), and the Operative's Gatling Pistol named in an attack."""
    game = west()
    view, cards = game.view(0), game.cards
    assert action_label(HoldAttack(), view, cards, ROSTER) == "Hold an attack for a shootout"
    assert action_label(Attack(target=1, weapon="pistol"), view, cards, ROSTER) == "Attack Bob with Gatling Pistol"
    assert action_label(Attack(target=1, weapon="pistol"), view, cards) == "Attack Bob with Gatling Pistol", (
        "the rules name the starting weapon in the view (WeaponView.name): no roster needed"
    )
    assert action_label(Keep(card="six-gun#1"), view, cards, ROSTER) == "Keep 10♥ Six-Gun"
    assert action_label(Attack(target=1, weapon="six-gun#1"), view, cards, ROSTER) == "Attack Bob with 10♥ Six-Gun", (
        "a weapon card by its corner too: the Gunslinger's Revolver and a Revolver card are told apart"
    )
    left = view.deck_sizes["weapons"]
    assert action_label(DrawFrom(deck="weapons"), view, cards, ROSTER) == f"Draw from Weapons ({left} left)"
    assert action_label(ChooseSquare(to=Square(14, 14)), view, cards, ROSTER) == "Choose the square 14,14"
    bob = game.view(1).model_copy(update={"decider": 1})
    cheat = Cheat(cards=("six-gun#1", "lucky-charm#1"))
    assert action_label(cheat, bob, cards, ROSTER) == (
        "Cheat (Huckster): discard 10♥ Six-Gun and A♠ Lucky Charm for the top card of the hex discard pile"
    )


def test_the_map_marks_held_attacks_and_hanged_fighters() -> None:
    """D-SHOOT-01 (the marker on the map), D-GAL-01."""
    game = west()
    marks = fighter_marks(game.view(None), LOOKS)
    ann, bob, cat = marks[(3, 8)], marks[(3, 12)], marks[(14, 14)]
    assert not ann.style.underline and ann.style.bgcolor is None
    assert bob.style.underline and bob.style == bob.style + HELD
    assert cat.style.bgcolor == HANGED.bgcolor
    assert isinstance(cat.style, Style)
