"""The board of the web app (``web.py``): the path as a list, then the cards; what each
legal action's cells are; and that nothing a seat may not see is ever on its board."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import camelcade as cc
from camelcade.core.chance import sample_chance
from camelcade.core.registry import plugin
from camelcade.games.a_dos_de_chameau.actions import Discard, Play
from camelcade.games.a_dos_de_chameau.web import layout

from .helpers import GAME_ID, game, position


def cells(laid: dict[str, Any]) -> dict[str, str]:
    return {cell["id"]: cell["text"] for row in laid["board"]["rows"] for cell in row["cells"]}


def three_players() -> cc.State:
    return position(
        [[0, 12, 33], [0, 9, 15], [0, 0, 0]],
        ["oasis3 mirage2 leader", "oasis1 storm", "oasis4 mirage1 mirage3"],
        discards=["oasis1 oasis2", "", "mirage2"],
    )


def test_the_manifest_names_the_board_files_and_they_exist() -> None:
    slot = plugin(GAME_ID).web
    assert slot is not None and slot.layout is not None and slot.layout.load() is layout
    from importlib.resources import files

    package = files("camelcade.games.a_dos_de_chameau")
    for path in (slot.board, slot.stylesheet, slot.picture):
        assert path is not None and package.joinpath(path).is_file(), path


def test_the_board_is_a_list_from_the_town_to_the_oasis_then_the_cards() -> None:
    laid = layout(three_players().seen(0))
    board = laid["board"]
    assert board["kind"] == "list"
    assert board["label"] == ("The path: the town, then spaces 1 to 36, the oasis from 31 on; "
                              "then the cards")
    ids = [cell["id"] for row in board["rows"] for cell in row["cells"]]
    assert ids == ["town", *[f"s{n}" for n in range(1, 37)], "hand1", "hand2", "hand3",
                   "seat0", "seat1", "seat2"]
    text = cells(laid)
    assert text["town"] == "Town: 1 of your camels, 1 Yellow camel and 3 Orange camels."
    assert text["s9"] == "9: Yellow's camel"
    assert text["s12"] == "12: your camel"
    assert text["s13"] == "13: empty"
    assert text["s31"] == "31, oasis, 1 point: empty"
    assert text["s33"] == "33, oasis, 3 points: your camel"
    assert [text[f"hand{n}"] for n in (1, 2, 3)] == [
        "Your card 1: oasis 3", "Your card 2: mirage 2", "Your card 3: the caravan leader"]
    assert text["seat0"] == (
        "Your cards: 3 in hand, 7 in the pile, 2 played, oasis 2 on top. Your pile: oasis 1, "
        "oasis 2, oasis 3, oasis 4, mirage 1, mirage 3 and the sandstorm.")
    assert text["seat2"] == "Orange's cards: 3 in hand, 8 in the pile, 1 played, mirage 2 on top."
    json.dumps(laid)  # JSON-safe


def test_the_spectator_sees_no_hand_and_no_actions() -> None:
    laid = layout(three_players().seen(None))
    text = cells(laid)
    assert "hand1" not in text and laid["actions"] == {}
    assert text["s12"] == "12: Red's camel"
    assert text["seat0"] == "Red's cards: 3 in hand, 7 in the pile, 2 played, oasis 2 on top."


def test_actions_have_cells_in_click_order_camel_first_then_where_it_lands() -> None:
    state = three_players()
    actions = layout(state.seen(0))["actions"]
    assert actions == {
        "oasis3 0": ["town", "s3"], "oasis3 12": ["s12", "s16"], "oasis3 33": ["s33", "s36"],
        "mirage2 9": ["s9", "s7"], "mirage2 15": ["s15", "s13"],
        "leader 0": ["town", "s16"], "leader 12": ["s12", "s16"],
    }
    assert layout(state.seen(1))["actions"] == {}  # not Yellow's turn


def test_the_sandstorm_and_a_discard_are_the_card_in_your_hand() -> None:
    storm = position([[0, 0, 0], [0, 0, 0]], ["oasis1", "oasis2 storm"], turn=1)
    assert layout(storm.seen(1))["actions"]["storm"] == ["hand2"]
    dead = position([[0, 0, 30], [0, 0, 0]], ["mirage3 leader", "oasis1"])
    assert layout(dead.seen(0))["actions"] == {"discard mirage3": ["hand1"],
                                          "discard leader": ["hand2"]}


def test_the_drawing_data_carries_the_tables_oasis_points_and_card_names() -> None:
    state = position([[0, 0, 0], [0, 0, 0]], ["oasis1", "oasis2"],
                     oasis_points=[6, 5, 4, 3, 2, 1])
    drawing = layout(state.seen(0))["board"]["drawing"]
    assert drawing["points"] == {"s31": 6, "s32": 5, "s33": 4, "s34": 3, "s35": 2, "s36": 1}
    assert drawing["cards"]["mirage2"] == {"kind": "Mirage", "palms": 2}
    assert drawing["cards"]["storm"] == {"kind": "Sandstorm", "palms": 0}
    assert [seat["letter"] for seat in drawing["seats"]] == ["R", "Y"]
    assert drawing["seats"][0]["name"] == "You"
    assert cells(layout(state.seen(0)))["s31"] == "31, oasis, 6 points: empty"


def random_positions(seed: int, players: int, every: int = 1) -> list[cc.State]:
    rng = random.Random(seed)
    state = game(players).new_state()
    seen = []
    step = 0
    while not state.is_terminal():
        if step % every == 0:
            seen.append(state.clone())
        state.apply(sample_chance(state, rng) if state.is_chance()
                    else rng.choice(state.legal_actions()))
        step += 1
    seen.append(state)
    return seen


@pytest.mark.parametrize(("seed", "players"), [(1, 2), (2, 3), (3, 4)])
def test_the_board_never_shows_what_the_seat_cannot_see(seed: int, players: int) -> None:
    """Redealing every card a seat cannot see changes neither its board nor a spectator's."""
    rng = random.Random(seed)
    for state in random_positions(seed, players, every=3):
        for seat in range(players):
            other = state.game.determinize(state, seat, rng)
            assert layout(other.seen(seat))["board"] == layout(state.seen(seat))["board"]
        other = state.game.determinize(state, 0, rng)
        assert layout(other.seen(None)) == layout(state.seen(None))


