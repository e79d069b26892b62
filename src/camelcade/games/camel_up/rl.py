"""Camel Up for learning agents: the action index and the observation tensor.

Built from the notation (``docs/games/camel-up.md``) and the observation JSON only: the
tensor is filled from ``state.observation(seat)``, so the other seats' face-down finish
cards (``null`` in that JSON) can never reach it.
"""

from __future__ import annotations

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
    write_seats,
)
from camelcade.core.game import Game
from camelcade.core.types import JSONDict
from camelcade.games.camel_up.actions import PILES
from camelcade.games.camel_up.spec import (
    DIE_VALUES,
    EDITIONS,
    FIRST_SPACE,
    LAST_SPACE,
    PHASES,
)

CELLS = LAST_SPACE + 2
"""Track cells of a camel's one-hot: 0 = behind the start (carried back over the line by a
crazy camel), 1-16 the spaces, 17 = past the finish."""
COIN_CAP = 100
LEG_CAP = 10


def encoding(game: Game) -> GameEncoding:
    """The encoding of one Camel Up variant (edition and player count)."""
    players = game.players
    edition = EDITIONS[int(game.option("edition"))]
    racing, units = edition.racing, edition.units
    sides = edition.tile_sides
    partnerships = edition.has_partnerships(players)
    tile_spaces = range(FIRST_SPACE + 1, LAST_SPACE + 1)
    groups = [
        ActionGroup("roll", ("roll",), "take a pyramid ticket"),
        one_hot_group("bet", racing),
        ActionGroup(f"tile SPACE {'|'.join(sides)}",
                    tuple(f"tile {space} {side}" for space in tile_spaces for side in sides),
                    f"SPACE {tile_spaces[0]}-{tile_spaces[-1]}, each side"),
        *(one_hot_group(pile, racing) for pile in PILES),
    ]
    if partnerships:
        groups.append(ActionGroup("partner SEAT", tuple(f"partner {s}" for s in range(players)),
                                  "SEAT 0 to players-1"))
    chance = ActionIndex([
        ActionGroup(f"die {'|'.join(units)} {'|'.join(map(str, DIE_VALUES))}",
                    tuple(f"die {unit} {value}" for unit in units for value in DIE_VALUES)),
    ])
    values = sorted(set(edition.leg_tickets), reverse=True)
    copies = {value: edition.leg_tickets.count(value) for value in values}
    stack_height = max(len(units) - 1, 1)
    layout = TensorLayout([
        *seat_blocks(players),
        Block("phase", (len(PHASES),), f"one-hot: {', '.join(PHASES)}"),
        Block("unit_cell", (len(units), CELLS),
              f"one-hot per camel ({', '.join(units)}): cell 0 behind the start, "
              f"1-{LAST_SPACE} the spaces, {CELLS - 1} past the finish; zero while unplaced"),
        Block("unit_height", (len(units),), f"place in its stack, bottom 0, / {stack_height}"),
        Block("racing_place", (len(racing), len(racing)),
              "one-hot per racing camel: its place in the race (further on first, higher in "
              "a stack first)"),
        Block("tile", (LAST_SPACE, len(sides)), f"per space 1-{LAST_SPACE}: a tile, by side "
              f"({', '.join(sides)})"),
        Block("tile_owner", (LAST_SPACE, players), "per space: one-hot owner of the tile there"),
        Block("rolled", (len(units), len(DIE_VALUES)),
              "one-hot per camel: the value its die showed this leg (the grey die shows a "
              "crazy camel)"),
        Block("ticket_top", (len(racing),), f"per colour: value of the top leg ticket / "
              f"{max(values)} (0: none left)"),
        Block("tickets", (players, len(racing), len(values)),
              f"per seat and colour: leg tickets held of value {', '.join(map(str, values))}, "
              "/ copies of that value"),
        Block("pyramid", (players,), f"per seat: pyramid tickets / {edition.rolls_per_leg}"),
        Block("coins", (players,), f"per seat: coins / {COIN_CAP} (clipped)"),
        Block("partner", (players, players), "per seat: one-hot partner this leg"),
        Block("start_player", (players,), "one-hot: this leg's start player"),
        Block("leg", (1,), f"leg number / {LEG_CAP} (clipped)"),
        Block("pile_cards", (len(PILES), players),
              f"per pile ({', '.join(PILES)}) and seat: cards there / {len(racing)}"),
        Block("pile_colour", (len(PILES), len(racing)),
              f"per pile and colour: face-up cards of the colour (yours, or all once the race "
              f"is over) / {players}"),
        Block("pile_mine", (len(PILES), len(racing)),
              "per pile and colour: your card of that colour there, 1 - (cards before it) / "
              f"{players * len(racing)}; 0 when not there"),
        Block("hand", (len(racing),), "your finish cards still in hand, per colour"),
        Block("hand_sizes", (players,), f"per seat: finish cards in hand / {len(racing)}"),
    ])
    off = layout.offset
    width, faces, kinds = len(racing), len(DIE_VALUES), len(values)
    cell_at = {unit: off["unit_cell"] + n * CELLS for n, unit in enumerate(units)}
    height_at = {unit: off["unit_height"] + n for n, unit in enumerate(units)}
    place_at = {colour: off["racing_place"] + n * width for n, colour in enumerate(racing)}
    racing_id = {colour: number for number, colour in enumerate(racing)}
    phase_at = {phase: off["phase"] + n for n, phase in enumerate(PHASES)}
    tile_at = {side: off["tile"] - len(sides) + n for n, side in enumerate(sides)}
    rolled_at = {unit: off["rolled"] + n * faces - 1 for n, unit in enumerate(units)}
    ticket_at = {(colour, value): off["tickets"] + n * kinds + values.index(value)
                 for n, colour in enumerate(racing) for value in values}
    ticket_share = {value: 1.0 / copies[value] for value in values}
    stack_share = 1.0 / stack_height
    top_value = [value / max(values) for value in edition.leg_tickets]
    o_owner, o_ticket_top = off["tile_owner"] - players, off["ticket_top"]
    o_pyramid, o_coins, o_hands = off["pyramid"], off["coins"], off["hand_sizes"]
    o_partner, o_start, o_hand = off["partner"], off["start_player"], off["hand"]
    pile_cards_at = [off["pile_cards"] + n * players for n in range(len(PILES))]
    pile_colour_at = [off["pile_colour"] + n * width for n in range(len(PILES))]
    pile_mine_at = [off["pile_mine"] + n * width for n in range(len(PILES))]
    pile_cap = players * width
    card_share, seat_share = 1.0 / width, 1.0 / players

    def encode(seen: JSONDict, out: Buffer) -> None:
        seat = int(seen["player"])
        write_seats(out, layout, players, seat, seen["current_player"])
        out[phase_at[seen["phase"]]] = 1.0
        order: list[tuple[int, int, str]] = []
        for space, stack in seen["track"]:
            cell = 0 if space < FIRST_SPACE else min(space, CELLS - 1)
            for height, unit in enumerate(stack):
                out[cell_at[unit] + cell] = 1.0
                out[height_at[unit]] = height * stack_share
                if unit in racing_id:
                    order.append((space, height, unit))
        order.sort(reverse=True)
        for place, (_, _, colour) in enumerate(order):
            out[place_at[colour] + place] = 1.0
        for space, side, owner in seen["tiles"]:
            out[tile_at[side] + space * len(sides)] = 1.0
            out[o_owner + space * players + owner] = 1.0
        for unit, value in seen["rolled"]:
            out[rolled_at[unit] + value] = 1.0
        taken = [0] * width
        for holder, held in enumerate(seen["tickets"]):
            base = holder * width * kinds
            for colour, value in held:
                taken[racing_id[colour]] += 1
                out[ticket_at[colour, value] + base] += ticket_share[value]
        for number, count in enumerate(taken):
            if count < len(top_value):
                out[o_ticket_top + number] = top_value[count]
        pyramid, coins = seen["pyramid_tickets"], seen["coins"]
        hands, partners = seen["hand_sizes"], seen["partners"]
        for holder in range(players):
            out[o_pyramid + holder] = scaled(pyramid[holder], edition.rolls_per_leg)
            out[o_coins + holder] = scaled(coins[holder], COIN_CAP)
            out[o_hands + holder] = hands[holder] * card_share
            if partners[holder] is not None:
                out[o_partner + holder * players + partners[holder]] = 1.0
        out[o_start + seen["start_player"]] = 1.0
        out[off["leg"]] = scaled(seen["leg"], LEG_CAP)
        piles = seen["piles"]
        for number, pile in enumerate(PILES):
            cards_at, colour_at, mine_at = (pile_cards_at[number], pile_colour_at[number],
                                            pile_mine_at[number])
            for position, (holder, colour) in enumerate(piles[pile]):
                out[cards_at + holder] += card_share
                if colour is not None:
                    out[colour_at + racing_id[colour]] += seat_share
                    if holder == seat:
                        out[mine_at + racing_id[colour]] = 1.0 - position / pile_cap
        for colour in seen["hand"]:
            out[o_hand + racing_id[colour]] = 1.0

    notes = (
        "Variants: the 1st edition (`edition=1`) has its own colours and tile sides, no "
        "crazy camels and no partnerships; `partner SEAT` exists with 6 or more players in "
        "the 2nd edition.",
        "`racing_place` is derived from the track alone (space, then height).",
    )
    return GameEncoding(ActionIndex(groups), chance, layout, encode, notes)


ENCODING = encoding
"""The manifest's ``rl`` slot."""
