"""Caravan for learning agents: the action index and the observation tensor.

Built from the notation (``docs/games/caravan.md``), the observation JSON and the map the
game was loaded with (``game.board``: where the goods spaces and the cities are), and from
nothing else of the rules: Caravan hides nothing, so the tensor is the whole table. Board
planes are 7 × 7, square ``7 × (rank - 1) + file`` (a1 = 0, g1 = 6, g7 = 48).

A turn of 1-4 actions is one action per step: the same seat acts again until its turn
ends, and the tensor says how many actions it has left.
"""

from __future__ import annotations

from typing import Any

from camelcade.core.encoding import (
    ActionGroup,
    ActionIndex,
    Block,
    Buffer,
    GameEncoding,
    TensorLayout,
    one_hot_group,
    scaled,
    seat_blocks,
    signed,
    write_seats,
)
from camelcade.core.game import Game
from camelcade.core.types import JSONDict
from camelcade.games.caravan.spec import (
    GOODS,
    GOODS_SPACES,
    MAX_ACTIONS,
    SIZE,
    SQUARE_ID,
    SQUARE_NAMES,
    SQUARES,
    goods_count,
)

MARKER_CAP = 10
"""Demand markers on one goods space that the tensor tells apart (clipped beyond)."""
DEMAND_CAP = 30
SCORE_CAP = 150
UNDER = "under"


def _squares(text: str) -> list[str]:
    return [f"{text} {square}" for square in SQUARE_NAMES]


