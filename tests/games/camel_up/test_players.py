"""Setup as chance, player counts, partnerships, the 1st edition and the options."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import FRESH_1, START, game, legal, roll, rolls, setup


def test_setup_racing_dice_come_out_in_random_order_and_stack_on_top() -> None:
    state = game().new_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 15 and all(abs(p - 1 / 15) < 1e-12 for _, p in outcomes)
    state.apply("die red 2")
    state.apply("die blue 2")
    assert state.track() == {2: ["red", "blue"]}
    assert len(state.chance_outcomes()) == 9  # red and blue are out: 3 dice x 3 values
    assert "on top of Blue" in state.describe_action("die green 2")


def test_setup_grey_die_places_a_crazy_camel_then_the_other() -> None:
    state = game().new_state()
    for colour, space in (("blue", 1), ("green", 1), ("yellow", 2), ("red", 3), ("purple", 3)):
        state.apply(f"die {colour} {space}")
    outcomes = dict((str(a), p) for a, p in state.chance_outcomes())
    assert set(outcomes) == {f"die {c} {v}" for c in ("white", "black") for v in (1, 2, 3)}
    assert all(abs(p - 1 / 6) < 1e-12 for p in outcomes.values())
    state.apply("die white 2")  # white on 15
    assert [str(a) for a, _ in state.chance_outcomes()] == ["die black 1", "die black 2",
                                                           "die black 3"]
    state.apply("die black 2")  # black on 15 too: on top
    assert state.track()[15] == ["white", "black"]
    assert state.current_player == 0 and state.phase == "play"


def test_partnerships_with_6_or_more_players_copy_the_best_reward() -> None:
    state = setup(START, players=6)
    assert "partner 3" in legal(state) and "partner 0" not in legal(state)
    state.apply("partner 3")  # seat 0 and seat 3 are partners; 3 cannot refuse
    assert state.partner(0) == 3 and state.partner(3) == 0
    assert {"partner 0", "partner 3"}.isdisjoint(legal(state))  # seat 1's choices
    state.apply("bet red")  # seat 1: red 5, a loss
    state.apply("bet green")  # seat 2: green 5
    assert not any(a.startswith("partner") for a in legal(state))  # seat 3 is taken
    state.apply("bet green")  # seat 3: green 3
    rolls(state, "blue 1", "green 2", "red 1", "white 1", "purple 1")  # seats 4 5 0 1 2
    assert state.camel_order()[:2] == ["green", "blue"]
    # seat 0: pyramid +1, copies seat 3's +3; seat 3: +3, copies seat 0's +1
    assert state.coins() == [3 + 1 + 3, 3 - 1 + 1, 3 + 5 + 1, 3 + 3 + 1, 4, 4]
    assert state.partner(0) is None and state.partner(3) is None  # cards flip back


def test_partnerships_do_not_exist_below_6_players_or_in_the_1st_edition() -> None:
    assert not any(a.startswith("partner") for a in legal(setup(START, players=5)))
    state = setup(FRESH_1, players=8, edition=1)
    assert not any(a.startswith("partner") for a in legal(state))
    with pytest.raises(cc.ActionSyntaxError):
        state.apply("partner 2")


def test_two_players_only_with_the_unofficial_option_in_the_2nd_edition() -> None:
    with pytest.raises(cc.OptionError, match="unofficial_two_player"):
        game(2)
    state = setup(START, players=2, unofficial_two_player=True)
    assert state.game.players == 2
    assert game(2, edition=1).players == 2


@pytest.mark.parametrize(("options", "allowed"), [
    ({"players": 9}, "3 to 8"),
    ({"players": 1}, "3 to 8"),
    ({"edition": 3}, "1 or 2"),
    ({"grey_die_precedence": "random"}, "carrying-first"),
    ({"unofficial_two_player": "maybe"}, "true or false"),
    ({"colour": "red"}, "its options are"),
])
def test_bad_options_name_what_is_allowed(options: dict[str, object], allowed: str) -> None:
    with pytest.raises(cc.OptionError, match=allowed):
        game(**options)  # type: ignore[arg-type]


def test_edition_1_has_five_camels_five_dice_all_rolled_and_no_crazy_camels() -> None:
    state = setup(FRESH_1, players=2, edition=1)
    assert state.pyramid() == ["blue", "green", "orange", "yellow", "white"]
    assert state.ticket_stack("orange") == [5, 3, 2]
    roll(state, "white 3")  # in the 1st edition white is a racing camel moving forward
    assert state.track()[6] == ["white"]
    rolls(state, "blue 1", "green 1", "orange 1")
    assert state.leg == 1 and state.pyramid() == ["yellow"]
    roll(state, "yellow 1")
    assert state.leg == 2


def test_edition_1_desert_tiles_oasis_on_top_and_mirage_underneath() -> None:
    state = setup(FRESH_1, players=3, edition=1)
    assert "tile 5 oasis" in legal(state) and "tile 5 cheer" not in legal(state)
    state.apply("tile 5 oasis")  # seat 0
    state.apply("tile 8 mirage")  # seat 1
    roll(state, "white 2")  # seat 2: white 3 -> 5, oasis: on to 6, seat 0 +1
    assert state.track()[6] == ["white"] and state.coins()[0] == 4
    roll(state, "yellow 3")  # yellow 3 -> 6, onto white
    assert state.track()[6] == ["white", "yellow"]
    roll(state, "green 3")  # green + orange: 2 -> 5: oasis on to 6, on top
    assert state.track()[6] == ["white", "yellow", "green", "orange"]
    roll(state, "orange 2")  # orange: 6 -> 8, mirage back to 7, underneath (empty)
    assert state.track()[7] == ["orange"] and state.coins()[1] == 4
