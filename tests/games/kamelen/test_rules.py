"""One test per rule of shared/rules/kamelen.md, named after the rule."""

from __future__ import annotations

import pytest

import camelcade as cc
from camelcade.games.kamelen.geometry import colour_of
from camelcade.games.kamelen.spec import (
    END_CONQUEST,
    END_ELIMINATION,
    END_NO_CAPTURE,
    END_PASSES,
    END_REPETITION,
)
from tests.games.kamelen.helpers import (
    SOUTH_STUCK,
    START,
    STUCK,
    game,
    legal,
    position,
    square,
    targets,
)

# A South camel able to reach f11 (a2, light) and a North one able to reach f1 (k10, light):
# without them the game would already be over by elimination.
BACKGROUND = {"a2": "C", "k10": "c"}



# -- board and setup -------------------------------------------------------------------------


@pytest.mark.parametrize(("board", "ranks"), [("11x11", 11), ("11x12", 12), ("11x13", 13)])
def test_board_has_11_files_and_11_12_or_13_ranks(board: str, ranks: int) -> None:
    geo = game(board=board).geometry
    assert geo.ranks == ranks and geo.size == 11 * ranks
    assert geo.square(f"k{ranks}") == 11 * ranks - 1
    assert geo.square(f"a{ranks + 1}") is None and geo.square("l1") is None


def test_board_option_rejects_other_sizes() -> None:
    with pytest.raises(cc.OptionError, match="11x12"):
        game(board="11x14")


@pytest.mark.parametrize("board", ["11x11", "11x12", "11x13"])
def test_setup_is_the_proposed_layout_mirrored_for_north(board: str) -> None:
    state = game(board=board).new_state()
    assert state.position() == START[board]
    counts = {code: state.board.count(code) for code in (1, 2, 3, 4, 5)}
    assert counts == {1: 8, 2: 10, 3: 8, 4: 10, 5: 6}
    geo = state.geometry
    for sq in range(geo.size):
        code = state.piece(sq)
        if code in (1, 2):
            assert state.piece(geo.mirror(sq)) == code + 2


@pytest.mark.parametrize(("board", "rocks"), [
    ("11x11", "a6 c6 e6 g6 i6 k6"),
    ("11x12", "a6 e6 i6 c7 g7 k7"),
    ("11x13", "a7 c7 e7 g7 i7 k7"),
])
def test_rocks_stand_where_the_board_size_puts_them(board: str, rocks: str) -> None:
    state = game(board=board).new_state()
    assert sorted(sq for sq in range(state.geometry.size) if state.piece(sq) == 5) == \
        sorted(square(name) for name in rocks.split())


@pytest.mark.parametrize(("board", "north_home"), [("11x11", "f11"), ("11x12", "f12"),
                                                   ("11x13", "f13")])
def test_home_fields_are_f1_and_f_last_rank(board: str, north_home: str) -> None:
    assert game(board=board).geometry.homes == (square("f1"), square(north_home))


def test_south_seat_0_moves_first() -> None:
    state = game().new_state()
    assert state.current_player == 0
    assert all(str(a)[:2] in {"a3", "b2", "c3", "d2", "e3", "g3", "h2", "i3", "j2", "k3"}
               for a in state.legal_actions())


# -- movement --------------------------------------------------------------------------------


def test_camel_moves_two_orthogonal_then_one_diagonal_outward() -> None:
    state = position({"d4": "C", **BACKGROUND})
    assert targets(state, "d4") == {"c7", "e7", "c1", "e1", "g5", "g3", "a5", "a3"}


def test_camel_leap_is_blocked_by_either_square_it_passes() -> None:
    first = position({"d4": "C", "d5": "d", **BACKGROUND})
    second = position({"d4": "C", "d6": "D", **BACKGROUND})
    for state in (first, second):
        assert targets(state, "d4") == {"c1", "e1", "g5", "g3", "a5", "a3"}


def test_camel_leap_is_not_blocked_by_squares_it_does_not_pass() -> None:
    state = position({"d4": "C", "e5": "d", "c5": "D", "c6": "#", **BACKGROUND})
    assert {"c7", "e7"} <= targets(state, "d4")


def test_dromedary_moves_two_diagonal_then_one_orthogonal_outward() -> None:
    # the other two of its eight leaps, to i6 and c6, end on rocks
    state = position({"f4": "D", **BACKGROUND})
    assert targets(state, "f4") == {"h7", "d7", "i2", "h1", "c2", "d1"}


def test_dromedary_leap_is_blocked_by_either_square_it_passes() -> None:
    for blocker in ("g5", "h6"):
        state = position({"f4": "D", blocker: "c", **BACKGROUND})
        assert targets(state, "f4") == {"d7", "i2", "h1", "c2", "d1"}


