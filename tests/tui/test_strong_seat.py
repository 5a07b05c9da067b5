"""A seat of the set-up screen may be played by the strong computer (issue 34): the seat's kind steps from a
person to the computer to "computer (strong)", and the table seats the searching player there."""

from __future__ import annotations

from textual.pilot import Pilot

from fragtui.bots.designs import own_design
from fragtui.bots.strong import StrongBot
from fragtui.content.library import new_game
from fragtui.engine.config import make_config
from fragtui.engine.frag.design import FighterDesign, Stat, all_designs
from fragtui.table import Table
from fragtui.tui.frag.seat_editor import DEFAULT_DESIGN, DesignEditor
from fragtui.tui.seats import default_look
from fragtui.tui.setup import NewGameScreen
from fragtui.tui.setup_kit import Stepper
from tests.tui.test_setup_screen import LARGE, Host, message, only_result, screen_of


async def seat_kinds(app: Host, pilot: Pilot[None]) -> tuple[NewGameScreen, list[Stepper]]:
    """The set-up screen once drawn, and each seat's kind stepper."""
    await pilot.pause()
    screen = screen_of(app)
    return screen, list(screen.query(".seat-kind").results(Stepper))


async def test_a_seat_steps_through_human_computer_and_the_strong_computer() -> None:
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        _, kinds = await seat_kinds(app, pilot)
        kinds[1].focus()
        await pilot.press("right")
        await pilot.pause()
        assert kinds[1].value_text.strip() == "computer"
        kinds[2].focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert kinds[2].value_text.strip() == "computer (strong)"
        kinds[3].focus()
        await pilot.press("left")  # from a person, back round to the strong computer
        await pilot.pause()
        assert kinds[3].value_text.strip() == "computer (strong)"
        await pilot.press("right")  # and on to a person
        await pilot.pause()
        assert kinds[3].value_text.strip() == "human"
        await pilot.press("enter")
        await pilot.pause()
    looks = only_result(app).looks
    assert [(look.computer, look.bot) for look in looks] == [
        (False, None),
        (True, None),
        (True, "strong"),
        (False, None),
    ]


def test_the_table_seats_the_strong_bot_where_the_look_says() -> None:
    design = all_designs()[0]
    config = make_config(map="pocket", seats=[{"name": n, "fighter": design} for n in ("Ann", "Bob", "Cat")])
    looks = [default_look(0), default_look(1).model_copy(update={"computer": True})]
    looks.append(default_look(2).model_copy(update={"computer": True, "bot": "strong"}))
    table = Table(new_game(config, 3), looks)
    assert table.bots[1].name == "heuristic"
    assert isinstance(table.bots[2], StrongBot)
    assert "bot" not in looks[1].model_dump_json(), "a default computer seat is written as before"


async def test_the_strong_computer_designs_its_own_fighter_when_it_takes_a_seat() -> None:
    """Stepped to "computer (strong)", a seat's stats become the design the strong bot plays (`own_design`), the
    screen says so, and the host may still change them; the plain computer plays the design it is given."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        screen, kinds = await seat_kinds(app, pilot)
        kinds[1].focus()
        await pilot.press("right")  # the plain computer: the design as it was
        await pilot.pause()
        assert "designs its own fighter" not in message(app)
        kinds[2].focus()
        await pilot.press("right", "right")
        await pilot.pause()
        assert "Cat's computer (strong) designs its own fighter: Health 2, Speed 2, Accuracy 3" in message(app)
        kinds[3].focus()
        await pilot.press("left")
        await pilot.pause()
        editor = screen.seat_rows[3].editor(DesignEditor)
        assert editor is not None
        editor.stat_stepper(Stat.SPEED).focus()  # the host moves a point from Speed to Health
        await pilot.press("left")
        editor.stat_stepper(Stat.HEALTH).focus()
        await pilot.press("right")
        await pilot.pause()
        assert "designs its own fighter" not in message(app)
        await pilot.press("enter")
        await pilot.pause()
    seats = only_result(app).config.seats
    mine = own_design("frag", {})
    assert mine == FighterDesign(health=2, speed=2, accuracy=3)
    assert [seat.fighter for seat in seats] == [
        DEFAULT_DESIGN,
        DEFAULT_DESIGN,
        mine,
        FighterDesign(health=3, speed=1, accuracy=3),
    ]


async def test_the_strong_computer_designs_again_when_the_mode_changes_unless_the_host_changed_its_stats() -> None:
    """The strong design depends on the mode (`own_design`: A Turn To Frag has its own). A seat still holding the
    computer's design follows the mode, and the screen says so; a seat whose stats the host changed keeps them; a
    mode whose design is the same says nothing."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        screen, kinds = await seat_kinds(app, pilot)
        for at in (2, 3):
            kinds[at].focus()
            await pilot.press("left")  # from a person, round to the strong computer
        await pilot.pause()
        host_changed = screen.seat_rows[3].editor(DesignEditor)
        assert host_changed is not None
        host_changed.stat_stepper(Stat.ACCURACY).focus()  # the host moves a point from Accuracy to Speed on Dan's
        await pilot.press("left")
        host_changed.stat_stepper(Stat.SPEED).focus()
        await pilot.press("right")
        await pilot.pause()
        objective = screen.rules.option("objective")
        screen._set_option(objective, "turn-to-frag")
        await pilot.pause()
        turn_to_frag = own_design("frag", {"objective": "turn-to-frag"})
        assert turn_to_frag == FighterDesign(health=4, speed=2, accuracy=1) != own_design("frag", {})
        said = message(app)
        assert "Cat's computer (strong) designs its own fighter: Health 4, Speed 2, Accuracy 1" in said
        assert "other computer" not in said  # Dan's stats are the host's now
        screen._set_option(objective, "king-of-the-hill")  # plain Frag's design again: Cat's follows
        await pilot.pause()
        assert "Cat's computer (strong) designs its own fighter: Health 2, Speed 2, Accuracy 3" in message(app)
        screen._set_option(objective, "keep-away")  # the same design there: nothing to say
        await pilot.pause()
        assert "designs its own fighter" not in message(app)
        await pilot.press("enter")
        await pilot.pause()
    config = only_result(app).config
    assert config.options == {"objective": "keep-away"}
    assert [seat.fighter for seat in config.seats][2:] == [
        own_design("frag", {"objective": "keep-away"}),
        FighterDesign(health=2, speed=3, accuracy=2),
    ]


async def test_every_strong_seat_still_at_its_design_follows_the_mode_and_the_screen_counts_the_others() -> None:
    """Three strong seats at their design: a new mode designs each again, and the hint words the first and counts
    the other two."""
    app = Host()
    async with app.run_test(size=LARGE) as pilot:
        screen, kinds = await seat_kinds(app, pilot)
        for at in (1, 2, 3):
            kinds[at].focus()
            await pilot.press("left")  # from a person, round to the strong computer
        await pilot.pause()
        screen._set_option(screen.rules.option("objective"), "turn-to-frag")
        await pilot.pause()
        assert (
            "Bob's computer (strong) designs its own fighter: Health 4, Speed 2, Accuracy 1, the design that won most "
            "in self-play (and 2 other computers likewise); change it if you like"
        ) in message(app)
        designs = [row.editor(DesignEditor) for row in screen.seat_rows]
        assert [editor.value for editor in designs if editor is not None] == [
            DEFAULT_DESIGN,
            *[own_design("frag", {"objective": "turn-to-frag"})] * 3,
        ]
