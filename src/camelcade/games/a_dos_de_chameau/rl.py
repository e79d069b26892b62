"""A dos de Chameau for learning agents: the action index and the observation tensor.

Built from the notation (``docs/games/a-dos-de-chameau.md``) and the observation JSON only:
the board, every card played, the seat's own hand and pile (a set: its order is never
stored), and only the sizes of the others' hands and piles.
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
from camelcade.games.a_dos_de_chameau.spec import (
    CAMELS_PER_PLAYER,
    CARD_ORDER,
    END_REASONS,
    HAND_SIZE,
    OASIS_FIRST,
    STORM,
    TOWN,
    TRACK_END,
    card_set,
)

SPACES = range(TOWN, TRACK_END + 1)


def encoding(game: Game) -> GameEncoding:
    """The encoding of one A dos de Chameau variant (player count, card set, points)."""
    players = game.players
    cards = card_set([int(n) for n in game.option("oasis_cards")])
    set_size = sum(cards.values())
    copies = [max(cards[card], 1) for card in CARD_ORDER]
    points = sorted(int(p) for p in game.option("oasis_points"))
    best = max(sum(points[-CAMELS_PER_PLAYER:]), 1)
    plays = [card for card in CARD_ORDER if card != STORM]
    actions = ActionIndex([
        *(ActionGroup(f"{card} SPACE", tuple(f"{card} {space}" for space in SPACES),
                      f"SPACE {SPACES[0]} (the town) to {SPACES[-1]}: the camel it acts on")
          for card in plays),
        ActionGroup(STORM, (STORM,), "the sandstorm"),
        one_hot_group("discard", CARD_ORDER),
    ])
    chance = ActionIndex([one_hot_group("draw", CARD_ORDER)])
    card_list = ", ".join(CARD_ORDER)
    layout = TensorLayout([
        *seat_blocks(players),
        Block("last", (players,), "one-hot: the seat that played last"),
        Block("track", (TRACK_END, players),
              f"per space 1-{TRACK_END} (the oasis from {OASIS_FIRST}): one-hot owner of the "
              "camel there"),
        Block("town", (players,), f"per seat: camels in the town / {CAMELS_PER_PLAYER}"),
        Block("hand", (len(CARD_ORDER),),
              f"your hand per card ({card_list}) / copies in a set"),
        Block("pile", (len(CARD_ORDER),), "your face-down pile per card / copies in a set"),
        Block("discards", (players, len(CARD_ORDER)),
              "per seat: cards played since the last sandstorm, per card / copies"),
        Block("hand_sizes", (players,), f"per seat: cards in hand / {HAND_SIZE}"),
        Block("pile_sizes", (players,), f"per seat: cards left to draw / {set_size}"),
        Block("draw_queue", (players,), f"per seat: cards still to draw now / {HAND_SIZE}"),
        Block("scores", (players,), f"per seat: oasis points / {best} (the most one seat "
              "can hold)"),
        Block("end", (len(END_REASONS),),
              f"one-hot: why the game ended ({', '.join(END_REASONS)})"),
    ])
    off = layout.offset
    card_id = {card: number for number, card in enumerate(CARD_ORDER)}
    end_id = {reason: number for number, reason in enumerate(END_REASONS)}
    width = len(CARD_ORDER)

    def count(cards_seen: list[str], start: int, out: Buffer) -> None:
        for card in cards_seen:
            number = card_id[card]
            out[start + number] += 1.0 / copies[number]

    def encode(seen: JSONDict, out: Buffer) -> None:
        seat = int(seen["player"])
        write_seats(out, layout, players, seat, seen["current_player"])
        out[off["last"] + seen["last"]] = 1.0
        for owner, spaces in enumerate(seen["camels"]):
            for space in spaces:
                if space == TOWN:
                    out[off["town"] + owner] += 1.0 / CAMELS_PER_PLAYER
                else:
                    out[off["track"] + (space - 1) * players + owner] = 1.0
        count(seen["hand"], off["hand"], out)
        count(seen["pile"], off["pile"], out)
        for owner, played in enumerate(seen["discards"]):
            count(played, off["discards"] + owner * width, out)
        for owner in range(players):
            out[off["hand_sizes"] + owner] = scaled(seen["hand_sizes"][owner], HAND_SIZE)
            out[off["pile_sizes"] + owner] = scaled(seen["pile_sizes"][owner], set_size)
            out[off["scores"] + owner] = scaled(seen["scores"][owner], best)
        for owner in seen["draw_queue"]:
            out[off["draw_queue"] + owner] += 1.0 / HAND_SIZE
        if seen["end"] is not None:
            out[off["end"] + end_id[seen["end"]]] = 1.0

    notes = (
        "Variants: only the player count changes the shapes; `oasis_cards` and "
        "`oasis_points` change the scales (copies of each card, the best score).",
        "Every card play names a space 0-36, the legal ones and the others alike: the mask "
        "tells which camels the card may move.",
    )
    return GameEncoding(actions, chance, layout, encode, notes)


ENCODING = encoding
"""The manifest's ``rl`` slot."""