def test_rocks_block_and_cannot_be_entered() -> None:
    # f4 -> i6 and c6 would end on rocks; a camel on a4 going north would pass a5 and a6
    state = position({"f4": "D", "a4": "C", "k10": "c", "c10": "C"})
    assert not {"i6", "c6"} & targets(state, "f4")
    assert targets(state, "a4") == {"b1", "d5", "d3"}  # north passes a5, a6: a rock


def test_an_animal_never_ends_on_its_own_side() -> None:
    state = position({"d4": "C", "c7": "D", "e7": "C", **BACKGROUND})
    assert not {"c7", "e7"} & targets(state, "d4")


def test_one_animal_per_square_capture_removes_the_enemy() -> None:
    state = position({"d4": "C", "c7": "d", **BACKGROUND})
    state.apply("d4-c7")
    assert state.piece(square("c7")) == 1 and state.piece(square("d4")) == 0
    assert state.board.count(4) == 0


def test_capture_is_optional() -> None:
    state = position({"d4": "C", "c7": "d", **BACKGROUND})
    assert "d4-c7" in legal(state) and len(targets(state, "d4")) == 8


def test_camels_keep_their_square_colour_and_dromedaries_change_it() -> None:
    state = position({"d4": "C", "f4": "D", **BACKGROUND})
    for target in targets(state, "d4"):
        assert colour_of(square(target)) == colour_of(square("d4"))
    for target in targets(state, "f4"):
        assert colour_of(square(target)) != colour_of(square("f4"))


def test_third_step_any_option_lets_the_leap_bend_back() -> None:
    state = position({"d4": "C", "f4": "D", **BACKGROUND}, third_step="any")
    bent_camel = {"c5", "e5", "c3", "e3"}  # (1,1) after two straight steps
    assert bent_camel <= targets(state, "d4")
    assert {"h5", "d5", "h3", "d3", "g2", "e2"} <= targets(state, "f4")  # (1,2) leaps
    outward = position({"d4": "C", **BACKGROUND})
    assert not bent_camel & targets(outward, "d4")


# -- winning ---------------------------------------------------------------------------------


def test_home_conquest_by_a_camel_wins_double() -> None:
    state = position({"e8": "C", **BACKGROUND})
    state.apply("e8-f11")
    assert state.is_terminal() and state.end_reason == END_CONQUEST
    assert state.returns() == [2.0, 0.0] and state.winners() == [0]


def test_north_conquers_f1_too() -> None:
    state = position({"e4": "c", **BACKGROUND}, side="n")
    state.apply("e4-f1")
    assert state.returns() == [0.0, 2.0] and state.winners() == [1]


def test_a_dromedary_on_the_enemy_home_field_does_not_win() -> None:
    state = position({"c9": "D", **BACKGROUND})
    state.apply("c9-f11")
    assert not state.is_terminal() and state.current_player == 1


def test_the_own_home_field_is_an_ordinary_square() -> None:
    state = position({"c2": "C", "f1": "d", **BACKGROUND})
    state.apply("c2-f1")  # capturing on one's own home field is allowed, and no win
    assert not state.is_terminal() and state.piece(square("f1")) == 1
    state = position({"e4": "C", **BACKGROUND})
    state.apply("e4-f1")  # nor does standing there win or lose anything
    assert not state.is_terminal() and state.current_player == 1


def test_capturing_the_last_camel_able_to_reach_your_home_wins_single() -> None:
    state = position({"i7": "D", "c10": "c", **BACKGROUND})
    state.apply("i7-k10")  # k10 is light like f1: North still has c10 (light)
    assert not state.is_terminal() and state.attackers(1) == 1
    state = position({"i7": "D", "b10": "c", **BACKGROUND})
    state.apply("i7-k10")  # b10 is dark: it never threatened f1
    assert state.end_reason == END_ELIMINATION and state.returns() == [1.0, 0.0]
    assert state.winners() == [0]


def test_capturing_camels_of_the_other_colour_does_not_win() -> None:
    state = position({"h7": "D", "j10": "c", **BACKGROUND})
    state.apply("h7-j10")  # j10 is dark: that camel could never reach f1 (light)
    assert not state.is_terminal() and state.attackers(1) == 1


def test_reachable_camels_are_computed_by_colour_for_each_board() -> None:
    for board, south, north in (("11x11", "c2 e2 g2 i2", "c10 e10 g10 i10"),
                                ("11x12", "b2 d2 h2 j2", "b11 d11 h11 j11"),
                                ("11x13", "c2 e2 g2 i2", "c12 e12 g12 i12")):
        state = game(board=board).new_state()
        geo = state.geometry
        for seat, names in ((0, south), (1, north)):
            able = {sq for sq in range(geo.size)
                    if geo.attacker(seat, state.piece(sq), sq)}
            assert able == {square(n) for n in names.split()}
            assert state.attackers(seat) == 4


