"""A dos de Chameau's lessons and its position notation, against the rules written out
here rather than asked of the engine: a card counts only empty spaces, a camel never goes
beyond space 36, a mirage sends back only another player's camel on the path, the caravan
leader lands just in front of the most advanced camel outside the oasis, the sandstorm
gives every player its twelve cards back, and oasis spaces 31 to 36 score 1 to 6."""

from __future__ import annotations

import json

import pytest

from camelcade.core.errors import StateError
from camelcade.core.learn import check, course
from camelcade.games.a_dos_de_chameau.notation import position_state

from .helpers import game

COURSE = course("a-dos-de-chameau")
GAME = game(2)
POINTS = {31: 1, 32: 2, 33: 3, 34: 4, 35: 5, 36: 6}
"""The rulebook's table of the oasis spaces' points."""


def _occupied(lesson_id: str) -> set[int]:
    state = COURSE.lesson(lesson_id).start()
    return {s for seat in (0, 1) for s in state.camels(seat) if s != 0}


def _forward(start: int, palms: int, occupied: set[int]) -> int:
    """Where a camel lands counting only empty spaces, by hand."""
    space = start
    while palms:
        space += 1
        if space not in occupied:
            palms -= 1
    return space


def _back(start: int, palms: int, occupied: set[int]) -> int:
    space = start
    while palms and space > 0:
        space -= 1
        if space not in occupied:
            palms -= 1
    return max(space, 0)


def _said(lesson_id: str, move: str | None = None) -> str:
    lesson = COURSE.lesson(lesson_id)
    verdict = check(lesson, lesson.start(), move or lesson.moves[0])
    assert verdict.kind == ("right" if move is None else "weaker"), verdict.text
    return verdict.text


def test_the_course_covers_cards_mirages_the_leader_the_storm_and_the_oasis() -> None:
    rules = [lesson.rule for lesson in COURSE.lessons]
    assert rules == ["Oasis cards: count only empty spaces", "The caravan leader",
                     "Mirage cards", "The sandstorm", "A camel enters the oasis exactly",
                     "The end: the oasis is full"]
    assert COURSE.first_game.level == "easy" and COURSE.first_game.advisor


def test_an_oasis_card_skips_the_occupied_spaces() -> None:
    occupied = _occupied("oasis-card")
    assert _forward(10, 3, occupied) == 15  # 11 and 12 are Yellow's: 13, 14, 15
    assert "skips the 2 spaces with a camel and lands on space 15" in _said("oasis-card")
    weaker = _said("oasis-card", "oasis2 10")
    assert f"no further than space {_forward(10, 2, occupied)};" in weaker
    assert "oasis 3 on your camel on space 10 takes one to space 15." in weaker
    mirage = _said("oasis-card", "mirage1 12")
    assert mirage.split(". ", 1)[1].startswith("A mirage moves another player's camel back")


def test_the_leader_lands_in_front_of_the_leading_camel_outside_the_oasis() -> None:
    state = COURSE.lesson("leader").start()
    outside = [s for seat in (0, 1) for s in state.camels(seat) if 0 < s < 31]
    assert max(outside) == 28  # Yellow's camel on 31 is in the oasis and does not lead
    assert "from the town to space 29, just in front of Yellow's camel on space 28: " \
           "29 spaces with one card." in _said("leader")
    assert "forward by 24 spaces; the caravan leader on your camel in the town brings " \
           "one forward by 29." in _said("leader", "leader 5")
    assert "forward by 4 spaces" in _said("leader", "oasis4 5")


def test_a_mirage_counts_empty_spaces_backwards() -> None:
    occupied = _occupied("mirage")
    assert _back(25, 3, occupied) == 21  # 23 is Red's: 24, 22, 21
    assert _back(10, 3, occupied) == 7
    said = _said("mirage")
    assert "from space 25 to space 21, 4 spaces for a card of 3 palms" in said
    assert "goes back by 3; mirage 3 on Yellow's camel on space 25 sets Yellow back by 4." \
           in _said("mirage", "mirage3 10")
    assert _said("mirage", "oasis1 23").split(". ", 1)[1].startswith(
        "Only a mirage sends a camel back")
    state = COURSE.lesson("mirage").start()
    assert "mirage3 31" not in {str(a) for a in state.legal_actions()}  # the oasis is safe