@pytest.mark.parametrize(("seed", "players"), [(4, 2), (5, 4)])
def test_every_legal_action_is_reachable_on_the_board(seed: int, players: int) -> None:
    """On each turn every legal action has cells that exist; cells picked in order lead to
    it alone, or to a few moves the shell offers as a list (two cards, one landing)."""
    ids: set[str] | None = None
    for state in random_positions(seed, players):
        if state.is_chance() or state.is_terminal():
            continue
        seat = state.current_player
        laid = layout(state.seen(seat))
        here = set(cells(laid))
        ids = here if ids is None else ids
        assert here == ids  # the cells are the same all game long
        legal = [str(action) for action in state.legal_actions()]
        assert sorted(laid["actions"]) == sorted(legal)
        for action in state.legal_actions():
            picked = laid["actions"][str(action)]
            assert picked and all(cell in here for cell in picked)
            if isinstance(action, Discard) or (isinstance(action, Play) and action.space is None):
                assert len(picked) == 1 and picked[0].startswith("hand")
            else:
                assert len(picked) == 2
            sharing = [text for text, other in laid["actions"].items() if other == picked]
            assert len(sharing) <= 3, sharing  # at most the cards that land alike


def test_a_board_worded_once_per_language_is_the_board_worded_afresh() -> None:
    """The cells and the drawing are remembered per language and listener: a board laid
    after others (in other languages, for other seats) is the one a fresh process lays."""
    from camelcade.core import words
    from tests.i18n.support import pseudo_catalogues

    with pseudo_catalogues():
        states = random_positions(6, 3, every=7)
        fresh = []
        for state in states:
            for seat in (0, 1, None):
                words._WORDED.clear()
                words._MADE.clear()
                with words.language("de"):
                    fresh.append(layout(state.seen(seat)))
        for lang in ("en", "de"):
            for state in states:
                for seat in (0, 1, None):
                    with words.language(lang):
                        layout(state.seen(seat))
        again = []
        for state in states:
            for seat in (0, 1, None):
                with words.language("de"):
                    again.append(layout(state.seen(seat)))
        assert again == fresh
        assert "«de»" in cells(fresh[0])["s1"]


def test_a_layout_handed_the_observation_lays_the_same_board() -> None:
    """The server hands the layout the observation it made for the same message; the
    board is the one the layout makes from its own, for every seat and a spectator."""
    from camelcade.core.seen import Seen
    from camelcade.server.web.layout import board_and_cells

    for state in random_positions(7, 3, every=5):
        for seat in (0, 1, 2, None):
            seen = state.public_observation() if seat is None else state.observation(seat)
            assert layout(Seen(state, seat, observation=seen)) == layout(state.seen(seat))
            assert board_and_cells(state, seat, seen) == board_and_cells(state, seat)