def encoding(game: Game) -> GameEncoding:
    """The encoding of one Caravan variant (player count, camels, goods, map)."""
    players = game.players
    camels = int(game.option("camels"))
    board: Any = game.board  # type: ignore[attr-defined]  # the map is the Game's own
    spaces: tuple[int, ...] = tuple(board.spaces)
    cities: tuple[int, ...] = tuple(board.cities)
    bag_full = goods_count(bool(game.option("short_game")))
    good_list = "|".join(GOODS)
    actions = ActionIndex([
        ActionGroup("camel SQUARE", tuple(_squares("camel")), "place a camel from the supply"),
        ActionGroup("camel FROM-TO", tuple(f"camel {a}-{b}" for a in SQUARE_NAMES
                                          for b in SQUARE_NAMES if a != b),
                    "move an unladen camel (FROM, then TO, in square order)"),
        ActionGroup("pick SPACE", tuple(f"pick {SQUARE_NAMES[s]}" for s in spaces),
                    "the goods spaces of the map, 1 to 8"),
        ActionGroup(f"relay {good_list} FROM-TO",
                    tuple(f"relay {good} {a}-{b}" for good in GOODS for a in SQUARE_NAMES
                          for b in SQUARE_NAMES),
                    "good, then FROM, then TO (FROM = TO is a chain of one square)"),
        ActionGroup(f"steal {good_list} SQUARE SEAT",
                    tuple(f"steal {good} {square} {seat}" for good in GOODS
                          for square in SQUARE_NAMES for seat in range(players)),
                    "good, then square, then the victim's seat"),
        ActionGroup("pass", ("pass",), "end the turn early"),
    ])
    chance = ActionIndex([one_hot_group("draw", GOODS)])
    layout = TensorLayout([
        *seat_blocks(players),
        Block("camels", (players, SIZE, SIZE), f"per seat and square: its camels / {camels}"),
        Block("loads", (players, len(GOODS), SIZE, SIZE),
              f"per seat, good and square: its camels carrying the good on top / {camels}"),
        Block("stolen", (players, len(GOODS), SIZE, SIZE),
              f"per seat, good and square: its camels with the good underneath / {camels}"),
        Block("goods_space", (GOODS_SPACES, SIZE, SIZE), "one-hot: the square of goods space n"),
        Block("city", (len(GOODS), SIZE, SIZE), "one-hot: the square of the city wanting "
              f"each good ({', '.join(GOODS)})"),
        Block("space_good", (GOODS_SPACES, len(GOODS)), "per goods space: one-hot good lying "
              "there"),
        Block("space_markers", (GOODS_SPACES,), f"per goods space: demand markers / "
              f"{MARKER_CAP} (clipped)"),
        Block("bag", (len(GOODS),), "per good: cubes in the bag / cubes at the start"),
        Block("delivered", (players, len(GOODS)), "per seat and good: delivered / cubes at "
              "the start"),
        Block("supply", (players,), f"per seat: camels not yet placed / {camels}"),
        Block("demand", (players,), f"per seat: demand markers / {DEMAND_CAP} (clipped)"),
        Block("theft", (players,), f"per seat: theft markers / {players}"),
        Block("scores", (players,), f"per seat: points now, goods held counted, / {SCORE_CAP} "
              "(clipped)", low=-1.0),
        Block("actions_left", (1,), f"actions left in this turn / {MAX_ACTIONS}"),
        Block("ramp", (1,), f"min(turn, {MAX_ACTIONS}) / {MAX_ACTIONS}: the turns of 1-3 "
              "actions at the start"),
        Block("idle", (1,), f"turns passed without an action in a row / {players}"),
        Block("refilling", (1,), "goods are being drawn onto empty spaces"),
    ])
    off = layout.offset
    good_id = {good: number for number, good in enumerate(GOODS)}
    planes = SQUARES
    static = [0.0] * layout.size
    for number, square in enumerate(spaces):
        static[off["goods_space"] + number * planes + square] = 1.0
    for number, square in enumerate(cities):
        static[off["city"] + number * planes + square] = 1.0

    goods = len(GOODS)
    o_camels, o_space_good, o_markers = off["camels"], off["space_good"], off["space_markers"]
    o_bag, o_delivered = off["bag"], off["delivered"]
    parsed: dict[str, tuple[int, int]] = {}
    """A camel's text ("a1", "g1 salt", "a1 meat under") -> (its offset in the seat's
    camel plane, its good's offset in the seat's loads or stolen planes, or -1)."""

    def parse(text: str) -> tuple[int, int]:
        words = text.split()
        square = SQUARE_ID[words[0]]
        load = -1
        if len(words) > 1:
            block = off["stolen"] if words[-1] == UNDER else off["loads"]
            load = block + good_id[words[1]] * planes + square
        found = parsed[text] = (o_camels + square, load)
        return found

    def encode(seen: JSONDict, out: Buffer) -> None:
        seat = int(seen["player"])
        write_seats(out, layout, players, seat, seen["current_player"])
        share = 1.0 / camels
        for owner, held in enumerate(seen["camels"]):
            camel_base, load_base = owner * planes, owner * goods * planes
            for text in held:
                where, load = parsed.get(text) or parse(text)
                out[where + camel_base] += share
                if load >= 0:
                    out[load + load_base] += share
        for number, lying in enumerate(seen["spaces"]):
            if lying["good"] is not None:
                out[o_space_good + number * goods + good_id[lying["good"]]] = 1.0
            if lying["markers"]:
                out[o_markers + number] = scaled(lying["markers"], MARKER_CAP)
        for good, left in seen["bag"].items():
            if left:
                number = good_id[good]
                out[o_bag + number] = scaled(left, bag_full[number])
        for owner in range(players):
            for good, done in seen["delivered"][owner].items():
                if done:
                    number = good_id[good]
                    out[o_delivered + owner * goods + number] = scaled(done, bag_full[number])
            out[off["supply"] + owner] = scaled(seen["supply"][owner], camels)
            out[off["demand"] + owner] = scaled(seen["demand"][owner], DEMAND_CAP)
            out[off["theft"] + owner] = scaled(seen["theft"][owner], players)
            out[off["scores"] + owner] = signed(seen["scores"][owner], SCORE_CAP)
        out[off["actions_left"]] = scaled(seen["actions_left"], MAX_ACTIONS)
        out[off["ramp"]] = scaled(seen["turn"], MAX_ACTIONS)
        out[off["idle"]] = scaled(seen["idle"], players)
        out[off["refilling"]] = 1.0 if seen["refilling"] else 0.0

    notes = (
        "Variants: the player count changes `steal`'s seats and the seat blocks; `camels` "
        "and `short_game` change the scales; `map` moves the goods spaces, `pick SPACE` and "
        "the `goods_space` and `city` planes.",
        "Most of the 23,000-odd indices are never legal at once (about 100-300 are at a "
        "step): read the mask.",
    )
    return GameEncoding(actions, chance, layout, encode, notes, base=tuple(static))


ENCODING = encoding
"""The manifest's ``rl`` slot."""
