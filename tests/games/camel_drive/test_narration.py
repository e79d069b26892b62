"""Every scoring step told item by item, in the rules' order, and why every tie went the way
it did (narration.py)."""

from __future__ import annotations

import random
import re
from typing import Any

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.games.camel_drive.state import CamelDriveState

from .helpers import game, open_race, play, position


def _winning_card(players: int = 4, **fields: Any) -> tuple[CamelDriveState, list[str]]:
    """Sprint with Blue (camel 3) out first and Green (camel 2, on 14) to win with a 1: the
    lines everyone hears of that card, and the state after it. Red stands on 12 (furthest
    of the rest), Yellow on 9, unless ``fields`` say otherwise."""
    base: dict[str, Any] = dict(phase="sprint", positions=[12, 9, 14, 15], first=3,
                                bets=[0, 0, 0, 0], turn=2)
    base.update(fields)
    state = play(position(players, **base), "draw")
    lines = state.describe_action("card 1").splitlines()
    play(state, "card 1")
    assert isinstance(state, CamelDriveState)
    return state, lines


def test_the_race_is_scored_item_by_item_in_the_rules_order() -> None:
    state, lines = _winning_card(bets=[2, 2, 0, 1], scores=[3, 4, 5, 6])
    assert lines == [
        "Green reveals a 1 and comes home second.",
        "Green wins race 1: +5.",
        "Red is furthest along of the rest, on field 12: +2.",
        "Yellow is further back: +1.",
        "Blue came home first: nothing for placing.",
        "2 stones backed Green: +3 each to Red and Yellow.",
        "Green and Blue backed other camels: nothing won, nothing lost.",
        "Race 1 in all: Red +5, Yellow +4, Green +5, Blue +0.",
        "No colour has 30 points yet: race 2 follows, Yellow in lane 1.",
    ]
    assert state.last_race is not None and state.last_race["gains"] == [5, 4, 5, 0]


def test_the_told_points_add_up_to_what_the_rules_gave() -> None:
    """Over whole games, the +N of every placing and bet line sums to each camel's gain."""
    rng = random.Random(5)
    checked = 0
    for players in (2, 4, 5):
        state = game(players, target_score=15, track_length=9).new_state()
        while not state.is_terminal():
            action = sample_chance(state, rng) if state.is_chance() else \
                rng.choice(state.legal_actions())
            race = state.race  # type: ignore[attr-defined]
            lines = state.describe_action(action).splitlines()
            state.apply(action)
            last = state.last_race  # type: ignore[attr-defined]
            if last is None or last["race"] != race or not any("in all" in line for line in lines):
                continue
            told = [0] * state.camels  # type: ignore[attr-defined]
            names = ["Red", "Yellow", "Green", "Blue", "White", "Black"]
            for line in lines[1:]:
                if "in all" in line:
                    break
                found = re.search(r"\+(\d+)", line)
                if found is None:
                    continue
                head, _, tail = line.partition(":")
                who = tail if " to " in tail else head
                for camel, name in enumerate(names[:len(told)]):
                    if re.search(rf"\b{name}\b", who):
                        told[camel] += int(found[1])
            assert told == last["gains"], lines
            checked += 1
    assert checked >= 6  # every race of three whole matches


def test_ties_among_the_furthest_along_all_score() -> None:
    _, lines = _winning_card(positions=[12, 12, 14, 15])
    assert "Red and Yellow are furthest along of the rest, on field 12: +2 each." in lines


def test_no_stone_on_the_winner_is_said() -> None:
    _, lines = _winning_card(bets=[0, 0, 0, 0])
    assert "No stone backed Green." in lines
    assert "Red, Yellow, Green and Blue backed other camels: nothing won, nothing lost." in lines


def test_the_listener_hears_their_own_camels_as_theirs() -> None:
    state = play(position(phase="sprint", positions=[12, 9, 14, 15], first=3,
                          bets=[2, 2, 0, 1], turn=2), "draw")
    lines = state.describe_action("card 1", 2).splitlines()
    assert lines[:2] == ["You reveal a 1: Green comes home second.",
                         "You win race 1 with Green: +5."]
    assert "Green (yours) and Blue backed other camels: nothing won, nothing lost." in lines


def test_the_end_of_the_match_names_the_winner_and_the_final_points() -> None:
    state, lines = _winning_card(scores=[29, 5, 0, 0])
    assert lines[-3:] == [
        "Red has 30 points or more: the match ends.",
        "Red wins the match with 31 points.",
        "Final points: Red 31, Yellow 6, Green 5, Blue 0.",
    ]
    assert state.describe(0).splitlines() == ["You win the match with 31 points.",
                                              "Final points: you 31, Yellow 6, Green 5, Blue 0."]


