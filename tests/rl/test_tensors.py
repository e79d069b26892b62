"""The tensors say what their layouts promise: positions reached by known actions, read
back block by block (``block_of``)."""

from __future__ import annotations

import numpy as np

import camelcade as cc
from camelcade.core.encoding import encoding_for
from camelcade.rl.table import block_of, observation_tensor


def _tensor(state: cc.State, seat: int) -> tuple[object, np.ndarray]:  # type: ignore[type-arg]
    encoding = encoding_for(state.game)
    return encoding, observation_tensor(encoding, state, seat)


def _play(game: cc.Game, *actions: str) -> cc.State:
    state = game.new_state()
    for action in actions:
        state.apply(action)
    return state


def test_camel_up_cells_heights_places_tickets_and_hand() -> None:
    game = cc.load("camel-up", players=3)
    state = _play(game, "die red 1", "die blue 1", "die green 2", "die yellow 3",
                  "die purple 3", "die white 2", "die black 1", "bet yellow")
    encoding, tensor = _tensor(state, 0)
    cells = block_of(encoding, tensor, "unit_cell")
    units = ["blue", "green", "yellow", "red", "purple", "white", "black"]
    assert [int(np.argmax(cells[units.index(u)])) for u in units] == [1, 2, 3, 1, 3, 15, 16]
    heights = block_of(encoding, tensor, "unit_height")
    assert heights[units.index("blue")] == 1 / 6 and heights[units.index("red")] == 0
    places = block_of(encoding, tensor, "racing_place")
    # purple on top of yellow on 3, then green on 2, then blue on red on 1
    assert [int(np.argmax(places[c])) for c in range(5)] == [3, 2, 1, 4, 0]
    assert block_of(encoding, tensor, "ticket_top")[2] == 3 / 5  # the yellow 5 is taken
    assert block_of(encoding, tensor, "tickets")[0, 2, 0] == 1.0  # seat 0 holds it
    assert list(block_of(encoding, tensor, "hand")) == [1.0] * 5
    assert list(block_of(encoding, tensor, "to_move")) == [0.0, 1.0, 0.0]


def test_camel_drive_positions_decks_and_the_seats_camels() -> None:
    game = cc.load("camel-drive", players=2)
    state = _play(game, "draw", "card 2", "card 3")
    encoding, tensor = _tensor(state, 1)
    assert list(block_of(encoding, tensor, "mine")) == [0.0, 0.0, 1.0, 1.0]
    assert block_of(encoding, tensor, "position")[0] == 5 / (15 + 6)
    assert block_of(encoding, tensor, "pile")[0] == 10 / 12
    assert block_of(encoding, tensor, "top")[0, 3] == 1.0
    assert block_of(encoding, tensor, "opened")[0] == 1.0


def test_a_dos_de_chameau_hand_track_and_discards() -> None:
    game = cc.load("a-dos-de-chameau", players=2)
    state = _play(game, "draw oasis3", "draw leader", "draw mirage1", "draw oasis2",
                  "draw oasis4", "draw storm", "oasis3 0")
    encoding, tensor = _tensor(state, 0)
    cards = ["oasis1", "oasis2", "oasis3", "oasis4", "mirage1", "mirage2", "mirage3",
             "leader", "storm"]
    hand = block_of(encoding, tensor, "hand")
    assert hand[cards.index("leader")] == 1.0 and hand[cards.index("oasis3")] == 0.0
    assert block_of(encoding, tensor, "track")[2, 0] == 1.0  # Red's camel on space 3
    assert block_of(encoding, tensor, "town")[0] == 2 / 3
    assert block_of(encoding, tensor, "discards")[0, cards.index("oasis3")] == 0.5
    _, other = _tensor(state, 1)
    assert block_of(encoding, other, "hand")[cards.index("storm")] == 1.0


def test_caravan_camels_goods_and_the_map() -> None:
    game = cc.load("caravan", players=2)
    state = _play(game, "draw meat", "draw ivory", "draw swords", "draw hides", "draw salt",
                  "draw salt", "draw gems", "draw cloth", "camel b3", "camel f5", "pick f5")
    encoding, tensor = _tensor(state, 0)
    b3, f5 = 2 * 7 + 1, 4 * 7 + 5
    camels = block_of(encoding, tensor, "camels").reshape(2, 49)
    assert camels[0, b3] == 1 / 5 and camels[1, f5] == 1 / 5
    goods = ["ivory", "cloth", "gems", "paper", "meat", "swords", "salt", "hides"]
    loads = block_of(encoding, tensor, "loads").reshape(2, 8, 49)
    assert loads[1, goods.index("hides"), f5] == 1 / 5
    assert block_of(encoding, tensor, "goods_space").reshape(8, 49)[3, f5] == 1.0  # space 4
    assert block_of(encoding, tensor, "city").reshape(8, 49)[goods.index("salt"), 2 * 7 + 3]
    assert block_of(encoding, tensor, "actions_left")[0] == 3 / 4  # red's third turn


def test_kamelen_planes_follow_the_position_line() -> None:
    game = cc.load("kamelen")
    state = _play(game, "b2-c5")
    encoding, tensor = _tensor(state, 1)
    pieces = block_of(encoding, tensor, "pieces")
    assert pieces[0, 4, 2] == 1.0 and pieces[0, 1, 1] == 0.0  # South's camel b2 -> c5
    assert pieces[2].sum() == 8 and pieces[3].sum() == 10
    assert block_of(encoding, tensor, "rocks").sum() == 6
    assert block_of(encoding, tensor, "homes")[1, 10, 5] == 1.0
    assert list(block_of(encoding, tensor, "to_move")) == [0.0, 1.0]
    assert block_of(encoding, tensor, "clock")[0] == 1 / 100
