"""Every option of the rules file's Options table, with its default and its limits."""

from __future__ import annotations

import pytest

import camelcade as cc

from .helpers import game, play, position


def test_defaults_of_the_options_table() -> None:
    assert game().options == {"players": 4, "track_length": 15, "interjections": 3,
                              "target_score": 30, "tie_race": False,
                              "start_rotation": "player"}


@pytest.mark.parametrize(("option", "value", "allowed"), [
    ("track_length", 7, "8 to 30"),
    ("track_length", 31, "8 to 30"),
    ("interjections", 6, "0 to 5"),
    ("target_score", 4, "5 to 100"),
    ("target_score", 101, "5 to 100"),
    ("tie_race", "maybe", "true or false"),
    ("start_rotation", "seat", "'player' or 'camel'"),
])
def test_bad_option_values_raise_option_error_saying_what_is_allowed(
    option: str, value: object, allowed: str
) -> None:
    with pytest.raises(cc.OptionError, match=f"{option}.*{allowed}"):
        game(**{option: value})


@pytest.mark.parametrize("players", [1, 7])
def test_two_to_six_players(players: int) -> None:
    with pytest.raises(cc.OptionError, match="2 to 6"):
        game(players)


def test_unknown_options_are_refused() -> None:
    with pytest.raises(cc.OptionError, match="its options are"):
        game(lanes=4)


def test_options_accept_text_from_the_command_line() -> None:
    the_game = game(track_length="12", tie_race="yes", interjections="0")
    assert the_game.option("track_length") == 12
    assert the_game.option("tie_race") is True
    assert the_game.option("interjections") == 0


def test_track_length_sets_the_finish() -> None:
    state = play(position(positions=[9, 0, 0, 0], track_length=10), "draw", "card 1")
    assert state.first_finisher == 0 and state.position(0) == 10


def test_no_interjections_means_card_moves_only() -> None:
    state = position(positions=[4, 5, 6, 7], interjections=0)
    assert [str(a) for a in state.legal_actions()] == ["draw"]


def test_a_first_release_record_without_start_rotation_replays_as_it_was_played() -> None:
    """Records made before rules version 2 lack ``start_rotation``; they rotated per camel."""
    from pathlib import Path

    import camelcade as cc
    from tests.golden_support import position_digest, read_moves

    path = Path(__file__).resolve().parents[2] / "golden" / "camel-drive" / "players2-seed3.moves"
    golden = read_moves(path.read_text(encoding="utf-8"))
    options = dict(golden.game.options)
    assert options.pop("start_rotation") == "camel"
    record = cc.Record(game="camel-drive", options=options, players=["a", "b"],
                       actions=[action for action, _ in golden.steps])
    state = cc.replay(record)
    assert state.game.option("start_rotation") == "camel"
    assert position_digest(state) == golden.steps[-1][1]