def test_a_tie_on_unused_interjections_says_so_with_the_counts() -> None:
    state, lines = _winning_card(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1],
                                 interjections=[1, 2, 0, 0])
    assert state.ranking()[:2] == [[1], [0]]
    assert lines[-3:] == [
        "Yellow wins the match with 30 points.",
        "Yellow is ahead of Red on unused interjections: 2 to 1.",
        "Final points: Yellow 30, Red 30, Green 5, Blue 0.",
    ]
    assert "You are ahead of Red on unused interjections: 2 to 1." in state.describe(1)
    assert "Yellow is ahead of you on unused interjections: 2 to 1." in state.describe(0)


def test_a_lower_tie_is_explained_too() -> None:
    state, _ = _winning_card(scores=[29, 1, 0, 3], bets=[0, 0, 0, 0], positions=[9, 12, 14, 15],
                             interjections=[0, 0, 2, 3])
    # Red 29+1=30 wins; Yellow 1+2=3 and Blue 3+0 = 3 tie below Green (0+5).
    assert state.returns() == [30.0, 3.0, 5.0, 3.0]
    assert "Blue is ahead of Yellow on unused interjections: 3 to 0." in state.describe()


def test_a_shared_win_says_every_tie_break_is_level() -> None:
    state, lines = _winning_card(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1],
                                 interjections=[2, 2, 0, 0])
    assert state.winners() == [0, 1]
    assert "Red and Yellow share the win with 30 points." in lines
    assert ("Red and Yellow are level on points and on every tie-break that applies, so they "
            "share the win.") in lines
    assert "You and Yellow share the win with 30 points." in state.describe(0)


def test_a_team_tie_goes_to_the_better_single_camel() -> None:
    state, lines = _winning_card(2, scores=[21, 11, 25, 5], bets=[1, 1, 1, 1])
    assert state.returns() == [35.0, 35.0] and state.winners() == [1]
    assert ("Team Green and Blue is ahead of Team Red and Yellow on the better single camel: "
            "Green has 30 points, Red 23.") in lines
    assert "Final points: Team Green and Blue 35 (Green 30, Blue 5); Team Red and Yellow 35 " \
           "(Red 23, Yellow 12)." in lines
    assert ("You are ahead of Team Red and Yellow on the better single camel: Green has 30 "
            "points, Red 23.") in state.describe(1)


def _tie_race() -> tuple[cc.State, list[str]]:
    state, lines = _winning_card(scores=[28, 29, 0, 0], bets=[1, 1, 1, 1],
                                 interjections=[1, 2, 0, 0], tie_race=True)
    assert state.phase == "tie-race"
    return state, lines


def test_a_tie_race_is_announced_and_its_end_explained() -> None:
    state, lines = _tie_race()
    assert lines[-2] == "Red and Yellow have 30 points or more: the match ends once the tie " \
                        "is settled."
    assert lines[-1] == ("Red and Yellow are level at the top: a tie race decides, without "
                         "interjections or bets, Yellow in lane 1.")
    assert state.describe().splitlines()[:2] == [
        "Yellow's turn: the opening double move.",
        "Tie race to field 15 between Yellow and Red: no interjections or bets; after a full "
        "round the furthest past the finish wins.",
    ]
    open_race(state, (3, 3), (3, 3))
    for yellow, red in ((3, 2), (2, 2), (1, 1), (1, 2)):
        play(state, "draw", f"card {yellow}", "draw", f"card {red}")  # Y 13, R 13
    play(state, "draw")
    assert state.describe_action("card 2") == ("Yellow reveals a 2 and moves to field 15, "
                                               "0 past the finish.")
    play(state, "card 2", "draw")
    lines = state.describe_action("card 3", 0).splitlines()
    assert lines == [
        "You reveal a 3: Red moves to field 16, 1 past the finish.",
        "Red (yours) is furthest past the finish, 1 past.",
        "You win the match with 30 points.",
        "You won the tie race against Yellow.",
        "Final points: you 30, Yellow 30, Green 5, Blue 0.",
    ]


def test_a_level_tie_race_is_run_again_and_says_so() -> None:
    state, _ = _tie_race()
    open_race(state, (3, 3), (3, 3))
    for value in (3, 2, 2, 1):
        play(state, "draw", f"card {value}", "draw", f"card {value}")
    play(state, "draw", "card 1", "draw")
    assert state.describe_action("card 1").splitlines() == [
        "Red reveals a 1 and moves to field 15, 0 past the finish.",
        "Yellow and Red are furthest past the finish, 0 past.",
        "Red and Yellow are still level: another tie race, Red in lane 1.",
    ]