def test_the_sandstorm_gives_back_all_twelve_cards() -> None:
    state = COURSE.lesson("sandstorm").start()
    assert state.pile_size(0) == 0
    assert sum(card.startswith("oasis") for card in state.discards(0)) == 7
    assert "gathers all 12 of their cards" in _said("sandstorm")
    assert "your 7 oasis cards are back" in _said("sandstorm")
    assert "It sets Yellow back by 3, but your pile stays empty" in _said(
        "sandstorm", "mirage2 29")
    after = state.child(state.check_action("storm"))
    while after.is_chance():
        after = after.child(after.chance_outcomes()[0][0])
    assert after.discards(0) == [] and after.pile_size(0) == 9 and len(after.hand(0)) == 3


def test_a_camel_enters_the_oasis_exactly() -> None:
    occupied = _occupied("oasis-exactly")
    empty_ahead = [s for s in range(33, 37) if s not in occupied]
    assert empty_ahead == [34, 35]
    state = COURSE.lesson("oasis-exactly").start()
    assert "oasis4 32" not in {str(a) for a in state.legal_actions()}
    said = _said("oasis-exactly")
    assert f"to space 35, worth {POINTS[35]} points at the end. Only 2 empty spaces" in said
    weaker = _said("oasis-exactly", "oasis1 32")
    assert f"score {POINTS[34]} points in the oasis; oasis 2 on your camel on space 32 " \
           f"gives {POINTS[35]}." in weaker


def test_filling_the_oasis_ends_the_game_and_scores_the_spaces() -> None:
    state = COURSE.lesson("oasis-full").start()
    after = state.child(state.check_action("oasis1 30"))
    assert after.is_terminal()
    mine = sum(POINTS[s] for s in after.camels(0))
    theirs = sum(POINTS[s] for s in after.camels(1))
    assert (mine, theirs) == (14, 7)
    assert f"your camels score {mine} points, Yellow's {theirs}. You win." in _said(
        "oasis-full")
    weaker = _said("oasis-full", "oasis1 33")
    assert "oasis space 33 is free again" in weaker and "would score 11 points" in weaker


def test_an_empty_position_is_a_game_after_the_deal() -> None:
    state = position_state(GAME, "{}")
    assert not state.is_chance() and state.current_player == 0
    assert [len(state.hand(seat)) for seat in (0, 1)] == [3, 3]
    assert [state.pile_size(seat) for seat in (0, 1)] == [9, 9]


def test_the_piles_left_out_hold_the_cards_neither_in_hand_nor_played() -> None:
    text = json.dumps({"hands": [["oasis4", "storm", "leader"], ["oasis1", "oasis1", "oasis2"]],
                       "discards": [["oasis1", "oasis1"], []]})
    state = position_state(GAME, text)
    pile = state.pile(0)
    assert "oasis4" not in pile and "storm" not in pile and "oasis1" not in pile
    assert len(pile) == 12 - 3 - 2


@pytest.mark.parametrize(("text", "named"), [
    ("{", "not one line of JSON"),
    ('{"camel": []}', "a JSON object of the fields"),
    ('{"camels": [[0, 0], [0, 0, 0]]}', "camels of seat 0"),
    ('{"camels": [[5, 0, 0], [5, 0, 0]]}', "two camels on space 5"),
    ('{"hands": [["oasis4", "oasis4", "oasis4"], []]}', "seat 0"),
])
def test_a_bad_position_says_what_is_wrong(text: str, named: str) -> None:
    with pytest.raises(StateError, match=named):
        position_state(GAME, text)