def test_a_conquest_that_also_takes_the_last_reachable_camel_scores_two() -> None:
    state = position({"e8": "C", "f11": "c", "b10": "c", "a2": "C"})
    state.apply("e8-f11")
    assert state.end_reason == END_CONQUEST and state.returns() == [2.0, 0.0]


# -- draws -----------------------------------------------------------------------------------


def test_pass_only_when_no_move_exists() -> None:
    state = game().state_from_position(SOUTH_STUCK + " s 0 0")
    assert legal(state) == ["pass"]
    state.apply("pass")
    assert state.current_player == 1 and not state.is_terminal()
    assert "pass" not in legal(state)
    with pytest.raises(cc.IllegalActionError, match="may not pass"):
        state.apply("pass")


def test_two_passes_in_a_row_draw() -> None:
    state = game().state_from_position(STUCK + " s 0 0")
    state.apply("pass")
    assert legal(state) == ["pass"]
    state.apply("pass")
    assert state.end_reason == END_PASSES
    assert state.returns() == [0.5, 0.5] and state.ranking() == [[0, 1]]


def test_threefold_repetition_draws() -> None:
    state = game().new_state()
    shuffle = ["a3-d5", "a9-d7", "d5-a3", "d7-a9"]
    for text in shuffle:
        state.apply(text)
    assert not state.is_terminal() and state.repetitions() == 2
    for text in shuffle[:-1]:
        state.apply(text)
    assert not state.is_terminal()
    state.apply(shuffle[-1])
    assert state.end_reason == END_REPETITION and state.returns() == [0.5, 0.5]


def test_no_capture_limit_draws_after_that_many_plies() -> None:
    state = game(no_capture_limit=3).new_state()
    for text in ["a3-d5", "a9-d7", "d5-a3"]:
        assert not state.is_terminal()
        state.apply(text)
    assert state.end_reason == END_NO_CAPTURE and state.returns() == [0.5, 0.5]


def test_no_capture_limit_defaults_to_100_and_0_turns_it_off() -> None:
    assert game().option("no_capture_limit") == 100
    assert position({"d4": "C", **BACKGROUND}, clock=100).end_reason == END_NO_CAPTURE
    assert not position({"d4": "C", **BACKGROUND}, clock=99).is_terminal()
    assert not position({"d4": "C", **BACKGROUND}, clock=5000,
                        no_capture_limit=0).is_terminal()


def test_a_capture_resets_the_no_capture_clock() -> None:
    state = position({"d4": "C", "c7": "d", "e1": "d", **BACKGROUND}, clock=99)
    state.apply("d4-c7")
    assert state.clock == 0 and not state.is_terminal()
    state = position({"d4": "C", "c7": "d", "e1": "d", **BACKGROUND}, clock=99)
    state.apply("d4-g5")
    assert state.end_reason == END_NO_CAPTURE


def test_a_pass_counts_toward_the_no_capture_clock() -> None:
    state = game().state_from_position(SOUTH_STUCK + " s 7 0")
    state.apply("pass")
    assert state.clock == 8


def test_a_win_on_the_last_ply_before_the_limit_is_still_a_win() -> None:
    state = position({"e8": "C", **BACKGROUND}, clock=99)
    state.apply("e8-f11")
    assert state.end_reason == END_CONQUEST


def test_moves_after_the_end_are_refused() -> None:
    state = position({"e8": "C", **BACKGROUND})
    state.apply("e8-f11")
    assert state.legal_actions() == []
    with pytest.raises(cc.GameOverError):
        state.apply("k10-j7")


# -- ranking ---------------------------------------------------------------------------------


def test_ranking_a_home_conquest_puts_the_conqueror_first() -> None:
    state = position({"e4": "c", **BACKGROUND}, side="n")
    state.apply("e4-f1")
    assert state.ranking() == [[1], [0]] and state.winners() == [1]


def test_ranking_a_camel_elimination_puts_the_eliminator_first() -> None:
    state = position({"i7": "D", **BACKGROUND})
    state.apply("i7-k10")
    assert state.end_reason == END_ELIMINATION
    assert state.ranking() == [[0], [1]] and state.winners() == [0]


@pytest.mark.parametrize("end", [END_PASSES, END_REPETITION, END_NO_CAPTURE])
def test_ranking_every_draw_ranks_both_sides_together(end: str) -> None:
    """A draw has no tie-break: both seats share the first place (``winners() == [0, 1]``),
    and each side gets half a point."""
    if end == END_PASSES:
        state = game().state_from_position(STUCK + " s 0 0")
        moves = ["pass", "pass"]
    elif end == END_REPETITION:
        state = game().new_state()
        moves = ["a3-d5", "a9-d7", "d5-a3", "d7-a9"] * 2
    else:
        state = game(no_capture_limit=2).new_state()
        moves = ["a3-d5", "a9-d7"]
    for text in moves:
        state.apply(text)
    assert state.end_reason == end
    assert state.ranking() == [[0, 1]] and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5]
